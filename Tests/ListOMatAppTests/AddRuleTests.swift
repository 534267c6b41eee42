import Foundation
import ListStore
import Testing
@testable import ListOMatApp

/// `a` follows the one rule for adding (ListStore.addItemsUnlessPresent),
/// like `listomat add` and the assistant: a checked "milk" is unchecked, not added twice.
@Suite struct AddRuleTests {
    @Test func addingACheckedNameUnchecksItAndAnUncheckedOneIsNotDoubled() throws {
        let pilot = try Pilot(ScreenTests.groceries)
        try pilot.press("enter a")
        pilot.type("milk")
        try pilot.press("enter")
        pilot.type("eggs")
        try pilot.press("enter enter")
        let items = try pilot.store.items(in: .name("Grocery Store")).map { "\($0.name)\($0.done ? " ✓" : "")" }
        #expect(items == ["milk", "eggs", "bread ✓", "apples", "coffee"])
    }
}
