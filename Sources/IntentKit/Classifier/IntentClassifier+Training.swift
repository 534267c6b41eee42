import Foundation

/// Training a model: features counted into vectors, a few epochs of AdaGrad with L2, then the
/// weights quantized and pruned. Deterministic: the same examples and options give the same model.
extension IntentClassifier {
    /// The `source` a model trained from these examples with these options has.
    package static func source(of examples: [(text: [String], label: String)], options: Options = Options()) -> String {
        var hash = FNV1a()
        hash.add(options.description)
        hash.add(0x1D)
        for example in examples {
            hash.add(example.label)
            hash.add(0x1F)
            for word in example.text {
                hash.add(word)
                hash.add(0x20)
            }
            hash.add(0x1E)
        }
        return hash.hex
    }

    /// Trains a model. Deterministic: the same examples and options give the same model.
    package static func train(
        _ examples: [(text: [String], label: String)], epochs: Int? = nil, options: Options = Options()
    ) -> IntentClassifier {
        var options = options
        if let epochs { options.epochs = epochs }
        let labels = Array(Set(examples.map(\.label))).sorted()
        let labelIndex = Dictionary(uniqueKeysWithValues: labels.enumerated().map { ($1, $0) })
        let (vectors, featureNames) = featureVectors(examples)
        let targets = examples.map { labelIndex[$0.label]! }
        let fitted = fit(vectors, targets, features: featureNames.count, labels: labels.count, options: options)
        let model = quantized(fitted.w, fitted.b, featureNames, labels: labels.count, options: options)
        return IntentClassifier(
            source: source(of: examples, options: options), labels: labels, rows: model.rows, weights: model.weights,
            bias: model.bias, scale: options.scale)
    }

    /// A feature vector: (row, value) pairs.
    typealias Vector = [(row: Int32, value: Double)]

    /// Each example's feature vector, and the features' names by row, numbered as first seen.
    private static func featureVectors(_ examples: [(text: [String], label: String)]) -> (vectors: [Vector], names: [String]) {
        var featureIndex: [String: Int32] = [:]
        var featureNames: [String] = []
        let vectors = examples.map { example in
            vector(features(example.text)) { feature in
                if let row = featureIndex[feature] { return row }
                let row = Int32(featureNames.count)
                featureIndex[feature] = row
                featureNames.append(feature)
                return row
            }
        }
        return (vectors, featureNames)
    }

    /// Features as (row, value) with repeats merged and the vector scaled to length 1.
    private static func vector(_ features: [String], _ index: (String) -> Int32?) -> Vector {
        var counts: [Int32: Double] = [:]
        var order: [Int32] = []
        for feature in features {
            guard let row = index(feature) else { continue }
            if counts[row] == nil { order.append(row) }
            counts[row, default: 0] += 1
        }
        let norm = (counts.values.reduce(0) { $0 + $1 * $1 }).squareRoot()
        guard norm > 0 else { return [] }
        return order.map { ($0, counts[$0]! / norm) }
    }

    /// AdaGrad with L2 over the examples, shuffled anew each epoch by the fixed-seed PRNG, each
    /// class weighted by how rare it is (`balance`): the weights (`labels` per feature, feature
    /// by feature) and the biases.
    private static func fit(
        _ vectors: [Vector], _ targets: [Int], features n: Int, labels k: Int, options: Options
    ) -> (w: [Double], b: [Double]) {
        var classCounts = [Double](repeating: 0, count: k)
        for target in targets { classCounts[target] += 1 }
        let classWeights = classCounts.map { count in
            count == 0 ? 0 : pow(Double(targets.count) / (Double(k) * count), options.balance)
        }
        var w = [Double](repeating: 0, count: n * k)
        var g2 = [Double](repeating: 1e-8, count: n * k)
        var b = [Double](repeating: 0, count: k)
        var b2 = [Double](repeating: 1e-8, count: k)
        var order = Array(vectors.indices)
        var random = SplitMix64(seed: options.seed)
        let rate = options.learningRate
        var scores = [Double](repeating: 0, count: k)
        for _ in 0..<max(0, options.epochs) {
            random.shuffle(&order)
            for i in order {
                let x = vectors[i]
                for j in 0..<k { scores[j] = b[j] }
                for (row, value) in x {
                    let base = Int(row) * k
                    for j in 0..<k { scores[j] += w[base + j] * value }
                }
                let p = softmax(scores)
                let weight = classWeights[targets[i]]
                for j in 0..<k {
                    let error = (p[j] - (j == targets[i] ? 1 : 0)) * weight
                    b2[j] += error * error
                    b[j] -= rate * error / b2[j].squareRoot()
                    for (row, value) in x {
                        let at = Int(row) * k + j
                        let gradient = error * value + options.l2 * w[at]
                        g2[at] += gradient * gradient
                        w[at] -= rate * gradient / g2[at].squareRoot()
                    }
                }
            }
        }
        return (w, b)
    }

    /// The weights as integers over `scale`, those smaller than `prune` dropped, and the
    /// features left with no weight at all left out: the model exactly as its text form holds it.
    private static func quantized(
        _ w: [Double], _ b: [Double], _ featureNames: [String], labels k: Int, options: Options
    ) -> (rows: [String: Int32], weights: [Float], bias: [Float]) {
        let scale = Double(options.scale)
        func quantize(_ value: Double) -> Int { Int((value * scale).rounded()) }
        var rows: [String: Int32] = [:]
        var weights: [Float] = []
        for (f, name) in featureNames.enumerated() {
            var row = [Int](repeating: 0, count: k)
            for j in 0..<k {
                let q = quantize(w[f * k + j])
                if abs(q) >= options.prune { row[j] = q }
            }
            guard row.contains(where: { $0 != 0 }) else { continue }
            rows[name] = Int32(weights.count / k)
            weights += row.map { Float(Double($0) / scale) }
        }
        return (rows, weights, b.map { Float(Double(quantize($0)) / scale) })
    }
}
