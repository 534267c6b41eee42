import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// The value said around the request's own words: a new list named after it is asked for
/// ("new list please, call it garage", "I'd like a fresh list for Christmas presents"), "a
/// reminder to call the vet" is what to add, not a list, "I want cookies added to …" and "we
/// need to get more rope, put it on …" add the thing, not the verb, and an item that ends by
/// pointing back at something said ("dry cleaning, put it on the to do list") is never added
/// without a yes.
@Suite("What a request names, said around it")
struct SaidAroundTheValueTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try Self.threeShopsAndPacking()
        assistant = try Assistant.shared("en")
    }

    @Test("the name said after the request names the new list", arguments: [
        ("new list please, call it garage", "Garage"),
        ("make a new list and name it chores", "Chores"),
        ("start a list, call it camping gear", "Camping gear"),
        ("i'd like a fresh list for christmas presents", "Christmas presents"),
        ("we would love a new list for the garden", "Garden"),
        ("i want a blank list called receipts", "Receipts"),
        ("please make me a list called chores", "Chores"),
    ])
    func nameSaidAfter(text: String, name: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "CreateTaskList" && turn.state == .completed, "\(text): \(turn.response)")
        #expect(try store.lists().map(\.name).contains(name), "\(text): \(turn.response)")
    }

    @Test("“a reminder to …” names what to add unless a list of the person's follows", arguments: [
        ("add a reminder to call the vet", nil, "call the vet"),
        ("add a new task to buy stamps", nil, "buy stamps"),
        ("add a reminder to the pet shop list", "Pet Shop", nil),
        ("add a task to the hardware store", "Hardware Store", nil),
    ] as [(String, String?, String?)])
    func aReminderTo(text: String, list: String?, item: String?) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "AddTasks" && turn.state == .needsValue, "\(text): \(turn.response)")
        #expect(turn.parameters.first { $0.name == "targetTaskList" }?.values == list.map { [$0] } ?? [], "\(text): \(turn.parameters)")
        #expect(turn.parameters.first { $0.name == "taskTitles" }?.values == item.map { [$0] } ?? [], "\(text): \(turn.parameters)")
        #expect(try everything() == before)
    }

    @Test("the thing wanted is added, without the verb said around it", arguments: [
        ("i want cookies added to my pet shop list", "Pet Shop", "cookies"),
        ("i'd like bagels put on weekly groceries", "Weekly Groceries", "bagels"),
        ("we need to get more rope, put it on the hardware store list", "Hardware Store", "rope"),
        ("i need to buy a leash so put it on my pet shop list", "Pet Shop", "leash"),
    ])
    func theThingWanted(text: String, list: String, item: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "AddTasks" && turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items(list).contains(item), "\(text): \(turn.response)")
    }

    @Test("“I have to remember to …” is the thing to remember; its list is asked", arguments: [
        ("i have to remember to feed the cat", "feed the cat"),
        ("we need to remember to buy lightbulbs", "lightbulbs"),
    ])
    func rememberTo(text: String, item: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "AddTasks" && turn.state == .needsValue, "\(text): \(turn.response)")
        #expect(turn.parameters.first { $0.name == "taskTitles" }?.values == [item], "\(text): \(turn.parameters)")
    }

    @Test("“do I have anything left” asks how much is left, never looks for an item called so", arguments: [
        ("do i have any tasks left", nil),
        ("do i still have anything left on my pet shop list", "Pet Shop"),
        ("are there any items left on the hardware store list", "Hardware Store"),
    ] as [(String, String?)])
    func anythingLeft(text: String, list: String?) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.parameters.first { $0.name == "content" }?.values ?? [] == [], "\(text): \(turn.parameters)")
        if let list {
            #expect(turn.state == .completed && turn.response.hasPrefix("\(list):"), "\(text): \(turn.response)")
        } else {
            #expect(turn.state == .needsValue, "\(text): \(turn.response)")
        }
    }

    @Test("“tell me everything on all my lists” offers every list")
    func everythingOnAllLists() throws {
        let turn = try once("please tell me everything on all my lists")
        #expect(turn.intent == "SearchForNotebookItems" && turn.state == .disambiguation, "\(turn.response)")
        #expect(turn.options.count == 4, "\(turn.response)")
    }

    @Test("one of several items that ends in a word pointing back is asked about first", arguments: [
        "remind me to pick up dry cleaning, put it on the hardware store list",
        "add glue, then do it on the hardware store list",
        "put dog treats and grab them on the pet shop list",
    ])
    func pointingBack(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.state != .completed && turn.state != .ready, "\(text): \(turn.response)")
        #expect(try everything() == before)
    }
}
