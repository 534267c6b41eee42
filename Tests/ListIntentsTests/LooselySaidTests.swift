import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Requests said loosely, as people say them to a phone: a question about what is left
/// ("what needs to be done") stays a question, "check" looks before it ticks ("check what I
/// have on my hardware list", "check for tape"), the list said first ("hardware store add
/// rope"), a reminder said without "a", a new list opened, built or compiled, and words
/// around a request that name nothing ("create a new list on my phone") never name a list.
@Suite("Requests said loosely")
struct LooselySaidTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try Self.threeShopsAndPacking()
        assistant = try Assistant.shared("en")
    }

    @Test("a question about what is left or what to get is answered, never read as a change", arguments: [
        "what needs to be done",
        "what's not done yet",
        "show me what i need to buy",
        "what should i buy",
        "what still has to be packed",
        "show completed tasks",
        "check what's left",
        "items to be done",
        "the things not done",
        "unchecked items",
        "check to see what's on my packing list",
        "the full list please",
        "complete list of hardware store",
    ])
    func whatIsLeft(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.intent ?? "none") \(turn.response)")
        #expect(turn.parameters.first { $0.name == "content" }?.values ?? [] == [], "\(text): \(turn.parameters)")
        #expect(try everything() == before)
    }

    @Test("with the list named, what is left on it is answered", arguments: [
        ("what still needs to be bought at the hardware store", "Hardware Store"),
        ("what's not done yet on the hardware list", "Hardware Store"),
    ])
    func whatIsLeftOnAList(text: String, list: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems" && turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix("\(list):"), "\(text): \(turn.response)")
    }

    @Test("“check” looks at a list, or for a thing, and ticks nothing off", arguments: [
        ("check what i have on my hardware list", "Hardware Store", nil),
        ("check up on the pet shop list", "Pet Shop", nil),
        ("check the hardware list for today", "Hardware Store", nil),
        ("check for the pet shop list", "Pet Shop", nil),
        ("check for tape", nil, "tape"),
    ] as [(String, String?, String?)])
    func checkLooks(text: String, list: String?, thing: String?) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems" && turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.parameters.first { $0.name == "content" }?.values ?? [] == (thing.map { [$0] } ?? []), "\(text): \(turn.parameters)")
        if let list { #expect(turn.response.hasPrefix(list), "\(text): \(turn.response)") }
        if thing != nil { #expect(turn.response.contains("Hardware Store"), "\(text): \(turn.response)") }
        #expect(try everything() == before)
    }

    @Test("a name said in the plural is the list of that name", arguments: [
        ("pet shops", "Pet Shop"),
        ("check for pet shops", "Pet Shop"),
    ])
    func pluralName(text: String, list: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems" && turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix(list), "\(text): \(turn.response)")
    }

    @Test("what to add is found however the add is said", arguments: [
        ("hardware store add rope", "Hardware Store", "rope"),
        ("change my hardware list to add rope", "Hardware Store", "rope"),
        ("add a new list item treats to the pet shop list", "Pet Shop", "treats"),
    ])
    func addSaidLoosely(text: String, list: String, item: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "AddTasks" && turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items(list).contains(item), "\(text): \(turn.response)")
        #expect(try store.lists().map(\.name) == ["Hardware Store", "Weekly Groceries", "Pet Shop", "Packing for Lisbon"])
    }

    @Test("a thing to do said after “reminder” or “note down to” is the item; its list is asked", arguments: [
        "add reminder to call the vet",
        "set reminder to call the vet",
        "can you note down to call the vet",
        "add to my list to call the vet",
    ])
    func thingToDo(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "AddTasks" && turn.state == .needsValue, "\(text): \(turn.response)")
        #expect(turn.parameters.first { $0.name == "taskTitles" }?.values == ["call the vet"], "\(text): \(turn.parameters)")
        #expect(try everything() == before)
    }

    @Test("a new list opened, built or compiled is made with the name said", arguments: [
        ("open a new list called trip", "Trip"),
        ("compile a list of books to read", "Books to read"),
        ("build a list for the garage sale", "Garage sale"),
        ("add new list gardening", "Gardening"),
    ])
    func newList(text: String, name: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "CreateTaskList" && turn.state == .completed, "\(text): \(turn.response)")
        #expect(try store.lists().map(\.name).contains(name), "\(text): \(turn.response)")
    }

    @Test("words around a new list that name nothing: the name is asked", arguments: [
        "create a new list on my phone",
        "create a new list called",
        "make a new list now",
    ])
    func noName(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "CreateTaskList" && turn.state == .needsValue, "\(text): \(turn.response)")
        #expect(try store.lists().count == 4, "\(text): \(turn.response)")
    }

    @Test("what was done and is then taken off, or cancelled by name, is removed", arguments: [
        ("i've done the tape, remove it from the hardware list", "Hardware Store", "tape"),
        ("we already bought the glue so take it off the list", "Hardware Store", "glue"),
        ("cancel the dog food", "Pet Shop", "dog food"),
    ])
    func removedAfterSaying(text: String, list: String, item: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "DeleteTasks" && turn.state == .completed, "\(text): \(turn.response)")
        #expect(try !items(list).contains(item), "\(text): \(turn.response)")
        #expect(try store.lists().count == 4)
    }

    @Test("“remove what I've checked off” clears the checked items, after asking which list", arguments: [
        "remove everything i've checked off",
        "delete the items we already bought",
    ])
    func removeWhatIsChecked(text: String) throws {
        var conversation = Conversation()
        let domain = try assistant.domain(store)
        let asked = conversation.receive(.utterance(text), engine: assistant.engine, domain: domain)
        #expect(asked.intent == "DeleteTasks" && asked.state == .needsValue, "\(text): \(asked.response)")
        let done = conversation.receive(.utterance("packing for lisbon"), engine: assistant.engine, domain: domain)
        #expect(done.state == .completed, "\(text): \(done.response)")
        #expect(try items("Packing for Lisbon") == ["sunscreen", "charger"], "\(text): \(done.response)")
    }

    @Test("“cancel that” with nothing asked cancels nothing and deletes nothing", arguments: ["cancel that", "cancel it", "forget about it"])
    func cancelThat(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == nil, "\(text): \(turn.response)")
        #expect(try everything() == before && store.lists().count == 4)
    }

    @Test("a time said after the thing is no list to create", arguments: [
        ("i need to get dog food at 6pm", "dog food at 6pm"),
        ("buy bread at noon", "bread at noon"),
        ("i need to pick up the kids at 5 pm", "kids at 5 pm"),
        ("remind me to call the vet at 5", "call the vet at 5"),
    ])
    func timeIsNoList(text: String, item: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "AddTasks" && turn.state == .needsValue, "\(text): \(turn.response)")
        #expect(turn.parameters.first { $0.name == "targetTaskList" }?.values ?? [] == [], "\(text): \(turn.parameters)")
        #expect(turn.parameters.first { $0.name == "taskTitles" }?.values == [item], "\(text): \(turn.parameters)")
    }

    @Test("a list the person named with a number is still that list")
    func numberedList() throws {
        try store.createList(named: "2025", items: [])
        let turn = try once("add receipts to 2025")
        #expect(turn.intent == "AddTasks" && turn.state == .completed, "\(turn.response)")
        #expect(try items("2025") == ["receipts"])
    }

    @Test("a short request about lists gets the menu of lists", arguments: ["all lists", "any lists", "list app", "open the list app"])
    func everyList(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems" && turn.state == .disambiguation, "\(text): \(turn.response)")
        #expect(turn.options.count == 4, "\(text): \(turn.response)")
    }

    @Test("“rename my list” asks which list, and renames nothing called “my”", arguments: ["rename my list", "rename a list", "rename list"])
    func renameWhichList(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "RenameTaskList" && turn.state == .needsValue, "\(text): \(turn.response)")
        #expect(turn.parameters.first { $0.name == "taskList" }?.values ?? [] == [], "\(text): \(turn.parameters)")
    }

    @Test("“remove from the list” asks what to remove; it deletes no list", arguments: [
        ("remove from pet shop list", "Pet Shop"),
        ("delete something from the hardware store list", "Hardware Store"),
        ("remove from list", nil),
    ] as [(String, String?)])
    func removeFromList(text: String, list: String?) throws {
        let turn = try once(text)
        #expect(turn.intent == "DeleteTasks" && turn.state == .needsValue, "\(text): \(turn.response)")
        #expect(turn.parameters.first { $0.name == "taskList" }?.values ?? [] == (list.map { [$0] } ?? []), "\(text): \(turn.parameters)")
        #expect(try store.lists().count == 4)
    }

    @Test("“take glue of the list”, typed for “off”, removes it")
    func takeOf() throws {
        let turn = try once("can you take glue of my hardware store list")
        #expect(turn.intent == "DeleteTasks" && turn.state == .completed, "\(turn.response)")
        #expect(try items("Hardware Store") == ["tape", "nails"])
    }

    @Test("“can I see my list” shows it", arguments: [("can i see my pet shop list", "Pet Shop"), ("could we hear the hardware list again", "Hardware Store")])
    func canISee(text: String, list: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems" && turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix(list), "\(text): \(turn.response)")
    }

    @Test("a new list said with what goes on it is made with those", arguments: [
        ("make a camping list, add a tent and a sleeping bag", "Camping", ["tent", "sleeping bag"]),
        ("start a party list and add chips", "Party", ["chips"]),
    ])
    func newListWithItems(text: String, name: String, things: [String]) throws {
        let turn = try once(text)
        #expect(turn.intent == "CreateTaskList" && turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items(name) == things, "\(text): \(turn.response)")
    }

    @Test("said short, an add with nothing named asks for it", arguments: ["new item please", "add reminder", "add a task", "add a note"])
    func shortAdd(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "AddTasks" && turn.state == .needsValue, "\(text): \(turn.response)")
        #expect(turn.parameters.first { $0.name == "taskTitles" }?.values ?? [] == [], "\(text): \(turn.parameters)")
    }

    @Test("“bread needed” adds; “is bread needed?” only looks")
    func needed() throws {
        let asked = try once("is rope needed")
        #expect(asked.intent == "SearchForNotebookItems", "\(asked.response)")
        let turn = try once("rope needed on the hardware list")
        #expect(turn.intent == "AddTasks" && turn.state == .completed, "\(turn.response)")
        let bare = try once("glue needed")
        #expect(bare.intent == "AddTasks" && bare.state == .completed, "\(bare.response)")
        #expect(try items("Hardware Store") == ["tape", "nails", "glue", "rope"])
    }

    @Test("“no longer needed” takes it off; “no more … needed” asks first", arguments: [
        ("glue is no longer needed", true), ("don't need glue", true), ("no more glue needed", false),
    ])
    func noLongerNeeded(text: String, atOnce: Bool) throws {
        let turn = try once(text)
        #expect(turn.intent == "DeleteTasks" && turn.state == (atOnce ? .completed : .confirmation), "\(text): \(turn.response)")
        #expect(try items("Hardware Store") == (atOnce ? ["tape", "nails"] : ["tape", "nails", "glue"]), "\(text): \(turn.response)")
    }

    @Test("“the pet shop list is no longer needed”, “toss the pet shop list”: deleted after a yes", arguments: [
        "the pet shop list is no longer needed", "toss the pet shop list", "nix the pet shop list",
    ])
    func listNoLongerNeeded(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "DeleteTaskList" && turn.state == .confirmation, "\(text): \(turn.response)")
        #expect(try store.lists().count == 4)
    }

    @Test("“I need another list”: its name is asked", arguments: ["i need another list", "one more list please"])
    func anotherList(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "CreateTaskList" && turn.state == .needsValue, "\(text): \(turn.response)")
    }

    @Test("“get me rope”, “put rope down”: rope, not “me rope” or “rope down”", arguments: ["get me rope", "put rope down on the hardware list"])
    func getMe(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "AddTasks", "\(text): \(turn.response)")
        #expect(turn.parameters.first { $0.name == "taskTitles" }?.values == ["rope"], "\(text): \(turn.parameters)")
    }

    @Test("“mark my list” unchecks nothing called “my”")
    func markMyList() throws {
        let before = try everything()
        let turn = try once("mark my packing list")
        #expect(turn.intent != "SetTaskAttribute" || turn.state != .completed, "\(turn.response)")
        #expect(try everything() == before)
    }

    @Test("a list and a question whether things are done is titled by the list")
    func titleOfAPartlyNamedRequest() throws {
        let request = IntentRequest(intent: "SearchForNotebookItems", parameters: [
            "title": [.unresolved(.spoken("Packing for Lisbon"))], "askedDone": [.unresolved(.spoken("checked"))],
        ])
        #expect(assistant.engine.title(request) == "Show Packing for Lisbon")
    }

    @Test("a question about what is done, or whether a list is done, only looks", arguments: [
        ("is my packing list done", "Packing for Lisbon"),
        ("have i finished the packing list", "Packing for Lisbon"),
        ("what is completed on my packing list", "Packing for Lisbon"),
        ("what did i mark as done on the packing list", "Packing for Lisbon"),
        ("check whether the passport is packed", nil),
        ("check if i have tape", nil),
        ("done tasks", nil),
        ("list for today", nil),
        ("tomorrow's list", nil),
    ] as [(String, String?)])
    func whatIsDone(text: String, list: String?) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.intent ?? "none") \(turn.response)")
        if let list { #expect(turn.response.contains(list), "\(text): \(turn.response)") }
        #expect(try everything() == before)
    }

    @Test("other ways to put a thing on a list keep the thing, never a word of the request", arguments: [
        ("note to self buy rope", "buy rope"),
        ("set a to do to call the vet", "call the vet"),
        ("enter new item rope", "rope"),
        ("make a new task fix the fence", "fix the fence"),
        ("schedule the vet visit on my pet shop list", "vet visit"),
        ("store rope in the hardware list", "rope"),
        ("rope should be on the hardware list", "rope"),
    ])
    func otherWaysToAdd(text: String, item: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "AddTasks", "\(text): \(turn.intent ?? "none") \(turn.response)")
        #expect(turn.parameters.first { $0.name == "taskTitles" }?.values == [item], "\(text): \(turn.parameters)")
        if turn.state != .completed { #expect(try everything() == before) }
    }
}
