import Foundation
import ListOMatApp
import ListStore
import TerminalKit
import Testing

/// Item changes made in the TUI update the panes without reading the store again; what they
/// show must be exactly what reading it again would show.
@Suite struct FollowTests {
    /// The screen of a new TUI over the same store, with the same keys to reach the same place.
    private func fresh(_ pilot: Pilot, keys: String) throws -> [String] {
        let again = App(store: pilot.store, assistant: { nil }, size: pilot.app.model.screen.size, theme: .defaultTheme)
        for key in try KeyName.parseSequence(keys) { again.send(.input(.key(key))) }
        return again.render().lines()
    }

    @Test func checkAddRenameDeleteMatchAFreshRead() throws {
        let pilot = try Pilot(
            [("Grocery Store", [("milk", false), ("eggs", true), ("bread", false)]), ("Hardware Store", [("nails", false)])],
            size: Size(width: 120, height: 30))
        try pilot.press("enter j space")
        #expect(pilot.app.model.listsPane.lists[0].completedCount == 0)
        try pilot.press("a")
        pilot.type("apples")
        try pilot.press("enter")
        pilot.type("pears")
        try pilot.press("enter enter")
        #expect(pilot.app.model.selectedItem?.name == "pears")
        try pilot.press("k r ctrl-u")
        pilot.type("green apples")
        try pilot.press("enter g d")
        let model = pilot.app.model
        #expect(model.itemsPane.items.map(\.name) == ["eggs", "bread", "green apples", "pears"])
        #expect(model.listsPane.lists[0].itemCount == 4 && model.listsPane.lists[0].completedCount == 0)
        #expect(model.listsPane.lists.map(\.itemCount) == (try pilot.store.summaries()).map(\.itemCount))
        #expect(model.itemsPane.items == (try pilot.store.items(in: .name("Grocery Store"))))
        // The same screen as a new TUI's, except the footer's message about the last change.
        let shown = pilot.screen.lines()
        let again = try fresh(pilot, keys: "enter")
        #expect(shown.dropLast(2) == again.dropLast(2))
    }
}
