import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// A new list said as a "checklist" or as a name alone ("my new X list"), verbs that remove,
/// "clear all from L" (remove) against "clear the checks" (reset), the app opened before a
/// request, names cut at a function word ("the schedules of the list"), an item that is only
/// a word for "list", a sentence inside that has fewer template words than the whole, and a
/// second request after a list name cut at "and".
@Suite("Checklists, names cut at a function word, the app opened first")
struct ChecklistsAndCutNamesTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try Self.threeShopsAndPacking()
        assistant = try Assistant.shared("en")
    }

    @Test("“create a camping checklist”: a checklist is a list", arguments: [
        ("create camping checklist", "Camping"), ("start a beach checklist", "Beach"),
        ("make me a party checklist", "Party"), ("set up a new checklist called Moving", "Moving"),
    ])
    func checklist(text: String, name: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "CreateTaskList", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try store.lists().map(\.name).contains(name), "\(text): \(turn.response)")
    }

    @Test("“my new beach list” alone is a new list, asked first", arguments: [
        "my new beach list", "our new beach checklist",
    ])
    func newListSaidAsAName(text: String) throws {
        let before = try store.lists().map(\.name)
        var conversation = Conversation()
        let domain = try assistant.domain(store)
        let turn = conversation.receive(.utterance(text), engine: assistant.engine, domain: domain)
        #expect(turn.intent == "CreateTaskList", "\(text): \(turn.response)")
        #expect(turn.state == .confirmation, "\(text): \(turn.response)")
        #expect(try store.lists().map(\.name) == before)
        let yes = conversation.receive(.yes, engine: assistant.engine, domain: try assistant.domain(store))
        #expect(yes.state == .completed, "\(yes.response)")
        #expect(try store.lists().map(\.name) == before + ["Beach"])
    }

    @Test("“add list of X” makes a list of X", arguments: [
        "please add list of camping gear", "add a list of camping gear",
    ])
    func addAListOf(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "CreateTaskList", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try store.lists().map(\.name).last == "Camping gear")
    }

    @Test("“eliminate”, “abolish” remove an item", arguments: [
        "eliminate the glue from the hardware list", "abolish glue from my hardware store list",
    ])
    func removeVerbs(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "DeleteTasks", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items("Hardware Store") == ["tape", "nails"])
    }

    @Test("An item that is only a word for “list” is no item: asked, nothing removed", arguments: [
        "remove an item from list", "get rid of something from the list", "delete an entry from my list",
    ])
    func noItemButAList(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "DeleteTasks", "\(text): \(turn.response)")
        #expect(turn.state == .needsValue, "\(text): \(turn.response)")
        #expect(!turn.response.lowercased().contains("from list"), "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“clear all from L” removes everything (asked); “clear the checks on L” unchecks")
    func clearAllAgainstClearTheChecks() throws {
        let before = try everything()
        let clear = try once("clear all from my hardware list")
        #expect(clear.intent == "DeleteTasks", "\(clear.response)")
        #expect(clear.state == .confirmation, "\(clear.response)")
        #expect(try everything() == before)
        let checks = try once("clear all the check marks on the packing list")
        #expect(checks.intent == "ResetList", "\(checks.response)")
        #expect(checks.state == .completed, "\(checks.response)")
        #expect(try store.items(in: .name("Packing for Lisbon")).filter(\.done).isEmpty)
    }

    @Test("“open the app and …”: the request after it", arguments: [
        ("open the app and show me the pet shop list", "Pet Shop"),
        ("could you open my list app and check the hardware store list please", "Hardware Store"),
    ])
    func appOpenedFirst(text: String, list: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response.contains(list), "\(text): \(turn.response)")
    }

    @Test("A list name cut at a function word names nothing: which list is asked", arguments: [
        ("read out the things of the list", "SearchForNotebookItems"),
        ("delete any sort of list", "DeleteTaskList"),
        ("remove this list from the others", "DeleteTaskList"),
    ])
    func cutName(text: String, intent: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == intent, "\(text): \(turn.response)")
        #expect(turn.state == .needsValue, "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("A single word stays for the name matcher: “my hardware list”, and a list not there is not found")
    func singleWordsStay() throws {
        let found = try once("what's on my hardware list")
        #expect(found.state == .completed, "\(found.response)")
        let missing = try once("show the garage list")
        #expect(missing.state == .unsupported, "\(missing.response)")
        // A name people give such lists, though its words are function words: not found, said so.
        let toDo = try once("what's next on my to do list")
        #expect(toDo.state == .unsupported, "\(toDo.response)")
        #expect(toDo.response.contains("“to do”"), "\(toDo.response)")
    }

    @Test("An add whose list is said oddly stays an add: no “{list} list” read inside it")
    func addStaysAnAdd() throws {
        let before = try everything()
        let turn = try once("add eggs to my pet's shop list")
        #expect(turn.intent == "AddTasks", "\(turn.response)")
        if turn.state == .completed {
            #expect(try items("Pet Shop") == ["dog food", "eggs"], "\(turn.response)")
        } else {
            #expect(try everything() == before)
        }
    }

    @Test("“take X off and add Y”: both, on the list the first one was on")
    func secondRequestAfterACutName() throws {
        let turn = try inSession("take the glue off and add rope")
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try items("Hardware Store") == ["tape", "nails", "rope"], "\(turn.response)")
    }

    @Test("No list said, the item on one list and open: that list, nothing changes", arguments: [
        "we're out of coffee", "need more tape", "add the dog food", "get some more coffee", "grab the tape",
    ])
    func itemThereAlready(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "AddTasks", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response.contains("already on"), "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("No list said, the item checked off on one list: putting it back is asked first")
    func itemCheckedOffAlready() throws {
        var conversation = Conversation()
        let turn = conversation.receive(.utterance("actually we still need the passport"), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(turn.intent == "AddTasks", "\(turn.response)")
        #expect(turn.state == .confirmation, "\(turn.response)")
        #expect(turn.response.contains("Packing for Lisbon"), "\(turn.response)")
        #expect(try store.items(in: .name("Packing for Lisbon")).first { $0.name == "passport" }?.done == true)
        let yes = conversation.receive(.yes, engine: assistant.engine, domain: try assistant.domain(store))
        #expect(yes.state == .completed, "\(yes.response)")
        #expect(try store.items(in: .name("Packing for Lisbon")).first { $0.name == "passport" }?.done == false)
    }

    @Test("Items the person has said side by side without “and” are read apart, asked first", arguments: [
        ("add milk butter and rice to the grocery list", "AddTasks"),
        ("take tape nails off the hardware list", "DeleteTasks"),
    ])
    func itemsSideBySide(text: String, intent: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == intent, "\(text): \(turn.response)")
        #expect(turn.state == .confirmation, "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“Add milk butter and rice”: a yes adds what is new")
    func itemsSideBySideYes() throws {
        var conversation = Conversation()
        _ = conversation.receive(.utterance("add milk butter and rice to the grocery list"), engine: assistant.engine, domain: try assistant.domain(store))
        let yes = conversation.receive(.yes, engine: assistant.engine, domain: try assistant.domain(store))
        #expect(yes.state == .completed, "\(yes.response)")
        #expect(try items("Weekly Groceries") == ["milk", "butter", "coffee", "rice"])
    }

    @Test("A name that is not two of the person's items stays one item")
    func oneItemStaysOne() throws {
        let turn = try once("add chocolate milk to the grocery list")
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try items("Weekly Groceries").last == "chocolate milk")
    }

    @Test("Another name of the same kind of list, held inside the person's names: a menu of those, nothing changes", arguments: [
        "what's on my shopping list", "put eggs on my shopping list",
    ])
    func sameKindHeldInside(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.state == .disambiguation, "\(text): \(turn.response)")
        #expect(Set(turn.options) == ["Hardware Store", "Weekly Groceries"],
                "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“am I missing anything on L”: what is left on L", arguments: [
        "am i missing anything on the packing list", "did we forget something for the packing list",
    ])
    func missingAnything(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response.contains("2 of 3 items left"), "\(text): \(turn.response)")
    }

    @Test("“undo the last two changes” undoes two; “redo 2 changes” brings both back; more than there are undoes what there is")
    func severalUndos() throws {
        try store.addItems(["rope"], to: .name("Hardware Store"))
        try store.addItems(["rice"], to: .name("Weekly Groceries"))
        let undo = try once("undo the last two changes")
        #expect(undo.state == .completed, "\(undo.response)")
        #expect(undo.response == "Undid 2 changes: added rice to Weekly Groceries; added rope to Hardware Store.")
        #expect(try items("Hardware Store") == ["tape", "nails", "glue"])
        #expect(try items("Weekly Groceries") == ["milk", "butter", "coffee"])
        let redo = try once("redo 2 changes")
        #expect(redo.response == "Redid 2 changes: added rope to Hardware Store; added rice to Weekly Groceries.")
        #expect(try items("Weekly Groceries").last == "rice")
    }

    @Test("A number of steps that is no number, or too many, is asked again; nothing is undone", arguments: [
        "undo the last few changes", "undo 50 steps",
    ])
    func stepsNotANumber(text: String) throws {
        try store.addItems(["rope"], to: .name("Hardware Store"))
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "UndoChange", "\(text): \(turn.response)")
        #expect(turn.state == .unsupported, "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“I called mom”: a thing done, said in the past, checked off only after a yes", arguments: [
        ("i called mom", "call mom"), ("we paid the rent", "pay rent"), ("i finally watered the plants", "water the plants"),
    ])
    func doneInThePast(text: String, item: String) throws {
        try store.createList(named: "To Do", items: ["call mom", "pay rent", "water the plants"])
        let before = try everything()
        var conversation = Conversation()
        var turn = conversation.receive(.utterance(text), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(turn.intent == "SetTaskAttribute", "\(text): \(turn.response)")
        var yeses = 0
        while turn.state == .confirmation, yeses < 3 {
            #expect(try everything() == before, "\(text): changed before a yes")
            turn = conversation.receive(.yes, engine: assistant.engine, domain: try assistant.domain(store))
            yeses += 1
        }
        #expect(yeses >= 1, "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try store.items(in: .name("To Do")).first { $0.name == item }?.done == true, "\(text): \(turn.response)")
    }

    @Test("“How many tasks do I have left” with no list named: which list is asked, never “left” looked for")
    func howManyLeftNoList() throws {
        let turn = try once("how many tasks do i have left")
        #expect(turn.intent == "SearchForNotebookItems", "\(turn.response)")
        #expect(turn.state == .needsValue, "\(turn.response)")
    }

    @Test("“Add rope to hardware store and pet shop”: added to both, never the first alone", arguments: [
        "add rope to hardware store and pet shop", "put rope on the hardware store list and the pet shop list",
    ])
    func toEachOfTwoLists(text: String) throws {
        let turn = try inSession(text)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items("Hardware Store").last == "rope", "\(text): \(turn.response)")
        #expect(try items("Pet Shop").last == "rope", "\(text): \(turn.response)")
    }

    @Test("A name of theirs with “and” inside stays one name")
    func nameWithAndInside() throws {
        try store.createList(named: "Bed and Bath", items: [])
        try store.createList(named: "Bath", items: [])
        let turn = try once("add towels to bed and bath")
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try items("Bed and Bath") == ["towels"])
        #expect(try items("Bath").isEmpty)
    }

    @Test("Questions with “already” or “yet” look for the thing itself, never “milk already”", arguments: [
        ("is milk already on the list", "Yes: milk is on Weekly Groceries"), ("is the tape on my lists yet", "Yes: tape is on Hardware Store"),
    ])
    func alreadyAndYet(text: String, answer: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix(answer), "\(text): \(turn.response)")
    }

    @Test("“Which tasks are done”, “did I finish everything on L”: questions, never a change", arguments: [
        "which tasks are done", "list everything i checked off", "did i finish everything on the packing list",
        "which items have been packed on the packing list",
    ])
    func whatIsDone(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“Combine the pet shop and hardware store lists”: everything moved into the second, asked first")
    func combineTwoLists() throws {
        let before = try everything()
        var conversation = Conversation()
        let turn = conversation.receive(.utterance("combine the pet shop and hardware store lists"), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(turn.intent == "MoveTasks", "\(turn.response)")
        #expect(turn.state == .confirmation, "\(turn.response)")
        #expect(try everything() == before)
        let yes = conversation.receive(.yes, engine: assistant.engine, domain: try assistant.domain(store))
        #expect(yes.state == .completed, "\(yes.response)")
        #expect(try items("Hardware Store") == ["tape", "nails", "glue", "dog food"])
    }

    @Test("“Change pet shop to pet supplies” renames the list; “change tape to duct tape” the item")
    func changeBareName() throws {
        let list = try once("change pet shop to pet supplies")
        #expect(list.intent == "RenameTaskList", "\(list.response)")
        #expect(try store.lists().map(\.name).contains("pet supplies"))
        let item = try once("change tape to duct tape")
        #expect(item.intent == "RenameTask", "\(item.response)")
        #expect(try items("Hardware Store").first == "duct tape")
    }

    @Test("More of the same after the list: “add rice to the grocery list and beans” adds both there", arguments: [
        ("add rice to the grocery list and beans", ["milk", "butter", "coffee", "rice", "beans"]),
        ("put rice on the weekly groceries list, oh and also beans", ["milk", "butter", "coffee", "rice", "beans"]),
        ("remove milk from the grocery list and butter", ["coffee"]),
    ])
    func moreOfTheSame(text: String, after: [String]) throws {
        let turn = try inSession(text)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items("Weekly Groceries") == after, "\(text): \(turn.response)")
        #expect(try items("Hardware Store") == ["tape", "nails", "glue"])
    }
}
