import Foundation
import GRDB
import Testing
@testable import ListStore

@Suite("Undo and redo")
struct UndoTests {
    let store: ListStore

    init() throws {
        store = try ListStore.inMemory()
    }

    /// The undo log's hand-written snapshots read back as exactly the rows they were made
    /// from, and as `JSONEncoder`'s own output reads back, whatever the name and numbers.
    @Test func snapshotsReadBackExactly() throws {
        let names = ["milk", "say \"hi\"", #"back\slash"#, "crème brûlée", "👩‍💻 emoji", "tab\tand\u{1}", "/ and </script>", "\u{7F}\u{85}\u{2028}"]
        let dates = [Date(millis: 0), Date(millis: 1_795_000_000_123), Date(millis: -1), Date(timeIntervalSinceReferenceDate: 0)]
        let positions = [0, -1, 0.5, 1e16, -3.25e-7, 1.0 / 3, Double(Int64.max)]
        for (n, name) in names.enumerated() {
            for date in dates {
                let position = positions[n % positions.count]
                let item = ListItem(listID: .random(), name: name, done: n % 2 == 0, position: position, created: date,
                                    modified: Date(millis: date.millis + 7))
                let list = TaskList(name: name, position: position, created: date, modified: date)
                #expect(try Snapshot.decode(ListItem.self, item.snapshot) == item)
                #expect(try Snapshot.decode(TaskList.self, list.snapshot) == list)
                let byFoundation = String(decoding: try JSONEncoder().encode(item), as: UTF8.self)
                #expect(try Snapshot.decode(ListItem.self, byFoundation) == Snapshot.decode(ListItem.self, item.snapshot))
            }
        }
    }

    /// An import logs the items it adds in one entry per list; undo and redo restore them
    /// exactly, and undo refuses when an imported item changed since.
    @Test func aBigImportUndoesAndRedoesFromACompactLog() throws {
        try store.createList(named: "Grocery Store", items: ["milk"])
        let before = try store.dump()
        let document = ListDocument(lists: [
            .init(name: "grocery store", items: [.init(name: "Milk", done: false), .init(name: "tea \"green\"", done: true)]),
            .init(name: "Big", items: (0..<5_000).map { .init(name: "item \($0)", done: $0 % 3 == 0) }),
        ])
        try store.importDocument(document)
        let after = try store.dump()
        // One entry per list the import added to, and one from creating Grocery Store.
        #expect(try store.rawCount("SELECT count(*) FROM undo_ops WHERE entity = 'item_batch'") == 3)
        #expect(try store.rawCount("SELECT count(*) FROM undo_ops WHERE entity = 'items'") == 0)
        try store.undo()
        #expect(try store.dump() == before)
        try store.redo()
        #expect(try store.dump() == after)

        // Another writer (as another process's stale view would) changed an imported item.
        try store.writeOutsideUndo { db in try db.execute(sql: "UPDATE items SET done = 1 WHERE name = 'item 1'") }
        let changed = try store.dump()
        #expect(throws: StoreError.conflict(
            "Cannot undo “imported 2 lists with 5001 items”: it was changed since. It is out of the undo history now: "
                + "undo again undoes the change before it.")) {
            try store.undo()
        }
        #expect(try store.dump() == changed)
    }

    @Test func everyOperationUndoesAndRedoesExactly() throws {
        try store.createList(named: "Grocery Store", items: ["milk", "eggs", "bread"])
        try store.createList(named: "Hardware Store", items: ["nails"])
        try store.setDone(true, [.name("milk")], in: .name("Gro"))
        // Each operation, then undo restores the state before it and redo the state after it.
        let operations: [(String, () throws -> Void)] = [
            ("add", { try store.addItems(["rice", "beans"], to: .name("Gro"), at: 1) }),
            ("rename item", { try store.renameItem(.name("eggs"), in: .name("Gro"), to: "6 eggs") }),
            ("check", { try store.setDone(true, [.name("eggs"), .name("bread")], in: .name("Gro")) }),
            ("uncheck", { try store.setDone(false, [.name("milk")], in: .name("Gro")) }),
            ("remove", { try store.deleteItems([.name("2"), .name("bread")], from: .name("Gro")) }),
            ("move item", { try store.moveItem(.name("milk"), in: .name("Gro"), to: 2) }),
            ("clear done", { try store.clearDone(in: .name("Gro")) }),
            ("reset", { try store.resetList(.name("Gro")) }),
            ("create list", { try store.createList(named: "Books", items: ["Dune"]) }),
            ("rename list", { try store.renameList(.name("Hardware"), to: "DIY") }),
            ("move list", { try store.moveList(.name("Hardware"), to: 0) }),
            ("copy list", { try store.copyList(.name("Gro")) }),
            ("delete list", { try store.deleteList(.name("Gro")) }),
            ("import", { try store.importDocument(ListDocument(lists: [.init(name: "grocery store", items: [.init(name: "tea", done: true)])])) }),
        ]
        for (name, operation) in operations {
            let before = try snapshot()
            try operation()
            let after = try snapshot()
            #expect(before != after, "\(name) changed nothing")
            try store.undo()
            #expect(try snapshot() == before, "undo of \(name)")
            try store.redo()
            #expect(try snapshot() == after, "redo of \(name)")
            try store.undo()
        }
    }

    /// Everything a person could notice: lists, items, order, states, names, times.
    private func snapshot() throws -> String {
        try store.read { db in
            let lists = try TaskList.fetchAll(db, sql: "SELECT \(TaskList.columns) FROM lists ORDER BY position")
            let items = try ListItem.fetchAll(db, sql: "SELECT \(ListItem.columns) FROM items ORDER BY list_id, position")
            return "\(lists)\n\(items)"
        }
    }

    @Test func undoSaysWhatItDid() throws {
        try store.createList(named: "Grocery Store", items: ["milk"])
        try store.deleteItems([.name("milk")], from: .name("Grocery"))
        #expect(try store.undo() == "Undid: removed milk from Grocery Store")
        #expect(try store.redo() == "Redid: removed milk from Grocery Store")
        #expect(try store.undo() == "Undid: removed milk from Grocery Store")
        #expect(try store.undo() == "Undid: created list Grocery Store with milk")
        #expect(throws: StoreError.nothingToDo("Nothing to undo.")) { try store.undo() }
        #expect(try store.redo() == "Redid: created list Grocery Store with milk")
    }

    @Test func aNewChangeEndsTheRedoChain() throws {
        try store.createList(named: "A")
        try store.createList(named: "B")
        try store.undo()
        try store.createList(named: "C")
        #expect(throws: StoreError.nothingToDo("Nothing to redo.")) { try store.redo() }
        #expect(try store.lists().map(\.name) == ["A", "C"])
    }

    @Test func changesThatChangeNothingAreNotLogged() throws {
        try store.createList(named: "A", items: ["x"])
        try store.setDone(false, [.name("x")], in: .name("A"))
        #expect(try store.undoDepth().undo == 1)
    }

    @Test func undoRefusesWhenRowsChangedBehindTheLog() throws {
        try store.createList(named: "A", items: ["x"])
        try store.setDone(true, [.name("x")], in: .name("A"))
        // Another program edits the row directly (not through the store).
        try store.writer.write { db in try db.execute(sql: "UPDATE items SET name = 'y'") }
        #expect(throws: StoreError.conflict(
            "Cannot undo “checked off x on A”: it was changed since. It is out of the undo history now: "
                + "undo again undoes the change before it.")) {
            try store.undo()
        }
        #expect(try store.dump() == "A: [x] y")
    }

    /// A sync's change to an item changed here blocks undoing that change only: undo says so,
    /// and the next undo reaches the steps behind it (here, a deleted list comes back).
    @Test func aStepChangedBySyncIsSkippedAndTheOlderStepsStayReachable() throws {
        try store.createList(named: "Garden", items: ["rake"])
        try store.createList(named: "A", items: ["x"])
        try store.deleteList(.name("Garden"))
        try store.setDone(true, [.name("x")], in: .name("A"))
        // The phone renamed x; the sync writes it outside the undo log.
        let x = try store.item(.name("x"), in: .name("A"))
        var renamed = x
        renamed.name = "x from the phone"
        try store.applySync([SyncStep([.putItem(renamed, expected: x)])])
        #expect(throws: StoreError.self) { try store.undo() }
        #expect(try store.dump() == "A: [x] x from the phone")
        #expect(try store.undo() == "Undid: deleted list Garden and its 1 item")
        #expect(try store.dump().contains("Garden: [ ] rake"))
        // Redo puts the list deletion back; the skipped step is gone from the history.
        #expect(try store.redo() == "Redid: deleted list Garden and its 1 item")
        #expect(throws: StoreError.nothingToDo("Nothing to redo.")) { try store.redo() }
    }

    @Test func aRedoChangedSinceEndsTheRedoChain() throws {
        try store.createList(named: "A", items: ["x"])
        try store.setDone(true, [.name("x")], in: .name("A"))
        try store.addItems(["y"], to: .name("A"))
        try store.undo()
        try store.undo()
        try store.writer.write { db in try db.execute(sql: "UPDATE items SET name = 'z' WHERE name = 'x'") }
        #expect(throws: StoreError.conflict("Cannot redo “checked off x on A”: it was changed since. Nothing is left to redo.")) {
            try store.redo()
        }
        #expect(throws: StoreError.nothingToDo("Nothing to redo.")) { try store.redo() }
        #expect(try store.dump() == "A: [ ] z")
    }

    @Test func movingSomethingWhereItIsChangesNothing() throws {
        try store.createList(named: "A", items: ["x", "y"])
        try store.createList(named: "B")
        #expect(try store.moveItem(.name("y"), in: .name("A"), to: 1).recorded == false)
        #expect(try store.moveList(.name("B"), to: 1).recorded == false)
        #expect(try store.undoDepth().undo == 2)
    }

    @Test func theLogKeepsItsLastThousandCommandsDespiteGapsInIds() throws {
        try store.createList(named: "A")
        // Undone changes dropped by a new change leave gaps in the group ids.
        for n in 0..<20 {
            try store.addItems(["u\(n)"], to: .name("A"))
            try store.undo()
        }
        for n in 0..<1005 { try store.addItems(["i\(n)"], to: .name("A")) }
        #expect(try store.undoDepth().undo == 1000)
    }

    @Test func theLogKeepsItsLastThousandCommands() throws {
        try store.createList(named: "A")
        for n in 0..<1010 { try store.addItems(["i\(n)"], to: .name("A")) }
        #expect(try store.undoDepth().undo == 1000)
        #expect(try store.rawCount("SELECT count(DISTINCT group_id) FROM undo_ops") == 1000)
    }
}

@Suite("Two store instances on one database (two processes)")
struct SharedStoreTests {
    let dir = TempDir()

    @Test func undoInOneUndoesAChangeMadeByTheOther() throws {
        let tui = try ListStore.open(dir.location)
        let cli = try ListStore.open(dir.location)
        try tui.createList(named: "Grocery Store", items: ["milk", "eggs"])
        try tui.deleteItems([.name("milk")], from: .name("Grocery"))
        #expect(try cli.undo() == "Undid: removed milk from Grocery Store")
        #expect(try tui.dump() == "Grocery Store: [ ] milk, [ ] eggs")
        #expect(try tui.redo() == "Redid: removed milk from Grocery Store")
        #expect(try cli.dump() == "Grocery Store: [ ] eggs")
    }

    @Test func undoTakesTheNewestChangeWhoeverMadeIt() throws {
        let a = try ListStore.open(dir.location)
        let b = try ListStore.open(dir.location)
        try a.createList(named: "L")
        try a.addItems(["from a"], to: .name("L"))
        try b.addItems(["from b"], to: .name("L"))
        #expect(try a.undo() == "Undid: added from b to L")
        #expect(try a.undo() == "Undid: added from a to L")
    }

    @Test func dataVersionChangesOnlyForOtherConnections() throws {
        let watcher = try ListStore.open(dir.location)
        let other = try ListStore.open(dir.location)
        let start = try watcher.dataVersion()
        try watcher.createList(named: "Own change")
        #expect(try watcher.dataVersion() == start)
        try other.createList(named: "Their change")
        let changed = try watcher.dataVersion()
        #expect(changed != start)
        #expect(try watcher.dataVersion() == changed)
    }
}
