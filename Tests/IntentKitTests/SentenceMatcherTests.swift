import Testing

@testable import IntentKit

@Suite("Sentence matcher")
struct SentenceMatcherTests {
    /// Matches `text` against the groups; `known` are folded values of the entity list "list".
    private func matches(
        _ text: String, _ groups: [SentenceGroup], rules: [String: String] = [:], known: Set<String> = []
    ) throws -> [SentenceMatch] {
        let matcher = try SentenceMatcher(groups: groups, rules: rules, entityLists: ["list", "item"])
        return matcher.allMatches(TextNormalizer.tokenize(text), in: text) { type, folded in
            type == "list" && known.contains(folded)
        }
    }

    private func best(
        _ text: String, _ groups: [SentenceGroup], rules: [String: String] = [:], known: Set<String> = []
    ) throws -> SentenceMatch? {
        try matches(text, groups, rules: rules, known: known).first
    }

    private func slots(_ match: SentenceMatch?) -> [String: String] {
        Dictionary(uniqueKeysWithValues: (match?.slots ?? []).map { ($0.name, $0.text) })
    }

    let add = SentenceGroup(intent: "Add", templates: ["(add|put) {items:x} (to|on) [the] {list:y} [list]"])

    @Test("literal words must all be there, in order, compared folded")
    func literalWords() throws {
        let groups = [SentenceGroup(intent: "Help", templates: ["what can you do"])]
        #expect(try best("What can you do?", groups)?.intent == "Help")
        #expect(try best("WHAT  can   YOU do!!", groups)?.intent == "Help")
        #expect(try best("what can you", groups) == nil)
        #expect(try best("what can you do now", groups) == nil)
        #expect(try best("can what you do", groups) == nil)
    }

    @Test("slots take the words between literal words, keeping the person's spelling")
    func slotsKeepSpelling() throws {
        let match = try best("Put Crème Fraîche, eggs on the Farmers Market list", [add])
        #expect(match?.intent == "Add")
        #expect(slots(match) == ["x": "Crème Fraîche, eggs", "y": "Farmers Market"])
        #expect(match?.slots.first?.tokens == 1..<4)
        #expect(match?.slots.first?.values == "items")
    }

    @Test("free text stops at the next literal word and never swallows the verb")
    func freeTextIsBounded() throws {
        let match = try best("put envelopes on office", [add])
        #expect(slots(match) == ["x": "envelopes", "y": "office"])
        // The first "to" ends the items; the rest belongs to the list.
        #expect(slots(try best("add salt to taste to kitchen", [add])) == ["x": "salt", "y": "taste to kitchen"])
        // A slot needs at least one word.
        #expect(try best("add to kitchen", [add]) == nil)
        #expect(try best("add milk to", [add]) == nil)
        #expect(try best("add", [add]) == nil)
    }

    @Test("the template with more literal words wins")
    func moreLiteralWordsWin() throws {
        let groups = [
            SentenceGroup(intent: "AddAnywhere", templates: ["add {items:x}"]),
            add,
        ]
        let all = try matches("add milk to garden", groups)
        #expect(all.count == 2)
        #expect(all.first?.intent == "Add")
        #expect(all.first?.score.literalWords == 2)
        #expect(all.last?.intent == "AddAnywhere")
        #expect(slots(all.last) == ["x": "milk to garden"])
        // Order of the groups does not matter.
        #expect(try best("add milk to garden", groups.reversed())?.intent == "Add")
    }

    @Test("with as many literal words, fewer free-text words win (an entity slot is not free text)")
    func fewerFreeTextWordsWin() throws {
        let groups = [
            SentenceGroup(intent: "ShowText", templates: ["show {text:t} items"]),
            SentenceGroup(intent: "ShowList", templates: ["show {list:l} items"]),
        ]
        let all = try matches("show garden items", groups)
        #expect(all.map(\.intent) == ["ShowList", "ShowText"])
        #expect(all[0].score.freeTextWords == 0)
        #expect(all[1].score.freeTextWords == 1)
        #expect(all[0].score > all[1].score)
    }

    @Test("a known entity beats an unknown one")
    func knownEntityWins() throws {
        let groups = [
            SentenceGroup(intent: "RemoveItem", templates: ["remove {item:i}"]),
            SentenceGroup(intent: "RemoveList", templates: ["remove {list:l}"], priority: -1),
        ]
        // "milk" is not a list: the priority decides between two unknown entities.
        #expect(try best("remove milk", groups)?.intent == "RemoveItem")
        // "garden" is a list: a known entity beats the higher priority.
        let match = try best("remove garden", groups, known: ["garden"])
        #expect(match?.intent == "RemoveList")
        #expect(match?.score.knownEntities == 1)
    }

    @Test("priority decides otherwise equal matches, and only those")
    func priority() throws {
        let low = SentenceGroup(intent: "Low", templates: ["open {text:x}"], priority: -1)
        let high = SentenceGroup(intent: "High", templates: ["open {text:x}"], priority: 2)
        #expect(try best("open sesame", [low, high])?.intent == "High")
        #expect(try best("open sesame", [high, low])?.intent == "High")
        // More literal words beat a higher priority.
        let literal = SentenceGroup(intent: "Door", templates: ["open the door"], priority: -5)
        #expect(try best("open the door", [high, literal])?.intent == "Door")
    }

    @Test("allMatches lists every match, best first")
    func allMatchesOrder() throws {
        let groups = [
            SentenceGroup(intent: "A", templates: ["add {items:x}"]),
            SentenceGroup(intent: "B", templates: ["add {items:x} to {list:y}"]),
            SentenceGroup(intent: "C", templates: ["add {items:x} to the {list:y}"]),
            SentenceGroup(intent: "D", templates: ["remove {items:x}"]),
        ]
        let all = try matches("add milk to the garden", groups)
        #expect(all.map(\.intent) == ["C", "B", "A"])
        #expect(zip(all, all.dropFirst()).allSatisfy { !($0.score < $1.score) })
        #expect(slots(all[1]) == ["x": "milk", "y": "the garden"])
    }

    @Test("the literal prefilter keeps templates that start with a slot or an optional word")
    func prefilterKeepsValidMatches() throws {
        let groups = [
            SentenceGroup(intent: "Done", templates: ["{item:i} (is|are) done"]),
            SentenceGroup(intent: "Move", templates: ["{items:x} to {list:y}"]),
            SentenceGroup(intent: "Polite", templates: ["[please] show {list:y}"]),
            SentenceGroup(intent: "Add", templates: ["add {items:x}"]),
        ]
        #expect(try best("milk is done", groups)?.intent == "Done")
        // The first word is a literal of another template ("add"), yet the slot-first template still matches.
        let all = try matches("add milk to garden", groups)
        #expect(Set(all.map(\.intent)) == ["Move", "Add"])
        #expect(slots(all.first { $0.intent == "Move" }) == ["x": "add milk", "y": "garden"])
        // A first word no template knows.
        #expect(try best("zucchini to garden", groups)?.intent == "Move")
        #expect(try best("please show garden", groups)?.intent == "Polite")
        #expect(try best("show garden", groups)?.intent == "Polite")
        // Words from rules count as literals too.
        let viaRule = try best("stick milk", [SentenceGroup(intent: "R", templates: ["<add> {items:x}"])], rules: ["add": "(add|stick)"])
        #expect(viaRule?.intent == "R")
    }

    @Test("unrelated text, empty input and punctuation only match nothing")
    func noMatch() throws {
        let groups = [add, SentenceGroup(intent: "Help", templates: ["what can you do"])]
        #expect(try matches("what is the weather like", groups).isEmpty)
        #expect(try matches("", groups).isEmpty)
        #expect(try matches("   ", groups).isEmpty)
        #expect(try matches("?!,.", groups).isEmpty)
        #expect(try matches("\u{0}\u{1B}", groups).isEmpty)
    }

    @Test("fixed slots and the template travel with the match")
    func fixedSlotsAndTemplate() throws {
        let group = SentenceGroup(intent: "Check", templates: ["check off {item:i}"], fixedSlots: ["status": "completed"])
        let match = try best("check off milk", [group])
        #expect(match?.fixedSlots == ["status": "completed"])
        #expect(match?.template == "check off {item:i}")
    }
}
