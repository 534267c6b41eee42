import Foundation

/// A small statistical intent classifier: multinomial logistic regression (softmax) over
/// word unigrams, word bigrams and character 3–5-grams of folded words. A fallback for
/// utterances no sentence template matches; it only names an intent (or `none`, off-topic)
/// with a confidence, it fills no slots. Generic: it knows nothing about lists.
///
/// Trained with a few epochs of AdaGrad with L2, examples shuffled by a fixed-seed PRNG, so
/// the same examples and options always give the same model. Weights are quantized (integers
/// over `scale`) and tiny ones pruned when training ends, so the model in memory is exactly
/// the one its text form (`serialized()`) holds.
///
/// This file holds the model, its features and its prediction; training is in
/// `IntentClassifier+Training.swift`, the text form in `IntentClassifier+TextForm.swift`.
public struct IntentClassifier: Sendable {
    /// The label for utterances that are about nothing the app does.
    package static let noneLabel = "none"
    /// The text format's version (the first line names it); also part of `source`, so a
    /// change of features makes every model stale.
    package static let formatVersion = 1
    static let magic = "listomat-intent-classifier"

    /// The hash (FNV-1a 64, hex) of the examples and options the model was trained from.
    package let source: String
    /// Every label, sorted; `none` among them when the training data had it.
    package let labels: [String]
    /// Feature → row of `weights`.
    let rows: [String: Int32]
    /// The same, looked up by bytes (`FeatureTable`): what prediction reads.
    let table: FeatureTable
    /// Row-major, `labels.count` per row.
    let weights: [Float]
    /// The bias row.
    let bias: [Float]
    /// Weights are integers over this in the text form.
    let scale: Int

    package struct Prediction: Sendable {
        /// The most probable label (an intent's name or `none`).
        package var intent: String
        /// Its softmax probability, 0…1.
        package var confidence: Double
        /// Every label with its probability, best first (ties by name).
        package var ranked: [(intent: String, confidence: Double)]
    }

    /// How to train. Every field is part of `source`.
    package struct Options: Sendable, CustomStringConvertible {
        package var epochs: Int = 12
        package var learningRate: Double = 0.5
        package var l2: Double = 1e-5
        package var seed: UInt64 = 0x5EED_1157_0A7C_0DE5
        /// Weigh each class by (examples / (classes × its examples))^balance: 0 none, 1 full.
        package var balance: Double = 0.5
        /// Weights are integers over this in the text form.
        package var scale: Int = 1000
        /// Quantized weights smaller than this (in units of 1/scale) are dropped.
        package var prune: Int = 8

        package init() {}

        package var description: String {
            "v\(IntentClassifier.formatVersion) epochs=\(epochs) rate=\(learningRate) l2=\(l2) seed=\(seed) balance=\(balance) scale=\(scale) prune=\(prune)"
        }
    }

    // MARK: Features

    /// The features of folded words, in a fixed order (repeats kept: they count twice).
    /// `w:word`, `b:first second` (with `^` and `$` for the start and end), `c:gram` for each
    /// character 3-, 4- and 5-gram of `^word$`.
    package static func features(_ words: [String]) -> [String] {
        var features: [String] = []
        features.reserveCapacity(words.count * 14 + 1)
        var previous = "^"
        for word in words {
            features.append("w:" + word)
            features.append("b:" + previous + " " + word)
            previous = word
            // "c:" + the gram: short grams are small strings (no allocation).
            let padded = "c:^" + word + "$"
            var bounds = Array(padded.indices.dropFirst(2))
            bounds.append(padded.endIndex)
            let characters = bounds.count - 1
            for n in 3...5 where characters >= n {
                for start in 0...(characters - n) {
                    var gram = "c:"
                    gram += padded[bounds[start]..<bounds[start + n]]
                    features.append(gram)
                }
            }
        }
        if !words.isEmpty { features.append("b:" + previous + " $") }
        return features
    }

    // MARK: Prediction

    /// The labels' probabilities for folded words (`TextNormalizer`'s folded tokens).
    package func predict(_ words: [String]) -> Prediction {
        // With a length-1 vector, every feature of the words counts, known or not: an
        // utterance of unknown words leans on the bias (off-topic) rather than on one known word.
        // The features are counted by their bytes (`IntentClassifier+Bytes.swift`).
        let scores = scores(words)
        let probabilities = Self.softmax(scores)
        var ranked = zip(labels, probabilities).map { (intent: $0, confidence: $1) }
        ranked.sort { $0.confidence != $1.confidence ? $0.confidence > $1.confidence : $0.intent < $1.intent }
        return Prediction(intent: ranked.first?.intent ?? Self.noneLabel, confidence: ranked.first?.confidence ?? 0, ranked: ranked)
    }

    static func softmax(_ scores: [Double]) -> [Double] {
        guard let top = scores.max() else { return [] }
        let exps = scores.map { exp($0 - top) }
        let sum = exps.reduce(0, +)
        return exps.map { $0 / sum }
    }

    init(source: String, labels: [String], rows: [String: Int32], weights: [Float], bias: [Float], scale: Int) {
        self.source = source
        self.labels = labels
        self.rows = rows
        table = FeatureTable(rows)
        self.weights = weights
        self.bias = bias
        self.scale = scale
    }

    /// How many features have weights.
    package var featureCount: Int { rows.count }
}
