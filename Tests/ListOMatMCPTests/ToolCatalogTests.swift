import Foundation
import IntentKit
import ListIntents
@testable import ListOMatMCP
import ListStore
import Testing


@Suite struct ToolCatalogTests {
    static let assistant: Assistant = {
        do { return try Assistant(locale: "en", userIntentsDirectory: nil) } catch { fatalError("\(error)") }
    }()
    let catalog = ToolCatalog(engine: Self.assistant.engine)

    @Test func toolNamesAreWhatMCPAllows() {
        #expect(ToolCatalog.toolName("AddTasks") == "AddTasks")
        #expect(ToolCatalog.toolName("Weekly shop ✓") == "Weekly_shop__")
        #expect(ToolCatalog.toolName(String(repeating: "a", count: 100)).count == 64)
    }

    @Test func everyIntentIsATool() {
        let names = Set(catalog.tools.map(\.name))
        #expect(names == Set(Self.assistant.engine.schemas.keys).union(["ask"]))
    }

    @Test func docsListEveryTool() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/mcp.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let rows = Set(text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            return line.dropFirst(3).split(separator: "`").first.map(String.init)
        })
        #expect(rows == Set(catalog.tools.map(\.name)))
    }

    @Test func argumentsBecomeWhatThePersonWouldHaveSaid() throws {
        let add = try #require(catalog.intentsByTool["AddTasks"])
        let request = try catalog.request(intent: add, arguments: [
            "targetTaskList": "  grocery ", "taskTitles": ["War and Peace", "milk"], "confirm": true,
        ])
        #expect(request.parameters["targetTaskList"] == [.unresolved(.spoken("grocery"))])
        #expect(request.parameters["taskTitles"] == [.unresolved(.spoken("War and Peace")), .unresolved(.spoken("milk"))])
        // `confirm` is never a yes given in advance: it answers a question already shown.
        #expect(!request.userConfirmed)
        let mark = try #require(catalog.intentsByTool["SetTaskAttribute"])
        let marked = try catalog.request(intent: mark, arguments: ["taskList": "g", "tasks": "milk", "status": "notCompleted"])
        #expect(marked.parameters["status"] == [.unresolved(.chosen(.enumeration("notCompleted")))])
        #expect(marked.parameters["tasks"] == [.unresolved(.spoken("milk"))])
        // Not given: asked for, as when a sentence leaves it out.
        let missing = try catalog.request(intent: add, arguments: [:])
        #expect(missing.parameters["targetTaskList"] == [.unresolved(.missing)])
    }

    @Test func argumentsThatCannotBeUsedSayWhy() throws {
        let add = try #require(catalog.intentsByTool["AddTasks"])
        let mark = try #require(catalog.intentsByTool["SetTaskAttribute"])
        let cases: [(IntentSchema, [String: Value], String)] = [
            (add, ["colour": "red"], "unknown argument “colour”"),
            (add, ["taskTitles": [.object([:])]], "taskTitles must be text"),
            (add, ["taskTitles": []], "taskTitles is empty"),
            (add, ["targetTaskList": "   "], "targetTaskList is empty"),
            (add, ["confirm": "yes"], "confirm must be true or false"),
            (mark, ["status": "purple"], "status must be one of completed, notCompleted"),
        ]
        for (schema, arguments, message) in cases {
            #expect(throws: ArgumentError.self) { try catalog.request(intent: schema, arguments: arguments) }
            do {
                _ = try catalog.request(intent: schema, arguments: arguments)
            } catch {
                #expect(error.message.hasPrefix(message), "\(error.message)")
            }
        }
    }

    @Test func aCallThatNeedsAChoiceChangesNothingAndSaysWhatIsNeeded() async throws {
        let store = try ListStore.inMemory()
        _ = try store.createList(named: "Grocery Store", items: ["milk"])
        _ = try store.createList(named: "Hardware Store", items: [])
        let server = ListOMatServer(store: store, assistant: Self.assistant, version: "test")
        let asked = await server.call("ask", ["request": "add apples to the store list"])
        #expect(asked.isError == false)
        let state = asked.structuredContent?.objectValue
        #expect(state?["state"] == "disambiguation")
        #expect(state?["options"] == ["Grocery Store", "Hardware Store"])
        #expect(try store.items(in: .name("Grocery Store")).map(\.name) == ["milk"])
        let chosen = await server.call("ask", ["request": "add apples to the store list", "choices": [1]])
        #expect(chosen.structuredContent?.objectValue?["state"] == "completed")
        #expect(try store.items(in: .name("Grocery Store")).map(\.name) == ["milk", "apples"])
        // An answer out of range is asked again, never taken as another option.
        let wrong = await server.call("ask", ["request": "add pears to the store list", "choices": [9]])
        #expect(wrong.structuredContent?.objectValue?["state"] != "completed")
        let unknown = await server.call("DropTables", [:])
        #expect(unknown.isError == true)
    }

    @Test func eachAnswerGoesToItsOwnQuestionAndOnlyToOneShown() async throws {
        let store = try ListStore.inMemory()
        _ = try store.createList(named: "Grocery Store", items: ["milk"])
        _ = try store.createList(named: "Costco Store", items: ["milk", "milk"])
        let server = ListOMatServer(store: store, assistant: Self.assistant, version: "test")
        let request = "remove milk from the store list"
        // Answers given before the question was ever shown are not taken.
        let unseen = await server.call("ask", ["request": .string(request), "choices": [2, 1]])
        #expect(unseen.structuredContent?.objectValue?["question"] == "menu")
        #expect(try store.items(in: .name("Grocery Store")).count == 1)
        let lists = await server.call("ask", ["request": .string(request), "choices": [2]])
        #expect(lists.structuredContent?.objectValue?["question"] == "menu")
        #expect(lists.structuredContent?.objectValue?["parameter"] != unseen.structuredContent?.objectValue?["parameter"])
        // The second answer goes to the second menu, never back to the first.
        let done = await server.call("ask", ["request": .string(request), "choices": [2, 1]])
        #expect(done.structuredContent?.objectValue?["state"] == "completed")
        #expect(try store.items(in: .name("Grocery Store")).count == 1)
        #expect(try store.items(in: .name("Costco Store")).count == 1)
    }

    @Test func donationsWaitForAPauseInTheCallsOrAFullBacklog() async throws {
        let store = try ListStore.inMemory()
        _ = try store.createList(named: "Grocery Store", items: ["milk"])
        let server = ListOMatServer(store: store, assistant: Self.assistant, version: "test")
        func check(_ done: Bool) async throws {
            let result = try await server.answer("tools/call", ["name": "SetTaskAttribute", "arguments": [
                "taskList": "Grocery Store", "tasks": ["milk"], "status": .string(done ? "completed" : "notCompleted"),
            ]])
            #expect(result["structuredContent"]?["state"] == "completed")
        }
        try await check(true)
        await server.tick()  // a call came since the tick before: the client is busy
        #expect(try store.donations().isEmpty)
        await server.tick()  // none since: a pause
        #expect(try store.donations().count == 1)
        // Calls with no pause between them: written once the backlog is full.
        for n in 0..<ListOMatServer.donationBacklog {
            try await check(n % 2 == 1)
            await server.tick()
            #expect(try store.donations().count == (n + 1 < ListOMatServer.donationBacklog ? 1 : n + 2))
        }
    }

    @Test func confirmAnswersOnlyAnAreYouSureAlreadyShown() async throws {
        let store = try ListStore.inMemory()
        _ = try store.createList(named: "Groceries", items: ["milk", "eggs"])
        let server = ListOMatServer(store: store, assistant: Self.assistant, version: "test")
        // A misspelt name: "did you mean Groceries?" is not answered by confirm.
        let guess = await server.call("DeleteTaskList", ["taskList": "grocries", "confirm": true])
        #expect(guess.structuredContent?.objectValue?["question"] == "didYouMean")
        // The exact name, with a yes to a question never shown: the question comes first.
        let sure = await server.call("DeleteTaskList", ["taskList": "Groceries", "confirm": true])
        #expect(sure.structuredContent?.objectValue?["question"] == "areYouSure")
        #expect(try store.lists().count == 1)
        let refused = await server.call("DeleteTaskList", ["taskList": "Groceries", "confirm": false])
        #expect(refused.structuredContent?.objectValue?["state"] == "failed")
        #expect(try store.lists().count == 1)
        let deleted = await server.call("DeleteTaskList", ["taskList": "Groceries", "confirm": true])
        #expect(deleted.structuredContent?.objectValue?["state"] == "completed")
        #expect(try store.lists().isEmpty)
    }
}
