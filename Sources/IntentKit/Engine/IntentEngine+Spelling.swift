import Foundation

/// Misspelt words of a request itself ("chekc off nails", "remvoe glue from the hardware list"):
/// when no sentence reads the words as typed, a word no template uses is read as a template
/// word one slip away (a letter wrong, missing or extra, or two side by side swapped). The
/// sentence that then reads the whole, with that word one of its own (never inside a value),
/// is a guess: asked about before anything changes.
extension IntentEngine {
    /// Words shorter than this stay as typed: "ad" is one slip from too many words.
    static let shortestCorrected = 4
    /// At most this many words of one request are tried, first to last.
    static let correctionsTried = 3

    func misspeltReading(_ utterance: Utterance) -> Parse? {
        for candidate in utterance.candidates {
            let command = Array(stripPadding(candidate))
            guard !isNegated(command[...]) else { continue }
            var tried = 0
            for k in command.indices where tried < Self.correctionsTried {
                let word = command[k].folded
                guard word.count >= Self.shortestCorrected, !sentences.isTemplateWord(word),
                      !SpacelessText.isSpaceless(word: word)
                else { continue }
                tried += 1
                let first = k == command.startIndex
                for replacement in slipWords.value?.words(oneSlipFrom: word) ?? []
                where Self.isSlipOfShortWord(word, replacement, first: first) {
                    var words = command
                    words[k].folded = replacement
                    guard let match = sentences.bestMatch(words, in: utterance.text, isKnown: utterance.isKnown, isExact: utterance.isExact),
                          !match.slots.contains(where: { $0.tokens.contains(k) }),
                          !isWeak(match, words, utterance.vocabulary, isKnown: utterance.isKnown)
                    else { continue }
                    var parse = templateParse(
                        match, words, utterance.text, question: askedAsQuestion(candidate, utterance.text),
                        isKnown: utterance.isKnown, path: .spelling)
                    parse.request.isGuess = true
                    let typed = Self.text(command[k...k], utterance.text)
                    parse.guessReason = parse.guessReason ?? "“\(typed)” read as “\(replacement)”"
                    return parse
                }
            }
        }
        return nil
    }
}

extension IntentEngine {
    /// Words this short are read as another only by two letters swapped or one letter too
    /// many ("shwo", "addd"): a letter wrong or missing in them is most often another word
    /// ("soap" is no "slap", "bank" no "blank", and either may be what is added). The first
    /// word of a request, where its verb is said, may also lack a letter ("chek off glue"):
    /// a word there that no template uses is more likely the verb typed short than a value.
    static let shortestMisread = 5

    static func isSlipOfShortWord(_ typed: String, _ replacement: String, first: Bool = false) -> Bool {
        let count = typed.unicodeScalars.count
        guard count < shortestMisread else { return true }
        let other = replacement.unicodeScalars.count
        if first, other == count + 1 { return true }
        return other == count - 1 || (other == count && Set(typed.unicodeScalars) == Set(replacement.unicodeScalars))
    }
}

/// The templates' words as the spelling reading compares them: each one's scalars, made once
/// (the first time a request needs them), not at every word tried.
struct SlipWords: Sendable {
    private let words: [String]
    private let scalars: [[Unicode.Scalar]]

    init(_ words: [String]) {
        self.words = words
        scalars = words.map { Array($0.unicodeScalars) }
    }

    /// The template words one slip from `word` (see `SentenceMatcher.isOneSlip`), in the
    /// order the templates first use them.
    func words(oneSlipFrom word: String) -> [String] {
        let typed = Array(word.unicodeScalars)
        return scalars.indices.filter { abs(scalars[$0].count - typed.count) <= 1 && SentenceMatcher.isOneSlip(typed, scalars[$0]) }
            .map { words[$0] }
    }
}

extension SentenceMatcher {
    /// One letter wrong, missing or extra, or two side by side swapped — and not the same.
    package static func isOneSlip(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
        guard a != b else { return false }
        if a.count == b.count {
            // The places where they differ, counted without an array of them (this is asked of
            // every template word of a near length, for each word the templates do not use).
            var first = -1, second = -1
            for i in a.indices where a[i] != b[i] {
                if first < 0 { first = i } else if second < 0 { second = i } else { return false }
            }
            if second < 0 { return true }
            return second == first + 1 && a[first] == b[second] && a[second] == b[first]
        }
        let (short, long) = a.count < b.count ? (a, b) : (b, a)
        guard long.count == short.count + 1 else { return false }
        let first = short.indices.first { short[$0] != long[$0] } ?? short.count
        return short[first...] == long[(first + 1)...]
    }
}
