import Foundation
import ListStore
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real binary in a real terminal: tmux at a fixed size, keys sent with send-keys, the
/// screen read with capture-pane, the database checked afterwards. Waits poll the screen for
/// what should appear (with a generous limit); nothing asserts on time.
final class TmuxSession {
    let socket = "listomat-test-\(UUID().uuidString.prefix(8))"
    let dataDir = NSTemporaryDirectory() + "listomat-tmux-" + UUID().uuidString
    let statusFile: String
    let jobControl: Bool

    /// `jobControl`: listomat runs from an interactive shell, as a job it can stop (Ctrl-Z)
    /// and `fg` continues; else the pane runs it alone. `afterwards`: shell commands run once
    /// listomat has ended, before its status is written (to look at the terminal; without job control).
    /// `lang`: the terminal's LANG; `ready`: what the first screen shows once it is drawn.
    init(
        width: Int = 100, height: Int = 30, arguments: String = "", jobControl: Bool = false, afterwards: String = ":",
        lang: String = "C.UTF-8", ready: String = "Lists"
    ) throws {
        statusFile = dataDir + ".status"
        // The shell records the exit status so the test can see how listomat ended.
        let run = "'\(CLI.binary)' --data-dir '\(dataDir)' \(arguments)"
        self.jobControl = jobControl
        // With job control a stop ends the command line (`$?` is 148 then): the status is
        // asked for once listomat has ended (`exitStatus()`).
        let command = jobControl ? "bash --norc --noprofile -i"
            : run + "; echo $? > '\(statusFile)'.new; \(afterwards); mv '\(statusFile)'.new '\(statusFile)'; sleep 60"
        try tmux(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-e", "LANG=\(lang)", "-e", "TERM=xterm-256color", "-e", "XDG_CACHE_HOME=\(CLI.testCacheHome)", command])
        if jobControl {
            try send(run, literal: true)
            try send("Enter")
        }
        try waitFor(ready)
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: dataDir)
        try? FileManager.default.removeItem(atPath: statusFile)
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        // Through the shell with output to a file and waitpid (system): Foundation's Process
        // could wait forever here, as new-session leaves a forked tmux server behind.
        let outputPath = dataDir + ".tmux-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let quoted = (["tmux", "-L", socket] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let status = system(quoted.joined(separator: " ") + " >'\(outputPath)' 2>/dev/null </dev/null")
        guard status != -1 else { throw CocoaError(.executableLoad) }
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    /// Keys by tmux name ("Enter", "Space", "C-c") or, with `literal`, text to type.
    func send(_ keys: String..., literal: Bool = false) throws {
        try tmux(["send-keys"] + (literal ? ["-l"] : []) + ["-t", "0"] + keys)
    }

    func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", "0"]) }

    /// Polls the screen until `text` shows (up to 20 s), then returns it.
    @discardableResult
    func waitFor(_ text: String, _ comment: Comment? = nil) throws -> String {
        var last = ""
        for _ in 0..<400 {
            last = try screen()
            if last.contains(text) { return last }
            usleep(50_000)
        }
        Issue.record("“\(text)” never appeared. \(comment.map { "\($0)" } ?? "") Screen:\n\(last)")
        return last
    }

    /// The exit status of listomat once it has ended (nil if it does not within 20 s).
    func exitStatus() -> Int32? {
        if jobControl {
            // Typed only once the shell has its screen back (keys sent earlier would be listomat's).
            for _ in 0..<400 where (try? screen())?.contains("┌ Lists") ?? true { usleep(50_000) }
            _ = try? send("echo $? > '\(statusFile)'", literal: true)
            _ = try? send("Enter")
        }
        for _ in 0..<400 {
            if let text = try? String(contentsOfFile: statusFile, encoding: .utf8),
               let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            usleep(50_000)
        }
        return nil
    }

    func store() throws -> ListStore { try ListStore.open(StoreLocation(directory: dataDir), access: .readOnly) }
}

@Suite("The terminal UI in tmux", .serialized)
struct TmuxTests {
    @Test("a fresh start: add a list and items, ask the assistant and pick the second choice, check off, quit")
    func addAskPickCheckQuit() throws {
        let session = try TmuxSession()
        try session.waitFor("No lists yet")
        try session.send("a")
        try session.send("Grocery Store", literal: true)
        try session.send("Enter")
        try session.waitFor("Grocery Store         0 of 0")
        try session.send("a")
        try session.send("Hardware Store", literal: true)
        try session.send("Enter", "Enter", "a")
        try session.waitFor("Add to Hardware Store:")
        try session.send("nails", literal: true)
        try session.send("Enter", "Enter")
        try session.waitFor("[ ] nails")
        try session.send("/")
        try session.send("add apples to store", literal: true)
        try session.send("Enter")
        try session.waitFor("2. Hardware Store")
        try session.send("2", "Enter")
        try session.waitFor("[ ] apples")
        // The item the assistant added is selected: g goes back up to nails.
        try session.send("g", "Space")
        try session.waitFor("[x] nails")
        try session.send("q")
        #expect(session.exitStatus() == 0)
        let (_, items) = try session.store().listWithItems(.name("Hardware Store"))
        #expect(items.map(\.name) == ["nails", "apples"])
        #expect(items.map(\.done) == [true, false])
        #expect(try session.store().items(in: .name("Grocery Store")).isEmpty)
    }

    @Test("delete is instant and undoable; Ctrl-C quits cleanly")
    func deleteUndoAndControlC() throws {
        let session = try TmuxSession(width: 80, height: 24)
        try session.send("a")
        try session.send("Pet Shop", literal: true)
        try session.send("Enter", "Enter", "a")
        try session.send("collar", literal: true)
        try session.send("Enter")
        try session.send("leash", literal: true)
        try session.send("Enter", "Enter")
        try session.waitFor("[ ] leash")
        try session.send("d")
        try session.waitFor("u to undo")
        #expect(try session.store().items(in: .name("Pet Shop")).map(\.name) == ["collar"])
        try session.send("u")
        try session.waitFor("Undid")
        #expect(try session.store().items(in: .name("Pet Shop")).map(\.name) == ["collar", "leash"])
        try session.send("C-c")
        #expect(session.exitStatus() == 0)
    }

    @Test("a change made by another process appears; a resize redraws; SIGTERM restores the terminal")
    func outsideChangeResizeAndTerm() throws {
        let session = try TmuxSession(width: 100, height: 30)
        try session.send("a")
        try session.send("Books", literal: true)
        try session.send("Enter", "Enter")
        try session.waitFor("Books")
        let cli = CLI(dataDir: session.dataDir)
        #expect(try cli.run("add", "Books", "Dune").status == 0)
        try session.waitFor("[ ] Dune", "an outside change should show within a second")
        try session.tmux(["resize-window", "-t", "0", "-x", "50", "-y", "16"])
        try session.waitFor("┌ Books")
        try session.tmux(["resize-window", "-t", "0", "-x", "12", "-y", "4"])
        try session.waitFor("Too small")
        let pid = try session.tmux(["display-message", "-p", "-t", "0", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        // The pane runs a shell; listomat is its child.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
        child.arguments = ["-TERM", "-P", pid, "listomat"]
        try child.run()
        child.waitUntilExit()
        #expect(session.exitStatus() == 143)
        let alternate = try session.tmux(["display-message", "-p", "-t", "0", "#{alternate_on}"])
        #expect(alternate.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }
}

/// The real binary with LANG set to Korean and to Thai: the screen's words and the assistant are
/// that language's, a list made and items added by asking in it, the database checked after.
@Suite("The terminal UI in tmux, in Korean and Thai", .serialized)
struct TmuxLanguageTests {
    @Test(arguments: [
        ("ko_KR.UTF-8", "목록", "장보기", "장보기에 우유랑 계란 추가해 줘", ["우유", "계란"], "키"),
        ("th_TH.UTF-8", "รายการ", "ซื้อของ", "เพิ่มน้ำปลากับขนมปังในลิสต์ซื้อของหน่อยครับ", ["น้ำปลา", "ขนมปัง"], "ปุ่ม"),
    ])
    func aListMadeAndFilledByAsking(
        lang: String, title: String, list: String, request: String, items: [String], helpTitle: String
    ) throws {
        let session = try TmuxSession(width: 100, height: 30, lang: lang, ready: title)
        try session.send("a")
        try session.send(list, literal: true)
        try session.send("Enter")
        try session.waitFor(list)
        try session.send("/")
        try session.send(request, literal: true)
        try session.send("Enter")
        var stored: [String] = []
        for _ in 0..<400 {
            stored = (try? session.store().items(in: .name(list)).map(\.name)) ?? []
            if stored.count >= items.count { break }
            usleep(50_000)
        }
        let screen = try session.screen()
        #expect(stored == items, "\(lang): \(screen)")
        // The help screen is in the language too: its title, and no English word of it left.
        // (A pause after Esc: Esc and a key at once would be Alt and that key.)
        try session.send("Escape")
        usleep(400_000)
        try session.send("?")
        let help = try session.waitFor("┌ \(helpTitle)")
        #expect(!help.contains("Keys") && !help.contains("quit"), "\(lang):\n\(help)")
        try session.send("Escape")
        usleep(400_000)
        try session.send("q")
        #expect(session.exitStatus() == 0)
    }
}
