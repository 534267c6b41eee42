import Foundation
import GRDB
import Testing

/// When a command that writes ends, the database file alone holds what it wrote: a copy of
/// `listomat.sqlite` without its `-wal` (what a backup or a file-sync tool takes) has it all.
@Suite struct DatabaseFileCLITests {
    let cli = CLI()

    @Test func theDatabaseFileAloneHoldsEveryCommandsChanges() throws {
        defer { cli.cleanUp() }
        #expect(try cli.run("new", "Groceries").status == 0)
        for item in ["milk", "eggs", "rice", "olives", "bread"] {
            #expect(try cli.run("add", "Groceries", item).status == 0)
            let wal = try FileManager.default.attributesOfItem(atPath: cli.databasePath + "-wal")[.size] as? Int
            #expect(wal == 0)
        }
        #expect(try cli.run("done", "Groceries", "eggs").status == 0)

        let copy = CLI()
        defer { copy.cleanUp() }
        try FileManager.default.createDirectory(atPath: copy.dataDir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: cli.databasePath, toPath: copy.databasePath)
        let shown = try copy.run("show", "Groceries")
        #expect(shown.status == 0)
        #expect(shown.stdout == """
            Groceries (1 of 5 completed)
            1 [ ] milk
            2 [x] eggs
            3 [ ] rice
            4 [ ] olives
            5 [ ] bread

            """)
    }

    /// `ask` writes its change, then its entry in the shortcuts history: both are in the
    /// database file alone when it ends.
    @Test func anAskedChangeAndItsHistoryAreInTheDatabaseFileAlone() throws {
        defer { cli.cleanUp() }
        #expect(try cli.run("new", "Grocery Store", "milk").status == 0)
        #expect(try cli.run("ask", "add bread to the grocery store list").stdout == "Added bread to Grocery Store.\n")
        let wal = try FileManager.default.attributesOfItem(atPath: cli.databasePath + "-wal")[.size] as? Int
        #expect(wal == 0)

        let copy = CLI()
        defer { copy.cleanUp() }
        try FileManager.default.createDirectory(atPath: copy.dataDir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: cli.databasePath, toPath: copy.databasePath)
        #expect(try copy.run("show", "Grocery Store").stdout.contains("2 [ ] bread"))
        let donations = try GRDBHelper.queue(copy.databasePath).read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM donations WHERE source = 'assistant'")
        }
        #expect(donations == 1)
    }

    /// A command that failed wrote nothing, and leaves nothing behind either.
    @Test func aRefusedCommandLeavesTheFileAsItWas() throws {
        defer { cli.cleanUp() }
        #expect(try cli.run("new", "Groceries", "milk").status == 0)
        #expect(try cli.run("add", "Nowhere", "eggs").status == 3)
        let wal = try FileManager.default.attributesOfItem(atPath: cli.databasePath + "-wal")[.size] as? Int
        #expect(wal == 0)
    }
}

/// The MCP server empties its write-ahead log between calls, not inside one: while it keeps
/// running, a change it answered reaches the database file on its next tick.
@Suite struct MCPDatabaseFileTests {
    @Test func aChangeReachesTheDatabaseFileWhileTheServerRuns() throws {
        let cli = CLI(), copy = CLI()
        defer { cli.cleanUp(); copy.cleanUp() }
        #expect(try cli.run("new", "Groceries", "milk", "eggs").status == 0)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: CLI.binary)
        server.arguments = ["mcp", "--data-dir", cli.dataDir]
        server.environment = ProcessInfo.processInfo.environment.merging(
            ["XDG_CONFIG_HOME": cli.dataDir + "/config", "XDG_CACHE_HOME": CLI.testCacheHome]) { $1 }
        let input = Pipe(), output = Pipe()
        server.standardInput = input
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { try? input.fileHandleForWriting.close(); server.waitUntilExit() }
        input.fileHandleForWriting.write(MCPLaunchTests.initialize + Data("""
            {"jsonrpc":"2.0","method":"notifications/initialized"}
            {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"SetTaskAttribute","arguments":{"taskList":"Groceries","tasks":["milk"],"status":"completed"}}}

            """.utf8))
        // The answer to the call (id 2) comes after the one to `initialize`.
        var received = Data()
        while !String(decoding: received, as: UTF8.self).contains(#""id":2"#) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received += chunk
        }
        #expect(String(decoding: received, as: UTF8.self).contains(#""id":2"#))
        // The database file alone, copied as a backup would copy it, until it has the change
        // (the tick comes every quarter of a second; counted in tries, not by the clock).
        try FileManager.default.createDirectory(atPath: copy.dataDir, withIntermediateDirectories: true)
        var shown = ""
        for _ in 0..<200 where !shown.contains("[x] milk") {
            usleep(50_000)
            try? FileManager.default.removeItem(atPath: copy.databasePath)
            try FileManager.default.copyItem(atPath: cli.databasePath, toPath: copy.databasePath)
            shown = try copy.run("show", "Groceries").stdout
        }
        #expect(shown.contains("[x] milk"), "\(shown)")
        #expect(server.isRunning)
    }
}
