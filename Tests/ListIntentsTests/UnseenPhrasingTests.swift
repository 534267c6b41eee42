import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Requests worded as people word them for other assistants: a list to show that is not
/// there (said so, no menu), a time or "my lists" said around a list's name,
/// things not wanted any more, "reload", "count", "done with", and a thing to do said with when.
@Suite("Phrasings from other assistants")
struct UnseenPhrasingTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try Self.threeShops()
        assistant = try Assistant.shared("en")
    }

    @Test("a list to show that is not there is said so, by the name said, with no menu of other lists", arguments: [
        ("what's on my camping gear list", "camping gear"), ("take me to the camping gear list", "camping gear"),
        ("open my recipe book", "recipe book"),
    ])
    func aMissingListToShowIsSaidSo(text: String, said: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.state == .unsupported, "\(text): \(turn.response)")
        #expect(turn.response == "I can't find a list called “\(said)”. Which list should I show?")
        #expect(try everything() == before)
    }

    @Test("a name close to a list is still “did you mean”; a list to delete that is not there is no menu")
    func nearNamesAndDeletesAreNoMenu() throws {
        let near = try once("show me the pet shap list")
        #expect(near.state == .confirmation, "\(near.response)")
        let delete = try once("delete the camping gear list")
        #expect(delete.state == .unsupported, "\(delete.response)")
        #expect(delete.response == "I can't find a list called “camping gear”. Which list should I delete?")
    }

    @Test("with many lists, a list not there is said so without a menu of them all")
    func manyListsNoMenu() throws {
        for name in ["Books", "Films", "Gifts", "Chores"] { try store.createList(named: name, items: []) }
        let turn = try once("what's on my camping gear list")
        #expect(turn.state == .unsupported)
        #expect(turn.response == "I can't find a list called “camping gear”. Which list should I show?")
    }

    @Test("a thing not wanted any more comes off the list holding it, or the list said", arguments: [
        ("we don't want glue anymore", "Hardware Store: glue"), ("i do not want coffee on the weekly groceries list", "Weekly Groceries: coffee"),
        ("zap the nails from the hardware store list", "Hardware Store: nails"),
    ])
    func notWantedComesOff(text: String, gone: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "DeleteTasks", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try !everything().contains(gone))
        #expect(try everything().count == 6)
    }

    @Test("reloading, counting, or asking whether a list is there shows it and changes nothing", arguments: [
        "reload the pet shop list and read me what's on it", "refresh the hardware store list and tell me whats on it",
        "count the items on my hardware store list", "we do have a pet shop list, don't we",
    ])
    func readingStaysReading(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“we're finished with the list” asks before anything comes off")
    func finishedWithAList() throws {
        let before = try everything()
        let turn = try once("we're finished with the hardware store list")
        #expect(turn.intent == "DeleteTasks")
        #expect(turn.state == .confirmation, "\(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“my lists”, “my saved lists” around a list's name are no list: the list named is deleted, asked first", arguments: [
        "get rid of the pet shop list from my saved lists", "delete the pet shop list from all my lists",
    ])
    func myListsAreNoList(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "DeleteTaskList", "\(text): \(turn.response)")
        #expect(turn.state == .confirmation, "\(text): \(turn.response)")
        #expect(turn.response == "Delete Pet Shop and its 1 item?")
    }

    @Test("a list said by when it was made, or a new list with no name, is asked about", arguments: [
        ("delete the list i made this morning", "DeleteTaskList", "Which list should I delete?"),
        ("whip up a new list", "CreateTaskList", "What should the new list be called?"),
        ("pick up stamps after work", "AddTasks", "Which list should I add stamps to?"),
    ])
    func askedAbout(text: String, intent: String, question: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == intent, "\(text): \(turn.response)")
        #expect(turn.state == .needsValue, "\(text): \(turn.response)")
        #expect(turn.response == question)
        #expect(try everything() == before)
    }

    @Test("“for now”, “for the time being” after a request are no part of a list's name")
    func forNowIsNoName() throws {
        let turn = try once("what's on the pet shop list for the time being")
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(turn.response.hasPrefix("Pet Shop"))
    }

    @Test("checking off a thing the list lacks offers its few open items; a pick checks that one off")
    func checkingOffSomethingNotThere() throws {
        var conversation = Conversation()
        let domain = try assistant.domain(store)
        let turn = conversation.receive(.utterance("cross sandpaper off the hardware store list"), engine: assistant.engine, domain: domain)
        #expect(turn.state == .disambiguation, "\(turn.response)")
        #expect(turn.response == "Hardware Store has no item “sandpaper”. Which item should I check off: tape, nails or glue?")
        #expect(try everything().allSatisfy { !$0.hasSuffix("✓") })
        let done = conversation.receive(.utterance("nails"), engine: assistant.engine, domain: domain)
        #expect(done.state == .completed, "\(done.response)")
        #expect(try everything().contains("Hardware Store: nails ✓"))
    }

    @Test("on a list of many items, a thing it lacks is said so, without a menu")
    func checkingOffOnALongList() throws {
        try store.addItems(["screws", "hinges", "paint", "brushes"], to: .name("Hardware Store"))
        let turn = try once("cross sandpaper off the hardware store list")
        #expect(turn.state == .unsupported)
        #expect(turn.response == "Hardware Store has no item “sandpaper”. Which item?")
    }

    @Test("what has run out goes on the list said, as the thing itself", arguments: [
        "we ran out of cat litter so put it on the pet shop list", "i don't have any more cat litter, add that to the pet shop list",
    ])
    func ranOutGoesOnTheList(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "AddTasks", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try everything().contains("Pet Shop: cat litter"), "\(text)")
    }

    @Test("“I finished it, so cross it off” checks off the thing said first", arguments: [
        "we just finished the glue so tick it off the hardware store list", "i got done with the nails, so cross them off my hardware store list",
    ])
    func finishedSoCrossItOff(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SetTaskAttribute", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try everything().filter { $0.hasSuffix("✓") }.count == 1, "\(text)")
    }

    @Test("an add “if we haven't already” is asked first")
    func addIfNotAlreadyAsks() throws {
        let before = try everything()
        let turn = try once("would you be willing to add stamps to the hardware store list if we haven't already")
        #expect(turn.intent == "AddTasks", "\(turn.response)")
        #expect(turn.state == .confirmation, "\(turn.response)")
        #expect(try everything() == before)
    }

    @Test("a list “put together” is made under its name; one the person has is added to")
    func puttingTogetherAList() throws {
        let made = try once("we need to put together a camping list for the weekend")
        #expect(made.intent == "CreateTaskList", "\(made.response)")
        #expect(made.state == .completed, "\(made.response)")
        #expect(try store.lists().map(\.name).contains("Camping"))
        let there = try once("i need to put together a pet shop list for work")
        #expect(there.state == .needsValue)
        #expect(there.response == "You already have a Pet Shop list. What should I add to it?")
    }

    @Test("“say all the items for today” reads a list, asking which")
    func sayTheItems() throws {
        let before = try everything()
        let turn = try once("say all the items for today")
        #expect(turn.intent == "SearchForNotebookItems", "\(turn.response)")
        #expect(turn.state == .needsValue, "\(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“note that i need to …” adds the thing to do, never a list named by its end", arguments: [
        ("note that i need to phone the vet", "phone the vet"), ("jot down that we have to buy sandpaper", "sandpaper"),
    ])
    func aNoteIsTheThingToDo(text: String, thing: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "AddTasks", "\(text): \(turn.response)")
        #expect(turn.response == "Which list should I add \(thing) to?", "\(text)")
        #expect(try everything() == before)
    }

    @Test("a time said after a list to clear is no part of its name", arguments: [
        "clear my pet shop list for next week", "empty the hardware store list for this weekend",
    ])
    func aTimeAfterAListToClear(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "DeleteTasks", "\(text): \(turn.response)")
        #expect(turn.state == .confirmation, "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix("Remove "), "\(text): \(turn.response)")
        #expect(!turn.response.contains("week"), "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“any changes to the list?” shows it, never offers an add", arguments: [
        ("any updates to my pet shop list", "Pet Shop"), ("were there any changes to the hardware store list", "Hardware Store"),
    ])
    func anyChangesShowsTheList(text: String, list: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix(list), "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“check if i've added …” looks the thing up, never checks it off or names a list by it", arguments: [
        ("check if i've put glue on the hardware store list", "glue"), ("see whether we've added dog food to the pet shop list", "dog food"),
    ])
    func checkIfIveAddedLooks(text: String, thing: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix("Yes: \(thing)"), "\(text): \(turn.response)")
        #expect(try everything() == before)
    }
}
