import CSQLiteShim
import Foundation
import GRDB

/// Every change the store makes goes through a `ChangeSet`, inside one write transaction.
/// It performs the row change and records the row before and after, so the whole user
/// command can be undone or redone later — by this process or any other.
struct ChangeSet {
    let db: Database
    /// The time of this change, already truncated to what the store keeps.
    let now: Date
    private(set) var ops: [(entity: String, before: String?, after: String?)] = []
    /// What to log of this change (see `DonationRecord`), written in the same transaction,
    /// outside the undo log.
    var donation: DonationRecord?

    init(db: Database, now: Date) {
        self.db = db
        self.now = now
    }

    mutating func insert<R: StoredRow>(_ row: R) throws {
        try row.insert(db)
        ops.append((R.entity, nil, row.snapshot))
    }

    /// Inserts items made together (an import, a new list's items): logged as one entry per
    /// list and time, not one per item (an import of 100,000 items would otherwise double the
    /// size of the database with its undo log).
    mutating func insert(items: [ListItem]) throws {
        var start = items.startIndex
        while start < items.endIndex {
            let first = items[start]
            let end = items[start...].firstIndex {
                $0.listID != first.listID || $0.created != first.created || $0.modified != first.modified
            } ?? items.endIndex
            // The shared values once, and each id as text once (for the row and the log); the
            // row bound and run in C (see CSQLiteShim).
            let statement = try db.cachedStatement(sql: ListItem.insertSQL)
            var listKey = first.listID.key
            let created = first.created.millis
            let modified = first.modified.millis
            var ids: [String] = []
            ids.reserveCapacity(end - start)
            for item in items[start..<end] {
                var id = item.id.key
                var name = item.name
                var key = NameRules.key(item.name)
                let result = id.withUTF8 { id in
                    listKey.withUTF8 { list in
                        name.withUTF8 { name in
                            key.withUTF8 { key in
                                listomat_insert_item(
                                    UnsafeMutableRawPointer(statement.sqliteStatement), Self.text(id), Int32(id.count),
                                    Self.text(list), Int32(list.count), Self.text(name), Int32(name.count), item.done ? 1 : 0,
                                    item.position, created, modified, Self.text(key), Int32(key.count))
                            }
                        }
                    }
                }
                guard result == 101 /* SQLITE_DONE */ else {
                    throw DatabaseError(resultCode: ResultCode(rawValue: result), message: db.lastErrorMessage, sql: ListItem.insertSQL)
                }
                ids.append(id)
            }
            ops.append((ItemBatch.entity, nil, ItemBatch.encode(items[start..<end], ids: ids)))
            start = end
        }
    }

    /// UTF-8 bytes as C's `const char *` (nil for an empty text, which C takes as "").
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafePointer<CChar>? {
        bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
    }

    mutating func update<R: StoredRow>(_ old: R, to new: R) throws {
        guard old != new else { return }
        try new.replace(db)
        ops.append((R.entity, old.snapshot, new.snapshot))
    }

    mutating func delete<R: StoredRow>(_ row: R) throws {
        try R.delete(db, id: row.id)
        ops.append((R.entity, row.snapshot, nil))
    }

    /// Writes the group to the log, drops what could have been redone (a new change ends
    /// the redo chain) and keeps the log to its maximum length.
    func commit(summary: ChangeSummary) throws {
        guard !ops.isEmpty else { return }
        try db.execute(sql: "DELETE FROM undo_groups WHERE undone = 1")
        try db.execute(
            sql: "INSERT INTO undo_groups (summary, created) VALUES (?, ?)", arguments: [summary.stored, now.millis])
        let group = db.lastInsertedRowID
        let statement = try db.cachedStatement(
            sql: "INSERT INTO undo_ops (group_id, seq, entity, before, after) VALUES (?, ?, ?, ?, ?)")
        for (seq, op) in ops.enumerated() {
            try statement.execute(arguments: [group, seq, op.entity, op.before, op.after])
        }
        // Ids have gaps (a new change deletes what could be redone): keep the newest by count.
        try db.execute(
            sql: "DELETE FROM undo_groups WHERE id < (SELECT min(id) FROM (SELECT id FROM undo_groups ORDER BY id DESC LIMIT ?))",
            arguments: [UndoLog.keptGroups])
    }
}

/// Row snapshots in the undo log: JSON of the record, exact for every field.
///
/// Written by hand (each row's `snapshot`) with the keys and values `JSONEncoder` would
/// write (dates as seconds since 2001; ids in lowercase, which reads back the same), at a
/// fraction of its cost: an import logs every item it adds. Read back with `JSONDecoder`.
enum Snapshot {
    /// A date as `JSONEncoder` writes it by default: seconds since 2001, as a number that
    /// reads back to exactly the same date.
    static func date(_ date: Date) -> String {
        "\(date.timeIntervalSinceReferenceDate)"
    }

    static func decode<R: StoredRow>(_ type: R.Type, _ text: String) throws -> R {
        do {
            return try JSONDecoder().decode(type, from: Data(text.utf8))
        } catch {
            throw StoreError.storage(.undoLogUnreadable)
        }
    }
}

enum UndoLog {
    /// How many user commands can be undone.
    static let keptGroups: Int64 = 1000

    enum Direction { case undo, redo }

    /// Undoes the newest change not yet undone, or redoes the oldest undone one.
    /// Refuses (and changes nothing) when the rows it would restore were changed since.
    /// Returns what the group's change did and the rows it put back, in the order it did, when
    /// they are at most `reporting` (an undo can put back a whole list: nil then).
    static func step(_ direction: Direction, reporting: Int, in db: Database) throws -> (change: ChangeSummary, rows: UndoStep.Rows?) {
        let sql = direction == .undo
            ? "SELECT id, summary FROM undo_groups WHERE undone = 0 ORDER BY id DESC LIMIT 1"
            : "SELECT id, summary FROM undo_groups WHERE undone = 1 ORDER BY id ASC LIMIT 1"
        guard let group = try Row.fetchOne(db, cached: sql) else {
            throw StoreError.nothingToDo(direction == .undo ? .nothingToUndo : .nothingToRedo)
        }
        let groupID: Int64 = try group.decode(atIndex: 0)
        let summary = ChangeSummary(stored: try group.decode(atIndex: 1))
        var ops = try Row.fetchAll(
            db, cached: "SELECT entity, before, after FROM undo_ops WHERE group_id = ? ORDER BY seq",
            arguments: [groupID])
        if direction == .undo { ops.reverse() }
        let verb = direction == .undo ? "undo" : "redo"
        var lists: [RowChange<TaskList>] = []
        var items: [RowChange<ListItem>] = []
        var reported = true
        /// Stops keeping the rows put back once there are more than `reporting`.
        func keepIfFew() {
            guard lists.count + items.count > reporting else { return }
            reported = false
            (lists, items) = ([], [])
        }
        for op in ops {
            let entity: String = try op.decode(atIndex: 0)
            let before: String? = try op.decode(atIndex: 1)
            let after: String? = try op.decode(atIndex: 2)
            let (expected, target) = direction == .undo ? (after, before) : (before, after)
            switch entity {
            case TaskList.entity:
                let row = try restore(expected.map { try Snapshot.decode(TaskList.self, $0) },
                                      target.map { try Snapshot.decode(TaskList.self, $0) }, db, summary, verb: verb)
                if reported { lists.append(row); keepIfFew() }
            case ListItem.entity:
                let row = try restore(expected.map { try Snapshot.decode(ListItem.self, $0) },
                                      target.map { try Snapshot.decode(ListItem.self, $0) }, db, summary, verb: verb)
                if reported { items.append(row); keepIfFew() }
            case ItemBatch.entity:
                // Items inserted together: undo deletes them (newest first), redo inserts them.
                let deleting = expected != nil
                let batch: [ListItem] = try expected.map { try ItemBatch.decode($0).reversed() }
                    ?? target.map { try ItemBatch.decode($0) } ?? []
                for item in batch {
                    let row = try restore(deleting ? item : nil, deleting ? nil : item, db, summary, verb: verb)
                    if reported { items.append(row); keepIfFew() }
                }
            default: throw StoreError.storage(.undoLogUnknown(String(entity.prefix(20))))
            }
        }
        try db.execute(
            sql: "UPDATE undo_groups SET undone = ? WHERE id = ?", arguments: [direction == .undo, groupID])
        return (summary, reported ? (lists, items) : nil)
    }

    /// Takes out of the log the step that could not be done (`message` says why): the newest
    /// not undone, or for a redo every undone step (a change made since ends the redo chain).
    /// Returns the message with what happens next.
    static func dropStep(_ direction: Direction, because message: StoreMessage, in db: Database) throws -> StoreMessage {
        switch direction {
        case .undo:
            try db.execute(sql: """
                DELETE FROM undo_groups WHERE id = (SELECT id FROM undo_groups WHERE undone = 0 ORDER BY id DESC LIMIT 1)
                """)
            let more = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM undo_groups WHERE undone = 0)") ?? false
            return message.dropped(redo: false, more: more)
        case .redo:
            try db.execute(sql: "DELETE FROM undo_groups WHERE undone = 1")
            return message.dropped(redo: true, more: false)
        }
    }

    /// Puts one row back to `targetRow` (nil: absent), after checking it is still `expectedRow`.
    private static func restore<R: StoredRow>(
        _ expectedRow: R?, _ targetRow: R?, _ db: Database, _ summary: ChangeSummary, verb: String
    ) throws -> RowChange<R> {
        guard let id = expectedRow?.id ?? targetRow?.id else { return RowChange(before: nil, after: nil) }
        let current = try R.fetch(db, id: id)
        guard current == expectedRow else {
            throw StoreError.conflict(.changedSince(summary, redo: verb == "redo"))
        }
        if let targetRow {
            try targetRow.replace(db)
        } else {
            try R.delete(db, id: id)
        }
        return RowChange(before: expectedRow, after: targetRow)
    }
}

/// Items inserted together, as one undo log entry: what they share (list, times) once, then
/// each item's id, name, done and position. JSON, like the snapshots.
enum ItemBatch {
    static let entity = "item_batch"

    private struct Batch: Decodable {
        var list: String
        var created: Int64
        var modified: Int64
        var items: [Item]
    }

    private struct Item: Decodable {
        var i: String
        var n: String
        var d: Bool
        var p: Double
    }

    /// `items` share their list and times (`ChangeSet.insert(items:)` groups them so).
    /// `ids`: each item's id as text (the caller has made them for the rows).
    static func encode(_ items: ArraySlice<ListItem>, ids: [String]) -> String {
        guard let first = items.first else { return "" }
        var text = #"{"list":"\#(first.listID.key)","created":\#(first.created.millis),"modified":\#(first.modified.millis),"items":["#
        text.reserveCapacity(items.count * 80)
        for (n, item) in items.enumerated() {
            if n > 0 { text += "," }
            text += #"{"i":""#
            text += ids[n]
            text += #"","n":"#
            text += JSONText.quoted(item.name)
            text += item.done ? #","d":true,"p":"# : #","d":false,"p":"#
            text += "\(item.position)}"
        }
        return text + "]}"
    }

    static func decode(_ text: String) throws -> [ListItem] {
        let batch: Batch
        do {
            batch = try JSONDecoder().decode(Batch.self, from: Data(text.utf8))
        } catch {
            throw StoreError.storage(.undoLogUnreadable)
        }
        guard let list = UUID(key: batch.list) else { throw StoreError.storage(.undoLogUnreadable) }
        let created = Date(millis: batch.created)
        let modified = Date(millis: batch.modified)
        return try batch.items.map { item in
            guard let id = UUID(key: item.i) else { throw StoreError.storage(.undoLogUnreadable) }
            return ListItem(id: id, listID: list, name: item.n, done: item.d, position: item.p, created: created, modified: modified)
        }
    }
}

/// One row an undo or redo put back: as it was before and as it is now (nil: absent).
public struct RowChange<Value: Sendable & Equatable>: Sendable, Equatable {
    package let before: Value?
    package let after: Value?

    package init(before: Value?, after: Value?) {
        self.before = before
        self.after = after
    }
}

/// What an undo or redo did: the change it undid or redid, and the rows it put back, so a view
/// can follow them without reading everything again.
package struct UndoStep: Sendable {
    /// The change undone (or redone), as its maker recorded it.
    package let change: ChangeSummary
    /// True for a redo.
    package let redone: Bool
    /// "Undid: removed milk from Grocery Store", in English.
    package var summary: String { (redone ? "Redid: " : "Undid: ") + change.english }
    package typealias Rows = (lists: [RowChange<TaskList>], items: [RowChange<ListItem>])
    /// The rows, in the order put back; nil when there were more than asked for.
    package let rows: Rows?
}
