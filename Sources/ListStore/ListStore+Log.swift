import CSQLiteShim
import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The write-ahead log: when it is copied into the database file, and what is synced when.
///
/// Three ways, one per kind of process:
/// - a command that makes its change and ends (`settleEachChange`): each change is copied into
///   the database file and the log emptied before the call returns, two syncs in all;
/// - the TUI and the MCP server (`deferCheckpoints`): every commit synced, the log copied
///   between key presses or calls, and emptied when they end;
/// - otherwise (`sync`, tests): every commit synced, the log emptied once it passes
///   `logLimit` and when the process ends (`finishWriting`).
extension ListStore {
    /// The write-ahead log's size past which a write empties it into the database (a
    /// truncating checkpoint: two fsyncs and a copy of the pages; an `add` writes 60–120 KB).
    ///
    /// SQLite's own checkpoint at close is off (see `configuration`), and so is its automatic
    /// one: with the log left in place, the next process to open the store re-reads the log
    /// (SQLite's recovery, which cannot tell what was already copied), so the log must stay
    /// short, and only an emptied log starts short again.
    static let logLimit = 1 << 20

    /// Leaves emptying the write-ahead log to `checkpoint()`, for a process with idle time to
    /// do it in (the TUI), instead of doing it after the write that passes `logLimit`.
    public func deferCheckpoints() {
        checkpointsDeferred.set(true)
    }

    /// For a command that makes its change and ends (`add`, `done`, `import`…): when the call
    /// that makes a change returns, the change is in the database file itself and synced, and
    /// the log is empty again. Two syncs a change: the log, then the database file, both by
    /// the truncating checkpoint (`emptyLog`) right after the commit. A commit synced on its
    /// own and emptied at exit took five: the restarted log's header, the folder, the commit,
    /// the log again and the database file.
    ///
    /// The commit itself is not synced when the log is empty before it (see
    /// `writeTransaction`), and the folder is not synced either: the database file and its log
    /// are there already (the folder was synced when SQLite made them), and the change ends in
    /// the database file. Only when another process keeps the log from being emptied (it is
    /// reading) are the log and the folder synced instead, so the change lasts all the same.
    public func settleEachChange() {
        guard access == .readWrite, path != nil else { return }
        settlesEachChange.set(true)
        _ = listomat_sqlite_skip_folder_syncs()
    }

    /// The write transaction (IMMEDIATE) of every change.
    ///
    /// With `settleEachChange`, its commit is not synced when the log is empty: `emptyLog`
    /// syncs the log before copying a page of it. (A log that still holds older, already
    /// copied transactions is started over with its header synced first, as SQLite does: a
    /// power cut before the next sync could otherwise leave an older transaction in it that
    /// would be replayed. An empty file has none.)
    func writeTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        guard settlesEachChange.value, let path else { return try writer.write(body) }
        return try writer.writeWithoutTransaction { db in
            var unsynced = Self.logIsEmpty(path)
            defer { try? db.execute(sql: "PRAGMA synchronous = FULL") }
            while true {
                try db.execute(sql: unsynced ? "PRAGMA synchronous = OFF" : "PRAGMA synchronous = NORMAL")
                try db.execute(sql: "BEGIN IMMEDIATE TRANSACTION")
                // Another process may have written between the look and the lock; now none can.
                guard unsynced, !Self.logIsEmpty(path) else { break }
                try db.execute(sql: "ROLLBACK TRANSACTION")
                unsynced = false
            }
            return try Self.commitOrRollBack(db, body)
        }
    }

    /// Runs `body` in the transaction `db` has begun: commits what it did, or rolls it back
    /// and throws what it threw.
    static func commitOrRollBack<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
        do {
            let result = try body(db)
            try db.execute(sql: "COMMIT TRANSACTION")
            return result
        } catch {
            try? db.execute(sql: "ROLLBACK TRANSACTION")
            throw error
        }
    }

    /// After every write: the log emptied into the database file now (`settleEachChange`),
    /// or once it passes `logLimit` (unless deferred); the MCP server's background
    /// checkpoint waits for a pause in the writes.
    func afterWrite() {
        backgroundCheckpoints.noteWrite()
        guard settlesEachChange.value, let path else { return trimLog() }
        if !emptyLog() { Self.syncLogAndFolder(path) }
    }

    /// Copies the write-ahead log into the database, and empties it once it passes
    /// `logLimit`. Never waits for other processes: cheap when there is nothing to copy.
    public func checkpoint() throws(StoreError) {
        guard access == .readWrite, path != nil else { return }
        do {
            try writer.writeWithoutTransaction { db in _ = try db.checkpoint(.passive) }
        } catch {
            throw StoreError(error, path: path)
        }
        trimLog(evenIfDeferred: true)
    }

    /// After a write: empties the write-ahead log into the database once it passes
    /// `logLimit`. A log that cannot be emptied now (another process is reading or writing)
    /// is emptied by a later write; nothing is lost either way.
    func trimLog(evenIfDeferred: Bool = false) {
        guard let path, evenIfDeferred || !checkpointsDeferred.value else { return }
        var info = stat()
        guard stat(path + "-wal", &info) == 0, info.st_size > Self.logLimit else { return }
        emptyLog()
    }

    /// Copies the whole write-ahead log into the database and empties it (a TRUNCATE
    /// checkpoint: the log synced, its pages copied, the database file synced, the log cut
    /// to nothing), unless another process is reading or writing right now (then it copies
    /// what it can, as a PASSIVE one would): for a process that is about to end (every
    /// writing command, the TUI, the MCP server; see `finishWriting`), so that the database
    /// file alone holds its changes, and the next process to open the store does not read
    /// the log again. Returns whether the log is empty now.
    @discardableResult
    public func emptyLog() -> Bool {
        guard access == .readWrite, let path, !Self.logIsEmpty(path) else { return true }
        do {
            try writer.writeWithoutTransaction { db in
                // Waits for nobody (the busy timeout is 10 s for everything else).
                try db.execute(sql: "PRAGMA busy_timeout = 0")
                defer { try? db.execute(sql: "PRAGMA busy_timeout = 10000") }
                _ = try db.checkpoint(.truncate)
            }
            return true
        } catch {
            return false
        }
    }

    /// Whether the write-ahead log is empty (or not there).
    static func logIsEmpty(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) != 0 || info.st_size == 0
    }

    /// Syncs the write-ahead log and its folder (which SQLite does not do itself after
    /// `settleEachChange`): for a change left in the log.
    static func syncLogAndFolder(_ path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        for file in [path + "-wal", folder.isEmpty ? "." : folder] {
            let fd = Glibc.open(file, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { continue }
            _ = fsync(fd)
            close(fd)
        }
    }
}
