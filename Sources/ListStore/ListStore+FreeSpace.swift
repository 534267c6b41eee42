import GRDB

/// Giving the space of deleted rows back to the file system.
///
/// A new database is made with `auto_vacuum = INCREMENTAL`: SQLite keeps the free pages on a
/// list and `PRAGMA incremental_vacuum` moves the last pages into them and shortens the file.
/// That runs when a process that wrote ends (`finishWriting`), never on a key press, and only
/// once the free pages pass `freeSpaceLimit`. A database made before has no such list; it is
/// switched (one `VACUUM`, which rewrites the file in one transaction: a crash leaves the old
/// file or the new, whole) the first time it has that much free space and a quarter of it is
/// free, so the one rewrite copies at most three quarters of the file.
extension ListStore {
    /// Free space past which a process that wrote gives it back when it ends.
    static let freeSpaceLimit = 1 << 20

    /// What a process that wrote does last: gives free space back (see above), then empties
    /// the write-ahead log into the database file (`emptyLog`). Neither waits for other
    /// processes: what cannot be done now is done by a later process.
    public func finishWriting() {
        reclaimSpace()
        emptyLog()
    }

    /// Shortens the file by its free pages, when they pass `freeSpaceLimit`.
    func reclaimSpace() {
        guard access == .readWrite, path != nil else { return }
        try? writer.writeWithoutTransaction { db in
            let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
            let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
            guard free * pageSize >= Self.freeSpaceLimit else { return }
            try db.execute(sql: "PRAGMA busy_timeout = 0")
            defer { try? db.execute(sql: "PRAGMA busy_timeout = 10000") }
            if try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") == 2 {  // INCREMENTAL
                try db.execute(sql: "PRAGMA incremental_vacuum")
                return
            }
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            guard free * 4 >= pages else { return }
            try Self.useIncrementalVacuum(db)
        }
    }

    /// Turns on `auto_vacuum = INCREMENTAL`: at once in a database with no tables yet, else
    /// through a `VACUUM`.
    static func useIncrementalVacuum(_ db: Database) throws {
        try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
        if try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") != 2 {
            try db.execute(sql: "VACUUM")
        }
    }
}
