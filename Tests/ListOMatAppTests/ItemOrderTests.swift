import Foundation
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// The view order (s), and sorting a list for good (S, one undo step).
@Suite struct ItemOrderTests: ListChecks {
    static let groceries = ScreenTests.groceries

    @Test func theViewOrderTogglesAndTheStoreKeepsItsOrder() throws {
        let pilot = try Pilot(Self.groceries)
        let stored = try pilot.store.items(in: .name("Grocery Store")).map(\.name)
        try pilot.press("enter s")
        #expect(shown(pilot) == ["apples", "coffee", "eggs", "bread", "milk"])
        assertSnapshot(of: pilot, as: .screen, named: "sorted")
        // Checking off in this order: the item goes down, the cursor stays on its row.
        try pilot.press("g space")
        #expect(shown(pilot) == ["coffee", "eggs", "apples", "bread", "milk"])
        #expect(pilot.app.model.selectedItem?.name == "coffee")
        #expect(try pilot.store.items(in: .name("Grocery Store")).first { $0.name == "apples" }?.done == true)
        try pilot.press("s")
        #expect(pilot.app.model.itemsPane.order == nil)
        #expect(shown(pilot) == stored)
        #expect(try pilot.store.items(in: .name("Grocery Store")).map(\.name) == stored)
    }

    @Test func sortTheListForGoodIsOneUndoStep() throws {
        let pilot = try Pilot(Self.groceries)
        try pilot.press("enter S")
        #expect(try pilot.store.items(in: .name("Grocery Store")).map(\.name) == ["apples", "coffee", "eggs", "bread", "milk"])
        #expect(pilot.app.model.status?.text == "Sorted Grocery Store by name, checked items last — u to undo")
        assertSnapshot(of: pilot, as: .screen, named: "sorted")
        try pilot.press("u")
        #expect(try pilot.store.items(in: .name("Grocery Store")).map(\.name) == ["milk", "eggs", "bread", "apples", "coffee"])
        #expect(shown(pilot) == ["milk", "eggs", "bread", "apples", "coffee"])
        // Sorting a sorted list says so, and records nothing.
        try pilot.press("ctrl-r S")
        #expect(pilot.app.model.status?.text == "Grocery Store is already sorted by name, checked items last; nothing changed.")
    }
}
