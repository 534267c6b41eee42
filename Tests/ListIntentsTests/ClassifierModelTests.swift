import Foundation
import IntentKit
import ListIntents
import Testing

/// The shipped English classifier model (Resources/en/classifier.tsv).
@Suite("Shipped classifier model")
struct ClassifierModelTests {
    static func words(_ text: String) -> [String] { TextNormalizer.tokenize(text).map(\.folded) }

    /// STALENESS CHECK: the model must be trained from the current training data (the
    /// templates of language.yaml and Resources/intents/, and classifier.yaml). When this
    /// fails, retrain: `swift run listomat train-classifier`, and commit classifier.tsv.
    @Test("the shipped en model is trained from the current training data (else run `swift run listomat train-classifier`)")
    func modelIsUpToDate() throws {
        let assistant = try Assistant.shared("en")
        #expect(assistant.warnings.isEmpty)
        let model = try #require(assistant.engine.classifier, "no en classifier model: run `swift run listomat train-classifier`")
        let examples = try Assistant.classifierExamples(locale: "en")
        #expect(
            model.source == IntentClassifier.source(of: examples),
            "classifier.tsv is stale: run `swift run listomat train-classifier` and commit Sources/ListIntents/Resources/en/classifier.tsv")
    }

    @Test("the shipped model classifies unseen realistic phrasings sensibly")
    func sensible() throws {
        let engine = try Assistant.shared("en").engine
        let cases: [(String, String)] = [
            ("put shoes on my list please", "AddTasks"),
            ("we're out of orange juice", "AddTasks"),
            ("don't let me forget the hot sauce", "AddTasks"),
            ("what's on my packing list", "SearchForNotebookItems"),
            ("tell me what's on the groceries", "SearchForNotebookItems"),
            ("i picked up the dry cleaning", "SetTaskAttribute"),
            ("start a list for my vacation", "CreateTaskList"),
            ("throw out the whole camping list", "DeleteTaskList"),
            ("how do i use this thing", "Help"),
            ("what's the weather", "none"),
            ("set an alarm for 6 tomorrow", "none"),
            ("play some jazz", "none"),
            ("who is the president of france", "none"),
        ]
        var wrong: [String] = []
        for (text, intent) in cases {
            let prediction = try #require(engine.classify(Self.words(text)))
            if prediction.intent != intent {
                wrong.append("“\(text)”: \(prediction.intent) \(prediction.confidence), expected \(intent)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
    }

    /// A copy of the language files, removed after `body`: the folder, the model file in it, and its text.
    func withResourcesCopy(_ body: (_ folder: URL, _ model: URL, _ text: String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listomat-resources-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try Assistant.checkoutResourcesDirectory ?? Assistant.resourcesDirectory()
        try FileManager.default.copyItem(at: original, to: folder)
        let model = folder.appendingPathComponent("en").appendingPathComponent(Assistant.classifierFileName)
        try body(folder, model, try String(contentsOf: model, encoding: .utf8))
    }

    @Test("a damaged model file is a warning, not a failure")
    func damagedModel() throws {
        try withResourcesCopy { folder, model, text in
            try String(text.prefix(text.count / 2)).write(to: model, atomically: true, encoding: .utf8)
            let assistant = try Assistant(locale: "en", userIntentsDirectory: nil, resources: folder)
            #expect(assistant.engine.classifier == nil)
            #expect(assistant.warnings.count == 1)
            #expect(assistant.warnings.first?.contains("classifier.tsv") == true)
            try FileManager.default.removeItem(at: model)
            let without = try Assistant(locale: "en", userIntentsDirectory: nil, resources: folder)
            #expect(without.engine.classifier == nil && without.warnings.isEmpty)
        }
    }

    @Test("the model file is checked by its length at start: a byte too many or too few is a warning; a model without body= is counted line by line")
    func modelLengthChecks() throws {
        try withResourcesCopy { folder, model, text in
            #expect(text.hasPrefix("listomat-intent-classifier\t") && text.prefix(200).contains("\tbody="))

            for damaged in [text + "x", String(text.dropLast())] {
                try damaged.write(to: model, atomically: true, encoding: .utf8)
                let assistant = try Assistant(locale: "en", userIntentsDirectory: nil, resources: folder)
                #expect(assistant.engine.classifier == nil)
                #expect(assistant.warnings.count == 1 && assistant.warnings.first?.contains("cut off or too long") == true)
            }

            // A model written before the header said its length: read whole, its lines counted.
            let header = text.prefix { $0 != "\n" }
            let withoutLength = header.replacingOccurrences(of: #"\tbody=[0-9]+"#, with: "", options: .regularExpression)
            #expect(withoutLength != String(header))
            try (withoutLength + text.dropFirst(header.count)).write(to: model, atomically: true, encoding: .utf8)
            let old = try Assistant(locale: "en", userIntentsDirectory: nil, resources: folder)
            #expect(old.warnings.isEmpty)
            #expect(old.engine.classifier != nil)
            try (withoutLength + text.dropFirst(header.count) + "extra\t1:1\n").write(to: model, atomically: true, encoding: .utf8)
            let oldDamaged = try Assistant(locale: "en", userIntentsDirectory: nil, resources: folder)
            #expect(oldDamaged.warnings.count == 1 && oldDamaged.engine.classifier == nil)
        }
    }

    @Test("load and prediction times (printed)")
    func timing() throws {
        let resources = try Assistant.checkoutResourcesDirectory ?? Assistant.resourcesDirectory()
        let text = try String(contentsOf: resources.appendingPathComponent("en/classifier.tsv"), encoding: .utf8)
        let clock = ContinuousClock()
        var model: IntentClassifier?
        let load = try clock.measure { model = try IntentClassifier(text: text) }
        let words = Self.words("can you put paper towels and dish soap on the costco list")
        let runs = 200
        let predict = clock.measure { for _ in 0..<runs { _ = model!.predict(words) } }
        print("classifier: \(text.utf8.count) bytes, \(model!.featureCount) features; load \(load); predict \(predict / runs)")
    }
}

/// The model learns from our own sentences, never from the corpora it is measured on.
@Suite("Classifier training data")
struct ClassifierDataTests {
    @Test("no example of classifier.yaml is a line of a scored corpus")
    func noCorpusLineIsAnExample() throws {
        let resources = try Assistant.checkoutResourcesDirectory ?? Assistant.resourcesDirectory()
        let file = resources.appendingPathComponent("en").appendingPathComponent(Assistant.classifierDataFileName)
        let data = try ClassifierData.load(yaml: try String(contentsOf: file, encoding: .utf8), file: file.path)
        let examples = Set((data.examples.flatMap(\.texts) + data.none).map { TextNormalizer.fold($0.text) })
        let corpora = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")
        var overlap: [String] = []
        for name in ["utterances_en.jsonl", "utterances2_en.jsonl", "external/hwu64_en.jsonl", "external/clinc150_en.jsonl",
                     "external/ha-intents-templates_en.jsonl"] {
            for line in try String(contentsOf: corpora.appendingPathComponent(name), encoding: .utf8).split(separator: "\n") {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
                let utterance = TextNormalizer.fold(object["u"] as! String)
                if examples.contains(utterance) { overlap.append(utterance) }
            }
        }
        #expect(overlap.isEmpty, "\(overlap)")
    }
}
