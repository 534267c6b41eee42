import Foundation
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// The first-run screen: what to press when there are no lists, at every size.
@Suite struct FirstRunTests: ListChecks {
    static let groceries = ScreenTests.groceries

    @Test(arguments: [(80, 24), (40, 12), (120, 40), (24, 8)])
    func firstRunSaysWhatToPress(width: Int, height: Int) throws {
        let pilot = try Pilot(size: Size(width: width, height: height))
        assertSnapshot(of: pilot, as: .screen, named: "\(width)x\(height)")
        // Every word on screen is whole: the text wraps at spaces.
        let words = Set("""
            Lists Welcome to ListOMat! No lists yet. a add a list: type its name, then Enter. Enter again opens it; \
            a there adds items. / ask the assistant in your words, e.g. “create a list called Groceries”. ? every \
            key q quit No lists yet. ask the assistant
            """.split(separator: " ").map(String.init))
        let lines = pilot.screen.lines()
        for line in lines.prefix(max(0, height - 2)) {
            for word in line.split(whereSeparator: { " │┌┐└┘─".contains($0) }) where !words.contains(String(word)) {
                // Only the assistant panel's own text may show beside it (wide screens).
                #expect(width >= 100, "cut word “\(word)” in “\(line)”")
            }
        }
        // The example is read whole (as FitTests on tui-truth checks for the empty state).
        if height >= 12 { #expect(pilot.text.contains("Groceries”")) }
        // It goes once there is a list.
        try pilot.press("a")
        pilot.type("Groceries")
        try pilot.press("enter")
        #expect(!pilot.screen.lines().joined().contains("No lists yet"))
    }
}
