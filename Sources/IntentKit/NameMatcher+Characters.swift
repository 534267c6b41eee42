/// "Did you mean" for names in scripts written without spaces: each character is a word
/// (`SpacelessText`), so a typo is a wrong character ("购物清丹" for 购物清单, "代办" for
/// 待办事项), which no word-by-word allowance catches and no sound code (Double Metaphone
/// reads Latin letters) hears. These names are compared by their characters instead.
extension NameMatcher {
    /// The names within an edit allowance of the spoken characters (noise already set aside),
    /// best first: the whole name or its core ("购物单" for 购物清单), or as many of its
    /// characters side by side with as many substitutions ("代办" in 待办事项). Nil when the
    /// spoken words are not all such characters, or nothing is close.
    func closeInCharacters(_ spoken: [String], _ index: WordIndex) -> [Int]? {
        guard spoken.count >= 2, spoken.allSatisfy(SpacelessText.isSpaceless(word:)) else { return nil }
        let allowance = Self.characterAllowance(spoken.count)
        let said = spoken.map { Array($0.unicodeScalars) }
        var found: [(index: Int, distance: Int)] = []
        for (number, ids) in index.entries.enumerated() {
            let name = ids.map { index.words[$0].text }
            let core = rules.coreRange(name.count) { name[$0] }
            var best = Self.distance(said, name, limit: allowance)
            if core.count < name.count {
                best = [best, Self.distance(said, Array(name[core]), limit: allowance)].compactMap { $0 }.min()
            }
            if let inside = Self.substitutions(spoken, name, limit: allowance) { best = min(best ?? inside, inside) }
            if let best { found.append((number, best)) }
        }
        guard !found.isEmpty else { return nil }
        return found.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.index < $1.index }.map(\.index)
    }

    /// Edits allowed between names of this many characters: one up to four (a Chinese name
    /// is two to four characters), two up to eight, three beyond.
    static func characterAllowance(_ count: Int) -> Int {
        switch count {
        case ..<2: return 0
        case 2...4: return 1
        case 5...8: return 2
        default: return 3
        }
    }

    /// The edit distance between two names of single characters (each as its scalars), or nil
    /// past `limit`.
    private static func distance(_ said: [[Unicode.Scalar]], _ name: [String], limit: Int) -> Int? {
        // Each character is one symbol: compare them as strings, mapped to small integers.
        var symbols: [[Unicode.Scalar]: Unicode.Scalar] = [:]
        func symbol(_ scalars: [Unicode.Scalar]) -> Unicode.Scalar {
            if let known = symbols[scalars] { return known }
            let next = Unicode.Scalar(UInt32(0xE000 + symbols.count)) ?? "?"
            symbols[scalars] = next
            return next
        }
        let a = said.map(symbol)
        let b = name.map { symbol(Array($0.unicodeScalars)) }
        return EditDistance.distance(a, b, limit: limit)
    }

    /// The fewest substitutions that make the spoken characters a run of the name's, or nil
    /// past `limit` (and for a name no longer than what was said: that is `distance`'s).
    private static func substitutions(_ spoken: [String], _ name: [String], limit: Int) -> Int? {
        guard spoken.count < name.count else { return nil }
        var best: Int?
        for start in 0...(name.count - spoken.count) {
            var count = 0
            for k in spoken.indices where spoken[k] != name[start + k] { count += 1 }
            // Not one character in common is no likeness.
            if count <= limit, count < spoken.count { best = min(best ?? count, count) }
        }
        return best
    }
}
