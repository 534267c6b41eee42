import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// A list named the way people remember it rather than as it is written: its words in another
/// order ("the lisbon packing list"), or another name for the same kind of list ("my reading
/// list" for Books to Read). Each is a guess, asked about; a yes goes on with the request.
/// And two phrasings of the request around a name: "call the pet shop list pets" (a rename),
/// "throw in some batteries" ("throw in" is the verb, not a list called "some batteries").
@Suite("Names said loosely")
struct NamesSaidLooselyTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try Self.threeShops()
        try store.createList(named: "Packing for Lisbon", items: ["sunscreen", "passport"])
        try store.createList(named: "Books to Read", items: ["Dune"])
        try store.createList(named: "Movies to Watch", items: [])
        assistant = try Assistant.shared("en")
    }

    @Test("the words of a name in another order: “did you mean” the list, and a yes goes on", arguments: [
        ("put a toothbrush on the lisbon packing list", "Packing for Lisbon"),
        ("add a hammer to the store hardware list", "Hardware Store"),
        ("add rope to my watch movies list", "Movies to Watch"),
    ])
    func wordsInAnotherOrder(text: String, list: String) throws {
        let before = try everything()
        var conversation = Conversation()
        let asked = conversation.receive(.utterance(text), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(asked.state == .confirmation, "\(text): \(asked.response)")
        #expect(asked.response == "Did you mean \(list)?", "\(text)")
        #expect(try everything() == before)
        let yes = conversation.receive(.yes, engine: assistant.engine, domain: try assistant.domain(store))
        #expect(yes.state == .completed, "\(text): \(yes.response)")
        #expect(yes.response.hasPrefix("Added ") && yes.response.hasSuffix(" to \(list)."), "\(yes.response)")
    }

    @Test("another name for the same kind of list is a guess at it, and changes nothing", arguments: [
        ("is dune on my reading list", "Books to Read"),
        ("show me my reading list", "Books to Read"),
        ("what's on the films list", "Movies to Watch"),
        ("open my watchlist", "Movies to Watch"),
        ("pull up the novels list", "Books to Read"),
    ])
    func anotherNameForTheKind(text: String, list: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.state == .confirmation, "\(text): \(turn.response)")
        #expect(turn.response == "Did you mean \(list)?", "\(text)")
        #expect(try everything() == before)
    }

    @Test("“call the pet shop list pets”: “list” ends the old name, and the list is renamed", arguments: [
        ("call the pet shop list pets", "Pet Shop", "pets"),
        ("name my books to read list novels", "Books to Read", "novels"),
        ("relabel the hardware store list DIY", "Hardware Store", "DIY"),
    ])
    func callTheListSomethingElse(text: String, old: String, new: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "RenameTaskList", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response == "Renamed \(old) to \(new).")
        let names = try store.lists().map(\.name)
        #expect(names.contains(new) && !names.contains(old))
    }

    @Test("“call the pet shop list” with no new name shows it, and renames nothing")
    func callWithoutANewName() throws {
        let before = try store.lists().map(\.name)
        let turn = try once("call the pet shop list")
        #expect(turn.intent != "RenameTaskList", "\(turn.response)")
        #expect(try store.lists().map(\.name) == before)
    }

    @Test("“throw in”, “toss in”: the verb, so what follows is the item, never a list's name", arguments: [
        ("throw in some batteries", ["batteries"]),
        ("toss in a toothbrush and floss", ["toothbrush", "floss"]),
        ("chuck in a tent", ["tent"]),
    ])
    func throwIn(text: String, items: [String]) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "AddTasks", "\(text): \(turn.response)")
        #expect(turn.state == .needsValue, "\(text): \(turn.response)")
        #expect(turn.parameter == "targetTaskList", "\(text): \(turn.response)")
        #expect(turn.parameters.first { $0.name == "taskTitles" }?.values == items, "\(text)")
        #expect(try everything() == before)
        #expect(try once("toss in batteries to the hardware store list").state == .completed)
        #expect(try store.items(in: .name("Hardware Store")).map(\.name).contains("batteries"))
    }
}
