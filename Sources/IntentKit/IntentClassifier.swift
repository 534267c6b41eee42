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
public struct IntentClassifier: Sendable {
    /// The label for utterances that are about nothing the app does.
    public static let noneLabel = "none"
    /// The text format's version (the first line names it); also part of `source`, so a
    /// change of features makes every model stale.
    public static let formatVersion = 1
    static let magic = "listomat-intent-classifier"

    /// The hash (FNV-1a 64, hex) of the examples and options the model was trained from.
    public let source: String
    /// Every label, sorted; `none` among them when the training data had it.
    public let labels: [String]
    /// Feature → row of `weights`.
    let rows: [String: Int32]
    /// Row-major, `labels.count` per row.
    let weights: [Float]
    /// The bias row.
    let bias: [Float]
    /// Weights are integers over this in the text form.
    let scale: Int

    public struct Prediction: Sendable {
        /// The most probable label (an intent's name or `none`).
        public var intent: String
        /// Its softmax probability, 0…1.
        public var confidence: Double
        /// Every label with its probability, best first (ties by name).
        public var ranked: [(intent: String, confidence: Double)]
    }

    /// How to train. Every field is part of `source`.
    public struct Options: Sendable, CustomStringConvertible {
        public var epochs: Int = 12
        public var learningRate: Double = 0.5
        public var l2: Double = 1e-5
        public var seed: UInt64 = 0x5EED_1157_0A7C_0DE5
        /// Weigh each class by (examples / (classes × its examples))^balance: 0 none, 1 full.
        public var balance: Double = 0.5
        /// Weights are integers over this in the text form.
        public var scale: Int = 1000
        /// Quantized weights smaller than this (in units of 1/scale) are dropped.
        public var prune: Int = 8

        public init() {}

        public var description: String {
            "v\(IntentClassifier.formatVersion) epochs=\(epochs) rate=\(learningRate) l2=\(l2) seed=\(seed) balance=\(balance) scale=\(scale) prune=\(prune)"
        }
    }

    // MARK: Features

    /// The features of folded words, in a fixed order (repeats kept: they count twice).
    /// `w:word`, `b:first second` (with `^` and `$` for the start and end), `c:gram` for each
    /// character 3-, 4- and 5-gram of `^word$`.
    public static func features(_ words: [String]) -> [String] {
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

    /// Features as (row, value) with repeats merged and the vector scaled to length 1.
    private static func vector(_ features: [String], _ index: (String) -> Int32?) -> [(row: Int32, value: Double)] {
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

    // MARK: Prediction

    /// The labels' probabilities for folded words (`TextNormalizer`'s folded tokens).
    public func predict(_ words: [String]) -> Prediction {
        let k = labels.count
        var scores = bias.map(Double.init)
        // With a length-1 vector, every feature of the words counts, known or not: an
        // utterance of unknown words leans on the bias (off-topic) rather than on one known word.
        let features = Self.features(words)
        var counts: [String: Double] = [:]
        counts.reserveCapacity(features.count)
        var order: [String] = []
        order.reserveCapacity(features.count)
        for feature in features {
            if counts[feature] == nil { order.append(feature) }
            counts[feature, default: 0] += 1
        }
        let norm = order.reduce(0.0) { $0 + counts[$1]! * counts[$1]! }.squareRoot()
        if norm > 0 {
            for feature in order {
                guard let row = rows[feature] else { continue }
                let base = Int(row) * k
                let x = counts[feature]! / norm
                for j in 0..<k { scores[j] += Double(weights[base + j]) * x }
            }
        }
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

    // MARK: Training

    /// The `source` a model trained from these examples with these options has.
    public static func source(of examples: [(text: [String], label: String)], options: Options = Options()) -> String {
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
    public static func train(
        _ examples: [(text: [String], label: String)], epochs: Int? = nil, options: Options = Options()
    ) -> IntentClassifier {
        var options = options
        if let epochs { options.epochs = epochs }
        let labels = Array(Set(examples.map(\.label))).sorted()
        let labelIndex = Dictionary(uniqueKeysWithValues: labels.enumerated().map { ($1, $0) })
        let k = labels.count
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
        let targets = examples.map { labelIndex[$0.label]! }
        var classCounts = [Double](repeating: 0, count: k)
        for target in targets { classCounts[target] += 1 }
        let classWeights = classCounts.map { count in
            count == 0 ? 0 : pow(Double(examples.count) / (Double(k) * count), options.balance)
        }

        let n = featureNames.count
        var w = [Double](repeating: 0, count: n * k)
        var g2 = [Double](repeating: 1e-8, count: n * k)
        var b = [Double](repeating: 0, count: k)
        var b2 = [Double](repeating: 1e-8, count: k)
        var order = Array(examples.indices)
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
        // Quantize and prune.
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
        return IntentClassifier(
            source: source(of: examples, options: options), labels: labels, rows: rows, weights: weights,
            bias: b.map { Float(Double(quantize($0)) / scale) }, scale: options.scale)
    }

    init(source: String, labels: [String], rows: [String: Int32], weights: [Float], bias: [Float], scale: Int) {
        self.source = source
        self.labels = labels
        self.rows = rows
        self.weights = weights
        self.bias = bias
        self.scale = scale
    }

    /// How many features have weights.
    public var featureCount: Int { rows.count }

    // MARK: Text form

    /// Why a model's text could not be read.
    public struct FormatError: Error, Equatable, Sendable, CustomStringConvertible {
        /// 1-based line of the model text.
        public var line: Int
        public var message: String
        public var description: String { "classifier model, line \(line): \(message)" }
    }

    /// The model as UTF-8 text, tab-separated:
    ///
    ///     listomat-intent-classifier  1  source=<hex>  scale=1000  features=<n>  body=<bytes after this line>
    ///     labels  AddTasks  …  none
    ///     bias  0:-120  1:35  …
    ///     w:milk  0:432  5:-88
    ///
    /// One line per feature, with its non-zero weights as `label index:integer weight`.
    public func serialized() -> String {
        let k = labels.count
        var lines: [String] = []
        lines.reserveCapacity(rows.count + 2)
        lines.append((["labels"] + labels).joined(separator: "\t"))
        func entries(_ values: ArraySlice<Float>) -> String {
            values.enumerated().compactMap { j, value in
                let q = Int((Double(value) * Double(scale)).rounded())
                return q == 0 ? nil : "\(j):\(q)"
            }.joined(separator: "\t")
        }
        lines.append("bias" + (bias.allSatisfy { $0 == 0 } ? "" : "\t" + entries(bias[...])))
        for (name, row) in rows.sorted(by: { $0.key < $1.key }) {
            let base = Int(row) * k
            lines.append(name + "\t" + entries(weights[base..<(base + k)]))
        }
        let body = lines.joined(separator: "\n") + "\n"
        let header = [
            Self.magic, "\(Self.formatVersion)", "source=\(source)", "scale=\(scale)", "features=\(rows.count)",
            "body=\(body.utf8.count)",
        ]
        return header.joined(separator: "\t") + "\n" + body
    }

    /// A quick look at a model's text form, without reading its weights: the header, and as
    /// many lines as it says. Catches a wrong or cut-off file at once; `init(text:)` reads the rest.
    public static func check(_ text: String) throws(FormatError) {
        // The header alone is read into an array (not the whole megabyte-sized text).
        let utf8 = text.utf8
        guard !utf8.isEmpty else { throw FormatError(line: 1, message: "the file is empty") }
        let headerEnd = utf8.firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
        let header = try Header(Array(utf8[..<headerEnd]))
        if let body = header.bodyBytes, utf8.count != utf8.distance(from: utf8.startIndex, to: headerEnd) + 1 + body {
            throw FormatError(line: 1, message: "the file is cut off or too long (the header says \(body) bytes follow it)")
        }
        let count = header.features
        // Over the bytes in place when the text has them (a file read as one string does): a
        // megabyte-sized model is counted in a fraction of a millisecond.
        let newlines = text.utf8.withContiguousStorageIfAvailable { bytes in
            var count = 0
            for byte in bytes where byte == UInt8(ascii: "\n") { count += 1 }
            return count
        } ?? text.utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        // The header, the labels, the bias, then one line per feature, each ending in a newline.
        guard newlines == count + 3, text.utf8.last == UInt8(ascii: "\n") else {
            throw FormatError(line: newlines, message: "the file is cut off or has extra lines (\(newlines) lines for \(count) features)")
        }
    }

    /// A quick look at a model file without reading its weights: the header, and the file's
    /// length against the one the header gives (`body=`), so that a cut-off file is caught
    /// without reading a megabyte at every start. A file written without `body=` is read and
    /// checked as `check` does.
    public static func checkFile(_ path: String) throws(FormatError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw FormatError(line: 1, message: "cannot be opened") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw FormatError(line: 1, message: "not a plain file")
        }
        var start = [UInt8](repeating: 0, count: 1024)
        let got = start.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard got > 0 else { throw FormatError(line: 1, message: "the file is empty") }
        guard let newline = start[..<got].firstIndex(of: UInt8(ascii: "\n")) else {
            throw FormatError(line: 1, message: "not an intent classifier model")
        }
        let header = try Header(Array(start[..<newline]))
        if let body = header.bodyBytes {
            guard Int(info.st_size) == newline + 1 + body else {
                throw FormatError(line: 1, message: "the file is cut off or too long (the header says \(body) bytes follow it)")
            }
        } else {
            guard let text = try? String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8) else {
                throw FormatError(line: 1, message: "cannot be read as UTF-8 text")
            }
            try check(text)
        }
    }

    /// The first line's fields that `check` and `checkFile` look at.
    private struct Header {
        var features: Int
        /// How many bytes follow the header line (nil: a model written before this was said).
        var bodyBytes: Int?

        init(_ bytes: [UInt8]) throws(FormatError) {
            var line = bytes[...]
            if line.last == 0x0D { line = line.dropLast() }
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            func number(_ name: String) -> Int? {
                fields.first(where: { $0.hasPrefix(name + "=") }).flatMap { Int($0.dropFirst(name.count + 1)) }.flatMap { $0 >= 0 ? $0 : nil }
            }
            guard fields.first == IntentClassifier.magic else { throw FormatError(line: 1, message: "not an intent classifier model") }
            guard fields.count >= 2, Int(fields[1]) == IntentClassifier.formatVersion else {
                throw FormatError(line: 1, message: "not format version \(IntentClassifier.formatVersion)")
            }
            guard let count = number("features") else { throw FormatError(line: 1, message: "no feature count") }
            features = count
            bodyBytes = number("body")
        }
    }

    /// Reads a model's text form. Damaged text throws a `FormatError` naming the line.
    public init(text: String) throws(FormatError) {
        var lines = Lines(text.utf8)
        func fail(_ line: Int, _ message: String) -> FormatError { FormatError(line: line, message: message) }
        guard let header = lines.next() else { throw fail(1, "the file is empty") }
        let headerFields = header.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard headerFields.first == Self.magic else { throw fail(1, "not an intent classifier model") }
        guard headerFields.count >= 2, let version = Int(headerFields[1]) else { throw fail(1, "no format version") }
        guard version == Self.formatVersion else {
            throw fail(1, "format version \(version) is not supported (this build reads version \(Self.formatVersion))")
        }
        var settings: [String: String] = [:]
        for field in headerFields.dropFirst(2) {
            guard let equals = field.firstIndex(of: "=") else { throw fail(1, "bad header field “\(field)”") }
            settings[String(field[..<equals])] = String(field[field.index(after: equals)...])
        }
        guard let source = settings["source"], !source.isEmpty, source.allSatisfy(\.isHexDigit) else {
            throw fail(1, "no source hash")
        }
        guard let scale = settings["scale"].flatMap({ Int($0) }), scale > 0 else { throw fail(1, "no weight scale") }
        guard let featureCount = settings["features"].flatMap({ Int($0) }), featureCount >= 0, featureCount < 50_000_000 else {
            throw fail(1, "no feature count")
        }
        guard let labelLine = lines.next() else { throw fail(2, "no labels line") }
        let labelFields = labelLine.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard labelFields.first == "labels", labelFields.count >= 2 else { throw fail(2, "expected the labels line") }
        let labels = Array(labelFields.dropFirst())
        guard !labels.contains(where: \.isEmpty), Set(labels).count == labels.count else {
            throw fail(2, "labels must be distinct and not empty")
        }
        let k = labels.count
        let unit = 1 / Double(scale)
        var rows: [String: Int32] = [:]
        rows.reserveCapacity(min(featureCount, text.utf8.count / 4))
        var weights: [Float] = []
        weights.reserveCapacity(min(featureCount, text.utf8.count / 8) * k)
        var bias: [Float]?
        var lineNumber = 2
        while let line = lines.next() {
            lineNumber += 1
            if line.isEmpty { throw fail(lineNumber, "empty line") }
            guard let tab = line.firstIndex(of: UInt8(ascii: "\t")) ?? (line.elementsEqual("bias".utf8) ? line.endIndex : nil) else {
                throw fail(lineNumber, "expected a feature and its weights")
            }
            let isBias = lineNumber == 3
            if !isBias { weights.append(contentsOf: repeatElement(0, count: k)) }
            let base = isBias ? 0 : weights.count - k
            var biasValues = [Float](repeating: 0, count: isBias ? k : 0)
            var at = tab
            while at < line.endIndex {
                at += 1  // the tab
                var index = 0
                var digits = 0
                while at < line.endIndex, let d = Self.digit(line[at]) {
                    index = index * 10 + d
                    digits += 1
                    at += 1
                    if digits > 6 { break }
                }
                guard digits > 0, digits <= 6, at < line.endIndex, line[at] == UInt8(ascii: ":"), index < k else {
                    throw fail(lineNumber, "bad weight entry (expected label index:weight, with an index below \(k))")
                }
                at += 1
                var negative = false
                if at < line.endIndex, line[at] == UInt8(ascii: "-") {
                    negative = true
                    at += 1
                }
                var value = 0
                digits = 0
                while at < line.endIndex, let d = Self.digit(line[at]) {
                    value = value * 10 + d
                    digits += 1
                    at += 1
                    if digits > 12 { break }
                }
                guard digits > 0, digits <= 12, at == line.endIndex || line[at] == UInt8(ascii: "\t") else {
                    throw fail(lineNumber, "bad weight (expected an integer)")
                }
                let weight = Float(Double(negative ? -value : value) * unit)
                if isBias { biasValues[index] = weight } else { weights[base + index] = weight }
            }
            let name = String(decoding: line[line.startIndex..<tab], as: UTF8.self)
            guard !name.isEmpty else { throw fail(lineNumber, "a feature with no name") }
            if isBias {
                guard name == "bias" else { throw fail(lineNumber, "expected the bias line") }
                bias = biasValues
                continue
            }
            guard rows.count < featureCount else {
                throw fail(lineNumber, "more features than the header's \(featureCount)")
            }
            let row = Int32(rows.count)
            guard rows.updateValue(row, forKey: name) == nil else { throw fail(lineNumber, "feature “\(name)” appears twice") }
        }
        guard let bias else { throw fail(lineNumber + 1, "no bias line") }
        guard rows.count == featureCount else {
            throw fail(lineNumber + 1, "the file ends after \(rows.count) of \(featureCount) features (truncated?)")
        }
        self.init(source: source, labels: labels, rows: rows, weights: weights, bias: bias, scale: scale)
    }

    @inline(__always)
    private static func digit(_ byte: UInt8) -> Int? {
        byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
    }

    /// The lines of UTF-8 bytes (a final newline ends the last line; it opens no empty one).
    private struct Lines {
        let bytes: [UInt8]
        var position = 0

        init(_ utf8: String.UTF8View) { bytes = Array(utf8) }

        mutating func next() -> ArraySlice<UInt8>? {
            guard position < bytes.count else { return nil }
            var end = position
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            defer { position = end + 1 }
            var line = bytes[position..<end]
            if line.last == 0x0D { line = line.dropLast() }
            return line
        }
    }
}

/// FNV-1a, 64 bits: a stable hash (Swift's `Hasher` is seeded per process).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ byte: UInt8) {
        value ^= UInt64(byte)
        value = value &* 0x0000_0100_0000_01B3
    }

    mutating func add(_ text: String) {
        var text = text
        // Over the bytes in place: iterating `utf8` costs several times more per byte, and
        // whole language files pass here at every start (`MatcherCache`'s keys).
        text.withUTF8 { bytes in for byte in bytes { add(byte) } }
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// SplitMix64: a small, fast PRNG with a fixed seed, so shuffles and samples repeat exactly.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound (bound > 0), without modulo bias worth speaking of for small bounds.
    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// Fisher–Yates.
    mutating func shuffle<T>(_ array: inout [T]) {
        guard array.count > 1 else { return }
        for i in stride(from: array.count - 1, to: 0, by: -1) {
            array.swapAt(i, next(below: i + 1))
        }
    }
}
