import Foundation
import IntentKit
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// The assistant panel has keys of its own: it scrolls back to older conversation, its footer
/// says what its keys do, and list keys do nothing there; a suggestion not on screen never
/// runs.
@Suite struct PanelTests {
    /// The right-hand panel's column at 120 columns.
    static func panel(_ pilot: Pilot) -> String {
        pilot.screen.lines().map { String($0.suffix(36)) }.joined(separator: "\n")
    }

    @Test func thePanelScrollsBackToOlderConversation() throws {
        let pilot = try Pilot(ScreenTests.groceries, size: Size(width: 120, height: 16))
        for n in 1...6 { try pilot.ask("add thing\(n) to the grocery store list") }
        #expect(!Self.panel(pilot).contains("thing1"))
        // Tab to the panel: its own footer.
        try pilot.press("esc tab tab")
        #expect(pilot.app.model.screen.focus == .assistant)
        let footer = pilot.screen.lines().last ?? ""
        #expect(footer.contains("↑↓ scroll"))
        #expect(!footer.contains("add"))
        try pilot.press("g")
        #expect(Self.panel(pilot).contains("thing1"))
        assertSnapshot(of: pilot, as: .screen, named: "oldest")
        try pilot.press("G")
        #expect(!Self.panel(pilot).contains("thing1"))
        try pilot.press("k k k")
        #expect(pilot.app.model.assistant.scroll == 3)
        // a adds no list while the panel has the focus.
        try pilot.press("a")
        #expect(pilot.app.model.commandBar.purpose == nil)
        #expect(try pilot.store.lists().count == 3)
    }

    @Test func aHiddenSuggestionNeverRuns() throws {
        let pilot = try Pilot(ScreenTests.groceries, size: Size(width: 80, height: 24))
        try ShortcutScreenTests.seed(pilot)
        pilot.tick()
        #expect(!pilot.app.model.assistant.suggestions.isEmpty)
        // Below 100 columns the panel is hidden: 1 runs nothing and says why.
        try pilot.press("1")
        #expect(try pilot.store.items(in: .name("Grocery Store")).map(\.name).last == "coffee")
        #expect(pilot.text.contains("not on screen"))
        // Shown (Tab Tab), it runs.
        try pilot.press("tab tab")
        #expect(pilot.text.contains("Suggestions"))
        try pilot.press("1")
        #expect(try pilot.store.items(in: .name("Grocery Store")).map(\.name).last == "oranges")
    }

    @Test func yCopiesTheLastAnswer() throws {
        let pilot = try Pilot(ScreenTests.groceries, size: Size(width: 120, height: 30))
        try pilot.press("y")
        #expect(pilot.app.clipboard.isEmpty)
        #expect(pilot.text.contains("Nothing to copy"))
        try pilot.ask("what's on my grocery store list?")
        try pilot.press("esc tab tab y")
        #expect(pilot.app.clipboard == [pilot.app.model.assistant.transcript.last { $0.speaker == .assistant }?.text ?? "?"])
        #expect(pilot.text.contains("Copied the assistant's last answer"))
        // The ncurses backend sends it as OSC 52 (base64: nothing in it reaches the terminal as a sequence).
        let backend = MemoryBackend(size: Size(width: 10, height: 5))
        backend.copyToClipboard("a\u{1B}b")
        #expect(backend.copied == ["a\u{1B}b"])
    }
}
