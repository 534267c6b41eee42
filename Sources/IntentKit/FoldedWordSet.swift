import Foundation

/// A folded word or phrase as a key compared and hashed by its UTF-8 bytes. `String`'s own
/// `==` and hash compare canonical equivalence: for text that is not ASCII (Thai, Hangul,
/// Cyrillic, Han) every hash normalises and every unequal comparison checks where the two
/// could still normalise alike, several times the cost of the bytes. Folded text
/// (`TextNormalizer`: NFKC, then folded) is already in one form, so equal bytes and
/// canonical equivalence are the same answer for it.
struct FoldedKey: Hashable, Sendable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (a: FoldedKey, b: FoldedKey) -> Bool { FoldedKey.same(a.text, b.text) }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// What `Dictionary` and `Set` ask for: the bytes eight at a time, each word mixed in by a
    /// multiply from the table's seed, the count with the last bytes, the high bits folded
    /// into the low ones that pick the bucket. `Hasher`'s SipHash (seeding and finishing it)
    /// cost more than the look-ups of these few-byte keys themselves, which every word of
    /// every request makes several of; a byte at a time (FNV) waited on a multiply per byte
    /// of spans such as "milk to the grocery store list".
    func _rawHashValue(seed: Int) -> Int {
        var hash = 0xcbf2_9ce4_8422_2325 ^ UInt64(UInt(bitPattern: seed))
        var text = text
        text.withUTF8 { bytes in
            let count = bytes.count
            var index = 0
            if let base = UnsafeRawPointer(bytes.baseAddress) {
                while index + 8 <= count {
                    hash = (hash ^ base.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
                    hash ^= hash >> 29
                    index += 8
                }
            }
            var last = UInt64(count) << 56
            var shift: UInt64 = 0
            while index < count {
                last |= UInt64(bytes[index]) << shift
                shift += 8
                index += 1
            }
            hash = (hash ^ last) &* 0x9E37_79B9_7F4A_7C15
        }
        hash ^= hash >> 32
        hash &*= 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    /// Whether two folded texts are the same, byte for byte.
    static func same(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        // Over the bytes where they lie (both always are, in a String of Swift's own).
        let compared = a.utf8.withContiguousStorageIfAvailable { a in
            b.utf8.withContiguousStorageIfAvailable { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
        return (compared ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }
}

/// A set of a language's folded words and phrases (edge words, vague words, separators…),
/// ready for the look-ups the engine makes for every word of every request: by bytes
/// (`FoldedKey`), and the phrases of several characters of a script written without spaces
/// ("一下", "อันนี้") by their first (last) word, longest first, rather than by joining
/// every run of up to `SpacelessText.longestPhrase` words and looking each up.
/// The same answers as `Set<String>.contains` and `SpacelessText.phraseLength` over the set.
struct FoldedWordSet: Sendable {
    private var members = Set<FoldedKey>()
    /// One bit per member for its length and its first and last bytes (`shape`): a word whose
    /// bit is not set is no member, found without hashing it (most words asked about are none).
    private var shapes: (low: UInt64, high: UInt64) = (0, 0)
    /// Each phrase's words, under its first word and under its last, longest first.
    private var byFirst: [FoldedKey: [[String]]] = [:]
    private var byLast: [FoldedKey: [[String]]] = [:]

    init(_ set: Set<String>) {
        members.reserveCapacity(set.count)
        for member in set {
            members.insert(FoldedKey(member))
            let shape = Self.shape(member)
            if shape < 64 { shapes.low |= 1 << UInt64(shape) } else { shapes.high |= 1 << UInt64(shape - 64) }
            // Most members are one word: no space byte, no split (splitting walks the text
            // grapheme by grapheme; the twelve sets made at each start were 7% of an `ask`).
            let words = !member.isEmpty && !member.utf8.contains(UInt8(ascii: " "))
                ? [member] : member.split(separator: " ").map(String.init)
            // Only a phrase its joined words spell again is one a run of words can be.
            guard let first = words.first, let last = words.last, words.joined(separator: " ") == member else { continue }
            byFirst[FoldedKey(first), default: []].append(words)
            byLast[FoldedKey(last), default: []].append(words)
        }
        for key in byFirst.keys { byFirst[key]!.sort { $0.count > $1.count } }
        for key in byLast.keys { byLast[key]!.sort { $0.count > $1.count } }
    }

    func contains(_ word: String) -> Bool {
        let shape = Self.shape(word)
        guard (shape < 64 ? shapes.low >> UInt64(shape) : shapes.high >> UInt64(shape - 64)) & 1 == 1 else { return false }
        return members.contains(FoldedKey(word))
    }

    /// 0..<128, from a word's byte count and its first and last bytes.
    private static func shape(_ word: String) -> Int {
        var word = word
        return word.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last else { return 0 }
            return (Int(first) &* 7 &+ Int(last) &* 13 &+ bytes.count) & 127
        }
    }

    var isEmpty: Bool { members.isEmpty }

    /// `SpacelessText.phraseLength` over this set: how many of `count` words, at the start
    /// (or the end), make one phrase of it, leaving at least `keep` words; 0 when none.
    func phraseLength(count: Int, fromEnd: Bool = false, keep: Int = 0, word: (Int) -> String) -> Int {
        guard count > keep else { return 0 }
        let edge = word(fromEnd ? count - 1 : 0)
        guard SpacelessText.isSpaceless(word: edge) else { return contains(edge) ? 1 : 0 }
        let longest = min(SpacelessText.longestPhrase, count - keep)
        for phrase in (fromEnd ? byLast : byFirst)[FoldedKey(edge)] ?? [] where phrase.count <= longest {
            let start = fromEnd ? count - phrase.count : 0
            if phrase.indices.allSatisfy({ FoldedKey.same(phrase[$0], word(start + $0)) }) { return phrase.count }
        }
        return 0
    }
}

/// The language's word sets that the engine reads for every request, as `FoldedWordSet`s,
/// made once with the engine (the language's own sets stay as they are).
struct LanguageWordSets: Sendable {
    let edge: FoldedWordSet
    let vague: FoldedWordSet
    let pronouns: FoldedWordSet
    let onePronouns: FoldedWordSet
    let droppedArticles: FoldedWordSet
    let droppedDeterminers: FoldedWordSet
    let separators: FoldedWordSet
    let functionWords: FoldedWordSet
    let leadingNoise: FoldedWordSet
    let trailingNoise: FoldedWordSet
    /// Words that mean every name ("all").
    let all: FoldedWordSet
    /// Every phrase said around a name or at a value's edge ("清单", "里的").
    let fillerPhrases: FoldedWordSet
    /// Every word that never says anything by itself (`IntentEngine.isFiller`).
    let filler: FoldedWordSet
    /// The words said between two requests ("but", "then") or as a negation ("never") that are
    /// one word and no separator: inside a new value, most likely two things or one not wanted.
    let joins: FoldedWordSet
    /// The words for "list" (`NameMatchingRules.listWords`).
    let listWords: FoldedWordSet

    init(_ language: Language) {
        let rules = language.nameRules
        edge = FoldedWordSet(language.edgeWords)
        vague = FoldedWordSet(language.vagueWords)
        pronouns = FoldedWordSet(language.pronouns)
        onePronouns = FoldedWordSet(language.onePronouns)
        droppedArticles = FoldedWordSet(language.droppedArticles)
        droppedDeterminers = FoldedWordSet(language.droppedDeterminers)
        separators = FoldedWordSet(language.separators)
        functionWords = FoldedWordSet(language.functionWords)
        leadingNoise = FoldedWordSet(rules.leadingNoise)
        trailingNoise = FoldedWordSet(rules.trailingNoise)
        all = FoldedWordSet(rules.allWords)
        fillerPhrases = FoldedWordSet(rules.leadingNoise.union(rules.trailingNoise).union(language.edgeWords))
        filler = FoldedWordSet(rules.leadingNoise.union(rules.trailingNoise).union(language.edgeWords)
            .union(language.droppedArticles).union(language.separators))
        joins = FoldedWordSet(Set((language.betweenRequests + language.negations).compactMap { $0.count == 1 ? $0[0] : nil })
            .subtracting(language.separators))
        listWords = FoldedWordSet(rules.listWords)
    }
}
