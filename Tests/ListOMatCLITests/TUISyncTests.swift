import Foundation
import ListOMatApp
import ListStore
import TerminalKit
import Testing
@testable import listomat

/// The terminal UI's background sync (`TUISync`): nothing runs without `[sync]`; a password
/// that cannot be had, or a server that cannot be reached, is the footer's failed state, in
/// words, never a crash.
@Suite struct TUISyncTests {
    /// A config folder holding `text` as config.toml.
    private func environment(config text: String) throws -> [String: String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tuisync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("listomat"), withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent("listomat/config.toml"), atomically: true, encoding: .utf8)
        return ["XDG_CONFIG_HOME": folder.path, "HOME": folder.path]
    }

    /// Waits (up to 20 s) until `condition` holds.
    private func eventually(_ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(20)
        while !condition(), Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
    }

    @Test func withoutSyncSetUpNothingRuns() throws {
        let environment = try environment(config: "theme = \"default\"\n")
        let settings = try TUISettings.load(theme: nil, environment: environment)
        #expect(settings.sync == nil)
        let opened = Counter()
        let sync = TUISync.make(settings.sync, environment: environment) {
            opened.add()
            return try ListStore.inMemory()
        }
        #expect(sync == nil)
        #expect(opened.value == 0)
    }

    @Test func aFailingPasswordCommandIsTheFailedStateAndTheKeySaysItAgain() async throws {
        let environment = try environment(config: """
            [sync]
            url = "http://127.0.0.1:9/dav/"
            username = "me"
            password_command = "exit 3"
            """)
        let settings = try TUISettings.load(theme: nil, environment: environment)
        let opened = Counter()
        let sync = try #require(TUISync.make(settings.sync, environment: environment, pollInterval: 0.01) {
            opened.add()
            return try ListStore.inMemory()
        })
        #expect(sync.status.activity == .failed("password_command in [sync] failed (exit 3); nothing was synced"))
        sync.start()
        sync.syncNow()
        try await eventually { sync.status.finished == 1 }
        #expect(sync.status.finished == 1)
        #expect(sync.syncCount == 0)
        sync.stop()
        await sync.waitUntilStopped()
    }

    @Test func aServerThatCannotBeReachedFailsInWordsAndTheKeyTriesAgain() async throws {
        // Port 9 on loopback: nothing listens there, the connection is refused at once.
        let settings = SyncSettings(url: "http://127.0.0.1:9/dav/", username: "me", passwordEnvironment: "TUISYNC_PASSWORD", interval: 3600)
        let store = try ListStore.inMemory()
        _ = try store.createList(named: "Groceries")
        let sync = try #require(TUISync.make(settings, environment: ["TUISYNC_PASSWORD": "secret"], pollInterval: 0.01) { store })
        #expect(sync.status.activity == .syncing(progress: nil))
        sync.start()
        try await eventually { sync.status.finished == 1 }
        let failed = sync.status
        #expect(failed.finished == 1)
        guard case .failed(let reason) = failed.activity else {
            Issue.record("not failed: \(failed)")
            return
        }
        #expect(!reason.isEmpty)
        #expect(!reason.contains("secret"))
        #expect(failed.waiting == 1)  // the list, never sent
        // The interval is an hour: only the key syncs again, once.
        sync.syncNow()
        try await eventually { sync.status.finished == 2 }
        #expect(sync.syncCount == 2)
        sync.stop()
        await sync.waitUntilStopped()
        #expect(sync.syncCount == 2)
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
