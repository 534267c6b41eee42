import Testing

@testable import IntentKit

@Suite("Intent classifier")
struct IntentClassifierTests {
    static func words(_ text: String) -> [String] { TextNormalizer.tokenize(text).map(\.folded) }

    /// A tiny dataset of three classes.
    static let examples: [(text: [String], label: String)] = [
        "add milk", "add eggs to the list", "put bread on my list", "we need butter", "add cheese please",
        "put apples on the list",
    ].map { (words($0), "Add") } + [
        "show my list", "what is on my list", "show the groceries", "read my list", "what's on the list",
        "show me everything",
    ].map { (words($0), "Show") } + [
        "what's the weather", "set a timer", "play some music", "call mom", "tell me a joke", "turn on the lights",
    ].map { (words($0), IntentClassifier.noneLabel) }

    static let model = IntentClassifier.train(examples, epochs: 20)

    @Test("features: words, bigrams with start and end, character n-grams with boundaries")
    func features() {
        let features = IntentClassifier.features(["add", "milk"])
        #expect(!features.contains("c:^milk$"))  // six characters: longer than a 5-gram
        for feature in ["w:add", "w:milk", "b:^ add", "b:add milk", "b:milk $", "c:^mil", "c:ilk$", "c:^milk", "c:^add$", "c:^ad", "c:add$"] {
            #expect(features.contains(feature), "\(feature)")
        }
        #expect(IntentClassifier.features([]).isEmpty)
        #expect(IntentClassifier.features(["add", "milk"]) == features)
    }

    @Test("training on a tiny dataset separates its classes")
    func separates() {
        for example in Self.examples {
            #expect(Self.model.predict(example.text).intent == example.label, "\(example.text)")
        }
        #expect(Self.model.labels == ["Add", "Show", "none"])
        #expect(Self.model.predict(Self.words("add bananas")).intent == "Add")
        #expect(Self.model.predict(Self.words("show me my list")).intent == "Show")
        let prediction = Self.model.predict(Self.words("what's the weather tomorrow"))
        #expect(prediction.intent == "none")
        #expect(prediction.ranked.count == 3)
        #expect(abs(prediction.ranked.map(\.confidence).reduce(0, +) - 1) < 1e-9)
        #expect(prediction.ranked.first!.confidence == prediction.confidence)
        #expect(zip(prediction.ranked, prediction.ranked.dropFirst()).allSatisfy { $0.confidence >= $1.confidence })
    }

    @Test("training and prediction are deterministic")
    func deterministic() {
        let again = IntentClassifier.train(Self.examples, epochs: 20)
        #expect(again.serialized() == Self.model.serialized())
        #expect(again.source == Self.model.source)
        for text in ["add milk", "zzz", "", "show"] {
            let a = Self.model.predict(Self.words(text))
            let b = again.predict(Self.words(text))
            #expect(a.intent == b.intent && a.confidence == b.confidence)
        }
    }

    @Test("the source is the hash of the examples and the options")
    func source() {
        #expect(Self.model.source.count == 16)
        #expect(Self.model.source == IntentClassifier.source(of: Self.examples, options: {
            var options = IntentClassifier.Options()
            options.epochs = 20
            return options
        }()))
        var changed = Self.examples
        changed[0].label = "Show"
        #expect(IntentClassifier.source(of: changed) != IntentClassifier.source(of: Self.examples))
    }

    @Test("serialize → parse gives identical predictions")
    func roundTrip() throws {
        let text = Self.model.serialized()
        let parsed = try IntentClassifier(text: text)
        #expect(parsed.source == Self.model.source)
        #expect(parsed.labels == Self.model.labels)
        #expect(parsed.featureCount == Self.model.featureCount)
        #expect(parsed.serialized() == text)
        for text in ["add milk", "show my list", "what's the weather", "qwerty uiop", "", "Crème fraîche"] {
            let a = Self.model.predict(Self.words(text))
            let b = parsed.predict(Self.words(text))
            #expect(a.intent == b.intent)
            #expect(a.confidence == b.confidence)
            #expect(a.ranked.map(\.intent) == b.ranked.map(\.intent))
            #expect(a.ranked.map(\.confidence) == b.ranked.map(\.confidence))
        }
        // Windows line breaks read the same.
        let crlf = try IntentClassifier(text: text.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(crlf.serialized() == text)
    }

    @Test("damaged or garbage model text throws, never crashes")
    func damaged() throws {
        let text = Self.model.serialized()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()  // the final newline's empty piece
        func rejects(_ text: String, _ because: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(throws: IntentClassifier.FormatError.self, "\(because)", sourceLocation: sourceLocation) {
                try IntentClassifier(text: text)
            }
        }
        rejects("", "empty")
        rejects("hello world\n", "not a model")
        rejects(String(repeating: "\u{0}\u{FFFD}\t:-\n", count: 100), "garbage")
        rejects(lines[0].replacingOccurrences(of: "\t1\t", with: "\t99\t") + "\n" + lines.dropFirst().joined(separator: "\n"), "version")
        rejects(lines[0] + "\n", "no labels")
        rejects(lines.prefix(lines.count / 2).joined(separator: "\n") + "\n", "truncated")
        rejects(String(text.utf8.prefix(text.utf8.count - 3))!, "cut mid-line")
        rejects((lines + [lines.last!]).joined(separator: "\n"), "a feature twice")
        rejects(lines.enumerated().map { $0 == 5 ? $1 + "\t99:12" : $1 }.joined(separator: "\n"), "label index out of range")
        rejects(lines.enumerated().map { $0 == 5 ? $1 + "\t0:1.5" : $1 }.joined(separator: "\n"), "not an integer")
        rejects(lines.enumerated().map { $0 == 5 ? $1 + "\t0:" : $1 }.joined(separator: "\n"), "no weight")
        rejects(lines.enumerated().map { $0 == 5 ? $1 + "\t0:99999999999999999999" : $1 }.joined(separator: "\n"), "overflow")
        rejects(lines.enumerated().map { $0 == 2 ? "w:x\t0:1" : $1 }.joined(separator: "\n"), "no bias line")
        rejects(lines.enumerated().map { $0 == 4 ? "" : $1 }.joined(separator: "\n"), "an empty line")
        rejects(lines[0].replacingOccurrences(of: "features=", with: "features=9999999999") + "\n"
            + lines.dropFirst().joined(separator: "\n"), "absurd feature count")
        rejects(lines[0].replacingOccurrences(of: "source=", with: "source=zz") + "\n"
            + lines.dropFirst().joined(separator: "\n"), "bad source")
        // Every prefix of a small model, cut anywhere, either reads or throws.
        let small = IntentClassifier.train(Array(Self.examples.prefix(3)) + Array(Self.examples.suffix(2)), epochs: 2).serialized()
        var cut = Substring(small)
        while !cut.isEmpty {
            _ = try? IntentClassifier(text: String(cut))
            cut = cut.dropLast()
        }
    }

    @Test("no examples, or one class, still make a model that predicts")
    func degenerate() throws {
        let empty = IntentClassifier.train([])
        #expect(empty.predict(["milk"]).intent == "none")
        let one = IntentClassifier.train([(["add", "milk"], "Add")])
        #expect(one.predict(["anything"]).intent == "Add")
        #expect(try IntentClassifier(text: one.serialized()).predict(["add"]).intent == "Add")
    }

    @Test("features written as bytes are the String features, in the same order, in every script")
    func byteFeatures() {
        let lists: [[String]] = [
            [], ["add"], ["add", "milk", "to", "the", "list"], ["b12", "x\r\ny"], ["\u{301}abc", "ab\u{301}cd", "crème"],
            ["список", "молоко"], ["우유를", "목록에", "추가해"], ["นมสด", "รายการ"], ["牛奶", "加到购物清单"], ["😀👍🏽ab", "add", "add"],
        ]
        for words in lists {
            let bytes = IntentClassifier.FeatureBytes(words)
            let written = bytes.ends.indices.map { Array(bytes.bytes[($0 == 0 ? 0 : bytes.ends[$0 - 1])..<bytes.ends[$0]]) }
            #expect(written == IntentClassifier.features(words).map { Array($0.utf8) }, "\(words)")
        }
    }

    @Test("scores counted by bytes are the String features' scores, to the last bit")
    func scoresByBytes() {
        let model = Self.model
        func byStrings(_ words: [String]) -> [Double] {
            let k = model.labels.count
            var scores = model.bias.map(Double.init)
            var counts: [String: Double] = [:], order: [String] = []
            for feature in IntentClassifier.features(words) {
                if counts[feature] == nil { order.append(feature) }
                counts[feature, default: 0] += 1
            }
            let norm = order.reduce(0.0) { $0 + counts[$1]! * counts[$1]! }.squareRoot()
            guard norm > 0 else { return scores }
            for feature in order {
                guard let row = model.rows[feature] else { continue }
                for j in 0..<k { scores[j] += Double(model.weights[Int(row) * k + j]) * (counts[feature]! / norm) }
            }
            return scores
        }
        let texts = Self.examples.map(\.text) + [[], ["add", "add", "milk", "milk", "add"], ["ajouter", "du", "lait"], ["牛奶", "list"]]
        for words in texts { #expect(model.scores(words) == byStrings(words), "\(words)") }
    }
}
