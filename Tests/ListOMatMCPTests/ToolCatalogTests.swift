import Foundation
import IntentKit
import ListIntents
@testable import ListOMatMCP
import ListStore
import MCP
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

    @Test func argumentsBecomeWhatThePersonWouldHaveSaid() throws {
        let add = try #require(catalog.intentsByTool["AddTasks"])
        let request = try catalog.request(intent: add, arguments: [
            "targetTaskList": "  grocery ", "taskTitles": ["War and Peace", "milk"], "confirm": true,
        ])
        #expect(request.parameters["targetTaskList"] == [.unresolved(.spoken("grocery"))])
        #expect(request.parameters["taskTitles"] == [.unresolved(.spoken("War and Peace")), .unresolved(.spoken("milk"))])
        #expect(request.userConfirmed)
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
        let chosen = await server.call("ask", ["request": "add apples to the store list", "choice": 1])
        #expect(chosen.structuredContent?.objectValue?["state"] == "completed")
        #expect(try store.items(in: .name("Grocery Store")).map(\.name) == ["milk", "apples"])
        // An answer out of range is asked again, never taken as another option.
        let wrong = await server.call("ask", ["request": "add pears to the store list", "choice": 9])
        #expect(wrong.structuredContent?.objectValue?["state"] != "completed")
        let unknown = await server.call("DropTables", [:])
        #expect(unknown.isError == true)
    }
}
