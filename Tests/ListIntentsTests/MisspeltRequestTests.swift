import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// A slip in a request's own words ("chekc off", "remvoe", "delet"): read right, and asked
/// about before anything changes; a slip inside a value is never "corrected".
@Suite("Misspelt requests")
struct MisspeltRequestTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "Hardware Store", items: ["tape", "nails", "glue"])
        try store.createList(named: "Pet Shop", items: ["dog food"])
        assistant = try Assistant.shared("en")
    }

    func say(_ text: String, _ conversation: inout Conversation) throws -> Turn {
        conversation.receive(.utterance(text), engine: assistant.engine, domain: try assistant.domain(store))
    }

    @Test("a misspelt verb is read right, as a guess: nothing changes before a yes", arguments: [
        ("chekc off nails", "Mark nails on Hardware Store as done?"),
        ("remvoe the glue from the hardware store list", "Remove glue from Hardware Store?"),
        ("please delte the pet shop list", "Delete Pet Shop and its 1 item?"),
        ("crete a list called camping", "Create Camping?"),
    ])
    func aSlipIsAskedFirst(text: String, question: String) throws {
        let before = try everything()
        var conversation = Conversation()
        let turn = try say(text, &conversation)
        #expect(turn.state == .confirmation, "\(text): \(turn.response)")
        #expect(turn.response == question, "\(text)")
        #expect(try everything() == before)
        let no = conversation.receive(.no, engine: assistant.engine, domain: try assistant.domain(store))
        #expect(no.state != .completed)
        #expect(try everything() == before)
    }

    @Test("a verb typed a letter short at the start is read as the verb, and asked first", arguments: [
        ("chek off the tape", "Mark tape on Hardware Store as done?"),
        ("cros off glue on the hardware store list", "Mark glue on Hardware Store as done?"),
        ("chekc off the dog food", "Mark dog food on Pet Shop as done?"),
    ])
    func aShortVerbIsAskedFirst(text: String, question: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.state == .confirmation, "\(text): \(turn.response)")
        #expect(turn.response == question, "\(text)")
        #expect(try everything() == before)
    }

    @Test("“of” typed for “off” after a verb for checking off is read so, and asked first", arguments: [
        ("tick of glue", "Mark glue on Hardware Store as done?"),
        ("cross of the dog food on the pet shop list", "Mark dog food on Pet Shop as done?"),
    ])
    func ofForOffIsAskedFirst(text: String, question: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SetTaskAttribute", "\(text): \(turn.response)")
        #expect(turn.state == .confirmation, "\(text): \(turn.response)")
        #expect(turn.response == question, "\(text)")
        #expect(try everything() == before)
    }

    @Test("a short word missing a letter inside a request stays as typed")
    func aShortWordInsideIsNoVerb() throws {
        let before = try everything()
        let turn = try once("add bred to the pet shop list")
        #expect(turn.path != "spelling", "\(turn.response)")
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try everything() == before + ["Pet Shop: bred"])
    }

    @Test("yes to a slip read right makes the change")
    func yesMakesTheChange() throws {
        var conversation = Conversation()
        _ = try say("chekc off nails", &conversation)
        let done = conversation.receive(.yes, engine: assistant.engine, domain: try assistant.domain(store))
        #expect(done.state == .completed)
        #expect(try store.items(in: .name("Hardware Store")).filter(\.done).map(\.name) == ["nails"])
    }

    @Test("a slip in what is added stays as typed; a slip in a word that only shows is simply shown")
    func valuesStayAsTyped() throws {
        var conversation = Conversation()
        let add = try say("add tpae to the hardware store list", &conversation)
        #expect(add.state == .completed)
        #expect(try store.items(in: .name("Hardware Store")).map(\.name) == ["tape", "nails", "glue", "tpae"])
        var again = Conversation()
        let show = try say("shwo the pet shop list", &again)
        #expect(show.intent == "SearchForNotebookItems")
        #expect(show.state == .completed)
    }

    @Test("a short word a letter away from a template word is another word, not a slip", arguments: [
        "soap to the hardware store list", "make a reminder to call the bank",
    ])
    func shortWordsAreNotSlips(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.path != "spelling", "\(text): \(turn.guess ?? turn.response)")
        #expect(!["DeleteTasks", "ResetList"].contains(turn.intent ?? ""), "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("one slip: a letter wrong, missing or extra, or two side by side swapped")
    func oneSlip() {
        func slip(_ a: String, _ b: String) -> Bool { SentenceMatcher.isOneSlip(Array(a.unicodeScalars), Array(b.unicodeScalars)) }
        #expect(slip("chekc", "check"))
        #expect(slip("delet", "delete"))
        #expect(slip("addd", "add"))
        #expect(slip("shaw", "show"))
        #expect(!slip("show", "show"))
        #expect(!slip("hsow", "shwo"))
        #expect(slip("remvoe", "remove"))
        #expect(slip("crate", "create"))
        #expect(slip("tape", "tapes"))
        #expect(!slip("tape", "tpaes"))
        #expect(!slip("tape", "mile"))
    }
}
