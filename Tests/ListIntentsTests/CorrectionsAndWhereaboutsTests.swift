import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Corrections ("it's oat milk, not milk", "the passport isn't packed after all", "put the glue
/// on the gift shop list instead of the hardware list"), where something is ("which list has
/// dog food"), how a reading list's items are done ("mark Dune as read"), a title holding
/// "and" said without its list, what is left ("anything left on …"), the checked items said
/// loosely ("wipe the ticked stuff off …"), a store said with "at", and "cancel" alone.
@Suite("Corrections, where an item is, reading lists, what is left, and “cancel” alone")
struct CorrectionsAndWhereaboutsTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try Self.threeShopsAndPacking()
        try store.createList(named: "Books to Read", items: ["Of Mice and Men", "Dune"])
        try store.createList(named: "Gift Shop", items: [])
        assistant = try Assistant.shared("en")
    }

    @Test("“which list has dog food”: where it is, answered; nothing changes", arguments: [
        ("which list has the dog food", "Pet Shop"),
        ("what list did i put nails on", "Hardware Store"),
        ("which lists contain coffee", "Weekly Groceries"),
        ("which list is sunscreen on", "Packing for Lisbon"),
    ])
    func whichList(text: String, list: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response.contains(list), "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“it's oat milk, not milk”: the item renamed", arguments: [
        ("it's oat milk not milk", "Weekly Groceries", "milk", "oat milk"),
        ("that should be duct tape not tape", "Hardware Store", "tape", "duct tape"),
        ("make it decaf coffee instead of coffee", "Weekly Groceries", "coffee", "decaf coffee"),
    ])
    func correction(text: String, list: String, old: String, new: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "RenameTask", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items(list).contains(new))
        #expect(try !items(list).contains(old))
    }

    @Test("“the passport isn't packed after all”: unchecked, never checked off", arguments: [
        "the passport isn't packed after all", "passport is not packed yet", "i didn't pack the passport",
    ])
    func notPackedAfterAll(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SetTaskAttribute", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try checked("Packing for Lisbon").isEmpty)
    }

    @Test("“mark Dune as read”, “i finished reading …”: checked off on the list holding it", arguments: [
        ("mark dune as read", "Dune"),
        ("i finished reading of mice and men", "Of Mice and Men"),
        ("ive read dune", "Dune"),
    ])
    func readingList(text: String, item: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SetTaskAttribute", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try checked("Books to Read") == [item])
    }

    @Test("A title holding “and”, said without its list, is the item on the list that has it", arguments: [
        "remove of mice and men", "tick off of mice and men",
    ])
    func titleWithAndAlone(text: String) throws {
        let turn = try once(text)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response.contains("Of Mice and Men"), "\(text): \(turn.response)")
        #expect(try items("Weekly Groceries") == ["milk", "butter", "coffee"])
    }

    @Test("“put the glue on the gift shop list instead of the hardware list”: moved, not copied")
    func insteadOf() throws {
        let turn = try once("put the glue on the gift shop list instead of the hardware list")
        #expect(turn.intent == "MoveTasks", "\(turn.response)")
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try items("Gift Shop") == ["glue"])
        #expect(try items("Hardware Store") == ["tape", "nails"])
    }

    @Test("“anything still left on the hardware list”: how many are left; nothing changes", arguments: [
        "anything still left on the hardware list", "any things left to buy on my grocery list",
        "what else do we need for the pet shop",
    ])
    func anythingLeft(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response.contains("left"), "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“sweep the ticked stuff off the packing list”: only what is checked off goes")
    func checkedStuff() throws {
        let turn = try once("sweep the ticked stuff off the packing for lisbon list")
        #expect(turn.intent == "DeleteTasks", "\(turn.response)")
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try items("Packing for Lisbon") == ["sunscreen", "charger"])
    }

    @Test("“grab batteries at the hardware store”: the store is the list", arguments: [
        "grab batteries at the hardware store", "purchase batteries from the hardware store",
    ])
    func atTheStore(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "AddTasks", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items("Hardware Store").last == "batteries")
    }

    @Test("“put down sandpaper for the hardware list”: “down” is the verb's", arguments: [
        "put down sandpaper on the hardware list",
    ])
    func putDown(text: String) throws {
        let turn = try once(text)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items("Hardware Store").last == "sandpaper")
    }

    @Test("“cancel” or “stop” alone with nothing asked: nothing to cancel, no delete asked", arguments: [
        "cancel", "stop", "abort",
    ])
    func cancelAlone(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == nil, "\(text): \(turn.response)")
        #expect(turn.response == "OK. There's nothing to cancel.")
        #expect(try everything() == before)
    }

    @Test("Padding around a request: “real quick”, “like”, “no wait” are no part of it", arguments: [
        ("hey can u put bread on the grocery list real quick", "Weekly Groceries", "bread"),
        ("um add like two lemons to the grocery list", "Weekly Groceries", "two lemons"),
        ("add rope to the hardware list if you don't mind", "Hardware Store", "rope"),
    ])
    func padding(text: String, list: String, item: String) throws {
        let turn = try once(text)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items(list).last == item)
    }

    @Test("Questions about what is done or still needed stay questions", arguments: [
        ("whats been ticked off on the packing for lisbon list", "passport"),
        ("is everything bought on the grocery list", "left"),
        ("do we still need coffee", "Yes"),
        ("how many things do we still need to buy for the pet shop", "left"),
    ])
    func doneOrNeeded(text: String, answer: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response.contains(answer) || turn.snippet?.items.contains { $0.name == answer } == true, "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“remove the checked items” with no list: the list is asked, then only its checked items go")
    func checkedItemsListAsked() throws {
        let before = try everything()
        var conversation = Conversation()
        let asked = conversation.receive(.utterance("remove the checked items"), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(asked.intent == "DeleteTasks")
        #expect(asked.state == .needsValue, "\(asked.response)")
        #expect(!asked.response.contains("@"), "\(asked.response)")
        #expect(try everything() == before)
        let done = conversation.receive(.utterance("the packing for lisbon list"), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(done.state == .completed, "\(done.response)")
        #expect(try items("Packing for Lisbon") == ["sunscreen", "charger"], "\(done.response)")
    }

    @Test("“put nails at the top of the hardware list”: moved up")
    func atTheTop() throws {
        let turn = try once("put nails at the top of the hardware list")
        #expect(turn.intent == "MoveTaskToPosition", "\(turn.response)")
        #expect(try items("Hardware Store") == ["nails", "tape", "glue"])
    }

    @Test("“whoops”, “i made a mistake”: an undo, asked first; a yes undoes", arguments: ["whoops", "i made a mistake", "my bad"])
    func slipSaid(text: String) throws {
        _ = try once("check off the tape on the hardware list")
        #expect(try checked("Hardware Store") == ["tape"])
        var conversation = Conversation()
        let asked = conversation.receive(.utterance(text), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(asked.intent == "UndoChange", "\(text): \(asked.response)")
        #expect(asked.state == .confirmation, "\(text): \(asked.response)")
        #expect(try checked("Hardware Store") == ["tape"])
        let undone = conversation.receive(.yes, engine: assistant.engine, domain: try assistant.domain(store))
        #expect(undone.state == .completed, "\(undone.response)")
        #expect(try checked("Hardware Store").isEmpty)
    }

    @Test("“no wait, undo that”: undone at once")
    func noWaitUndo() throws {
        _ = try once("check off the tape on the hardware list")
        let turn = try once("no wait, undo that")
        #expect(turn.intent == "UndoChange", "\(turn.response)")
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try checked("Hardware Store").isEmpty)
    }
}
