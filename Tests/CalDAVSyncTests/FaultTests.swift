import Foundation
import ListStore
import Testing

@testable import CalDAVSync

/// Syncs cut at a bad moment resume without duplicating or losing anything.
@Suite(.serialized, .enabled(if: Peers.python != nil, "needs Python with radicale, xandikos and caldav (.ci/run installs them in .venv)"))
struct SyncFaultTests {
    static let names = (1...10).map { "item \($0)" }

    /// A device syncing through a faulty proxy, with one list of ten items.
    struct Setup {
        let server: TestServer
        let proxy: FaultyProxy
        let device: Device

        init(timeout: Double = SyncAccount.defaultTimeout) throws {
            server = try TestServer()
            proxy = try FaultyProxy(before: server)
            device = try Device(server, url: proxy.url, timeout: timeout)
            try device.store.createList(named: "Groceries", items: SyncFaultTests.names)
        }

        func stop() {
            proxy.stop()
            server.stop()
            device.remove()
        }

        /// Both sides hold the ten items exactly once, and another sync has nothing to do.
        func expectWhole(_ comment: Comment? = nil) async throws {
            #expect(try device.view() == ["Groceries": SyncFaultTests.names], comment)
            #expect(try server.phoneSummaries()["Groceries"] == SyncFaultTests.names, comment)
            let again = try await device.sync()
            #expect(again.actions.isEmpty, "\(again.actions)")
        }
    }

    @Test(arguments: [500, 507, 503])
    func aServerErrorMidSyncResumesWithoutDuplicates(status: Int) async throws {
        let setup = try Setup()
        defer { setup.stop() }
        try setup.proxy.set([["method": "PUT", "nth": 4, "status": status]])
        let error = await #expect(throws: SyncError.self) { try await setup.device.sync() }
        #expect(error?.kind == .server)
        if status == 507 { #expect(error?.description.contains("out of space") == true) }
        // What the server took before the failure is remembered.
        #expect(try setup.server.phoneSummaries()["Groceries"]?.count == 3)
        #expect(try setup.device.store.syncSnapshot().syncedItems.values.first?.count == 3)
        #expect(try setup.device.store.syncSnapshot().meta["last_error"]?.contains("\(status)") == true)

        try setup.proxy.set([])
        let report = try await setup.device.sync()
        #expect(report.server.itemsAdded == 7)
        try await setup.expectWhole()
    }

    @Test func aNetworkCutMidSyncResumes() async throws {
        let setup = try Setup()
        defer { setup.stop() }
        try setup.proxy.set([["method": "PUT", "nth": 5, "close": true]])
        let error = await #expect(throws: SyncError.self) { try await setup.device.sync() }
        #expect(error?.kind == .network)
        try setup.proxy.set([])
        try await setup.device.sync()
        try await setup.expectWhole()
    }

    @Test func anAnswerLostAfterTheServerTookTheItemMakesNoDuplicate() async throws {
        let setup = try Setup()
        defer { setup.stop() }
        // The server stores the second item, but the answer says it failed.
        try setup.proxy.set([["method": "PUT", "nth": 2, "status": 500, "after": true]])
        await #expect(throws: SyncError.self) { try await setup.device.sync() }
        try setup.proxy.set([])
        try await setup.device.sync()
        try await setup.expectWhole()
    }

    @Test func aChangeRefusedWith412WaitsForTheNextSync() async throws {
        let setup = try Setup()
        defer { setup.stop() }
        try await setup.device.sync()
        try setup.device.store.setDone(true, [.name("item 1")], in: .name("Groceries"))
        try setup.proxy.set([["method": "PUT", "nth": 1, "status": 412]])
        let report = try await setup.device.sync()
        #expect(report.problems == ["“item 1” on Groceries: changed on the server during the sync; it is merged at the next sync"])
        #expect(report.server.isEmpty)
        try setup.proxy.set([])
        try await setup.device.sync()
        #expect(try setup.server.phoneSummaries()["Groceries"]?.first == "[x] item 1")
    }

    @Test func aDeletionRefusedWith412KeepsTheServersChange() async throws {
        let setup = try Setup()
        defer { setup.stop() }
        try await setup.device.sync()
        // The phone renames item 2 just as this device deletes it.
        try setup.device.store.deleteItems([.name("item 2")], from: .name("Groceries"))
        try setup.server.phone("set", "Groceries", "item 2", "SUMMARY", "item two")
        let first = try await setup.device.sync()
        #expect(first.conflicts.contains { $0.field == "deleted" && $0.kept == "item two" }, "\(first.conflicts)")
        #expect(try setup.device.view()["Groceries"]?.contains("item two") == true)
        #expect(try setup.server.phoneSummaries()["Groceries"]?.contains("item two") == true)
    }

    @Test func brokenAndInvalidToDosFromTheServerAreSkippedOrRepairedNeverACrash() async throws {
        let server = try TestServer()
        let proxy = try FaultyProxy(before: server)
        let device = try Device(server, url: proxy.url)
        defer { proxy.stop(); server.stop(); device.remove() }
        try server.phone("mkcal", "Inbox")
        try server.phone("add", "Inbox", "milk")
        try server.phone("add", "Inbox", "eggs")
        try server.phone("add", "Inbox", "bread")
        // As the server hands them out: milk with invalid UTF-8, eggs with a broken line,
        // bread with its END lines cut off.
        try proxy.set([["method": "REPORT", "replace": [
            ["SUMMARY:milk", "SUMMARY:mi\u{FF}\u{FE}lk"],
            ["SUMMARY:eggs", "SUMMARY:eggs\r\nTHIS LINE HAS NO COLON"],
            ["SUMMARY:bread", "SUMMARY:bread\r\nBEGIN:VALARM"],
        ]]])
        let report = try await device.sync()
        #expect(report.problems.filter { $0.contains("the server's to-do cannot be read") }.count == 2, "\(report.problems)")
        #expect(report.problems.contains { $0.hasPrefix("“eggs” on Inbox") }, "\(report.problems)")
        #expect(try SyncStatus.read(device.store).problems == report.problems)
        #expect(try device.view() == ["Inbox": ["mi\u{FFFD}\u{FFFD}lk"]])
        // The broken ones stay as they are on the server; nothing was sent back.
        #expect(report.server.isEmpty)
        #expect(Set(try server.phoneSummaries()["Inbox"] ?? []) == ["milk", "eggs", "bread"])
    }
}

/// A sync that sent changes learns the collection's new sync token when nothing else changed,
/// so the next sync asks for nothing it already knows; a change made elsewhere still arrives.
@Suite(.serialized, .enabled(if: Peers.python != nil, "needs Python with radicale, xandikos and caldav (.ci/run installs them in .venv)"))
struct SyncAfterPushTests {
    @Test func theSyncAfterAPushSendsOneRequestAndAChangeMadeElsewhereStillArrives() async throws {
        let setup = try SyncFaultTests.Setup()
        defer { setup.stop() }
        try await setup.device.sync()
        try await setup.device.sync()  // the first sync's own to-dos, read back once
        try setup.device.store.setDone(true, [.name("item 2")], in: .name("Groceries"))
        try setup.device.store.addItems(["item 11"], to: .name("Groceries"))
        let pushed = try await setup.device.sync()
        #expect(pushed.server.itemsChanged == 1 && pushed.server.itemsAdded == 1, "\(pushed.actions)")

        let before = setup.proxy.requests().count
        let quiet = try await setup.device.sync()
        #expect(quiet.actions.isEmpty, "\(quiet.actions)")
        let requests = setup.proxy.requests().dropFirst(before).map { $0.split(separator: " ")[0] }
        #expect(requests == ["PROPFIND"], "\(requests)")

        // Another device's change after that is read at the next sync.
        try setup.server.phone("set", "Groceries", "item 3", "SUMMARY", "item three")
        let after = try await setup.device.sync()
        #expect(after.here.itemsChanged == 1, "\(after.actions)")
        #expect(try setup.device.view()["Groceries"]?.contains("item three") == true)
    }
}
