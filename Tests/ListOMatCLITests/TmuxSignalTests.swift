import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The terminal UI stopped by a fatal signal, in a real terminal (tmux): the terminal comes
/// back first (the shell's screen, the cursor, cooked mode with echo), then one line says why,
/// and the exit status is the signal's (128 + its number), with no backtrace drawn.
@Suite(.serialized) struct TmuxSignalTests {
    /// A session whose shell saves the terminal's mode (`stty -a`) once listomat has ended.
    private func session() throws -> (TmuxSession, modeFile: String) {
        let modeFile = NSTemporaryDirectory() + "listomat-stty-" + UUID().uuidString
        let session = try TmuxSession(width: 100, height: 30, afterwards: "stty -a > '\(modeFile)'")
        return (session, modeFile)
    }

    private func expectRestored(_ session: TmuxSession, modeFile: String, signal: Int32, reason: String) throws {
        defer { try? FileManager.default.removeItem(atPath: modeFile) }
        #expect(session.exitStatus() == 128 + signal)
        func flag(_ name: String) throws -> String {
            try session.tmux(["display-message", "-p", "-t", "0", "#{\(name)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try flag("alternate_on") == "0", "the shell's screen is back")
        #expect(try flag("cursor_flag") == "1", "the cursor shows")
        let mode = try String(contentsOfFile: modeFile, encoding: .utf8)
        let flags = mode.split(whereSeparator: { $0 == " " || $0 == "\n" })
        #expect(flags.contains("icanon") && flags.contains("echo"), "cooked mode with echo: \(mode)")
        let screen = try session.screen()
        #expect(screen.contains(reason), "\(screen)")
        // SWIFT_BACKTRACE set asks for the runtime's backtrace after the line.
        if ProcessInfo.processInfo.environment["SWIFT_BACKTRACE"] == nil {
            #expect(!screen.contains("Program crashed"), "\(screen)")
        }
        #expect(!screen.contains("┌ Lists"), "nothing of the UI is left: \(screen)")
    }

    /// Another program cuts the shared-memory file short: SQLite's next read of its mapping
    /// (on the TUI's quarter-second look for changes) faults with SIGBUS.
    @Test func aTruncatedSharedMemoryFileEndsWithTheTerminalRestoredAndOneLine() throws {
        let (session, modeFile) = try session()
        try session.send("a")
        try session.send("Groceries", literal: true)
        try session.send("Enter", "Enter")
        try session.waitFor("Groceries")
        #expect(truncate(session.dataDir + "/listomat.sqlite-shm", 0) == 0)
        try expectRestored(session, modeFile: modeFile, signal: SIGBUS, reason: "listomat: stopped by SIGBUS (a file it had mapped was cut short, often listomat.sqlite-shm)")
    }

    /// The other fatal signals, sent: each restores the terminal and says which it was.
    @Test(arguments: [
        (SIGSEGV, "listomat: stopped by SIGSEGV (a memory fault: an internal error)"),
        (SIGABRT, "listomat: stopped by SIGABRT (aborted)"),
        (SIGILL, "listomat: stopped by SIGILL (an internal error)"),
        (SIGFPE, "listomat: stopped by SIGFPE (an arithmetic fault: an internal error)"),
        (SIGTERM, "listomat: stopped by SIGTERM"),
        (SIGHUP, "listomat: stopped by SIGHUP (the terminal hung up)"),
    ])
    func aFatalSignalEndsWithTheTerminalRestoredAndOneLine(_ signal: Int32, _ reason: String) throws {
        let (session, modeFile) = try session()
        let pane = try session.tmux(["display-message", "-p", "-t", "0", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        // The pane runs a shell; listomat is its child.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
        child.arguments = ["-\(signal)", "-P", pane, "listomat"]
        try child.run()
        child.waitUntilExit()
        try expectRestored(session, modeFile: modeFile, signal: signal, reason: reason)
    }
}
