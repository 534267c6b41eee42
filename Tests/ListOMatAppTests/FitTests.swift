import Foundation
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// Text that does not fit keeps what tells it apart, and hints are read whole.
@Suite struct FitTests {
    @Test func twoCopiesMadeTheSameDayShowTheirDifference() throws {
        let pilot = try Pilot(ScreenTests.groceries, size: Size(width: 80, height: 24))
        try pilot.store.copyList(.name("Grocery Store"))
        try pilot.store.copyList(.name("Grocery Store"))
        try pilot.press("u ctrl-r")  // read again
        let names = try pilot.store.lists().map(\.name).filter { $0.hasPrefix("Grocery Store (") }
        #expect(names.count == 2)
        let rows = pilot.screen.lines().map { String($0.prefix(32)) }.filter { $0.hasPrefix("│Grocery St") }
        #expect(rows.count == 3)
        // Both copies' rows show their ends: the second's "#2" is not cut off.
        #expect(rows.contains { $0.contains("#2") })
        #expect(Set(rows).count == rows.count)
        assertSnapshot(of: pilot, as: .screen, named: "copies")
    }

    @Test(arguments: [(120, 40), (80, 24), (60, 16)])
    func theEmptyStateExampleIsReadWhole(width: Int, height: Int) throws {
        let pilot = try Pilot(size: Size(width: width, height: height))
        #expect(pilot.text.contains("Groceries”"))
        #expect(!pilot.text.contains("calle…"))
    }

    @Test func middleTruncationKeepsBothEnds() {
        #expect(CellBuffer.middleTruncated("Grocery Store (Nov 22, 2026) #2", width: 20) == "Grocery St… 2026) #2")
        #expect(CellBuffer.middleTruncated("short", width: 20) == "short")
        #expect(CellBuffer.middleTruncated("買い物リスト買い物リスト", width: 9).hasSuffix("スト"))
        #expect(CellBuffer.width(of: CellBuffer.middleTruncated("買い物リスト買い物リスト", width: 9)) <= 9)
        for width in -1...3 { #expect(CellBuffer.width(of: CellBuffer.middleTruncated("abcdef", width: width)) <= max(0, width)) }
    }
}
