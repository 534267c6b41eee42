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
            (Data("## A\n- [ ] ok\nsome prose\n".utf8), ["--format", "markdown"], "line 3: expected"),
            (Data("- [ ] orphan\n".utf8), ["--format", "markdown"], "line 1: expected a \"## List name\" heading"),
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
}
