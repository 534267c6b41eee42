import Foundation
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// Help scrolls to its last lines, a refused name is kept to correct, an item the assistant
/// added is scrolled into view.
@Suite struct HelpAndNamesTests {
    @Test func helpScrollsToItsLastLinesAt80x24() throws {
        let pilot = try Pilot(ScreenTests.groceries, size: Size(width: 80, height: 24))
        try pilot.press("?")
        #expect(!pilot.text.contains("Ctrl-C quits at any time"))
        try pilot.press("G")
        #expect(pilot.app.model.screen.showingHelp)
        #expect(pilot.text.contains("Ctrl-C quits at any time"))
        assertSnapshot(of: pilot, as: .screen, named: "end")
        try pilot.press("g")
        #expect(pilot.text.contains("move up"))
        try pilot.press("x")
        #expect(!pilot.app.model.screen.showingHelp)
    }

    @Test func noHelpLineIsCutAt120Columns() throws {
        let pilot = try Pilot(ScreenTests.groceries, size: Size(width: 120, height: 60))
        try pilot.press("?")
        // The overlay: 60 columns in the middle.
        let overlay = pilot.screen.lines().map { String($0.dropFirst(30).prefix(60)) }
        #expect(!overlay.contains { $0.contains("…") })
        // The longest goes on under itself.
        let row = try #require(overlay.firstIndex { $0.contains("view by name, done last (again:") })
        #expect(overlay[row + 1].contains("order)"))
    }

    @Test func aRefusedRenameKeepsWhatWasTyped() throws {
        let pilot = try Pilot(ScreenTests.groceries, size: Size(width: 80, height: 24))
        try pilot.press("j r ctrl-u")
        pilot.type("grocery store")
        try pilot.press("enter")
        #expect(pilot.text.contains("already"))
        #expect(pilot.app.model.commandBar.purpose != nil)
        #expect(pilot.app.model.commandBar.input.text == "grocery store")
        // Corrected, it goes through.
        try pilot.press("ctrl-u")
        pilot.type("Tools")
        try pilot.press("enter")
        #expect(try pilot.store.lists().map(\.name).contains("Tools"))
        #expect(pilot.app.model.commandBar.purpose == nil)
    }

    @Test func anItemTheAssistantAddsIsScrolledIntoView() throws {
        let many = (1...40).map { ("thing \($0)", false) }
        let pilot = try Pilot([("Big", many)], size: Size(width: 80, height: 24))
        try pilot.ask("add zebra to the big list")
        #expect(try pilot.store.items(in: .name("Big")).last?.name == "zebra")
        #expect(pilot.app.model.selectedItem?.name == "zebra")
        #expect(pilot.text.contains("[ ] zebra"))
    }
}
