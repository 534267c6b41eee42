import Foundation
import ListStore
import Testing

/// `listomat mcp` driven by a real MCP client: the official Python SDK (PyPI `mcp`), which
/// `.ci/run` installs in `.venv`. Each test runs one scenario of `MCP/mcp_client.py` (which
/// checks what the client sees) and then checks the database itself.
@Suite(.serialized, .enabled(if: MCPClient.python != nil, "needs Python with the `mcp` package (.ci/run installs it in .venv)"))
struct MCPTests {
    let cli = CLI()

    init() throws {
        try cli.run("new", "Grocery Store", "milk", "eggs")
        try cli.run("new", "Hardware Store", "nails")
    }

    /// Runs a scenario; its JSON line on success.
    func scenario(_ name: String) throws -> [String: Any] {
        let result = try MCPClient.run(name, dataDir: cli.dataDir)
        #expect(result.status == 0, "scenario \(name) failed:\n\(result.stderr)\n\(result.stdout)")
        let line = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        return (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    }

    func items(_ list: String) throws -> [String] {
        let shown = try cli.run("show", list, "--json")
        guard shown.status == 0,
              let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any],
              let items = object["items"] as? [[String: Any]] else { return [] }
        return items.compactMap { $0["name"] as? String }
    }

    func listNames() throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(try cli.run("lists", "--json").stdout.utf8)) as? [String: Any]
        return (object?["lists"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    @Test func toolsAreTheIntentsWithTheirSchemasAndThePersonsOwn() throws {
        // A person's own intent (docs/intents/weekly-shop.yaml) is a tool too, and runs.
        let intents = cli.dataDir + "/config/listomat/intents"
        try FileManager.default.createDirectory(atPath: intents, withIntermediateDirectories: true)
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/intents/weekly-shop.yaml")
        try FileManager.default.copyItem(atPath: example.path, toPath: intents + "/weekly-shop.yaml")
        try cli.run("done", "grocery", "milk")
        let seen = try scenario("tools")
        #expect((seen["tools"] as? [String])?.contains("WeeklyShop") == true)
        #expect(seen["WeeklyShop"] as? String == "completed")
        #expect(try items("Grocery Store") == ["milk", "eggs"])
        #expect(try cli.run("show", "grocery").stdout.contains("[ ] milk"))
    }

    @Test func everyIntentCanBeCalledAndADeletionWaitsForItsYes() throws {
        let seen = try scenario("intents")
        #expect(seen["DeleteTaskList"] as? String == "completed")
        // The copy is left; the list itself was deleted only with confirm: true.
        let names = try listNames()
        #expect(!names.contains("Picnic"))
        #expect(names.contains { $0.hasPrefix("Picnic (") })
        #expect(try items("Grocery Store") == ["milk", "eggs"])
        // One undo step per change: undoing the deletion brings Picnic back.
        #expect(try cli.run("undo").status == 0)
        #expect(try items("Picnic") == ["War and Peace", "cups"])
    }

    @Test func aMenuComesBackAsStateWhenTheClientCannotAsk() throws {
        _ = try scenario("menu_without_elicitation")
        #expect(try items("Hardware Store") == ["nails", "apples"])
        #expect(try items("Grocery Store") == ["milk", "eggs"])
    }

    @Test func anAmbiguousListIsAskedThroughElicitation() throws {
        _ = try scenario("menu_elicited")
        #expect(try items("Hardware Store") == ["nails", "apples"])
        #expect(try items("Grocery Store") == ["milk", "eggs"])
        // Logged like every other request (a donation from "mcp").
        let donations = try cli.store().donations()
        #expect(donations.contains { $0.source == "mcp" })
    }

    @Test func aDeclinedMenuChangesNothing() throws {
        let before = try cli.export()
        _ = try scenario("menu_declined")
        #expect(try cli.export() == before)
    }

    @Test func aDeletionConfirmedThroughElicitation() throws {
        _ = try scenario("delete_confirmed")
        #expect(try listNames() == ["Grocery Store"])
    }

    @Test func anAddToAListNobodyHasOffersToCreateItThroughElicitation() throws {
        let seen = try scenario("offer_new_list")
        #expect(seen["response"] as? String == "Created School supplies with pencils.")
        #expect(try items("School supplies") == ["pencils"])
    }

    @Test func aDeletionRefusedDeclinedOrCancelledChangesNothing() throws {
        let before = try cli.export()
        _ = try scenario("delete_refused")
        #expect(try cli.export() == before)
    }

    @Test func aClientThatLeavesMidQuestionGetsTheQuestionAndNothingChanges() throws {
        let before = try cli.export()
        let seen = try scenario("abandoned")
        #expect(seen["exit"] as? Int == 0)
        #expect(try cli.export() == before)
    }

    @Test func aSubscriberHearsOfAnotherProcesssChange() throws {
        let seen = try scenario("subscription")
        #expect(seen["after"] as? [String] == ["milk", "eggs", "bread"])
    }

    @Test func brokenRequestsGetErrorsAndTheServerStaysUp() throws {
        let before = try cli.export()
        let seen = try scenario("raw")
        #expect(seen["still up"] as? Bool == true)
        #expect(try cli.export() == before)
    }
}

/// CI must not skip these silently: with `LISTOMAT_REQUIRE_PEERS=1` (set by .ci/run) a missing
/// client is a failure.
@Test func theMCPClientIsThereWhenCIRequiresIt() {
    guard ProcessInfo.processInfo.environment["LISTOMAT_REQUIRE_PEERS"] == "1" else { return }
    #expect(MCPClient.python != nil, "LISTOMAT_REQUIRE_PEERS=1 but no Python with `mcp` was found (.venv/bin/python)")
}

enum MCPClient {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("MCP/mcp_client.py").path

    /// `$LISTOMAT_TEST_PYTHON`, else the package's `.venv/bin/python`, when it can import `mcp`.
    static let python: String? = {
        var candidates: [String] = []
        if let explicit = ProcessInfo.processInfo.environment["LISTOMAT_TEST_PYTHON"] { candidates.append(explicit) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".venv/bin/python").path)
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            if let result = try? CLI.exec([candidate, "-c", "import mcp"]), result.status == 0 { return candidate }
        }
        return nil
    }()

    static func run(_ scenario: String, dataDir: String, environment: [String: String] = [:]) throws -> CLI.Result {
        // A scenario that hangs must not hang the test run.
        try CLI.exec(["/usr/bin/timeout", "180", python ?? "python3", "-W", "ignore::DeprecationWarning", script, scenario, CLI.binary, dataDir],
                     environment: ["XDG_CONFIG_HOME": dataDir + "/config"].merging(environment) { $1 })
    }
}

/// How `listomat mcp` starts its server, the program `listomat-mcp` beside it; no MCP client
/// needed (a JSON-RPC `initialize` line on stdin, and stdin closed).
@Suite struct MCPLaunchTests {
    static let initialize = Data("""
        {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}

        """.utf8)

    @Test func aLinkToListomatElsewhereStillFindsTheServerBesideTheRealFile() throws {
        let folder = NSTemporaryDirectory() + "listomat-link-" + UUID().uuidString
        let cli = CLI()
        defer { try? FileManager.default.removeItem(atPath: folder); cli.cleanUp() }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/listomat", withDestinationPath: CLI.binary)
        let result = try CLI.exec(["/usr/bin/timeout", "60", folder + "/listomat", "mcp", "--data-dir", cli.dataDir], stdin: Self.initialize)
        #expect(result.status == 0, "\(result.stderr)")
        let answer = try JSONSerialization.jsonObject(with: Data(result.stdout.split(separator: "\n").first.map(String.init)?.utf8 ?? "".utf8)) as? [String: Any]
        let info = (answer?["result"] as? [String: Any])?["serverInfo"] as? [String: Any]
        #expect(info?["name"] as? String == "listomat")
        let version = try CLI.exec([CLI.binary, "--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(info?["version"] as? String == version)
    }

    @Test func withoutTheServerBesideItMcpSaysSoAndChangesNothing() throws {
        let folder = NSTemporaryDirectory() + "listomat-alone-" + UUID().uuidString
        let cli = CLI()
        defer { try? FileManager.default.removeItem(atPath: folder); cli.cleanUp() }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Copied by `cp`, not in this process: a test running beside it that starts a program
        // while this process held the copy open for writing would leave it "text file busy".
        #expect(try CLI.exec(["/bin/cp", CLI.binary, folder + "/listomat"]).status == 0)
        let result = try CLI.exec([folder + "/listomat", "mcp", "--data-dir", cli.dataDir], stdin: Self.initialize)
        #expect(result.status == 5)
        #expect(result.stderr.contains("the MCP server is not installed: no \(folder)/listomat-mcp"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cli.dataDir))
    }

    @Test func anUnknownLanguageIsRefusedBeforeTheServerStarts() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let result = try cli.run(["mcp", "--locale", "xx"], stdin: Self.initialize)
        #expect(result.status == 2)
        #expect(result.stderr.contains("no language “xx”"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cli.dataDir))
    }

    @Test func theServerRefusesToBeStartedWithoutItsOptions() throws {
        let server = URL(fileURLWithPath: CLI.binary).deletingLastPathComponent().appendingPathComponent("listomat-mcp").path
        let bare = try CLI.exec([server], stdin: Self.initialize)
        #expect(bare.status == 2)
        #expect(bare.stderr.contains("start the server with `listomat mcp`"), "\(bare.stderr)")
        let unknown = try CLI.exec([server, "--data", "/tmp"], stdin: Self.initialize)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown option “--data”"), "\(unknown.stderr)")
    }

    #if os(Linux)
    /// FoundationNetworking brings libcurl and some thirty libraries: every command would load
    /// them, and a static executable cannot link them. Neither program links it, so one
    /// static build makes both (scripts/install.sh).
    @Test func neitherProgramLinksFoundationNetworking() throws {
        let server = URL(fileURLWithPath: CLI.binary).deletingLastPathComponent().appendingPathComponent("listomat-mcp").path
        for program in [CLI.binary, server] {
            let libraries = try CLI.exec(["/usr/bin/ldd", program])
            #expect(libraries.status == 0)
            #expect(!libraries.stdout.contains("libFoundationNetworking"), "\(program): \(libraries.stdout)")
            #expect(!libraries.stdout.contains("libcurl"), "\(program): \(libraries.stdout)")
        }
    }
    #endif
}

/// The assistant in each language through a real MCP client: a menu answered with its second
/// option, and a deletion refused then confirmed, each checked in the database after. The
/// requests are the TUI's (`ListOMatAppTests/Languages/conversations.json`).
@Suite(.serialized, .enabled(if: MCPClient.python != nil, "needs Python with the `mcp` package (.ci/run installs it in .venv)"))
struct MCPLanguageTests {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    func spoken(_ cli: CLI, _ values: [String: String]) throws -> [String: Any] {
        let input = String(decoding: try JSONSerialization.data(withJSONObject: values), as: UTF8.self)
        let result = try MCPClient.run("spoken", dataDir: cli.dataDir, environment: ["MCP_SPOKEN": input])
        #expect(result.status == 0, "\(values): \(result.stderr.suffix(600))")
        let line = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        return (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    }

    func names(_ cli: CLI, _ list: String) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(try cli.run("show", list, "--json").stdout.utf8)) as? [String: Any]
        return (object?["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    @Test(arguments: ["fr", "ru", "zh-Hans", "ko", "th"])
    func aMenuAndADeletionInTheLanguage(locale: String) throws {
        let all = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.tests.appendingPathComponent("ListOMatAppTests/Languages/conversations.json"))) as! [String: Any]
        let said = try #require(all[locale] as? [String: Any])
        let menu = try #require(said["menu"] as? [String: Any]), delete = try #require(said["delete"] as? [String: String])
        let options = try #require(menu["options"] as? [String]), item = try #require(menu["item"] as? String)
        let cli = CLI()
        defer { cli.cleanUp() }
        let imported = try cli.run("import", Self.tests.appendingPathComponent("ListIntentsTests/Corpus/\(locale)/fixture.json").path)
        #expect(imported.status == 0, "\(imported.stderr)")

        let chose = try spoken(cli, ["locale": locale, "request": menu["request"] as! String, "answer": "second"])
        #expect(chose["state"] as? String == "completed", "\(chose)")
        let offered = (chose["options"] as? [[String]])?.first ?? []
        #expect(Set(offered) == Set(options), "\(chose)")
        // The menu's field is titled in the session's language (its name stays "choice").
        let titles = ["fr": ["Liste", "Liste de destination", "Nom de la liste"], "ru": ["Список", "Целевой список", "Название списка"],
                      "zh-Hans": ["清单", "目标清单", "清单名称"], "ko": ["목록", "옮길 목록", "목록 이름"], "th": ["รายการ", "รายการปลายทาง", "ชื่อรายการ"]]
        let title = (chose["choiceTitles"] as? [Any])?.first as? String
        #expect(titles[locale]?.contains(title ?? "") == true, "\(chose)")
        #expect(try names(cli, offered.count > 1 ? offered[1] : options[1]).contains { $0.contains(item) }, "\(chose)")

        let lists = try cli.run("lists").stdout
        let refused = try spoken(cli, ["locale": locale, "request": delete["request"]!, "answer": "no"])
        #expect(refused["state"] as? String != "completed", "\(refused)")
        #expect(try cli.run("lists").stdout == lists)
        let confirmed = try spoken(cli, ["locale": locale, "request": delete["request"]!, "answer": "yes"])
        #expect(confirmed["state"] as? String == "completed", "\(confirmed)")
        #expect(try !cli.run("lists", "--json").stdout.contains("\"\(delete["list"]!)\""), "\(confirmed)")
        // The yes of the question is in the session's language.
        let yes = ["fr": "Oui", "ru": "Да", "zh-Hans": "是", "ko": "예", "th": "ใช่"][locale]
        #expect((confirmed["titles"] as? [String])?.contains(yes ?? "") == true, "\(confirmed)")
    }

    /// A change made by a command, undone through the MCP server in French: the result says
    /// what it undid in French.
    @Test func anUndoInAFrenchSessionSaysWhatItUndidInFrench() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try cli.run("new", "Épicerie", "lait", "œufs")
        try cli.run("rm", "Épicerie", "lait")
        let undone = try spoken(cli, ["locale": "fr", "request": "annule", "answer": "yes"])
        #expect(undone["state"] as? String == "completed", "\(undone)")
        #expect(undone["response"] as? String == "Annulé : retiré lait de la liste Épicerie.", "\(undone)")
        #expect(try names(cli, "Épicerie") == ["lait", "œufs"])
    }
}
