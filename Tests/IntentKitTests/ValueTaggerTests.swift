import Testing

@testable import IntentKit

@Suite("Value tagger")
struct ValueTaggerTests {
    static func words(_ text: String) -> [ValueTagger.Word] { ValueTagger.Word.words(TextNormalizer.tokenize(text), in: text) }

    /// A small dataset: "add X to Y", "remove X from Y" with values of one and several words.
    static let examples: [ValueTagger.Example] = {
        let items = ["milk", "peanut butter", "a pair of scissors", "tape", "salt and pepper", "fish food"]
        let lists = ["groceries", "hardware store", "pet shop", "books to read", "the camping list"]
        var examples: [ValueTagger.Example] = []
        for (i, item) in items.enumerated() {
            for (j, list) in lists.enumerated() {
                let verb = (i + j) % 2 == 0 ? ("add", "to") : ("remove", "from")
                var example: ValueTagger.Example = ([], [])
                func add(_ text: String, _ name: String?) {
                    let words = Self.words(text)
                    example.words += words
                    example.tags += words.indices.map { k in name.map { (k == 0 ? "B-" : "I-") + $0 } ?? "O" }
                }
                add(verb.0, nil)
                add(item, "items")
                add(verb.1, nil)
                add(list, "list")
                examples.append(example)
            }
        }
        return examples
    }()

    static let tagger = ValueTagger.train(examples)

    @Test("labels: O, then B- and I- of each value name, sorted")
    func labels() {
        #expect(Self.tagger.labels == ["O", "B-items", "I-items", "B-list", "I-list"])
    }

    @Test("features: the word, its neighbours, prefixes and suffixes, shape and place; the previous tag")
    func features() {
        let features = ValueTagger.wordFeatures(Self.words("add Peanut butter"), 1)
        for feature in ["b", "w:peanut", "p:add", "n:butter", "pw:add peanut", "wn:peanut butter", "a3:pea", "z2:ut", "s:Xx"] {
            #expect(features.contains(feature), "\(feature)")
        }
        #expect(ValueTagger.wordFeatures(Self.words("add 3 lemons"), 1).contains("s:d"))
        #expect(ValueTagger.wordFeatures(Self.words("add milk"), 0).contains("first"))
        #expect(ValueTagger.wordFeatures(Self.words("add milk"), 1).contains("last"))
        #expect(ValueTagger.tagFeatures("B-items", "butter") == ["t:B-items", "tw:B-items butter"])
    }

    @Test("the training examples are tagged back as they were")
    func fitsItsExamples() {
        for example in Self.examples {
            #expect(Self.tagger.tags(example.words) == example.tags, "\(example.words.map(\.folded))")
        }
    }

    @Test("spans: values of several words, with “and” and “to” inside them, on words not seen in training")
    func spans() {
        let words = Self.words("add salt and pepper to books to read")
        #expect(Self.tagger.spans(words) == [.init(name: "items", range: 1..<4), .init(name: "list", range: 5..<8)])
        #expect(ValueTagger.spans(["O", "B-a", "I-a", "B-a", "O", "B-b"]) == [
            .init(name: "a", range: 1..<3), .init(name: "a", range: 3..<4), .init(name: "b", range: 5..<6),
        ])
    }

    @Test("an I- tag only continues a value of the same name")
    func inside() {
        #expect(ValueTagger.allowed("I-list", after: "B-list"))
        #expect(ValueTagger.allowed("I-list", after: "I-list"))
        #expect(!ValueTagger.allowed("I-list", after: "B-items"))
        #expect(!ValueTagger.allowed("I-list", after: "O"))
        #expect(!ValueTagger.allowed("I-list", after: "^"))
        #expect(ValueTagger.allowed("B-list", after: "^"))
    }

    @Test("training is deterministic, and the text form reads back the very same model")
    func deterministic() throws {
        let again = ValueTagger.train(Self.examples)
        #expect(again.serialized() == Self.tagger.serialized())
        #expect(again.source == ValueTagger.source(of: Self.examples))
        let read = try ValueTagger(text: Self.tagger.serialized())
        #expect(read.serialized() == Self.tagger.serialized())
        for example in Self.examples { #expect(read.tags(example.words) == Self.tagger.tags(example.words)) }
        var other = ValueTagger.Options()
        other.epochs = 2
        #expect(ValueTagger.source(of: Self.examples, options: other) != again.source)
    }

    @Test("a damaged text form is an error naming the line")
    func damaged() {
        let text = Self.tagger.serialized()
        #expect(throws: ValueTagger.FormatError.self) { try ValueTagger(text: "") }
        #expect(throws: ValueTagger.FormatError.self) { try ValueTagger(text: String(text.prefix(text.count / 2))) }
        #expect(throws: ValueTagger.FormatError.self) { try ValueTagger(text: text.replacingOccurrences(of: "labels\t", with: "lables\t")) }
    }

    /// Words in every script the assistant reads, short and long, with digits, capitals and a
    /// mark that joins the character before it.
    static let scriptWords: [ValueTagger.Word] = [
        "add", "milk", "a", "to", "hardware", "list", "b12", "2024", "crème", "\u{301}abc", "ab\u{301}cd", "x\r\nyz",
        "ajouter", "список", "молоко", "우유를", "목록에", "นมสด", "รายการ", "牛奶", "加到购物清单", "😀👍🏽ab",
    ].enumerated().map { ValueTagger.Word($1, capitalised: $0 % 3 == 0) }

    @Test("features written as bytes are the String features, in the same order, in every script")
    func byteFeatures() {
        let words = Self.scriptWords
        let forms = words.map(ValueTagger.WordForm.init)
        var key = FeatureKey()
        for i in words.indices {
            for previous in ["^", "O", "B-list"] {
                var written: [[UInt8]] = []
                ValueTagger.forEachFeature(forms, i, previousTag: previous, &key) { written.append($0.bytes) }
                let expected = ValueTagger.wordFeatures(words, i) + ValueTagger.tagFeatures(previous, words[i].folded)
                #expect(written == expected.map { Array($0.utf8) }, "\(words[i].folded)")
            }
        }
    }

    @Test("tags looked up by bytes are those of the model's String features")
    func tagsByBytes() {
        let tagger = Self.tagger
        func byStrings(_ words: [ValueTagger.Word]) -> [String] {
            var tags: [String] = [], previous = "^"
            for i in words.indices {
                var scores = [Float](repeating: 0, count: tagger.labels.count)
                for feature in ValueTagger.wordFeatures(words, i) + ValueTagger.tagFeatures(previous, words[i].folded) {
                    guard let row = tagger.rows[feature] else { continue }
                    for j in scores.indices { scores[j] += tagger.weights[Int(row) * scores.count + j] }
                }
                var best = 0
                for j in 1..<scores.count where scores[j] > scores[best] && ValueTagger.allowed(tagger.labels[j], after: previous) { best = j }
                previous = tagger.labels[best]
                tags.append(previous)
            }
            return tags
        }
        for example in Self.examples { #expect(tagger.tags(example.words) == byStrings(example.words)) }
        for text in ["add crème fraîche to the hardware store", "remove 2 pet shop from books", "add молоко to 牛奶 list"] {
            #expect(tagger.tags(Self.words(text)) == byStrings(Self.words(text)))
        }
        #expect(tagger.tags(Self.scriptWords) == byStrings(Self.scriptWords))
    }

    @Test("the feature table finds every name and nothing else")
    func featureTable() {
        let names = Dictionary(uniqueKeysWithValues: (0..<500).map { ("w:\($0)", Int32($0)) } + [("", 500), ("é", 501)])
        let table = FeatureTable(names)
        for (name, row) in names { #expect(Array(name.utf8).withUnsafeBufferPointer { table.row($0) } == row) }
        for absent in ["w:500", "w:", "w:00", "e", "e\u{301}"] {
            #expect(Array(absent.utf8).withUnsafeBufferPointer { table.row($0) } == nil, "\(absent)")
        }
    }
}
