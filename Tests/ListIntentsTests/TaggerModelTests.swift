import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// The shipped English value tagger (Resources/en/tagger.tsv), and how the assistant uses it:
/// the values of a guess no template made, and a second opinion on a template's values.
@Suite("Shipped value tagger")
struct TaggerModelTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "Hardware Store", items: ["tape", "nails", "glue"])
        try store.createList(named: "Books to Read", items: ["Of Mice and Men", "Dune"])
        try store.createList(named: "Weekly Groceries", items: ["milk", "butter"])
        assistant = try Assistant.shared("en")
    }

    /// The values the shipped tagger marks, as "name=words".
    func spans(_ text: String) throws -> [String] {
        let tagger = try #require(assistant.engine.tagger, "no en tagger: run `swift run listomat train-classifier`")
        let tokens = TextNormalizer.tokenize(text)
        return tagger.spans(ValueTagger.Word.words(tokens, in: text)).map { span in
            span.name + "=" + tokens[span.range].map(\.folded).joined(separator: " ")
        }
    }

    /// STALENESS CHECK: the tagger must be trained from the current training data (the
    /// templates and classifier.yaml). When this fails, retrain: `swift run listomat
    /// train-classifier`, and commit tagger.tsv.
    @Test("the shipped en tagger is trained from the current training data (else run `swift run listomat train-classifier`)")
    func taggerIsUpToDate() throws {
        let tagger = try #require(assistant.engine.tagger, "no en tagger: run `swift run listomat train-classifier`")
        let examples = try Assistant.taggerExamples(locale: "en")
        #expect(
            tagger.source == ValueTagger.source(of: examples),
            "tagger.tsv is stale: run `swift run listomat train-classifier` and commit Sources/ListIntents/Resources/en/tagger.tsv")
        #expect(tagger.labels.contains("B-taskTitles") && tagger.labels.contains("B-targetTaskList") && tagger.labels.contains("B-place"))
    }

    @Test("training on the same files twice gives the same tagger, byte for byte")
    func deterministic() throws {
        // A slice of the examples keeps this quick; the whole set is trained the same way.
        let examples = Array(try Assistant.taggerExamples(locale: "en").prefix(1500))
        #expect(ValueTagger.train(examples).serialized() == ValueTagger.train(examples).serialized())
        #expect(try Assistant.taggerExamples(locale: "en").count == Assistant.taggerExamples(locale: "en").count)
    }

    @Test("values of several words, “and” inside a title, a list whose name says “list”")
    func marksWholeValues() throws {
        #expect(try spans("could you stick a pair of pliers onto the hardware store list") == [
            "taskTitles=a pair of pliers", "targetTaskList=the hardware store list",
        ])
        let pudding = try spans("please jot down bread and butter pudding for my weekly groceries")
        // The list after an item with "and" in it is marked as a list (which of the two list
        // parameters the tagger names varies with its training; the assistant takes either).
        #expect(pudding.contains { ($0.hasPrefix("targetTaskList=") || $0.hasPrefix("title=")) && $0.hasSuffix("weekly groceries") }, "\(pudding)")
        let title = try spans("tick off of mice and men on books to read")
        #expect(title.first == "tasks=of mice and men" && title.count == 2 && title[1].hasSuffix("=books to read"), "\(title)")
        // The list's name ends in "list": the span keeps it ("bucket list", whatever slot it names).
        #expect(try spans("take the ladder out of my bucket list").contains { $0.hasSuffix("=bucket list") || $0.hasSuffix("=my bucket list") })
    }

    @Test("a guess the model makes gets the values the tagger marks, shows them, and changes nothing on “no”")
    func guessWithValues() throws {
        let before = try everything()
        var conversation = Conversation()
        let domain = try assistant.domain(store)
        let turn = conversation.receive(.utterance("hardware store could use some duct tape"), engine: assistant.engine, domain: domain)
        #expect(turn.intent == "AddTasks", "\(turn.response)")
        #expect(turn.state == .confirmation, "\(turn.response)")
        // The values are in the question (the tagger marks "tape" of "duct tape": an unseen word before an item is its weak spot).
        #expect(turn.response.contains("tape") && turn.response.contains("Hardware Store"), "\(turn.response)")
        let no = conversation.receive(.utterance("no"), engine: assistant.engine, domain: domain)
        #expect(no.state != .completed)
        #expect(try everything() == before)
    }

    @Test("a template's item the tagger cuts shorter, not on the list: looked for as the tagger reads it; nothing changes")
    func templateValueChecked() throws {
        let before = try everything()
        var conversation = Conversation()
        let turn = conversation.receive(.utterance("take screws out from the hardware store list"), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(turn.intent == "DeleteTasks", "\(turn.response)")
        #expect(turn.response.contains("screws") && !turn.response.contains("screws out"), "\(turn.response)")
        #expect(try everything() == before)
    }

    @Test("a template's item the tagger cuts shorter to an item on the list: that item, removed at once")
    func templateValueCutToKnownItem() throws {
        var conversation = Conversation()
        let turn = conversation.receive(.utterance("take nails out from the hardware store list"), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(turn.intent == "DeleteTasks" && turn.state == .completed, "\(turn.response)")
        #expect(try store.items(in: .name("Hardware Store")).map(\.name) == ["tape", "glue"])
    }

    @Test("values a template reads as the tagger does are acted on at once")
    func agreeingTemplate() throws {
        var conversation = Conversation()
        let turn = conversation.receive(.utterance("add duct tape to the hardware store list"), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try store.items(in: .name("Hardware Store")).map(\.name).contains("duct tape"))
    }
}
