import Foundation
import Testing

@testable import IntentKit

/// The names' folded words kept between runs (`NameCache`): a matcher made from the file
/// answers exactly as one made from the names, and the file is used only for the very names
/// it was written for.
@Suite("Name cache")
struct NameCacheTests {
    static let rules: NameMatchingRules = {
        var rules = NameMatchingRules(
            allWords: ["все"], leadingNoise: ["мой", "моя"], trailingNoise: ["список"], pluralSuffixes: [], stemmer: .russian,
            listWords: ["список"])
        rules.distinctLetters = ["й"]
        return rules
    }()

    static let names = ["Покупки на рынке", "Чайная", "Дела по дому", "Книги для отпуска", "Café 12", "Подарки детям", "Ремонт"]

    /// Said in other cases and numbers, with words around, misspelt, or naming nothing.
    static let said = [
        "покупки на рынке", "покупок на рынке", "мой список покупок на рынке", "чаиная", "чайной", "дел по дому",
        "книгах для отпуска", "cafe 12", "подарков детям", "ремонта", "ремонт", "подарк", "все", "кухня", "дела",
    ]

    private func cache() -> NameCache {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("listomat-name-cache-" + UUID().uuidString)
        return MatcherCache(directory: folder, build: "test").names(locale: "ru", catalogKey: 7)!
    }

    /// Every answer a matcher gives to what is said: its band, and whether it knows the words.
    private func answers(_ matcher: NameMatcher) -> [String] {
        Self.said.map { said in
            let folded = Self.rules.words(said).joined(separator: " ")
            return "\(said): \(matcher.match(said)) \(matcher.match(said, saidAsList: true)) \(matcher.isKnown(folded: folded))"
        }
    }

    @Test("written on first use, read after: the same answers as a matcher made without it")
    func sameAnswers() throws {
        let cache = cache()
        let plain = answers(NameMatcher(names: Self.names, rules: Self.rules))
        #expect(answers(NameMatcher(names: Self.names, rules: Self.rules, cache: cache)) == plain)
        let written = try #require(FileManager.default.contents(atPath: cache.file.path))
        #expect(cache.read(Self.names, stems: true)?.folded == Self.names.map(Self.rules.words))
        #expect(answers(NameMatcher(names: Self.names, rules: Self.rules, cache: cache)) == plain)
        #expect(FileManager.default.contents(atPath: cache.file.path) == written)
    }

    @Test("a list renamed, added or taken away, or the names in another order: the file is not used, and written again")
    func otherNames() throws {
        let cache = cache()
        _ = NameMatcher(names: Self.names, rules: Self.rules, cache: cache)
        var renamed = Self.names
        renamed[3] = "Книги для дачи"
        let others = [renamed, Self.names + ["Кухня"], Array(Self.names.dropLast()), Self.names.reversed(), ["Ремонт"]]
        for names in others {
            #expect(cache.read(names, stems: true) == nil)
            let cached = NameMatcher(names: names, rules: Self.rules, cache: cache)
            #expect(answers(cached) == answers(NameMatcher(names: names, rules: Self.rules)))
            #expect(cache.read(names, stems: true)?.folded == names.map(Self.rules.words))
        }
        // Without a stemmer the file holds no stems: one written with them is not read as without.
        #expect(cache.read(["Ремонт"], stems: false) == nil)
    }

    @Test("a damaged file is ignored and written again")
    func damaged() throws {
        let cache = cache()
        _ = NameMatcher(names: Self.names, rules: Self.rules, cache: cache)
        let written = try #require(FileManager.default.contents(atPath: cache.file.path))
        for damaged in [written.prefix(written.count / 2), Data(repeating: 0x55, count: written.count), written.dropLast()] {
            try damaged.write(to: cache.file)
            #expect(cache.read(Self.names, stems: true) == nil)
            #expect(answers(NameMatcher(names: Self.names, rules: Self.rules, cache: cache)) == answers(NameMatcher(names: Self.names, rules: Self.rules)))
            #expect(FileManager.default.contents(atPath: cache.file.path) == written)
        }
    }
}
