import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// A person's own intents (sequences of built-in intents in YAML files), end to end: loaded
/// from a folder, asked for in words, run against a real (in-memory) store.
@Suite("Custom intents")
struct CustomIntentsTests {
    /// The README's examples, which these tests keep honest.
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/intents")

    let store: ListStore

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "Grocery Store", items: ["milk", "bread"])
        try store.createList(named: "Hardware Store", items: ["nails"])
        try store.setDone(true, [.name("milk"), .name("bread")], in: .name("Grocery Store"))
    }

    /// A folder of intent files, removed when `body` is done.
    func withFolder<T>(_ files: [String: String], _ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listomat-intents-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return try body(folder)
    }

    func say(_ input: ConversationInput, _ conversation: inout Conversation, _ assistant: Assistant) throws -> Turn {
        conversation.receive(input, engine: assistant.engine, domain: try assistant.domain(store))
    }

    func items(_ list: String) throws -> [String] {
        try store.items(in: .name(list)).map { $0.name + ($0.done ? " ✓" : "") }
    }

    @Test("“weekly shop”: reset Grocery Store, then add milk and eggs to it")
    func weeklyShop() throws {
        let assistant = try Assistant(locale: "en", userIntentsDirectory: Self.examples)
        #expect(assistant.warnings.isEmpty)
        var conversation = Conversation()
        let turn = try say(.utterance("do the weekly shop"), &conversation, assistant)
        #expect(turn.intent == "WeeklyShop")
        #expect(turn.state == .completed)
        #expect(turn.response == "Reset Grocery Store: unchecked 2 items. Added eggs to Grocery Store. milk was already there.")
        #expect(turn.snippet?.title == "Grocery Store")
        #expect(turn.snippet?.items.map(\.name) == ["milk", "bread", "eggs"])
        #expect(try items("Grocery Store") == ["milk", "bread", "eggs"])
        // Each step is its own change: undo takes back the last one.
        #expect(try store.undoDepth().undo >= 2)
    }

    @Test("a dry run resolves the steps' intent and changes nothing")
    func dryRun() throws {
        let assistant = try Assistant(locale: "en", userIntentsDirectory: Self.examples)
        var conversation = Conversation(dryRun: true)
        let turn = try say(.utterance("weekly shop"), &conversation, assistant)
        #expect(turn.state == .ready)
        #expect(turn.response == "Ready: Weekly shop.")
        #expect(try items("Grocery Store") == ["milk ✓", "bread ✓"])
    }

    @Test("“weekly shop for {list}”: the list is asked for like any list, then used by both steps")
    func slotted() throws {
        let assistant = try Assistant(locale: "en", userIntentsDirectory: Self.examples)
        var conversation = Conversation()
        let asked = try say(.utterance("weekly shop for the store"), &conversation, assistant)
        #expect(asked.intent == "WeeklyShopFor")
        #expect(asked.state == .disambiguation)
        #expect(asked.parameter == "list")
        #expect(asked.response == "Which list is the weekly shop for: Grocery Store or Hardware Store?")
        let done = try say(.utterance("hardware"), &conversation, assistant)
        #expect(done.state == .completed)
        #expect(done.response
            == "Weekly shop for Hardware Store: Nothing on Hardware Store was checked. Added 2 items to Hardware Store: “milk” and “eggs”.")
        #expect(try items("Hardware Store") == ["nails", "milk", "eggs"])
        #expect(try items("Grocery Store") == ["milk ✓", "bread ✓"])

        // Named outright, it just runs.
        var again = Conversation()
        let direct = try say(.utterance("weekly shop at the grocery store list"), &again, assistant)
        #expect(direct.state == .completed)
        #expect(direct.parameters.first?.values == ["Grocery Store"])
    }

    @Test("a step that cannot go on stops the rest and says which steps were done")
    func stepFailure() throws {
        let party = try String(contentsOf: Self.examples.appendingPathComponent("weekly-shop.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "{targetTaskList: Grocery Store", with: "{targetTaskList: Party Supplies")
        try withFolder(["weekly-shop.yaml": party]) { folder in
            let assistant = try Assistant(locale: "en", userIntentsDirectory: folder)
            #expect(assistant.warnings.isEmpty)
            var conversation = Conversation()
            let turn = try say(.utterance("weekly shop"), &conversation, assistant)
            #expect(turn.state == .failed)
            #expect(turn.response == "The weekly shop stopped: Step 2 (Add to a list) can't use “Party Supplies” for targetTaskList."
                + " Already done: Reset Grocery Store: unchecked 2 items.")
            // Step 1 was done, step 2 not.
            #expect(try items("Grocery Store") == ["milk", "bread"])
        }
    }

    @Test("a name that fits two lists is not guessed: the step stops before it changes anything")
    func ambiguousFixedValue() throws {
        let vague = try String(contentsOf: Self.examples.appendingPathComponent("weekly-shop.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "{list: Grocery Store}", with: "{list: store}")
        try withFolder(["weekly-shop.yaml": vague]) { folder in
            let assistant = try Assistant(locale: "en", userIntentsDirectory: folder)
            var conversation = Conversation()
            let turn = try say(.utterance("weekly shop"), &conversation, assistant)
            #expect(turn.state == .failed)
            #expect(turn.response == "The weekly shop stopped: Step 1 (Reset a list) can't tell which “store” is meant:"
                + " Grocery Store or Hardware Store. Nothing was changed.")
            #expect(try items("Grocery Store") == ["milk ✓", "bread ✓"])
        }
    }

    @Test("a step that deletes: the custom intent asks once, in its own words, then runs")
    func confirming() throws {
        let yaml = """
            intent: FreshHardware
            steps:
              - intent: DeleteTaskList
                parameters: {taskList: Hardware Store}
              - intent: CreateTaskList
                parameters: {title: Hardware Store, taskTitles: [screws, glue]}
            languages:
              en:
                title: Start the hardware list afresh
                sentences: ["fresh hardware list"]
                responses:
                  confirm: "Delete Hardware Store and start it again with screws and glue?"
                  success: "${steps}"
                  failure: "That stopped: ${reason}"
            """
        try withFolder(["fresh.yaml": yaml]) { folder in
            let assistant = try Assistant(locale: "en", userIntentsDirectory: folder)
            #expect(assistant.warnings.isEmpty)
            var conversation = Conversation()
            let asked = try say(.utterance("fresh hardware list"), &conversation, assistant)
            #expect(asked.state == .confirmation)
            #expect(asked.response == "Delete Hardware Store and start it again with screws and glue?")
            #expect(try items("Hardware Store") == ["nails"])
            let done = try say(.yes, &conversation, assistant)
            #expect(done.state == .completed)
            #expect(done.response.hasPrefix("Deleted Hardware Store."))
            #expect(done.response.hasSuffix("Created Hardware Store with screws and glue."))
            #expect(try items("Hardware Store") == ["screws", "glue"])

            var declined = Conversation()
            _ = try say(.utterance("fresh hardware list"), &declined, assistant)
            #expect(try say(.no, &declined, assistant).state == .failed)
            #expect(try items("Hardware Store") == ["screws", "glue"])
        }
    }

    @Test("a folder with a good file and a broken one: the good one loads, the broken one is a warning naming file:line")
    func goodAndBroken() throws {
        let good = try String(contentsOf: Self.examples.appendingPathComponent("weekly-shop.yaml"), encoding: .utf8)
        let broken = """
            intent: MonthlyShop
            steps:
              - intent: ResetLists
                parameters: {list: Grocery Store}
            languages:
              en:
                sentences: ["monthly shop"]
                responses: {success: "${steps}", failure: "${reason}"}
            """
        try withFolder(["a-monthly.yaml": broken, "b-weekly.yaml": good, "notes.txt": "not an intent", ".hidden.yaml": "- x"]) { folder in
            let assistant = try Assistant(locale: "en", userIntentsDirectory: folder)
            #expect(assistant.warnings == [
                folder.appendingPathComponent("a-monthly.yaml").path
                    + ":3: step 1 names unknown intent “ResetLists” (did you mean “ResetList”?)",
            ])
            #expect(assistant.engine.schemas["WeeklyShop"] != nil)
            #expect(assistant.engine.schemas["MonthlyShop"] == nil)
            var conversation = Conversation()
            #expect(try say(.utterance("weekly shop"), &conversation, assistant).state == .completed)
            // The built-in intents are all there.
            #expect(try say(.utterance("copy the hardware store list"), &conversation, assistant).state == .completed)
        }
    }

    @Test("two files defining one intent: the first by name wins, the second is a warning")
    func clashingFiles() throws {
        let good = try String(contentsOf: Self.examples.appendingPathComponent("weekly-shop.yaml"), encoding: .utf8)
        try withFolder(["1.yaml": good, "2.yaml": good, "3.yaml": good.replacingOccurrences(of: "WeeklyShop", with: "ResetList")]) { folder in
            let assistant = try Assistant(locale: "en", userIntentsDirectory: folder)
            let line = good.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("intent:") }! + 1
            #expect(assistant.warnings == [
                folder.appendingPathComponent("2.yaml").path
                    + ":\(line): the intent “WeeklyShop” is already defined in \(folder.appendingPathComponent("1.yaml").path)",
                folder.appendingPathComponent("3.yaml").path + ":\(line): “ResetList” is already a built-in intent: choose another name",
            ])
        }
    }

    @Test("no folder, or none at all: just the built-in intents")
    func noFolder() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString)")
        let assistant = try Assistant(locale: "en", userIntentsDirectory: missing)
        #expect(assistant.warnings.isEmpty)
        #expect(assistant.sequences.isEmpty)
        #expect(try Assistant(locale: "en", userIntentsDirectory: nil).engine.schemas["CopyList"] != nil)
    }

    @Test("CopyList and ResetList come from their definition files, with every word they had")
    func builtInDefinitions() throws {
        let assistant = try Assistant(locale: "en", userIntentsDirectory: nil)
        let reset = try #require(assistant.engine.schemas["ResetList"])
        #expect(reset.parameters.map(\.name) == ["list"])
        #expect(reset.responseCodes == ["success", "nothingChecked", "failure"])
        #expect(assistant.engine.language.intents["CopyList"]?.title == "Copy a list")
        #expect(assistant.engine.language.intents["ResetList"]?.prompts["list"]?["disambiguation"]
            == "Which list should I reset: ${options|or}?")
        var conversation = Conversation()
        #expect(try say(.utterance("reset the grocery store list"), &conversation, assistant).response
            == "Reset Grocery Store: unchecked 2 items.")
    }

    @Test("where a person's intents are: $XDG_CONFIG_HOME/listomat/intents, else ~/.config/listomat/intents")
    func userFolder() {
        #expect(Assistant.userIntentsDirectory(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/a"])?.path
            == "/cfg/listomat/intents")
        // A relative XDG_CONFIG_HOME is ignored, as the XDG spec says.
        #expect(Assistant.userIntentsDirectory(environment: ["XDG_CONFIG_HOME": "cfg", "HOME": "/home/a"])?.path
            == "/home/a/.config/listomat/intents")
        #expect(Assistant.userIntentsDirectory(environment: ["HOME": "/home/a"])?.path == "/home/a/.config/listomat/intents")
        #expect(Assistant.userIntentsDirectory(environment: [:]) == nil)
    }

    @Test("“what can you do” includes a person's own intents")
    func helpListsThem() throws {
        let assistant = try Assistant(locale: "en", userIntentsDirectory: Self.examples)
        var conversation = Conversation()
        let help = try say(.utterance("what can you do"), &conversation, assistant)
        #expect(help.response.contains("“weekly shop”"))
    }
}
