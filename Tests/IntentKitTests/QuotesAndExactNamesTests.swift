import Testing

@testable import IntentKit

/// Quotes keep a title whole; a name typed exactly wins over a reading that takes
/// its first word as the sentence's own; intents kept out of the classifier.
@Suite("Quotes, exact names, templates-only intents")
struct QuotesAndExactNamesTests {
    let engine: IntentEngine
    init() throws { engine = try makeOrdersEngine() }

    @Test("quotes (straight and curly, single and double) keep a title whole", arguments: [
        ("\"War and Peace\"", ["War and Peace"]),
        ("'War and Peace' and Dune", ["War and Peace", "Dune"]),
        ("“Pride and Prejudice”, Emma", ["Pride and Prejudice", "Emma"]),
        ("‘Dune, Part Two’", ["Dune, Part Two"]),
        ("\"A and B\" \"C and D\"", ["A and B", "C and D"]),
        ("rice, beans and 'salt'", ["rice", "beans", "salt"]),
        ("Pride and Prejudice", ["Pride", "Prejudice"]),
        // After other words, a quote opens a title only if it closes where a value ends.
        ("milk \"War and Peace\"", ["milk", "War and Peace"]),
        ("milk “Pride and Prejudice” and eggs", ["milk", "Pride and Prejudice", "eggs"]),
        ("rock 'n' roll", ["rock 'n' roll"]),
        ("Mom's \"famous\" pie", ["Mom's \"famous\" pie"]),
    ])
    func quotes(text: String, expected: [String]) {
        #expect(engine.split(text) == expected)
    }

    @Test("an apostrophe inside or after a word opens nothing")
    func apostrophes() {
        #expect(engine.split("the kids' toys and milk") == ["the kids' toys", "milk"])
        #expect(engine.split("don't panic and milk") == ["don't panic", "milk"])
    }

    @Test("a slot that is a name exactly as written beats taking its first word as the template's")
    func exactNameBeatsLiteral() throws {
        let group = SentenceGroup(intent: "Reset", templates: ["reset [the] {list:x}"])
        let matcher = try SentenceMatcher(groups: [group], rules: [:], entityLists: ["list"])
        let text = "reset The Office"
        let known: Set<String> = ["office", "the office"]
        let match = matcher.bestMatch(
            TextNormalizer.tokenize(text), in: text, isKnown: { _, folded in known.contains(folded) },
            isExact: { _, folded in folded == "the office" })
        #expect(match?.slots.first?.text == "The Office")
        // Without an exact name, the literal word still wins (as before).
        let loose = matcher.bestMatch(TextNormalizer.tokenize(text), in: text, isKnown: { _, folded in known.contains(folded) })
        #expect(loose?.slots.first?.text == "Office")
    }

    @Test("templatesOnly keeps an intent's sentences out of the classifier's examples")
    func templatesOnly() throws {
        let language = try makeOrdersLanguage()
        let yaml = "samples:\n  text: [rice]\ntemplatesOnly: [DeleteOrder]\n"
        let data = try ClassifierData.load(yaml: yaml, file: "classifier.yaml")
        #expect(data.templatesOnly == ["DeleteOrder"])
        let labels = Set(try ClassifierTraining.examples(language: language, data: data).map(\.label))
        #expect(!labels.contains("DeleteOrder"))
        #expect(labels.contains("PlaceOrder"))
        let unknown = try ClassifierData.load(yaml: "templatesOnly: [Nope]\n", file: "classifier.yaml")
        #expect(throws: LanguageError.self) { try ClassifierTraining.examples(language: language, data: unknown) }
    }
}
