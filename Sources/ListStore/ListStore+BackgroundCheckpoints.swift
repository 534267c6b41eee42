import Foundation
import GRDB

extension ListStore {
    /// Copies the write-ahead log into the database file on a connection and a thread of its
    /// own (a PASSIVE checkpoint), while this store's connection goes on reading and writing:
    /// a passive checkpoint never blocks a writer, and no caller waits for it. Once it has
    /// copied everything, the next write starts the log over from its beginning, so the log
    /// stays short with no emptying (which holds the write lock and syncs twice) inside
    /// anyone's request. At most one runs at a time; a call while one runs does nothing.
    /// For the MCP server, between calls.
    package func checkpointInBackground() {
        guard access == .readWrite, let path else { return }
        backgroundCheckpoints.start(path: path)
    }
}

/// The MCP server's checkpoints: a second connection to the database, used by one
/// background queue only.
final class BackgroundCheckpoints: @unchecked Sendable {
    private let lock = NSLock()
    private var running = false
    /// Opened on first use; only ever used on `queue`.
    private var connection: DatabaseQueue?
    private let queue = DispatchQueue(label: "ListStore.checkpoints", qos: .utility)

    func start(path: String) {
        let idle = lock.withLock {
            if running { return false }
            running = true
            return true
        }
        guard idle else { return }
        queue.async { [self] in
            defer { lock.withLock { running = false } }
            // A checkpoint that fails now (the file went away, a disk error) is tried again
            // on the next call; nothing is lost: the log still holds every commit.
            try? checkpoint(path)
        }
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
