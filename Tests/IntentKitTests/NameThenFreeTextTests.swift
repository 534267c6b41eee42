import Testing

@testable import IntentKit

/// A name slot followed by a free-text slot with no word between ("ajoute à ma liste courses
/// pommes"): every split is tried and the person's names decide where the name ends.
@Suite("A name then free text, side by side")
struct NameThenFreeTextTests {
    let groups = [SentenceGroup(intent: "Add", templates: ["ajoute (à|dans) {list:list} {items:items}"])]

    private func best(_ text: String, known: Set<String>) throws -> SentenceMatch? {
        let matcher = try SentenceMatcher(groups: groups, rules: [:], entityLists: ["list", "item"])
        return matcher.bestMatch(TextNormalizer.tokenize(text), in: text) { type, folded in type == "list" && known.contains(folded) }
    }

    private func slots(_ match: SentenceMatch?) -> [String: String] {
        Dictionary(uniqueKeysWithValues: (match?.slots ?? []).map { ($0.name, $0.text) })
    }

    @Test("the known name takes its words, the rest is the free text")
    func theKnownNameDecides() throws {
        #expect(slots(try best("ajoute à ma liste courses pommes vertes", known: ["ma liste courses"]))
            == ["list": "ma liste courses", "items": "pommes vertes"])
        #expect(slots(try best("ajoute dans Repas de Noël huîtres", known: ["repas de noel"]))
            == ["list": "Repas de Noël", "items": "huîtres"])
    }

    @Test("with no known name the shortest name is taken, as for any slot")
    func noKnownNameTakesTheShortest() throws {
        #expect(slots(try best("ajoute à bricolage colle", known: [])) == ["list": "bricolage", "items": "colle"])
    }

    @Test("two free-text slots, or two names of one kind, still need a word between")
    func otherSlotsSideBySideAreAnError() {
        for template in ["ajoute {items:a} {items:b}", "ajoute {list:a} {list:b}"] {
            #expect(throws: TemplateError.self) {
                try SentenceMatcher(groups: [SentenceGroup(intent: "I", templates: [template])], rules: [:], entityLists: ["list"])
            }
        }
    }
}
