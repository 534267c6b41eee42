import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// The assistant changes only what was said: a new item loses an article or a possessive at
/// its start, a value with a function word at an edge is asked about first, a name said short
/// after "the" is that list, and "finish the list" checks everything off only after a yes.
@Suite("Only what was said")
struct SaidOnlyTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "To Do", items: ["water the plants"])
        try store.createList(named: "Weekly Groceries", items: ["soda", "rice"])
        try store.createList(named: "Pet Shop", items: ["kibble", "collar", "leash"])
        try store.createList(named: "Books to Read", items: ["The Hobbit"])
        assistant = try Assistant.shared("en")
    }

    func items(of turn: Turn) -> [String] { turn.parameters.first { $0.name == "taskTitles" }?.values ?? [] }

    @Test("an article or a possessive before a new item is no part of it", arguments: [
        ("put our dentist visit on the to do list", "dentist visit"),
        ("add the permission slip to my to do list", "permission slip"),
        ("please put his birthday card on the to do list", "birthday card"),
        ("add their rent check to the to do list", "rent check"),
    ])
    func determinerDropped(text: String, item: String) throws {
        let turn = try once(text)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items("To Do").last == item, "\(text)")
    }

    @Test("a title typed with capitals in a sentence in lower case is one item, with the “the” or “of” a title has", arguments: [
        ("put Harry Potter and the Chamber of Secrets on books to read", "Harry Potter and the Chamber of Secrets"),
        ("could you add Charlie and the Chocolate Factory to my books to read list", "Charlie and the Chocolate Factory"),
    ])
    func titleWrittenWithCapitals(text: String, item: String) throws {
        let turn = try once(text)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items("Books to Read") == ["The Hobbit", item], "\(text)")
    }

    @Test("a title that begins with its article is asked about whole, and a yes adds it whole")
    func titleWithItsArticle() throws {
        var conversation = Conversation()
        let domain = try assistant.domain(store)
        let turn = conversation.receive(.utterance("add The Old Man and the Sea to books to read"), engine: assistant.engine, domain: domain)
        #expect(turn.response == "Add The Old Man and the Sea to Books to Read?", "\(turn.response)")
        _ = conversation.receive(.yes, engine: assistant.engine, domain: domain)
        #expect(try items("Books to Read") == ["The Hobbit", "The Old Man and the Sea"])
    }

    @Test("capitals that are no title still split: names joined by “and”, lower case after it, a comma, every word capitalized", arguments: [
        ("add Sarah and Mike to the weekly groceries list", ["Sarah", "Mike"]),
        ("add Milk and eggs to the weekly groceries list", ["Milk", "eggs"]),
        ("add Jam, Butter and the Honey to the weekly groceries list", ["Jam", "Butter", "Honey"]),
        ("Add Milk And The Eggs To The Weekly Groceries List", ["Milk", "Eggs"]),
    ])
    func capitalsThatAreNoTitle(text: String, expected: [String]) throws {
        let turn = try once(text)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items("Weekly Groceries") == ["soda", "rice"] + expected, "\(text)")
    }

    @Test("a guess with no item asks without a gap, and nothing changes before a yes", arguments: ["tick", "check", "cross off"])
    func aGuessWithNoItemAsksWithoutAGap(text: String) throws {
        let before = try everything()
        var conversation = Conversation()
        let domain = try assistant.domain(store)
        let asked = conversation.receive(.utterance(text), engine: assistant.engine, domain: domain)
        #expect(asked.state == .needsValue, "\(text): \(asked.response)")
        #expect(asked.response == "Which list?")
        let item = conversation.receive(.utterance("pet shop"), engine: assistant.engine, domain: domain)
        #expect(item.state == .needsValue, "\(item.response)")
        #expect(!item.response.contains("  ") && !item.response.contains(" ?"), "\(item.response)")
        #expect(try everything() == before)
    }

    @Test("a title the person already has, or a quoted one, keeps its article")
    func titlesKeepTheirArticle() throws {
        #expect(try once("add the hobbit to the to do list").state == .completed)
        #expect(try items("To Do").last == "the hobbit")
        #expect(try once("add “The Hitchhiker’s Guide” to books to read").state == .completed)
        #expect(try items("Books to Read").last == "The Hitchhiker’s Guide")
    }

    @Test("a new item that begins or ends with a function word is asked about first; no changes nothing", arguments: [
        "add do homework to my to do list", "put for the party on the to do list", "add call the plumber about to the to do list",
    ])
    func functionWordAtAnEdgeAsks(text: String) throws {
        let before = try everything()
        var conversation = Conversation()
        let domain = try assistant.domain(store)
        let turn = conversation.receive(.utterance(text), engine: assistant.engine, domain: domain)
        #expect(turn.state == .confirmation, "\(text): \(turn.response)")
        #expect(try everything() == before)
        let no = conversation.receive(.no, engine: assistant.engine, domain: domain)
        #expect(no.state != .completed || !no.response.hasPrefix("Added"), "\(no.response)")
        #expect(try everything() == before)
    }

    @Test("a value with a function word at an edge is added as said after a yes")
    func functionWordAtAnEdgeOnYes() throws {
        var conversation = Conversation()
        let domain = try assistant.domain(store)
        _ = conversation.receive(.utterance("add do homework to my to do list"), engine: assistant.engine, domain: domain)
        let yes = conversation.receive(.yes, engine: assistant.engine, domain: domain)
        #expect(yes.state == .completed, "\(yes.response)")
        #expect(try items("To Do").last == "do homework")
    }

    @Test("a quantity said first stays part of the item")
    func quantityKept() throws {
        #expect(try once("please update my weekly groceries list with two bags of frozen peas").state == .completed)
        #expect(try items("Weekly Groceries").last == "two bags of frozen peas")
    }

    @Test("whole words of one list after “the” or “my” are that list; bare words stay a guess")
    func shortNameAfterADeterminer() throws {
        let the = try once("add tea to the groceries")
        #expect(the.state == .completed, "\(the.response)")
        #expect(try items("Weekly Groceries") == ["soda", "rice", "tea"])
        let my = try once("put a ball on my pet list")
        #expect(my.state == .completed, "\(my.response)")
        let bare = try once("add eggs to groceries")
        #expect(bare.state == .confirmation, "\(bare.response)")
        #expect(try items("Weekly Groceries") == ["soda", "rice", "tea"])
    }

    @Test("a value the tagger marks never takes one of the person's list names apart", arguments: [
        "what are my pet shop list's contents", "what are my weekly groceries list's contents",
    ])
    func taggerLeavesListNamesWhole(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.parameters.first { $0.name == "place" }?.values ?? [] == [], "\(text)")
        #expect(turn.parameters.first { $0.name == "content" }?.values ?? [] == [], "\(text)")
        #expect(["Pet Shop", "Weekly Groceries"].contains(turn.snippet?.title ?? ""), "\(text): \(turn.response)")
    }

    // MARK: Finishing a list

    @Test("“finish the list” and its kin ask before checking everything off; no changes nothing", arguments: [
        "finish the pet shop list", "complete the pet shop list", "i'm finished with the pet shop list",
        "we are done with the pet shop list", "i finished the pet shop list", "i am done with the pet shop list",
    ])
    func finishAsksFirst(text: String) throws {
        let before = try everything()
        var conversation = Conversation()
        let domain = try assistant.domain(store)
        let turn = conversation.receive(.utterance(text), engine: assistant.engine, domain: domain)
        #expect(turn.intent == "SetTaskAttribute" && turn.state == .confirmation, "\(text): \(turn.response)")
        #expect(turn.response == "Check off all 3 items on Pet Shop?", "\(text)")
        #expect(!turn.response.contains("@"))
        #expect(try everything() == before)
        let no = conversation.receive(.no, engine: assistant.engine, domain: domain)
        #expect(no.state != .completed, "\(no.response)")
        #expect(try everything() == before)
    }

    @Test("a list of one item is asked about as “the only item”, not “all 1 item”, and answered as its only one")
    func finishOneItem() throws {
        try store.createList(named: "Garden Centre", items: ["compost"])
        var conversation = Conversation()
        let domain = try assistant.domain(store)
        let turn = conversation.receive(.utterance("finish the garden centre list"), engine: assistant.engine, domain: domain)
        #expect(turn.response == "Check off the only item on Garden Centre?", "\(turn.response)")
        #expect(try store.items(in: .name("Garden Centre")).allSatisfy { !$0.done })
        var emptying = Conversation()
        let clear = emptying.receive(.utterance("clean out the garden centre list"), engine: assistant.engine, domain: domain)
        #expect(clear.response == "Remove the only item from Garden Centre?", "\(clear.response)")
        let yes = conversation.receive(.yes, engine: assistant.engine, domain: domain)
        #expect(yes.response.hasPrefix("Checked off 1 item on Garden Centre: its only item is checked off now."), "\(yes.response)")
        #expect(try store.items(in: .name("Garden Centre")).allSatisfy(\.done))
    }

    @Test("a yes to “finish the list” checks off every item, as one step of undo")
    func finishOnYes() throws {
        var conversation = Conversation()
        let domain = try assistant.domain(store)
        _ = conversation.receive(.utterance("complete the pet shop list"), engine: assistant.engine, domain: domain)
        let yes = conversation.receive(.yes, engine: assistant.engine, domain: domain)
        #expect(yes.state == .completed, "\(yes.response)")
        #expect(try store.items(in: .name("Pet Shop")).allSatisfy(\.done))
        #expect(try once("undo").state == .completed)
        #expect(try store.items(in: .name("Pet Shop")).allSatisfy { !$0.done })
    }

    @Test("saying everything explicitly checks it all off at once", arguments: [
        "check everything off the pet shop list", "mark all items on the pet shop list as done", "check off all the items on the pet shop list",
    ])
    func explicitAllAtOnce(text: String) throws {
        let turn = try once(text)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try store.items(in: .name("Pet Shop")).allSatisfy(\.done))
    }

    // MARK: Answers

    @Test("an item on no list is answered with no verb agreeing with it", arguments: [
        ("have i packed the sandals", "No, I can't find sandals on any of your lists."),
        ("is the sunscreen on my to do list", "No, I can't find sunscreen on To Do."),
        ("did we buy oranges", "No, I can't find oranges on any of your lists."),
    ])
    func notFoundWording(text: String, answer: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text)")
        #expect(turn.response == answer, "\(text)")
    }
}

/// Two requests in one sentence with the list said once, at the end or in the middle: both
/// handled in order on that list, each with its own questions.
@Suite("Two requests, one list")
struct TwoRequestsOneListTests {
    let store: ListStore
    let session: AssistantSession

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "Hardware Store", items: ["glue", "tape"])
        try store.createList(named: "Pet Shop", items: ["leash", "collar"])
        session = AssistantSession(assistant: try Assistant.shared("en"), store: store,
                                   source: "assistant", donations: DonationLog(store: store, timing: .now))
    }

    func say(_ input: ConversationInput, _ conversation: inout Conversation) throws -> Turn {
        try session.receive(input, in: &conversation)
    }

    func items(_ list: String) throws -> [String] { try store.items(in: .name(list)).map(\.name) }

    @Test("both halves on the list said once", arguments: [
        ("take the glue off and add rope to the hardware store", "Hardware Store", ["tape", "rope"]),
        ("add rope and remove glue from the hardware store", "Hardware Store", ["tape", "rope"]),
        ("remove the collar from my pet shop list and add treats", "Pet Shop", ["leash", "treats"]),
        ("drop the leash and put a bowl on the pet shop list", "Pet Shop", ["collar", "bowl"]),
        ("i need for you to take glue off the hardware list and add rope", "Hardware Store", ["tape", "rope"]),
    ])
    func bothOnTheOneList(text: String, list: String, after: [String]) throws {
        var conversation = Conversation()
        let turn = try say(.utterance(text), &conversation)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items(list) == after, "\(text)")
        // No value ever holds the other request.
        for parameter in turn.parameters { #expect(!parameter.values.contains { $0.contains(" and ") || $0.hasPrefix("for ") }) }
    }

    @Test("the first half's question comes first; the second is done after its answer")
    func eachWithItsOwnQuestion() throws {
        var conversation = Conversation()
        let guess = try say(.utterance("take the gleu off and add rope to the hardware store"), &conversation)
        #expect(guess.state == .confirmation, "\(guess.response)")
        #expect(guess.response.contains("glue"), "\(guess.response)")
        #expect(try items("Hardware Store") == ["glue", "tape"])
        let done = try say(.yes, &conversation)
        #expect(done.state == .completed, "\(done.response)")
        #expect(try items("Hardware Store") == ["tape", "rope"])
    }
}
