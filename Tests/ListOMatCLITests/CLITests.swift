import Foundation
import Testing
import ListStore

@Suite("The command line")
struct CLITests {
    let cli = CLI()

    init() throws {
        #expect(FileManager.default.isExecutableFile(atPath: CLI.binary), "build listomat first")
    }

    @Test func aFreshDataDirListsNothingAndCreatesNothing() throws {
        let result = try cli.run("lists")
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(!FileManager.default.fileExists(atPath: cli.dataDir))
        #expect(try cli.run("lists", "--json").stdout == "{\"lists\":[]}\n")
        #expect(try cli.run("export").stdout == "[]\n")
        #expect(!FileManager.default.fileExists(atPath: cli.dataDir))
        cli.cleanUp()
    }

    @Test func aSessionInTheSpiritOfTheOriginalApp() throws {
        defer { cli.cleanUp() }
        #expect(try cli.run("new", "Grocery Store", "milk", "eggs").stdout == "Created list Grocery Store with milk and eggs.\n")
        #expect(try cli.run("new", "Hardware Store").stdout == "Created list Hardware Store.\n")
        #expect(try cli.run("add", "groc", "bread", "butter", "rice").stdout == "Added bread, butter and rice to Grocery Store.\n")
        #expect(try cli.run("add", "groc", "tea", "--at", "1").status == 0)
        #expect(try cli.run("done", "Grocery Store", "milk", "1").stdout == "Checked off milk and tea on Grocery Store.\n")
        #expect(try cli.run("done", "Grocery Store", "milk").stdout == "Already checked off; nothing changed.\n")
        #expect(try cli.run("undone", "g", "tea").stdout == "Unchecked tea on Grocery Store.\n")
        #expect(try cli.run("rm", "g", "butter").stdout == "Removed butter from Grocery Store.\n")
        #expect(try cli.run("rename-item", "g", "eggs", "6 eggs").status == 0)
        #expect(try cli.run("move", "g", "rice", "1").status == 0)
        #expect(try cli.run("lists").stdout == "Grocery Store (1 of 5 completed)\nHardware Store (0 of 0 completed)\n")
        #expect(try cli.run("show", "grocery").stdout == """
            Grocery Store (1 of 5 completed)
            1 [ ] rice
            2 [ ] tea
            3 [x] milk
            4 [ ] 6 eggs
            5 [ ] bread

            """)
        #expect(try cli.run("rename-list", "hard", "DIY").stdout == "Renamed list Hardware Store to DIY.\n")
        #expect(try cli.run("move-list", "DIY", "1").status == 0)
        #expect(try cli.run("copy", "groc", "Weekly").stdout == "Copied Grocery Store to Weekly.\n")
        #expect(try cli.run("reset", "groc").stdout == "Reset Grocery Store. (1 unchecked)\n")
        try cli.run("done", "groc", "1", "2")
        #expect(try cli.run("clear-done", "groc").stdout == "Cleared 2 checked items from Grocery Store.\n")
        #expect(try cli.run("lists").stdout == "Weekly (0 of 5 completed)\nDIY (0 of 0 completed)\nGrocery Store (0 of 3 completed)\n")
        #expect(try cli.run("undo").stdout == "Undid: cleared 2 checked items from Grocery Store\n")
        #expect(try cli.run("redo").stdout == "Redid: cleared 2 checked items from Grocery Store\n")
    }

    /// move-to, sort, and the one rule for adding a name that is already there.
    @Test func moveToSortAndTheAddRule() throws {
        defer { cli.cleanUp() }
        try cli.run("new", "Grocery Store", "milk", "eggs", "nails", "glue")
        try cli.run("new", "Hardware Store", "rope", "glue")
        try cli.run("done", "Grocery Store", "milk")
        // Adding a checked name unchecks it; an unchecked one is not added twice.
        #expect(try cli.run("add", "groc", "milk", "bread").stdout
            == "Added bread to Grocery Store and unchecked milk on Grocery Store.\n")
        #expect(try cli.run("add", "groc", "eggs").stdout == "eggs is already on Grocery Store, unchecked; nothing changed.\n")
        #expect(try cli.run("add", "groc", "eggs", "tea").stdout
            == "Added tea to Grocery Store.\neggs is already on Grocery Store, unchecked.\n")
        let moved = try cli.run("move-to", "groc", "nails", "glue", "hard")
        #expect(moved.status == 0)
        #expect(moved.stdout == "Moved nails and glue from Grocery Store to Hardware Store.\nglue was already there: merged, not doubled.\n")
        #expect(try cli.run("show", "hard").stdout.hasSuffix("1 [ ] rope\n2 [ ] glue\n3 [ ] nails\n"))
        #expect(try cli.run("undo").stdout == "Undid: moved nails and glue from Grocery Store to Hardware Store\n")
        #expect(try cli.run("move-to", "groc", "nails").status == 2)
        let same = try cli.run("move-to", "groc", "nails", "groc")
        #expect(same.status != 0 && same.stderr == "listomat: The items are already on Grocery Store.\n")
        try cli.run("done", "groc", "bread")
        #expect(try cli.run("sort", "groc").stdout == "Sorted Grocery Store by name, checked items last.\n")
        #expect(try cli.run("show", "groc").stdout.hasSuffix(
            "1 [ ] eggs\n2 [ ] glue\n3 [ ] milk\n4 [ ] nails\n5 [ ] tea\n6 [x] bread\n"))
        #expect(try cli.run("sort", "groc").stdout == "Already in order; nothing changed.\n")
        // Moving the last item past the end moves nothing, and says so.
        #expect(try cli.run("move", "groc", "bread", "99").stdout == "bread is already last on Grocery Store (position 6 of 6); nothing changed.\n")
    }

    @Test func jsonSchemas() throws {
        defer { cli.cleanUp() }
        try cli.run("new", "Grocery Store", "milk", "eggs")
        try cli.run("done", "g", "eggs")
        let lists = try JSONSerialization.jsonObject(with: Data(try cli.run("lists", "--json").stdout.utf8)) as! [String: Any]
        let list = (lists["lists"] as! [[String: Any]])[0]
        #expect(Set(list.keys) == ["id", "name", "position", "itemCount", "completedCount", "created", "modified"])
        #expect(list["name"] as? String == "Grocery Store")
        #expect(list["itemCount"] as? Int == 2 && list["completedCount"] as? Int == 1 && list["position"] as? Int == 1)
        #expect(UUID(uuidString: list["id"] as! String) != nil)
        #expect(ISO8601DateFormatter.withFractions.date(from: list["created"] as! String) != nil)

        let shown = try JSONSerialization.jsonObject(with: Data(try cli.run("show", "g", "--json").stdout.utf8)) as! [String: Any]
        #expect(Set(shown.keys) == ["list", "items"])
        let items = shown["items"] as! [[String: Any]]
        #expect(items.map { $0["name"] as! String } == ["milk", "eggs"])
        #expect(items.map { $0["done"] as! Bool } == [false, true])
        #expect(items.map { $0["position"] as! Int } == [1, 2])
        #expect(Set(items[0].keys) == ["id", "name", "done", "position", "created", "modified"])
    }

    @Test func errorsAreOneLineWithTheirExitCodeAndChangeNothing() throws {
        defer { cli.cleanUp() }
        try cli.run("new", "Grocery Store", "milk")
        try cli.run("new", "Garden")
        let before = try cli.export()
        let cases: [([String], Int32, String)] = [
            (["add", "Hardware", "nails"], 3, "listomat: No list matches “Hardware”.\n"),
            (["add", "G", "nails"], 4, "listomat: “G” matches 2 lists: \"Grocery Store\", \"Garden\"\n"),
            (["done", "groc", "bread"], 3, "listomat: Nothing on Grocery Store matches “bread”.\n"),
            (["done", "groc", "milk", "7"], 3, "listomat: Grocery Store has no item 7 (it has 1).\n"),
            (["new", "garden"], 1, "listomat: A list named “Garden” already exists.\n"),
            (["new", "   "], 2, "listomat: list name is empty\n"),
            (["add", "groc", "bad\u{1B}[31mred"], 2, "listomat: item names cannot contain control characters (found U+001B)\n"),
            (["add", "groc", String(repeating: "x", count: 501)], 2, "listomat: item name is 501 characters long; the limit is 500\n"),
            (["add", "groc"], 2, "listomat: Missing expected argument '<items> ...'; see 'listomat add --help' for more information\n"),
            (["frobnicate"], 2, "listomat: Unexpected argument 'frobnicate'; see 'listomat --help' for more information\n"),
            (["show"], 2, "listomat: Missing expected argument '<list>'; see 'listomat show --help' for more information\n"),
            (["add", "groc", "x", "--at", "first"], 2, "listomat: The value 'first' is invalid for '--at <at>'; see 'listomat add --help' for more information\n"),
            (["rm-list", "garden"], 2, "listomat: rm-list deletes Garden and its items; pass --yes to confirm (stdin is not a terminal)\n"),
            (["redo"], 1, "listomat: Nothing to redo.\n"),
            (["add", "groc", "x", "--at=-9223372036854775808"], 2, "listomat: --at takes a position from 1.; see 'listomat add --help' for more information\n"),
            (["move", "groc", "milk", "--", "-9223372036854775808"], 2, "listomat: Positions start at 1.; see 'listomat move --help' for more information\n"),
            (["move-list", "garden", "0"], 2, "listomat: Positions start at 1.; see 'listomat move-list --help' for more information\n"),
        ]
        for (arguments, status, message) in cases {
            let result = try cli.run(arguments)
            #expect(result.status == status, "\(arguments)")
            #expect(result.stderr == message, "\(arguments)")
            #expect(result.stdout == "", "\(arguments)")
        }
        #expect(try cli.export() == before)
    }

    @Test func rmListNeedsYesOffATerminal() throws {
        defer { cli.cleanUp() }
        try cli.run("new", "Pet Shop", "food", "leash")
        #expect(try cli.run(["rm-list", "pet"], stdin: Data("y\n".utf8)).status == 2)
        let deleted = try cli.run("rm-list", "pet", "--yes")
        #expect(deleted.status == 0)
        #expect(deleted.stdout == "Deleted list Pet Shop and its 2 items.\n")
        #expect(try cli.run("lists").stdout == "")
    }

    @Test(arguments: [("n\n", Int32(1), "(0 of 2 completed)"), ("yes\n", Int32(0), "")])
    func rmListAsksOnATerminal(answer: String, status: Int32, remains: String) throws {
        defer { cli.cleanUp() }
        try cli.run("new", "Pet Shop", "food", "leash")
        // `script` gives the command a pseudo-terminal and types the answer into it.
        let command = "\(CLI.binary) rm-list pet --data-dir \(cli.dataDir)"
        let result = try CLI.exec(["/usr/bin/script", "-qec", command, "/dev/null"], stdin: Data(answer.utf8))
        #expect(result.status == status)
        #expect(result.stdout.contains("Delete Pet Shop and its 2 items? [y/N]"))
        #expect(try cli.run("lists").stdout == (remains.isEmpty ? "" : "Pet Shop \(remains)\n"))
    }

    @Test func invalidUTF8ArgumentsAreRefused() throws {
        defer { cli.cleanUp() }
        let result = try CLI.exec(["/bin/sh", "-c", "\"$0\" new \"$(printf 'ok\\377')\" --data-dir \"$1\"", CLI.binary, cli.dataDir])
        #expect(result.status == 2)
        #expect(result.stderr == "listomat: argument 2 is not valid UTF-8; nothing was changed\n")
        #expect(!FileManager.default.fileExists(atPath: cli.dataDir))
    }

    @Test func theCLIUndoesAChangeMadeByAnotherProcess() throws {
        defer { cli.cleanUp() }
        // Another process (the TUI, say) deletes a list through its own store.
        let other = try cli.store()
        try other.createList(named: "Hardware Store", items: ["nails", "glue", "tape"])
        try other.deleteList(.name("Hardware Store"))
        let undo = try cli.run("undo")
        #expect(undo.stdout == "Undid: deleted list Hardware Store and its 3 items\n")
        #expect(try other.items(in: .name("Hardware")).map(\.name) == ["nails", "glue", "tape"])
        #expect(try cli.run("undo").stdout == "Undid: created list Hardware Store with nails, glue and tape\n")
        #expect(try cli.run("undo").status == 1)
    }

    @Test func noSubcommandWithoutATerminalSaysToUseASubcommand() throws {
        let result = try cli.run([])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("the terminal UI needs a terminal"))
        cli.cleanUp()
    }

    @Test func screenPrintsWhatTheUIShowsAndChangesNothing() throws {
        _ = try cli.run("new", "Grocery Store", "milk", "eggs")
        let result = try cli.run("screen", "--size", "60x8", "--keys", "enter d d")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 9)
        #expect(lines[0].hasPrefix("┌ Lists"))
        #expect(result.stdout.contains("Removed") || result.stdout.contains("removed"))
        #expect(try cli.run("show", "Grocery Store").stdout.hasSuffix("1 [ ] milk\n2 [ ] eggs\n"))
        let styled = try cli.run("screen", "--size", "30x6", "--style")
        #expect(styled.stdout.contains("fg="))
        #expect(try cli.run("screen", "--size", "0x5").status == 2)
        #expect(try cli.run("screen", "--keys", "j nope").stderr.contains("nope"))
        #expect(try cli.run("screen", "--theme", "no-such-theme").status == 2)
        cli.cleanUp()
    }

    @Test func dataDirComesFromTheEnvironment() throws {
        let home = CLI()
        defer { cli.cleanUp(); home.cleanUp() }
        let result = try CLI.exec([CLI.binary, "new", "From Env"], environment: ["LISTOMAT_HOME": home.dataDir])
        #expect(result.status == 0)
        #expect(try home.run("lists").stdout == "From Env (0 of 0 completed)\n")
    }

    @Test func namesFromTheDatabaseCannotDriveTheTerminal() throws {
        defer { cli.cleanUp() }
        // Written behind the store's back, as a hostile file could be.
        try cli.run("new", "Evil")
        let store = try cli.store()
        _ = store  // the CLI sanitises what it prints, whatever the database holds
        let queue = try GRDBHelper.queue(cli.databasePath)
        try queue.write { db in try db.execute(sql: "UPDATE lists SET name = 'Evil\u{1B}]52;c;aGk=\u{07}\u{1B}[31m'") }
        let shown = try cli.run("lists").stdout
        #expect(!shown.contains("\u{1B}"))
        #expect(!shown.contains("\u{07}"))
        #expect(shown == "Evil\u{FFFD}]52;c;aGk=\u{FFFD}\u{FFFD}[31m (0 of 0 completed)\n")
    }
}

extension ISO8601DateFormatter {
    static var withFractions: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
