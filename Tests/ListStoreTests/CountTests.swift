import Foundation
import GRDB
import Testing
@testable import ListStore

/// A small seeded generator (SplitMix64), so a failing random sequence can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension ListStore {
    /// The kept counts and the counts recounted from items, each as "id items done" lines.
    func keptAndRecountedCounts() throws -> (kept: [String], recounted: [String]) {
        try read { db in
            let kept = try Row.fetchAll(db, sql: "SELECT list_id, items, done FROM list_counts ORDER BY list_id")
            let recounted = try Row.fetchAll(db, sql: """
                SELECT l.id, count(i.id), coalesce(sum(i.done), 0)
                FROM lists l LEFT JOIN items i ON i.list_id = l.id GROUP BY l.id ORDER BY l.id
                """)
            func lines(_ rows: [Row]) throws -> [String] {
                try rows.map { row in
                    "\(try row.decode(atIndex: 0) as String) \(try row.decode(atIndex: 1) as Int) \(try row.decode(atIndex: 2) as Int)"
                }
            }
            return (try lines(kept), try lines(recounted))
        }
    }
}

@Suite("List counts kept by triggers")
struct CountTests {
    let clock = TestClock()
    let store: ListStore

    init() throws {
        store = try ListStore.inMemory(clock: clock.closure)
    }

    @Test func summariesReadTheKeptCountsNotTheItems() throws {
        try store.createList(named: "A", items: ["x", "y"])
        #expect(try store.summaries().map(\.title) == ["A (0 of 2 completed)"])
        // Proof that summaries() does not count items: a doctored count shows through.
        try store.writer.write { db in try db.execute(sql: "UPDATE list_counts SET items = 99") }
        #expect(try store.summaries().map(\.title) == ["A (0 of 99 completed)"])
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func countsStayExactThroughARandomSequenceWithUndoAndRedo(_ seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var nextList = 0
        var applied: [Int: Int] = [:]
        for step in 0..<600 {
            clock.advance(0.5)
            let lists = try store.lists()
            let operation = lists.isEmpty ? 0 : Int.random(in: 0...16, using: &random)
            do {
                if try apply(operation, to: lists, nextList: &nextList, &random) { applied[operation, default: 0] += 1 }
            } catch {
                // Nothing to undo or redo, an empty selection: refused, and so changed nothing.
                switch error {
                case .nothingToDo, .invalidName, .conflict: break
                default: Issue.record("step \(step), operation \(operation): \(error)")
                }
            }
            let counts = try store.keptAndRecountedCounts()
            try #require(counts.kept == counts.recounted, "seed \(seed), step \(step), operation \(operation)")
        }
        // The sequence really exercised every operation.
        #expect(applied.count == 17, "\(applied)")
        for summary in try store.summaries() {
            let items = try store.items(in: .id(summary.list.id))
            #expect(summary.itemCount == items.count)
            #expect(summary.completedCount == items.filter(\.done).count)
        }
    }

    /// Applies random operation `operation` to a random list of `lists`. False when it had
    /// nothing to work on.
    private func apply(
        _ operation: Int, to lists: [TaskList], nextList: inout Int, _ random: inout SeededGenerator
    ) throws(StoreError) -> Bool {
        let names = ["milk", "eggs", "bread", "rice", "tea", "jam"]
        func someNames() -> [String] {
            (0..<Int.random(in: 1...3, using: &random)).map { _ in names.randomElement(using: &random)! }
        }
        func newName() -> String {
            nextList += 1
            return "L\(nextList)"
        }
        guard let list = lists.randomElement(using: &random) else {
            try store.createList(named: newName(), items: someNames())
            return true
        }
        let items = try store.items(in: .id(list.id))
        let someItems = items.filter { _ in Bool.random(using: &random) }.map { ItemRef.id($0.id) }
        let ref = ListRef.id(list.id)
        switch operation {
        case 0: try store.createList(named: newName(), items: Bool.random(using: &random) ? someNames() : [])
        case 1:
            let index = Bool.random(using: &random) ? Int.random(in: 0...items.count, using: &random) : nil
            try store.addItems(someNames(), to: ref, at: index)
        case 2: try store.addItemsUnlessPresent(someNames(), to: ref)
        case 3: try store.deleteItems(someItems, from: ref)
        case 4, 5: try store.setDone(Bool.random(using: &random), someItems, in: ref)
        case 6:
            guard let item = items.randomElement(using: &random) else { return false }
            try store.moveItem(.id(item.id), in: ref, to: Int.random(in: 0...items.count, using: &random))
        case 7: try store.clearDone(in: ref)
        case 8: try store.resetList(ref)
        case 9: try store.deleteList(ref)
        case 10: try store.copyList(ref, named: Bool.random(using: &random) ? newName() : nil)
        case 11:
            // Merges into an existing list and creates another.
            try store.importDocument(ListDocument(lists: [
                .init(name: list.name, items: someNames().map { .init(name: $0, done: Bool.random(using: &random)) }),
                .init(name: newName(), items: someNames().map { .init(name: $0, done: Bool.random(using: &random)) }),
            ]))
        case 12:
            guard let item = items.randomElement(using: &random) else { return false }
            try store.renameItem(.id(item.id), in: ref, to: names.randomElement(using: &random)!)
        case 13: try store.moveList(ref, to: Int.random(in: 0...lists.count, using: &random))
        case 14, 15:
            for _ in 0..<Int.random(in: 1...4, using: &random) { try store.undo() }
        default:
            for _ in 0..<Int.random(in: 1...3, using: &random) { try store.redo() }
        }
        return true
    }

    @Test func anItemMovedToAnotherListByAnyWriterMovesItsCounts() throws {
        try store.createList(named: "A", items: ["x", "y"])
        try store.createList(named: "B", items: ["z"])
        try store.setDone(true, [.name("x")], in: .name("A"))
        let b = try store.list(.name("B"))
        try store.writer.write { db in
            try db.execute(sql: "UPDATE items SET list_id = ? WHERE name = 'x'", arguments: [b.id.key])
        }
        #expect(try store.summaries().map(\.title) == ["A (0 of 1 completed)", "B (1 of 2 completed)"])
        let counts = try store.keptAndRecountedCounts()
        #expect(counts.kept == counts.recounted)
    }

    @Test func insertOrReplaceFiresTheDeleteTriggers() throws {
        // SQLite fires delete triggers for rows REPLACE deletes only with recursive_triggers
        // on, which the store sets: an import that replaced rows would keep counts exact.
        try store.createList(named: "A", items: ["x", "y"])
        try store.setDone(true, [.name("x")], in: .name("A"))
        let x = try store.item(.name("x"), in: .name("A"))
        let a = try store.list(.name("A"))
        try store.writer.write { db in
            try db.execute(sql: """
                INSERT OR REPLACE INTO items (id, list_id, name, name_key, done, position, created, modified)
                VALUES (?, ?, 'x', 'x', 0, 0, 0, 0)
                """, arguments: [x.id.key, a.id.key])
            // A list replaced by name: the old row and, by cascade, its items go.
            try db.execute(sql: """
                INSERT OR REPLACE INTO lists (id, name, name_key, position, created, modified)
                VALUES (?, 'A', 'a', 0, 0, 0)
                """, arguments: [UUID().key])
        }
        let counts = try store.keptAndRecountedCounts()
        #expect(counts.kept == counts.recounted)
        #expect(try store.summaries().map(\.title) == ["A (0 of 0 completed)"])
    }

    @Test func deletingAListDeletesItsCounts() throws {
        try store.createList(named: "A", items: ["x"])
        try store.deleteList(.name("A"))
        #expect(try store.rawCount("SELECT count(*) FROM list_counts") == 0)
        try store.undo()
        #expect(try store.summaries().map(\.title) == ["A (0 of 1 completed)"])
    }

    @Test func aCopyInMemoryKeepsCountingExactly() throws {
        try store.createList(named: "A", items: ["x", "y"])
        let copy = try store.inMemoryCopy()
        try copy.setDone(true, [.name("x")], in: .name("A"))
        try copy.deleteItems([.name("y")], from: .name("A"))
        #expect(try copy.summaries().map(\.title) == ["A (1 of 1 completed)"])
        #expect(try store.summaries().map(\.title) == ["A (0 of 2 completed)"])
    }
}

@Suite("Migrating a version 1 database")
struct MigrationTests {
    let dir = TempDir()

    @Test func aVersion1DatabaseGetsExactCountsAndTheNewTables() throws {
        try FileManager.default.createDirectory(atPath: dir.path, withIntermediateDirectories: true)
        let now = Date(millis: 1_795_000_000_000)
        let full = TaskList(name: "Full", position: 0, created: now, modified: now)
        let empty = TaskList(name: "Empty", position: 1, created: now, modified: now)
        let done = TaskList(name: "All done", position: 2, created: now, modified: now)
        do {
            let queue = try DatabaseQueue(path: dir.location.databasePath)
            try Schema.migrator.migrate(queue, upTo: "v1")
            try queue.write { db in
                for list in [full, empty, done] { try list.insert(db) }
                for n in 0..<5 {
                    try ListItem(listID: full.id, name: "f\(n)", done: n < 2, position: Double(n), created: now, modified: now)
                        .insert(db)
                }
                for n in 0..<3 {
                    try ListItem(listID: done.id, name: "d\(n)", done: true, position: Double(n), created: now, modified: now)
                        .insert(db)
                }
            }
            #expect(try queue.read { db in try db.tableExists("list_counts") } == false)
            try queue.close()
        }
        let store = try ListStore.open(dir.location)
        #expect(try store.summaries().map(\.title) == [
            "Full (2 of 5 completed)", "Empty (0 of 0 completed)", "All done (3 of 3 completed)",
        ])
        // And the triggers keep them from here on.
        try store.addItems(["e"], to: .name("Empty"))
        try store.deleteItems([.name("d0")], from: .name("All done"))
        try store.setDone(true, [.name("f4")], in: .name("Full"))
        #expect(try store.summaries().map(\.title) == [
            "Full (3 of 5 completed)", "Empty (0 of 1 completed)", "All done (2 of 2 completed)",
        ])
        try store.donate(DonationRecord(intent: "AddTasks", parameters: "{}", references: [full.id], source: "cli", date: now))
        try store.addPhrase(PhraseRecord(phrase: "p", key: "p", intent: "AddTasks", parameters: "{}", created: now))
        #expect(try store.donations().count == 1)
        #expect(try store.phrases().count == 1)
    }
}
