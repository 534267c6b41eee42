import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Questions and requests as people put them: whether something is checked off yet, the item
/// at a place on a list, every list at once, a list said once for two requests, a list named
/// after an unusual verb.
@Suite("Everyday questions")
struct EverydayQuestionsTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "Weekly Groceries", items: ["lemonade", "coffee"])
        try store.createList(named: "Packing for Lisbon", items: ["sunscreen", "passport"])
        try store.createList(named: "Hardware Store", items: ["nails", "tape", "glue"])
        try store.createList(named: "Pet Shop", items: ["dog food", "cat litter"])
        try store.createList(named: "Gift Shop")
        try store.createList(named: "Books to Read")
        try store.setDone(true, [.name("coffee")], in: .name("Weekly Groceries"))
        try store.setDone(true, [.name("passport")], in: .name("Packing for Lisbon"))
        assistant = try Assistant.shared("en")
    }

    // MARK: - Whether something is checked off

    @Test("asked whether something checked off is done: yes", arguments: [
        "did we grab the coffee", "has the coffee been bought", "is coffee ticked off yet",
        "have i packed my passport", "did someone buy coffee already", "is the passport packed?",
    ])
    func doneIsYes(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix("Yes:") && turn.response.contains("checked off"), "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("asked whether something on a list but not checked off is done: not yet", arguments: [
        "have we packed the sunscreen yet", "did somebody pick up the glue", "is the tape bought already",
        "have i checked off the nails on the hardware list", "has the cat litter been picked up",
        "are the nails got", "did we get dog food yet?",
    ])
    func notDoneIsNotYet(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix("Not yet:") && turn.response.contains("not checked off yet"), "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("asked whether something on no list is done: it is on none", arguments: [
        "did i pack the flip flops", "is the hammer bought", "have we picked up the birthday card yet",
    ])
    func nowhereIsNo(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix("No,") && turn.response.hasSuffix("on any of your lists."), "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("asked whether something is on a list (not whether it is done): yes, however it stands")
    func onAListIsYes() throws {
        #expect(try once("is the tape on my hardware list").response == "Yes: tape is on Hardware Store, not checked off yet.")
        #expect(try once("is coffee on any of my lists").response == "Yes: coffee is on Weekly Groceries, checked off.")
    }

    @Test("“any list” in the singular asks the same: the item alone is looked for, never “there tape”", arguments: [
        "is there tape on any list", "are there any nails on one of the lists", "do i have tape on any list",
        "is tape in one of the lists", "is there some tape in any list",
    ])
    func anyListInTheSingular(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix("Yes: "), "\(text): \(turn.response)")
        #expect(turn.response.contains("on Hardware Store"), "\(text): \(turn.response)")
    }

    // MARK: - The item at a place

    @Test("the item at a place on a list is answered with that item", arguments: [
        ("what is the last item on the hardware store list", "Item 3 of 3 on Hardware Store: glue."),
        ("whats the first thing on my pet shop list", "Item 1 of 2 on Pet Shop: dog food."),
        ("tell me the second item on the packing list", "Item 2 of 2 on Packing for Lisbon: passport, checked off."),
        ("what's item 2 on my hardware list", "Item 2 of 3 on Hardware Store: tape."),
        ("what did i add last to the pet shop list", "Item 2 of 2 on Pet Shop: cat litter."),
    ])
    func itemAtAPlace(text: String, answer: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.response == answer, "\(text)")
        #expect(try everything() == before)
    }

    @Test("a place past the end of the list shows the list")
    func placePastTheEnd() throws {
        let turn = try once("what's the fifth thing on my pet shop list")
        #expect(turn.state == .completed)
        #expect(turn.response == "Pet Shop (0 of 2 completed)")
    }

    @Test("an item by its place is checked off or removed: “the first item”, “item 2”")
    func changesByPlace() throws {
        #expect(try once("tick off the first item on the hardware store list").state == .completed)
        #expect(try once("delete item 2 from my pet shop list").state == .completed)
        let after = try everything()
        #expect(after.contains("Hardware Store: nails ✓"))
        #expect(after.contains("Pet Shop: dog food") && !after.contains("Pet Shop: cat litter"))
    }

    // MARK: - Every list

    @Test("every list asked for at once is the menu of all lists", arguments: [
        "tell me what's on all my lists", "show me every list we have", "what is on all of my lists",
        "read me what is in my lists", "list every list i made",
    ])
    func everyList(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix("You have 6 lists:"), "\(text): \(turn.response)")
        #expect(turn.options.count == 6, "\(text)")
    }

    @Test("deleting every list: one list at a time, the lists offered and nothing deleted", arguments: [
        "remove all of my lists", "trash every list", "get rid of every single list we have", "erase all the lists",
    ])
    func deletingEveryList(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "DeleteTaskList", "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix("I delete one list at a time, and ask first. You have 6 lists:"), "\(text): \(turn.response)")
        #expect(turn.options.count == 6)
        #expect(try everything() == before)
        #expect(try store.lists().count == 6)
    }

    // MARK: - One list for two requests

    @Test("two requests with the list said once at the end: both on that list, in order", arguments: [
        "take the lemonade off and put tea on the weekly groceries list",
        "cross out lemonade and then add tea to my weekly groceries list",
    ])
    func oneListForTwoRequests(text: String) throws {
        var conversation = Conversation()
        let domain = try assistant.domain(store)
        var turn = conversation.receive(.utterance(text), engine: assistant.engine, domain: domain)
        var turns = [turn.response]
        while let next = conversation.next(after: turn, engine: assistant.engine, domain: try assistant.domain(store)) {
            turn = next
            turns.append(next.response)
        }
        #expect(!turns.joined().contains("can't find"), "\(turns)")
        let groceries = try everything().filter { $0.hasPrefix("Weekly Groceries") }
        #expect(groceries == ["Weekly Groceries: coffee ✓", "Weekly Groceries: tea"], "\(turns)")
    }

    @Test("a look after a change is no list for the change: “add milk and show me the pet shop list”")
    func aLookLendsNoList() throws {
        let turn = try once("put milk on and show me the pet shop list")
        #expect(!(turn.response.contains("Added milk to Pet Shop")), "\(turn.response)")
        #expect(!(try everything().contains("Pet Shop: milk")))
    }

    // MARK: - A list said after an unusual verb

    @Test("an item slapped, shoved or plonked onto “the … list” is added to that list", arguments: [
        ("slap some tea onto the grocery list", "Weekly Groceries: tea"), ("shove a hammer onto my hardware list", "Hardware Store: hammer"),
        ("plonk some treats on the pet shop list", "Pet Shop: treats"),
    ])
    func everydayVerbsAdd(text: String, added: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "AddTasks", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try everything().contains(added), "\(text)")
    }

    @Test("a verb no sentence knows, with “the … list” said: the model's guess keeps the list, asked first", arguments: [
        ("dump some rope onto the hardware list", "Hardware Store"),
    ])
    func unknownVerbKeepsTheList(text: String, list: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "AddTasks", "\(text): \(turn.response)")
        #expect(turn.state == .confirmation, "\(text): \(turn.response)")
        #expect(turn.response.contains(list), "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    // MARK: - Removing what is not there

    @Test("removing something the list does not have: said so, nothing changed, no question", arguments: [
        ("get rid of the corn on my hardware list", "Hardware Store has no corn to remove."),
        ("we don't need sandpaper on the hardware store list anymore", "Hardware Store has no sandpaper to remove."),
        ("scratch tuna off the pet shop list", "Pet Shop has no tuna to remove."),
    ])
    func removingWhatIsNotThere(text: String, answer: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "DeleteTasks", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response == answer, "\(text)")
        #expect(try everything() == before)
    }

    @Test("removing two things, one not there: the other removed, and the missing one named")
    func removingOneOfTwo() throws {
        let turn = try once("remove the nails and the hammer from my hardware list")
        #expect(turn.response == "Removed nails from Hardware Store. hammer wasn't on it.")
        #expect(try everything().filter { $0.hasPrefix("Hardware Store") } == ["Hardware Store: tape", "Hardware Store: glue"])
    }

    @Test("removing “it”, a place past the end, or letters swapped: asked about, never “nothing to remove”", arguments: [
        "remove it from the hardware store list", "delete item 7 from my pet shop list", "take the gleu off the hardware list",
    ])
    func unclearRemovalsAreAsked(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.state != .completed, "\(text): \(turn.response)")
        #expect(!turn.response.contains("to remove."), "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    // MARK: - Undo in other words

    @Test("undo said in other words takes back the newest change", arguments: [
        "undo that last thing", "undo the change i just made", "reverse what you just did", "undo my most recent edit",
    ])
    func undoInOtherWords(text: String) throws {
        let before = try everything()
        #expect(try once("put rope on the hardware store list").state == .completed)
        let turn = try once(text)
        #expect(turn.intent == "UndoChange", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try everything() == before)
    }
}
