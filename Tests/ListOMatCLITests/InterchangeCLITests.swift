import Foundation
import Testing
import ListStore

@Suite("import and export on the command line")
struct InterchangeCLITests {
    let cli = CLI()

    static let json = """
        [{"name": "Grocery Store", "items": [{"name": "milk", "done": true}, {"name": "crème fraîche", "done": false}]},
         {"name": "Empty", "items": []},
         {"name": "書店 📚", "items": [{"name": "x marks the spot", "done": false}, {"name": "(A) thing", "done": true}]}]
        """

    @Test(arguments: [("json", "lists.json"), ("markdown", "lists.md"), ("todotxt", "todo.txt")])
    func roundTripThroughFiles(format: String, fileName: String) throws {
        let source = CLI(), target = CLI()
        defer { source.cleanUp(); target.cleanUp(); cli.cleanUp() }
        let input = source.dataDir + "-in.json"
        try Self.json.write(toFile: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: input) }
        #expect(try source.run("import", input).stdout == "Imported 3 new lists with 4 items.\n")

        let file = source.dataDir + "-" + fileName
        defer { try? FileManager.default.removeItem(atPath: file) }
        let exported = try source.run("export", "-o", file)
        #expect(exported.status == 0)
        #expect(try target.run("import", file).status == 0)  // the extension picks the format

        var expected = try source.run("lists").stdout
        if format == "todotxt" { expected = expected.replacingOccurrences(of: "Empty (0 of 0 completed)\n", with: "") }
        #expect(try target.run("lists").stdout == expected)
        #expect(try target.run("show", "書店").stdout == (try source.run("show", "書店").stdout))
        #expect(try target.run("show", "groc").stdout == (try source.run("show", "groc").stdout))
    }

    @Test func exportToStdoutInEachFormat() throws {
        defer { cli.cleanUp() }
        try cli.run("new", "Grocery Store", "milk", "eggs")
        try cli.run("done", "g", "eggs")
        #expect(try cli.run("export", "--format", "markdown").stdout == "## Grocery Store\n- [ ] milk\n- [x] eggs\n")
        let json = try cli.run("export").stdout
        #expect(json.contains("\"name\": \"Grocery Store\""))
        let todo = try cli.run("export", "--format", "todotxt").stdout.split(separator: "\n")
        #expect(todo.count == 2)
        #expect(todo[0].hasSuffix(" milk +Grocery_Store"))
        #expect(todo[1].hasPrefix("x "))
    }

    @Test func importFromStdinMergesIntoExistingLists() throws {
        defer { cli.cleanUp() }
        try cli.run("new", "Grocery Store", "MILK")
        let result = try cli.run(["import", "-"], stdin: Data("## grocery store\n- [ ] milk\n- [ ] tea\n".utf8))
        #expect(result.stdout == "Imported 0 new lists and 1 existing one with 1 item; skipped 1 already there.\n")
        #expect(try cli.run("show", "g").stdout == "Grocery Store (0 of 2 completed)\n1 [ ] MILK\n2 [ ] tea\n")
        #expect(try cli.run("undo").stdout == "Undid: imported 1 list with 1 item\n")
    }

    @Test func badFilesImportNothing() throws {
        defer { cli.cleanUp() }
        try cli.run("new", "Keep", "this")
        let before = try cli.export()
        let cases: [(Data, [String], String)] = [
            (Data("[{\"name\": \"A\"}]".utf8), ["--format", "json"], "cannot import - as json: invalid List-o-Mat JSON"),
            (Data("{not json".utf8), ["--format", "json"], "cannot import - as json: invalid List-o-Mat JSON"),
            (Data("[{\"name\": \"A\", \"items\": [{\"name\": \"  \"}]}]".utf8), ["--format", "json"], "item 1 of A: "),
            (Data("2026-01-01 ok +A\nbad \u{7F} +A\n".utf8), ["--format", "todotxt"], "item names cannot contain control characters"),
            (Data([0x66, 0x6F, 0xFF, 0xFE, 0x0A]), ["--format", "todotxt"], "file is not valid UTF-8"),
            (Data("## A\n- [ ] bad \u{1B}[2J name\n".utf8), ["--format", "markdown"], "item names cannot contain control characters"),
            (Data(("## A\n- [ ] " + String(repeating: "y", count: 600) + "\n").utf8), ["--format", "markdown"], "item name is 600 characters long"),
        ]
        for (data, options, message) in cases {
            let result = try cli.run(["import", "-"] + options, stdin: data)
            #expect(result.status == 2, "\(message)")
            #expect(result.stderr.hasPrefix("listomat: "), "\(message)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        let missing = try cli.run("import", "/nonexistent/file.json")
        #expect(missing.status == 2)
        #expect(missing.stderr == "listomat: cannot read /nonexistent/file.json: no such file\n")
        #expect(try cli.export() == before)
    }

    /// todo.txt has no empty lists: the export says which it left out (never a silent "Exported 4 lists").
    @Test func todoTxtExportSaysWhichEmptyListsItLeftOut() throws {
        defer { cli.cleanUp() }
        try cli.run("new", "Grocery Store", "milk")
        try cli.run("new", "Empty")
        try cli.run("new", "Also Empty")
        let file = cli.dataDir + "-out.txt"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try cli.run("export", "-o", file)
        #expect(result.status == 0)
        #expect(result.stdout == "Exported 1 list to \(file); left out 2 empty lists (Empty and Also Empty): todo.txt cannot hold a list with no items.\n")
        let json = try cli.run("export", "-o", file, "--json")
        #expect(json.stdout == #"{"file":"\#(file)","format":"todotxt","items":1,"lists":1,"omitted":[{"name":"Empty","reason":"todo.txt cannot hold a list with no items"},{"name":"Also Empty","reason":"todo.txt cannot hold a list with no items"}]}"# + "\n")
        // To standard output the export is the output: the note goes to stderr.
        let stdout = try cli.run("export", "--format", "todotxt")
        #expect(stdout.status == 0)
        #expect(stdout.stdout.hasSuffix(" milk +Grocery_Store\n"))
        #expect(stdout.stderr == "listomat: left out 2 empty lists (Empty and Also Empty): todo.txt cannot hold a list with no items\n")
        // Formats that hold empty lists say nothing of the kind.
        let markdown = try cli.run("export", "-o", cli.dataDir + "-out.md")
        defer { try? FileManager.default.removeItem(atPath: cli.dataDir + "-out.md") }
        #expect(markdown.stdout == "Exported 3 lists to \(cli.dataDir)-out.md.\n")
        let bad = try cli.run("export", "--json")
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("listomat: --json describes the file written with -o FILE"))
    }

    @Test(arguments: [
        ("json", "[\n  {\n    \"name\": \"Hardware Store\",\n    \"items\": [\n      {\n        \"name\": \"nails\",\n        \"done\": false\n      }\n    ]\n  }\n]\n"),
        ("markdown", "## Hardware Store\n- [ ] nails\n"),
        ("todotxt", " nails +Hardware_Store\n"),
    ])
    func exportOneList(format: String, expected: String) throws {
        defer { cli.cleanUp() }
        try cli.run("new", "Grocery Store", "milk")
        try cli.run("new", "Hardware Store", "nails")
        let result = try cli.run("export", "--list", "hard", "--format", format)
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix(expected), "\(result.stdout)")
        #expect(!result.stdout.contains("milk"))
        let two = try cli.run("export", "--list", "hard", "--list", "groc", "--format", format)
        #expect(two.stdout.contains("milk") && two.stdout.contains("nails"))
        let missing = try cli.run("export", "--list", "nope", "-o", cli.dataDir + "-x.json")
        #expect(missing.status == 3)
        #expect(missing.stderr == "listomat: No list matches “nope”.\n")
        #expect(!FileManager.default.fileExists(atPath: cli.dataDir + "-x.json"))
        try cli.run("new", "Greens")
        let ambiguous = try cli.run("export", "--list", "gr")
        #expect(ambiguous.status == 4)
        #expect(ambiguous.stdout == "")
    }

    /// Priorities, creation and completion dates and a second +project are kept, not
    /// dropped or folded into the name.
    @Test func todoTxtImportKeepsWhatTheLinesSay() throws {
        defer { cli.cleanUp() }
        let lines = """
            (A) 2026-03-01 call mom @phone +Family +Errands
            x 2026-03-02 2026-03-01 pay rent +Home
            (B) fix bike due:2026-04-01 +Home
            +Home

            """
        let result = try cli.run(["import", "-", "--format", "todotxt"], stdin: Data(lines.utf8))
        #expect(result.stdout == "Imported 2 new lists with 3 items; left out 1 line that is neither a list nor an item (line 4).\n")
        #expect(try cli.run("show", "home").stdout == "Home (1 of 2 completed)\n1 [x] pay rent\n2 [ ] (B) fix bike due:2026-04-01\n")
        let exported = try cli.run("export", "--format", "todotxt").stdout.split(separator: "\n")
        try #require(exported.count == 3)
        #expect(exported[0] == "(A) 2026-03-01 call mom @phone +Family +Errands")
        #expect(exported[1] == "x 2026-03-02 2026-03-01 pay rent +Home")
        #expect(exported[2].hasPrefix("(B) 20") && exported[2].hasSuffix(" fix bike due:2026-04-01 +Home"))
    }

    /// A Markdown file with a prose line or a plain `- Dune` bullet imports its items and says what it skipped.
    @Test func markdownNotesImportAndSayWhatWasLeftOut() throws {
        defer { cli.cleanUp() }
        let notes = """
            # Reading
            Books people told me about.

            ## Novels
            - Dune
            - [x] Emma
            Some more prose.

            """
        let file = cli.dataDir + "-notes.md"
        try notes.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try cli.run("import", file)
        #expect(result.status == 0)
        #expect(result.stdout == "Imported 1 new list with 2 items; left out 2 lines that are neither a list nor an item (lines 2, 7).\n")
        #expect(try cli.run("show", "novels").stdout == "Novels (1 of 2 completed)\n1 [ ] Dune\n2 [x] Emma\n")
        try cli.run("undo")
        let json = try cli.run("import", file, "--json")
        #expect(json.stdout == #"{"itemsAdded":2,"itemsSkipped":0,"linesSkipped":[2,7],"listsCreated":1,"listsMerged":0}"# + "\n")
    }

    /// Piped notes that start with prose are read as Markdown (a heading follows), not as
    /// todo.txt lines.
    @Test func pipedNotesStartingWithProseAreMarkdown() throws {
        defer { cli.cleanUp() }
        let result = try cli.run(["import", "-"], stdin: Data("Books people told me about.\n## Novels\n- Dune\n".utf8))
        #expect(result.stdout == "Imported 1 new list with 1 item; left out 1 line that is neither a list nor an item (line 1).\n")
        #expect(try cli.run("lists").stdout == "Novels (0 of 1 completed)\n")
    }
}
