import Foundation
import Testing
import ListStore

@Suite("listomat ask")
struct AskCLITests {
    let cli = CLI()

    init() throws {
        try cli.run("new", "Grocery Store", "milk", "eggs")
        try cli.run("new", "Hardware Store", "nails")
    }

    func json(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
    }

    @Test func theJSONContract() throws {
        defer { cli.cleanUp() }
        let result = try cli.run("ask", "--json", "--dry-run", "add apples and pears to the store list")
        #expect(result.status == 0)
        let answer = try json(result.stdout)[0]
        #expect(Set(answer.keys) == [
            "utterance", "intent", "state", "parameter", "options", "parameters", "response", "locale", "path", "guess",
        ])
        #expect(answer["path"] as? String == "template")
        #expect(answer["guess"] is NSNull)
        #expect(answer["utterance"] as? String == "add apples and pears to the store list")
        #expect(answer["intent"] as? String == "AddTasks")
        #expect(answer["state"] as? String == "disambiguation")
        #expect(answer["parameter"] as? String == "targetTaskList")
        #expect(answer["options"] as? [String] == ["Grocery Store", "Hardware Store"])
        let parameters = answer["parameters"] as! [String: Any]
        #expect(parameters["targetTaskList"] as? String == "store")
        #expect(parameters["taskTitles"] as? [String] == ["apples", "pears"])
        #expect(answer["response"] as? String == "Which list should I add apples and pears to: Grocery Store or Hardware Store?")
        #expect(answer["locale"] as? String == "en")

        let none = try json(try cli.run("ask", "--json", "set a timer for ten minutes").stdout)[0]
        #expect(none["intent"] is NSNull && none["parameter"] is NSNull)
        #expect(none["state"] as? String == "notUnderstood")
        #expect((none["parameters"] as? [String: Any])?.isEmpty == true)
    }

    @Test func choosingFromTheMenuAddsAndIsUndoable() throws {
        defer { cli.cleanUp() }
        let result = try cli.run("ask", "--json", "--choose", "2", "in ListOMat, add apples to the store list")
        let answer = try json(result.stdout)[0]
        #expect(answer["state"] as? String == "completed")
        #expect(answer["response"] as? String == "Added apples to Hardware Store.")
        #expect(try cli.run("show", "hardware").stdout.contains("[ ] apples"))
        #expect(try cli.run("undo").stdout == "Undid: added apples to Hardware Store\n")
        #expect(!(try cli.run("show", "hardware").stdout.contains("apples")))
    }

    @Test func dryRunChangesNothing() throws {
        defer { cli.cleanUp() }
        let before = try cli.export()
        let answer = try json(try cli.run("ask", "--json", "--dry-run", "add apples to the grocery store list").stdout)[0]
        #expect(answer["state"] as? String == "ready")
        #expect(answer["response"] as? String == "Ready: Add apples to Grocery Store.")
        #expect(try cli.export() == before)
    }

    @Test func deletingAListAsksFirst() throws {
        defer { cli.cleanUp() }
        let asked = try json(try cli.run("ask", "--json", "delete the hardware store list").stdout)[0]
        #expect(asked["state"] as? String == "confirmation")
        #expect(asked["parameter"] is NSNull)
        #expect(asked["response"] as? String == "Delete Hardware Store and its 1 item?")
        let refused = try json(try cli.run("ask", "--json", "--no", "delete the hardware store list").stdout)[0]
        #expect(refused["state"] as? String == "failed")
        #expect(try cli.run("lists").stdout.contains("Hardware Store"))
        let deleted = try json(try cli.run("ask", "--json", "--yes", "delete the hardware store list").stdout)[0]
        #expect(deleted["state"] as? String == "completed")
        #expect(!(try cli.run("lists").stdout.contains("Hardware Store")))
        #expect(try cli.run("undo").stdout == "Undid: deleted list Hardware Store and its 1 item\n")
    }

    @Test func anAddToAListNobodyHasOffersToCreateItYesOrNo() throws {
        defer { cli.cleanUp() }
        let asked = try json(try cli.run("ask", "--json", "add pencils and glue to my school supplies list").stdout)[0]
        #expect(asked["state"] as? String == "confirmation")
        #expect(asked["response"] as? String == "There's no School supplies list. Create it and add pencils and glue?")
        let refused = try json(try cli.run("ask", "--json", "--no", "add pencils and glue to my school supplies list").stdout)[0]
        #expect(refused["state"] as? String == "needsValue")
        #expect(!(try cli.run("lists").stdout.contains("School")))
        let made = try cli.run("ask", "--yes", "add pencils and glue to my school supplies list")
        #expect(made.stdout.hasPrefix("Created School supplies with pencils and glue."))
        #expect(try cli.run("show", "school supplies").stdout.contains("[ ] glue"))
        #expect(try cli.run("undo").status == 0)
        #expect(!(try cli.run("lists").stdout.contains("School")))
    }

    @Test func addingWhatIsThereUnchecksInsteadOfDuplicating() throws {
        defer { cli.cleanUp() }
        try cli.run("done", "groc", "eggs")
        let answer = try json(try cli.run("ask", "--json", "add milk, eggs and bread to the grocery store list").stdout)[0]
        #expect(answer["response"] as? String == "Added bread to Grocery Store. milk was already there. Unchecked eggs again.")
        #expect(try cli.run("show", "groc").stdout == "Grocery Store (0 of 3 completed)\n1 [ ] milk\n2 [ ] eggs\n3 [ ] bread\n")
    }

    @Test func addingOnlyWhatIsCheckedOffSaysItWasUnchecked() throws {
        defer { cli.cleanUp() }
        try cli.run("done", "groc", "eggs")
        let answer = try json(try cli.run("ask", "--json", "add eggs to the grocery store list").stdout)[0]
        #expect(answer["state"] as? String == "completed")
        #expect(answer["response"] as? String == "Unchecked eggs on Grocery Store again.")
    }

    @Test func aListAskedForComesWithItsItemsOnceWhetherPipedOrOnATerminal() throws {
        defer { cli.cleanUp() }
        try cli.run("done", "grocery", "eggs")
        let piped = try cli.run("ask", "what's on the grocery store list")
        #expect(piped.stdout == "Grocery Store (1 of 2 completed)\n  [ ] milk\n  [x] eggs\n")
        // A change says what it did, and only that, when piped.
        #expect(try cli.run("ask", "add bread to the grocery store list").stdout == "Added bread to Grocery Store.\n")
        let command = "\(CLI.binary) ask what\\'s on the grocery store list --data-dir \(cli.dataDir)"
        let terminal = try CLI.exec(["/usr/bin/script", "-qec", command, "/dev/null"])
        let lines = terminal.stdout.replacingOccurrences(of: "\r", with: "").split(separator: "\n")
        #expect(lines == ["Grocery Store (1 of 3 completed)", "  [ ] milk", "  [x] eggs", "  [ ] bread"])
    }

    @Test func presetsAnswerOneQuestionAfterAnother() throws {
        defer { cli.cleanUp() }
        let answer = try json(try cli.run("ask", "--json", "--choose", "2", "--yes", "delete the store list").stdout)[0]
        #expect(answer["state"] as? String == "completed")
        #expect(answer["response"] as? String == "Deleted Hardware Store. Say “undo” in the app, or run listomat undo, to bring it back.")
        #expect(try cli.run("lists").stdout == "Grocery Store (0 of 2 completed)\n")
    }

    @Test func batchModeAnswersEveryLineInOrder() throws {
        defer { cli.cleanUp() }
        var input = Data("show my grocery store list\n\nwhat can you do\r\n".utf8)
        input += Data([0x61, 0x64, 0x64, 0x20, 0xFF, 0x0A])  // "add \xFF"
        input += Data(("add " + String(repeating: "very ", count: 20_000) + "long to grocery store\n").utf8)
        input += Data("add \u{1B}[31mred\u{07} to grocery store\n".utf8)
        let result = try cli.run(["ask", "--dry-run"], stdin: input)
        // An empty line and one that is not UTF-8 are bad input: every line is answered, then exit 2.
        #expect(result.status == 2)
        let answers = try json(result.stdout)
        #expect(answers.count == 6)
        #expect(answers.map { $0["state"] as? String } == ["ready", "notUnderstood", "ready", "notUnderstood", "notUnderstood", "notUnderstood"])
        #expect(answers[1]["response"] as? String == "That line is empty: nothing was asked.")
        #expect(answers[2]["intent"] as? String == "Help")
        #expect(answers[3]["response"] as? String == "That line is not valid UTF-8.")
        // Control characters are refused, and never written raw into the JSON.
        #expect(answers[5]["utterance"] as? String == "add \u{1B}[31mred\u{07} to grocery store")
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test func badInputChangesNothing() throws {
        defer { cli.cleanUp() }
        let before = try cli.export()
        for utterance in ["", "   ", String(repeating: "x", count: 100_000), "\u{7}\u{1B}c", "add \u{1B}[2J to grocery store"] {
            let result = try cli.run(["ask", "--json", utterance])
            #expect(result.status <= 1, "\(utterance.prefix(20))")
            let answer = try json(result.stdout).first
            #expect(["notUnderstood", "unsupported", "failed"].contains(answer?["state"] as? String ?? ""), "\(utterance.prefix(20))")
        }
        // Only filler, or words that stand for nothing: a question or "didn't understand", never a change.
        for utterance in ["please", "thanks", "the list please", "and and and", "it", "add it", "put some stuff on it",
                          "um, uh, the thing", String(repeating: "please ", count: 290), "\u{200B}\u{FEFF}"] {
            let result = try cli.run(["ask", "--json", utterance])
            let answer = try json(result.stdout).first
            let state = answer?["state"] as? String ?? ""
            let response = answer?["response"] as? String ?? ""
            #expect(state != "completed" && state != "ready", "\(utterance.prefix(30))")
            #expect(response.count > 0 && !response.contains("  "), "\(response)")
        }
        #expect(try cli.export() == before)
        let unknown = try cli.run("ask", "--locale", "tlh", "show my lists")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix("listomat: no language “tlh” (available: "), "\(unknown.stderr)")
    }

    @Test func onATerminalItAsksAndReadsTheAnswer() throws {
        defer { cli.cleanUp() }
        let command = "\(CLI.binary) ask add apples to the store list --data-dir \(cli.dataDir)"
        let result = try CLI.exec(["/usr/bin/script", "-qec", command, "/dev/null"], stdin: Data("2\n".utf8))
        #expect(result.status == 0)
        #expect(result.stdout.contains("Which list should I add apples to: Grocery Store or Hardware Store?"))
        #expect(result.stdout.contains("1. Grocery Store"))
        #expect(result.stdout.contains("Added apples to Hardware Store."))
        #expect(try cli.run("show", "hardware").stdout.contains("[ ] apples"))
    }

    @Test func aPersonsOwnIntentsLoadAndABrokenFileIsAWarningOnStderr() throws {
        defer { cli.cleanUp() }
        let config = NSTemporaryDirectory() + "listomat-config-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: config) }
        let intents = config + "/listomat/intents"
        try FileManager.default.createDirectory(atPath: intents, withIntermediateDirectories: true)
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/intents/weekly-shop.yaml")
        try FileManager.default.copyItem(atPath: example.path, toPath: intents + "/weekly-shop.yaml")
        try "intent: Broken\nsteps:\n  - intent: ResetLists\n".write(toFile: intents + "/broken.yaml", atomically: true, encoding: .utf8)
        let result = try cli.run(["ask", "weekly shop"], environment: ["XDG_CONFIG_HOME": config])
        #expect(result.status == 0)
        #expect(result.stderr == "listomat: \(intents)/broken.yaml:1: no words: add “languages:” with the intent's title, sentences and responses in each language\n")
        #expect(result.stdout.hasPrefix("Nothing on Grocery Store was checked. milk and eggs are already on Grocery Store.\n"))
    }
}

@Suite("listomat ask: the cache of compiled sentences")
struct AskCacheCLITests {
    let cli = CLI()

    init() throws {
        try cli.run("new", "Grocery Store", "milk", "eggs")
    }

    /// `ask` with `XDG_CACHE_HOME` set to `cacheHome`.
    func ask(_ cacheHome: String) throws -> CLI.Result {
        try cli.run(["ask", "--dry-run", "add apples to the grocery store list"], environment: ["XDG_CACHE_HOME": cacheHome])
    }

    @Test("written on first use, read after, rewritten when damaged; the answer never changes")
    func cacheFile() throws {
        defer { cli.cleanUp() }
        let cacheHome = cli.dataDir + "/cache"
        let file = cacheHome + "/listomat/matchers-en.bin"
        let first = try ask(cacheHome)
        #expect(first.status == 0)
        #expect(first.stdout == "Ready: Add apples to Grocery Store.\n")
        let written = try #require(FileManager.default.contents(atPath: file))
        #expect(written.count > 1_000)
        #expect(try ask(cacheHome).stdout == first.stdout)
        #expect(FileManager.default.contents(atPath: file) == written)
        // Damaged: cut in half, or other bytes of the same length.
        for damaged in [written.prefix(written.count / 2), Data(repeating: 0x55, count: written.count)] {
            try damaged.write(to: URL(fileURLWithPath: file))
            let again = try ask(cacheHome)
            #expect(again.status == 0)
            #expect(again.stdout == first.stdout)
            #expect(again.stderr.isEmpty)
            #expect(FileManager.default.contents(atPath: file) == written)
        }
        // A cache folder that cannot be made (a file in its place): no cache, same answer.
        try Data().write(to: URL(fileURLWithPath: cli.dataDir + "/blocked"))
        let blocked = try ask(cli.dataDir + "/blocked")
        #expect(blocked.status == 0)
        #expect(blocked.stdout == first.stdout)
        #expect(blocked.stderr.isEmpty)
    }

    @Test("the list names kept between asks follow the store: a list renamed, added or deleted by another process")
    func namesFile() throws {
        defer { cli.cleanUp() }
        let cacheHome = cli.dataDir + "/cache"
        let file = cacheHome + "/listomat/names-en.bin"
        func add(to name: String) throws -> String {
            try cli.run(["ask", "--dry-run", "add apples to the \(name) list"], environment: ["XDG_CACHE_HOME": cacheHome]).stdout
        }
        try cli.run("new", "Hardware Store")
        #expect(try add(to: "grocery store") == "Ready: Add apples to Grocery Store.\n")
        let written = try #require(FileManager.default.contents(atPath: file))
        #expect(try add(to: "grocery store") == "Ready: Add apples to Grocery Store.\n")
        #expect(FileManager.default.contents(atPath: file) == written)
        try cli.run("rename-list", "grocery", "Farm Stand")
        #expect(try add(to: "farm stand") == "Ready: Add apples to Farm Stand.\n")
        #expect(try add(to: "grocery store") == "There's no Grocery store list. Create it and add apples?\n")
        #expect(FileManager.default.contents(atPath: file) != written)
        try cli.run("new", "Garden Center")
        #expect(try add(to: "garden center") == "Ready: Add apples to Garden Center.\n")
        try cli.run("rm-list", "garden", "--yes")
        #expect(try add(to: "garden center") == "There's no Garden center list. Create it and add apples?\n")
        #expect(try add(to: "hardware store") == "Ready: Add apples to Hardware Store.\n")
    }
}

@Suite("listomat ask: which language answers")
struct AskLanguageCLITests {
    let cli = CLI()

    func locale(_ result: CLI.Result) throws -> String? {
        let line = try #require(result.stdout.split(separator: "\n").first)
        return (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["locale"] as? String
    }

    @Test func aTagOrTheEnvironmentPicksTheNearestLanguageAndSaysWhichAnswered() throws {
        defer { cli.cleanUp() }
        try cli.run("new", "Groceries", "milk")
        #expect(try locale(cli.run("ask", "--json", "--dry-run", "--locale", "en_GB.UTF-8", "show groceries")) == "en")
        #expect(try locale(cli.run(["ask", "--json", "--dry-run", "show groceries"], environment: ["LC_ALL": "C"])) == "en")
        // A language that is not installed, from the environment, is English without a word.
        let quiet = try cli.run(["ask", "--json", "--dry-run", "show groceries"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(try locale(quiet) == "en")
        #expect(quiet.stderr.isEmpty)
    }

    @Test func aLanguageTheConfigNamesThatIsNotInstalledIsRefusedAndChangesNothing() throws {
        defer { cli.cleanUp() }
        try cli.run("new", "Groceries", "milk")
        let before = try cli.export()
        try FileManager.default.createDirectory(atPath: cli.dataDir + "/config/listomat", withIntermediateDirectories: true)
        try Data("language = \"klingon\"\n".utf8).write(to: URL(fileURLWithPath: cli.dataDir + "/config/listomat/config.toml"))
        let result = try cli.run("ask", "add eggs to groceries")
        #expect(result.status == 2)
        #expect(result.stderr.contains("language = “klingon” in config.toml is not a language ListOMat speaks"), "\(result.stderr)")
        #expect(try cli.export() == before)
    }
}

@Suite("listomat ask in Korean")
struct KoreanAskCLITests {
    let cli = CLI()

    init() throws {
        try cli.run("new", "장보기", "우유")
        try cli.run("new", "캠핑 준비물", "텐트")
    }

    @Test func anAddWithParticlesStoresTheItemsAsSaid() throws {
        defer { cli.cleanUp() }
        let result = try cli.run("ask", "--locale", "ko", "--json", "캠핑 준비물에 부탄가스를 추가해 주세요")
        #expect(result.status == 0)
        let answer = try JSONSerialization.jsonObject(with: Data(result.stdout.split(separator: "\n")[0].utf8)) as! [String: Any]
        #expect(answer["intent"] as? String == "AddTasks")
        #expect(answer["state"] as? String == "completed")
        #expect(answer["locale"] as? String == "ko")
        let shown = try cli.run("show", "캠핑 준비물").stdout
        #expect(shown.contains("부탄가스") && !shown.contains("부탄가스를"), "\(shown)")
        try cli.run("ask", "--locale", "ko", "--json", "--no", "캠핑 준비물 리스트 삭제해 줘")
        #expect(try cli.run("lists").stdout.contains("캠핑 준비물"))
    }
}
