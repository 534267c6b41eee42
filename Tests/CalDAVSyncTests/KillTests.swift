import Foundation
import ListStore
import Testing

@testable import CalDAVSync

/// `listomat sync` killed (SIGKILL) in the middle of sending: the next run finishes the job,
/// with every item on the server exactly once.
@Suite(.serialized, .enabled(if: Peers.python != nil && Peers.listomat != nil, "needs the peers in .venv and the listomat binary"))
struct SyncKillTests {
    @Test func aSyncKilledMidwayResumesWithoutDuplicates() async throws {
        let server = try TestServer()
        let proxy = try FaultyProxy(before: server)
        let device = try Device(server, url: proxy.url)
        defer { proxy.stop(); server.stop(); device.remove() }
        let names = (1...30).map { "item \($0)" }
        try device.store.createList(named: "Groceries", items: names)
        let config = device.folder.appendingPathComponent("config/listomat")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try """
            [sync]
            url = "\(proxy.url)"
            username = "\(server.user)"
            password_env = "LISTOMAT_TEST_SYNC_PASSWORD"
            """.write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": device.folder.appendingPathComponent("config").path,
                           "LISTOMAT_TEST_SYNC_PASSWORD": server.password]

        // Slow requests, so the kill lands among the PUTs.
        try proxy.set([], delay: 0.05)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Peers.listomat))
        process.arguments = ["--data-dir", device.folder.path, "sync"]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while proxy.requests().filter({ $0.hasPrefix("PUT") }).count < 8 && Date() < deadline && process.isRunning {
            usleep(10_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let sentBeforeKill = try server.phoneSummaries()["Groceries"]?.count ?? 0
        #expect(sentBeforeKill >= 7 && sentBeforeKill < 30)

        try proxy.set([])
        let resumed = try Peers.run([try #require(Peers.listomat), "--data-dir", device.folder.path, "sync"], environment: environment)
        #expect(resumed.status == 0, "\(resumed.error)")
        #expect(try server.phoneSummaries()["Groceries"] == names)
        #expect(try device.view() == ["Groceries": names])
        let again = try await device.sync()
        #expect(again.actions.isEmpty, "\(again.actions)")
    }
}
