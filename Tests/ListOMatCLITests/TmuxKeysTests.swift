import Foundation
import ListStore
import Testing

/// Keys a real terminal sends that the TUI must read as keys.
@Suite("Home, End and deleting a list, in tmux", .serialized)
struct TmuxKeysTests {
    @Test("Home and End go to the first and last row under TERM=xterm-256color in tmux")
    func homeAndEnd() throws {
        let session = try TmuxSession(width: 80, height: 24)
        for name in ["One", "Two", "Three"] {
            try session.send("a")
            try session.send(name, literal: true)
            try session.send("Enter")
            try session.waitFor("│\(name)")
        }
        // What tmux sends for Home and End depends on its version and the outer terminal:
        // the named keys, then the VT220 forms (ESC [ 1 ~, ESC [ 4 ~) and the rxvt ones.
        let forms: [(home: String, end: String, literal: Bool)] = [
            ("Home", "End", false), ("\u{1B}[1~", "\u{1B}[4~", true), ("\u{1B}[7~", "\u{1B}[8~", true),
        ]
        for form in forms {
            try session.send(form.home, literal: form.literal)
            try session.send("r")
            // Rename starts with the selected list's name: the first one.
            try session.waitFor("Rename to: One", "Home (\(form.home.debugDescription)) did not go to the first list")
            try session.send("Escape")
            try session.send(form.end, literal: form.literal)
            try session.send("r")
            try session.waitFor("Rename to: Three", "End (\(form.end.debugDescription)) did not go to the last list")
            try session.send("Escape")
        }
        #expect(!(try session.screen().contains("1~")))
        #expect(!(try session.screen().contains("4~")))
        try session.send("C-c")
        #expect(session.exitStatus() == 0)
    }

    @Test("d on a list asks; only y deletes it (d d d deletes nothing)")
    func deletingAListAsks() throws {
        let session = try TmuxSession(width: 80, height: 24)
        for name in ["One", "Two"] {
            try session.send("a")
            try session.send(name, literal: true)
            try session.send("Enter")
            try session.waitFor("│\(name)")
        }
        try session.send("d")
        try session.waitFor("Delete Two? y / n")
        try session.send("d", "d", "Enter")
        try session.waitFor("Kept Two")
        #expect(try session.store().lists().map(\.name) == ["One", "Two"])
        try session.send("d")
        try session.waitFor("Delete Two?")
        try session.send("y")
        try session.waitFor("u to undo")
        #expect(try session.store().lists().map(\.name) == ["One"])
        try session.send("C-c")
        #expect(session.exitStatus() == 0)
    }
}
