import Foundation
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// A background sync the test sets the state of, counting what the App asks of it.
final class FakeSync: BackgroundSync, @unchecked Sendable {
    private let lock = NSLock()
    private var current: SyncIndicator
    private(set) var started = 0
    private(set) var stopped = 0
    private(set) var syncNowCalls = 0

    init(_ status: SyncIndicator) { current = status }

    var status: SyncIndicator {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    func start() { lock.withLock { started += 1 } }
    func stop() { lock.withLock { stopped += 1 } }
    func syncNow() { lock.withLock { syncNowCalls += 1 } }

    /// A sync ended: `change` is what it left.
    func finish(_ change: (inout SyncIndicator) -> Void) {
        lock.withLock {
            current.finished += 1
            change(&current)
        }
    }
}

/// The sync in the TUI: its state in the footer, the sync key, conflicts and
/// failures in words; nothing of it when sync is not set up.
@Suite struct SyncFooterTests {
    static let twoMinutesAgo = Pilot.now.addingTimeInterval(-125)
    static let unauthorized = "The server refused the user name or password (401); check username and password_command in [sync]."

    static let states: [(name: String, indicator: SyncIndicator)] = [
        ("syncing", SyncIndicator(.syncing(progress: nil))),
        ("progress", SyncIndicator(.syncing(progress: "Grocery Store: 1,200 of 10,000 sent"))),
        ("synced", SyncIndicator(lastSync: twoMinutesAgo)),
        ("waiting", SyncIndicator(lastSync: twoMinutesAgo, waiting: 3)),
        ("never", SyncIndicator()),
        ("failed", SyncIndicator(.failed(unauthorized), lastSync: twoMinutesAgo)),
        ("conflict", SyncIndicator(lastSync: Pilot.now, conflicts: ["conflict: “milk” on Grocery Store, name: kept “oat milk” (changed here later); the server's “soy milk” lost"])),
    ]

    @Test(arguments: [(80, 24), (40, 12)])
    func eachStateInTheFooter(width: Int, height: Int) throws {
        for (name, indicator) in Self.states {
            let sync = FakeSync(indicator)
            let pilot = try Pilot(ScreenTests.groceries, size: Size(width: width, height: height), sync: sync)
            pilot.tick()
            let footer = pilot.screen.lines().last ?? ""
            #expect(footer.contains(["never": "not synced", "failed": "sync failed", "progress": "⟳ Grocery St"][name] ?? "sync"), "\(name): \(footer)")
            // The help key stays in the footer beside the sync's state.
            #expect(footer.contains("? help"), "\(name): \(footer)")
            assertSnapshot(of: pilot, as: .screen, named: "\(name).\(width)x\(height)")
        }
    }

    @Test func theFooterFollowsTheSyncOnEachTick() throws {
        let sync = FakeSync(SyncIndicator(.syncing(progress: nil)))
        let pilot = try Pilot(ScreenTests.groceries, sync: sync)
        #expect(pilot.text.contains("⟳ syncing…"))
        sync.status.activity = .syncing(progress: "Grocery Store: 10 of 50 sent")
        #expect(pilot.text.contains("⟳ syncing…"))  // read on the tick, not before
        pilot.tick()
        #expect(pilot.text.contains("⟳ Grocery Store: 10 of 50 sent"))
        sync.finish { $0.activity = .idle; $0.lastSync = Pilot.now.addingTimeInterval(-30) }
        pilot.tick()
        #expect(pilot.text.contains("synced just now"))
        // Nobody pressed the sync key: a background sync that went well says nothing more.
        #expect(pilot.app.model.status == nil)
        sync.status.lastSync = Pilot.now.addingTimeInterval(-3 * 3_600)
        pilot.tick()
        #expect(pilot.text.contains("synced 3 h ago"))
        sync.status.waiting = 2
        pilot.tick()
        #expect(pilot.text.contains("sync: 2 waiting"))
        #expect(sync.syncNowCalls == 0)
    }

    @Test func theSyncKeySyncsNowAndSaysWhatItDid() throws {
        let sync = FakeSync(SyncIndicator(lastSync: Self.twoMinutesAgo))
        let pilot = try Pilot(ScreenTests.groceries, sync: sync)
        try pilot.press("ctrl-s")
        #expect(sync.syncNowCalls == 1)
        #expect(pilot.text.contains("Syncing…"))
        sync.status.activity = .syncing(progress: nil)
        pilot.tick()
        sync.finish { $0.activity = .idle; $0.summary = "Synced: here 1 added; server no change."; $0.lastSync = Pilot.now }
        pilot.tick()
        #expect(pilot.app.model.status?.text == "Synced: here 1 added; server no change.")
        #expect(pilot.text.contains("synced just now"))
        assertSnapshot(of: pilot, as: .screen, named: "done")
        // Said once: the next tick keeps the footer's message until a key, and adds nothing.
        try pilot.press("j")
        pilot.tick()
        #expect(pilot.app.model.status == nil)
    }

    @Test func theSyncKeySaysAFailureWholeAndTriesAgain() throws {
        let sync = FakeSync(SyncIndicator(.failed(Self.unauthorized)))
        let pilot = try Pilot(ScreenTests.groceries, sync: sync)
        #expect(pilot.text.contains("sync failed: the serv"))
        try pilot.press("ctrl-s")
        #expect(sync.syncNowCalls == 1)
        #expect(pilot.app.model.status?.text == "Sync failed: the server refused the user name or password (401); check username and password_command in [sync]. Trying again…")
        #expect(pilot.app.model.status?.isError == true)
        sync.finish { $0.activity = .failed("the server https://dav.example.org refused the user name or password") }
        pilot.tick()
        #expect(pilot.app.model.status?.text == "Sync failed: the server https://dav.example.org refused the user name or password.")
    }

    @Test func aConflictSaysWhichChangeLost() throws {
        let sync = FakeSync(SyncIndicator(lastSync: Self.twoMinutesAgo))
        let pilot = try Pilot(ScreenTests.groceries, sync: sync)
        sync.finish {
            $0.lastSync = Pilot.now
            $0.conflicts = [
                "conflict: “milk” on Grocery Store, name: kept “oat milk” (changed here later); the server's “soy milk” lost",
                "conflict: “eggs” on Grocery Store was deleted but changed on the server; it is kept",
            ]
        }
        pilot.tick()
        #expect(pilot.app.model.status?.text == "Conflict: “milk” on Grocery Store, name: kept “oat milk” (changed here later); the server's “soy milk” lost (and 1 more: listomat sync --status)")
        // The message takes the footer; the sync's state waits for the next key.
        #expect(pilot.app.model.sync?.footerText(pilot.app.model.screen.words) == "synced just now, 2 conflicts")
        assertSnapshot(of: pilot, as: .screen, named: "message")
        try pilot.press("j")
        #expect(pilot.text.contains("synced just now, 2 conflicts"))
        // Not over what the person is typing: the footer's count says it instead.
        sync.finish { $0.conflicts = ["conflict: the list Pet Shop was deleted here but changed on the server; it is kept"] }
        try pilot.press("a")
        pilot.tick()
        #expect(pilot.app.model.commandBar.purpose != nil)
        #expect(pilot.app.model.status == nil)
        #expect(pilot.text.contains("1 conflict"))
    }

    @Test func withoutSyncNothingChanges() throws {
        let plain = try Pilot(ScreenTests.groceries)
        plain.tick()
        #expect(plain.app.model.sync == nil)
        let footer = plain.screen.lines().last ?? ""
        #expect(!footer.contains("sync"))
        try plain.press("ctrl-s")
        #expect(plain.app.model.status?.text == "Sync is not set up: see docs/sync.md.")
        assertSnapshot(of: plain, as: .screen, named: "notSetUp")
    }

    @Test func theSyncKeyIsInTheHelpAndCanBeRebound() throws {
        let pilot = try Pilot(ScreenTests.groceries, size: Size(width: 80, height: 40))
        try pilot.press("?")
        #expect(pilot.text.contains("Ctrl-S"))
        #expect(pilot.text.contains("sync with the server now"))
        let sync = FakeSync(SyncIndicator())
        let rebound = try Pilot(ScreenTests.groceries, keymap: Keymap(overrides: ["sync": [.character("Y")]]), sync: sync)
        try rebound.press("ctrl-s")
        #expect(sync.syncNowCalls == 0)
        try rebound.press("Y")
        #expect(sync.syncNowCalls == 1)
    }

    @Test func runStartsTheSyncAndQuittingStopsIt() throws {
        let sync = FakeSync(SyncIndicator())
        let pilot = try Pilot(ScreenTests.groceries, sync: sync)
        #expect(sync.started == 0)
        let backend = MemoryBackend(size: Size(width: 80, height: 24))
        backend.pending = [.key(.control("s")), .key(.character("q"))]
        pilot.app.run(on: backend)
        #expect(sync.started == 1)
        #expect(sync.syncNowCalls == 1)
        #expect(sync.stopped == 1)
    }

    @Test(arguments: [(1, 1), (2, 2), (19, 6), (20, 6), (21, 7), (30, 3), (59, 20), (120, 40), (300, 8)])
    func everyStateAtEverySizeCrashesNothing(width: Int, height: Int) throws {
        for (_, indicator) in Self.states {
            let sync = FakeSync(indicator)
            let pilot = try Pilot(ScreenTests.groceries, size: Size(width: width, height: height), sync: sync)
            pilot.tick()
            _ = pilot.screen
            try pilot.press("ctrl-s")
            _ = pilot.screen
            sync.finish { $0.conflicts = [String(repeating: "long conflict ", count: 30)] }
            pilot.tick()
            let lines = pilot.screen.lines()
            #expect(lines.count == height)
        }
    }
}
