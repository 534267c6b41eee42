import Foundation
import ListStore
import Testing

@Suite("listomat shortcuts")
struct ShortcutsCLITests {
    let cli = CLI()

    init() throws {
        try cli.run("new", "Grocery Store", "milk", "eggs")
        try cli.run("new", "Hardware Store", "nails")
    }

    func object(_ output: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String: Any]
    }

    func log() throws -> [[String: Any]] {
        try object(try cli.run("shortcuts", "log", "--json").stdout)["donations"] as! [[String: Any]]
    }

    @Test func commandsAndTheAssistantDonate() throws {
        defer { cli.cleanUp() }
        try cli.run("add", "Grocery", "bread")
        try cli.run("done", "Grocery", "milk")
        try cli.run("ask", "--json", "add nails to the hardware store list")
        try cli.run("ask", "--json", "--dry-run", "add glue to the hardware store list")
        let donations = try log()
        // Newest first; the two `new` commands too; the dry run changed nothing, so is not logged.
        #expect(donations.map { $0["intent"] as? String } == ["AddTasks", "SetTaskAttribute", "AddTasks", "CreateTaskList", "CreateTaskList"])
        #expect(donations.map { $0["source"] as? String } == ["assistant", "cli", "cli", "cli", "cli"])
        let checked = donations[1]
        let parameters = checked["parameters"] as! [String: [[String: String]]]
        #expect(parameters["tasks"]?.map { $0["value"] } == ["milk"])
        #expect(parameters["status"]?.map { $0["value"] } == ["completed"])
        let lists = try object(try cli.run("lists", "--json").stdout)["lists"] as! [[String: Any]]
        #expect(checked["group"] as? String == lists[0]["id"] as? String)
        #expect(donations[0]["group"] as? String == lists[1]["id"] as? String)
    }

    @Test func forgetByIdGroupAndAll() throws {
        defer { cli.cleanUp() }
        try cli.run("add", "Grocery", "bread")
        try cli.run("add", "Hardware", "glue")
        var donations = try log()
        #expect(donations.count == 4)
        let id = donations[0]["id"] as! String
        let forgotten = try cli.run("shortcuts", "forget", "--id", id)
        #expect(forgotten.status == 0 && forgotten.stdout == "Forgot 1 donation.\n")
        donations = try log()
        #expect(donations.count == 3 && !donations.contains { $0["id"] as? String == id })

        let grocery = donations.first { $0["intent"] as? String == "AddTasks" }!["group"] as! String
        #expect(try cli.run("shortcuts", "forget", "--group", grocery).stdout == "Forgot 2 donations.\n")
        #expect(try log().count == 1)
        #expect(try cli.run("shortcuts", "forget", "--all").stdout == "Forgot 1 donation.\n")
        #expect(try log().isEmpty)

        // An id or a group that names nothing is "not found".
        #expect(try cli.run("shortcuts", "forget", "--id", id).status == 3)
        #expect(try cli.run("shortcuts", "forget", "--group", grocery).status == 3)

        // Say exactly one of them; an id must be an id. Nothing changes.
        try cli.run("add", "Grocery", "rice")
        for bad in [["forget"], ["forget", "--all", "--group", grocery], ["forget", "--id", "not-an-id"], ["log", "--limit", "0"]] {
            let result = try cli.run(["shortcuts"] + bad)
            #expect(result.status == 2, "\(bad)")
            #expect(result.stderr.hasPrefix("listomat: "))
        }
        #expect(try log().count == 1)
    }

    @Test func deletingAListForgetsItsDonations() throws {
        defer { cli.cleanUp() }
        try cli.run("add", "Grocery", "bread")
        try cli.run("done", "Grocery", "milk")
        try cli.run("add", "Hardware", "glue")
        try cli.run("rm-list", "--yes", "Grocery")
        let left = try log()
        #expect(left.map { $0["intent"] as? String } == ["AddTasks", "CreateTaskList"])
        #expect(!(try cli.run("shortcuts", "log").stdout.contains("Grocery")))
        // Removing an item that was added removes the donation that added it.
        try cli.run("rm", "Hardware", "glue")
        #expect(try log().map { $0["intent"] as? String } == ["CreateTaskList"])
    }

    @Test func suggestRanksAndDropsWhatNoLongerMakesSense() throws {
        defer { cli.cleanUp() }
        try cli.run("add", "Grocery", "bread")
        try cli.run("done", "Grocery", "milk")
        try cli.run("done", "Hardware", "nails")
        try cli.run("undone", "Hardware", "nails")
        let result = try cli.run("shortcuts", "suggest", "--json")
        #expect(result.status == 0)
        let suggestions = try object(result.stdout)["suggestions"] as! [[String: Any]]
        let titles = suggestions.map { $0["title"] as! String }
        // milk is checked off already, and bread is on the list: neither is suggested again.
        // nails is unchecked now: checking it off makes sense, unchecking it does not.
        #expect(titles.contains("Mark nails on Hardware Store as done"))
        #expect(!titles.contains { $0.contains("milk") || $0.contains("bread") })
        #expect(!titles.contains("Mark nails on Hardware Store as not done"))

        let text = try cli.run("shortcuts", "suggest").stdout
        #expect(text.hasPrefix("1. "))
        // A time before anything was done sees nothing.
        let early = try cli.run("shortcuts", "suggest", "--json", "--at", "2001-01-01T00:00:00Z")
        #expect((try object(early.stdout)["suggestions"] as! [Any]).isEmpty)
        let bad = try cli.run("shortcuts", "suggest", "--at", "yesterday")
        #expect(bad.status == 2 && bad.stderr.contains("ISO 8601"))
    }

    @Test func phrasesAddListRenameRemove() throws {
        defer { cli.cleanUp() }
        let added = try cli.run("shortcuts", "add", "shopping time", "--", "show", "the", "grocery", "store", "list")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "Added “shopping time”: Show Grocery Store.\n")
        let asked = try object(try cli.run("ask", "--json", "Shopping  time!").stdout)
        #expect(asked["state"] as? String == "completed")
        #expect(asked["intent"] as? String == "SearchForNotebookItems")
        #expect(asked["response"] as? String == "Grocery Store (0 of 2 completed)")
        // A small typo is forgiven, as for names.
        #expect(try object(try cli.run("ask", "--json", "shoping time").stdout)["state"] as? String == "completed")

        let listed = try object(try cli.run("shortcuts", "list", "--json").stdout)["phrases"] as! [[String: Any]]
        #expect(listed.count == 1)
        #expect(listed[0]["phrase"] as? String == "shopping time")
        #expect(listed[0]["title"] as? String == "Show Grocery Store")
        #expect(try cli.run("shortcuts", "list").stdout == "“shopping time” → Show Grocery Store\n")

        #expect(try cli.run("shortcuts", "rename", "shopping time", "grocery run").status == 0)
        #expect(try object(try cli.run("ask", "--json", "grocery run").stdout)["state"] as? String == "completed")
        #expect(try object(try cli.run("ask", "--json", "shopping time").stdout)["state"] as? String == "notUnderstood")
        #expect(try cli.run("shortcuts", "remove", "grocery run").stdout == "Removed “grocery run”.\n")
        #expect(try cli.run("shortcuts", "list").stdout == "")
        let missing = try cli.run("shortcuts", "remove", "grocery run")
        #expect(missing.status == 3)
    }

    @Test func aCustomIntentIsDonatedSuggestedAndCanHaveAPhrase() throws {
        defer { cli.cleanUp() }
        // The person's own "weekly shop" (the README's example), in their config folder.
        let folder = cli.dataDir + "/config/listomat/intents"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try """
            intent: WeeklyShop
            steps:
              - intent: ResetList
                parameters: {list: Grocery Store}
              - intent: AddTasks
                parameters: {targetTaskList: Grocery Store, taskTitles: [milk, bread]}
            languages:
              en:
                title: Weekly shop
                sentences: ["[do] [the] weekly shop"]
                responses: {success: "${steps}", failure: "The weekly shop stopped: ${reason}"}
            """.write(toFile: folder + "/weekly.yaml", atomically: true, encoding: .utf8)
        try cli.run("done", "Grocery", "milk")
        let done = try cli.run("ask", "do the weekly shop")
        #expect(done.status == 0, "\(done.stderr)")
        #expect(try log().first?["intent"] as? String == "WeeklyShop")
        try cli.run("done", "Grocery", "eggs")
        let titles = (try object(try cli.run("shortcuts", "suggest", "--json").stdout)["suggestions"] as! [[String: Any]])
            .map { $0["title"] as? String }
        #expect(titles.contains("Weekly shop"))
        let added = try cli.run("shortcuts", "add", "saturday", "--", "weekly", "shop")
        #expect(added.stdout == "Added “saturday”: Weekly shop.\n", "\(added.stderr)")
        try cli.run("done", "Grocery", "bread")
        #expect(try object(try cli.run("ask", "--json", "saturday").stdout)["state"] as? String == "completed")
        #expect(!(try cli.run("show", "Grocery").stdout.contains("[x]")))
    }

    @Test func phrasesThatCollideOrDoNotResolveAreRefused() throws {
        defer { cli.cleanUp() }
        #expect(try cli.run("shortcuts", "add", "shopping time", "--", "show", "grocery", "store").status == 0)
        let cases: [([String], Int32, String)] = [
            (["shortcuts", "add", "Shopping Time", "--", "show", "hardware", "store"], 1, "too close to your phrase “shopping time”"),
            (["shortcuts", "add", "shoping time", "--", "show", "hardware", "store"], 1, "too close to your phrase"),
            (["shortcuts", "add", "show the hardware store", "--", "show", "hardware", "store"], 1, "already something ListOMat understands"),
            // "store" could be either list: a phrase must resolve without a question.
            (["shortcuts", "add", "fix it", "--", "show", "the", "store", "list"], 1, "does not resolve without a question"),
            (["shortcuts", "add", "fix it", "--", "sing", "a", "song"], 1, "does not understand"),
            (["shortcuts", "add", "fix it", "--", "what", "can", "you", "do"], 1, "not something to repeat"),
            (["shortcuts", "add", "fix it"], 2, "Give the request after --"),
            (["shortcuts", "add", "!!!", "--", "show", "hardware", "store"], 1, "at least one word"),
            (["shortcuts", "rename", "nothing like it", "fix it"], 3, "no phrase"),
        ]
        for (arguments, status, message) in cases {
            let result = try cli.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(try cli.run("shortcuts", "list").stdout == "“shopping time” → Show Grocery Store\n")
    }
}
