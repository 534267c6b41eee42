import CSQLiteShim
import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lists and items, in one SQLite database that every ListOMat process shares.
///
/// Writes are IMMEDIATE transactions on a WAL database with a 10 s busy timeout; each user
/// command is one transaction and one undo group, so concurrent processes never lose each
/// other's work.
public final class ListStore: Sendable {
    public enum Access: Sendable {
        case readWrite
        /// Opens the database read-only and never writes, not even a migration.
        case readOnly
    }

    let writer: any DatabaseWriter
    public let access: Access
    /// The database file, or nil for an in-memory store.
    public let path: String?
    let clock: @Sendable () -> Date
    /// Set by `deferCheckpoints()`.
    let checkpointsDeferred = SharedFlag()
    /// Set by `settleEachChange()`.
    let settlesEachChange = SharedFlag()
    /// The connection and queue of `checkpointInBackground`.
    let backgroundCheckpoints = BackgroundCheckpoints()
    /// The store's idea of now (its clock: a fixed one in tests), for anything dated with its changes.
    public var now: Date { clock() }

    private init(writer: any DatabaseWriter, access: Access, path: String?, clock: @escaping @Sendable () -> Date) {
        self.writer = writer
        self.access = access
        self.path = path
        self.clock = clock
    }

    /// Opens (and for read-write access creates and migrates) the store at `location`.
    ///
    /// Read-only access to a store that does not exist yet gives an empty in-memory store:
    /// nothing is created on disk.
    public static func open(
        _ location: StoreLocation, access: Access = .readWrite,
        clock: @escaping @Sendable () -> Date = Date.init
    ) throws(StoreError) -> ListStore {
        do {
            switch access {
            case .readOnly: return try openForReading(location, clock: clock)
            case .readWrite: return try openForWriting(location, clock: clock)
            }
        } catch {
            throw StoreError(error, path: location.databasePath)
        }
    }

    /// Read-only: the file as it is (an empty store when there is none or it holds no tables
    /// yet); an older format is brought up to date first, the one write a reader makes.
    private static func openForReading(_ location: StoreLocation, clock: @escaping @Sendable () -> Date) throws -> ListStore {
        let path = location.databasePath
        guard try databaseExists(location) else {
            return try inMemory(access: .readOnly, clock: clock)
        }
        var config = configuration()
        config.readonly = true
        /// The queue, and whether the file holds no tables yet (made, never migrated).
        func openChecked(_ filename: String) throws -> (DatabaseQueue, empty: Bool) {
            let queue = try DatabaseQueue(path: filename, configuration: config)
            let empty = try queue.read { db in
                if try Schema.stamp(db, path: path) == .current { return false }
                try checkSchema(db, path: path, readOnly: true)
                return try !db.tableExists("grdb_migrations")
            }
            return (queue, empty)
        }
        func openReadable() throws -> (queue: DatabaseQueue, empty: Bool) {
            do {
                return try openChecked(path)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY && !walHasData(path) {
                // A WAL database in a folder or file we may not write (another user's, a
                // read-only mount) cannot get its shared-memory file; with no pending WAL
                // content, reading it as an immutable file is exact. (Needs an SQLite that
                // takes URI file names, as Debian's does.)
                return try openChecked(immutableURI(path))
            }
        }
        var opened: (queue: DatabaseQueue, empty: Bool)
        do {
            opened = try openReadable()
        } catch is OlderFormat {
            // Written by an older ListOMat: brought up to date as the first change would
            // do it (once, under the file lock), then read. The one write a reading
            // command makes; where it may not write, it says so.
            do {
                _ = try open(location, access: .readWrite, clock: clock)
            } catch {
                throw StoreError.storage(StoreMessage(plainText:
                    "\(path) uses an older format and could not be upgraded (\(error)); "
                        + "a listomat that may write to it upgrades it"))
            }
            opened = try openReadable()
        }
        if opened.empty { return try inMemory(access: .readOnly, clock: clock) }
        return ListStore(writer: opened.queue, access: .readOnly, path: path, clock: clock)
    }

    /// Read-write: an up-to-date file is opened at once (its header says so); otherwise it is
    /// made or migrated under the file lock.
    private static func openForWriting(_ location: StoreLocation, clock: @escaping @Sendable () -> Date) throws -> ListStore {
        let path = location.databasePath
        try createDirectory(location.directory)
        var config = configuration()
        // FULL: in WAL mode each commit syncs the log before it returns, so a change that was
        // acknowledged survives a power loss too (NORMAL survives a process crash only). The
        // TUI and the MCP server acknowledge changes long before they end, so a sync at exit
        // would not do. It costs one fsync per change (a command that ends after its change
        // syncs differently: `settleEachChange`).
        config.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        // One connection: every command is short, and WAL lets other processes read
        // while it writes.
        if try databaseExists(location) {
            let queue = try DatabaseQueue(path: path, configuration: config)
            let current = try queue.writeWithoutTransaction { db in
                // An up-to-date store says so in its header: nothing else to check.
                if try Schema.stamp(db, path: path) == .current { return true }
                try checkSchema(db, path: path, readOnly: false)
                guard try Schema.migrator.hasCompletedMigrations(db) else { return false }
                try Schema.writeStamp(db)
                return true
            }
            if current { return ListStore(writer: queue, access: .readWrite, path: path, clock: clock) }
        }
        // WAL is a property of the file: set once, when the database is made.
        config.journalMode = .wal
        let queue = try withFileLock(location.lockPath) { () throws -> DatabaseQueue in
            try createDatabaseFile(path)
            let queue = try DatabaseQueue(path: path, configuration: config)
            try queue.writeWithoutTransaction { db in
                try checkSchema(db, path: path, readOnly: false)
                // GRDB's WAL set-up has just made it NORMAL (see `prepareDatabase` above).
                try db.execute(sql: "PRAGMA synchronous = FULL")
                // A new database, before its first table: deleted rows' space can be given back.
                if try !db.tableExists("grdb_migrations") { try useIncrementalVacuum(db) }
                // Unstamped while migrating: a crash half-way is checked the long way next time.
                try db.execute(sql: "PRAGMA user_version = 0")
            }
            try Schema.migrator.migrate(queue)
            try queue.writeWithoutTransaction { db in try Schema.writeStamp(db) }
            // The new file's name lasts (a process that settles each change skips SQLite's own
            // folder syncs: see `settleEachChange`).
            syncLogAndFolder(path)
            return queue
        }
        return ListStore(writer: queue, access: .readWrite, path: path, clock: clock)
    }

    /// A store that lives in memory only, for tests and for reading a store that does not exist.
    public static func inMemory(
        access: Access = .readWrite, clock: @escaping @Sendable () -> Date = Date.init
    ) throws(StoreError) -> ListStore {
        do {
            let queue = try DatabaseQueue(configuration: configuration())
            try Schema.migrator.migrate(queue)
            return ListStore(writer: queue, access: access, path: nil, clock: clock)
        } catch {
            throw StoreError(error, path: nil)
        }
    }

    /// A writable copy of this store in memory — lists, items, the undo log, donations and
    /// phrases — made with SQLite's backup (page by page: milliseconds, where re-importing
    /// would take seconds at 100,000 items). For trying keys out without touching the real
    /// data (`listomat screen`).
    package func inMemoryCopy(clock: @escaping @Sendable () -> Date = Date.init) throws(StoreError) -> ListStore {
        do {
            let queue = try DatabaseQueue(configuration: Self.configuration())
            try writer.backup(to: queue)
            return ListStore(writer: queue, access: .readWrite, path: nil, clock: clock)
        } catch {
            throw StoreError(error, path: path)
        }
    }

    static func configuration() -> Configuration {
        var config = Configuration()
        config.busyMode = .timeout(10)
        config.foreignKeysEnabled = true
        config.label = "ListStore"
        // So that rows an INSERT OR REPLACE deletes fire the delete triggers too (SQLite skips
        // them otherwise): the item counts and the donation clean-up rely on those triggers.
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA recursive_triggers = ON")
            // Statement journals and sorts in memory: a 100,000-item import otherwise writes
            // gigabytes to a file under /var/tmp.
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            // A command's exit leaves the write-ahead log as it is (see CSQLiteShim), and the
            // store empties it itself when it grows (see `logLimit`).
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            if let connection = db.sqliteConnection {
                let code = listomat_sqlite_no_checkpoint_on_close(UnsafeMutableRawPointer(connection))
                guard code == 0 else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }  // SQLITE_OK
            }
        }
        return config
    }

    /// Refuses a database that is not ours, or that a newer ListOMat wrote.
    private static func checkSchema(_ db: Database, path: String, readOnly: Bool) throws {
        let migrator = Schema.migrator
        if try !db.tableExists("grdb_migrations") {
            let tables = try Int.fetchOne(db, cached: "SELECT count(*) FROM sqlite_master") ?? 0
            if tables > 0 {
                throw StoreError.storage(.notOurs(path))
            }
        } else if try migrator.hasBeenSuperseded(db) {
            throw StoreError.storage(.newer(path))
        }
        if readOnly, try db.tableExists("grdb_migrations"), try !migrator.hasCompletedMigrations(db) {
            throw OlderFormat()
        }
    }

    /// A database an older ListOMat wrote, found by a read-only open.
    private struct OlderFormat: Error {}

    private static func walHasData(_ path: String) -> Bool {
        let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? nil
        return (size ?? 0) > 0
    }

    private static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?immutable=1"
    }

    /// Whether the database file exists. Only a file (or folder) that is not there reads as
    /// "no data yet": one the file system will not show us (a folder without read or search
    /// permission) is an error, or a backup of it would be an empty one.
    private static func databaseExists(_ location: StoreLocation) throws -> Bool {
        var info = stat()
        if stat(location.databasePath, &info) == 0 { return true }
        let reason = errno
        if reason == ENOENT { return false }
        let message = String(cString: strerror(reason))
        if Glibc.access(location.directory, R_OK | X_OK) != 0, errno != ENOENT {
            throw StoreError.storage(.folderUnreadable(location.directory, reason: message))
        }
        throw StoreError.storage(.unreadable(location.databasePath, reason: message))
    }

    /// The data directory is private to its owner (0700).
    private static func createDirectory(_ directory: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw StoreError.storage(.notAFolder(directory)) }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError.storage(.cannotCreateFolder(directory, reason: error.localizedDescription))
        }
    }

    /// The database file is private to its owner (0600); SQLite gives its -wal and -shm
    /// files the same mode.
    private static func createDatabaseFile(_ path: String) throws {
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd >= 0 {
            close(fd)
        } else if errno != EEXIST {
            throw StoreError.storage(.cannotCreate(path, reason: String(cString: strerror(errno))))
        }
    }

    /// Runs `body` holding an exclusive `flock` on the side lock file, so two processes never
    /// create or migrate the database at the same time.
    private static func withFileLock<T>(_ lockPath: String, _ body: () throws -> T) throws -> T {
        let fd = Glibc.open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw StoreError.storage(.lockFile(lockPath, opening: true, reason: String(cString: strerror(errno))))
        }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw StoreError.storage(.lockFile(lockPath, opening: false, reason: String(cString: strerror(errno))))
            }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    // MARK: - Transactions

    /// Reads in one consistent snapshot: one read transaction. (Not GRDB's `read`, which
    /// prepares four statements per call for a savepoint and `query_only`, and so costs more
    /// than the reads the assistant makes while it resolves a sentence; these come from the
    /// statement cache. Nothing here writes: every caller only fetches.)
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try writer.unsafeRead { db in
                try db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION").execute()
                defer { try? db.cachedStatement(sql: "COMMIT TRANSACTION").execute() }
                return try body(db)
            }
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// One user command: one write transaction and one undo group. `body` returns its result
    /// and what it did, which undo will show (`.itemsRemoved(["milk"], from: "Grocery Store")`).
    func change<T>(_ body: (inout ChangeSet) throws -> (T, summary: ChangeSummary)) throws(StoreError) -> Changed<T> {
        guard access == .readWrite else {
            throw StoreError.storage(.readOnlyStore)
        }
        let now = clock().storable
        do {
            let changed = try writeTransaction { db in
                var changes = ChangeSet(db: db, now: now)
                let (result, summary) = try body(&changes)
                try changes.commit(summary: summary)
                if let donation = changes.donation, changes.ops.count > 0 {
                    // A log that cannot be written never fails the change it describes.
                    try? db.inSavepoint {
                        try Self.insert(donation, db)
                        return .commit
                    }
                }
                return Changed(value: result, change: summary, recorded: !changes.ops.isEmpty)
            }
            afterWrite()
            return changed
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// A write that is not a user command: one write transaction, no undo group. For what
    /// the person keeps beside the lists (donations, phrases), which undo must not touch.
    func writeOutsideUndo<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        guard access == .readWrite else {
            throw StoreError.storage(.readOnlyStore)
        }
        do {
            let result = try writeTransaction { db in try body(db) }
            afterWrite()
            return result
        } catch {
            throw StoreError(error, path: path)
        }
    }

    // MARK: - Undo

    /// Undoes the newest change, made by any process. Returns "Undid: removed milk from Grocery Store".
    @discardableResult
    public func undo() throws(StoreError) -> String {
        try step(.undo, reporting: 0).summary
    }

    /// Redoes the change undone last. Returns "Redid: removed milk from Grocery Store".
    @discardableResult
    package func redo() throws(StoreError) -> String {
        try step(.redo, reporting: 0).summary
    }

    /// `undo()`, also saying which rows it put back when they are at most `limit`.
    @discardableResult
    package func undoStep(reportingUpTo limit: Int = 1_000) throws(StoreError) -> UndoStep {
        try step(.undo, reporting: limit)
    }

    /// `redo()`, also saying which rows it put back when they are at most `limit`.
    @discardableResult
    package func redoStep(reportingUpTo limit: Int = 1_000) throws(StoreError) -> UndoStep {
        try step(.redo, reporting: limit)
    }

    /// A step whose rows were changed since (by a sync, another program) is not done: it
    /// leaves the history, with a message saying so, so the next undo reaches the step before
    /// it (a redo that cannot be done ends what there was to redo).
    private func step(_ direction: UndoLog.Direction, reporting: Int) throws(StoreError) -> UndoStep {
        guard access == .readWrite else { throw StoreError.storage(.readOnlyStore) }
        let outcome: Result<UndoStep, StoreError>
        do {
            outcome = try writeTransaction { db in
                do {
                    var stepped: (change: ChangeSummary, rows: UndoStep.Rows?)?
                    try db.inSavepoint {
                        stepped = try UndoLog.step(direction, reporting: reporting, in: db)
                        return .commit
                    }
                    guard let stepped else { throw StoreError.storage(.undoLogNotRead) }
                    return .success(UndoStep(change: stepped.change, redone: direction == .redo, rows: stepped.rows))
                } catch StoreError.conflict(let message) {
                    // The savepoint put back what the step had done; only the log changes.
                    return .failure(.conflict(try UndoLog.dropStep(direction, because: message, in: db)))
                }
            }
            afterWrite()
        } catch {
            throw StoreError(error, path: path)
        }
        return try outcome.get()
    }

    // MARK: - Change detection

    /// A cheap check whether another connection (another process) committed since the last
    /// call. Under WAL the main file's mtime does not change, so this asks SQLite's
    /// `PRAGMA data_version`, which changes on this connection only for others' commits.
    package func dataVersion() throws(StoreError) -> Int {
        do {
            return try writer.writeWithoutTransaction { db in
                try Int.fetchOne(db, cached: "PRAGMA data_version") ?? 0
            }
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// Runs `body` with SQLite's page cache allowed to grow to `megabytes` (nil: as it is).
    func withPageCache<T>(megabytes: Int?, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        guard let megabytes else { return try body() }
        do {
            try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA cache_size = -\(megabytes * 1024)") }
        } catch {
            throw StoreError(error, path: path)
        }
        defer { try? writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA cache_size = -2000") } }
        return try body()
    }
}
