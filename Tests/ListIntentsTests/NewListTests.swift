import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// New lists from the assistant: the offer to create a list an add names but the person does
/// not have, and the rule that a list is created only under a name the person said cleanly.
@Suite("New lists from the assistant")
struct NewListTests {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "Hardware Store", items: ["tape", "nails"])
        try store.createList(named: "Pet Shop", items: ["dog food"])
        assistant = try Assistant.shared("en")
    }

    func say(_ text: String, _ conversation: inout Conversation) throws -> Turn {
        conversation.receive(.utterance(text), engine: assistant.engine, domain: try assistant.domain(store))
    }

    func answer(_ input: ConversationInput, _ conversation: inout Conversation) throws -> Turn {
        conversation.receive(input, engine: assistant.engine, domain: try assistant.domain(store))
    }

    func listNames() throws -> [String] { try store.lists().map(\.name) }

    @Test("an add to a list nobody has offers to create it; a yes creates it with the items, one step of undo")
    func offerThenYes() throws {
        var conversation = Conversation()
        let offer = try say("put a ruler and pencils on my school supplies list", &conversation)
        #expect(offer.intent == "AddTasks")
        #expect(offer.state == .confirmation)
        #expect(offer.response == "There's no School supplies list. Create it and add ruler and pencils?")
        #expect(try listNames() == ["Hardware Store", "Pet Shop"])
        let done = try answer(.yes, &conversation)
        #expect(done.state == .completed)
        #expect(done.response == "Created School supplies with ruler and pencils.")
        #expect(try store.items(in: .name("School supplies")).map(\.name) == ["ruler", "pencils"])
        _ = try store.undo()
        #expect(try listNames() == ["Hardware Store", "Pet Shop"])
    }

    @Test("no to the offer asks which list instead, and creates nothing")
    func offerThenNo() throws {
        var conversation = Conversation()
        _ = try say("add batteries to the camping trip list", &conversation)
        let which = try answer(.no, &conversation)
        #expect(which.state == .needsValue)
        #expect(which.response == "Which list should I add batteries to?")
        let added = try say("hardware store", &conversation)
        #expect(added.state == .completed)
        #expect(try listNames() == ["Hardware Store", "Pet Shop"])
        #expect(try store.items(in: .name("Hardware Store")).map(\.name) == ["tape", "nails", "batteries"])
    }

    @Test("a name cut at a function word is never offered: “to the”, “for” are no lists")
    func noOfferForUncleanNames() throws {
        for text in ["add rope to my to the list", "add it to school supplies"] {
            var conversation = Conversation()
            let turn = try say(text, &conversation)
            #expect(turn.intent == "AddTasks", "\(text)")
            #expect(!turn.response.contains("Create it"), "\(text): \(turn.response)")
        }
        // "The list for school" names the list after "for": a clean name, offered.
        var forSchool = Conversation()
        let offered = try say("add pencils to the list for school", &forSchool)
        #expect(offered.response == "There's no School list. Create it and add pencils?")
        // "Tomorrow" after a list is when, not part of its name.
        var conversation = Conversation()
        let tomorrow = try say("put pencils on the school supplies list tomorrow", &conversation)
        #expect(tomorrow.response == "There's no School supplies list. Create it and add pencils?")
        #expect(try listNames() == ["Hardware Store", "Pet Shop"])
    }

    @Test("creating a list without a clean name asks for the name, and creates nothing until then")
    func createAsksForTheName() throws {
        for text in ["i need to start a list", "new item for list", "start me a new list", "create a list for the following",
                     "make sure to start a list"] {
            var conversation = Conversation()
            let turn = try say(text, &conversation)
            #expect(turn.intent == "CreateTaskList", "\(text)")
            #expect(turn.state == .needsValue, "\(text)")
            #expect(turn.response == "What should the new list be called?", "\(text)")
        }
        #expect(try listNames() == ["Hardware Store", "Pet Shop"])
        var conversation = Conversation()
        _ = try say("i need to start a list", &conversation)
        let created = try say("Road trip", &conversation)
        #expect(created.state == .completed)
        #expect(try listNames().contains("Road trip"))
    }

    @Test("a new list's name is what was said without the words around it, with a capital when typed in lower case")
    func cleanNames() throws {
        let cases = ["make a camping list": "Camping", "create a list called my birthday party": "Birthday party",
                     "make a list called iPhone Apps": "iPhone Apps", "start a new to do list": "To do"]
        for (text, name) in cases {
            var conversation = Conversation()
            let turn = try say(text, &conversation)
            #expect(turn.state == .completed, "\(text)")
            let names = try listNames()
            #expect(names.contains(name), "\(text) → \(names)")
        }
    }

    @Test("emptying or blanking a list clears it (asked first), never creates a list with its name")
    func emptyIsNotCreate() throws {
        for text in ["empty the hardware store list", "blank my pet shop list", "blank out the pet shop list"] {
            var conversation = Conversation()
            let turn = try say(text, &conversation)
            #expect(turn.intent == "DeleteTasks", "\(text)")
            #expect(turn.state == .confirmation, "\(text)")
        }
        #expect(try listNames() == ["Hardware Store", "Pet Shop"])
    }

    @Test("making a list the person already has asks what to add to it, then adds there; no second list")
    func makingAnExistingListAddsToIt() throws {
        for text in ["start a pet shop list", "i want to set up a new pet shop list", "let's make next week's pet shop list",
                     "create a list called pet shop", "make this week's pet shop list"] {
            var conversation = Conversation()
            let asked = try say(text, &conversation)
            #expect(asked.state == .needsValue, "\(text)")
            #expect(asked.response == "You already have a Pet Shop list. What should I add to it?", "\(text)")
            #expect(try listNames() == ["Hardware Store", "Pet Shop"], "\(text)")
        }
        var conversation = Conversation()
        _ = try say("begin a hardware store list", &conversation)
        let added = try say("glue and screws", &conversation)
        #expect(added.state == .completed)
        #expect(added.response == "You already had a Hardware Store list. Added 2 items to Hardware Store: “glue” and “screws”.")
        #expect(try listNames() == ["Hardware Store", "Pet Shop"])
        #expect(try store.items(in: .name("Hardware Store")).map(\.name) == ["tape", "nails", "glue", "screws"])
    }

    @Test("making a list the person has, with items said, puts them on it and says the list was there")
    func makingAnExistingListWithItems() throws {
        var conversation = Conversation()
        let turn = try say("make a pet shop list with cat litter", &conversation)
        #expect(turn.state == .completed)
        #expect(turn.response == "You already had a Pet Shop list. Added cat litter to Pet Shop.")
        #expect(try listNames() == ["Hardware Store", "Pet Shop"])
        #expect(try store.items(in: .name("Pet Shop")).map(\.name) == ["dog food", "cat litter"])
    }
}
