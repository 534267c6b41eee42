import Foundation
import GRDB

/// One thing a person asked for, as Siri Shortcuts' donations record it: what was done and
/// with which lists and items, so that the assistant can suggest it again.
///
/// Donations are kept beside the lists, not in them: they are not in the undo log, and
/// whatever deletes a list or item (a command, undo or redo, an import) deletes every
/// donation that names it, so nothing about a deleted list or item remains.
public struct DonationRecord: Sendable, Equatable {
    /// The donation's identifier.
    package var id: UUID
    /// What was done, e.g. "AddTasks".
    package var intent: String
    /// JSON text, opaque to the store.
    package var parameters: String
    /// A group identifier, e.g. a list's `id.key` (exactly that text): deleting that list deletes
    /// the donation.
    package var group: String?
    /// The ids of the lists and items this donation names, each once, in order.
    package var references: [UUID]
    /// Who asked: "tui", "cli", "assistant".
    package var source: String
    /// When. The store keeps whole milliseconds, like every time it keeps.
    package var date: Date

    package init(
        id: UUID = .random(), intent: String, parameters: String, group: String? = nil,
        references: [UUID] = [], source: String, date: Date
    ) {
        self.id = id
        self.intent = intent
        self.parameters = parameters
        self.group = group
        self.references = references
        self.source = source
        self.date = date
    }
}

extension ListStore {
    /// Makes the donation of a change from the list it was made on (for a copy, the list
    /// copied) and the items it made or changed. Called inside the change's transaction, so
    /// it must not use the store; the donation is written in that transaction (only when
    /// something changed), and failing to write it never fails the change.
    public typealias Donating = (TaskList, [ListItem]) -> DonationRecord?

    /// How many donations the store keeps: the newest, by date. Enough for suggestions, and a
    /// bound on what an interaction log keeps about a person.
    public static let keptDonations = 2_000

    /// Records a donation, in one write transaction and outside the undo log, and prunes all
    /// but the newest `keptDonations`.
    ///
    /// Refuses (`notFound`) a donation that names a list or item that no longer exists (one
    /// deleted by another process meanwhile): it could never be cleaned up with it.
    package func donate(_ record: DonationRecord) throws(StoreError) {
        try donate(record, keeping: Self.keptDonations)
    }

    /// `donate`, keeping `kept` donations (tests prune with small numbers).
    func donate(_ record: DonationRecord, keeping kept: Int) throws(StoreError) {
        try writeUnsynced { db in try Self.insert(record, keeping: kept, db) }
    }

    /// Records several donations in one write transaction, in order, and prunes once: what
    /// the TUI and the MCP server kept since their last tick. One transaction for all of them,
    /// not one each: a call or key press that comes meanwhile waits for the store's one
    /// connection, and a hundred commits took it tens of milliseconds. A donation `donate`
    /// would refuse (it names a list or item that no longer exists, or its id is taken) is
    /// left out; the others are written. Returns how many were written.
    @discardableResult
    package func donate(_ records: [DonationRecord]) throws(StoreError) -> Int {
        try donate(records, keeping: Self.keptDonations)
    }

    /// `donate(_:)` of several, keeping `kept` donations.
    func donate(_ records: [DonationRecord], keeping kept: Int) throws(StoreError) -> Int {
        guard !records.isEmpty else { return 0 }
        return try writeUnsynced { db in
            var written = 0
            for record in records {
                do {
                    // Refuses before it writes anything (see `add`): nothing to undo.
                    try Self.add(record, db)
                    written += 1
                } catch is StoreError {
                    continue
                }
            }
            try Self.prune(keeping: kept, db)
            return written
        }
    }

    /// `writeOutsideUndo` with a commit that is not synced to the disk (`synchronous =
    /// NORMAL` for it; the next synced commit or checkpoint takes it along): for the donation
    /// log, a history of what was done, never itself a change the person was told of. A power
    /// cut can lose its last entries, never damage the database. The TUI and the MCP server
    /// write it in bursts on their tick (every request since the last one, each its own
    /// transaction), where a sync each took tens of milliseconds on a busy disk, and a request
    /// that came meanwhile waited for them. (A store that settles each change writes it as
    /// any change: see `settleEachChange`.)
    func writeUnsynced<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        guard access == .readWrite else {
            throw StoreError.storage(.readOnlyStore)
        }
        if settlesEachChange.value { return try writeOutsideUndo(body) }
        do {
            let result = try writer.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                defer { try? db.execute(sql: "PRAGMA synchronous = FULL") }
                try db.execute(sql: "BEGIN IMMEDIATE TRANSACTION")
                return try Self.commitOrRollBack(db, body)
            }
            afterWrite()
            return result
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// Writes a donation and prunes the log, in the transaction `db` is in.
    static func insert(_ record: DonationRecord, keeping kept: Int = keptDonations, _ db: Database) throws {
        try add(record, db)
        try prune(keeping: kept, db)
    }

    /// Writes a donation, in the transaction `db` is in. Throws a `StoreError` (a taken id, a
    /// list or item that no longer exists) before writing anything.
    static func add(_ record: DonationRecord, _ db: Database) throws {
        if try Bool.fetchOne(
            db, cached: "SELECT EXISTS (SELECT 1 FROM donations WHERE id = ?)", arguments: [record.id.key]) ?? false {
            throw StoreError.conflict("There is already a donation with the id \(record.id.key).")
        }
        // Each reference once, by its text (a set of texts, as elsewhere: a set of another
        // type costs the runtime a look-up of its own the first time, a tenth of a millisecond).
        var seen = Set<String>()
        let references = record.references.map(\.key).filter { seen.insert($0).inserted }
        for ref in references {
            let exists = try Bool.fetchOne(db, cached: """
                SELECT EXISTS (SELECT 1 FROM lists WHERE id = ?1) OR EXISTS (SELECT 1 FROM items WHERE id = ?1)
                """, arguments: [ref]) ?? false
            guard exists else { throw StoreError.notFound("That list or item no longer exists.") }
        }
        try db.cachedStatement(sql: """
            INSERT INTO donations (id, intent, parameters, group_id, source, created) VALUES (?, ?, ?, ?, ?, ?)
            """).execute(arguments: [
                record.id.key, record.intent, record.parameters, record.group, record.source, record.date.millis,
            ])
        let insertRef = try db.cachedStatement(
            sql: "INSERT INTO donation_refs (donation_id, ref, position) VALUES (?, ?, ?)")
        for (position, ref) in references.enumerated() {
            try insertRef.execute(arguments: [record.id.key, ref, position])
        }
    }

    /// Deletes all but the newest `kept` donations, in the transaction `db` is in.
    static func prune(keeping kept: Int, _ db: Database) throws {
        try db.cachedStatement(sql: """
            DELETE FROM donations WHERE rowid IN (
                SELECT rowid FROM donations ORDER BY created DESC, rowid DESC LIMIT -1 OFFSET ?)
            """).execute(arguments: [max(kept, 0)])
    }

    /// The donations, newest first (by date, then the later recorded first), at most `limit`.
    package func donations(limit: Int? = nil) throws(StoreError) -> [DonationRecord] {
        if let limit, limit <= 0 { return [] }
        return try read { db in
            let rows = try Row.fetchAll(db, cached: """
                SELECT id, intent, parameters, group_id, source, created FROM donations
                ORDER BY created DESC, rowid DESC LIMIT ?
                """, arguments: [limit ?? -1])
            let refs = try db.cachedStatement(
                sql: "SELECT ref FROM donation_refs WHERE donation_id = ? ORDER BY position")
            return try rows.map { row in
                let key: String = try row.decode(atIndex: 0)
                let references = try Row.fetchAll(refs, arguments: [key]).map { try decodeID($0, 0) }
                return DonationRecord(
                    id: try decodeID(row, 0), intent: try row.decode(atIndex: 1), parameters: try row.decode(atIndex: 2),
                    group: try row.decode(atIndex: 3), references: references, source: try row.decode(atIndex: 4),
                    date: Date(millis: try row.decode(atIndex: 5)))
            }
        }
    }

    /// Deletes the donations with these ids. Returns how many there were.
    @discardableResult
    package func forgetDonations(ids: [UUID]) throws(StoreError) -> Int {
        try writeOutsideUndo { db in
            let delete = try db.cachedStatement(sql: "DELETE FROM donations WHERE id = ?")
            var deleted = 0
            for id in Set(ids) {
                try delete.execute(arguments: [id.key])
                deleted += db.changesCount
            }
            return deleted
        }
    }

    /// Deletes the donations of a group. Returns how many there were.
    @discardableResult
    package func forgetDonations(group: String) throws(StoreError) -> Int {
        try writeOutsideUndo { db in
            try db.cachedStatement(sql: "DELETE FROM donations WHERE group_id = ?").execute(arguments: [group])
            return db.changesCount
        }
    }

    /// Deletes every donation. Returns how many there were.
    @discardableResult
    package func forgetAllDonations() throws(StoreError) -> Int {
        try writeOutsideUndo { db in
            try db.cachedStatement(sql: "DELETE FROM donations").execute()
            return db.changesCount
        }
    }
}
