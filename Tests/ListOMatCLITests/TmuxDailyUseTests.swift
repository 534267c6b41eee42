import Foundation
import ListStore
import Testing

/// A person's day in a real terminal: answering the assistant in words, moving and hiding
/// items by key, Ctrl-Z to the shell and `fg` back.
@Suite("Answers, item keys and Ctrl-Z in tmux", .serialized)
struct TmuxDailyUseTests {
    @Test("a typed answer runs no list keys; J moves an item, H hides checked ones; Ctrl-Z and fg")
    func typedAnswerItemKeysAndSuspend() throws {
        let session = try TmuxSession(width: 100, height: 30, jobControl: true)
        try session.send("a")
        try session.send("Hardware Store", literal: true)
        try session.send("Enter", "Enter", "a")
        for item in ["nails", "glue", "tape"] {
            try session.send(item, literal: true)
            try session.send("Enter")
            try session.waitFor("[ ] \(item)")
        }
        try session.send("Enter")
        func items() throws -> [String] { try session.store().items(in: .name("Hardware Store")).map(\.name) }

        // The assistant guesses; "yes do it" is typed into the bar (y, s, Space, d run nothing).
        try session.send("/")
        try session.send("whats on the hardwre stor list", literal: true)
        try session.send("Enter")
        try session.waitFor("Did you mean Hardware Store?")
        try session.send("yes do it", literal: true)
        try session.waitFor("Answer: yes do it")
        #expect(try items() == ["nails", "glue", "tape"])
        #expect(try session.store().items(in: .name("Hardware Store")).allSatisfy { !$0.done })
        try session.send("Enter")
        try session.waitFor("Hardware Store (0 of 3 completed)")

        // J moves nails down (one change, undoable); Space checks it off; H hides it.
        try session.send("g", "J")
        try session.waitFor("u to undo")
        #expect(try items() == ["glue", "nails", "tape"])
        try session.send("Space", "H")
        let hidden = try session.waitFor("checked hidden")
        // The items pane (the middle of each row) shows glue and tape, not nails.
        let pane = hidden.split(separator: "\n").map { String($0.dropFirst(30).prefix(40)) }.joined(separator: "\n")
        #expect(pane.contains("[ ] tape"))
        #expect(!pane.contains("nails"))

        // Ctrl-Z gives the shell back; fg brings the whole screen back.
        try session.send("C-z")
        try session.waitFor("Stopped")
        try session.send("fg", literal: true)
        try session.send("Enter")
        try session.waitFor("checked hidden")
        try session.waitFor("[ ] tape")
        try session.send("q")
        #expect(session.exitStatus() == 0)
    }
}
