import Foundation
import GRDB

/// A list as the last sync left it: the collection it is paired with and its name then.
package struct SyncedList: Sendable, Equatable {
    package var listID: UUID
    /// The collection's path on the server.
    package var href: String
    /// The list's name here at the last sync.
    package var baseName: String
    /// The collection's name on the server at the last sync.
    package var remoteName: String
    package var ctag: String?
    package var syncToken: String?

    package init(listID: UUID, href: String, baseName: String, remoteName: String, ctag: String?, syncToken: String?) {
        self.listID = listID
        self.href = href
        self.baseName = baseName
        self.remoteName = remoteName
        self.ctag = ctag
        self.syncToken = syncToken
    }
}

/// An item as the last sync left it, on both sides: the server's (its VTODO's text, `ics`, and
/// entity tag) and this side's (its name, done and position here then).
package struct SyncedItem: Sendable, Equatable {
    package var listID: UUID
    package var uid: String
    package var itemID: UUID
    package var href: String
    package var etag: String?
    package var baseName: String
    package var baseDone: Bool
    package var basePosition: Double
    package var ics: String

    package init(
        listID: UUID, uid: String, itemID: UUID, href: String, etag: String?, baseName: String, baseDone: Bool,
        basePosition: Double, ics: String
    ) {
        self.listID = listID
        self.uid = uid
        self.itemID = itemID
        self.href = href
        self.etag = etag
        self.baseName = baseName
        self.baseDone = baseDone
        self.basePosition = basePosition
        self.ics = ics
    }
}

/// A change made on both sides to the same thing, and what the sync kept.
package struct SyncConflict: Sendable, Equatable, Codable {
    package enum Side: String, Sendable, Codable {
        case here
        case server
    }

    package var date: Date
    package var list: String
    /// The item's name; "" for the list itself.
    package var item: String
    /// "name", "done", "position", or "deleted" (an edit kept against a deletion).
    package var field: String
    package var kept: String
    package var lost: String
    /// Where the change that lost was made.
    package var lostSide: Side

    package init(date: Date, list: String, item: String, field: String, kept: String, lost: String, lostSide: Side) {
        self.date = date
        self.list = list
        self.item = item
        self.field = field
        self.kept = kept
        self.lost = lost
        self.lostSide = lostSide
    }
}

/// Everything a sync compares: the lists and items now, and the sync state.
package struct SyncSnapshot: Sendable {
    package var lists: [TaskList]
    package var items: [UUID: [ListItem]]
    package var syncedLists: [UUID: SyncedList]
    /// By list id, then the to-do's href (two to-dos may share a UID).
    package var syncedItems: [UUID: [String: SyncedItem]]
    package var meta: [String: String]

    package init(
        lists: [TaskList] = [], items: [UUID: [ListItem]] = [:], syncedLists: [UUID: SyncedList] = [:],
        syncedItems: [UUID: [String: SyncedItem]] = [:], meta: [String: String] = [:]
    ) {
        self.lists = lists
        self.items = items
        self.syncedLists = syncedLists
        self.syncedItems = syncedItems
        self.meta = meta
    }
}

/// One change a sync makes to the store: taken whole or skipped whole (when a row it
/// expects has changed since the snapshot — a person's edit during the sync wins, and the
/// next sync merges it).
package struct SyncStep: Sendable {
    package enum Operation: Sendable {
        /// Creates the list (its name made unique among the lists with " (2)", " (3)"…).
        case createList(TaskList)
        case renameList(UUID, to: String)
        case deleteList(UUID)
        /// Writes the item, if the row is still `expected` (nil: there is none).
        case putItem(ListItem, expected: ListItem?)
        /// Deletes the item, if the row is still `expected`.
        case deleteItem(ListItem)
        case saveList(SyncedList)
        /// Forgets a list's sync state and its items'.
        case forgetList(UUID)
        case saveItem(SyncedItem)
        case forgetItem(list: UUID, href: String)
        case conflict(SyncConflict)
    }

    package var operations: [Operation]

    package init(_ operations: [Operation]) { self.operations = operations }
}

private struct SkipStep: Error {}

extension ListStore {
    /// The lists, their items and the sync state, in one read.
    package func syncSnapshot() throws(StoreError) -> SyncSnapshot {
        try read { db in
            let lists = try TaskList.fetchAll(db, sql: "SELECT \(TaskList.columns) FROM lists ORDER BY position")
            var items: [UUID: [ListItem]] = [:]
            for item in try ListItem.fetchAll(db, sql: "SELECT \(ListItem.columns) FROM items ORDER BY list_id, position") {
                items[item.listID, default: []].append(item)
            }
            var syncedLists: [UUID: SyncedList] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT list_id, href, base_name, remote_name, ctag, sync_token FROM sync_lists") {
                guard let id = UUID(key: row[0]) else { continue }
                syncedLists[id] = SyncedList(
                    listID: id, href: row[1], baseName: row[2], remoteName: row[3], ctag: row[4], syncToken: row[5])
            }
            var syncedItems: [UUID: [String: SyncedItem]] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT list_id, uid, item_id, href, etag, base_name, base_done, base_position, CAST(ics AS BLOB) FROM sync_items
                """) {
                guard let list = UUID(key: row[0]), let item = UUID(key: row[2]) else { continue }
                // As bytes: a server's text may hold a NUL, where a C string would end.
                let ics: Data = row[8] ?? Data()
                let synced = SyncedItem(
                    listID: list, uid: row[1], itemID: item, href: row[3], etag: row[4], baseName: row[5],
                    baseDone: row[6], basePosition: row[7], ics: String(decoding: ics, as: UTF8.self))
                syncedItems[list, default: [:]][synced.href] = synced
            }
            return SyncSnapshot(
                lists: lists, items: items, syncedLists: syncedLists, syncedItems: syncedItems, meta: try Self.syncMeta(db))
        }
    }

    /// Applies steps in one transaction, outside the undo log (a sync's changes are the other
    /// side's, not the person's to undo; an undo of an older change to the same row says it
    /// was changed since). Returns how many steps were skipped.
    @discardableResult
    package func applySync(_ steps: [SyncStep]) throws(StoreError) -> Int {
        guard !steps.isEmpty else { return 0 }
        let now = clock().storable
        return try writeOutsideUndo { db in
            var skipped = 0
            for step in steps {
                do {
                    try db.inSavepoint {
                        for operation in step.operations { try Self.apply(operation, db, now: now) }
                        return .commit
                    }
                } catch is SkipStep {
                    skipped += 1
                }
            }
            return skipped
        }
    }

    /// The sync's own notes alone (`sync_meta`): what a sync needs before it reads the rest.
    package func syncMeta() throws(StoreError) -> [String: String] {
        try read { db in try Self.syncMeta(db) }
    }

    private static func syncMeta(_ db: Database) throws -> [String: String] {
        var meta: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT key, value FROM sync_meta") { meta[row[0]] = row[1] }
        return meta
    }

    /// Sets (or with nil removes) sync metadata: the account, the last sync's time and outcome.
    package func setSyncMeta(_ values: [String: String?]) throws(StoreError) {
        try writeOutsideUndo { db in
            for (key, value) in values {
                if let value {
                    try db.execute(sql: "INSERT OR REPLACE INTO sync_meta (key, value) VALUES (?, ?)", arguments: [key, value])
                } else {
                    try db.execute(sql: "DELETE FROM sync_meta WHERE key = ?", arguments: [key])
                }
            }
        }
    }

    /// Forgets all sync state (another account, or `listomat sync --forget`): the lists and
    /// items stay; the next sync pairs them with the server's by name.
    package func forgetSyncState() throws(StoreError) {
        try writeOutsideUndo { db in
            try db.execute(sql: "DELETE FROM sync_lists; DELETE FROM sync_items; DELETE FROM sync_meta")
        }
    }

    /// The conflicts recorded by syncs, newest first.
    package func syncConflicts(limit: Int = 50) throws(StoreError) -> [SyncConflict] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT created, list, item, field, kept, lost, lost_side FROM sync_conflicts
                ORDER BY id DESC LIMIT ?
                """, arguments: [limit]).map { row in
                SyncConflict(
                    date: Date(millis: row[0]), list: row[1], item: row[2], field: row[3], kept: row[4], lost: row[5],
                    lostSide: SyncConflict.Side(rawValue: row[6]) ?? .server)
            }
        }
    }

    private static func apply(_ operation: SyncStep.Operation, _ db: Database, now: Date) throws {
        switch operation {
        case .createList(var list):
            list.name = try uniqueListName(list.name, except: nil, db)
            list.position = ((try Double.fetchOne(db, cached: "SELECT max(position) FROM lists")) ?? -1) + 1
            try list.insert(db)
        case .renameList(let id, let name):
            guard var list = try TaskList.fetch(db, id: id) else { throw SkipStep() }
            let unique = try uniqueListName(name, except: id, db)
            guard unique != list.name else { return }
            list.name = unique
            list.modified = now
            try list.replace(db)
        case .deleteList(let id):
            try TaskList.delete(db, id: id)
        case .putItem(let item, let expected):
            guard try ListItem.fetch(db, id: item.id) == expected else { throw SkipStep() }
            guard try TaskList.fetch(db, id: item.listID) != nil else { throw SkipStep() }
            try item.replace(db)
        case .deleteItem(let item):
            guard try ListItem.fetch(db, id: item.id) == item else { throw SkipStep() }
            try ListItem.delete(db, id: item.id)
        case .saveList(let synced):
            try db.execute(sql: """
                INSERT OR REPLACE INTO sync_lists (list_id, href, base_name, remote_name, ctag, sync_token, synced)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [
                    synced.listID.key, synced.href, synced.baseName, synced.remoteName, synced.ctag, synced.syncToken,
                    now.millis,
                ])
        case .forgetList(let id):
            try db.execute(sql: "DELETE FROM sync_lists WHERE list_id = ?", arguments: [id.key])
            try db.execute(sql: "DELETE FROM sync_items WHERE list_id = ?", arguments: [id.key])
        case .saveItem(let synced):
            try db.execute(sql: """
                INSERT OR REPLACE INTO sync_items
                    (list_id, uid, item_id, href, etag, base_name, base_done, base_position, ics)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [
                    synced.listID.key, synced.uid, synced.itemID.key, synced.href, synced.etag, synced.baseName,
                    // As bytes: SQLite would end a text at a NUL (a server's to-do may hold one).
                    synced.baseDone, synced.basePosition, Data(synced.ics.utf8),
                ])
        case .forgetItem(let list, let href):
            try db.execute(sql: "DELETE FROM sync_items WHERE list_id = ? AND href = ?", arguments: [list.key, href])
        case .conflict(let conflict):
            try db.execute(sql: """
                INSERT INTO sync_conflicts (created, list, item, field, kept, lost, lost_side) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [
                    conflict.date.millis, conflict.list, conflict.item, conflict.field, conflict.kept, conflict.lost,
                    conflict.lostSide.rawValue,
                ])
            // The newest 500 are plenty to explain what happened.
            try db.execute(sql: "DELETE FROM sync_conflicts WHERE id <= (SELECT max(id) FROM sync_conflicts) - 500")
        }
    }

    /// `name`, or "name (2)", "name (3)"… if another list has it.
    private static func uniqueListName(_ name: String, except id: UUID?, _ db: Database) throws -> String {
        func taken(_ candidate: String) throws -> Bool {
            let owner = try String.fetchOne(
                db, sql: "SELECT id FROM lists WHERE name_key = ?", arguments: [NameRules.key(candidate)])
            return owner != nil && owner != id?.key
        }
        guard try taken(name) else { return name }
        var number = 2
        while try taken("\(name) (\(number))") { number += 1 }
        return "\(name) (\(number))"
    }
}
