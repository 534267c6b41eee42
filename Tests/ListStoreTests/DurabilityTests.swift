import Foundation
import GRDB
import Testing
@testable import ListStore

/// What a writing process leaves on disk: every commit synced (it survives a power loss), the
/// database file alone holding every change once the process ends, and the space of deleted
/// rows given back to the file system then, not on a key press.
@Suite("Durability and free space")
struct DurabilityTests {
    let dir = TempDir()

    private func fileSize(_ path: String) throws -> Int64 {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int64)
    }

    private func pragma(_ store: ListStore, _ name: String) throws -> Int {
        try store.writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA \(name)") ?? -1 }
    }

    /// In WAL mode FULL syncs the log at every commit; NORMAL only at checkpoints.
    @Test func everyCommitIsSyncedToDisk() throws {
        let store = try ListStore.open(dir.location)
        #expect(try pragma(store, "synchronous") == 2)  // FULL
        #expect(try pragma(ListStore.open(dir.location), "synchronous") == 2)
    }

    /// The donation log's own commits are not synced (the next change's sync takes them
    /// along); the changes after them are synced again.
    @Test func aDonationIsCommittedUnsyncedAndTheNextChangeSynced() throws {
        let store = try ListStore.open(dir.location)
        try store.createList(named: "A")
        try store.donate(DonationRecord(
            intent: "AddTasks", parameters: "{}", group: nil, references: [], source: "assistant", date: store.now))
        #expect(try pragma(store, "synchronous") == 2)
        try store.addItems(["x"], to: .name("A"))
        #expect(try store.donations().count == 1)
        #expect(try ListStore.open(dir.location, access: .readOnly).dump() == "A: [ ] x")
    }

    private func copyOfTheDatabaseFileAlone() throws -> ListStore {
        let copy = TempDir()
        try FileManager.default.createDirectory(atPath: copy.path, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: dir.location.databasePath, toPath: copy.location.databasePath)
        return try ListStore.open(copy.location, access: .readOnly)
    }

    /// A command that ends after its change: when the call returns, the database file alone
    /// (copied without its log, as a backup takes it) has the change, and the log is empty.
    @Test func aSettledChangeIsInTheDatabaseFileWhenTheCallReturns() throws {
        let store = try ListStore.open(dir.location)
        store.settleEachChange()
        try store.createList(named: "A", items: ["x"])
        try store.addItems(["y"], to: .name("A"))
        #expect(try fileSize(dir.location.databasePath + "-wal") == 0)
        #expect(try copyOfTheDatabaseFileAlone().dump() == "A: [ ] x, [ ] y")
        try store.undo()
        #expect(try fileSize(dir.location.databasePath + "-wal") == 0)
        #expect(try copyOfTheDatabaseFileAlone().dump() == "A: [ ] x")
        // Between changes the connection syncs every commit again (for anything else it writes).
        #expect(try pragma(store, "synchronous") == 2)
    }

    /// While another process reads, the log cannot be emptied: the change stays in the log
    /// (synced there), every process sees it, and the next change that can empty the log
    /// puts both in the database file.
    @Test func aSettledChangeWhileAnotherProcessReadsStaysInTheLogUntilTheNext() throws {
        let store = try ListStore.open(dir.location)
        store.settleEachChange()
        try store.createList(named: "A", items: ["x"])
        let reader = try DatabaseQueue(path: dir.location.databasePath)
        try reader.read { db in
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM items") == 1)
            try store.addItems(["y"], to: .name("A"))
        }
        #expect(try fileSize(dir.location.databasePath + "-wal") > 0)
        #expect(try ListStore.open(dir.location, access: .readOnly).dump() == "A: [ ] x, [ ] y")
        try reader.close()
        // A log that is not empty: this commit starts it over with its header synced first.
        try store.addItems(["z"], to: .name("A"))
        #expect(try fileSize(dir.location.databasePath + "-wal") == 0)
        #expect(try copyOfTheDatabaseFileAlone().dump() == "A: [ ] x, [ ] y, [ ] z")
    }

    /// A change that fails changes nothing, in the log or the file, and the next one goes in.
    @Test func aRefusedSettledChangeLeavesNothingBehind() throws {
        let store = try ListStore.open(dir.location)
        store.settleEachChange()
        try store.createList(named: "A", items: ["x"])
        #expect(throws: StoreError.self) { try store.addItems(["y"], to: .name("Nowhere")) }
        #expect(try fileSize(dir.location.databasePath + "-wal") == 0)
        try store.addItems(["y"], to: .name("A"))
        #expect(try copyOfTheDatabaseFileAlone().dump() == "A: [ ] x, [ ] y")
    }

    /// The MCP server's checkpoint, on a connection and a thread of its own: the database
    /// file alone gets what was written, while the store goes on writing.
    @Test func aBackgroundCheckpointPutsTheLogInTheDatabaseFile() throws {
        let store = try ListStore.open(dir.location)
        store.deferCheckpoints()
        try store.createList(named: "A", items: ["x", "y"])
        store.checkpointInBackground()
        try store.addItems(["z"], to: .name("A"))
        let copy = TempDir()
        try FileManager.default.createDirectory(atPath: copy.path, withIntermediateDirectories: true)
        var dump = ""
        // Until the background checkpoint that runs after the last write has copied it
        // (counted in tries, not by the clock).
        for _ in 0..<400 where dump != "A: [ ] x, [ ] y, [ ] z" {
            store.checkpointInBackground()
            usleep(10_000)
            try? FileManager.default.removeItem(atPath: copy.location.databasePath)
            try FileManager.default.copyItem(atPath: dir.location.databasePath, toPath: copy.location.databasePath)
            dump = (try? ListStore.open(copy.location, access: .readOnly).dump()) ?? ""
        }
        #expect(dump == "A: [ ] x, [ ] y, [ ] z")
    }

    /// Writes that never pause (an MCP client calling without a break): the background
    /// checkpoint cuts the log once it passes `cutSize` (here lowered to `largeLog`, so that
    /// the test writes a few megabytes, not sixty), so it is started over while the writes go
    /// on instead of growing for as long as they do; once they stop, the database file alone
    /// has them all.
    @Test func writesThatNeverPauseKeepTheLogBounded() throws {
        let store = try ListStore.open(dir.location)
        store.backgroundCheckpoints.cutSize = BackgroundCheckpoints.largeLog
        store.deferCheckpoints()
        try store.createList(named: "A")
        let log = dir.location.databasePath + "-wal"
        var (largest, previous, cuts, written) = (Int64(0), Int64(0), 0, 0)
        // Until the log was cut twice, counted in writes, not by the clock. A write every
        // millisecond or so, as a client's calls come at their fastest (never a pause of
        // `pause`): a loop with no gap at all outruns the background queue by however long the
        // scheduler keeps it waiting, and the size the log reaches then says nothing of the cut.
        while cuts < 2, written < 3_000 {
            try store.addItems((0..<8).map { "item \(written) \($0) " + String(repeating: "x", count: 400) }, to: .name("A"))
            written += 1
            usleep(1_000)
            store.checkpointInBackground()
            let size = try fileSize(log)
            if size < previous, previous > BackgroundCheckpoints.largeLog { cuts += 1 }
            (largest, previous) = (max(largest, size), size)
        }
        #expect(cuts == 2)
        // Past the cut size by what a few looks and a cut that waited let the writes add.
        #expect(largest < 4 * Int64(BackgroundCheckpoints.largeLog))
        var count = 0
        for _ in 0..<400 where count != written * 8 {
            store.checkpointInBackground()
            usleep(10_000)
            count = (try? copyOfTheDatabaseFileAlone().listWithItems(.name("A")).1.count) ?? 0
        }
        #expect(count == written * 8)
    }

    @Test func aNewDatabaseCanGiveSpaceBack() throws {
        let store = try ListStore.open(dir.location)
        #expect(try pragma(store, "auto_vacuum") == 2)  // INCREMENTAL
    }

    /// Many items with long names, then the list deleted: more than `freeSpaceLimit` free.
    private func fillAndDelete(_ store: ListStore, keeping kept: String) throws {
        try store.createList(named: kept, items: ["milk", "eggs"])
        let names = (0..<6_000).map { "item \($0) " + String(repeating: "x", count: 300) }
        try store.createList(named: "Big", items: names)
        try store.deleteList(.name("Big"))
    }

    @Test func endingAProcessThatWroteGivesTheFreeSpaceBack() throws {
        let store = try ListStore.open(dir.location)
        try fillAndDelete(store, keeping: "Groceries")
        let free = try pragma(store, "freelist_count") * pragma(store, "page_size")
        #expect(free >= ListStore.freeSpaceLimit)
        store.finishWriting()
        #expect(try pragma(store, "freelist_count") == 0)
        #expect(try fileSize(dir.location.databasePath + "-wal") == 0)
        let pages = try pragma(store, "page_count")
        #expect(try fileSize(dir.location.databasePath) == Int64(pages * pragma(store, "page_size")))
        #expect(try ListStore.open(dir.location, access: .readOnly).dump() == "Groceries: [ ] milk, [ ] eggs")
        // The deletion can still be undone.
        try ListStore.open(dir.location).undo()
        #expect(try ListStore.open(dir.location, access: .readOnly).items(in: .name("Big")).count == 6_000)
    }

    /// A database made before incremental vacuum is switched once it has much free space.
    @Test func anOlderDatabaseIsSwitchedToIncrementalVacuumWhenItHasMuchFreeSpace() throws {
        try ListStore.open(dir.location).createList(named: "A")
        try DatabaseQueue(path: dir.location.databasePath).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA auto_vacuum = NONE")
            try db.execute(sql: "VACUUM")
        }
        let store = try ListStore.open(dir.location)
        #expect(try pragma(store, "auto_vacuum") == 0)
        // A little free space: left as it is.
        try store.addItems(["a", "b"], to: .name("A"))
        try store.deleteItems([.name("a")], from: .name("A"))
        store.finishWriting()
        #expect(try pragma(store, "auto_vacuum") == 0)

        try fillAndDelete(store, keeping: "Groceries")
        let before = try fileSize(dir.location.databasePath)
        store.finishWriting()
        #expect(try pragma(store, "auto_vacuum") == 2)
        #expect(try pragma(store, "freelist_count") == 0)
        #expect(try fileSize(dir.location.databasePath) < before * 3 / 4)
        #expect(try ListStore.open(dir.location, access: .readOnly).dump() == "A: [ ] b\nGroceries: [ ] milk, [ ] eggs")
    }
}
