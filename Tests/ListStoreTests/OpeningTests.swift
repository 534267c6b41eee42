import Foundation
import GRDB
import Testing
@testable import ListStore

@Suite("Opening the database")
struct OpeningTests {
    let dir = TempDir()

    @Test func createsPrivateFolderAndFile() throws {
        let store = try ListStore.open(StoreLocation(directory: dir.path + "/nested/data"))
        try store.createList(named: "A")
        let attributes = try FileManager.default.attributesOfItem(atPath: dir.path + "/nested/data")
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
        let file = try FileManager.default.attributesOfItem(atPath: dir.path + "/nested/data/listomat.sqlite")
        #expect((file[.posixPermissions] as? Int) == 0o600)
        let journal = try ListStore.open(StoreLocation(directory: dir.path + "/nested/data")).read { db in
            try String.fetchOne(db, sql: "PRAGMA journal_mode")
        }
        #expect(journal == "wal")
    }

    @Test func readOnlyOfAMissingStoreIsEmptyAndCreatesNothing() throws {
        let store = try ListStore.open(dir.location, access: .readOnly)
        #expect(try store.lists().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dir.path))
    }

    @Test func readOnlyNeverWrites() throws {
        try ListStore.open(dir.location).createList(named: "A", items: ["x"])
        let reader = try ListStore.open(dir.location, access: .readOnly)
        #expect(try reader.dump() == "A: [ ] x")
        #expect(throws: StoreError.storage("the store was opened read-only")) { try reader.createList(named: "B") }
        #expect(throws: StoreError.self) { try reader.undo() }
    }

    @Test func aNewerSchemaIsRefused() throws {
        try ListStore.open(dir.location).createList(named: "A")
        let queue = try DatabaseQueue(path: dir.location.databasePath)
        // A newer version runs its migration and stamps the header with its version.
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99-from-the-future')") }
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = \(Schema.version + 1)") }
        try queue.close()
        for access in [ListStore.Access.readWrite, .readOnly] {
            #expect(throws: StoreError.storage(
                "\(dir.location.databasePath) was written by a newer version of ListOMat; upgrade listomat to use it")) {
                try ListStore.open(dir.location, access: access)
            }
        }
    }

    /// A database as the previous version (three migrations) left it, with one list.
    private func writeVersion3Database() throws {
        try FileManager.default.createDirectory(atPath: dir.path, withIntermediateDirectories: true)
        var config = Configuration()
        config.journalMode = .wal
        let queue = try DatabaseQueue(path: dir.location.databasePath, configuration: config)
        try Schema.migrator.migrate(queue, upTo: "v3")
        let now = Date(millis: 1_795_000_000_000)
        try queue.write { db in
            let list = TaskList(name: "Old", position: 0, created: now, modified: now)
            try list.insert(db)
            try ListItem(listID: list.id, name: "kept", done: true, position: 0, created: now, modified: now).insert(db)
        }
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = 3")
        }
        try queue.close()
    }

    private func migrations() throws -> [String] {
        try DatabaseQueue(path: dir.location.databasePath).read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
        }
    }

    /// Installing a newer listomat over an older one's data: the first command, even one that
    /// only reads, brings the database up to date and shows it.
    @Test func aReadingCommandUpgradesAnOlderDatabase() throws {
        try writeVersion3Database()
        let reader = try ListStore.open(dir.location, access: .readOnly)
        #expect(try reader.dump() == "Old: [x] kept")
        #expect(try migrations() == ["v1", "v2", "v3", "v4", "v5", "v6"])
        #expect(try ListStore.open(dir.location).dump() == "Old: [x] kept")
    }

    /// The sync state of a database from before v5 (by UID) is kept, now by the to-do's href.
    @Test func anOlderSyncStateIsKeptByHref() throws {
        try writeVersion3Database()
        let queue = try DatabaseQueue(path: dir.location.databasePath)
        try Schema.migrator.migrate(queue, upTo: "v4")
        let listID = UUID(), itemID = UUID()
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO sync_items (list_id, uid, item_id, href, etag, base_name, base_done, base_position, ics)
                VALUES (?, 'shared', ?, '/ada/tasks/a.ics', '"1"', 'milk', 0, 1.0, 'BEGIN:VCALENDAR')
                """, arguments: [listID.key, itemID.key])
            try db.execute(sql: "PRAGMA user_version = 4")
        }
        try queue.close()
        let store = try ListStore.open(dir.location)
        let state = try #require(store.syncSnapshot().syncedItems[listID]?["/ada/tasks/a.ics"])
        #expect(state.uid == "shared" && state.itemID == itemID && state.etag == "\"1\"" && state.ics == "BEGIN:VCALENDAR")
        // Another to-do with the same UID is a state of its own.
        var twin = state
        twin.href = "/ada/tasks/b.ics"
        try store.applySync([SyncStep([.saveItem(twin)])])
        #expect(try store.syncSnapshot().syncedItems[listID]?.count == 2)
    }

    /// Where the upgrade cannot be written (here: the lock file it takes is a folder), a
    /// reading command says why and leaves the database as it was.
    @Test func anOlderDatabaseThatCannotBeUpgradedIsAClearErrorAndStaysAsItWas() throws {
        try writeVersion3Database()
        try FileManager.default.createDirectory(atPath: dir.location.lockPath, withIntermediateDirectories: false)
        #expect {
            try ListStore.open(dir.location, access: .readOnly)
        } throws: { error in
            "\(error)".hasPrefix("\(dir.location.databasePath) uses an older format and could not be upgraded")
        }
        #expect(try migrations() == ["v1", "v2", "v3"])
    }

    /// The header says whether the store is up to date (`Schema.stamp`); a store made before
    /// the stamp is checked the long way once, then stamped by the first command that writes.
    @Test func anUpToDateStoreIsStampedInItsHeader() throws {
        #expect(Schema.version == Schema.migrator.migrations.count)
        try ListStore.open(dir.location).createList(named: "A")
        func header() throws -> [Int] {
            try DatabaseQueue(path: dir.location.databasePath).read { db in
                try [Int.fetchOne(db, sql: "PRAGMA application_id")!, Int.fetchOne(db, sql: "PRAGMA user_version")!]
            }
        }
        #expect(try header() == [Int(Schema.applicationID), Schema.version])

        // As a version before the stamp left it: reading leaves it so, writing stamps it.
        try DatabaseQueue(path: dir.location.databasePath).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA application_id = 0; PRAGMA user_version = 0")
        }
        #expect(try ListStore.open(dir.location, access: .readOnly).dump() == "A: ")
        #expect(try header() == [0, 0])
        try ListStore.open(dir.location).createList(named: "B")
        #expect(try header() == [Int(Schema.applicationID), Schema.version])
        #expect(try ListStore.open(dir.location, access: .readOnly).dump() == "A: \nB: ")
    }

    /// Each command leaves the write-ahead log in place, and the store empties it once it
    /// passes `logLimit`: it stays short however many commands run (each opening the store
    /// anew, as processes do), and nothing written is lost.
    @Test func theWriteAheadLogStaysShortAcrossCommands() throws {
        try ListStore.open(dir.location).createList(named: "A")
        var largest: Int64 = 0
        var emptied = 0
        for n in 0..<300 {
            try ListStore.open(dir.location).addItems(["item \(n) " + String(repeating: "x", count: 200)], to: .name("A"))
            let size = try #require(
                try FileManager.default.attributesOfItem(atPath: dir.location.databasePath + "-wal")[.size] as? Int64)
            largest = max(largest, size)
            if size == 0 { emptied += 1 }
        }
        #expect(emptied > 0)
        #expect(largest <= Int64(ListStore.logLimit) + 256 * 1024)
        #expect(try ListStore.open(dir.location, access: .readOnly).items(in: .name("A")).count == 300)
    }

    /// `emptyLog()` (the TUI at exit) leaves everything in the database file itself.
    @Test func emptyingTheLogPutsEverythingInTheDatabaseFile() throws {
        let store = try ListStore.open(dir.location)
        store.deferCheckpoints()
        try store.createList(named: "A", items: ["x", "y"])
        try store.addItems(["z"], to: .name("A"))
        let wal = dir.location.databasePath + "-wal"
        #expect(try #require(try FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int64) > 0)
        store.emptyLog()
        #expect(try #require(try FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int64) == 0)
        // The database file alone, copied without its log, has it all.
        let copy = TempDir()
        try FileManager.default.createDirectory(atPath: copy.path, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir.location.databasePath, toPath: copy.location.databasePath)
        #expect(try ListStore.open(copy.location, access: .readOnly).dump() == "A: [ ] x, [ ] y, [ ] z")
    }

    @Test func someoneElsesDatabaseIsRefused() throws {
        try FileManager.default.createDirectory(atPath: dir.path, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: dir.location.databasePath)
        try queue.write { db in try db.execute(sql: "CREATE TABLE photos (id INTEGER)") }
        try queue.close()
        #expect(throws: StoreError.storage("\(dir.location.databasePath) is not a ListOMat database")) {
            try ListStore.open(dir.location)
        }
        // And it was left alone.
        let tables = try DatabaseQueue(path: dir.location.databasePath).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master")
        }
        #expect(tables == ["photos"])
    }

    @Test(arguments: [Data("this is not a database".utf8), Data(repeating: 0xFF, count: 8192), Data()])
    func aCorruptFileIsAClearError(_ content: Data) throws {
        try FileManager.default.createDirectory(atPath: dir.path, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: dir.location.databasePath, contents: content)
        if content.isEmpty {
            // An empty file is simply a new database.
            try ListStore.open(dir.location).createList(named: "A")
            return
        }
        for access in [ListStore.Access.readWrite, .readOnly] {
            #expect(throws: StoreError.storage("\(dir.location.databasePath) is damaged or not a ListOMat database")) {
                try ListStore.open(dir.location, access: access)
            }
        }
    }

    @Test func anEmptyDatabaseFileReadsAsNoLists() throws {
        try FileManager.default.createDirectory(atPath: dir.path, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: dir.location.databasePath, contents: Data())
        #expect(try ListStore.open(dir.location, access: .readOnly).lists().isEmpty)
        #expect(throws: StoreError.self) { try ListStore.open(dir.location, access: .readOnly).createList(named: "A") }
    }

    @Test func aDataDirThatIsAFileIsAClearError() throws {
        _ = FileManager.default.createFile(atPath: dir.path, contents: Data("x".utf8))
        #expect(throws: StoreError.storage("\(dir.path) is not a directory")) { try ListStore.open(dir.location) }
    }

    @Test func locationOrder() {
        let env = ["LISTOMAT_HOME": "/lh", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
        #expect(StoreLocation.resolve(dataDir: "/explicit", environment: env).directory == "/explicit")
        #expect(StoreLocation.resolve(dataDir: nil, environment: env).directory == "/lh")
        #expect(StoreLocation.resolve(dataDir: nil, environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]).directory == "/xdg/listomat")
        #expect(StoreLocation.resolve(dataDir: nil, environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]).directory == "/home/u/.local/share/listomat")
        #expect(StoreLocation.resolve(dataDir: nil, environment: ["HOME": "/home/u"]).directory == "/home/u/.local/share/listomat")
        #expect(StoreLocation.resolve(dataDir: "~/lists", environment: ["HOME": "/home/u"]).directory == "/home/u/lists")
        #expect(StoreLocation.resolve(dataDir: "", environment: env).directory == "/lh")
        #expect(StoreLocation.resolve(dataDir: nil, environment: env).databasePath == "/lh/listomat.sqlite")
    }
}

@Suite("Import and export through the store")
struct StoreInterchangeTests {
    let store: ListStore

    init() throws {
        store = try ListStore.inMemory()
    }

    static let sample = ListDocument(lists: [
        .init(name: "Grocery Store", items: [.init(name: "milk", done: true), .init(name: "crème fraîche", done: false)]),
        .init(name: "Empty", items: []),
        .init(name: "書店", items: [.init(name: "👩‍💻 manual", done: false), .init(name: "milk", done: false)]),
    ])

    @Test(arguments: InterchangeFormat.allCases)
    func roundTripIsLossless(_ format: InterchangeFormat) throws {
        try store.importDocument(Self.sample)
        let text = Interchange.encode(try store.exportDocument(), format: format)
        let other = try ListStore.inMemory()
        try other.importDocument(try Interchange.decode(Data(text.utf8), format: format))
        var expected = Self.sample
        if format == .todotxt { expected.lists.removeAll { $0.items.isEmpty } }  // todo.txt has no empty lists
        #expect(try other.exportDocument().withoutDates == expected)
    }

    @Test func importMergesIntoExistingListsByName() throws {
        try store.createList(named: "Grocery Store", items: ["MILK", "eggs"])
        let changed = try store.importDocument(Self.sample)
        #expect(changed.value == ImportSummary(listsCreated: 2, listsMerged: 1, itemsAdded: 3, itemsSkipped: 1))
        #expect(try store.itemNames("Grocery Store") == ["MILK", "eggs", "crème fraîche"])
        #expect(try store.lists().map(\.name) == ["Grocery Store", "Empty", "書店"])
        // One undo takes the whole import back.
        try store.undo()
        #expect(try store.dump() == "Grocery Store: [ ] MILK, [ ] eggs")
    }

    @Test func aBadNameAnywhereImportsNothing() throws {
        try store.createList(named: "Keep")
        var document = Self.sample
        document.lists[2].items.append(.init(name: "bad\u{1B}[31m", done: false))
        #expect(throws: StoreError.invalidInput("item 3 of 書店: item names cannot contain control characters (found U+001B)")) {
            try store.importDocument(document)
        }
        #expect(try store.dump() == "Keep: ")
    }

    @Test func sectionsOfOneNameInOneFileAreJoined() throws {
        let document = ListDocument(lists: [
            .init(name: "A", items: [.init(name: "x", done: false)]),
            .init(name: "a", items: [.init(name: "x", done: true)]),
        ])
        try store.importDocument(document)
        #expect(try store.dump() == "A: [ ] x, [x] x")
    }
}
