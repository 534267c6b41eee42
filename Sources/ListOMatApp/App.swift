import Foundation
import IntentKit
import ListIntents
import ListStore
import TerminalKit

/// The running TUI: the model, and the runtime that carries out its effects against the
/// store and the assistant. Synchronous: every effect finishes before the next key, so tests
/// drive it key by key with no sleeps.
public final class App {
    public private(set) var model: AppModel
    public var theme: Theme
    let store: ListStore
    let makeAssistant: () -> Assistant?
    /// The assistant's session, made when first asked (the language files take longer to read
    /// than a screen to draw); nil when the assistant is not available.
    var loadedSession: AssistantSession?
    var triedAssistant = false
    /// Everything done here is logged on the next tick (or at quit), so a key press pays for
    /// one transaction, not two.
    let donations: DonationLog
    /// The store's data version when we last loaded (changes by other processes move it).
    var seenVersion: Int?
    /// Whether this process wrote since its last checkpoint (see `ListStore.deferCheckpoints`).
    var wroteSinceCheckpoint = false
    /// Whether the suggestions may be out of date (something was done since they were ranked).
    /// They are ranked again on the next tick, not inside the key press.
    var suggestionsStale = true
    /// Text to put on the clipboard, handed to the backend by `run` after the key.
    public private(set) var clipboard: [String] = []
    /// Ctrl-Z was pressed: `run` suspends through the backend after the key.
    var suspendAsked = false

    /// The sync that runs beside the TUI when `[sync]` is set up (see `BackgroundSync`).
    let sync: BackgroundSync?

    public init(
        store: ListStore, assistant: @escaping () -> Assistant?, size: Size, keymap: Keymap = Keymap(), theme: Theme,
        sync: BackgroundSync? = nil, locale: String = "en"
    ) {
        self.store = store
        makeAssistant = assistant
        donations = DonationLog(store: store, timing: .deferred)
        self.theme = theme
        self.sync = sync
        // The words are read once per process (`MessageCatalog.interface`), not per App.
        model = AppModel(size: size, keymap: keymap, words: .interface(locale))
        model.sync = sync.map { SyncShown($0.status, now: store.now) }
        model.screen.readOnly = store.access == .readOnly
        // Checkpoints happen between keys (on the quarter-second tick), not after the commit
        // of a key press.
        store.deferCheckpoints()
        send(load(nil))
    }

    /// Handles one message and everything that follows from it.
    public func send(_ msg: Msg) {
        var queue = [msg]
        while !queue.isEmpty {
            let next = queue.removeFirst()
            for effect in update(&model, next) {
                if let result = perform(effect) { queue.append(result) }
            }
        }
    }

    /// The screen for the model now.
    public func render() -> CellBuffer {
        View.render(model, theme: theme)
    }

    /// Draws and reads input until the person quits. Looks for changes by other processes
    /// every quarter of a second.
    public func run(on backend: Backend) {
        if backend.size != model.screen.size { send(.input(.resize(backend.size))) }
        // Syncs on its own thread from here on; stopped when the loop ends, however it ends.
        sync?.start()
        defer { sync?.stop() }
        var lastTick = Date()
        while !model.screen.quitting {
            backend.draw(render())
            if let event = backend.nextEvent(timeoutMilliseconds: 250) { send(.input(event)) }
            for text in clipboard { backend.copyToClipboard(text) }
            clipboard = []
            if suspendAsked {
                suspendAsked = false
                // Back from the shell: the backend draws the whole screen again.
                backend.suspend()
            }
            if Date().timeIntervalSince(lastTick) >= 0.25 {
                send(.tick)
                lastTick = Date()
            }
        }
    }

    // MARK: - Effects

    /// Carries out an effect; returns the message its result makes, if any. Each concern's
    /// work is in a file of its own (App+StoreChanges, App+StoreReads, App+Assistant, App+Views,
    /// App+CommandBar).
    func perform(_ effect: Effect) -> Msg? {
        switch effect {
        case .load(let target):
            return load(target)
        case .loadItems(let request):
            return readItems(request)
        case .loadSnippet(let list, let rows):
            return readSnippet(list, rows: rows)
        case .checkForChanges:
            return checkForChanges()
        case .copyToClipboard(let text):
            clipboard.append(text)
            return nil
        case .suspend:
            suspendAsked = true
            return nil
        case .quit:
            flushDonations()
            return nil
        case .suggest:
            return suggest()
        case .run(let action):
            return run(action)
        case .addPhrase(let phrase, let request):
            return addPhrase(phrase, request)
        case .donateShow(let list):
            donateShow(list)
            return nil
        case .converse(let input):
            return converse(input)
        case .readSync:
            return sync.map { .syncRead($0.status, at: store.now) }
        case .syncNow:
            sync?.syncNow()
            return sync.map { .syncRead($0.status, at: store.now) }
        case .readView(let request):
            return readView(request)
        case .sortList(let list):
            return sortList(list)
        case .moveItem(let item, let to):
            return moveItem(item, to: to)
        case .complete(let fragments, let list):
            return complete(fragments, preferring: list)
        case .loadHistory:
            return loadHistory()
        case .saveHistory(let entries):
            saveHistory(entries)
            return nil
        case .undo, .redo, .createList, .renameList, .deleteList, .copyList, .resetList, .addItems, .renameItem,
             .deleteItem, .setDone, .moveWithin:
            return change(effect)
        }
    }

    /// Something was written here: a checkpoint at the next tick, the suggestions ranked
    /// again, the assistant's names read again.
    func noteWrite() {
        wroteSinceCheckpoint = true
        suggestionsStale = true
        loadedSession?.storeChanged()
    }

    /// The text with its first letter in capitals, as the footer shows it.
    static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
