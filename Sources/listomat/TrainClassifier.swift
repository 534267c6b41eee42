import ArgumentParser
import Foundation
import IntentKit
import ListIntents

/// `listomat train-classifier`: trains the assistant's intent classifier from a language's
/// templates and its classifier.yaml, and writes the model (classifier.tsv).
struct TrainClassifier: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train-classifier",
        abstract: CLIWords.text("cli.abstract.trainClassifier"),
        discussion: """
            Reads Resources/<locale>/language.yaml, the built-in intent files and \
            Resources/<locale>/classifier.yaml — from the checkout this was built from when it is \
            there, else the installed resources — and writes Resources/<locale>/classifier.tsv \
            beside them (or --output), and the value tagger trained from the same files, \
            Resources/<locale>/tagger.tsv (or --tagger-output).
            """)

    @Option(name: .long, help: ArgumentHelp("The language.", valueName: "locale")) var locale = "en"
    @Option(name: .long, help: ArgumentHelp("Where to write the model.", valueName: "path")) var output: String?
    @Option(name: .long, help: ArgumentHelp("Where to write the value tagger.", valueName: "path")) var taggerOutput: String?
    @Option(name: .long, help: ArgumentHelp("Also print the new model's guesses for this utterance (repeatable).", valueName: "text"))
    var check: [String] = []

    func run() throws {
        var resources: URL
        if let checkout = Assistant.checkoutResourcesDirectory {
            resources = checkout
        } else {
            do {
                resources = try Assistant.resourcesDirectory()
            } catch {
                throw Failure(error.message, .storage)
            }
        }
        let started = Date()
        let examples: [(text: [String], label: String)]
        do {
            examples = try Assistant.classifierExamples(locale: locale, resources: resources)
        } catch {
            throw Failure(error.message, .usage)
        }
        let model = IntentClassifier.train(examples)
        let seconds = Date().timeIntervalSince(started)
        let correct = examples.filter { model.predict($0.text).intent == $0.label }.count
        let text = model.serialized()
        let destination = output.map { URL(fileURLWithPath: $0) }
            ?? resources.appendingPathComponent(locale).appendingPathComponent(Assistant.classifierFileName)
        do {
            try text.write(to: destination, atomically: true, encoding: .utf8)
        } catch {
            throw Failure("cannot write \(destination.path): \(error.localizedDescription)", .storage)
        }
        let labels = Dictionary(grouping: examples, by: \.label).mapValues(\.count)
        print("examples: \(examples.count) (" + labels.keys.sorted().map { "\($0) \(labels[$0]!)" }.joined(separator: ", ") + ")")
        print(String(format: "training accuracy: %.1f%% (%d of %d)", 100 * Double(correct) / Double(max(1, examples.count)), correct, examples.count))
        print(String(format: "trained in %.2f s; %d features, source %@", seconds, model.featureCount, model.source))
        print("wrote \(destination.path) (\(text.utf8.count) bytes)")
        // Read back what was written: the same model, and how fast it loads and predicts.
        let clock = ContinuousClock()
        var loaded: IntentClassifier?
        let load = clock.measure { loaded = try? IntentClassifier(text: text) }
        guard let loaded, loaded.serialized() == text else {
            throw Failure("the model written does not read back the same (a bug)", .storage)
        }
        let sample = examples.map(\.text)
        let predict = clock.measure { for words in sample { _ = loaded.predict(words) } }
        print(String(format: "reads back in %.1f ms; predicts in %.1f µs on average",
                     Self.milliseconds(load), Self.milliseconds(predict) * 1000 / Double(max(1, sample.count))))
        let tagger = try trainTagger(resources)
        for utterance in check {
            let prediction = model.predict(TextNormalizer.tokenize(utterance).map(\.folded))
            let top = prediction.ranked.prefix(3).map { String(format: "%@ %.2f", $0.intent, $0.confidence) }
            print("“\(utterance)”: " + top.joined(separator: ", "))
            let tokens = TextNormalizer.tokenize(utterance)
            let tags = tagger.tags(ValueTagger.Word.words(tokens, in: utterance))
            print("  " + zip(tokens, tags).map { "\(utterance[$0.range])/\($1)" }.joined(separator: " "))
        }
    }

    /// Trains the value tagger from the same files and writes it; says how well it fits them.
    private func trainTagger(_ resources: URL) throws -> ValueTagger {
        let started = Date()
        let examples: [ValueTagger.Example]
        do {
            examples = try Assistant.taggerExamples(locale: locale, resources: resources)
        } catch {
            throw Failure(error.message, .usage)
        }
        let tagger = ValueTagger.train(examples)
        let seconds = Date().timeIntervalSince(started)
        let text = tagger.serialized()
        let destination = taggerOutput.map { URL(fileURLWithPath: $0) }
            ?? resources.appendingPathComponent(locale).appendingPathComponent(Assistant.taggerFileName)
        do {
            try text.write(to: destination, atomically: true, encoding: .utf8)
        } catch {
            throw Failure("cannot write \(destination.path): \(error.localizedDescription)", .storage)
        }
        guard let loaded = try? ValueTagger(text: text), loaded.serialized() == text else {
            throw Failure("the tagger written does not read back the same (a bug)", .storage)
        }
        let words = examples.reduce(0) { $0 + $1.words.count }
        let right = examples.reduce(0) { total, example in total + zip(loaded.tags(example.words), example.tags).filter { $0 == $1 }.count }
        print(String(format: "tagger: %d examples, %d words tagged right of %d (%.1f%%); trained in %.2f s; %d features",
                     examples.count, right, words, 100 * Double(right) / Double(max(1, words)), seconds, tagger.featureCount))
        print("wrote \(destination.path) (\(text.utf8.count) bytes)")
        return loaded
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
