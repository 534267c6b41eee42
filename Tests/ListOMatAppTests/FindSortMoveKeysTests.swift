import Foundation
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// The keys of find, the view order and "move to": taken from the config, listed in help,
/// and odd input to them breaks nothing.
@Suite struct FindSortMoveKeysTests: ListChecks {
    static let groceries = ScreenTests.groceries

    @Test func oddInputBreaksNothing() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 1, height: 1))
        try pilot.press("f enter f")
        pilot.paste(String(repeating: "milk\u{1B}[31m\u{0}\n", count: 2_000))
        try pilot.press("enter n N s S m down enter tab esc esc")
        pilot.resize(20, 6)
        try pilot.press("enter m")
        pilot.resize(1, 1)
        _ = pilot.screen
        pilot.resize(40, 12)
        _ = pilot.screen
        try pilot.press("esc / tab up down tab")
        pilot.type("\u{7}\u{1B}")
        try pilot.press("tab enter")
        pilot.resize(200, 60)
        try pilot.press("f")
        pilot.type("\u{202E}e")
        try pilot.press("enter")
        _ = pilot.screen
        for line in pilot.screen.lines() {
            #expect(!line.unicodeScalars.contains { Sanitizer.isUnsafe($0) })
        }
        #expect(try pilot.store.lists().count == 3)
    }

    // MARK: - Keys and colours

    @Test func theNewActionsTakeKeysFromConfigAndShowInHelp() throws {
        #expect(Keymap.actionNames.isSuperset(of: ["find", "nextMatch", "previousMatch", "sortView", "sortList", "moveTo"]))
        let keymap = Keymap(overrides: ["find": [.control("f")], "moveTo": [.character("M")]])
        #expect(keymap.action(for: .control("f")) == .find)
        #expect(keymap.action(for: .character("f")) == nil)
        #expect(keymap.action(for: .character("M")) == .moveTo)
        #expect(keymap.action(for: .character("m")) == nil)
        let pilot = try Pilot(Self.groceries, size: Size(width: 100, height: 40))
        try pilot.press("?")
        let help = pilot.text
        for summary in ["find in every list", "next list with what was found", "view by name, done last", "sort the list itself", "move the item to another list"] {
            #expect(help.contains(summary), "\(summary)")
        }
    }
}
