import Foundation

/// A language's stemmer for names (`names.stemmer` in its file): inflected words said around
/// a name compared by their stems, so a list is found in whatever case it is said.
public enum WordStemmer: String, Sendable, CaseIterable {
    /// Snowball's Russian stemmer (`RussianStemmer`).
    case russian

    /// The form two words are compared in: equal for the forms of one word. Remembered: the
    /// sentence matcher asks about the same words once for every place a name could end, and
    /// the stemmer costs a microsecond or more a word.
    package func matchingForm(_ folded: String) -> String {
        if let known = StemMemo.shared.form(folded, self) { return known }
        let form = switch self {
        case .russian: RussianStemmer.matchingForm(folded)
        }
        StemMemo.shared.remember(folded, form, self)
        return form
    }
}

/// Words already stemmed, by stemmer and folded word, shared by every thread. Emptied when it
/// reaches `capacity`, so a long-running process (the TUI, the MCP server) never grows it
/// without bound; a person's names and words are far fewer.
private final class StemMemo: @unchecked Sendable {
    static let shared = StemMemo()
    static let capacity = 20_000

    private let lock = NSLock()
    /// Words compared by their bytes (`FoldedKey`): they are folded.
    private var forms: [WordStemmer: [FoldedKey: String]] = [:]
    private var count = 0

    func form(_ word: String, _ stemmer: WordStemmer) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return forms[stemmer]?[FoldedKey(word)]
    }

    func remember(_ word: String, _ form: String, _ stemmer: WordStemmer) {
        lock.lock()
        defer { lock.unlock() }
        if count >= Self.capacity {
            forms.removeAll(keepingCapacity: true)
            count = 0
        }
        if forms[stemmer, default: [:]].updateValue(form, forKey: FoldedKey(word)) == nil { count += 1 }
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
