import Foundation
import ListStore
import TerminalKit
import Testing
@testable import ListOMatApp

/// `u` after a sync changed what it would undo: it says what it cannot undo, and the next `u`
/// reaches the steps behind it.
@Suite struct UndoKeyTests {
    @Test func undoSaysWhatItCannotUndoAndReachesTheStepBehindIt() throws {
        let pilot = try Pilot(ScreenTests.groceries, size: Size(width: 120, height: 30))
        // Delete Pet Shop (G: the last list), then check off milk on Grocery Store.
        try pilot.press("G d y g enter j space")
        #expect(try pilot.store.lists().map(\.name) == ["Grocery Store", "Hardware Store"])
        // A sync brings the phone's rename of eggs, the item just checked off.
        let eggs = try pilot.store.item(.name("eggs"), in: .name("Grocery Store"))
        var renamed = eggs
        renamed.name = "brown eggs"
        try pilot.store.applySync([SyncStep([.putItem(renamed, expected: eggs)])])
        try pilot.press("u")
        #expect(pilot.text.contains("Cannot undo “checked off eggs on Grocery Store”"))
        #expect(try pilot.store.item(.name("brown eggs"), in: .name("Grocery Store")).done)
        try pilot.press("u")
        #expect(try pilot.store.lists().map(\.name) == ["Grocery Store", "Hardware Store", "Pet Shop"])
        #expect(pilot.text.contains("Undid: deleted list Pet Shop"))
    }
}
