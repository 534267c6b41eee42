import Foundation

/// How a spoken name relates to the names a person has (lists, items).
package enum NameMatch: Equatable, Sendable {
    /// The same name, ignoring case, diacritics and punctuation.
    case exact(Int)
    /// The spoken words stand inside exactly these names (best first): a guess to confirm
    /// when there is one, a menu when there are several.
    case contained([Int])
    /// The spoken words, said with a word for "list" (`NameMatchingRules.listWords`), are whole
    /// words (in either number) of this one name, side by side, and of no other: "the gift
    /// list" for Gift Shop. A list said short is that list; an item is a guess to confirm.
    case words(Int)
    /// Close in spelling (plurals, typos, sound-alikes): candidates, best first.
    case similar([Int])
    /// "all": every name.
    case all
    case none
}

/// Per-language words that name matching needs.
public struct NameMatchingRules: Sendable {
    /// Words that mean every name ("all").
    package var allWords: Set<String>
    /// Words said around a name that are not part of it ("the", "my", and "list" after it).
    package var leadingNoise: Set<String> { didSet { leadingNoiseWords = FoldedWordSet(leadingNoise) } }
    package var trailingNoise: Set<String> { didSet { trailingNoiseWords = FoldedWordSet(trailingNoise) } }
    /// The two as `FoldedWordSet`s, for `coreRange` and the matcher (every word of every name
    /// when a matcher is made): a phrase of a script without spaces found by its first (last)
    /// word, not by joining every run of up to eight characters and hashing it as a `String`
    /// (most of making a Thai matcher of a thousand names).
    var leadingNoiseWords = FoldedWordSet([])
    var trailingNoiseWords = FoldedWordSet([])
    /// Plural endings to strip when comparing ("s", "es"), longest first; "ies>y" replaces
    /// the ending ("groceries" → "grocery").
    package var pluralSuffixes: [String]
    /// Names people use for the same kind of list, each group folded words joined by spaces
    /// ("to do", "tasks", "chores"): a name said that matches nothing, but is in a group with
    /// the whole of a name there is, is a guess at that name ("my task list" → "Did you mean To Do?").
    package var sameNames: [[String]]
    /// Words for "list" (`names.list_words`): a name said with one ("the gift list") is a
    /// list's short name, so whole words of one name and no other are that name; without it
    /// ("add lilies to flower") they stay a guess.
    package var listWords: Set<String> = []
    /// A stemmer for the language's inflected words (`names.stemmer`), compared where whole
    /// words do not match: "из покупок" finds "Покупки". Nil: only `pluralSuffixes`.
    package var stemmer: WordStemmer?
    /// Characters read as others (`fold_characters:`: traditional Chinese as simplified), in
    /// names and in what is said alike.
    package var characterFold: CharacterFold = .none
    /// Letters that are letters of their own, not their base letter with a mark
    /// (`names.distinct_letters`: Russian й): a name found only by reading one as its base
    /// ("чаиная" for "Чайная") is a guess to confirm, never taken as said.
    package var distinctLetters: Set<Character> = []

    package init(
        allWords: Set<String>, leadingNoise: Set<String>, trailingNoise: Set<String>, pluralSuffixes: [String],
        sameNames: [[String]] = [], stemmer: WordStemmer? = nil, listWords: Set<String> = []
    ) {
        self.allWords = allWords
        self.leadingNoise = leadingNoise
        self.trailingNoise = trailingNoise
        leadingNoiseWords = FoldedWordSet(leadingNoise)
        trailingNoiseWords = FoldedWordSet(trailingNoise)
        self.pluralSuffixes = pluralSuffixes.sorted { Self.ending($0).count > Self.ending($1).count }
        self.sameNames = sameNames
        self.stemmer = stemmer
        self.listWords = listWords
    }

    /// The folded words of a name or of what was said, as this language compares them.
    package func words(_ text: String) -> [String] {
        TextNormalizer.tokenize(text).map { characterFold.fold($0.folded) }
    }

    /// "ies>y" → "ies"; "s" → "s".
    static func ending(_ rule: String) -> Substring { rule.split(separator: ">", omittingEmptySubsequences: false)[0] }

    /// Whether a folded word is one said around names ("the", "my", "list").
    package func isNoiseWord(_ word: String) -> Bool { leadingNoise.contains(word) || trailingNoise.contains(word) }

    /// Whether the words name nothing: only words said around a name ("the list", "my one"),
    /// so the request named no list or item at all.
    package func isUnnamed(_ spoken: String) -> Bool { isUnnamed(words: words(spoken)) }

    /// `isUnnamed` of words already read (`words(_:)`).
    private func isUnnamed(words: [String]) -> Bool {
        var words = words[...]
        guard !words.isEmpty else { return false }
        while !words.isEmpty {
            let start = words.startIndex
            let n = max(leadingNoiseLength(words.count) { words[start + $0] }, noise(trailingNoise, words.count) { words[start + $0] })
            guard n > 0 else { return false }
            words = words.dropFirst(n)
        }
        return true
    }

    /// Whether the words only point at a list without naming one: words said around names
    /// with a word for "list" among them ("my list", "the lists").
    package func isReference(_ spoken: String) -> Bool {
        // Most words asked about hold no word for "list", or begin with a word no reference
        // begins with ("milk to the list"): answered without reading them word by word.
        let first = spoken.utf8.firstIndex(of: UInt8(ascii: " ")).map { String(spoken[..<$0]) } ?? spoken
        guard leadingNoiseWords.contains(first) || listWords.contains(first),
              listWords.contains(where: { Self.holdsBytes(spoken, of: $0) })
        else { return false }
        let words = words(spoken)
        return words.contains(where: listWords.contains) && isUnnamed(words: words)
    }

    /// Whether `part`'s bytes are somewhere in `text`'s (`String.contains` compares characters, slowly).
    private static func holdsBytes(_ text: String, of part: String) -> Bool {
        var text = text, part = part
        return text.withUTF8 { haystack in
            part.withUTF8 { needle in
                guard let first = needle.first, needle.count <= haystack.count else { return false }
                for start in 0...(haystack.count - needle.count) where haystack[start] == first {
                    if (1..<needle.count).allSatisfy({ haystack[start + $0] == needle[$0] }) { return true }
                }
                return false
            }
        }
    }

    /// How many of `count` words at the start (or end) are one phrase of noise, keeping `keep`:
    /// one word, or several characters of a script written without spaces ("清单").
    package func noise(_ set: Set<String>, _ count: Int, fromEnd: Bool = false, keep: Int = 0, word: (Int) -> String) -> Int {
        SpacelessText.phraseLength(in: set, count: count, fromEnd: fromEnd, keep: keep, word: word)
    }

    /// `noise(leadingNoise, …)`, by `leadingNoiseWords` (the same answer).
    func leadingNoiseLength(_ count: Int, keep: Int = 0, word: (Int) -> String) -> Int {
        leadingNoiseWords.phraseLength(count: count, keep: keep, word: word)
    }

    /// `noise(trailingNoise, …, fromEnd: true)`, by `trailingNoiseWords` (the same answer).
    func trailingNoiseLength(_ count: Int, keep: Int = 0, word: (Int) -> String) -> Int {
        trailingNoiseWords.phraseLength(count: count, fromEnd: true, keep: keep, word: word)
    }

    /// Which of `count` words are left once what is said around a name (leading and trailing
    /// noise) is set aside, keeping one: the one place this is decided, for names as written,
    /// as said, and as slot words.
    package func coreRange(_ count: Int, word: (Int) -> String) -> Range<Int> {
        var first = 0
        var end = count
        while case let n = leadingNoiseLength(end - first, keep: 1, word: { word(first + $0) }), n > 0 { first += n }
        while case let n = trailingNoiseLength(end - first, keep: 1, word: { word(first + $0) }), n > 0 { end -= n }
        return first..<end
    }

    package static let none = NameMatchingRules(allWords: [], leadingNoise: [], trailingNoise: [], pluralSuffixes: [])
}

/// Matches spoken names against a set of names, in bands: exact, contained, similar.
/// Similar means token by token: each spoken word aligned with a word of the name, within
/// an edit distance that grows with the word's length; sounding alike (Double Metaphone)
/// allows one more edit, but only when the spelling is already close. Never on sound alone.
/// A class: the sentence matcher asks whether words are a name for every entity slot it
/// scores, and a struct of these tables and rules would be copied (each retained and
/// released) at each question.
public final class NameMatcher: Sendable {
    /// A distinct word of the names, prepared once for comparison.
    struct Word: Sendable {
        var text: String
        var stem: String
        var scalars: [Unicode.Scalar]
    }

    /// The names word by word, for the contained and similar bands: made the first time a
    /// spoken name is not one of the names as said (most requests name one exactly, and a
    /// thousand names take a few milliseconds to index).
    struct WordIndex: Sendable {
        /// Each name as the ids of its words.
        var entries: [[Int]] = []
        var words: [Word] = []
        var wordIDs: [FoldedKey: Int] = [:]
        /// Word id → the names that hold it (each once, in order).
        var postings: [[Int]] = []
        var byStem: [FoldedKey: [Int]] = [:]

        /// (These tables' keys are folded words and their stems, compared by their bytes: `FoldedKey`.)
        /// Each name's core words (`NameMatchingRules.coreRange`), stemmed, joined by spaces → the
        /// names: "groceries" is the whole of "Grocery", "pets shop" of "Pet Shop".
        var byStemmedCore: [FoldedKey: [Int]] = [:]
        /// `NameMatchingRules.sameNames`, each phrase's words stemmed; and each such phrase →
        /// the groups it is in.
        var sameNameStems: [[String]] = []
        var sameNameGroups: [String: [Int]] = [:]

        /// `names`: each name's folded words (`NameMatchingRules.words`), as the matcher made them.
        init(names: [[String]], rules: NameMatchingRules) {
            sameNameStems = rules.sameNames.map { group in
                group.map { $0.split(separator: " ").map { NameMatcher.stem(String($0), rules) }.joined(separator: " ") }
            }
            for (number, group) in sameNameStems.enumerated() {
                for phrase in group { sameNameGroups[phrase, default: []].append(number) }
            }
            entries.reserveCapacity(names.count)
            for (index, name) in names.enumerated() {
                var ids: [Int] = []
                defer {
                    let core = rules.coreRange(ids.count) { words[ids[$0]].text }
                    byStemmedCore[FoldedKey(ids[core].map { words[$0].stem }.joined(separator: " ")), default: []].append(index)
                }
                for text in name {
                    let id: Int
                    if let known = wordIDs[FoldedKey(text)] {
                        id = known
                    } else {
                        id = words.count
                        wordIDs[FoldedKey(text)] = id
                        let stem = NameMatcher.stem(text, rules)
                        words.append(Word(text: text, stem: stem, scalars: NameMatcher.comparisonScalars(text)))
                        postings.append([])
                        byStem[FoldedKey(stem), default: []].append(id)
                    }
                    ids.append(id)
                    if postings[id].last != index { postings[id].append(index) }
                }
                entries.append(ids)
            }
        }
    }

    /// Made on first use, by whichever thread asks first, from the folded words the matcher
    /// made of each name (not folded again: that was most of building it).
    private final class LazyWordIndex: @unchecked Sendable {
        private let lock = NSLock()
        private let names: [[String]]
        private let rules: NameMatchingRules
        private var built: WordIndex?

        init(_ names: [[String]], _ rules: NameMatchingRules) {
            self.names = names
            self.rules = rules
        }

        var value: WordIndex {
            lock.lock()
            defer { lock.unlock() }
            if let built { return built }
            let index = WordIndex(names: names, rules: rules)
            built = index
            return index
        }
    }

    /// The names under one key, in order: most keys have one, kept without an array of its
    /// own (a thousand one-name arrays were a fifth of building the matcher).
    struct Indices: Sendable {
        private var first = -1
        private var rest: [Int] = []

        mutating func add(_ index: Int) {
            if first < 0 { first = index } else { rest.append(index) }
        }

        var all: [Int] { [first] + rest }
    }

    private let wordIndex: LazyWordIndex
    private let stemmedCores: LazyStemmedCores
    /// Folded name → the names that fold to it (several: "Cafe" and "Café", two "milk" items).
    /// (The keys of these three tables are compared by their bytes: `FoldedKey`.)
    private let exact: [FoldedKey: Indices]
    /// A name's words run together → the names ("todo" for "To Do").
    private let runTogether: [FoldedKey: Indices]
    /// Loose form → the names with that form: a name's words run together, with and without
    /// what is said around it (`NameMatchingRules.coreRange`), so "my to do list", "todo" and
    /// "To Do" are one name, and so are "shopping" and "Shopping List".
    private let loose: [FoldedKey: Indices]
    /// The first three bytes of every loose form (all of a shorter one; see `start`): most
    /// words that are no name are turned away by one look-up here.
    private let looseStarts: Set<Int>
    /// The last byte of each of `rules.pluralSuffixes`: a word ending otherwise is no plural.
    private let pluralEnds: [UInt8]
    package let rules: NameMatchingRules
    /// The names as given: a name's words that hold one of `rules.distinctLetters` are looked
    /// for only in the one a spoken name matched (lowercasing and splitting every name when
    /// the matcher is made was a quarter of a Russian `ask` with a thousand lists).
    private let names: [String]

    public convenience init(names: [String], rules: NameMatchingRules) {
        self.init(names: names, rules: rules, cache: nil)
    }

    /// `cache`: where the names' folded words (and stemmed cores) are kept between runs; read
    /// from there when the file holds these very names, else made and written there.
    public init(names: [String], rules: NameMatchingRules, cache: NameCache?) {
        self.rules = rules
        pluralEnds = Array(Set(rules.pluralSuffixes.compactMap { $0.split(separator: ">").first?.utf8.last }))
        count = names.count
        self.names = names
        let foldedNames: [[String]]
        let keys: [Keys]
        var cores: [String]?
        if let cache, !names.isEmpty {
            if let stored = cache.read(names, stems: rules.stemmer != nil) {
                foldedNames = stored.folded
                keys = stored.keys
                cores = stored.cores
            } else {
                foldedNames = names.map(rules.words)
                keys = foldedNames.map { Keys($0, rules) }
                if rules.stemmer != nil { cores = Self.stemmedCores(foldedNames, rules) }
                cache.write(names, folded: foldedNames, keys: keys, cores: cores)
            }
        } else {
            foldedNames = names.map(rules.words)
            keys = foldedNames.map { Keys($0, rules) }
        }
        stemmedCores = LazyStemmedCores(cores, foldedNames, rules)
        // Sized once: a thousand names would otherwise grow each table several times.
        var exact: [FoldedKey: Indices] = [:]
        var runTogether: [FoldedKey: Indices] = [:]
        var loose: [FoldedKey: Indices] = [:]
        var looseStarts: Set<Int> = []
        exact.reserveCapacity(names.count)
        runTogether.reserveCapacity(names.count)
        loose.reserveCapacity(names.count * 2)
        for (index, key) in keys.enumerated() {
            exact[FoldedKey(key.exact), default: Indices()].add(index)
            guard let together = key.together else { continue }
            runTogether[FoldedKey(together), default: Indices()].add(index)
            Self.addLoose(together, index, &loose, &looseStarts)
            if let core = key.core { Self.addLoose(core, index, &loose, &looseStarts) }
        }
        wordIndex = LazyWordIndex(foldedNames, rules)
        self.exact = exact
        self.runTogether = runTogether
        self.loose = loose
        self.looseStarts = looseStarts
    }

    /// A name's keys in the matcher's tables, made from its folded words (or read from the
    /// cache: joining a thousand Thai names' words was a third of a Thai `ask`).
    struct Keys: Sendable {
        /// The words joined by spaces (`exact`).
        var exact: String
        /// The words run together (`runTogether`, `loose`); nil for a name of no words.
        var together: String?
        /// The core words (`NameMatchingRules.coreRange`) run together (`loose`), when the name
        /// has words around its core; else nil.
        var core: String?

        init(exact: String, together: String?, core: String?) {
            self.exact = exact
            self.together = together
            self.core = core
        }

        init(_ folded: [String], _ rules: NameMatchingRules) {
            exact = NameMatcher.join(folded[...], separator: " ")
            guard !folded.isEmpty else { return }
            together = folded.count == 1 ? exact : NameMatcher.join(folded[...])
            let range = rules.coreRange(folded.count) { folded[$0] }
            if range.count < folded.count { core = NameMatcher.join(folded[range]) }
        }
    }

    /// `words.joined(separator:)`, the same text, appended word by word: a short name's
    /// keys stay small strings, with nothing allocated (the generic `joined` was a quarter of
    /// making the matcher of a thousand names).
    static func join(_ words: ArraySlice<String>, separator: String = "") -> String {
        guard let first = words.first else { return "" }
        var result = first
        for word in words.dropFirst() {
            result += separator
            result += word
        }
        return result
    }

    private static func addLoose(_ key: String, _ index: Int, _ loose: inout [FoldedKey: Indices], _ starts: inout Set<Int>) {
        guard !key.isEmpty else { return }
        loose[FoldedKey(key), default: Indices()].add(index)
        starts.insert(start(key[...]))
    }

    /// A text's first three bytes (all of a shorter one) and their number, as one integer: a
    /// word of three bytes or more gives the same as any text it begins.
    /// (An `Int`, not a `UInt32`: a set of a type of its own costs the runtime a look-up the
    /// first time, a tenth of a millisecond.)
    private static func start(_ text: Substring) -> Int {
        var code = 0
        var length = 0
        for byte in text.utf8 {
            code = code << 8 | Int(byte)
            length += 1
            if length == 3 { break }
        }
        return length << 24 | code
    }

    public let count: Int

    /// Whether folded words are one of the names exactly as written (no words set aside).
    public func isExactName(folded text: String) -> Bool { exact[FoldedKey(text)] != nil }

    /// Whether folded words are one of the names, as said or in their loose form: the cheap
    /// test the sentence matcher makes for every entity slot it scores.
    public func isKnown(folded text: String) -> Bool {
        if isKnownAsSaid(text) { return true }
        // "Groceries" for "Grocery": the words in their singular (`pluralSuffixes`), tried only
        // for words ending as a plural does.
        guard rules.stemmer == nil, let last = text.utf8.last, pluralEnds.contains(last) else { return false }
        return isKnownByStems(text)
    }

    private func isKnownAsSaid(_ text: String) -> Bool {
        if exact[FoldedKey(text)] != nil { return true }
        if rules.stemmer != nil, isKnownByStems(text) { return true }
        // One word is its own loose form.
        guard let space = text.utf8.firstIndex(of: UInt8(ascii: " ")) else { return loose[FoldedKey(text)] != nil }
        // A first word that is no word said before a name is the first of the core words: when
        // no loose form starts as it does, the words are no name, found without splitting them
        // ("add milk to the hardware store", a span the sentence matcher tries).
        let head = text[..<space]
        if head.utf8.count >= 3, !looseStarts.contains(Self.start(head)), case let word = String(head),
           !SpacelessText.isSpaceless(word: word), !rules.leadingNoiseWords.contains(word) {
            return false
        }
        // Split on the bytes: splitting a String on a Character walks it grapheme by grapheme.
        var words: [Substring] = []
        var start = text.startIndex
        for index in text.utf8.indices where text.utf8[index] == UInt8(ascii: " ") {
            words.append(text[start..<index])
            start = text.utf8.index(after: index)
        }
        words.append(text[start...])
        let core = rules.coreRange(words.count) { String(words[$0]) }
        let first = words[core.lowerBound]
        if first.utf8.count >= 3, !looseStarts.contains(Self.start(first)) { return false }
        // The core words run together, as `joined()` gives them, written into one string.
        var together = ""
        together.reserveCapacity(words[core].reduce(0) { $0 + $1.utf8.count })
        for word in words[core] { together.append(contentsOf: word) }
        return loose[FoldedKey(together)] != nil
    }

    /// Whether stemmed core words (`NameMatchingRules.coreRange`) are the whole of some name:
    /// the keys of `WordIndex.byStemmedCore`, made alone (or read from the cache), not the
    /// whole word index.
    func isWholeName(stemmed: String) -> Bool { stemmedCores.value.contains(FoldedKey(stemmed)) }

    /// A name's core words (`NameMatchingRules.coreRange`), stemmed, joined by spaces: its key
    /// in `WordIndex.byStemmedCore`.
    static func stemmedCore(_ folded: [String], _ rules: NameMatchingRules, stems: inout [FoldedKey: String]) -> String {
        let core = rules.coreRange(folded.count) { folded[$0] }
        var key = ""
        for (k, word) in folded[core].enumerated() {
            if k > 0 { key += " " }
            if let known = stems[FoldedKey(word)] {
                key += known
            } else {
                let stem = Self.stem(word, rules)
                stems[FoldedKey(word)] = stem
                key += stem
            }
        }
        return key
    }

    static func stemmedCores(_ foldedNames: [[String]], _ rules: NameMatchingRules) -> [String] {
        var stems: [FoldedKey: String] = [:]
        return foldedNames.map { stemmedCore($0, rules, stems: &stems) }
    }

    /// The names' stemmed cores as a set, made on first use (from the cache's, or by stemming).
    private final class LazyStemmedCores: @unchecked Sendable {
        private let lock = NSLock()
        private let cores: [String]?
        private let names: [[String]]
        private let rules: NameMatchingRules
        private var built: Set<FoldedKey>?

        init(_ cores: [String]?, _ names: [[String]], _ rules: NameMatchingRules) {
            self.cores = cores
            self.names = names
            self.rules = rules
        }

        var value: Set<FoldedKey> {
            lock.lock()
            defer { lock.unlock() }
            if let built { return built }
            let set = Set((cores ?? NameMatcher.stemmedCores(names, rules)).map(FoldedKey.init))
            built = set
            return set
        }
    }

    /// Matches a spoken name. Candidate lists hold indices into `names`, best first. A name
    /// whose distinct letter was typed as its base ("чаиная" for "Чайная") is only similar.
    /// `saidAsList`: the name was said with a word for "list" beside it (`IntentRequest.saidAsList`).
    package func match(_ spoken: String, saidAsList: Bool = false) -> NameMatch {
        let found = matchFolded(spoken, saidAsList: saidAsList)
        guard case .exact(let index) = found, !rules.distinctLetters.isEmpty, index < names.count,
              case let distinctWords = rules.wordsWithDistinctLetters(names[index]), !distinctWords.isEmpty,
              rules.lacksDistinctLetters(spoken, of: distinctWords)
        else { return found }
        return .similar([index])
    }

    private func matchFolded(_ spoken: String, saidAsList: Bool) -> NameMatch {
        var spokenWords = rules.words(spoken)
        guard !spokenWords.isEmpty else { return .none }
        let framed = saidAsList || spokenWords.contains(where: rules.listWords.contains)
        if let found = exactMatch(spokenWords) { return found }
        // Without the words around it, the whole of a name, as written or run together:
        // "my shopping list" is Shopping List, "my todo list" is To Do.
        while case let n = rules.leadingNoiseLength(spokenWords.count, keep: 1, word: { spokenWords[$0] }), n > 0 {
            spokenWords.removeFirst(n)
        }
        while true {
            if let found = exactMatch(spokenWords) { return found }
            if let indices = runTogether[FoldedKey(spokenWords.joined())]?.all { return indices.count == 1 ? .exact(indices[0]) : .contained(indices) }
            let n = rules.trailingNoiseLength(spokenWords.count, keep: 1) { spokenWords[$0] }
            guard n > 0 else { break }
            spokenWords.removeLast(n)
        }
        // A word for "list" said inside a name: "my packing list for lisbon" is Packing for Lisbon.
        if spokenWords.count > 2, let k = spokenWords.indices.dropFirst().dropLast().first(where: { rules.listWords.contains(spokenWords[$0]) }) {
            var without = spokenWords
            without.remove(at: k)
            if let found = exactMatch(without) { return found }
        }
        // The same name said another way: "my shopping list" for "Shopping List", "todo" for
        // "To Do" (unless the words are also inside other names).
        let sameLoosely = loose[FoldedKey(spokenWords.joined())]?.all ?? []
        // "all", or the characters of one word in a script without spaces ("ทั้งหมด").
        if spokenWords.count == 1 || SpacelessText.isSpaceless(word: spokenWords[0]),
           rules.allWords.contains(spokenWords.joined(separator: " ")) { return .all }

        // Contained: each spoken word (stemmed) is a word of the name, side by side; the last
        // may be the start of a longer word of at least three letters ("groc" in "Grocery Store").
        let index = wordIndex.value
        let stems = spokenWords.map { Self.stem($0, rules) }
        let containing: [[Int: Int]] = spokenWords.enumerated().map { k, word in
            var ids: [Int: Int] = [:]
            for id in index.byStem[FoldedKey(stems[k])] ?? [] { ids[id] = 0 }
            if k == spokenWords.count - 1, word.count >= 3 {
                for (id, candidate) in index.words.enumerated() where candidate.text.hasPrefix(word) { ids[id] = 0 }
            }
            return ids
        }
        let contained = aligned(containing, index)
        // The whole of a name in another number ("groceries" for "Grocery", "pets shop" for
        // "Pet Shop"): the same name, as a person would take it, unless the words are also
        // inside other names ("groceries" with "Groceries for the Party" there too): a menu.
        let same = sameLoosely.isEmpty
            ? index.byStemmedCore[FoldedKey(stems.joined(separator: " "))] ?? []
            : sameLoosely
        if !same.isEmpty {
            let others = contained.map(\.index).filter { !same.contains($0) }.sorted()
            return same.count == 1 && others.isEmpty ? .exact(same[0]) : .contained(same + others)
        }
        // Run together and plural ("todos" for "To Do"): a guess to confirm, as plurals are.
        if contained.isEmpty, let indices = loose[FoldedKey(stems.joined())]?.all {
            return .contained(indices)
        }
        // Said as a list's short name ("the gift list" for Gift Shop): that name, when no other holds the words.
        if framed, contained.count == 1, isWholeWords(stems, of: contained[0].index, index) { return .words(contained[0].index) }
        if !contained.isEmpty {
            let scored = contained.map { (index: $0.index, coverage: Double(spokenWords.count) / Double(index.entries[$0.index].count)) }
            return .contained(scored.sorted { $0.coverage != $1.coverage ? $0.coverage > $1.coverage : $0.index < $1.index }.map(\.index))
        }
        // The words of a name in another order ("lisbon packing" for Packing for Lisbon): a guess.
        if let reordered = wordsInAnyOrder(stems, index) { return .contained(reordered) }

        // Similar: each spoken word within its edit allowance of a word of the name, or one
        // edit more when the two sound alike. (Sounds are worked out only for those.)
        let close = spokenWords.map { closeWords($0, index) }
        let similar = aligned(close, index)
        guard !similar.isEmpty else {
            let kind = sameKind(stems.joined(separator: " "), index)
            guard case .none = kind, let close = closeInCharacters(spokenWords, index) else { return kind }
            return .similar(close)
        }
        return .similar(similar.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.index < $1.index }.map(\.index))
    }

    /// Whether each spoken word (stemmed) is a whole word of name `name`, side by side — not
    /// the start of a longer one ("groc") — in a script written with spaces (a character of
    /// Chinese or Thai is too little to name a list by).
    private func isWholeWords(_ stems: [String], of name: Int, _ index: WordIndex) -> Bool {
        guard !stems.contains(where: { SpacelessText.isSpaceless(word: $0) }) else { return false }
        let whole: [[Int: Int]] = stems.map { stem in
            Dictionary(uniqueKeysWithValues: (index.byStem[FoldedKey(stem)] ?? []).map { ($0, 0) })
        }
        return aligned(whole, index).contains { $0.index == name }
    }

    /// The names holding every spoken word (stemmed) as a whole word of their own, in any order,
    /// when two or more words are said (in a script written with spaces); nil when none does.
    private func wordsInAnyOrder(_ stems: [String], _ index: WordIndex) -> [Int]? {
        guard stems.count > 1, Set(stems).count == stems.count,
              !stems.contains(where: { SpacelessText.isSpaceless(word: $0) }) else { return nil }
        var names: Set<Int>?
        for stem in stems {
            let holding = Set((index.byStem[FoldedKey(stem)] ?? []).flatMap { index.postings[$0] })
            let left = names.map { $0.intersection(holding) } ?? holding
            if left.isEmpty { return nil }
            names = left
        }
        return names?.sorted()
    }

    /// The words of the names within a spoken word's edit allowance, or one edit more when the
    /// two sound alike, or whose stem is within it of the spoken word's (a slip in a word said
    /// in the other number: "grocrey" is one swap from "grocery", the stem of "Groceries", and
    /// three edits from the word itself), with their distance (by id in `index.words`).
    private func closeWords(_ word: String, _ index: WordIndex) -> [Int: Int] {
        let scalars = Self.comparisonScalars(word)
        var stemScalars: [Unicode.Scalar]?
        var sounds: [String]?
        var ids: [Int: Int] = [:]
        for (id, candidate) in index.words.enumerated() {
            let allowance = Self.allowance(scalars, candidate.scalars)
            if abs(scalars.count - candidate.scalars.count) <= allowance + 1,
               let d = EditDistance.distance(scalars, candidate.scalars, limit: allowance + 1) {
                if d <= allowance {
                    ids[id] = d
                    continue
                }
                if allowance > 0 {
                    if sounds == nil { sounds = Self.sounds(word) }
                    let theirs = Self.sounds(candidate.text)
                    if sounds!.contains(where: theirs.contains) {
                        ids[id] = d
                        continue
                    }
                }
            }
            guard candidate.stem != candidate.text else { continue }
            if stemScalars == nil { stemScalars = Self.comparisonScalars(Self.stem(word, rules)) }
            let theirs = Self.comparisonScalars(candidate.stem)
            let allowed = Self.allowance(stemScalars!, theirs)
            if allowed > 0, abs(stemScalars!.count - theirs.count) <= allowed,
               let d = EditDistance.distance(stemScalars!, theirs, limit: allowed) {
                ids[id] = d
            }
        }
        return ids
    }

    /// A name people use for the same kind of list (`NameMatchingRules.sameNames`): the names
    /// that are wholly another name of its group, as guesses ("task" → To Do).
    /// `spoken`: the spoken words stemmed, joined by spaces.
    private func sameKind(_ spoken: String, _ index: WordIndex) -> NameMatch {
        var found: [Int] = []
        for number in index.sameNameGroups[spoken] ?? [] {
            for (phrase, stems) in zip(rules.sameNames[number], index.sameNameStems[number]) where stems != spoken {
                let candidates = (index.byStemmedCore[FoldedKey(stems)] ?? []) + (loose[FoldedKey(phrase.split(separator: " ").joined())]?.all ?? [])
                for candidate in candidates where !found.contains(candidate) { found.append(candidate) }
            }
        }
        // Else the names holding another name of the group as whole words ("my shopping list"
        // for Weekly Groceries, which holds "groceries"), in a script written with spaces; not
        // one sharing a word with what was said ("store" of "grocery store" is no Hardware Store).
        if found.isEmpty {
            let said = Set(spoken.split(separator: " "))
            for number in index.sameNameGroups[spoken] ?? [] {
                for stems in index.sameNameStems[number] where stems != spoken {
                    let words = stems.split(separator: " ").map(String.init)
                    guard !words.contains(where: { SpacelessText.isSpaceless(word: $0) || said.contains(Substring($0)) }) else { continue }
                    var names: Set<Int>?
                    for word in words {
                        let holding = Set((index.byStem[FoldedKey(word)] ?? []).flatMap { index.postings[$0] })
                        names = names.map { $0.intersection(holding) } ?? holding
                    }
                    for candidate in (names ?? []).sorted() where !found.contains(candidate) { found.append(candidate) }
                }
            }
        }
        return found.isEmpty ? .none : .similar(found)
    }

    /// One name the same as the spoken one; several that fold alike are a menu, not a guess.
    private func exactMatch(_ spokenWords: [String]) -> NameMatch? {
        guard let indices = exact[FoldedKey(spokenWords.joined(separator: " "))]?.all else { return nil }
        return indices.count == 1 ? .exact(indices[0]) : .contained(indices)
    }

    /// Names holding, side by side, a word allowed for each spoken word (`allowed[k]`: word id
    /// → its distance), with the smallest total distance over their windows.
    private func aligned(_ allowed: [[Int: Int]], _ words: WordIndex) -> [(index: Int, distance: Int)] {
        guard let first = allowed.first, !first.isEmpty, !allowed.contains(where: \.isEmpty) else { return [] }
        var candidates = Set<Int>()
        for id in first.keys { candidates.formUnion(words.postings[id]) }
        var result: [(index: Int, distance: Int)] = []
        for index in candidates {
            let ids = words.entries[index]
            guard allowed.count <= ids.count else { continue }
            var best: Int?
            for start in 0...(ids.count - allowed.count) {
                var total = 0
                var ok = true
                for (k, options) in allowed.enumerated() {
                    guard let d = options[ids[start + k]] else {
                        ok = false
                        break
                    }
                    total += d
                }
                if ok { best = min(best ?? total, total) }
            }
            if let best { result.append((index, best)) }
        }
        return result
    }

    /// Edits allowed for a word of this length: none for very short words.
    static func allowance(_ length: Int) -> Int {
        switch length {
        case ..<3: return 0
        case 3...5: return 1
        case 6...9: return 2
        default: return 3
        }
    }

    package static func stem(_ word: String, _ rules: NameMatchingRules) -> String {
        if let stemmer = rules.stemmer { return stemmer.matchingForm(word) }
        // The cheap test first (most words end in none of the suffixes), and no arrays made:
        // every word of every name passes here when a matcher is built.
        for rule in rules.pluralSuffixes {
            let arrow = rule.firstIndex(of: ">")
            let suffix = rule[..<(arrow ?? rule.endIndex)]
            // An ASCII ending is compared byte by byte (the same answer, without comparing
            // characters); any other as characters.
            let ends = suffix.utf8.allSatisfy { $0 < 0x80 }
                ? word.utf8.count >= suffix.utf8.count && word.utf8.suffix(suffix.utf8.count).elementsEqual(suffix.utf8)
                : word.hasSuffix(suffix)
            guard ends, word.count > suffix.count + 2 else { continue }
            return String(word.dropLast(suffix.count)) + (arrow.map { rule[rule.index(after: $0)...] } ?? "")
        }
        return word
    }

    static func sounds(_ word: String) -> [String] {
        let codes = DoubleMetaphone.codes(word)
        return codes.primary.isEmpty ? [] : (codes.alternate == codes.primary ? [codes.primary] : [codes.primary, codes.alternate])
    }
}

enum EditDistance {
    static func distance(_ a: String, _ b: String, limit: Int) -> Int? {
        distance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit)
    }

    /// The edits between two words (of folded scalars), a letter added, dropped or changed, or
    /// two letters side by side swapped ("grocrey" for "grocery", "teh"): Levenshtein with
    /// adjacent transpositions (optimal string alignment). Nil when it exceeds `limit`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
        if abs(a.count - b.count) > limit { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) <= limit ? max(a.count, b.count) : nil }
        var beforePrevious = Array(repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        var previousMinimum = 0
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
                rowMinimum = min(rowMinimum, current[j])
            }
            // A swap reaches back two rows: stop only when neither this row nor the last can
            // lead to a distance within the limit.
            if rowMinimum > limit, previousMinimum >= limit { return nil }
            previousMinimum = rowMinimum
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
