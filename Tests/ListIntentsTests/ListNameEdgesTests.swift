import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Words said around a list's name that are no part of it: a time after it ("for this
/// week"), what of the list is asked for before it ("everything on", "a rundown of"), when a
/// list was made or where it is kept ("I made last week", "from the app"); whether a list is
/// there at all ("do we have a pet shop list"); and a weak guess at words that say "list",
/// asked about rather than not understood.
@Suite("Words around a list's name")
struct ListNameEdgesTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try Self.threeShops()
        assistant = try Assistant.shared("en")
    }

    /// Asks `text` once: `list` is shown, and nothing changes.
    private func expectShows(_ text: String, _ list: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)", sourceLocation: sourceLocation)
        #expect(turn.state == .completed, "\(text): \(turn.response)", sourceLocation: sourceLocation)
        #expect(turn.response.hasPrefix("\(list) ("), "\(text): \(turn.response)", sourceLocation: sourceLocation)
        #expect(try everything() == before, sourceLocation: sourceLocation)
    }

    @Test("a time said after a list is no part of its name: the list is shown, nothing changes", arguments: [
        ("what's on the hardware store list for this week", "Hardware Store"),
        ("read me my pet shop list for the weekend", "Pet Shop"),
        ("go over the weekly groceries list next week", "Weekly Groceries"),
        ("which things are on the pet shop list this month", "Pet Shop"),
    ])
    func aTimeAfterTheName(text: String, list: String) throws {
        try expectShows(text, list)
    }

    @Test("what of a list is asked for, said before its name, is no part of it", arguments: [
        ("show everything on the hardware store list", "Hardware Store"),
        ("give me a rundown of the pet shop list", "Pet Shop"),
        ("read the contents of my weekly groceries list", "Weekly Groceries"),
        ("tell me the details of our pet shop list", "Pet Shop"),
    ])
    func whatIsAskedForBeforeTheName(text: String, list: String) throws {
        try expectShows(text, list)
    }

    @Test("“my list” with a time and no name is a reference: which list is asked, nothing is looked up by that name", arguments: [
        "what have we got on my list for this week", "tell me everything on the list for the weekend",
        "give me a rundown of my lists",
    ])
    func aReferenceWithATime(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .disambiguation, "\(text): \(turn.response)")
        #expect(!turn.response.contains("can't find"), "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("asking whether a list is there, or where it is, shows that list (never a search for an item called so)", arguments: [
        ("do we have a pet shop list", "Pet Shop"), ("where's my hardware store list", "Hardware Store"),
        ("have i made a weekly groceries list yet", "Weekly Groceries"), ("do i have any list for pet shop", "Pet Shop"),
    ])
    func whetherAListIsThere(text: String, list: String) throws {
        try expectShows(text, list)
    }

    @Test("deleting a list said with when it was made or where it is kept deletes that list, after a yes", arguments: [
        ("delete the pet shop list i made last week", "Pet Shop"),
        ("remove the hardware store list from the app", "Hardware Store"),
        ("get rid of our weekly groceries list we set up recently", "Weekly Groceries"),
    ])
    func deletingAListSaidWithWhenOrWhere(text: String, list: String) throws {
        let before = try everything()
        var conversation = Conversation()
        let domain = try assistant.domain(store)
        let asked = conversation.receive(.utterance(text), engine: assistant.engine, domain: domain)
        #expect(asked.intent == "DeleteTaskList", "\(text): \(asked.response)")
        #expect(asked.state == .confirmation, "\(text): \(asked.response)")
        #expect(try everything() == before)
        let done = conversation.receive(.utterance("yes"), engine: assistant.engine, domain: domain)
        #expect(done.state == .completed, "\(done.response)")
        #expect(try !store.lists().contains { $0.name == list })
    }

    @Test("“delete the to do list” deletes the To Do list, not an item called “list”")
    func deleteTheToDoList() throws {
        try store.createList(named: "To Do", items: ["call the plumber"])
        let turn = try once("delete the to do list")
        #expect(turn.intent == "DeleteTaskList", "\(turn.response)")
        #expect(turn.state == .confirmation, "\(turn.response)")
        #expect(turn.response.hasPrefix("Delete To Do"), "\(turn.response)")
    }

    @Test("removing what was bought from a list removes its checked items only", arguments: [
        "remove what we bought from the hardware store list", "clear everything i already got off the hardware store list",
    ])
    func removingWhatWasBought(text: String) throws {
        _ = try store.setDone(true, [.name("nails")], in: .name("Hardware Store"))
        let turn = try once(text)
        #expect(turn.intent == "DeleteTasks", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try everything().filter { $0.hasPrefix("Hardware Store") } == ["Hardware Store: tape", "Hardware Store: glue"])
    }

    @Test("a weak guess at words that say “list” is asked about, never not understood, and changes nothing", arguments: [
        "the list looks long today", "any changes to the list",
    ])
    func aWeakGuessAboutAList(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.state != .notUnderstood, "\(text): \(turn.response)")
        #expect(turn.state != .completed || turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("what must be done, said as a need (“i need to remove…”, “we have to delete…”), is that request, never an add of its words", arguments: [
        ("i need to remove glue from the hardware store list", "DeleteTasks"),
        ("we have to take the butter off our weekly groceries list", "DeleteTasks"),
        ("i gotta cross off nails on my hardware store list", "SetTaskAttribute"),
    ])
    func aNeedToChangeSomething(text: String, intent: String) throws {
        let turn = try once(text)
        #expect(turn.intent == intent, "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try everything().count <= 7)
        #expect(try !everything().contains { $0.contains("remove") || $0.contains("take") || $0.contains("cross") })
    }

    @Test("a list to delete or clear, or to look at, said as a need, is asked first or shown, and nothing is added", arguments: [
        ("i need to delete my pet shop list", "DeleteTaskList", ConversationState.confirmation),
        ("we need to clear the hardware store list", "DeleteTasks", ConversationState.confirmation),
        ("i need to check my weekly groceries list", "SearchForNotebookItems", ConversationState.completed),
    ])
    func aNeedToDeleteOrLook(text: String, intent: String, state: ConversationState) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == intent, "\(text): \(turn.response)")
        #expect(turn.state == state, "\(text): \(turn.response)")
        #expect(try everything() == before)
    }
}
