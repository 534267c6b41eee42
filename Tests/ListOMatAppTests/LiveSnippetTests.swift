import Foundation
import IntentKit
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// The assistant panel's snippet is the list as it is now.
@Suite struct LiveSnippetTests {
    static let groceries = ScreenTests.groceries

    @Test func theSnippetFollowsChecksInTheItemsPane() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 30))
        try pilot.ask("what's on my grocery store list?")
        #expect(pilot.text.contains("[ ] eggs"))
        // The request opened the list: check eggs off in the items pane.
        #expect(pilot.app.model.screen.focus == .items)
        try pilot.press("g j space")
        #expect(try pilot.store.items(in: .name("Grocery Store"))[1].done)
        // The panel (the right-hand third) shows eggs checked too.
        let panel = pilot.screen.lines().map { String($0.suffix(40)) }
        #expect(panel.contains { $0.contains("[x] eggs") })
        #expect(!panel.contains { $0.contains("[ ] eggs") })
        assertSnapshot(of: pilot, as: .screen, named: "checked")
    }

    @Test func theSnippetSaysWhenItsListIsGone() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 30))
        try pilot.ask("create a list called Zoo")
        try pilot.ask("show the zoo list")
        #expect(pilot.app.model.assistant.snippet?.title == "Zoo")
        // Undo removes the list created.
        try pilot.press("u")
        #expect(try !pilot.store.lists().map(\.name).contains("Zoo"))
        let panel = pilot.screen.lines().map { String($0.suffix(40)) }.joined(separator: "\n")
        #expect(panel.contains("no longer exists"))
        assertSnapshot(of: pilot, as: .screen, named: "gone")
    }

    @Test func theSnippetShowsTheListAgainWhenAnUndoBringsItBack() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 30))
        try pilot.ask("show the grocery store list")
        #expect(pilot.app.model.assistant.snippet?.title == "Grocery Store")
        try pilot.press("esc d y")
        #expect(try !pilot.store.lists().map(\.name).contains("Grocery Store"))
        #expect(pilot.text.contains("no longer exists"))
        try pilot.press("u")
        #expect(try pilot.store.lists().map(\.name).contains("Grocery Store"))
        let panel = pilot.screen.lines().map { String($0.suffix(40)) }.joined(separator: "\n")
        #expect(!panel.contains("no longer exists"))
        #expect(panel.contains("[ ] eggs"))
    }

    @Test func theSnippetFollowsAnotherProcessReadingOnlyWhatThePanelShows() throws {
        let folder = NSTemporaryDirectory() + "listomat-tui-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let location = StoreLocation(directory: folder)
        let mine = try ListStore.open(location, clock: { Pilot.now })
        let pilot = try Pilot([("Big", (0..<500).map { ("item \($0)", false) })], size: Size(width: 120, height: 30), store: mine)
        try pilot.ask("show the big list")
        let other = try ListStore.open(location, clock: { Pilot.now })
        try other.setDone(true, [.name("item 0")], in: .name("Big"))
        pilot.tick()
        #expect(pilot.app.model.assistant.snippet?.items.count ?? 0 <= 30)
        #expect(pilot.app.model.assistant.snippet?.items.first == Snippet.Item(name: "item 0", done: true))
        #expect(pilot.text.contains("more (500 in all)"))
    }
}
