import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ListOMatApp
import ListStore
import Settings
import Testing
@testable import listomat

/// The terminal UI's background sync (`TUISync`): nothing runs without `[sync]`; a password
/// that cannot be had, or a server that cannot be reached, is the footer's failed state, in
/// words, never a crash.
@Suite struct TUISyncTests {
    /// A config folder holding `text` as config.toml.
    private func environment(config text: String) throws -> [String: String] {
        let folder = URL(fileURLWithPath: CLI.runFolder).appendingPathComponent("tuisync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("listomat"), withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent("listomat/config.toml"), atomically: true, encoding: .utf8)
        return ["XDG_CONFIG_HOME": folder.path, "HOME": folder.path]
    }

    /// Waits (up to 5 minutes: under a full `swift test` on two cores the sync's task can wait minutes for a thread of the pool) until `condition` holds.
    /// Waits for `condition`, up to 15,000 naps of 20 ms. Counted in naps, not by the clock:
    /// while other suites hold the test pool's threads (2 on a 2-core machine) neither this
    /// loop nor the sync's task runs, and a clock deadline would pass before the sync had a turn.
    private func eventually(_ condition: () -> Bool) async throws {
        var naps = 0
        while !condition(), naps < 15_000 {
            try await Task.sleep(nanoseconds: 20_000_000)
            naps += 1
        }
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
        sync.start()
        let failed = SyncIndicator.Activity.failed("password_command in [sync] failed (exit 3); nothing was synced")
        try await eventually { sync.status.activity == failed }
        #expect(sync.status.activity == failed)
        sync.syncNow()
        try await eventually { sync.status.finished == 1 }
        #expect(sync.status.finished == 1)
        #expect(sync.syncCount == 0)
        sync.stop()
        await sync.waitUntilStopped()
    }

    @Test func aPasswordCommandThatHangsNeitherHoldsTheUIBackNorOutlivesIt() async throws {
        let folder = URL(fileURLWithPath: CLI.runFolder).appendingPathComponent("tuisync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pidFile = folder.appendingPathComponent("child.pid").path
        let settings = SyncSettings(
            url: "http://127.0.0.1:9/dav/", username: "me", passwordCommand: "sleep 600 & echo $! > '\(pidFile)'; wait", interval: 300)
        // Made at once, before the UI starts: the command runs only in the sync's loop.
        let sync = try #require(TUISync.make(settings, environment: [:], pollInterval: 0.01) { try ListStore.inMemory() })
        #expect(sync.status.activity == .syncing(progress: nil))
        sync.start()
        try await eventually { FileManager.default.fileExists(atPath: pidFile) && ((try? String(contentsOfFile: pidFile, encoding: .utf8)) ?? "").hasSuffix("\n") }
        let pid = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(sync.status.activity == .syncing(progress: nil))
        // Quitting the UI stops the sync, and the command with everything it started.
        sync.stop()
        await sync.waitUntilStopped()
        try await eventually { !Self.runs(pid) }
        #expect(!Self.runs(pid))
        #expect(sync.syncCount == 0)
    }

    @Test func aPasswordCommandPastTheTimeoutIsTheFailedState() async throws {
        let settings = SyncSettings(
            url: "http://127.0.0.1:9/dav/", username: "me", passwordCommand: "sleep 600", interval: 300, timeout: 1)
        let sync = try #require(TUISync.make(settings, environment: [:], pollInterval: 0.01) { try ListStore.inMemory() })
        sync.start()
        let failed = SyncIndicator.Activity.failed("password_command in [sync] did not finish within 1 s; nothing was synced")
        try await eventually { sync.status.activity == failed }
        #expect(sync.status.activity == failed)
        sync.stop()
        await sync.waitUntilStopped()
    }

    /// Whether `pid` runs (a zombie, waiting to be reaped, does not).
    private static func runs(_ pid: Int32) -> Bool {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return kill(pid, 0) == 0 && !stat.contains(") Z ")
    }

    @Test func aServerThatRefusesThePasswordFailsInWordsAndTheKeyTriesAgain() async throws {
        let server = try RefusingServer()
        let settings = SyncSettings(
            url: "http://127.0.0.1:\(server.port)/dav/", username: "me", passwordEnvironment: "TUISYNC_PASSWORD", interval: 3600)
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
        #expect(reason.contains("password"), "\(reason)")
        #expect(!reason.contains("secret"))
        #expect(failed.waiting == 1)  // the list, never sent
        #expect(try store.lists().map(\.name) == ["Groceries"])
        // The interval is an hour: only the key syncs again, once.
        sync.syncNow()
        try await eventually { sync.status.finished == 2 }
        #expect(sync.syncCount == 2)
        sync.stop()
        await sync.waitUntilStopped()
        #expect(sync.syncCount == 2)
        #expect(server.requests >= 2)
    }
}

/// A server on loopback that answers every request with 401 (a wrong password).
private final class RefusingServer: @unchecked Sendable {
    let port: Int
    private let socket: Int32
    private let lock = NSLock()
    private var count = 0
    var requests: Int { lock.withLock { count } }

    init() throws {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(fd, address, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, address, &length) == 0
            }
        }
        socket = fd
        guard bound else {
            close(fd)
            throw CocoaError(.fileWriteUnknown)
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in serve() }
    }

    deinit { close(socket) }

    private func serve() {
        while true {
            let client = accept(socket, nil, nil)
            guard client >= 0 else { return }
            // The whole request (headers, then Content-Length bytes), so closing resets nothing.
            var received = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let n = read(client, &buffer, buffer.count)
                if n <= 0 { break }
                received += buffer[0..<n]
                let text = String(decoding: received, as: UTF8.self)
                guard let end = text.range(of: "\r\n\r\n") else { continue }
                let headers = text[..<end.lowerBound].lowercased()
                let length = headers.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if received.count >= text[..<end.upperBound].utf8.count + length { break }
            }
            lock.withLock { count += 1 }
            let answer = "HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm=\"test\"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            _ = answer.withCString { write(client, $0, strlen($0)) }
            close(client)
        }
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
