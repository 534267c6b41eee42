import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Whole conversations in English over a real (in-memory) store.
@Suite("The Lists domain in English")
struct ListsDomainTests {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "Grocery Store", items: ["milk", "eggs"])
        try store.createList(named: "Hardware Store", items: ["nails"])
        assistant = try Assistant.shared("en")
    }

    func say(_ input: ConversationInput, _ conversation: inout Conversation) throws -> Turn {
        conversation.receive(input, engine: assistant.engine, domain: try assistant.domain(store))
    }

    @Test func anAnswerThatLooksLikeAWeakCommandIsStillTheAnswer() throws {
        var conversation = Conversation()
        let asked = try say(.utterance("add to the grocery store list"), &conversation)
        #expect(asked.state == .needsValue)
        #expect(asked.response == "What should I add to Grocery Store?")
        // "get milk" could be "get (show) milk", but here it is what to add.
        let done = try say(.utterance("get milk and bread"), &conversation)
        #expect(done.state == .completed)
        #expect(done.response == "Added 2 items to Grocery Store: “get milk” and “bread”.")
        #expect(try store.items(in: .name("Grocery")).map(\.name) == ["milk", "eggs", "get milk", "bread"])
    }

    @Test func aClearNewCommandAtAPromptStartsOver() throws {
        var conversation = Conversation()
        #expect(try say(.utterance("add to the grocery store list"), &conversation).state == .needsValue)
        let switched = try say(.utterance("show my hardware store list"), &conversation)
        #expect(switched.intent == "SearchForNotebookItems")
        #expect(switched.state == .completed)
        #expect(switched.snippet?.items.map(\.name) == ["nails"])
    }

    @Test func showAllListsIsAMenuOfEveryList() throws {
        for n in 1...12 { try store.createList(named: "Extra \(n)") }
        var conversation = Conversation(dryRun: true)
        let menu = try say(.utterance("show all lists"), &conversation)
        #expect(menu.state == .disambiguation)
        #expect(menu.options.count == 14)
        let picked = try say(.utterance("Extra 12"), &conversation)
        #expect(picked.state == .ready)
        #expect(picked.parameters.first?.values == ["Extra 12"])
    }

    @Test func namesThatFoldAlikeAreAMenuNotAGuess() throws {
        try store.addItems(["milk"], to: .name("Grocery"))
        try store.setDone(true, [.name("1")], in: .name("Grocery"))
        var conversation = Conversation(dryRun: true)
        let turn = try say(.utterance("check off milk on the grocery store list"), &conversation)
        #expect(turn.state == .disambiguation)
        #expect(turn.parameter == "tasks")
        #expect(turn.options == ["milk", "milk"])
    }

    /// Names that differ only in accents or punctuation fold alike: a menu on a list of
    /// ordinary length; on a long one (`ListsDomain.longList`) the name as it is written is
    /// found by the store without reading the list, and taken.
    @Test(arguments: [false, true])
    func anExactNameOnALongListIsFoundWithoutReadingIt(long: Bool) throws {
        try store.addItems(["Cafe", "Café"], to: .name("Grocery"))
        if long { try store.addItems((1...ListsDomain.longList).map { "filler \($0)" }, to: .name("Grocery")) }
        var conversation = Conversation(dryRun: true)
        let turn = try say(.utterance("check off cafe on the grocery store list"), &conversation)
        var question = Conversation()  // a question: answered, nothing changes
        let asked = try say(.utterance("is cafe on the grocery store list"), &question)
        if long {
            #expect(turn.state == .ready)
            #expect(turn.parameters.first { $0.name == "tasks" }?.values == ["Cafe"])
            #expect(asked.response.contains("Cafe") && !asked.response.contains("Café"), "\(asked.response)")
        } else {
            #expect(turn.state == .disambiguation)
            #expect(turn.options == ["Cafe", "Café"])
            #expect(asked.response.contains("Cafe") && asked.response.contains("Café"), "\(asked.response)")
        }
        // A name not written as it is still goes through the whole list's names.
        var another = Conversation(dryRun: true)
        let misspelt = try say(.utterance("check off eggz on the grocery store list"), &another)
        #expect(misspelt.options == ["eggs"] || misspelt.parameters.first { $0.name == "tasks" }?.values == ["eggs"])
    }

    @Test func cancellingKeepsTheParametersInTheReply() throws {
        var conversation = Conversation()
        let asked = try say(.utterance("delete the hardware store list"), &conversation)
        #expect(asked.state == .confirmation)
        let cancelled = try say(.utterance("never mind"), &conversation)
        #expect(cancelled.state == .failed)
        #expect(cancelled.intent == "DeleteTaskList")
        #expect(cancelled.parameters.first?.values == ["Hardware Store"])
        #expect(try store.lists().count == 2)
    }
}
