import Foundation
import ListOMatApp
import ListStore
import TerminalKit
import Testing

/// The TUI holds a window on a big list (the rows on screen and a margin), read by position.
/// Whatever is pressed or changed, the items pane must show exactly what the whole list read
/// from the store says, under the name of the list it comes from.
@Suite struct WindowTests {
    static func big(_ count: Int) -> [(String, [(String, Bool)])] {
        [("Big", (1...count).map { ("item \($0)", $0 % 3 == 0) }), ("Other", [("other 1", false), ("other 2", true)])]
    }

    /// The item rows on screen, top to bottom: "[x] name".
    private func shownRows(_ pilot: Pilot) -> [String] {
        pilot.screen.lines().compactMap { line in
            line.firstMatch(of: /\[[ x]\] [^│]*/).map { String($0.output).trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The window, the rows shown, the selection and the title, against the store.
    private func check(_ pilot: Pilot, rows: Int, _ note: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
        let model = pilot.app.model
        guard let list = model.itemsPane.list else {
            #expect(model.selectedList == nil, "\(note): no items shown", sourceLocation: sourceLocation)
            return
        }
        #expect(list.id == model.selectedList?.list.id, "\(note): items of another list than the one selected",
                sourceLocation: sourceLocation)
        let all = try pilot.store.items(in: .id(list.id))
        #expect(model.itemsPane.view.count == all.count, "\(note): count", sourceLocation: sourceLocation)
        let held = model.itemsPane.start ..< model.itemsPane.start + model.itemsPane.items.count
        if held.upperBound <= all.count {
            #expect(model.itemsPane.items == Array(all[held]), "\(note): the window is not that stretch of the list",
                    sourceLocation: sourceLocation)
        } else {
            Issue.record("\(note): the window \(held) runs past the list's \(all.count) items", sourceLocation: sourceLocation)
        }
        let offset = model.itemsPane.view.offset
        let expected = all[min(offset, all.count) ..< min(all.count, offset + rows)].map { ($0.done ? "[x] " : "[ ] ") + $0.name }
        #expect(shownRows(pilot) == expected, "\(note): rows shown", sourceLocation: sourceLocation)
        if let selected = model.itemsPane.view.selected {
            #expect(model.selectedItem == all[selected], "\(note): selection", sourceLocation: sourceLocation)
        }
        // The title: the list's name in the pane's top border, and no other list's.
        let top = pilot.screen.lines()[0]
        #expect(top.contains(list.name), "\(note): title", sourceLocation: sourceLocation)
        for other in model.listsPane.lists where other.list.id != list.id {
            #expect(!top.contains(other.list.name), "\(note): titled \(other.list.name)", sourceLocation: sourceLocation)
        }
    }

    // 80×12: the items pane shows 8 rows; the window is read in pages of 12 rows.
    let size = Size(width: 80, height: 12)
    let rows = 8

    @Test func movingThroughABigListShowsTheRightRows() throws {
        let pilot = try Pilot(Self.big(5_000), size: size)
        try pilot.press("enter")
        try check(pilot, rows: rows, "start")
        for step in 1...130 {
            try pilot.press("j")
            try check(pilot, rows: rows, "j \(step)")
        }
        for step in 1...130 {
            try pilot.press("k")
            try check(pilot, rows: rows, "k \(step)")
        }
        try pilot.press("G")
        try check(pilot, rows: rows, "End")
        #expect(pilot.app.model.selectedItem?.name == "item 5000")
        for step in 1...12 {
            try pilot.press("pgup")
            try check(pilot, rows: rows, "PgUp \(step)")
        }
        #expect(pilot.app.model.selectedItem?.name == "item \(5_000 - 12 * rows)")
        for step in 1...60 {
            try pilot.press("k")
            try check(pilot, rows: rows, "k after PgUp \(step)")
        }
        for step in 1...20 {
            try pilot.press("pgdn")
            try check(pilot, rows: rows, "PgDn \(step)")
        }
        try pilot.press("home")
        try check(pilot, rows: rows, "Home")
        try pilot.press("end")
        try check(pilot, rows: rows, "End again")
    }

    @Test func checkOffUndoAndRedoAtTheEndOfABigList() throws {
        let pilot = try Pilot(Self.big(5_000), size: size)
        try pilot.press("enter G pgup")
        let item = try #require(pilot.app.model.selectedItem)
        try pilot.press("space")
        try check(pilot, rows: rows, "checked")
        #expect(try pilot.store.item(.id(item.id), in: .name("Big")).done == !item.done)
        #expect(pilot.app.model.listsPane.lists[0].completedCount == 1_666 + (item.done ? -1 : 1))
        try pilot.press("u")
        try check(pilot, rows: rows, "undone")
        #expect(pilot.app.model.selectedItem == item)
        #expect(pilot.app.model.listsPane.lists[0].completedCount == 1_666)
        try pilot.press("ctrl-r")
        try check(pilot, rows: rows, "redone")
        // A removal far above the window, undone from the end of the list: the window moves
        // down a row, the selection stays on its item.
        try pilot.press("g j d")
        try check(pilot, rows: rows, "removed")
        try pilot.press("G")
        try check(pilot, rows: rows, "End after removing")
        try pilot.press("u")
        try check(pilot, rows: rows, "removal undone")
        #expect(pilot.app.model.selectedItem?.name == "item 5000")
        #expect(pilot.app.model.listsPane.lists[0].itemCount == 5_000)
        // Redone: the row goes again, far above the window.
        try pilot.press("ctrl-r")
        try check(pilot, rows: rows, "removal redone")
        #expect(pilot.app.model.selectedItem?.name == "item 5000")
        try pilot.press("u")
        // Adding at the end from the top: the new item is selected, at the end.
        try pilot.press("g a")
        pilot.type("new 1")
        try pilot.press("enter enter")
        try check(pilot, rows: rows, "added")
        #expect(pilot.app.model.selectedItem?.name == "new 1")
        try pilot.press("g u")
        try check(pilot, rows: rows, "addition undone")
        // R unchecks all 1,665 checked items; undoing it puts back too many rows to follow one
        // by one: the panes read the store again, keeping the selection.
        let completed = pilot.app.model.listsPane.lists[0].completedCount
        try pilot.press("pgdn pgdn R")
        try check(pilot, rows: rows, "reset")
        #expect(pilot.app.model.listsPane.lists[0].completedCount == 0)
        let selected = pilot.app.model.selectedItem?.id
        try pilot.press("u")
        try check(pilot, rows: rows, "reset undone")
        #expect(pilot.app.model.listsPane.lists[0].completedCount == completed)
        #expect(pilot.app.model.selectedItem?.id == selected)
        try pilot.press("ctrl-r")
        try check(pilot, rows: rows, "reset redone")
    }

    @Test func changesByAnotherProcessReplaceAStaleWindow() throws {
        let folder = NSTemporaryDirectory() + "listomat-tui-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let location = StoreLocation(directory: folder)
        let pilot = try Pilot(Self.big(3_000), size: size, store: try ListStore.open(location, clock: { Pilot.now }))
        try pilot.press("enter G k k k")
        #expect(pilot.app.model.selectedItem?.name == "item 2997")
        let other = try ListStore.open(location, clock: { Pilot.now })
        let all = try other.items(in: .name("Big"))
        // Rows above the window go, one comes inside it, one is checked off on screen.
        try other.deleteItems([.id(all[0].id), .id(all[1].id), .id(all[2].id)], from: .name("Big"))
        try other.addItems(["added 1"], to: .name("Big"), at: 2_990)
        try other.setDone(true, [.name("item 2998")], in: .name("Big"))
        // Keys before the TUI looks again see the old window: they must not go wrong for good.
        try pilot.press("k j")
        pilot.tick()
        try check(pilot, rows: rows, "after the other process")
        #expect(pilot.app.model.selectedItem?.name == "item 2997")
        // The selected item removed: the selection stays on its row.
        try other.deleteItems([.name("item 2997")], from: .name("Big"))
        pilot.tick()
        try check(pilot, rows: rows, "selected item removed")
        for step in 1...40 {
            try pilot.press("k")
            try check(pilot, rows: rows, "k \(step)")
        }
        // Most of the list goes, including the rows shown.
        try other.deleteItems(try other.items(in: .name("Big")).dropFirst(5).map { .id($0.id) }, from: .name("Big"))
        pilot.tick()
        try check(pilot, rows: rows, "shrunk to 5")
        #expect(pilot.app.model.selectedItem?.name == "item 8")
        // The list removed while shown.
        try other.deleteList(.name("Big"))
        pilot.tick()
        try check(pilot, rows: rows, "list removed")
        #expect(pilot.app.model.itemsPane.list?.name == "Other")
    }

    /// The items pane is titled with the list its rows come from, when the list
    /// shown goes by any path other than `d`.
    @Test func aListRemovedByUndoOrElsewhereLeavesTitleAndRowsOfOneList() throws {
        let folder = NSTemporaryDirectory() + "listomat-tui-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let location = StoreLocation(directory: folder)
        let pilot = try Pilot(ScreenTests.groceries, store: try ListStore.open(location, clock: { Pilot.now }))
        let rows = 18
        try pilot.press("a")
        pilot.type("Zoo")
        try pilot.press("enter enter a")
        pilot.type("lion")
        try pilot.press("enter enter")
        try check(pilot, rows: rows, "Zoo")
        #expect(pilot.app.model.itemsPane.list?.name == "Zoo")
        // Undo the item, then the list's creation.
        try pilot.press("u u")
        try check(pilot, rows: rows, "creation undone")
        #expect(pilot.app.model.itemsPane.list?.name == "Pet Shop")
        #expect(shownRows(pilot) == ["[ ] bird seed", "[x] collar"])
        // `listomat rm-list` from another shell, of the list shown in the middle.
        try pilot.press("esc k enter")
        #expect(pilot.app.model.itemsPane.list?.name == "Hardware Store")
        let other = try ListStore.open(location, clock: { Pilot.now })
        try other.deleteList(.name("Hardware Store"))
        pilot.tick()
        try check(pilot, rows: rows, "removed elsewhere")
        #expect(pilot.app.model.itemsPane.list?.name == "Pet Shop")
        // The last list.
        try other.deleteList(.name("Pet Shop"))
        pilot.tick()
        try check(pilot, rows: rows, "last removed")
        #expect(pilot.app.model.itemsPane.list?.name == "Grocery Store")
        try other.deleteList(.name("Grocery Store"))
        pilot.tick()
        #expect(pilot.app.model.itemsPane.list == nil && pilot.app.model.itemsPane.items.isEmpty)
        try pilot.press("j k G g space u enter")
    }

    @Test func tinyTerminalsAndEmptyListsCrashNothing() throws {
        let pilot = try Pilot(Self.big(2_000) + [("Empty", [])], size: Size(width: 1, height: 1))
        try pilot.press("enter G k pgup space u g pgdn j ctrl-r end d u")
        for (width, height) in [(1, 1), (20, 6), (10, 40), (200, 3), (80, 12)] {
            pilot.resize(width, height)
            try pilot.press("G pgup k space u")
        }
        try check(pilot, rows: rows, "back at 80×12")
        try pilot.press("esc G enter j k G g space d u")
        #expect(pilot.app.model.itemsPane.list?.name == "Empty")
        try check(pilot, rows: rows, "empty list")
    }
}
