import Foundation
import GRDB

extension ListStore {
    /// Copies the write-ahead log into the database file on a connection and a thread of its
    /// own (a PASSIVE checkpoint), while this store's connection goes on reading and writing:
    /// a passive checkpoint never blocks a writer, and no caller waits for it. Once it has
    /// copied everything, the next write starts the log over from its beginning, so the log
    /// stays short with no emptying (which holds the write lock and syncs twice) inside
    /// anyone's request. It starts once the store has written nothing for
    /// `BackgroundCheckpoints.pause` (or the log has passed `BackgroundCheckpoints.largeLog`,
    /// then once a `pause`; past `cutSize` it also cuts the log, so that calls that never pause
    /// cannot grow it without end):
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
    /// How often the log's size and the writes are looked at while waiting for a pause.
    static let look: DispatchTimeInterval = .milliseconds(50)
    /// A log this large is copied without waiting for a pause.
    static let largeLog = 4 * ListStore.logLimit
    /// Before a cut: at most this many more passive copies, while the writes added more
    /// than `fewPages` pages during the one before.
    static let catchUpRounds = 4
    static let fewPages = 64
    /// How long, in milliseconds, cutting a large log waits for a write or a reader to end.
    static let cutWait = 100
    /// A log this large is cut (TRUNCATE) while the writes go on. A cut holds one write up for
    /// a copy and two syncs, so it comes seldom: only after about a thousand changes (16 pages
    /// each) with no pause of `pause` among them, which no person's session makes. Tests
    /// lower it.
    var cutSize = 16 * largeLog

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
        watch(path: path, writesSeen: seen, quietSince: .now())
    }

    /// Looks every `look` for a pause of `pause` in the writes, or a log past `largeLog`
    /// (copied once a `pause` without waiting for the writes to pause: writes that never pause
    /// can add megabytes a second), or past `cutSize` (cut at once), and checkpoints then.
    /// After a cut the watch goes on while the writes do, so it ends only with a checkpoint
    /// after a pause or of a large log.
    private func watch(path: String, writesSeen: Int, quietSince: DispatchTime, since: DispatchTime = .now()) {
        queue.asyncAfter(deadline: .now() + Self.look) { [self] in
            let writes = lock.withLock { self.writes }
            let size = Self.logSize(path)
            let cut = size > lock.withLock { cutSize }
            let quiet = writes == writesSeen ? quietSince : .now()
            if !cut, DispatchTime.now() < (size > Self.largeLog ? since : quiet) + Self.pause {
                return watch(path: path, writesSeen: writes, quietSince: quiet, since: since)
            }
            // A checkpoint that fails now (the file went away, a disk error, writers or
            // readers that kept it waiting too long) is tried again later; nothing is lost:
            // the log still holds every commit.
            try? checkpoint(path, cuttingLog: cut)
            if cut { return watch(path: path, writesSeen: writes, quietSince: .now()) }
            lock.withLock { running = false }
        }
    }

    private static func logSize(_ path: String) -> Int {
        var info = stat()
        return stat(path + "-wal", &info) == 0 ? Int(info.st_size) : 0
    }

    /// Copies the log into the database file without holding anyone up (PASSIVE). With
    /// `cuttingLog` (the log has passed `cutSize` while the writes went on), it then cuts
    /// the log to nothing (TRUNCATE): under writes that never pause, a passive checkpoint
    /// never catches up with them, and the log, which starts over only once all of it is
    /// copied with no write in between, would grow for as long as they go on. The passive
    /// copy has done nearly all the work by then: the TRUNCATE copies only the pages written
    /// meanwhile, and a write that comes during it waits for that copy and two syncs, once
    /// every `cutSize` of log. It waits at most `cutWait` for a write or a reader to end.
    private func checkpoint(_ path: String, cuttingLog: Bool) throws {
        if connection == nil {
            var config = ListStore.configuration()
            // The checkpoint syncs the log, then the database file (FULL or NORMAL alike).
            config.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            connection = try DatabaseQueue(path: path, configuration: config)
        }
        try connection?.writeWithoutTransaction { db in
            var copied = try db.checkpoint(.passive)
            guard cuttingLog else { return }
            // The writes went on meanwhile: copy what they added, again while that was more
            // than a few pages (a few rounds at most), so that the cut, which holds them up,
            // has little left to copy and sync.
            for _ in 0..<Self.catchUpRounds {
                let again = try db.checkpoint(.passive)
                defer { copied = again }
                if again.walFrameCount - copied.walFrameCount <= Self.fewPages { break }
            }
            try db.execute(sql: "PRAGMA busy_timeout = \(Self.cutWait)")
            defer { try? db.execute(sql: "PRAGMA busy_timeout = 10000") }
            _ = try db.checkpoint(.truncate)
        }
    }
}
