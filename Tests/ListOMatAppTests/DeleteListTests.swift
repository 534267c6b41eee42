import Foundation
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// Deleting a whole list asks first, in place; Enter means no. One item goes at once, with
/// undo.
@Suite struct DeleteListTests {
    @Test func dOnAListAsksAndOnlyYDeletes() throws {
        let pilot = try Pilot(ScreenTests.groceries, size: Size(width: 80, height: 24))
        try pilot.press("G d")
        #expect(pilot.text.contains("Delete Pet Shop and its 2 items?"))
        assertSnapshot(of: pilot, as: .screen, named: "asked")
        try pilot.press("enter")
        #expect(try pilot.store.lists().count == 3)
        #expect(pilot.text.contains("Kept Pet Shop."))
        // d d d removes nothing: the second d answers the first's question with a no.
        try pilot.press("d d d")
        #expect(try pilot.store.lists().count == 3)
        try pilot.press("n")
        try pilot.press("d y")
        #expect(try pilot.store.lists().map(\.name) == ["Grocery Store", "Hardware Store"])
        #expect(pilot.text.contains("u to undo"))
        // Y (Shift or Caps Lock) is the same yes.
        try pilot.press("G d Y")
        #expect(try pilot.store.lists().map(\.name) == ["Grocery Store"])
    }

    @Test func homeAndEndMoveToTheFirstAndLastRow() throws {
        let pilot = try Pilot(ScreenTests.groceries, size: Size(width: 80, height: 24))
        try pilot.press("end")
        #expect(pilot.app.model.selectedList?.list.name == "Pet Shop")
        try pilot.press("home")
        #expect(pilot.app.model.selectedList?.list.name == "Grocery Store")
    }
}
