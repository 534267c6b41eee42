import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Requests said with a clause around them ("open the pet shop list and put treats on it",
/// "i bought the tape so cross it off", "tape goes on the gift shop list, not hardware"),
/// questions about how far a list has got ("am i done with …", "is there anything left on …"),
/// a name that holds the word the template splits at ("rename books to read to …"), and
/// a few more ways to say a change ("swap coffee for tea", "put coffee first", "nuke …").
@Suite("Clauses around a request, questions about progress, names holding a template's word")
struct ClausesAndProgressTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try Self.threeShopsAndPacking()
        try store.createList(named: "Books to Read", items: ["Dune"])
        try store.createList(named: "Gift Shop", items: [])
        assistant = try Assistant.shared("en")
    }

    @Test("“open the pet shop list and put treats on it”: “on it” is that list, never part of the item", arguments: [
        ("open the pet shop list and put treats on it", "Pet Shop", "treats"),
        ("pull up my hardware list and add screws to it", "Hardware Store", "screws"),
        ("bring up the grocery list and add bread there", "Weekly Groceries", "bread"),
    ])
    func addOnIt(text: String, list: String, item: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "AddTasks", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items(list).last == item)
    }

    @Test("“bring up my grocery list and add”: what to add is asked; nothing changes")
    func addNothingYet() throws {
        let before = try everything()
        let turn = try once("bring up my grocery list and add")
        #expect(turn.intent == "AddTasks")
        #expect(turn.state == .needsValue)
        #expect(turn.response == "What should I add to Weekly Groceries?")
        #expect(try everything() == before)
    }

    @Test("“i still need the passport”: the item is kept, its list is the one it is on (asked when it would be unchecked); nothing changes", arguments: [
        ("i still need the passport", ExpectedTurn(state: .confirmation, response: "Add passport to Packing for Lisbon?")),
        ("we still need more coffee", ExpectedTurn(state: .completed, response: "coffee is already on Weekly Groceries.")),
        ("i still need a drill", ExpectedTurn(state: .needsValue, response: "Which list should I add drill to?")),
    ])
    func stillNeed(text: String, expected: ExpectedTurn) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "AddTasks")
        #expect(turn.state == expected.state)
        #expect(turn.response == expected.response)
        #expect(try everything() == before)
    }

    struct ExpectedTurn: Sendable, CustomTestStringConvertible {
        let state: ConversationState
        let response: String
        var testDescription: String { "\(state): \(response)" }
    }

    @Test("“add rope to a new list”: the new list's name is asked, then made with the rope")
    func addToANewList() throws {
        let before = try everything()
        var conversation = Conversation()
        let domain = try assistant.domain(store)
        let asked = conversation.receive(.utterance("add rope to a new list"), engine: assistant.engine, domain: domain)
        #expect(asked.intent == "CreateTaskList")
        #expect(asked.state == .needsValue)
        #expect(asked.response == "What should the new list be called?")
        #expect(try everything() == before)
        let made = conversation.receive(.utterance("Camping"), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(made.state == .completed, "\(made.response)")
        #expect(try items("Camping") == ["rope"])
    }

    @Test("“add a list of things to pack”: a new list, its name asked; nothing made yet")
    func addAList() throws {
        let before = try everything()
        let turn = try once("please add a list of things to pack for camping")
        #expect(turn.intent == "CreateTaskList")
        #expect(turn.state == .needsValue)
        #expect(try everything() == before)
    }

    @Test("“i bought the tape so cross it off”: what was got, checked off on its list", arguments: [
        ("i bought the tape so cross it off", "Hardware Store: tape ✓"),
        ("we picked up the dog food, so tick it off", "Pet Shop: dog food ✓"),
    ])
    func boughtSoCheck(text: String, checked: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SetTaskAttribute", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try everything().contains(checked))
    }

    @Test("“remove coffee for the grocery list”: the item off that list, never a list called “coffee for …”", arguments: [
        ("remove coffee for the grocery list", "Weekly Groceries: coffee"),
        ("delete the nails for my hardware list", "Hardware Store: nails"),
    ])
    func removeFor(text: String, gone: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "DeleteTasks", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(!(try everything().contains(gone)))
        #expect(try store.lists().count == 6)
    }

    @Test("A name holding the word a template splits at is taken whole", arguments: [
        "rename books to read to reading list", "change the name of books to read to reading list",
    ])
    func nameHoldingTo(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "RenameTaskList", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try store.lists().map(\.name).contains("reading list"))
        #expect(!(try store.lists().map(\.name).contains("Books to Read")))
    }

    @Test("An item holding “from” is taken whole when it is on the list")
    func itemHoldingFrom() throws {
        try store.addItems(["bread from the bakery"], to: .name("Weekly Groceries"))
        let turn = try once("remove bread from the bakery from the grocery list")
        #expect(turn.intent == "DeleteTasks", "\(turn.response)")
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try items("Weekly Groceries") == ["milk", "butter", "coffee"])
    }

    @Test("“call the pet shop list pets instead”: “instead” is no part of the new name")
    func renameInstead() throws {
        let turn = try once("call the pet shop list pets instead")
        #expect(turn.intent == "RenameTaskList")
        #expect(try store.lists().map(\.name).contains("pets"))
    }

    @Test("How far a list has got: what is left, never a search for “anything left”; nothing changes", arguments: [
        "am i done with the packing list", "is there anything left on the packing list",
        "have we got everything for the lisbon list", "how's my packing going",
        "how is the packing list coming along",
    ])
    func progress(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response == "Packing for Lisbon: 2 of 3 items left (1 checked off).", "\(text)")
        #expect(try everything() == before)
    }

    @Test("“put coffee first on the grocery list”: moved to the top, never added", arguments: [
        "put coffee first on the grocery list", "bump coffee up top on my grocery list",
    ])
    func putFirst(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "MoveTaskToPosition", "\(text): \(turn.response)")
        #expect(try items("Weekly Groceries") == ["coffee", "milk", "butter"])
    }

    @Test("“swap coffee for tea”, “replace glue with super glue”: the item renamed", arguments: [
        ("swap coffee for tea on the grocery list", "Weekly Groceries", "tea"),
        ("replace glue with super glue on the hardware list", "Hardware Store", "super glue"),
        ("trade out the dog food for kibble", "Pet Shop", "kibble"),
    ])
    func swap(text: String, list: String, newName: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "RenameTask", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items(list).contains(newName))
    }

    @Test("“tape goes on the gift shop list, not the hardware store”: moved there", arguments: [
        "tape goes on the gift shop list, not the hardware store", "put tape on the gift shop list not the hardware list",
    ])
    func goesOnNot(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "MoveTasks", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items("Gift Shop") == ["tape"])
        #expect(try items("Hardware Store") == ["nails", "glue"])
    }

    @Test("“mark everything on the packing list as not done”: every item unchecked")
    func markAllNotDone() throws {
        let turn = try once("mark everything on the packing list as not done")
        #expect(turn.intent == "ResetList", "\(turn.response)")
        #expect(!(try everything().contains { $0.hasSuffix("✓") }))
    }

    @Test("“nuke the gift shop list”: deleting a list is asked first; nothing changes")
    func nuke() throws {
        let before = try everything()
        let turn = try once("nuke the gift shop list")
        #expect(turn.intent == "DeleteTaskList")
        #expect(turn.state == .confirmation)
        #expect(try everything() == before)
        #expect(try store.lists().count == 6)
    }

    @Test("“clear off the checked items from the packing list”: only what is checked off goes")
    func clearOffChecked() throws {
        let turn = try once("clear off the checked items from the packing list")
        #expect(turn.intent == "DeleteTasks", "\(turn.response)")
        #expect(try items("Packing for Lisbon") == ["sunscreen", "charger"])
    }

    @Test("“never mind that last change”: undone")
    func neverMindLastChange() throws {
        let turn = try once("never mind that last change")
        #expect(turn.intent == "UndoChange", "\(turn.response)")
    }

    @Test("“put on screen all my lists”: every list shown, nothing added", arguments: [
        "put on screen all my lists", "put up on the screen all my lists",
    ])
    func putOnScreen(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“i need to return the drill”, “i need to add milk”: the thing itself, never “to …” or “add …”", arguments: [
        ("i need to return the drill", "return the drill"), ("i need to add oat milk", "oat milk"),
        ("we have to add batteries", "batteries"),
    ])
    func needTo(text: String, item: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "AddTasks", "\(text): \(turn.response)")
        #expect(turn.response == "Which list should I add \(item) to?", "\(text)")
        #expect(try everything() == before)
    }

    @Test("“add eggs, unless they're already there”: eggs, never “unless …”; asked first")
    func addUnlessThere() throws {
        let before = try everything()
        let turn = try once("add eggs, unless they're already there")
        #expect(turn.intent == "AddTasks")
        #expect(turn.state != .completed)
        #expect(turn.parameters.first { $0.name == "taskTitles" }?.values == ["eggs"])
        #expect(try everything() == before)
    }

    @Test("“show checked items on the packing list”: that list shown, never a list called “checked items …”", arguments: [
        "show checked items on the packing list", "show me only unchecked items on the packing list",
    ])
    func showChecked(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix("Packing for Lisbon"), "\(text): \(turn.response)")
    }

    @Test("“merge the hardware store list into the pet shop list”: everything on it moved there")
    func merge() throws {
        let turn = try once("merge the hardware store list into the pet shop list")
        #expect(turn.intent == "MoveTasks", "\(turn.response)")
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try items("Hardware Store").isEmpty)
        #expect(Set(try items("Pet Shop")) == ["dog food", "tape", "nails", "glue"])
    }

    @Test("“take the tape off the hardware list and put it on the gift shop list”: moved, “it” never lost")
    func takeOffAndPutOn() throws {
        let turn = try once("take the tape off the hardware list and put it on the gift shop list")
        #expect(turn.intent == "MoveTasks", "\(turn.response)")
        #expect(try items("Gift Shop") == ["tape"])
        #expect(try items("Hardware Store") == ["nails", "glue"])
    }

    @Test("A list made, then a request naming none: the new list", arguments: [
        ("make a camping list and then add a tent", "Camping", ["tent"]),
        ("create a list called party and add balloons and cake", "Party", ["balloons", "cake"]),
    ])
    func madeThenAdd(text: String, list: String, added: [String]) throws {
        let turn = try inSession(text)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items(list) == added)
    }

    @Test("A name said to make a list carries into no count or place of the next request")
    func madeThenShow() throws {
        let turn = try inSession("create a list called party and show the hardware list")
        #expect(turn.response.hasSuffix("Hardware Store (0 of 3 completed)"), "\(turn.response)")
    }

    @Test("“delete the pet shop list and make a new one called vet”: two requests, the delete asked first")
    func deleteAndMakeNamed() throws {
        let before = try everything()
        let turn = try once("delete the pet shop list and make a new one called vet")
        #expect(turn.intent == "DeleteTaskList", "\(turn.response)")
        #expect(turn.state == .confirmation)
        #expect(try everything() == before)
    }

    @Test("Got, bought, packed said alone: the item checked off, asked first; “i've packed …”: at once", arguments: [
        ("got the coffee", "Weekly Groceries: coffee ✓", false), ("bought milk and butter", "Weekly Groceries: milk ✓", false),
        ("i've packed the charger", "Packing for Lisbon: charger ✓", true),
    ])
    func gotItem(text: String, checked: String, atOnce: Bool) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SetTaskAttribute", "\(text): \(turn.response)")
        if atOnce {
            #expect(turn.state == .completed, "\(text): \(turn.response)")
            #expect(try everything().contains(checked))
        } else {
            #expect(turn.state == .confirmation, "\(text): \(turn.response)")
            #expect(try everything() == before)
        }
    }

    @Test("“we don't need the dog food”, “take off dog food”: off the list holding it", arguments: [
        "we don't need the dog food", "take off dog food", "i don't need to buy dog food",
    ])
    func dontNeed(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "DeleteTasks", "\(text): \(turn.response)")
        #expect(try items("Pet Shop").isEmpty, "\(text): \(turn.response)")
    }

    @Test("“i don't need the hardware list”: the list, asked first; “no more coffee on …”: asked first", arguments: [
        ("i dont need the hardware list", "DeleteTaskList"), ("no more coffee on the grocery list", "DeleteTasks"),
    ])
    func dontNeedAsked(text: String, intent: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == intent, "\(text): \(turn.response)")
        #expect(turn.state == .confirmation, "\(text): \(turn.response)")
        #expect(try everything() == before)
    }
}

