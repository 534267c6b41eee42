import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Everyday ways of asking: questions that stay questions, "scratch that", "we don't need …
/// anymore", and values a sentence fixes never shown as they are stored.
@Suite("Everyday phrasings")
struct EverydayPhrasingTests {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "Hardware Store", items: ["tape", "nails", "glue"])
        try store.createList(named: "Weekly Groceries", items: ["milk", "butter", "coffee"])
        assistant = try Assistant(locale: "en", userIntentsDirectory: nil)
    }

    func once(_ text: String) throws -> Turn {
        var conversation = Conversation()
        return conversation.receive(.utterance(text), engine: assistant.engine, domain: try assistant.domain(store))
    }

    func everything() throws -> [String] {
        try store.lists().flatMap { list in try store.items(in: .id(list.id)).map { "\(list.name): \($0.name)\($0.done ? " ✓" : "")" } }
    }

    @Test("a question about an item is answered, never turned into a change", arguments: [
        "should we buy glue", "am i supposed to pick up nails", "do we have coffee", "did we buy butter",
        "is tape packed", "are the nails bought", "is there glue on any of my lists", "must i get milk",
    ])
    func questionsStayQuestions(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix("Yes"), "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“scratch that”, “oops, undo”: the last change is undone")
    func undoSaidCasually() throws {
        for text in ["scratch that", "oopsie, undo that", "whoops, wrong one"] {
            _ = try store.addItems(["rope"], to: .name("Hardware Store"))
            let turn = try once(text)
            #expect(turn.intent == "UndoChange", "\(text)")
            #expect(turn.state == .completed, "\(text)")
            #expect(try store.items(in: .name("Hardware Store")).map(\.name) == ["tape", "nails", "glue"], "\(text)")
        }
    }

    @Test("“we no longer need glue”, “cancel the butter from the grocery list”: the item is removed, not a list")
    func removalsSaidAsNeeds() throws {
        let glue = try once("we no longer need glue on the hardware store list")
        #expect(glue.intent == "DeleteTasks" && glue.state == .completed, "\(glue.response)")
        let nails = try once("i don't need nails on my hardware store list anymore")
        #expect(nails.intent == "DeleteTasks" && nails.state == .completed, "\(nails.response)")
        let butter = try once("cancel the butter from the weekly groceries list")
        #expect(butter.intent == "DeleteTasks" && butter.state == .completed, "\(butter.response)")
        #expect(try everything() == ["Hardware Store: tape", "Weekly Groceries: milk", "Weekly Groceries: coffee"])
    }

    @Test("“need more tape” adds tape (asking where); a value a sentence fixes is never shown")
    func needMoreAndNoInternalValues() throws {
        let tape = try once("need more tape")
        #expect(tape.intent == "AddTasks")
        #expect(tape.parameters.first { $0.name == "taskTitles" }?.values == ["tape"])
        let clear = try once("clear my hardware list for tomorrow")
        for parameter in clear.parameters {
            #expect(!parameter.values.contains { $0.hasPrefix("@") }, "\(parameter)")
        }
        #expect(!clear.response.contains("@"))
    }
}
