import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Families of phrasings rather than single sentences: the list said before the verb, a word
/// for "item" before the item, a question about an item asked without "is", other verbs for
/// changing a list, words that say which list without naming one, every list asked for in other
/// words, and how much said after a delete.
@Suite("Families of phrasings")
struct PhrasingFamiliesTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try Self.threeShops()
        assistant = try Assistant.shared("en")
    }

    @Test("the list said first, then what comes off: removed from that list", arguments: [
        ("from the hardware store list remove glue", "Hardware Store: glue"),
        ("hardware store list delete the nails", "Hardware Store: nails"),
        ("on the pet shop list take off dog food", "Pet Shop: dog food"),
        ("clear the glue off the hardware store list", "Hardware Store: glue"),
        ("pull coffee out of the weekly groceries list", "Weekly Groceries: coffee"),
        ("remove the item glue from the hardware store list", "Hardware Store: glue"),
        ("delete the task nails", "Hardware Store: nails"),
    ])
    func listFirstRemoves(text: String, gone: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "DeleteTasks", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try !everything().contains(gone), "\(text)")
        #expect(try everything().count == 6, "\(text)")
    }

    @Test("the list said first, then what is checked off: checked off, not removed", arguments: [
        ("weekly groceries list cross off milk", "Weekly Groceries: milk ✓"),
        ("on my hardware list check off tape", "Hardware Store: tape ✓"),
    ])
    func listFirstChecksOff(text: String, done: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SetTaskAttribute", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try everything().contains(done), "\(text)")
        #expect(try everything().count == 7)
    }

    @Test("a question about an item, in many wordings, is answered and changes nothing", arguments: [
        ("any tape on the hardware store list", "tape"), ("got any butter on the weekly groceries list", "butter"),
        ("check if nails are on my hardware list", "nails"),
        ("check whether there is glue on the hardware store list", "glue"),
        ("see if coffee is on any of my lists", "coffee"), ("did i list glue", "glue"),
        ("have we listed butter on the weekly groceries", "butter"),
        ("check the hardware store list for glue", "glue"), ("look for dog food on the pet shop list", "dog food"),
        ("i think i put coffee on the weekly groceries list", "coffee"),
    ])
    func itemQuestionsStayQuestions(text: String, item: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.parameters.first { $0.name == "content" }?.values == [item], "\(text)")
        #expect(try everything() == before)
    }

    @Test("other verbs for changing a list ask what to add to it", arguments: [
        ("edit my pet shop list", "Pet Shop"), ("modify the hardware store list", "Hardware Store"),
        ("i want to change the weekly groceries list", "Weekly Groceries"), ("revise my pet shop list", "Pet Shop"),
    ])
    func changingAListAsksWhatToAdd(text: String, list: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "AddTasks", "\(text): \(turn.response)")
        #expect(turn.state == .needsValue, "\(text): \(turn.response)")
        #expect(turn.response == "What should I add to \(list)?")
        #expect(try everything() == before)
    }

    @Test("a new task said with a word for it: the words after are the task, and an empty one is asked for", arguments: [
        ("add a task to call the vet to the pet shop list", "call the vet"),
        ("new task call the plumber", "call the plumber"), ("make a note to call the plumber", "call the plumber"),
    ])
    func aWordForTheTask(text: String, task: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "AddTasks", "\(text): \(turn.response)")
        #expect(turn.parameters.first { $0.name == "taskTitles" }?.values == [task], "\(text)")
        for bare in ["add a task", "add a new reminder"] {
            let asked = try once(bare)
            #expect(asked.state == .needsValue, "\(bare): \(asked.response)")
            #expect(asked.parameters.first { $0.name == "taskTitles" }?.values.isEmpty ?? true, "\(bare)")
        }
    }

    @Test("words that say which list without naming one ask which list, never “can't find”", arguments: [
        "what's on my usual list", "show me the regular checklist", "read my default list",
    ])
    func vagueListWordsAsk(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .disambiguation, "\(text): \(turn.response)")
    }

    @Test("a list of the person's own keeps the words those rules set aside", arguments: [
        ("add yoga to daily tasks", "Daily Tasks: yoga"), ("add eggs to the weekly groceries list", "Weekly Groceries: eggs"),
    ])
    func ownNamesStayWhole(text: String, added: String) throws {
        try store.createList(named: "Daily Tasks", items: [])
        let turn = try once(text)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try everything().contains(added), "\(text)")
    }

    @Test("every list, asked for in other words, is the menu of lists", arguments: [
        "show me my saved lists", "are there any lists", "display the names of my lists", "what lists do you have",
    ])
    func everyListInOtherWords(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.options.sorted() == ["Hardware Store", "Pet Shop", "Weekly Groceries"], "\(text): \(turn.response)")
    }

    @Test("what is on a list, asked without its name, asks which list", arguments: [
        "what are the items", "list out all items", "show pending items",
    ])
    func itemsWithoutAList(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect([.needsValue, .disambiguation].contains(turn.state), "\(text): \(turn.response)")
    }

    @Test("details, a count or what is pending of a named list show it", arguments: [
        "give me the details of the hardware store list", "how many items does the hardware store list have",
        "show pending items on the hardware store list",
    ])
    func namedListDetailsShowIt(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.parameters.first { $0.name == "title" }?.values == ["Hardware Store"], "\(text)")
    }

    @Test("two requests that no sentence reads whole are each done in turn, the second on the first's list")
    func twoRequestsNothingReadsWhole() throws {
        let session = AssistantSession(assistant: assistant, store: store, source: "assistant",
                                       donations: DonationLog(store: store, timing: .now))
        var conversation = Conversation()
        let turn = try session.receive(.utterance("start a garden list and then put seeds on it"), in: &conversation)
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try store.items(in: .name("Garden")).map(\.name) == ["seeds"])
    }

    @Test("how much is deleted, said after the list, is no part of its name", arguments: [
        "delete the pet shop list completely", "remove the pet shop list entirely", "trash the pet shop list for good",
    ])
    func howMuchAfterADelete(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "DeleteTaskList", "\(text): \(turn.response)")
        #expect(turn.state == .confirmation, "\(text): \(turn.response)")
        #expect(try everything() == before)
    }
}
