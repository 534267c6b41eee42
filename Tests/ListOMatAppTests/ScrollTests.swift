import Foundation
import IntentKit
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// Never scrolled past where rows fit.
@Suite struct ScrollTests {
    static let groceries = ScreenTests.groceries

    @Test func resizingSmallerKeepsTheFirstItemsInView() throws {
        let seven = [("Week", ["milk", "eggs", "bread", "apples", "coffee", "tea", "rice"].map { ($0, false) })]
        let pilot = try Pilot(seven, size: Size(width: 120, height: 40))
        try pilot.press("enter j j esc")
        pilot.resize(40, 12)
        try pilot.press("enter")
        #expect(pilot.app.model.selectedItem?.name == "bread")
        let lines = pilot.screen.lines()
        #expect(lines[1].contains("milk"))
        #expect(lines[7].contains("rice"))
        assertSnapshot(of: pilot, as: .screen, named: "40x12")
    }

    @Test func growingTheTerminalFillsTheRowsAgain() throws {
        let items = (1...30).map { ("item \($0)", false) }
        let pilot = try Pilot([("Long", items)], size: Size(width: 80, height: 12))
        try pilot.press("enter G")
        pilot.resize(80, 40)
        let lines = pilot.screen.lines()
        // All 30 rows fit in 36: none is scrolled off the top.
        #expect(lines[1].contains("item 1 "))
        #expect(lines[30].contains("item 30"))
    }
}
