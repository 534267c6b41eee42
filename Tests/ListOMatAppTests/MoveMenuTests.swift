import Foundation
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// Moving an item to another list (m): the menu, the move, undo, a merge into the same name.
@Suite struct MoveMenuTests: ListChecks {
    static let groceries = ScreenTests.groceries

    @Test func moveAnItemToAnotherList() throws {
        let pilot = try Pilot(Self.groceries)
        try pilot.press("enter m")
        assertSnapshot(of: pilot, as: .screen, named: "menu")
        try pilot.press("down enter")
        #expect(try pilot.store.items(in: .name("Grocery Store")).map(\.name) == ["eggs", "bread", "apples", "coffee"])
        #expect(try pilot.store.items(in: .name("Pet Shop")).map(\.name) == ["bird seed", "collar", "milk"])
        #expect(try pilot.store.items(in: .name("Pet Shop")).last?.done == true)
        #expect(pilot.app.model.status?.text == "Moved milk to Pet Shop — u to undo")
        assertSnapshot(of: pilot, as: .screen, named: "moved")
        try pilot.press("u")
        #expect(try pilot.store.items(in: .name("Grocery Store")).map(\.name) == ["milk", "eggs", "bread", "apples", "coffee"])
        #expect(try pilot.store.items(in: .name("Pet Shop")).map(\.name) == ["bird seed", "collar"])
        #expect(pilot.app.model.listsPane.lists.map(\.itemCount) == [5, 2, 2])
        // A digit picks at once; Esc leaves the menu and moves nothing.
        try pilot.press("g j m 1")
        #expect(try pilot.store.items(in: .name("Hardware Store")).map(\.name) == ["nails", "glue", "eggs"])
        try pilot.press("m esc")
        #expect(pilot.app.model.itemsPane.moveMenu == nil)
        #expect(try pilot.store.items(in: .name("Grocery Store")).count == 4)
    }

    @Test func movingOntoTheSameNameMergesThem() throws {
        let pilot = try Pilot([("Home", [("milk", false), ("tea", false)]), ("Shop", [("MILK", true)])])
        try pilot.press("enter m enter")
        #expect(try dump(pilot.store) == ["Home: [ ] tea", "Shop: [ ] MILK"])
        #expect(pilot.app.model.status?.text == "Moved milk to Shop (it was there already: one milk now) — u to undo")
        #expect(shown(pilot) == ["tea"])
        #expect(pilot.app.model.listsPane.lists.map(\.itemCount) == [1, 1])
        try pilot.press("u")
        #expect(try dump(pilot.store) == ["Home: [ ] milk, [ ] tea", "Shop: [x] MILK"])
    }

    @Test func moveNeedsAnItemAndAnotherList() throws {
        let pilot = try Pilot([("Only", [("one", false)])])
        try pilot.press("m")
        #expect(pilot.app.model.itemsPane.moveMenu == nil)
        try pilot.press("enter m")
        #expect(pilot.app.model.itemsPane.moveMenu == nil)
        #expect(pilot.app.model.status?.isError == true)
    }
}
