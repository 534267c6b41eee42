import Foundation
import ListStore
import Testing

@testable import CalDAVSync

/// CI must not skip the server tests silently: with `LISTOMAT_REQUIRE_PEERS=1` (set by .ci/run)
/// a missing peer is a failure.
@Test func theSyncPeersAreThereWhenCIRequiresIt() {
    guard ProcessInfo.processInfo.environment["LISTOMAT_REQUIRE_PEERS"] == "1" else { return }
    #expect(Peers.python != nil, "LISTOMAT_REQUIRE_PEERS=1 but no Python with radicale, xandikos and caldav (.venv/bin/python)")
}

/// One person's ListOMat: a store in a temporary folder, synced with `server`.
struct Device {
    let folder: URL
    let store: ListStore
    let account: SyncAccount

    /// `url`: another way to the server (a proxy); `password`: another password; `timeout`: the
    /// seconds one request may take.
    init(_ server: TestServer, password: String? = nil, url: String? = nil, timeout: Double = SyncAccount.defaultTimeout) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("listomat-device-\(UUID().uuidString)")
        store = try ListStore.open(StoreLocation(directory: folder.path))
        account = SyncAccount(url: url ?? server.url, username: server.user, password: password ?? server.password, timeout: timeout)
    }

    @discardableResult
    func sync(dryRun: Bool = false) async throws -> SyncReport {
        try await SyncEngine(store: store, account: account).run(dryRun: dryRun)
    }

    /// List name → items ("[x] eggs" when checked), in order.
    func view() throws -> [String: [String]] {
        var view: [String: [String]] = [:]
        for list in try store.lists() {
            view[list.name] = try store.items(in: .id(list.id)).map { ($0.done ? "[x] " : "") + $0.name }
        }
        return view
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

@Suite(.serialized, .enabled(if: Peers.python != nil, "needs Python with radicale, xandikos and caldav (.ci/run installs them in .venv)"))
struct ServerSyncTests {
    @Test(arguments: TestServer.Kind.allCases) func firstSyncSendsTheListsToTheServerAndASecondSyncHasNothingToDo(_ kind: TestServer.Kind) async throws {
        let server = try TestServer(kind)
        defer { server.stop() }
        let device = try Device(server)
        defer { device.remove() }
        try device.store.createList(named: "Groceries", items: ["milk", "eggs"])
        try device.store.setDone(true, [.name("eggs")], in: .name("Groceries"))
        try device.store.createList(named: "Hardware Store", items: ["nails"])

        let report = try await device.sync()
        #expect(report.server.listsAdded == 2)
        #expect(report.server.itemsAdded == 3)
        #expect(try server.phoneSummaries() == ["Groceries": ["milk", "[x] eggs"], "Hardware Store": ["nails"]])

        let second = try await device.sync()
        #expect(second.here.isEmpty && second.server.isEmpty, "\(second.actions)")
        let third = try await device.sync()
        #expect(third.actions.isEmpty)
        #expect(try device.view() == ["Groceries": ["milk", "[x] eggs"], "Hardware Store": ["nails"]])
    }

    @Test(arguments: TestServer.Kind.allCases) func firstSyncBringsTheServersListsHere(_ kind: TestServer.Kind) async throws {
        let server = try TestServer(kind)
        defer { server.stop() }
        try server.phone("mkcal", "Packing")
        try server.phone("add", "Packing", "socks")
        try server.phone("add", "Packing", "passport")
        try server.phone("set", "Packing", "passport", "STATUS", "COMPLETED")
        let device = try Device(server)
        defer { device.remove() }

        let report = try await device.sync()
        #expect(report.here.listsAdded == 1)
        #expect(try device.view()["Packing"].map(Set.init) == ["socks", "[x] passport"])
        let again = try await device.sync()
        #expect(again.actions.isEmpty, "\(again.actions)")
    }

    @Test(arguments: TestServer.Kind.allCases) func aListOnBothSidesBecomesOneWithoutDoubles(_ kind: TestServer.Kind) async throws {
        let server = try TestServer(kind)
        defer { server.stop() }
        try server.phone("mkcal", "Groceries")
        try server.phone("add", "Groceries", "milk")
        try server.phone("add", "Groceries", "bread")
        let device = try Device(server)
        defer { device.remove() }
        try device.store.createList(named: "Groceries", items: ["milk", "eggs"])

        let report = try await device.sync()
        #expect(report.here.listsAdded == 0 && report.server.listsAdded == 0)
        #expect(Set(try device.view()["Groceries"] ?? []) == ["milk", "eggs", "bread"])
        #expect(try device.view()["Groceries"]?.count == 3)
        #expect(Set(try server.phoneSummaries()["Groceries"] ?? []) == ["milk", "eggs", "bread"])
        #expect(try server.phoneSummaries()["Groceries"]?.count == 3)
        #expect(try await device.sync().actions.isEmpty)
    }

    @Test(arguments: TestServer.Kind.allCases) func anUndoOfASyncedChangeIsANewChangeThatSyncs(_ kind: TestServer.Kind) async throws {
        let server = try TestServer(kind)
        defer { server.stop() }
        let device = try Device(server)
        defer { device.remove() }
        try device.store.createList(named: "Groceries", items: ["milk"])
        try await device.sync()
        try device.store.setDone(true, [.name("milk")], in: .name("Groceries"))
        try await device.sync()
        #expect(try server.phoneSummaries()["Groceries"] == ["[x] milk"])
        try device.store.undo()
        try await device.sync()
        #expect(try server.phoneSummaries()["Groceries"] == ["milk"])
    }

    @Test func aHugeToDoFromTheServerIsCutToAName() async throws {
        let server = try TestServer(.radicale)
        defer { server.stop() }
        try server.phone("mkcal", "Inbox")
        let long = String(repeating: "très long ", count: 30_000).trimmingCharacters(in: .whitespaces)
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//big//EN\r\nBEGIN:VTODO\r\nUID:huge-1\r\nDTSTAMP:20261101T000000Z\r\n"
            + "SUMMARY:\(long)\r\nDESCRIPTION:\(String(repeating: "x", count: 1_000_000))\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        try server.putRaw("Inbox", text)
        let device = try Device(server)
        defer { device.remove() }
        try await device.sync()
        let name = try #require(try device.view()["Inbox"]?.first)
        #expect(name.count == 500 && name.hasSuffix("…"))
        // Cut here only: the server keeps its text until the item changes here.
        #expect(try await device.sync().actions.isEmpty)
        #expect((try server.phoneView()["Inbox"]?.first?["summary"] as? String) == long)
    }

    @Test(arguments: TestServer.Kind.allCases) func changesToDifferentFieldsOnBothSidesAreBothKept(_ kind: TestServer.Kind) async throws {
        let server = try TestServer(kind)
        defer { server.stop() }
        let device = try Device(server)
        defer { device.remove() }
        try device.store.createList(named: "Groceries", items: ["milk", "bread"])
        try await device.sync()

        try server.phone("set", "Groceries", "milk", "SUMMARY", "oat milk")
        try device.store.setDone(true, [.name("milk")], in: .name("Groceries"))
        let report = try await device.sync()
        #expect(report.conflicts.isEmpty)
        #expect(try device.view()["Groceries"] == ["[x] oat milk", "bread"])
        #expect(try server.phoneSummaries()["Groceries"] == ["[x] oat milk", "bread"])
    }

    @Test(arguments: TestServer.Kind.allCases) func theSameFieldChangedOnBothSidesKeepsTheLaterAndSaysWhichLost(_ kind: TestServer.Kind) async throws {
        let server = try TestServer(kind)
        defer { server.stop() }
        let device = try Device(server)
        defer { device.remove() }
        try device.store.createList(named: "Groceries", items: ["milk"])
        try await device.sync()

        try server.phone("set", "Groceries", "milk", "SUMMARY", "soy milk")
        // Later than the phone's edit (LAST-MODIFIED has whole seconds).
        try await Task.sleep(for: .milliseconds(1100))
        try device.store.renameItem(.name("milk"), in: .name("Groceries"), to: "oat milk")
        let report = try await device.sync()
        #expect(report.conflicts.count == 1)
        let conflict = try #require(report.conflicts.first)
        #expect(conflict.kept == "oat milk" && conflict.lost == "soy milk" && conflict.lostSide == .server)
        #expect(try device.view()["Groceries"] == ["oat milk"])
        #expect(try server.phoneSummaries()["Groceries"] == ["oat milk"])
        #expect(try device.store.syncConflicts().first == conflict)
    }

    @Test(arguments: TestServer.Kind.allCases) func anEditAgainstADeletionKeepsTheItem(_ kind: TestServer.Kind) async throws {
        let server = try TestServer(kind)
        defer { server.stop() }
        let device = try Device(server)
        defer { device.remove() }
        try device.store.createList(named: "Groceries", items: ["milk", "eggs"])
        try await device.sync()

        // Deleted on the phone, checked off here.
        try server.phone("delete", "Groceries", "milk")
        try device.store.setDone(true, [.name("milk")], in: .name("Groceries"))
        // Deleted here, edited on the phone.
        try device.store.deleteItems([.name("eggs")], from: .name("Groceries"))
        try server.phone("set", "Groceries", "eggs", "SUMMARY", "free-range eggs")
        let report = try await device.sync()
        #expect(report.conflicts.filter { $0.field == "deleted" }.count == 2)
        #expect(Set(try device.view()["Groceries"] ?? []) == ["[x] milk", "free-range eggs"])
        #expect(Set(try server.phoneSummaries()["Groceries"] ?? []) == ["[x] milk", "free-range eggs"])
    }

    @Test(arguments: TestServer.Kind.allCases) func deletionsTravelBothWays(_ kind: TestServer.Kind) async throws {
        let server = try TestServer(kind)
        defer { server.stop() }
        let device = try Device(server)
        defer { device.remove() }
        try device.store.createList(named: "Groceries", items: ["milk", "eggs", "bread"])
        try await device.sync()

        try server.phone("delete", "Groceries", "milk")
        try device.store.deleteItems([.name("bread")], from: .name("Groceries"))
        let report = try await device.sync()
        #expect(report.here.itemsDeleted == 1 && report.server.itemsDeleted == 1)
        #expect(try device.view()["Groceries"] == ["eggs"])
        #expect(try server.phoneSummaries()["Groceries"] == ["eggs"])
    }

    @Test(arguments: TestServer.Kind.allCases) func propertiesListOMatDoesNotKnowAreKept(_ kind: TestServer.Kind) async throws {
        let server = try TestServer(kind)
        defer { server.stop() }
        try server.phone("mkcal", "Chores")
        try server.phone(
            "add", "Chores", "call the plumber", "DUE;TZID=Europe/Paris:20261201T090000",
            "DESCRIPTION:ask about the boiler\\, and the tap", "CATEGORIES:home,urgent", "PRIORITY:1",
            "RELATED-TO;RELTYPE=PARENT:some-parent-uid", "X-PHONE-COLOR;VALUE=TEXT:teal")
        let device = try Device(server)
        defer { device.remove() }
        try await device.sync()
        try device.store.setDone(true, [.name("call the plumber")], in: .name("Chores"))
        try device.store.renameItem(.name("call the plumber"), in: .name("Chores"), to: "call the plumber again")
        try await device.sync()

        let todo = try #require(try server.phoneView()["Chores"]?.first)
        #expect(todo["summary"] as? String == "call the plumber again")
        #expect(todo["status"] as? String == "COMPLETED")
        let raw = todo["raw"] as? String ?? ""
        for line in [
            "DUE;TZID=Europe/Paris:20261201T090000", "DESCRIPTION:ask about the boiler\\, and the tap", "CATEGORIES:home,urgent",
            "PRIORITY:1", "RELATED-TO;RELTYPE=PARENT:some-parent-uid", "X-PHONE-COLOR;VALUE=TEXT:teal",
        ] {
            #expect(raw.contains(line), "\(line) lost from \(raw)")
        }
    }

    @Test(arguments: TestServer.Kind.allCases) func listRenamesAndDeletionsOnTheServerReachHere(_ kind: TestServer.Kind) async throws {
        let server = try TestServer(kind)
        defer { server.stop() }
        let device = try Device(server)
        defer { device.remove() }
        try device.store.createList(named: "Groceries", items: ["milk"])
        try device.store.createList(named: "Old Stuff", items: ["junk"])
        try await device.sync()

        try server.phone("rename-cal", "Groceries", "Grocery Store")
        try server.phone("delete-cal", "Old Stuff")
        let report = try await device.sync()
        #expect(report.here.listsRenamed == 1 && report.here.listsDeleted == 1)
        #expect(try device.view() == ["Grocery Store": ["milk"]])

        // And a rename here reaches the server.
        try device.store.renameList(.name("Grocery Store"), to: "Food")
        try await device.sync()
        #expect(try server.phoneSummaries() == ["Food": ["milk"]])
    }

    @Test(arguments: TestServer.Kind.allCases) func aListDeletedHereIsDeletedOnTheServer(_ kind: TestServer.Kind) async throws {
        let server = try TestServer(kind)
        defer { server.stop() }
        let device = try Device(server)
        defer { device.remove() }
        try device.store.createList(named: "Groceries", items: ["milk"])
        try device.store.createList(named: "Old Stuff", items: ["junk"])
        try await device.sync()
        try device.store.deleteList(.name("Old Stuff"))
        let report = try await device.sync()
        #expect(report.server.listsDeleted == 1)
        #expect(try server.phoneSummaries() == ["Groceries": ["milk"]])
    }

    @Test(arguments: TestServer.Kind.allCases) func twoDevicesShareTheSameLists(_ kind: TestServer.Kind) async throws {
        let server = try TestServer(kind)
        defer { server.stop() }
        let mine = try Device(server)
        let theirs = try Device(server)
        defer { mine.remove(); theirs.remove() }
        try mine.store.createList(named: "Groceries", items: ["milk"])
        try await mine.sync()
        try await theirs.sync()
        #expect(try theirs.view() == ["Groceries": ["milk"]])
        try theirs.store.addItems(["eggs"], to: .name("Groceries"))
        try await theirs.sync()
        try await mine.sync()
        #expect(try mine.view() == ["Groceries": ["milk", "eggs"]])
    }

    /// An address that is not the CalDAV root still finds the calendars, through
    /// `/.well-known/caldav` (RFC 6764).
    @Test func theServerIsFoundThroughWellKnown() async throws {
        let server = try TestServer(.radicale)
        defer { server.stop() }
        let device = try Device(server, url: server.url + "not/the/dav/root/")
        defer { device.remove() }
        try device.store.createList(named: "Groceries", items: ["milk"])
        try await device.sync()
        #expect(try server.phoneSummaries() == ["Groceries": ["milk"]])
    }

    @Test func everyListGoneAtOnceDeletesNothingHere() async throws {
        let server = try TestServer(.radicale)
        defer { server.stop() }
        let device = try Device(server)
        defer { device.remove() }
        try device.store.createList(named: "Groceries", items: ["milk"])
        try device.store.createList(named: "Hardware", items: ["nails"])
        try await device.sync()
        try server.phone("delete-cal", "Groceries")
        try server.phone("delete-cal", "Hardware")
        let error = await #expect(throws: SyncError.self) { try await device.sync() }
        #expect(error?.description.contains("none of the 2 lists synced before are on the server") == true)
        #expect(try device.view() == ["Groceries": ["milk"], "Hardware": ["nails"]])
    }

    @Test func aWrongPasswordSaysSoAndChangesNothing() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let device = try Device(server, password: "wrong")
        defer { device.remove() }
        try device.store.createList(named: "Groceries", items: ["milk"])
        let error = await #expect(throws: SyncError.self) { try await device.sync() }
        #expect(error?.kind == .unauthorized)
        #expect(error?.description.contains("refused the user name or password") == true)
        #expect(try server.phoneSummaries().isEmpty)
        #expect(try device.store.syncSnapshot().syncedLists.isEmpty)
    }

    @Test(arguments: TestServer.Kind.allCases) func aDryRunSaysWhatWouldChangeAndChangesNothing(_ kind: TestServer.Kind) async throws {
        let server = try TestServer(kind)
        defer { server.stop() }
        try server.phone("mkcal", "Packing")
        try server.phone("add", "Packing", "socks")
        let device = try Device(server)
        defer { device.remove() }
        try device.store.createList(named: "Groceries", items: ["milk"])
        let report = try await device.sync(dryRun: true)
        #expect(report.actions.contains("server: create the list Groceries"))
        #expect(report.actions.contains("here: create the list Packing"))
        #expect(report.actions.contains("here: add “socks” to Packing"))
        #expect(try device.view() == ["Groceries": ["milk"]])
        #expect(try server.phoneSummaries() == ["Packing": ["socks"]])
    }

    /// (Radicale only: Xandikos refuses such a to-do outright, with 412 valid-calendar-data.)
    @Test func hostileToDosAreShownHarmlessly() async throws {
        let server = try TestServer(.radicale)
        defer { server.stop() }
        try server.phone("mkcal", "Inbox")
        let hostile = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//evil//EN\r\nBEGIN:VTODO\r\nUID:evil-1\r\nDTSTAMP:20261101T000000Z\r\nSUMMARY:\u{1B}[2J\u{1B}]0;pwned\u{07}rm -rf ~\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        try server.putRaw("Inbox", hostile)
        let device = try Device(server)
        defer { device.remove() }
        try await device.sync()
        let name = try #require(try device.view()["Inbox"]?.first)
        #expect(!name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(name.contains("rm -rf ~"))
        // Not sent back: nothing changed here.
        let again = try await device.sync()
        #expect(again.server.isEmpty)
    }

    @Test(arguments: TestServer.Kind.allCases) func aThousandItemsGoUpAndComeBack(_ kind: TestServer.Kind) async throws {
        let server = try TestServer(kind)
        defer { server.stop() }
        let device = try Device(server)
        defer { device.remove() }
        let names = (1...1000).map { "item \($0)" }
        try device.store.createList(named: "Big", items: names)
        let report = try await device.sync()
        #expect(report.server.itemsAdded == 1000)
        let other = try Device(server)
        defer { other.remove() }
        try await other.sync()
        #expect(try other.view()["Big"] == names)
        let again = try await device.sync()
        #expect(again.actions.isEmpty)
    }
}

/// Names from a server, made safe and acceptable here.
@Test func namesFromTheServerAreMadeHarmless() {
    #expect(LocalName.from("\u{1B}[2Jhi\u{07}") == "\u{241B}[2Jhi\u{2407}")
    #expect(LocalName.from("a\u{7F}b\u{85}c") == "a\u{2421}b\u{FFFD}c")
    #expect(LocalName.from("  \r\n ") == "\u{240D}\u{240A}")
    #expect(LocalName.from("   ") == "(untitled)")
    #expect(LocalName.from(String(repeating: "x", count: 2000)).count == 500)
    #expect(LocalName.from("oat milk") == "oat milk")
}

@Test func sortOrdersKeepTheOrderOfPositions() {
    let positions: [Double] = [-1, 0, 0.5, 0.75, 0.875, 1, 2, 1000]
    let orders = positions.map(SortOrder.of)
    #expect(orders == orders.sorted() && Set(orders).count == orders.count)
    #expect(SortOrder.position(SortOrder.of(2.5)) == 2.5)
    #expect(SortOrder.of(.nan) == 0 && SortOrder.of(.infinity) == 0)
}

/// Two syncs of the same lists never run at once: the second is refused, in words.
@Test func aSecondSyncAtTheSameTimeIsRefused() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listomat-lock-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try ListStore.open(StoreLocation(directory: folder.path))
    // Close-on-exec: a process another test starts meanwhile must not inherit (and hold) the lock.
    let held = open(folder.appendingPathComponent("sync.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    #expect(flock(held, LOCK_EX | LOCK_NB) == 0)
    let account = SyncAccount(url: "http://127.0.0.1:9/", username: nil, password: nil)
    let error = await #expect(throws: SyncError.self) { try await SyncEngine(store: store, account: account).run() }
    #expect(error?.kind == .busy)
    close(held)
    // Released: the sync runs (and fails to reach the server, which is not there).
    let unreachable = await #expect(throws: SyncError.self) { try await SyncEngine(store: store, account: account).run() }
    #expect(unreachable?.kind == .network)
}
