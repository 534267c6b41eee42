import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Everyday ways of asking: questions that stay questions, "scratch that", "we don't need …
/// anymore", and values a sentence fixes never shown as they are stored.
@Suite("Everyday phrasings")
struct EverydayPhrasingTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "Hardware Store", items: ["tape", "nails", "glue"])
        try store.createList(named: "Weekly Groceries", items: ["milk", "butter", "coffee"])
        assistant = try Assistant.shared("en")
    }

    @Test("a change put as a question (a question mark) is asked first", arguments: [
        "we no longer need glue on the hardware store list?", "forget the milk?", "cancel the butter from the weekly groceries list?",
    ])
    func aQuestionMarkAsksFirst(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.state == .confirmation, "\(text): \(turn.response)")
        #expect(try everything() == before)
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
        // On a list: "Yes", or "Not yet" when asked whether it is bought or packed and it is not checked off.
        #expect(turn.response.hasPrefix("Yes") || turn.response.hasPrefix("Not yet"), "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("a list dropped, scrapped or ditched, “old” or not, is a list to delete, asked first", arguments: [
        "ditch the old hardware store list", "scrap my weekly groceries list", "drop the old hardware list",
    ])
    func listsDroppedAreDeletions(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "DeleteTaskList", "\(text): \(turn.response)")
        #expect(turn.state == .confirmation, "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("a list named “for tomorrow” is the list: “empty my hardware list for tomorrow”")
    func aListForTomorrow() throws {
        let turn = try once("empty my hardware list for tomorrow")
        #expect(turn.intent == "DeleteTasks", "\(turn.response)")
        #expect(turn.response == "Remove all 3 items from Hardware Store?")
    }

    @Test("an item said with “the” is found on its list: “tick off the glue”, “i got the butter”")
    func itemsWithAnArticle() throws {
        #expect(try once("tick off the glue").state == .completed)
        #expect(try once("i got the butter").state == .completed)
        #expect(try everything() == [
            "Hardware Store: tape", "Hardware Store: nails", "Hardware Store: glue ✓",
            "Weekly Groceries: milk", "Weekly Groceries: butter ✓", "Weekly Groceries: coffee",
        ])
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

    @Test("an item by its place, as the command line numbers them: “item 2”, “the first one”, “the last item”")
    func itemsByPlace() throws {
        #expect(try once("check off item 2 on the hardware store list").state == .completed)
        #expect(try once("remove the first one from the weekly groceries list").state == .completed)
        #expect(try once("take the last item off the hardware store list").state == .completed)
        // A name that holds the number or the ordinal is a guess at that name, not a place.
        try store.createList(named: "Party", items: ["2 lemons", "first aid kit", "balloons"])
        #expect(try once("remove 2 from the party list").response == "Did you mean 2 lemons?")
        #expect(try once("remove first from the party list").response == "Did you mean first aid kit?")
        try store.deleteList(.name("Party"))
        let tooFar = try once("remove item 9 from the hardware store list")
        #expect(tooFar.state == .unsupported)
        #expect(try everything() == ["Hardware Store: tape", "Hardware Store: nails ✓", "Weekly Groceries: butter",
                                     "Weekly Groceries: coffee"])
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

/// Two requests in one sentence: both done in order, each with its own questions, each over
/// the lists as the one before left them; none dropped without a word.
@Suite("Two requests in one sentence")
struct TwoRequestsTests {
    let store: ListStore
    let session: AssistantSession

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "Hardware Store", items: ["tape", "glue"])
        try store.createList(named: "Pet Shop", items: ["collar"])
        try store.createList(named: "Bed and Bath", items: ["towels"])
        session = AssistantSession(assistant: try Assistant.shared("en"), store: store,
                                   source: "assistant", donations: DonationLog(store: store, timing: .now))
    }

    func say(_ input: ConversationInput, _ conversation: inout Conversation) throws -> Turn {
        try session.receive(input, in: &conversation)
    }

    func items(_ list: String) throws -> [String] { try store.items(in: .name(list)).map(\.name) }

    @Test("the second request takes the first one's list when it names none")
    func bothDoneInOrder() throws {
        var conversation = Conversation()
        let turn = try say(.utterance("take glue off the hardware store list and while you're at it add rope"), &conversation)
        #expect(turn.state == .completed)
        #expect(turn.response == "Removed glue from Hardware Store. Added rope to Hardware Store.")
        #expect(try items("Hardware Store") == ["tape", "rope"])
        // Three in a row, none lost.
        conversation = Conversation()
        let three = try say(.utterance("add nails to the hardware store list and then add a bowl to the pet shop list and then add soap to the bed and bath list"), &conversation)
        #expect(three.state == .completed, "\(three.response)")
        #expect(try items("Hardware Store").last == "nails" && items("Pet Shop").last == "bowl" && items("Bed and Bath").last == "soap")
    }

    @Test("the second request sees what the first did: a list just made, renamed or deleted")
    func theSecondSeesTheFirst() throws {
        var conversation = Conversation()
        #expect(try say(.utterance("make a camping list and then add a tent to it"), &conversation).state == .completed)
        #expect(try items("Camping") == ["tent"])
        conversation = Conversation()
        let gone = try say(.utterance("delete the pet shop list and then add rope"), &conversation)
        #expect(gone.state == .confirmation)
        let which = try say(.yes, &conversation)
        #expect(which.state == .needsValue || which.state == .disambiguation)
        #expect(!which.options.contains("Pet Shop"))
        conversation = Conversation()
        // The item says which list it is on: the first one's list only when it does not.
        #expect(try say(.utterance("add a mat to the bed and bath list and then remove tape"), &conversation).state == .completed)
        #expect(try items("Bed and Bath") == ["towels", "mat"])
        #expect(try items("Hardware Store") == ["glue"])
    }

    @Test("each request asks its own questions: deleting a list is confirmed, then the new one's name is asked")
    func eachWithItsQuestions() throws {
        var conversation = Conversation()
        let sure = try say(.utterance("delete the pet shop list and then make a new one"), &conversation)
        #expect(sure.intent == "DeleteTaskList" && sure.state == .confirmation)
        #expect(sure.response.hasSuffix("Then: “make a new one”."))
        let name = try say(.yes, &conversation)
        #expect(name.intent == "CreateTaskList" && name.state == .needsValue)
        #expect(name.response.hasPrefix("Deleted Pet Shop."))
        let created = try say(.utterance("Pet Supplies"), &conversation)
        #expect(created.state == .completed)
        #expect(try store.lists().map(\.name) == ["Hardware Store", "Bed and Bath", "Pet Supplies"])
    }

    @Test("a first request not done says what it did not go on to; nothing of the second is done")
    func notDoneIsSaid() throws {
        var conversation = Conversation()
        _ = try say(.utterance("delete the pet shop list and also add rope to the hardware store list"), &conversation)
        let declined = try say(.no, &conversation)
        #expect(declined.response.contains("I didn't go on to “add rope to the hardware store list”."))
        conversation = Conversation()
        _ = try say(.utterance("delete the pet shop list and also add rope to the hardware store list"), &conversation)
        let cancelled = try say(.cancel, &conversation)
        #expect(cancelled.response.contains("I didn't go on to"))
        #expect(try items("Hardware Store") == ["tape", "glue"])
        #expect(try items("Pet Shop") == ["collar"])
    }

    @Test("a sentence too long to be a few requests (over 60 words) is not split: asked first, nothing changed")
    func aVeryLongSentenceIsNotSplit() throws {
        let text = (1...11).map { "add thing\($0) to the pet shop list" }.joined(separator: " and ")
        var conversation = Conversation()
        let turn = try say(.utterance(text), &conversation)
        #expect(turn.state == .confirmation)
        #expect(try items("Pet Shop") == ["collar"])
    }

    @Test("two requests split by a comma, a semicolon or “but”, each done in order", arguments: [
        "take the glue off the hardware store list, add rope",
        "remove glue from the hardware store list; put rope on it",
        "take glue off the hardware store list but add rope",
    ])
    func splitByCommaOrBut(text: String) throws {
        var conversation = Conversation()
        let turn = try say(.utterance(text), &conversation)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items("Hardware Store") == ["tape", "rope"], "\(text): \(turn.response)")
    }

    @Test("the second request said without its verb (“… and glue on the hardware store list”) is done too", arguments: [
        ("put a bowl on the pet shop list and nails on the hardware store list", "Pet Shop", ["collar", "bowl"], ["tape", "glue", "nails"]),
        ("take the collar off the pet shop list and the glue off the hardware store list", "Pet Shop", [], ["tape"]),
    ])
    func verbSaidOnce(text: String, list: String, first: [String], hardware: [String]) throws {
        var conversation = Conversation()
        let turn = try say(.utterance(text), &conversation)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items(list) == first, "\(text): \(turn.response)")
        #expect(try items("Hardware Store") == hardware, "\(text): \(turn.response)")
    }

    @Test("a comma between things to do of one add keeps them one request")
    func commaBetweenThingsToDo() throws {
        var conversation = Conversation()
        let turn = try say(.utterance("add to the pet shop list: buy a leash, get treats"), &conversation)
        #expect(turn.intent == "AddTasks", "\(turn.response)")
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try items("Pet Shop") == ["collar", "buy a leash", "get treats"])
    }

    @Test("“… and show me what's left”: what is left on the list the first request named")
    func showWhatsLeft() throws {
        var conversation = Conversation()
        let turn = try say(.utterance("check off the tape on the hardware store list and show me what's left"), &conversation)
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(turn.response.hasSuffix("Hardware Store: 1 of 2 items left (1 checked off)."), "\(turn.response)")
    }

    @Test("an item with “but” inside (“bread but not butter”) is asked about first, never added as said")
    func butInsideAnItem() throws {
        var conversation = Conversation()
        let turn = try say(.utterance("add rope but not twine to the hardware store list"), &conversation)
        #expect(turn.intent == "AddTasks")
        #expect(turn.state == .confirmation, "\(turn.response)")
        #expect(try items("Hardware Store") == ["tape", "glue"])
    }

    @Test("one request that says “and” stays one: items, a list called so, a sentence that opens a list and adds to it")
    func oneRequestStaysOne() throws {
        var conversation = Conversation()
        #expect(try say(.utterance("add salt and pepper to the hardware store list"), &conversation).state == .completed)
        #expect(try say(.utterance("open the pet shop list and add bones"), &conversation).state == .completed)
        #expect(try say(.utterance("add a mat to the bed and bath list"), &conversation).state == .completed)
        #expect(try items("Hardware Store") == ["tape", "glue", "salt", "pepper"])
        #expect(try items("Pet Shop") == ["collar", "bones"])
        #expect(try items("Bed and Bath") == ["towels", "mat"])
    }
}
