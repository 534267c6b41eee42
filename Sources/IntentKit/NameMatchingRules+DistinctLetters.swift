import Foundation

extension NameMatchingRules {
    /// The words of a name that hold one of the distinct letters (`distinctLetters`), lowercased.
    func wordsWithDistinctLetters(_ name: String) -> [Substring] {
        name.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .filter { $0.contains { distinctLetters.contains($0) } }
    }

    /// Whether a word of `spoken` is one of these name words with a distinct letter typed as its
    /// base letter ("чаиная" for "чайная"): the same compared as words are, with fewer of them.
    /// An inflected form that loses the letter ("чаю" for "чай") is another word, so no.
    func lacksDistinctLetters(_ spoken: String, of nameWords: [Substring]) -> Bool {
        for token in TextNormalizer.tokenize(spoken) {
            let typed = spoken[token.range].lowercased()
            for word in nameWords where characterFold.fold(TextNormalizer.foldWord(word)) == token.folded
                && distinctCount(typed) < distinctCount(word) {
                return true
            }
        }
        return false
    }

    private func distinctCount(_ text: some StringProtocol) -> Int { text.count { distinctLetters.contains($0) } }
}
