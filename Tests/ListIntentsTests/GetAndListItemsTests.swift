import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// "Get eggs" is an add unless a list is called that; "delete grocery list items" empties the
/// list rather than deleting it; a list said in words that name none ("the list I made
/// yesterday") is never replaced by another list without a yes; "add an entry to the pet shop
/// list for dog treats" (the list before the item).
@Suite("“Get eggs”, a list's items, a list said as no name, an entry before its list")
struct GetAndListItemsTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try Self.threeShopsAndPacking()
        assistant = try Assistant.shared("en")
    }

    @Test("“get” with things that are no list adds them; with a list's name shows it", arguments: [
        ("get batteries", "AddTasks", ["batteries"]),
        ("get some paint and brushes", "AddTasks", ["paint", "brushes"]),
        ("get my pet shop list", "SearchForNotebookItems", []),
        ("get me the hardware store", "SearchForNotebookItems", []),
    ])
    func getIsAnAddUnlessAListIsNamed(text: String, intent: String, items: [String]) throws {
        let turn = try once(text)
        #expect(turn.intent == intent, "\(text): \(turn.response)")
        if !items.isEmpty {
            #expect(turn.parameters.first { $0.name == "taskTitles" }?.values == items, "\(text): \(turn.response)")
        }
    }

    @Test("“get me my lists” offers every list; “get the list” asks which")
    func getTheLists() throws {
        let all = try once("get me my lists")
        #expect(all.intent == "SearchForNotebookItems" && all.state == .disambiguation, "\(all.response)")
        #expect(all.options.count == 4, "\(all.response)")
        let one = try once("get the list")
        #expect(one.intent == "SearchForNotebookItems", "\(one.response)")
        #expect(one.state != .completed && one.state != .ready, "\(one.response)")
    }

    @Test("a list's items said as such are removed after a yes, and the list stays", arguments: [
        "delete hardware store list items",
        "remove all my pet shop list entries",
        "clear the hardware store list contents",
    ])
    func theItemsOfAList(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "DeleteTasks" && turn.state == .confirmation, "\(text): \(turn.response)")
        #expect(try everything() == before)
        #expect(try store.lists().count == 4)
    }

    @Test("a list said as words that name none is asked about, never filled in at once", arguments: [
        "add milk to the list i made yesterday",
        "add milk to the list i like",
        "put tape on the list we had before",
    ])
    func aListSaidAsNoName(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.state != .completed && turn.state != .ready, "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“what do I still need to get” shows a list (asks which), never a list called “get”")
    func stillNeedToGet() throws {
        let turn = try once("what do i still need to get")
        #expect(turn.intent == "SearchForNotebookItems", "\(turn.response)")
        #expect(turn.state != .unsupported, "\(turn.response)")
        #expect(!turn.response.contains("“get”"), "\(turn.response)")
    }

    @Test("“add an entry to the … list for X”: the list said before the item", arguments: [
        ("add an entry to the pet shop list for dog treats", "Pet Shop", "dog treats"),
        ("put a note on my packing list to buy adapters", "Packing for Lisbon", "buy adapters"),
        ("add a task to the hardware store list that says fix the shelf", "Hardware Store", "fix the shelf"),
        ("add an item to weekly groceries for oat milk", "Weekly Groceries", "oat milk"),
    ])
    func anEntryBeforeItsList(text: String, list: String, item: String) throws {
        let turn = try once(text)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items(list).contains(item), "\(text): \(turn.response)")
    }

    @Test("a list not found with nothing to add is said plainly, never a question with a gap")
    func aListNotFoundWithNothingToAdd() throws {
        let before = try everything()
        let turn = try once("add something to the school list")
        #expect(turn.state == .unsupported, "\(turn.response)")
        #expect(turn.response == "I can't find a list called “school”.")
        #expect(try everything() == before)
    }

    @Test("a check-off of everything asked first shows its items as “all”, never the sentence's own word", arguments: [
        "finish the pet shop list", "i'm done with the hardware store list",
    ])
    func everythingAskedFirstShowsAll(text: String) throws {
        let turn = try once(text)
        #expect(turn.state == .confirmation, "\(text): \(turn.response)")
        #expect(turn.parameters.first { $0.name == "tasks" }?.values == ["all"], "\(text): \(turn.parameters)")
    }
}
