import Foundation
import ListIntents
import ListOMatApp
import ListStore
import SnapshotTesting
import Synchronization
import TerminalKit

/// Drives the TUI the way a person does — keys, typing, pastes, resizes — synchronously,
/// against an in-memory (or temporary file) store. No sleeps: every key is handled, and its
/// effects carried out, before the next.
final class Pilot {
    let app: App
    let store: ListStore
    /// A fixed "now" so copied lists' names ("Grocery Store (Nov 21, 2026)") never change.
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let assistant: Assistant = {
        do { return try assistant(locale: "en") } catch { fatalError("the test needs the assistant's resources: \(error)") }
    }()

    /// The assistant in a language (the app's own intents only), loaded once per language for
    /// every test; a language that does not load is the test's error.
    static func assistant(locale: String) throws -> Assistant {
        try assistants.withLock { loaded throws -> Assistant in
            if let assistant = loaded[locale] { return assistant }
            let assistant = try Assistant(locale: locale, userIntentsDirectory: nil)
            loaded[locale] = assistant
            return assistant
        }
    }

    private static let assistants = Mutex<[String: Assistant]>([:])

    init(
        _ lists: [(String, [(String, Bool)])] = [], size: Size = Size(width: 80, height: 24),
        theme: Theme = .defaultTheme, store: ListStore? = nil, keymap: Keymap = Keymap(), sync: BackgroundSync? = nil,
        locale: String = "en"
    ) throws {
        let store = try store ?? ListStore.inMemory(clock: { Pilot.now })
        if !lists.isEmpty {
            try store.importDocument(ListDocument(lists: lists.map { name, items in
                ListDocument.List(name: name, items: items.map { .init(name: $0.0, done: $0.1) })
            }))
        }
        self.store = store
        let assistant = locale == "en" ? Self.assistant : try Self.assistant(locale: locale)
        app = App(store: store, assistant: { assistant }, size: size, keymap: keymap, theme: theme, sync: sync, locale: locale)
    }

    /// Presses keys named as in `listomat screen --keys`: "j j enter ctrl-r".
    func press(_ names: String) throws {
        for key in try KeyName.parseSequence(names) { app.send(.input(.key(key))) }
    }

    /// Types text, character by character.
    func type(_ text: String) {
        for character in text { app.send(.input(.key(.character(character)))) }
    }

    /// Says something to the assistant: "/", the words, Enter.
    func ask(_ utterance: String) throws {
        try press("/")
        type(utterance)
        try press("enter")
    }

    func paste(_ text: String) { app.send(.input(.paste(text))) }

    func resize(_ width: Int, _ height: Int) { app.send(.input(.resize(Size(width: width, height: height)))) }

    /// Time passing: the TUI looks for other processes' changes.
    func tick() { app.send(.tick) }

    var screen: CellBuffer { app.render() }
    var text: String { screen.lines().joined(separator: "\n") }
}

extension Snapshotting where Value == CellBuffer, Format == String {
    /// The text grid, then the style layer (colours and selection are checked too).
    static var screen: Snapshotting<CellBuffer, String> {
        SimplySnapshotting<String>.lines.pullback { (buffer: CellBuffer) in
            (buffer.lines() + ["", "— styles —"] + buffer.styleLayer()).joined(separator: "\n") + "\n"
        }
    }
}

extension Snapshotting where Value == Pilot, Format == String {
    static var screen: Snapshotting<Pilot, String> {
        Snapshotting<CellBuffer, String>.screen.pullback { (pilot: Pilot) in pilot.screen }
    }
}
