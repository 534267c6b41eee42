/// A language's stemmer for names (`names.stemmer` in its file): inflected words said around
/// a name compared by their stems, so a list is found in whatever case it is said.
public enum WordStemmer: String, Sendable, CaseIterable {
    /// Snowball's Russian stemmer (`RussianStemmer`).
    case russian

    /// The form two words are compared in: equal for the forms of one word.
    package func matchingForm(_ folded: String) -> String {
        switch self {
        case .russian: RussianStemmer.matchingForm(folded)
        }
    }
}

extension NameMatcher {
    /// Whether folded words, once what is said around a name is set aside, are the whole of
    /// one of the names word by word in another form ("списке покупок" for "Покупки"), when
    /// the language has a stemmer.
    func isKnownByStems(_ text: String) -> Bool {
        let words = text.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return false }
        let core = rules.coreRange(words.count) { words[$0] }
        return isWholeName(stemmed: words[core].map { Self.stem($0, rules) }.joined(separator: " "))
    }
}
