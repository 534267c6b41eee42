import Foundation
import Testing

@Suite("move says what happened; --version")
struct MoveAndVersionCLITests {
    let cli = CLI()

    /// `move groc tomatos 99` on the last item says it is already last, not "Moved … to
    /// position 11" when nothing moved.
    @Test func moveSaysWhatHappened() throws {
        defer { cli.cleanUp() }
        try cli.run("new", "Grocery Store", "milk", "eggs", "tomatos")
        let before = try cli.export()
        let past = try cli.run("move", "groc", "tomatos", "99")
        #expect(past.stdout == "tomatos is already last on Grocery Store (position 3 of 3); nothing changed.\n")
        #expect(past.status == 0)  // like `done` on a checked item: nothing to do is not an error
        let same = try cli.run("move", "groc", "eggs", "2")
        #expect(same.stdout == "eggs is already at position 2 on Grocery Store; nothing changed.\n")
        #expect(same.status == 0)
        #expect(try cli.export() == before)
        // Nothing was recorded: undo has nothing of move's to take back (it undoes the `new`).
        #expect(try cli.run("undo").stdout.hasPrefix("Undid: created"))
        try cli.run("redo")

        let clamped = try cli.run("move", "groc", "milk", "99")
        #expect(clamped.stdout == "Moved milk to the end of Grocery Store (position 3; there is no position 99).\n")
        #expect(clamped.status == 0)
        let moved = try cli.run("move", "groc", "milk", "1")
        #expect(moved.stdout == "Moved milk to position 1 on Grocery Store.\n")
        #expect(try cli.run("show", "groc").stdout == "Grocery Store (0 of 3 completed)\n1 [ ] milk\n2 [ ] eggs\n3 [ ] tomatos\n")
    }

    @Test func version() throws {
        defer { cli.cleanUp() }
        let result = try cli.run("--version")
        #expect(result.status == 0)
        #expect(result.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(result.stdout)")
        let help = try cli.run("--help")
        #expect(help.stdout.contains("ListOMat \(result.stdout.dropLast())"))
        #expect(help.stdout.contains("--version"))
        // It touches no data: the folder is not even created.
        #expect(!FileManager.default.fileExists(atPath: cli.dataDir))
    }
}
