import Foundation

/// A learned value tagger: marks each word of a request with a BIO tag for the value it is
/// part of (`B-taskList`, `I-taskList`, `B-taskTitles`, …, or `O`). The labels are the slot
/// names the language's templates fill, so it knows nothing about lists: another domain's
/// templates give it other labels.
///
/// An averaged perceptron, decoded greedily left to right with the previous tag as a feature
/// (an `I-` tag only after a `B-` or `I-` of the same value). Greedy rather than Viterbi: a
/// request is a few words, the values' words are mostly told apart by the words around them,
/// and one pass with no lattice is the simplest to keep fast and exactly repeatable.
///
/// Weights are quantized (integers over `scale`) and tiny ones pruned when training ends, so the
/// model in memory is exactly the one its text form (`serialized()`) holds. Training is in
/// `ValueTagger+Training.swift`, the text form in `ValueTagger+TextForm.swift`.
package struct ValueTagger: Sendable {
    /// The tag of a word that is part of no value.
    package static let outside = "O"
    /// The text format's version; also part of `source`, so a change of features makes every model stale.
    package static let formatVersion = 1
    static let magic = "listomat-value-tagger"

    /// The hash (FNV-1a 64, hex) of the examples and options the model was trained from.
    package let source: String
    /// Every tag: `O` first, then `B-…` and `I-…` by slot name.
    package let labels: [String]
    /// Feature → row of `weights`.
    let rows: [String: Int32]
    /// The same, looked up by bytes (`FeatureTable`): what tagging reads.
    let table: FeatureTable
    /// Whether label `j` may follow the label before it: row 0 after the start, row `p + 1`
    /// after label `p` (`allowed`), `labels.count` to a row.
    let allowedAfter: [Bool]
    /// Row-major, `labels.count` per row.
    let weights: [Float]
    let scale: Int

    /// A word as the tagger sees it: folded, and whether it was written with a capital.
    package struct Word: Sendable, Equatable {
        package var folded: String
        package var capitalised: Bool

        package init(_ folded: String, capitalised: Bool = false) {
            self.folded = folded
            self.capitalised = capitalised
        }

        /// The words of tokens, capitals read from the text as written.
        package static func words(_ tokens: some Collection<Token>, in text: String) -> [Word] {
            tokens.map { Word($0.folded, capitalised: text[$0.range].first?.isUppercase ?? false) }
        }
    }

    /// A value the tagger marked: its slot name and the words' indices.
    package struct Span: Sendable, Equatable {
        package var name: String
        package var range: Range<Int>
    }

    /// How to train. Every field is part of `source`.
    package struct Options: Sendable, CustomStringConvertible {
        package var epochs: Int = 6
        package var seed: UInt64 = 0x7A66_E55E_ED00_0001
        /// Weights are integers over this in the text form.
        package var scale: Int = 100
        /// Quantized weights smaller than this (in units of 1/scale) are dropped.
        package var prune: Int = 2

        package init() {}

        package var description: String {
            "v\(ValueTagger.formatVersion) epochs=\(epochs) seed=\(seed) scale=\(scale) prune=\(prune)"
        }
    }

    init(source: String, labels: [String], rows: [String: Int32], weights: [Float], scale: Int) {
        self.source = source
        self.labels = labels
        self.rows = rows
        self.weights = weights
        self.scale = scale
        table = FeatureTable(rows)
        allowedAfter = (["^"] + labels).flatMap { previous in labels.map { Self.allowed($0, after: previous) } }
    }

    /// How many features have weights.
    package var featureCount: Int { rows.count }

    // MARK: Features

    /// The features of the word at `i` that do not depend on the tags: the word (folded, so
    /// lower-cased), its 2- and 3-letter prefixes and suffixes, its shape (digits, a capital),
    /// its place (first, last), the words before and after it, and the pairs they make with it.
    static func wordFeatures(_ words: [Word], _ i: Int) -> [String] {
        let word = words[i].folded
        let previous = i > 0 ? words[i - 1].folded : "^"
        let next = i + 1 < words.count ? words[i + 1].folded : "$"
        var features = ["b", "w:" + word, "p:" + previous, "n:" + next, "pw:" + previous + " " + word, "wn:" + word + " " + next]
        features.append("pp:" + (i > 1 ? words[i - 2].folded : "^"))
        features.append("nn:" + (i + 2 < words.count ? words[i + 2].folded : "$"))
        let characters = Array(word)
        if characters.count > 3 {
            features.append("a2:" + String(characters.prefix(2)))
            features.append("a3:" + String(characters.prefix(3)))
            features.append("z2:" + String(characters.suffix(2)))
            features.append("z3:" + String(characters.suffix(3)))
        }
        features.append("s:" + shape(words[i]))
        if i == 0 { features.append("first") }
        if i == words.count - 1 { features.append("last") }
        return features
    }

    /// The features that depend on the previous tag: the tag, and the tag with the word.
    static func tagFeatures(_ previousTag: String, _ word: String) -> [String] {
        ["t:" + previousTag, "tw:" + previousTag + " " + word]
    }

    /// `d` all digits, `x` letters, `dx` both; a leading `X` when written with a capital.
    static func shape(_ word: Word) -> String {
        let digits = word.folded.contains { $0.isNumber }
        let letters = word.folded.contains { !$0.isNumber }
        let kind = digits ? (letters ? "dx" : "d") : "x"
        return word.capitalised ? "X" + kind : kind
    }

    // MARK: Tagging

    /// Whether `tag` may follow `previous`: an `I-` only continues a value of the same name.
    static func allowed(_ tag: String, after previous: String) -> Bool {
        guard tag.hasPrefix("I-") else { return true }
        return previous.dropFirst(2) == tag.dropFirst(2) && previous != outside
    }

    /// A tag for each word, greedily left to right.
    package func tags(_ words: [Word]) -> [String] {
        let k = labels.count
        var tags: [String] = []
        tags.reserveCapacity(words.count)
        var scores = [Float](repeating: 0, count: k)
        let forms = words.map(WordForm.init)
        var key = FeatureKey()
        // The previous tag's index, -1 at the start ("^").
        var previous = -1
        // The sums through pointers: the same additions in the same order, without a check of
        // `scores`' uniqueness and bounds at each of them (they were a tenth of tagging).
        scores.withUnsafeMutableBufferPointer { scores in
            weights.withUnsafeBufferPointer { weights in
                for i in words.indices {
                    for j in 0..<k { scores[j] = 0 }
                    Self.forEachFeature(forms, i, previousTag: previous < 0 ? "^" : labels[previous], &key) { key in
                        guard let row = key.row(in: table) else { return }
                        let base = Int(row) * k
                        for j in 0..<k { scores[j] += weights[base + j] }
                    }
                    let allowed = (previous + 1) * k
                    var best = 0
                    for j in 1..<k where scores[j] > scores[best] && allowedAfter[allowed + j] {
                        best = j
                    }
                    previous = best
                    tags.append(labels[best])
                }
            }
        }
        return tags
    }

    /// The values the tags mark, in order.
    package static func spans(_ tags: [String]) -> [Span] {
        var spans: [Span] = []
        for (i, tag) in tags.enumerated() {
            if tag.hasPrefix("I-"), let last = spans.last, last.range.upperBound == i, last.name == tag.dropFirst(2) {
                spans[spans.count - 1].range = last.range.lowerBound..<(i + 1)
            } else if tag != outside {
                spans.append(Span(name: String(tag.dropFirst(2)), range: i..<(i + 1)))
            }
        }
        return spans
    }

    /// The values marked in the words.
    package func spans(_ words: [Word]) -> [Span] {
        Self.spans(tags(words))
    }
}
