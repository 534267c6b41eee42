import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Several titles that hold "and" among other items ("dune and of mice and men"), items by
/// their number ("number 2", "item 3 … as done"), "is X on the list? if not, add it" (asked
/// first), the whole list said with "complete" or "full", "check the list to see if X is on
/// it" (a question), an item said with "'s" or in the plural ("tape's in the cart").
@Suite("Titles holding “and” among several, items by number, “if not, add it”, and the whole list")
struct TitlesPlacesAndIfNotTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try Self.threeShopsAndPacking()
        try store.createList(named: "Books to Read", items: ["Dune", "Pride and Prejudice", "Of Mice and Men", "Emma"])
        assistant = try Assistant.shared("en")
    }

    @Test("Titles the person has that hold “and” stay whole among several items, list said or not", arguments: [
        ("tick off emma and pride and prejudice", ["Pride and Prejudice", "Emma"]),
        ("check off pride and prejudice, dune and of mice and men on the books to read list",
         ["Dune", "Pride and Prejudice", "Of Mice and Men"]),
        ("i finished reading of mice and men and emma", ["Of Mice and Men", "Emma"]),
    ])
    func titlesWithAnd(text: String, done: [String]) throws {
        let turn = try once(text)
        #expect(turn.intent == "SetTaskAttribute", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try checked("Books to Read") == done, "\(text): \(turn.response)")
    }

    @Test("Words joined by “and” that make no title the person has are still split")
    func stillSplit() throws {
        let turn = try once("check off tape and nails on the hardware list")
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try checked("Hardware Store") == ["tape", "nails"])
    }

    @Test("An item by its number, said with “number” or before “as done”", arguments: [
        ("tick number 2 on the hardware list", "nails"),
        ("mark item 3 on the hardware store list as done", "glue"),
        ("mark the tape on the hardware list as bought", "tape"),
    ])
    func byNumber(text: String, item: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SetTaskAttribute", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try checked("Hardware Store") == [item], "\(text): \(turn.response)")
    }

    @Test("“remove number 1 from the pet shop list”: the first item goes")
    func removeByNumber() throws {
        let turn = try once("remove number 1 from the pet shop list")
        #expect(turn.intent == "DeleteTasks", "\(turn.response)")
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try items("Pet Shop").isEmpty)
    }

    @Test("“Is X on the list? If not, add it”: an add, asked first; nothing changes before the yes", arguments: [
        ("are there eggs on the grocery list and if not put them there", "Weekly Groceries", "eggs"),
        ("did we put rope on the hardware list? if not add it", "Hardware Store", "rope"),
        ("see if batteries are on the hardware list and add them if they aren't", "Hardware Store", "batteries"),
        ("add bread to the grocery list if it's not there already", "Weekly Groceries", "bread"),
    ])
    func ifNotAddIt(text: String, list: String, item: String) throws {
        let before = try everything()
        var conversation = Conversation()
        let asked = conversation.receive(.utterance(text), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(asked.intent == "AddTasks", "\(text): \(asked.response)")
        #expect(asked.state == .confirmation, "\(text): \(asked.response)")
        #expect(try everything() == before)
        let done = conversation.receive(.yes, engine: assistant.engine, domain: try assistant.domain(store))
        #expect(done.state == .completed, "\(text): \(done.response)")
        #expect(try items(list).last == item, "\(text): \(done.response)")
    }

    @Test("“my complete packing list”, “the full grocery list”: the list, shown", arguments: [
        ("show me my complete packing list", "Packing for Lisbon"),
        ("read out the full grocery list", "Weekly Groceries"),
        ("what's on my whole pet shop list", "Pet Shop"),
    ])
    func wholeList(text: String, list: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.snippet?.title == list, "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“check the packing list to see if the charger is on it”: a question, never a check-off", arguments: [
        ("check the packing for lisbon list to see if the charger is on it", "Yes"),
        ("look at the pet shop list and tell me if cat food is there", "No"),
    ])
    func checkToSee(text: String, answer: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix(answer), "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“tape's in the cart”, “bought nails”: the item found by its singular; a check-off asked first", arguments: [
        ("tape's in the cart", "Hardware Store", "tape"),
        ("the coffees are in the basket", "Weekly Groceries", "coffee"),
    ])
    func inTheCart(text: String, list: String, item: String) throws {
        let before = try everything()
        var conversation = Conversation()
        let asked = conversation.receive(.utterance(text), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(asked.intent == "SetTaskAttribute", "\(text): \(asked.response)")
        #expect(asked.state == .confirmation, "\(text): \(asked.response)")
        #expect(try everything() == before)
        let done = conversation.receive(.yes, engine: assistant.engine, domain: try assistant.domain(store))
        #expect(done.state == .completed, "\(text): \(done.response)")
        #expect(try checked(list) == [item], "\(text): \(done.response)")
    }

    @Test("Questions said loosely stay questions, and find the item as it is on the list", arguments: [
        ("should we get more butter", "Yes"),
        ("are we running low on coffee", "Yes"),
        ("is tape still on the hardware list", "Yes"),
        ("were the nails bought", "Not yet"),
        ("any idea if dog food is on the pet shop list", "Yes"),
        ("could you tell me whether we've added glue", "Yes"),
        ("i wonder if we still need milk", "Yes"),
        ("whats still unchecked on the packing for lisbon list", "2 of 3"),
    ])
    func looseQuestions(text: String, answer: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response.contains(answer), "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“forget about the butter on the grocery list”, “we don't need X after all”: removed from that list", arguments: [
        "forget about the butter on the grocery list", "we don't need butter after all",
    ])
    func forgetIt(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "DeleteTasks", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items("Weekly Groceries") == ["milk", "coffee"])
    }

    @Test("“make me a camping list”: a list called Camping", arguments: ["make me a camping list", "set us up a camping list"])
    func makeMeAList(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "CreateTaskList", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try store.lists().map(\.name).contains("Camping"), "\(text): \(turn.response)")
    }

    @Test("“list rope on the hardware list”: an add, asked first; “list the items on …” still shows")
    func listAsAVerb() throws {
        let before = try everything()
        let asked = try once("list rope on the hardware list")
        #expect(asked.intent == "AddTasks", "\(asked.response)")
        #expect(asked.state == .confirmation, "\(asked.response)")
        let shown = try once("list the items on the hardware list")
        #expect(shown.intent == "SearchForNotebookItems", "\(shown.response)")
        #expect(try everything() == before)
    }

    @Test("“don't forget the sunscreen”: an add, its list asked; nothing changes before the answer")
    func dontForget() throws {
        let before = try everything()
        let turn = try once("don't forget the bread")
        #expect(turn.intent == "AddTasks", "\(turn.response)")
        #expect(turn.state == .needsValue, "\(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“i no longer need a pet shop list”: that list's delete, asked first")
    func noLongerNeedAList() throws {
        let before = try everything()
        let turn = try once("we don't need a pet shop list anymore")
        #expect(turn.intent == "DeleteTaskList", "\(turn.response)")
        #expect(turn.state == .confirmation, "\(turn.response)")
        #expect(try everything() == before)
    }
}
