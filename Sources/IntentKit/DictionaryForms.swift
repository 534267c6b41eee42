import Foundation

/// How a language turns a new value said in another case back into its dictionary form, from
/// the language file's `dictionary_forms:` (today Russian: "добавь колбасу" adds "колбаса",
/// "зубную пасту" adds "зубная паста"). Only the first noun of a value changes, with the words
/// before it that agree with it: the first word that does not end in one of `agreeing`'s
/// endings is the noun, and takes its ending from `endings` ("у" → "а"); the words before it
/// take theirs from `agreeing` ("ую" → "ая"). Everything after the noun ("пасту для зубов"),
/// a noun ending otherwise ("молоко", "семена огурцов"), a word of `unchanged` (nouns that end so
/// in the dictionary: "рагу", "меню") and a value whose first word is not such a noun ("купить
/// колбасу", a thing to do) are kept as said. So is a value with a verb in it: a word with an
/// ending of `verb_endings` ("маму поздравить"), or a noun followed by a word that takes a
/// said ending itself ("поглажу рубашку": the first word is a verb with its object). `words`
/// and `agreeing_words` give whole words their own form ("чаю" → "чай", "одну" → "одна").
/// Without the key a language stores values as said.
///
/// Words are compared lower-cased with ё read as е; the form keeps the said word's capitals.
package struct DictionaryForms: Sendable, Equatable {
    /// A noun's ending as said → its ending in the dictionary, longest first.
    package private(set) var endings: [(said: String, form: String)] = []
    /// The ending of a word agreeing with the noun after it (an adjective), longest first.
    package private(set) var agreeing: [(said: String, form: String)] = []
    /// Nouns said in a form of their own → the dictionary form.
    package private(set) var words: [String: String] = [:]
    /// Words agreeing with the noun after them, said in a form of their own ("одну", "мою").
    package private(set) var agreeingWords: [String: String] = [:]
    /// Nouns whose dictionary form ends like a said form ("рагу", "меню").
    package private(set) var unchanged: Set<String> = []
    /// Endings of verbs (infinitives): a value with such a word is a thing to do.
    package private(set) var verbEndings: [String] = []
    /// Words (prepositions) that put the values said right after them in a case of their own,
    /// and the forms that case returns to (`after:`, with its own `prepositions:`): Russian "с"
    /// takes the instrumental, "с соком и хлебом" → "сок", "хлеб". Only there: "-ом" and "-ой"
    /// also end dictionary words ("ром", "домой"). Empty, or one table.
    package private(set) var afterWords: Set<String> = []
    private var afterForms: [DictionaryForms] = []
    /// The endings of words agreeing with a noun whose dictionary form ends so, in place of
    /// `agreeing`'s (`agreeing_by_noun:`): "холодным пивом" → "холодное пиво" (пиво ends in
    /// -о), "свежим хлебом" → "свежий хлеб".
    private var agreeingByNoun: [String: [String: String]] = [:]

    package static let none = DictionaryForms()

    package var isEmpty: Bool { endings.isEmpty && agreeing.isEmpty && words.isEmpty && agreeingWords.isEmpty }

    /// The table for values said right after `word` (folded), if the language has one.
    package func after(_ word: String) -> DictionaryForms? {
        afterWords.isEmpty || !afterWords.contains(Self.key(word)) ? nil : afterForms.first
    }

    /// With the forms values take after `words` (`after:`).
    package func with(after forms: DictionaryForms, words: Set<String>) -> DictionaryForms {
        var result = self
        result.afterForms = forms.isEmpty || words.isEmpty ? [] : [forms]
        result.afterWords = result.afterForms.isEmpty ? [] : Set(words.map(Self.key))
        return result
    }

    init() {}

    static func pairs(_ map: [String: String]) -> [(said: String, form: String)] {
        map.map { (Self.key($0.key), $0.value.lowercased()) }
            .sorted { $0.said.count != $1.said.count ? $0.said.count > $1.said.count : $0.said < $1.said }
    }

    package init(endings: [String: String], agreeing: [String: String], words: [String: String],
                 agreeingWords: [String: String], unchanged: Set<String>, verbEndings: [String] = [],
                 agreeingByNoun: [String: [String: String]] = [:]) {
        func pairs(_ map: [String: String]) -> [(said: String, form: String)] { Self.pairs(map) }
        self.agreeingByNoun = Dictionary(agreeingByNoun.map { (Self.key($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.endings = pairs(endings)
        self.agreeing = pairs(agreeing)
        self.words = Dictionary(words.map { (Self.key($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.agreeingWords = Dictionary(agreeingWords.map { (Self.key($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.unchanged = Set(unchanged.map(Self.key))
        self.verbEndings = verbEndings.map(Self.key).sorted()
    }

    /// `text` with its first noun (and the words agreeing with it) in the dictionary form.
    package func dictionaryForm(of text: String) -> String {
        guard !isEmpty else { return text }
        var said = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard !said.contains(where: isVerb) else { return text }
        let original = said
        var agreeingWith: [Int] = []
        var index = said.firstIndex { !$0.isEmpty } ?? said.count
        var changed = false
        while index < said.count {
            let word = said[index]
            let next = said[(index + 1)...].firstIndex { !$0.isEmpty }
            // A word agreeing with the noun after it, which takes a said ending too ("копчёной
            // колбасой"); "колбасой с сыром" is a noun and what goes with it.
            if let next, takesSaidEnding(said[next]), let form = agreeingForm(word) {
                said[index] = form
                agreeingWith.append(index)
                changed = true
                index = next
                continue
            }
            if let form = nounForm(word) {
                // "поглажу рубашку": a word after it with a said ending is the object of a verb.
                if let next, takesSaidEnding(said[next]) { return text }
                said[index] = form
                changed = true
                let noun = Self.key(form)
                if let table = agreeingByNoun.filter({ noun.hasSuffix($0.key) }).max(by: { $0.key.count < $1.key.count })?.value {
                    let pairs = Self.pairs(table)
                    for at in agreeingWith where agreeingWords[Self.key(original[at])] == nil {
                        if let form = Self.replacingEnding(of: original[at], key: Self.key(original[at]), from: pairs) { said[at] = form }
                    }
                }
            }
            break
        }
        return changed ? said.joined(separator: " ") : text
    }

    private func agreeingForm(_ word: String) -> String? {
        let key = Self.key(word)
        if let form = agreeingWords[key] { return Self.cased(form, like: word) }
        return Self.replacingEnding(of: word, key: key, from: agreeing)
    }

    private func isVerb(_ word: String) -> Bool {
        let key = Self.key(word)
        return verbEndings.contains { key.hasSuffix($0) && key.count >= $0.count + 2 }
    }

    private func takesSaidEnding(_ word: String) -> Bool {
        let key = Self.key(word)
        return words[key] != nil || agreeingWords[key] != nil
            || (endings + agreeing).contains { key.hasSuffix($0.said) && key.count >= $0.said.count + 2 }
    }

    private func nounForm(_ word: String) -> String? {
        let key = Self.key(word)
        if unchanged.contains(key) { return nil }
        if let form = words[key] { return Self.cased(form, like: word) }
        // A word agreeing with a noun that was not said ("добавь новую") is kept as said, unless
        // a noun's ending as long fits it too ("колбасой" after "с": -ой ends both).
        if let adjective = agreeing.first(where: { key.hasSuffix($0.said) }),
           !endings.contains(where: { key.hasSuffix($0.said) && $0.said.count >= adjective.said.count }) { return nil }
        return Self.replacingEnding(of: word, key: key, from: endings)
    }

    /// The word with its ending replaced, if it ends in one and keeps at least two letters before it.
    private static func replacingEnding(of word: String, key: String, from pairs: [(said: String, form: String)]) -> String? {
        guard let pair = pairs.first(where: { key.hasSuffix($0.said) && key.count >= $0.said.count + 2 }) else { return nil }
        let stem = word.dropLast(pair.said.count)
        guard stem.allSatisfy({ $0.isLetter || $0 == "-" }) else { return nil }
        let ending = String(word.suffix(pair.said.count))
        let shouting = ending == ending.uppercased() && ending != ending.lowercased()
        return stem + (shouting ? pair.form.uppercased() : pair.form)
    }

    private static func cased(_ form: String, like word: String) -> String {
        if word == word.uppercased() && word != word.lowercased() && word.count > 1 { return form.uppercased() }
        guard let first = word.first, first.isUppercase else { return form }
        return form.prefix(1).uppercased() + form.dropFirst()
    }

    static func key(_ word: String) -> String {
        let lowered = word.lowercased()
        // Without Foundation's search when there is no "ё" (most words, and every word of most languages).
        guard lowered.unicodeScalars.contains("ё") else { return lowered }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: lowered.unicodeScalars.lazy.map { $0 == "ё" ? "е" : $0 })
        return String(scalars)
    }

    package static func == (lhs: DictionaryForms, rhs: DictionaryForms) -> Bool {
        lhs.endings.elementsEqual(rhs.endings, by: ==) && lhs.agreeing.elementsEqual(rhs.agreeing, by: ==)
            && lhs.words == rhs.words && lhs.agreeingWords == rhs.agreeingWords && lhs.unchanged == rhs.unchanged
            && lhs.verbEndings == rhs.verbEndings && lhs.afterWords == rhs.afterWords && lhs.afterForms == rhs.afterForms
            && lhs.agreeingByNoun == rhs.agreeingByNoun
    }
}

extension DictionaryForms {
    /// From the language file's `dictionary_forms:` mapping.
    init(_ map: [String: Any], fail: (String) -> Error) throws {
        func pairs(_ key: String) throws -> [String: String] {
            guard let value = map[key] else { return [:] }
            guard let pairs = value as? [String: Any] else { throw fail("dictionary_forms.\(key) must be a mapping") }
            var result: [String: String] = [:]
            for (said, form) in pairs {
                guard let form = form as? String else { throw fail("dictionary_forms.\(key).\(said) must be text") }
                result[said] = form
            }
            return result
        }
        let known: Set<String> = ["endings", "agreeing", "words", "agreeing_words", "unchanged", "verb_endings", "after",
                                  "agreeing_by_noun"]
        if let unknown = map.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail("dictionary_forms.\(unknown) is not one of \(known.sorted().joined(separator: ", "))")
        }
        func words(_ key: String) throws -> [String] {
            guard let value = map[key] else { return [] }
            guard let list = value as? [Any], list.allSatisfy({ $0 is String }) else { throw fail("dictionary_forms.\(key) must be a list of words") }
            return list.compactMap { $0 as? String }
        }
        var byNoun: [String: [String: String]] = [:]
        if let value = map["agreeing_by_noun"] {
            guard let tables = value as? [String: Any] else { throw fail("dictionary_forms.agreeing_by_noun must be a mapping") }
            for (ending, table) in tables {
                guard let table = table as? [String: Any], table.values.allSatisfy({ $0 is String }) else {
                    throw fail("dictionary_forms.agreeing_by_noun.\(ending) must be a mapping of endings")
                }
                byNoun[ending] = table.compactMapValues { $0 as? String }
            }
        }
        self.init(endings: try pairs("endings"), agreeing: try pairs("agreeing"), words: try pairs("words"),
                  agreeingWords: try pairs("agreeing_words"), unchanged: Set(try words("unchanged")),
                  verbEndings: try words("verb_endings"), agreeingByNoun: byNoun)
        if let after = map["after"] {
            // `after: {prepositions: [с, со], endings: …}`: the same keys, for values said after those words.
            guard var table = after as? [String: Any] else { throw fail("dictionary_forms.after must be a mapping") }
            guard let prepositions = table.removeValue(forKey: "prepositions") as? [Any], !prepositions.isEmpty,
                  prepositions.allSatisfy({ $0 is String }) else {
                throw fail("dictionary_forms.after.prepositions must be a list of words")
            }
            if table["after"] != nil { throw fail("dictionary_forms.after may not have an after of its own") }
            let forms = try DictionaryForms(table, fail: { fail("after: " + $0) })
            self = with(after: forms, words: Set(prepositions.compactMap { $0 as? String }))
        }
    }
}

extension DictionaryForms: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        let endings: [String: String] = try reader.read()
        let agreeing: [String: String] = try reader.read()
        let words: [String: String] = try reader.read()
        let agreeingWords: [String: String] = try reader.read()
        let unchanged: Set<String> = try reader.read()
        let verbEndings: [String] = try reader.read()
        let agreeingByNoun: [String: [String: String]] = try reader.read()
        self.init(endings: endings, agreeing: agreeing, words: words, agreeingWords: agreeingWords, unchanged: unchanged,
                  verbEndings: verbEndings, agreeingByNoun: agreeingByNoun)
        let afterWords: Set<String> = try reader.read()
        let afterForms: [DictionaryForms] = try reader.read()
        if let forms = afterForms.first { self = with(after: forms, words: afterWords) }
    }

    func write(to writer: inout CacheWriter) {
        writer.write(Dictionary(endings.map { ($0.said, $0.form) }, uniquingKeysWith: { first, _ in first }))
        writer.write(Dictionary(agreeing.map { ($0.said, $0.form) }, uniquingKeysWith: { first, _ in first }))
        writer.write(words)
        writer.write(agreeingWords)
        writer.write(unchanged)
        writer.write(verbEndings)
        writer.write(agreeingByNoun)
        writer.write(afterWords)
        writer.write(afterForms)
    }
}
