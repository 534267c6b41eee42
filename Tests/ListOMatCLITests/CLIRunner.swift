import Foundation
import GRDB
import ListStore
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `listomat` binary as a subprocess, as a person or a script would.
struct CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `listomat` binary built beside this test bundle (or `$LISTOMAT_BIN`).
    static let binary: String = {
        if let explicit = ProcessInfo.processInfo.environment["LISTOMAT_BIN"] { return explicit }
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = here.deletingLastPathComponent()
        // The test bundle may be a directory (…/X.xctest/…); walk up until listomat is beside us.
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("listomat").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return "listomat-not-built"
    }()

    let dataDir: String

    /// One folder for everything these tests make (data folders and the files beside them,
    /// the assistant's cache), removed when the test process exits: a test that does not
    /// clean up after itself leaves nothing behind either.
    static let runFolder: String = {
        let folder = NSTemporaryDirectory() + "listomat-cli-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: CLI.runFolder) }
        return folder
    }()

    /// `XDG_CACHE_HOME` for every process the tests start: one folder for the whole run.
    static let testCacheHome = runFolder + "/cache"

    init(dataDir: String = CLI.runFolder + "/" + UUID().uuidString) {
        self.dataDir = dataDir
    }

    /// `listomat ARGS --data-dir D` with `stdin` (none: /dev/null, so never a terminal).
    @discardableResult
    func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> Result {
        // Before a `--`: what follows it is words, not options.
        var arguments = arguments
        arguments.insert(contentsOf: ["--data-dir", dataDir], at: arguments.firstIndex(of: "--") ?? arguments.endIndex)
        // The person's own config (themes, keys, custom intents) never reaches the tests.
        let isolated = ["XDG_CONFIG_HOME": dataDir + "/config"].merging(environment) { $1 }
        return try CLI.exec([CLI.binary] + arguments, stdin: stdin, environment: isolated)
    }

    @discardableResult
    func run(_ arguments: String...) throws -> Result {
        try run(arguments)
    }

    static func exec(_ command: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "LISTOMAT_HOME")
        // English unless a test asks for another language: the person's own locale never reaches the tests.
        env.removeValue(forKey: "LC_ALL")
        env.removeValue(forKey: "LC_MESSAGES")
        env["LANG"] = "C.UTF-8"
        // The assistant's cache of compiled sentences goes to a folder of the tests', never ~/.cache.
        env["XDG_CACHE_HOME"] = CLI.testCacheHome
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        // Feed stdin and drain both pipes at once, so a large output cannot block the child.
        let writer = Thread {
            if let stdin { input.fileHandleForWriting.write(stdin) }
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        nonisolated(unsafe) var errData = Data()
        let errReader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
        errReader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while errReader.isExecuting || !errReader.isFinished { usleep(1000) }
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Opens the database the CLI wrote, to check it directly.
    func store() throws -> ListStore {
        try ListStore.open(StoreLocation(directory: dataDir))
    }

    var databasePath: String { StoreLocation(directory: dataDir).databasePath }

    /// Everything in the database as List-o-Mat JSON, to prove a failed command changed nothing.
    func export() throws -> String {
        try run("export").stdout
    }

    func cleanUp() {
        try? FileManager.default.removeItem(atPath: dataDir)
    }
}
