import Foundation

/// Training a tagger: an averaged perceptron over tagged examples, the examples shuffled anew
/// each epoch by a fixed-seed PRNG, then the averaged weights quantized and pruned.
/// Deterministic: the same examples and options give the same model.
extension ValueTagger {
    /// A tagged example: the words and a tag for each.
    package typealias Example = (words: [Word], tags: [String])

    /// The `source` a model trained from these examples with these options has.
    package static func source(of examples: [Example], options: Options = Options()) -> String {
        var hash = FNV1a()
        hash.add(options.description)
        hash.add(0x1D)
        for example in examples {
            for (word, tag) in zip(example.words, example.tags) {
                hash.add(word.capitalised ? "^" + word.folded : word.folded)
                hash.add(0x1F)
                hash.add(tag)
                hash.add(0x20)
            }
            hash.add(0x1E)
        }
        return hash.hex
    }

    /// The tags of the examples: `O`, then for each slot name (sorted) its `B-` and `I-`.
    static func labels(of examples: [Example]) -> [String] {
        let names = Set(examples.flatMap(\.tags).filter { $0 != outside }.map { String($0.dropFirst(2)) })
        return [outside] + names.sorted().flatMap { ["B-" + $0, "I-" + $0] }
    }

    /// Trains a model. Deterministic: the same examples and options give the same model.
    package static func train(_ examples: [Example], options: Options = Options()) -> ValueTagger {
        let labels = labels(of: examples)
        var learner = Learner(labels: labels)
        // The features that do not depend on tags, counted once per word.
        let fixed = examples.map { example in
            example.words.indices.map { i in wordFeatures(example.words, i).map { learner.row($0) } }
        }
        let gold = examples.map { $0.tags.map { learner.labelIndex[$0]! } }
        var order = Array(examples.indices)
        var random = SplitMix64(seed: options.seed)
        for _ in 0..<max(0, options.epochs) {
            random.shuffle(&order)
            for e in order {
                var previous = "^"
                for i in examples[e].words.indices {
                    let features = fixed[e][i] + tagFeatures(previous, examples[e].words[i].folded).map { learner.row($0) }
                    let guess = learner.best(features, after: previous)
                    learner.tick()
                    if guess != gold[e][i] { learner.update(features, truth: gold[e][i], guess: guess) }
                    // The next word sees the tag this one was given, as when tagging.
                    previous = labels[guess]
                }
            }
        }
        let (rows, weights) = learner.quantized(options)
        return ValueTagger(source: source(of: examples, options: options), labels: labels, rows: rows, weights: weights, scale: options.scale)
    }

    /// The perceptron's weights while it learns, with the running totals that average them
    /// (each weight's total brought up to date only when it changes).
    private struct Learner {
        let labels: [String]
        let labelIndex: [String: Int]
        var featureIndex: [String: Int] = [:]
        var featureNames: [String] = []
        var weights: [Double] = []
        var totals: [Double] = []
        var stamps: [Int] = []
        var clock = 0

        init(labels: [String]) {
            self.labels = labels
            labelIndex = Dictionary(uniqueKeysWithValues: labels.enumerated().map { ($1, $0) })
        }

        mutating func row(_ feature: String) -> Int {
            if let row = featureIndex[feature] { return row }
            let row = featureNames.count
            featureIndex[feature] = row
            featureNames.append(feature)
            weights += [Double](repeating: 0, count: labels.count)
            totals += [Double](repeating: 0, count: labels.count)
            stamps += [Int](repeating: 0, count: labels.count)
            return row
        }

        func best(_ features: [Int], after previous: String) -> Int {
            let k = labels.count
            var scores = [Double](repeating: 0, count: k)
            for row in features {
                for j in 0..<k { scores[j] += weights[row * k + j] }
            }
            var best = 0
            for j in 1..<k where scores[j] > scores[best] && ValueTagger.allowed(labels[j], after: previous) { best = j }
            return best
        }

        mutating func tick() { clock += 1 }

        mutating func update(_ features: [Int], truth: Int, guess: Int) {
            for row in features {
                add(row * labels.count + truth, 1)
                add(row * labels.count + guess, -1)
            }
        }

        private mutating func add(_ at: Int, _ delta: Double) {
            totals[at] += Double(clock - stamps[at]) * weights[at]
            stamps[at] = clock
            weights[at] += delta
        }

        /// The averaged weights as integers over `scale`, those smaller than `prune` dropped,
        /// and the features left with no weight at all left out.
        func quantized(_ options: Options) -> (rows: [String: Int32], weights: [Float]) {
            let k = labels.count
            let scale = Double(options.scale)
            var rows: [String: Int32] = [:]
            var kept: [Float] = []
            for (f, name) in featureNames.enumerated() {
                var row = [Int](repeating: 0, count: k)
                for j in 0..<k {
                    let at = f * k + j
                    let average = (totals[at] + Double(clock - stamps[at]) * weights[at]) / Double(max(1, clock))
                    let q = Int((average * scale).rounded())
                    if abs(q) >= options.prune { row[j] = q }
                }
                guard row.contains(where: { $0 != 0 }) else { continue }
                rows[name] = Int32(kept.count / k)
                kept += row.map { Float(Double($0) / scale) }
            }
            return (rows, kept)
        }
    }
}
