import Foundation
import ListStore
import TerminalKit
import Testing
@testable import ListOMatApp

/// R (reset) and c (copy) on a list say how to take them back, as other changes do.
@Suite struct ListKeysTests {
    @Test func resetAndCopySayUToUndo() throws {
        let pilot = try Pilot(ScreenTests.groceries, size: Size(width: 120, height: 30))
        try pilot.press("R")
        #expect(pilot.text.contains("Reset Grocery Store — u to undo"))
        try pilot.press("u")
        #expect(try pilot.store.items(in: .name("Grocery Store")).filter(\.done).map(\.name) == ["milk", "bread"])
        // A list with nothing checked off is left as it was: nothing to undo is offered.
        try pilot.press("j R")
        #expect(pilot.text.contains("Nothing on Hardware Store was checked off"))
        #expect(!pilot.text.contains("u to undo"))
        try pilot.press("c")
        #expect(pilot.text.contains("— u to undo"))
    }
}
