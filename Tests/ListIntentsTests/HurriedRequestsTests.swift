import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Requests said in a hurry or sideways, as people type them: the lists asked about without a
/// verb ("lists overview"), what is not done yet, the item at a place, what is needed said with
/// "should" or "out of", a time after an item, the last thing added taken off again.
@Suite("Hurried and sideways requests")
struct HurriedRequestsTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try Self.threeShopsAndPacking()
        assistant = try Assistant.shared("en")
    }

    @Test("the lists asked about in few words: every list named, nothing changed", arguments: [
        "lists overview", "number of lists", "the lists we made", "saved lists", "what on all my lists",
        "do we have lists", "recite my lists", "whats my lists", "browse lists",
    ])
    func theListsInFewWords(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.intent ?? "none") \(turn.response)")
        for name in ["Hardware Store", "Weekly Groceries", "Pet Shop", "Packing for Lisbon"] {
            #expect(turn.response.contains(name), "\(text): \(turn.response)")
        }
        #expect(try everything() == before)
    }

    @Test("a list's name and nothing else, a list nobody has: said so, not “I didn't understand”", arguments: [
        "movie list", "camping list?",
    ])
    func aNameNobodyHas(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.intent ?? "none") \(turn.response)")
        #expect(turn.response.hasPrefix("I can't find a list called"), "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("words that only might be a name, with no word for “list”, are not asked about as one", arguments: [
        "what's the weather tomorrow", "tell me a joke",
    ])
    func offTopicIsNoName(text: String) throws {
        let turn = try once(text)
        #expect(!turn.response.contains("I can't find a list"), "\(text): \(turn.response)")
    }

    @Test("the list said first, then the item: “remove from the hardware store list glue”")
    func theListSaidFirst() throws {
        let turn = try once("remove from the hardware store list glue")
        #expect(turn.intent == "DeleteTasks" && turn.state == .completed, "\(turn.response)")
        #expect(try items("Hardware Store") == ["tape", "nails"])
    }

    @Test("what is not done yet, asked with “not” or “haven't”: what is left, never what is done", arguments: [
        "what have we not packed on the lisbon list", "what haven't i packed for the lisbon list",
    ])
    func whatIsNotDoneYet(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems" && turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response == "Packing for Lisbon: 2 of 3 items left (1 checked off).", "\(text): \(turn.response)")
        #expect(try checked("Packing for Lisbon") == ["passport"])
    }

    @Test("“does the hardware list have glue”: “list” is part of the name, not the verb")
    func doesTheListHave() throws {
        let turn = try once("does the hardware list have glue")
        #expect(turn.intent == "SearchForNotebookItems" && turn.state == .completed, "\(turn.response)")
        let searched = turn.parameters.first { $0.name == "content" }?.values ?? []
        #expect(searched == ["glue"], "\(turn.parameters)")
    }

    @Test("“how many tasks do we have”: which list is asked, never a list called “we”")
    func howManyTasksDoWeHave() throws {
        let turn = try once("how many tasks do we have")
        #expect(turn.intent == "SearchForNotebookItems", "\(turn.intent ?? "none")")
        #expect(turn.state == .needsValue || turn.state == .disambiguation, "\(turn.state) \(turn.response)")
        #expect(!turn.response.contains("“we”"), "\(turn.response)")
    }

    @Test("the item at a place, said without “what's the”", arguments: [
        ("bottom item on the hardware list", "glue"),
        ("top thing on weekly groceries", "milk"),
    ])
    func theItemAtAPlace(text: String, item: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems" && turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response.contains(item), "\(text): \(turn.response)")
    }

    @Test("what is needed, said with “should”, “need to” or “out of”: the thing, not the verb", arguments: [
        ("we should pick up light bulbs for the hardware store", "light bulbs", "Hardware Store"),
        ("need to grab some kibble for the pet shop list", "kibble", "Pet Shop"),
        ("running out of tea on the weekly groceries", "tea", "Weekly Groceries"),
    ])
    func whatIsNeeded(text: String, item: String, list: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "AddTasks", "\(text): \(turn.intent ?? "none") \(turn.response)")
        let said = turn.parameters.first { $0.name == "taskTitles" }?.values ?? []
        #expect(said == [item], "\(text): \(turn.parameters)")
        #expect(try items(list).last == item, "\(text): \(turn.response)")
    }

    @Test("a time said after the item is no part of it", arguments: [
        "pick up tea on my way home", "buy tea later today",
    ])
    func aTimeAfterTheItem(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "AddTasks", "\(text): \(turn.intent ?? "none")")
        let said = turn.parameters.first { $0.name == "taskTitles" }?.values ?? []
        #expect(said == ["tea"], "\(text): \(turn.parameters)")
    }

    @Test("a new list named bare after “list”, or made with “build”", arguments: [
        ("create list garden", "Garden"), ("build a camping list", "Camping"), ("need a list for the bake sale", "Bake sale"),
        // Not a list "Week's camping": "this week's" says when.
        ("make this week's camping list", "Camping"),
    ])
    func aNewListNamedBare(text: String, name: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "CreateTaskList" && turn.state == .completed, "\(text): \(turn.response)")
        let names = try store.lists().map(\.name)
        #expect(names.contains(name), "\(text): \(names)")
    }

    @Test("the last thing added, taken off again: the bottom item of the list said")
    func theLastThingAddedTakenOff() throws {
        let turn = try once("remove the last thing we added to the hardware list")
        #expect(turn.intent == "DeleteTasks" && turn.state == .completed, "\(turn.response)")
        #expect(try items("Hardware Store") == ["tape", "nails"])
        // No list said: which one is asked, nothing removed.
        let before = try everything()
        let asked = try once("delete the last item i added")
        #expect(asked.state == .needsValue || asked.state == .disambiguation, "\(asked.state) \(asked.response)")
        #expect(try everything() == before)
    }

    @Test("“remove everything except the tape” with no list: asked, nothing removed")
    func everythingExceptWithNoList() throws {
        let before = try everything()
        let turn = try once("remove everything except the tape")
        #expect(turn.intent == "DeleteTasks", "\(turn.intent ?? "none")")
        #expect(turn.state != .completed, "\(turn.response)")
        let except = turn.parameters.first { $0.name == "except" }?.values ?? []
        #expect(except == ["the tape"], "\(turn.parameters)")
        #expect(try everything() == before)
    }

    @Test("“never mind the butter” takes it off the list it is on")
    func neverMindTheItem() throws {
        let turn = try once("never mind the butter")
        #expect(turn.intent == "DeleteTasks" && turn.state == .completed, "\(turn.response)")
        #expect(try items("Weekly Groceries") == ["milk", "coffee"])
    }

    @Test("“include in list rope”: the item is rope, not “in list rope”")
    func includeInList() throws {
        let turn = try once("include in list rope")
        #expect(turn.intent == "AddTasks", "\(turn.intent ?? "none")")
        let said = turn.parameters.first { $0.name == "taskTitles" }?.values ?? []
        #expect(said == ["rope"], "\(turn.parameters)")
    }
}
