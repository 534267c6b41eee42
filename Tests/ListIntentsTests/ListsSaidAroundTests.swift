import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// A list said with words around its name ("the list for lisbon", "my grocery list from last
/// week", "what's next on …"), a copy given a name, "unpack", and what a person says that asks
/// for nothing ("thanks", "hello", "never mind").
@Suite("Lists said with words around them, copies with a name, small talk")
struct ListsSaidAroundTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try Self.threeShopsAndPacking()
        assistant = try Assistant.shared("en")
    }

    @Test("“the list for lisbon”: the list whose name holds the words after “for”", arguments: [
        ("show me the list for lisbon", "Packing for Lisbon"), ("what's on the list for hardware", "Hardware Store"),
        ("open the list for the pet shop", "Pet Shop"),
    ])
    func listFor(text: String, list: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix(list), "\(text): \(turn.response)")
    }

    @Test("“delete list for groceries”: that list, asked first; nothing deleted yet")
    func deleteListFor() throws {
        let before = try everything()
        let turn = try once("delete list for groceries")
        #expect(turn.intent == "DeleteTaskList")
        #expect(turn.state == .confirmation, "\(turn.response)")
        #expect(turn.response == "Delete Weekly Groceries and its 3 items?")
        #expect(try everything() == before)
    }

    @Test("A time after a list is no part of it, and no list of its own", arguments: [
        ("delete my grocery list from last week", "DeleteTaskList", "Delete Weekly Groceries and its 3 items?"),
        ("delete the old hardware list from yesterday", "DeleteTaskList", "Delete Hardware Store and its 3 items?"),
        ("show me my pet shop list from last week", "SearchForNotebookItems", "Pet Shop (0 of 1 completed)"),
        ("what was on my pet shop list last week", "SearchForNotebookItems", "Pet Shop (0 of 1 completed)"),
    ])
    func timeAfterList(text: String, intent: String, response: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == intent, "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix(response), "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“what's next on …”: the list shown; with no list named, which one is asked", arguments: [
        "what's next on the hardware list", "what comes next on my packing list",
    ])
    func whatsNext(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        let unnamed = try once("what's next on my list")
        #expect(unnamed.intent == "SearchForNotebookItems")
        #expect(unnamed.state == .disambiguation, "\(unnamed.response)")
    }

    @Test("“choose the hardware list”, “select the pet shop list”: shown", arguments: [
        ("choose the hardware list", "Hardware Store"), ("select the pet shop list", "Pet Shop"),
    ])
    func chooseList(text: String, list: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix(list), "\(text): \(turn.response)")
    }

    @Test("“unpack the passport”: unchecked, never added", arguments: [
        "unpack the passport", "unpack passport from the lisbon list",
    ])
    func unpack(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SetTaskAttribute", "\(text): \(turn.response)")
        #expect(turn.response == "Unchecked passport on Packing for Lisbon.")
        #expect(try store.items(in: .name("Packing for Lisbon")).allSatisfy { !$0.done })
    }

    @Test("“change dog food to cat food”: the item renamed on the list holding it", arguments: [
        ("change dog food to cat food", "Pet Shop", "cat food"),
        ("switch milk to oat milk", "Weekly Groceries", "oat milk"),
        ("change glue to super glue on the hardware list", "Hardware Store", "super glue"),
        ("change coffee on the grocery list to decaf", "Weekly Groceries", "decaf"),
    ])
    func changeItem(text: String, list: String, newName: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "RenameTask", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try store.items(in: .name(list)).map(\.name).contains(newName))
    }

    @Test("“change the pet shop list to pets”: the list renamed")
    func changeList() throws {
        let turn = try once("change the pet shop list to pets")
        #expect(turn.intent == "RenameTaskList", "\(turn.response)")
        #expect(turn.response == "Renamed Pet Shop to pets.")
    }

    @Test("“bump milk to the bottom of my groceries”: moved within its list")
    func bump() throws {
        let turn = try once("bump milk to the bottom of my groceries")
        #expect(turn.intent == "MoveTaskToPosition", "\(turn.response)")
        #expect(try store.items(in: .name("Weekly Groceries")).map(\.name) == ["butter", "coffee", "milk"])
    }

    @Test("“empty out the checked stuff on …”: the checked items only")
    func emptyOutChecked() throws {
        let turn = try once("empty out the checked stuff on my packing list")
        #expect(turn.intent == "DeleteTasks", "\(turn.response)")
        #expect(try store.items(in: .name("Packing for Lisbon")).map(\.name) == ["sunscreen", "charger"])
    }

    @Test("“delete the pet shop list and create new”: the delete asked first, then the new list's name", arguments: [
        "delete the pet shop list and create new", "remove the pet shop list and start fresh",
    ])
    func deleteThenNew(text: String) throws {
        var conversation = Conversation()
        let domain = try assistant.domain(store)
        let asked = conversation.receive(.utterance(text), engine: assistant.engine, domain: domain)
        #expect(asked.intent == "DeleteTaskList", "\(text): \(asked.response)")
        #expect(asked.state == .confirmation)
        #expect(try store.lists().map(\.name).contains("Pet Shop"))
        let done = conversation.receive(.yes, engine: assistant.engine, domain: domain)
        #expect(done.state == .completed, "\(done.response)")
        #expect(try !store.lists().map(\.name).contains("Pet Shop"))
        let following = conversation.next(after: done, engine: assistant.engine, domain: try assistant.domain(store))
        let next = try #require(following)
        #expect(next.intent == "CreateTaskList", "\(next.response)")
        #expect(next.response.hasSuffix("What should the new list be called?"), "\(next.response)")
    }

    @Test("“put rope on a new camping list”: the list made with the item; a list there already is added to", arguments: [
        ("put rope on a new camping list", "Camping"), ("add a saw to a new hardware store list", "Hardware Store"),
    ])
    func onANewList(text: String, list: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "CreateTaskList", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try store.lists().filter { $0.name == list }.count == 1)
        #expect(try store.items(in: .name(list)).contains { $0.name == "rope" || $0.name == "saw" })
    }

    @Test("A copy with the name said: made at once under that name, its items unchecked", arguments: [
        ("copy the pet shop list and call it pets 2", "Pet Shop", "Pets 2"),
        ("duplicate hardware store as tools", "Hardware Store", "Tools"),
        ("make a copy of the packing list called vet visit", "Packing for Lisbon", "Vet visit"),
        ("clone my pet shop list into a new list called Cat Things", "Pet Shop", "Cat Things"),
    ])
    func copyNamed(text: String, source: String, name: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "CopyList", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response == "Copied \(source) to \(name).")
        let copy = try store.items(in: .name(name))
        #expect(copy.map(\.name) == (try store.items(in: .name(source))).map(\.name))
        #expect(copy.allSatisfy { !$0.done })
    }

    @Test("A copy named as another list: refused, the name asked again; nothing copied", arguments: [
        "copy pet shop to the hardware store list", "copy the pet shop list as weekly groceries",
    ])
    func copyNamedAsAnother(text: String) throws {
        let before = try store.lists().map(\.name)
        let turn = try once(text)
        #expect(turn.intent == "CopyList")
        #expect(turn.state == .unsupported, "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix("There's already a list called"), "\(text): \(turn.response)")
        #expect(turn.response.hasSuffix("What should the copy be called?"))
        #expect(try store.lists().map(\.name) == before)
    }

    @Test("“thanks”, “hello”, “never mind” with nothing asked: answered in kind, nothing done", arguments: [
        ("thanks", "You're welcome."), ("Thank you!", "You're welcome."), ("cheers", "You're welcome."),
        ("hello", "Hello!"), ("hi there", "Hello!"), ("never mind", "OK. There's nothing to cancel."),
    ])
    func smallTalk(text: String, response: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == nil)
        #expect(turn.state == .notUnderstood)
        #expect(turn.response.hasPrefix(response), "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“thanks, …” and “hello, …” before a request are padding")
    func courtesyBeforeRequest() throws {
        let turn = try once("hi, add paint to the hardware list")
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try store.items(in: .name("Hardware Store")).map(\.name).contains("paint"))
        let thanked = try once("thanks, what's on the pet shop list")
        #expect(thanked.intent == "SearchForNotebookItems")
        #expect(thanked.state == .completed)
    }

    @Test("“never mind” while a question waits still cancels it")
    func neverMindCancels() throws {
        var conversation = Conversation()
        let domain = try assistant.domain(store)
        let asked = conversation.receive(.utterance("delete the pet shop list"), engine: assistant.engine, domain: domain)
        #expect(asked.state == .confirmation)
        let turn = conversation.receive(.utterance("never mind"), engine: assistant.engine, domain: domain)
        #expect(turn.response == "OK, cancelled.")
        #expect(try store.lists().map(\.name).contains("Pet Shop"))
    }
}
