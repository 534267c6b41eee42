import Foundation
import GRDB
import Testing
import ListStore
#if canImport(Glibc)
import Glibc
#endif

/// Several real processes on one database, as the TUI, `listomat ask` and scripts will be.
@Suite("Processes sharing one database", .serialized)
struct MultiProcessTests {
    let cli = CLI()

    @Test func eightProcessesAddingAHundredItemsEachLoseNothing() throws {
        defer { cli.cleanUp() }
        try cli.run("new", "Shared")
        let script = """
            for i in $(seq 1 100); do
              "$LISTOMAT" add Shared "p$P-$i" --data-dir "$DATA" > /dev/null || { echo "failed at $i" >&2; exit 1; }
            done
            """
        let processes = try (1...8).map { p -> Process in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script]
            process.environment = ["LISTOMAT": CLI.binary, "DATA": cli.dataDir, "P": "\(p)", "PATH": "/usr/bin:/bin"]
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })

        let items = try cli.store().items(in: .name("Shared"))
        #expect(items.count == 800)
        let expected = Set((1...8).flatMap { p in (1...100).map { "p\(p)-\($0)" } })
        #expect(Set(items.map(\.name)) == expected)
        #expect(Set(items.map(\.position)).count == 800)
        // Each process added its own items in its own order.
        for p in 1...8 {
            let mine = items.map(\.name).filter { $0.hasPrefix("p\(p)-") }
            #expect(mine == (1...100).map { "p\(p)-\($0)" })
        }
        #expect(try integrityCheck() == "ok")
    }

    @Test func aWriterKilledMidStreamLosesNothingItAcknowledged() throws {
        defer { cli.cleanUp() }
        try cli.run("new", "Stream")
        // A writer that adds items one by one and acknowledges each on stdout after its commit.
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", """
            i=1
            while true; do
              "$LISTOMAT" add Stream "item $i" --data-dir "$DATA" > /dev/null && echo "$i"
              i=$((i+1))
            done
            """]
        writer.environment = ["LISTOMAT": CLI.binary, "DATA": cli.dataDir, "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        writer.standardOutput = output
        try writer.run()
        // Wait until it has acknowledged a good number, then kill the shell and the listomat
        // it is running, whatever that one is doing.
        var acknowledged: [Int] = []
        var buffer = Data()
        while acknowledged.count < 40 {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer += chunk
            acknowledged = String(decoding: buffer, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
        }
        let shell = writer.processIdentifier
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        kill(shell, SIGKILL)
        for child in children.split(separator: " ").compactMap({ Int32($0) }) { kill(child, SIGKILL) }
        writer.waitUntilExit()
        buffer += output.fileHandleForReading.readDataToEndOfFile()
        acknowledged = String(decoding: buffer, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
        #expect(acknowledged.count >= 40)

        #expect(try integrityCheck() == "ok")
        let names = Set(try cli.store().items(in: .name("Stream")).map(\.name))
        for n in acknowledged {
            #expect(names.contains("item \(n)"), "acknowledged item \(n) is missing")
        }
        // The store still works for the next writer.
        #expect(try cli.run("add", "Stream", "after the crash").status == 0)
    }

    @Test func anImportKilledMidTransactionLeavesAllOrNothing() throws {
        defer { cli.cleanUp() }
        try cli.run("new", "Before", "kept")
        // A large import: one transaction of 60,000 items.
        let items = (1...60_000).map { "{\"name\": \"item \($0)\", \"done\": false}" }.joined(separator: ",")
        let file = cli.dataDir + "-big.json"
        try "[{\"name\": \"Big\", \"items\": [\(items)]}]".write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        var killedMidway = 0
        for delay in [50_000, 150_000, 400_000] as [useconds_t] {
            let importer = Process()
            importer.executableURL = URL(fileURLWithPath: CLI.binary)
            importer.arguments = ["import", file, "--data-dir", cli.dataDir]
            importer.standardOutput = FileHandle.nullDevice
            try importer.run()
            usleep(delay)
            kill(importer.processIdentifier, SIGKILL)
            importer.waitUntilExit()
            if importer.terminationReason == .uncaughtSignal { killedMidway += 1 }
            #expect(try integrityCheck() == "ok")
            let lists = try cli.store().summaries()
            #expect(lists.first?.list.name == "Before" && lists.first?.itemCount == 1)
            let big = lists.first { $0.list.name == "Big" }
            #expect(big == nil || big?.itemCount == 60_000, "a partial import is visible")
            if big != nil { try cli.run("rm-list", "Big", "--yes") }
        }
        #expect(killedMidway > 0, "every import finished before the kill: the test proved nothing")
    }

    private func integrityCheck() throws -> String? {
        try GRDBHelper.queue(cli.databasePath).read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
    }
}
