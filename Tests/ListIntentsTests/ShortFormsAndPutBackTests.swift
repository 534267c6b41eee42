import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Requests typed the short way ("could u", "plz"), items thrown away ("trash the nails on …"),
/// "need X" and "gotta get X", "done with X" and "put X back", a rename whose new name is asked,
/// a list's name said alone, and values cut in the wrong place or with a bracket at their end.
@Suite("Short forms, throwing away, “put it back”, a name alone")
struct ShortFormsAndPutBackTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try Self.threeShopsAndPacking()
        assistant = try Assistant.shared("en")
    }

    @Test("Typed the short way: “u”, “pls”, “plz” are padding", arguments: [
        ("could u add rice to the grocery list", "rice"),
        ("add rice to the weekly groceries list plz", "rice"),
        ("pls put bread on my grocery list", "bread"),
    ])
    func shortForms(text: String, item: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "AddTasks", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items("Weekly Groceries").last == item, "\(text): \(turn.response)")
    }

    @Test("Verbs that throw away remove an item from the list named", arguments: [
        ("trash the nails on the hardware store list", "nails"),
        ("throw out the glue from the hardware list", "glue"),
        ("discard the tape from my hardware list", "tape"),
    ])
    func throwAway(text: String, item: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "DeleteTasks", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try !items("Hardware Store").contains(item), "\(text): \(turn.response)")
        #expect(try items("Hardware Store").count == 2, "\(text): \(turn.response)")
    }

    @Test("The same verbs on a list alone delete the list, asked first")
    func throwAwayAList() throws {
        let before = try everything()
        let turn = try once("ditch the pet shop list")
        #expect(turn.intent == "DeleteTaskList", "\(turn.response)")
        #expect(turn.state == .confirmation, "\(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“need X”, “gotta get X”: an add; the list is asked when not said", arguments: [
        "need paper towels", "gotta buy paper towels", "need some paper towels",
    ])
    func needAndGotta(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "AddTasks", "\(text): \(turn.response)")
        #expect(turn.state == .needsValue, "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“gotta pick up X at L”: added to that list")
    func gottaWithAList() throws {
        let turn = try once("gotta pick up a chew toy at the pet shop")
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try items("Pet Shop") == ["dog food", "chew toy"])
    }

    @Test("“Done with X” checks X off after a yes; a list's name after it stays about the list", arguments: [
        ("done with the sunscreen", "sunscreen"), ("i'm done with the charger", "charger"), ("we're all done with the sunscreen now", "sunscreen"),
    ])
    func doneWith(text: String, item: String) throws {
        let before = try everything()
        var conversation = Conversation()
        let asked = conversation.receive(.utterance(text), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(asked.intent == "SetTaskAttribute", "\(text): \(asked.response)")
        #expect(asked.state == .confirmation, "\(text): \(asked.response)")
        #expect(try everything() == before)
        let done = conversation.receive(.yes, engine: assistant.engine, domain: try assistant.domain(store))
        #expect(done.state == .completed, "\(text): \(done.response)")
        #expect(try checked("Packing for Lisbon").contains(item), "\(text): \(done.response)")
    }

    @Test("“I'm done with the pet shop”: about the list (asked), not an item called so")
    func doneWithAList() throws {
        let before = try everything()
        let turn = try once("i'm done with the pet shop")
        #expect(turn.state == .confirmation, "\(turn.response)")
        #expect(turn.response.contains("Pet Shop"), "\(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“Put X back” and “X isn't packed actually”: unchecked on its list", arguments: [
        "put the passport back", "put passport back on the list", "bring the passport back",
        "the passport isn't packed actually",
    ])
    func putBack(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SetTaskAttribute", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try checked("Packing for Lisbon").isEmpty, "\(text): \(turn.response)")
        #expect(try items("Packing for Lisbon") == ["sunscreen", "passport", "charger"])
    }

    @Test("“Put X back on L”: on that list again, unchecked, not twice")
    func putBackOnAList() throws {
        let turn = try once("put the passport back on my packing list")
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try items("Packing for Lisbon") == ["sunscreen", "passport", "charger"])
        #expect(try checked("Packing for Lisbon").isEmpty)
    }

    @Test("“Rename the hardware store list”: the new name is asked, then the list renamed")
    func renameAsksTheName() throws {
        var conversation = Conversation()
        let asked = conversation.receive(.utterance("rename the hardware store list"), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(asked.intent == "RenameTaskList", "\(asked.response)")
        #expect(asked.state == .needsValue, "\(asked.response)")
        let done = conversation.receive(.utterance("DIY"), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(done.state == .completed, "\(done.response)")
        #expect(try store.lists().map(\.name).contains("DIY"))
    }

    @Test("A list's name alone shows it", arguments: ["pet shop", "the packing for lisbon list please"])
    func nameAlone(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
    }

    @Test("Inside a sentence, a list's name alone is no sentence read from a span of it", arguments: [
        "the hardware store closes at six", "weekly groceries are expensive these days",
    ])
    func nameInsideASentence(text: String) throws {
        let before = try everything()
        let parse = assistant.engine.parse(text, vocabulary: try assistant.domain(store).vocabulary)
        #expect(parse?.path != .span, "\(text): \(parse.map(assistant.engine.explain) ?? "")")
        _ = try once(text)
        #expect(try everything() == before)
    }

    @Test("A question read from inside a sentence never looks for words cut at “to”")
    func noFalseNo() throws {
        let turn = try once("which things do we have to pack")
        #expect(!turn.response.hasPrefix("No"), "\(turn.response)")
    }

    @Test("A bracket closed at a value's end is part of it, with the signs before it", arguments: [
        ("add eggs (free range) to the grocery list", "eggs (free range)"), ("add milk (2%) to the grocery list", "milk (2%)"),
        ("add flour [500 g.] to the grocery list", "flour [500 g.]"),
    ])
    func closingBracket(text: String, item: String) throws {
        let turn = try once(text)
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try items("Weekly Groceries").last == item)
    }

    @Test("“What's the status of L”, “progress on L”: how much is left", arguments: [
        ("what's the status of my hardware store list", "Hardware Store"), ("progress on the packing list", "Packing for Lisbon"),
    ])
    func status(text: String, list: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix(list), "\(text): \(turn.response)")
        #expect(turn.response.contains("left"), "\(text): \(turn.response)")
    }

    @Test("“How many lists”, said alone: the lists")
    func howManyLists() throws {
        let turn = try once("how many lists")
        #expect(turn.intent == "SearchForNotebookItems", "\(turn.response)")
        #expect(turn.response.hasPrefix("You have 4 lists"), "\(turn.response)")
    }

    @Test("“Make sure we bring X”: an add (on the list said, or the list asked)")
    func makeSure() throws {
        let asked = try once("make sure i pick up birdseed")
        #expect(asked.intent == "AddTasks", "\(asked.response)")
        #expect(asked.state == .needsValue, "\(asked.response)")
        let added = try once("make sure we bring sandals on the packing list")
        #expect(added.state == .completed, "\(added.response)")
        #expect(try items("Packing for Lisbon").last == "sandals")
    }

    @Test("“Check X” for an item the person has: checked off after a yes; for a list, shown", arguments: [
        ("check butter", "SetTaskAttribute", ConversationState.confirmation), ("tick nails", "SetTaskAttribute", .confirmation),
        ("check the pet shop list", "SearchForNotebookItems", .completed),
    ])
    func checkAnItem(text: String, intent: String, state: ConversationState) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == intent, "\(text): \(turn.response)")
        #expect(turn.state == state, "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“What groceries do we need”: the list said as what is on it, never a “No” about an item called so")
    func whatListDoWeNeed() throws {
        let turn = try once("what groceries do we still need")
        #expect(turn.intent == "SearchForNotebookItems", "\(turn.response)")
        #expect(turn.state == .confirmation, "\(turn.response)")
        #expect(turn.response == "Did you mean Weekly Groceries?")
    }

    @Test("“We don't have to X anymore”: the thing to do comes off its list")
    func noLongerToDo() throws {
        try store.createList(named: "To Do", items: ["call the bank", "water the plants"])
        let turn = try once("we don't have to call the bank anymore")
        #expect(turn.intent == "DeleteTasks", "\(turn.response)")
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try items("To Do") == ["water the plants"])
    }

    @Test("A slip in a list's word said in the other number is a guess at that list, not an offer to create one")
    func slipInThePlural() throws {
        let before = try everything()
        let turn = try once("add rice to the grocrey list")
        #expect(turn.state == .confirmation, "\(turn.response)")
        #expect(turn.response == "Did you mean Weekly Groceries?")
        #expect(try everything() == before)
    }
}
