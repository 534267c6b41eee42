import Foundation
import Testing

/// `listomat sync` as a person runs it: the config, the password, the report and exit codes.
@Suite(.serialized, .enabled(if: Peers.listomat != nil, "needs the listomat binary"))
struct SyncCommandTests {
    /// A data folder and a config folder, with `config` as config.toml.
    struct Home {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listomat-cli-\(UUID().uuidString)")

        init(config: String?) throws {
            let configFolder = folder.appendingPathComponent("config/listomat")
            try FileManager.default.createDirectory(at: configFolder, withIntermediateDirectories: true)
            if let config {
                try config.write(to: configFolder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
            }
        }

        @discardableResult
        func run(_ arguments: String..., environment: [String: String] = [:]) throws -> Peers.Result {
            var env = ["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]
            for (key, value) in environment { env[key] = value }
            return try Peers.run([Peers.listomat ?? "listomat", "--data-dir", folder.appendingPathComponent("data").path] + arguments,
                                 environment: env)
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }

        /// A home whose config.toml syncs with `url` as `user`, the password from LISTOMAT_TEST_SYNC_PASSWORD.
        static func syncing(with url: String, user: String) throws -> Home {
            try Home(config: """
                [sync]
                url = "\(url)"
                username = "\(user)"
                password_env = "LISTOMAT_TEST_SYNC_PASSWORD"
                """)
        }
    }

    @Test(arguments: [
        (nil, "sync is not set up: add a [sync] section"),
        ("[sync]\nusername = \"ada\"\n", "[sync] needs url"),
        ("[sync]\nurl = \"https://example.com/\"\npassword = \"hunter2\"\n", "does not keep a password in the file"),
        ("[sync]\nurl = \"http://example.com/dav/\"\n", "must start with https://"),
        ("[sync]\nurl = \"https://example.com/\"\npassword_command = \"exit 3\"\n", "password_command in [sync] failed (exit 3)"),
        ("[sync]\nurl = \"https://example.com/\"\npassword_env = \"LISTOMAT_UNSET_VARIABLE\"\n", "LISTOMAT_UNSET_VARIABLE, which is not set"),
        ("[sync]\nurl = \"https://example.com/\"\ninterval = -5\n", "interval in [sync] must be a number of seconds"),
        ("[sync]\nurl = \"not a url\"\n", "is not an address"),
        ("[sync]\nurl = \"https://ada:hunter2@example.com/dav/\"\n", "url must not hold a user name or password"),
        ("[sync]\nurl = \"http://127.evil.example/\"\n", "must start with https://"),
        ("[sync]\nurl = \"https://example.com/\"\nca_file = \"/nonexistent/ca.pem\"\n", "cannot be read as PEM certificates"),
        ("[sync]\nurl = \"https://example.com/\"\ntimeout = 0\n", "timeout in [sync] must be a number of seconds"),
    ] as [(String?, String)])
    func aBadSetupGetsAClearMessageAndExit2(config: String?, message: String) throws {
        let home = try Home(config: config)
        defer { home.remove() }
        try home.run("new", "Groceries", "milk")
        let result = try home.run("sync")
        #expect(result.status == 2, "\(result.error)")
        #expect(result.error.contains(message), "\(result.error)")
        #expect(!result.error.contains("hunter2"))
        #expect(try home.run("show", "Groceries").output.contains("milk"))
    }

    @Test(.enabled(if: Peers.python != nil, "needs the peers in .venv"))
    func aSyncFromTheCommandLine() throws {
        let server = try TestServer()
        defer { server.stop() }
        let config = """
            [sync]
            url = "\(server.url)"
            username = "\(server.user)"
            password_command = "printf '%s\\\\n' '\(server.password)'"
            """
        let home = try Home(config: config)
        defer { home.remove() }
        try home.run("new", "Groceries", "milk", "eggs")

        let status = try home.run("sync", "--status")
        #expect(status.status == 0)
        #expect(status.output.contains("Last sync: never"))
        #expect(status.output.contains("changes here waiting to be sent: 3"), "\(status.output)")

        let dry = try home.run("sync", "--dry-run")
        #expect(dry.status == 0, "\(dry.error)")
        #expect(dry.output.contains("Would sync with"))
        #expect(try server.phoneSummaries().isEmpty)

        let sync = try home.run("sync")
        #expect(sync.status == 0, "\(sync.error)")
        #expect(sync.output.contains("server: add “milk” to Groceries"))
        #expect(sync.output.contains("server 1 list added, 2 added."), "\(sync.output)")
        #expect(!sync.output.contains(server.password) && !sync.error.contains(server.password))
        #expect(try server.phoneSummaries() == ["Groceries": ["milk", "eggs"]])

        let json = try home.run("sync", "--json")
        let report = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect(report?["dryRun"] as? Bool == false)
        #expect((report?["actions"] as? [Any])?.isEmpty == true)
        #expect(try home.run("sync", "--status").output.contains("waiting to be sent: 0"))
    }

    @Test(.enabled(if: Peers.python != nil, "needs the peers in .venv"))
    func aWrongPasswordExits1AndChangesNothing() throws {
        let server = try TestServer()
        defer { server.stop() }
        let home = try Home.syncing(with: server.url, user: server.user)
        defer { home.remove() }
        try home.run("new", "Groceries", "milk")
        let result = try home.run("sync", environment: ["LISTOMAT_TEST_SYNC_PASSWORD": "not-the-password"])
        #expect(result.status == 1)
        #expect(result.error.contains("refused the user name or password"), "\(result.error)")
        #expect(!result.error.contains("not-the-password") && !result.output.contains("not-the-password"))
        #expect(try server.phoneSummaries().isEmpty)
        #expect(try home.run("sync", "--status").output.contains("Last error: the server"))
    }

    /// Whether `pid` still runs (a zombie, which only waits to be reaped, does not); asked a few
    /// times, as a killed process takes a moment to go.
    static func stillRuns(_ pid: Int32) -> Bool {
        for _ in 0..<200 {
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            if kill(pid, 0) != 0 || stat.contains(") Z ") { return false }
            usleep(10_000)
        }
        return true
    }

    @Test func aPasswordCommandThatNeverEndsIsStoppedAtTheTimeoutWithItsChildren() throws {
        let home = try Home(config: nil)
        defer { home.remove() }
        let pidFile = home.folder.appendingPathComponent("child.pid").path
        try """
            [sync]
            url = "https://example.com/"
            username = "ada"
            password_command = "sleep 600 & echo $! > '\(pidFile)'; wait"
            timeout = 1
            """.write(to: home.folder.appendingPathComponent("config/listomat/config.toml"), atomically: true, encoding: .utf8)
        try home.run("new", "Groceries", "milk")
        let result = try home.run("sync")
        #expect(result.status == 2, "\(result.error)")
        #expect(result.error.contains("password_command in [sync] did not finish within 1 s"), "\(result.error)")
        let pid = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(!Self.stillRuns(pid))
        #expect(try home.run("show", "Groceries").output.contains("milk"))
    }

    @Test(.enabled(if: Peers.python != nil, "needs the peers in .venv"))
    func aPasswordCommandThatLeavesAChildHoldingItsOutputGivesItsFirstLine() throws {
        let server = try TestServer()
        defer { server.stop() }
        let home = try Home(config: nil)
        defer { home.remove() }
        let pidFile = home.folder.appendingPathComponent("child.pid").path
        // The child keeps the output open after the password and the command's end.
        try """
            [sync]
            url = "\(server.url)"
            username = "\(server.user)"
            password_command = "(sleep 600 & echo $! > '\(pidFile)'); printf '%s\\\\nsecond line\\\\n' '\(server.password)'"
            """.write(to: home.folder.appendingPathComponent("config/listomat/config.toml"), atomically: true, encoding: .utf8)
        try home.run("new", "Groceries", "milk")
        let sync = try home.run("sync")
        #expect(sync.status == 0, "\(sync.error)")
        #expect(try server.phoneSummaries() == ["Groceries": ["milk"]])
        let pid = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(!Self.stillRuns(pid))
    }

    @Test(.enabled(if: Peers.python != nil, "needs the peers in .venv"))
    func anItemTheServerRefusesIsSaidBySyncDryRunAndStatusAlike() throws {
        let server = try TestServer()
        let proxy = try FaultyProxy(before: server)
        defer { proxy.stop(); server.stop() }
        let home = try Home.syncing(with: proxy.url, user: server.user)
        defer { home.remove() }
        let environment = ["LISTOMAT_TEST_SYNC_PASSWORD": server.password]
        try home.run("new", "Groceries", "milk", "eggs")
        #expect(try home.run("sync", environment: environment).status == 0)
        #expect(try home.run("done", "Groceries", "milk").status == 0)
        try proxy.set([["method": "PUT", "status": 400]])

        let sync = try home.run("sync", environment: environment)
        #expect(sync.status == 0, "\(sync.error)")
        #expect(sync.output.contains("not synced: “milk” on Groceries: the server refused the change ("), "\(sync.output)")
        #expect(sync.output.contains("server no change; 1 item not synced (above)."), "\(sync.output)")
        let status = try home.run("sync", "--status")
        #expect(status.output.contains("changes here waiting to be sent: 1"), "\(status.output)")
        #expect(status.output.contains("not synced: “milk” on Groceries: the server refused the change ("), "\(status.output)")
        let json = try home.run("sync", "--status", "--json")
        let problems = (try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])?["problems"] as? [String]
        #expect(problems?.count == 1)

        try proxy.set([])
        let dry = try home.run("sync", "--dry-run", environment: environment)
        #expect(dry.output.contains("server: check off “milk” on Groceries"), "\(dry.output)")
        let healed = try home.run("sync", environment: environment)
        #expect(healed.output.contains("server 1 changed."), "\(healed.output)")
        #expect(!(try home.run("sync", "--status").output.contains("not synced")))
        #expect(try server.phoneSummaries()["Groceries"] == ["[x] milk", "eggs"])
    }

    @Test(.enabled(if: Peers.python != nil, "needs Python"), arguments: [SIGINT, SIGTERM])
    func aSyncStoppedWhileItsPasswordCommandRunsStopsTheCommandToo(signal: Int32) throws {
        let home = try Home(config: nil)
        defer { home.remove() }
        let pidFile = home.folder.appendingPathComponent("child.pid").path
        try """
            [sync]
            url = "https://example.com/"
            username = "ada"
            password_command = "sleep 600 & echo $! > '\(pidFile)'; wait"
            """.write(to: home.folder.appendingPathComponent("config/listomat/config.toml"), atomically: true, encoding: .utf8)
        let process = Process()
        // Started as from a shell: here SIGINT and SIGTERM never reached listomat (blocked or
        // ignored in the test runner's children), so Python resets both before it becomes listomat.
        let listomat = try #require(Peers.listomat)
        process.executableURL = URL(fileURLWithPath: try #require(Peers.python))
        process.arguments = [
            "-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
                + "[signal.signal(s, signal.SIG_DFL) for s in (signal.SIGINT, signal.SIGTERM)]; os.execv(sys.argv[1], sys.argv[1:])",
            listomat, "--data-dir", home.folder.appendingPathComponent("data").path, "sync",
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["XDG_CONFIG_HOME": home.folder.appendingPathComponent("config").path]) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var naps = 0
        while !((try? String(contentsOfFile: pidFile, encoding: .utf8)) ?? "").hasSuffix("\n") && naps < 3000 {
            usleep(10_000)
            naps += 1
        }
        let pid = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(!Self.stillRuns(pid))
    }
}
