import Foundation
import Testing

@testable import IntentKit

@Suite("Russian stemmer and names in Russian cases")
struct RussianStemmerTests {
    static let sampleFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Data/snowball-russian-sample.tsv")

    @Test("gives Snowball's published stems for a sample of its Russian vocabulary")
    func snowballVocabulary() throws {
        let lines = try String(contentsOf: Self.sampleFile, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }
        #expect(lines.count > 400)
        for line in lines {
            let fields = line.split(separator: "\t").map(String.init)
            try #require(fields.count == 2, "\(line)")
            #expect(RussianStemmer.stem(fields[0]) == fields[1], "\(fields[0])")
        }
    }

    @Test("words folded with й as и keep their stems: two forms of a word still agree")
    func foldedWords() {
        let pairs = [("красный", "красную"), ("чайник", "чайника"), ("зимний", "зимнюю"), ("мой", "моя"), ("большой", "большая")]
        for (a, b) in pairs {
            let stem = { RussianStemmer.stem(TextNormalizer.fold($0), folded: true) }
            #expect(stem(a) == stem(b), "\(a), \(b)")
            #expect(stem(a) == TextNormalizer.fold(RussianStemmer.stem(a)), "\(a)")
        }
    }

    static let rules = NameMatchingRules(
        allWords: ["все"], leadingNoise: ["мои", "список", "списке", "списка", "списку", "для"],
        trailingNoise: ["список"], pluralSuffixes: [], stemmer: .russian)
    static let names = ["Покупки", "Список дел", "Дача", "Ремонт на кухне", "Ремонт в ванной", "Подарки на Новый год"]

    @Test("finds a list said in another case")
    func listInCases() {
        let matcher = NameMatcher(names: Self.names, rules: Self.rules)
        for spoken in ["покупок", "покупках", "списке покупок", "список покупок", "мои покупки"] {
            #expect(matcher.match(spoken) == .exact(0), "\(spoken)")
        }
        for spoken in ["списке дел", "списка дел", "список дел"] {
            #expect(matcher.match(spoken) == .exact(1), "\(spoken)")
        }
        for spoken in ["Даче", "дачи", "дачу", "для дачи"] {
            #expect(matcher.match(spoken) == .exact(2), "\(spoken)")
        }
        #expect(matcher.match("ремонта на кухне") == .exact(3))
        #expect(matcher.match("подарков на Новый год") == .exact(5))
        #expect(matcher.isKnown(folded: "списке покупок"))
        #expect(matcher.isKnown(folded: "даче"))
        #expect(!matcher.isKnown(folded: "книги"))
    }

    @Test("a word in two names is a menu in any case; ё is е")
    func menusAndYo() {
        let matcher = NameMatcher(names: Self.names, rules: Self.rules)
        #expect(matcher.match("ремонта") == .contained([3, 4]))
        let items = NameMatcher(names: ["молоко", "мёд", "гречка", "яйца"], rules: Self.rules)
        #expect(items.match("молока") == .exact(0))
        #expect(items.match("мед") == .exact(1))
        #expect(items.match("гречку") == .exact(2))
        #expect(items.match("яиц") == .exact(3))
        // A noun Snowball's verb step would cut short ("сметана" → "смета") still meets its other forms.
        let cream = NameMatcher(names: ["сметана"], rules: Self.rules)
        #expect(cream.match("сметану") == .exact(0))
    }

    @Test("a language file names its stemmer, and an unknown one is refused")
    func languageFileStemmer() throws {
        let yaml = "language: ru\nnames:\n  stemmer: russian\nintents: {}\n"
        #expect(try Language.load(yaml: yaml, file: "ru.yaml").nameRules.stemmer == .russian)
        #expect(throws: LanguageError.self) {
            try Language.load(yaml: "language: ru\nnames:\n  stemmer: klingon\nintents: {}\n", file: "ru.yaml")
        }
    }

    @Test("a word of ASCII alone (a number, a Latin name) is its own matching form; Cyrillic is stemmed")
    func asciiStaysAsItIs() {
        for word in ["17", "ikea", "x2", "2026"] { #expect(RussianStemmer.matchingForm(word) == word) }
        #expect(RussianStemmer.matchingForm("покупки") != "покупки")
        #expect(RussianStemmer.matchingForm("покупки") == RussianStemmer.matchingForm("покупок"))
    }
}
