import Foundation
import GRDB

extension ListStore {
    /// Copies the write-ahead log into the database file on a connection and a thread of its
    /// own (a PASSIVE checkpoint), while this store's connection goes on reading and writing:
    /// a passive checkpoint never blocks a writer, and no caller waits for it. Once it has
    /// copied everything, the next write starts the log over from its beginning, so the log
    /// stays short with no emptying (which holds the write lock and syncs twice) inside
    /// anyone's request. It starts once the store has written nothing for
    /// `BackgroundCheckpoints.pause` (or the log has passed `BackgroundCheckpoints.largeLog`):
    /// the write after a completed checkpoint starts the log over and so syncs its header as
    /// well as its commit, and a checkpoint's own syncs compete with the calls' for the disk.
    /// At most one runs or waits at a time; a call meanwhile does nothing. For the MCP
    /// server, between calls.
    package func checkpointInBackground() {
        guard access == .readWrite, let path else { return }
        backgroundCheckpoints.start(path: path)
    }
}

/// The MCP server's checkpoints: a second connection to the database, used by one
/// background queue only.
final class BackgroundCheckpoints: @unchecked Sendable {
    /// How long the store must have written nothing before a checkpoint starts.
    static let pause: DispatchTimeInterval = .milliseconds(500)
    /// A log this large is copied without waiting for a pause.
    static let largeLog = 4 * ListStore.logLimit

    private let lock = NSLock()
    private var running = false
    /// The store's writes so far (`noteWrite`), to tell a pause.
    private var writes = 0
    /// Opened on first use; only ever used on `queue`.
    private var connection: DatabaseQueue?
    private let queue = DispatchQueue(label: "ListStore.checkpoints", qos: .utility)

    func noteWrite() {
        lock.withLock { writes += 1 }
    }

    func start(path: String) {
        let seen: Int? = lock.withLock {
            if running { return nil }
            running = true
            return writes
        }
        guard let seen else { return }
        afterPause(path: path, writesSeen: seen)
    }

    private func afterPause(path: String, writesSeen: Int) {
        queue.asyncAfter(deadline: .now() + Self.pause) { [self] in
            let writes = lock.withLock { self.writes }
            if writes != writesSeen, !Self.logIsLarge(path) {
                return afterPause(path: path, writesSeen: writes)
            }
            defer { lock.withLock { running = false } }
            // A checkpoint that fails now (the file went away, a disk error) is tried again
            // on the next call; nothing is lost: the log still holds every commit.
            try? checkpoint(path)
        }
    }

    private static func logIsLarge(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) == 0 && info.st_size > largeLog
    }

    private func checkpoint(_ path: String) throws {
        if connection == nil {
            var config = ListStore.configuration()
            // The checkpoint syncs the log, then the database file (FULL or NORMAL alike).
            config.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            connection = try DatabaseQueue(path: path, configuration: config)
        }
        try connection?.writeWithoutTransaction { db in _ = try db.checkpoint(.passive) }
    }
}
