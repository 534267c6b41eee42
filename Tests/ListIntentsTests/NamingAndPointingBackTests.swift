import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// A new list named after it is asked for ("new list please, call it garage", "I'd like a
/// fresh list for Christmas presents"), and an item that ends by pointing back at something
/// said ("dry cleaning, put it on the to do list") is never added without a yes.
@Suite("A new list named after the request, and values that point back")
struct NamingAndPointingBackTests: AssistantOnAStore {
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
    ])
    func nameSaidAfter(text: String, name: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "CreateTaskList" && turn.state == .completed, "\(text): \(turn.response)")
        #expect(try store.lists().map(\.name).contains(name), "\(text): \(turn.response)")
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
