import Testing

@testable import IntentKit

/// Free word order ("добавь в покупки молоко"): a name slot right beside a text slot, split
/// where the name is one of the person's.
@Suite("A name slot beside a text slot")
struct SlotBesideSlotTests {
    let add = SentenceGroup(intent: "Add", templates: ["добавь в {list:y} {items:x}"])

    func best(_ text: String, known: Set<String>) throws -> [String: String] {
        let matcher = try SentenceMatcher(groups: [add], rules: [:], entityLists: ["list"])
        let match = matcher.bestMatch(TextNormalizer.tokenize(text), in: text, isKnown: { type, folded in
            type == "list" && known.contains(folded)
        })
        return Dictionary(uniqueKeysWithValues: (match?.slots ?? []).map { ($0.name, $0.text) })
    }

    @Test("every split is tried and the one where the name is known wins, however long either side")
    func theKnownNameDecidesTheSplit() throws {
        #expect(try best("добавь в покупки творог, бананы и курицу", known: ["покупки"]) == ["y": "покупки", "x": "творог, бананы и курицу"])
        #expect(try best("добавь в список дел позвонить в банк", known: ["список дел"]) == ["y": "список дел", "x": "позвонить в банк"])
        #expect(try best("добавь в ремонт на кухне плинтус", known: ["ремонт на кухне"]) == ["y": "ремонт на кухне", "x": "плинтус"])
    }

    @Test("allowed only beside a name slot: two text slots side by side are still an error")
    func onlyBesideANameSlot() throws {
        #expect(throws: TemplateError.self) {
            try SentenceMatcher(groups: [SentenceGroup(intent: "I", templates: ["add {a} {b}"])], rules: [:], entityLists: ["list"])
        }
        #expect(throws: TemplateError.self) {
            try SentenceMatcher(groups: [SentenceGroup(intent: "I", templates: ["add {list:a} {list:b}"])], rules: [:], entityLists: ["list"])
        }
        _ = try SentenceMatcher(groups: [add], rules: [:], entityLists: ["list"])
    }
}
