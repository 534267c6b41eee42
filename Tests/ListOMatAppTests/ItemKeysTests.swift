import Foundation
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// Keys for the item selected: move it up and down its list, hide the checked items, see
/// its whole name; and Ctrl-Z.
@Suite struct ItemKeysTests {
    static let groceries = ScreenTests.groceries

    func names(_ pilot: Pilot) throws -> [String] {
        try pilot.store.items(in: .name("Grocery Store")).map(\.name)
    }

    @Test func shiftKAndJMoveTheItemAndUUndoes() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 30))
        try pilot.press("enter j K")
        #expect(try names(pilot) == ["eggs", "milk", "bread", "apples", "coffee"])
        #expect(pilot.app.model.selectedItem?.name == "eggs")
        #expect(pilot.text.contains("Moved eggs to position 1 on Grocery Store — u to undo"))
        // At the top it goes no further, and nothing is recorded.
        let depth = try pilot.store.undoDepth().undo
        try pilot.press("K")
        #expect(try pilot.store.undoDepth().undo == depth)
        try pilot.press("J J")
        #expect(try names(pilot) == ["milk", "bread", "eggs", "apples", "coffee"])
        #expect(pilot.app.model.selectedItem?.name == "eggs")
        try pilot.press("u")
        #expect(try names(pilot) == ["milk", "eggs", "bread", "apples", "coffee"])
    }

    @Test func theMoveKeysAreBindableAndInTheHelp() throws {
        let keymap = Keymap(overrides: ["moveUp": [.character("U")], "moveDown": [.character("D")]])
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 40), keymap: keymap)
        try pilot.press("enter j j U")
        #expect(try names(pilot) == ["milk", "bread", "eggs", "apples", "coffee"])
        try pilot.press("?")
        #expect(pilot.text.contains("U                move the item up the list"))
        #expect(pilot.text.contains("H                hide / show the checked items"))
        #expect(pilot.text.contains("Ctrl-Z           suspend to the shell"))
    }

    @Test func hToggleHidesTheCheckedItemsOnEveryList() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 30))
        try pilot.press("enter H")
        #expect(pilot.app.model.itemsPane.items.map(\.name) == ["eggs", "apples", "coffee"])
        #expect(pilot.text.contains("Grocery Store · checked hidden"))
        assertSnapshot(of: pilot, as: .screen, named: "hidden")
        // Checking one off takes it away too; the cursor stays on its row.
        try pilot.press("space")
        #expect(pilot.app.model.itemsPane.items.map(\.name) == ["apples", "coffee"])
        // Kept on another list.
        try pilot.press("esc G enter")
        #expect(pilot.app.model.itemsPane.items.map(\.name) == ["bird seed"])
        // Moving needs the list's own order.
        try pilot.press("K")
        #expect(pilot.text.contains("Items move in the list's own order"))
        try pilot.press("H")
        #expect(pilot.app.model.itemsPane.items.map(\.name) == ["bird seed", "collar"])
    }

    @Test func vShowsTheWholeOfALongName() throws {
        let long = "a very long item name that goes on " + String(repeating: "and on ", count: 12) + "until the END"
        let pilot = try Pilot([("Notes", [(long, false)])], size: Size(width: 80, height: 24))
        try pilot.press("enter")
        #expect(!pilot.text.contains("the END"))
        // The footer says how to see it first.
        #expect(pilot.screen.lines().last?.hasPrefix("v whole name") == true)
        try pilot.press("v")
        #expect(pilot.text.contains("until the END"))
        assertSnapshot(of: pilot, as: .screen, named: "shown")
        // Any key closes it and does nothing else.
        try pilot.press("d")
        #expect(pilot.app.model.itemsPane.shownItem == nil)
        #expect(try pilot.store.items(in: .name("Notes")).count == 1)
    }

    @Test func ctrlZSuspendsThroughTheBackendFromAnywhere() throws {
        var model = AppModel(size: Size(width: 80, height: 24))
        #expect(update(&model, .input(.key(.control("z")))) == [.suspend])
        model.commandBar.purpose = .command
        #expect(update(&model, .input(.key(.control("z")))) == [.suspend])
        let pilot = try Pilot(Self.groceries)
        let backend = MemoryBackend(size: Size(width: 80, height: 24))
        backend.pending = [.key(.control("z")), .key(.character("q"))]
        pilot.app.run(on: backend)
        #expect(backend.suspensions == 1)
    }
}
