/// How a spoken name relates to the names a person has (lists, items).
public enum NameMatch: Equatable, Sendable {
    /// The same name, ignoring case, diacritics and punctuation.
    case exact(Int)
    /// The spoken words stand inside exactly these names (best first): a guess to confirm
    /// when there is one, a menu when there are several.
    case contained([Int])
    /// Close in spelling (plurals, typos, sound-alikes): candidates, best first.
    case similar([Int])
    /// "all": every name.
    case all
    case none
}

/// Per-language words that name matching needs.
public struct NameMatchingRules: Sendable {
    /// Words that mean every name ("all").
    public var allWords: Set<String>
    /// Words said around a name that are not part of it ("the", "my", and "list" after it).
    public var leadingNoise: Set<String>
    public var trailingNoise: Set<String>
    /// Plural endings to strip when comparing ("s", "es"), longest first.
    public var pluralSuffixes: [String]

    public init(allWords: Set<String>, leadingNoise: Set<String>, trailingNoise: Set<String>, pluralSuffixes: [String]) {
        self.allWords = allWords
        self.leadingNoise = leadingNoise
        self.trailingNoise = trailingNoise
        self.pluralSuffixes = pluralSuffixes.sorted { $0.count > $1.count }
    }

    public static let none = NameMatchingRules(allWords: [], leadingNoise: [], trailingNoise: [], pluralSuffixes: [])
}

/// Matches spoken names against a set of names, in bands: exact, contained, similar.
/// Similar means token by token: each spoken word aligned with a word of the name, within
/// an edit distance that grows with the word's length; sounding alike (Double Metaphone)
/// allows one more edit, but only when the spelling is already close. Never on sound alone.
public struct NameMatcher: Sendable {
    struct Entry: Sendable {
        var words: [String]
        var stems: [String]
        var joined: String
        var sounds: [[String]]
    }

    private var entries: [Entry] = []
    private var exact: [String: Int] = [:]
    public let rules: NameMatchingRules

    public init(names: [String], rules: NameMatchingRules) {
        self.rules = rules
        entries.reserveCapacity(names.count)
        for (index, name) in names.enumerated() {
            let words = TextNormalizer.tokenize(name).map(\.folded)
            let joined = words.joined(separator: " ")
            entries.append(Entry(
                words: words, stems: words.map(stem), joined: joined, sounds: words.map(Self.sounds)))
            if exact[joined] == nil { exact[joined] = index }
        }
    }

    public var count: Int { entries.count }

    /// Matches a spoken name. Candidate lists hold indices into `names`, best first.
    public func match(_ spoken: String) -> NameMatch {
        var words = TextNormalizer.tokenize(spoken).map(\.folded)
        guard !words.isEmpty else { return .none }
        if let index = exact[words.joined(separator: " ")] { return .exact(index) }
        while words.count > 1, let first = words.first, rules.leadingNoise.contains(first) { words.removeFirst() }
        while words.count > 1, let last = words.last, rules.trailingNoise.contains(last) { words.removeLast() }
        if let index = exact[words.joined(separator: " ")] { return .exact(index) }
        if words.count == 1, rules.allWords.contains(words[0]) { return .all }

        let stems = words.map(stem)
        var contained: [(index: Int, coverage: Double)] = []
        for (index, entry) in entries.enumerated() where contains(entry, stems) {
            contained.append((index, Double(words.count) / Double(max(entry.words.count, 1))))
        }
        if !contained.isEmpty {
            return .contained(contained.sorted { $0.coverage > $1.coverage }.map(\.index))
        }

        let sounds = words.map(Self.sounds)
        var similar: [(index: Int, distance: Int)] = []
        for (index, entry) in entries.enumerated() {
            if let distance = alignedDistance(words, sounds, entry) { similar.append((index, distance)) }
        }
        guard !similar.isEmpty else { return .none }
        return .similar(similar.sorted { $0.distance < $1.distance }.map(\.index))
    }

    /// The spoken words (stemmed) occur in order, side by side, in the name; the last may be
    /// the start of a longer word of at least three letters ("groc" in "Grocery Store").
    private func contains(_ entry: Entry, _ stems: [String]) -> Bool {
        guard stems.count <= entry.words.count else { return false }
        for start in 0...(entry.words.count - stems.count) {
            var ok = true
            for (offset, spoken) in stems.enumerated() {
                let name = entry.stems[start + offset]
                let isLast = offset == stems.count - 1
                if name == spoken { continue }
                if isLast, spoken.count >= 3, entry.words[start + offset].hasPrefix(spoken) { continue }
                ok = false
                break
            }
            if ok { return true }
        }
        return false
    }

    /// The smallest total edit distance aligning the spoken words with side-by-side words of
    /// the name, each within its allowance; nil when no alignment is close enough.
    private func alignedDistance(_ words: [String], _ sounds: [[String]], _ entry: Entry) -> Int? {
        guard words.count <= entry.words.count else { return nil }
        var best: Int?
        for start in 0...(entry.words.count - words.count) {
            var total = 0
            var ok = true
            for (offset, word) in words.enumerated() {
                let target = entry.words[start + offset]
                let allowance = Self.allowance(max(word.count, target.count))
                let soundsAlike = !Set(sounds[offset]).isDisjoint(with: entry.sounds[start + offset])
                let limit = allowance + (soundsAlike && allowance > 0 ? 1 : 0)
                guard let d = EditDistance.levenshtein(word, target, limit: limit) else {
                    ok = false
                    break
                }
                total += d
            }
            if ok, total > 0 || words.count < entry.words.count { best = min(best ?? total, total) }
        }
        return best
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

    private func stem(_ word: String) -> String {
        for suffix in rules.pluralSuffixes where word.count > suffix.count + 2 && word.hasSuffix(suffix) {
            return String(word.dropLast(suffix.count))
        }
        return word
    }

    static func sounds(_ word: String) -> [String] {
        let codes = DoubleMetaphone.codes(word)
        return codes.primary.isEmpty ? [] : (codes.alternate == codes.primary ? [codes.primary] : [codes.primary, codes.alternate])
    }
}

enum EditDistance {
    /// Levenshtein distance over characters, or nil when it exceeds `limit`.
    static func levenshtein(_ a: String, _ b: String, limit: Int) -> Int? {
        let a = Array(a), b = Array(b)
        if abs(a.count - b.count) > limit { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) <= limit ? max(a.count, b.count) : nil }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
