import Yams

/// A language's training data for the intent classifier (`Resources/<locale>/classifier.yaml`):
///
///     samples:          # values to fill template slots with, per value list
///       list: [shopping, to do, …]
///       items: [milk, eggs and bread, …]
///       text: […]       # for any value list with no samples of its own
///     examples:         # phrasings the templates do not cover, per intent
///       AddTasks: ["we need milk", …]
///     none: ["what's the weather", …]   # off-topic requests
///     templatesOnly: [UndoChange, …]     # intents understood by their sentences only
///     taggerSamples:    # more values for the value tagger only, per value list
///       items: [nails, of mice and men, …]
///     taggerExamples:   # phrasings with their values marked, for the value tagger only
///       - "take [nails](tasks) off [the hardware store list](taskList)"
package struct ClassifierData: Sendable {
    package struct Line: Sendable {
        package var text: String
        package var line: Int
    }

    package var file: String
    /// Value list → sample values.
    package var samples: [String: [String]]
    /// Intent → examples, in file order; the intents in file order.
    package var examples: [(intent: String, line: Int, texts: [Line])]
    package var none: [Line]
    /// Intents the model is not trained on: understood by their sentence templates only, never
    /// guessed (e.g. undo, whose every phrasing is short and exact).
    package var templatesOnly: Set<String> = []
    /// Value list → more sample values, for the value tagger only (the classifier's examples stay as they are).
    package var taggerSamples: [String: [String]] = [:]
    /// Phrasings with their values marked (`[words](slot)`), for the value tagger only.
    package var taggerExamples: [Line] = []

    /// Parses a training file. Errors name the file, the line and the problem.
    package static func load(yaml: String, file: String) throws(LanguageError) -> ClassifierData {
        func fail(_ problem: YAMLProblem) -> LanguageError {
            LanguageError(message: problem.line > 0 ? "\(file):\(problem.line): \(problem.message)" : "\(file): \(problem.message)")
        }
        do throws(YAMLProblem) {
            guard let root = try YAMLNodes.compose(yaml) else { throw YAMLProblem(line: 1, message: "the file is empty") }
            let entries = try YAMLNodes.entries(root, "the file")
            try YAMLNodes.checkKeys(entries, allowed: ["samples", "examples", "none", "templatesOnly", "taggerSamples", "taggerExamples"], in: "the file")
            let top = Dictionary(entries.map { ($0.key, $0.value) }) { first, _ in first }
            var data = ClassifierData(file: file, samples: [:], examples: [], none: [])
            for entry in try YAMLNodes.entries(top["samples"], "samples") {
                let texts = try YAMLNodes.texts(entry.value, "samples.\(entry.key)")
                try check(texts, "samples.\(entry.key)")
                data.samples[entry.key] = texts.map(\.text)
            }
            for entry in try YAMLNodes.entries(top["examples"], "examples") {
                let texts = try YAMLNodes.texts(entry.value, "examples.\(entry.key)")
                try check(texts, "examples.\(entry.key)")
                data.examples.append((entry.key, entry.line, texts.map { Line(text: $0.text, line: $0.line) }))
            }
            let none = try YAMLNodes.texts(top["none"], "none")
            try check(none, "none")
            data.none = none.map { Line(text: $0.text, line: $0.line) }
            data.templatesOnly = Set(try YAMLNodes.texts(top["templatesOnly"], "templatesOnly").map(\.text))
            for entry in try YAMLNodes.entries(top["taggerSamples"], "taggerSamples") {
                let texts = try YAMLNodes.texts(entry.value, "taggerSamples.\(entry.key)")
                try check(texts, "taggerSamples.\(entry.key)")
                data.taggerSamples[entry.key] = texts.map(\.text)
            }
            let marked = try YAMLNodes.texts(top["taggerExamples"], "taggerExamples")
            try check(marked, "taggerExamples")
            data.taggerExamples = marked.map { Line(text: $0.text, line: $0.line) }
            return data
        } catch {
            throw fail(error)
        }
    }

    private static func check(_ texts: [(text: String, line: Int)], _ what: String) throws(YAMLProblem) {
        for text in texts where TextNormalizer.tokenize(text.text).isEmpty {
            throw YAMLProblem(line: text.line, message: "\(what) has an entry with no words")
        }
    }
}

/// The classifier's training examples for a language, built generically: every intent's
/// sentence templates, expanded (a bounded, deterministic sample of their paths) with slots
/// filled from the training file's samples; then the file's own examples per intent, and its
/// off-topic `none` examples.
package enum ClassifierTraining {
    package struct Options: Sendable, CustomStringConvertible {
        /// Examples generated per template at most.
        package var perTemplate = 40
        /// How many times each hand-written example (and off-topic one) counts.
        package var handWrittenRepeats = 3
        package var seed: UInt64 = 0xC1A5_51F1_E5ED_0001

        package init() {}

        package var description: String { "perTemplate=\(perTemplate) repeats=\(handWrittenRepeats) seed=\(seed)" }
    }

    /// The examples, in a fixed order: intents by name (their templates in order), then
    /// hand-written examples in file order, then `none`.
    package static func examples(
        language: Language, data: ClassifierData, options: Options = Options()
    ) throws(LanguageError) -> [(text: [String], label: String)] {
        try check(language, data)
        let rules = try parsedRules(language)
        let values = sampleValues(language, data.samples)
        var examples: [(text: [String], label: String)] = []
        for intent in language.intents.keys.sorted() where !data.templatesOnly.contains(intent) {
            for group in language.intents[intent]!.sentences {
                for template in group.templates {
                    // An example made only of sample values (a template of slots alone: a list's
                    // name said by itself) teaches the values, not the request's words: left out,
                    // so that a name inside any sentence does not read as showing that list.
                    for example in try templateExamples(template, intent, rules: rules, values: values, language: language, options: options)
                    where example.tags.contains(ValueTagger.outside) {
                        examples.append((example.words.map(\.folded), intent))
                    }
                }
            }
        }
        let repeats = max(1, options.handWrittenRepeats)
        for entry in data.examples {
            for example in entry.texts {
                let text = language.tokenize(example.text).map(\.folded)
                for _ in 0..<repeats { examples.append((text, entry.intent)) }
            }
        }
        for example in data.none {
            let text = language.tokenize(example.text).map(\.folded)
            for _ in 0..<repeats { examples.append((text, IntentClassifier.noneLabel)) }
        }
        return examples
    }

    /// The language's expansion rules, parsed.
    static func parsedRules(_ language: Language) throws(LanguageError) -> [String: TemplateNode] {
        var rules: [String: TemplateNode] = [:]
        do throws(TemplateError) {
            for (name, text) in IntentEngine.rules(language) { rules[name] = try TemplateParser.parse(text) }
        } catch {
            throw LanguageError(message: "language \(language.locale): \(error.message)")
        }
        return rules
    }

    /// The sample values of a value list: its samples, else its enumeration's words, else the
    /// `text` samples. Read as the engine reads an utterance (a language's glued particles split off).
    static func sampleValues(_ language: Language, _ samples: [String: [String]]) -> (String) -> [[ValueTagger.Word]] {
        let samples = samples.mapValues { $0.map { ValueTagger.Word.words(language.tokenize($0), in: $0) } }
        let enumerations = language.enumerations.mapValues { cases in
            cases.keys.sorted().flatMap { cases[$0]! }.map { ValueTagger.Word.words(TextNormalizer.tokenize($0), in: $0) }
        }
        return { list in
            if let values = samples[list], !values.isEmpty { return values }
            if let values = enumerations[list], !values.isEmpty { return values }
            return samples["text"] ?? [[ValueTagger.Word("something")]]
        }
    }

    /// The examples one template gives: some of its paths (all of them, cycled, when few; else
    /// a fixed-seed sample), each slot filled with a sample value of its list, its words tagged
    /// with the slot's name (`B-name`, `I-name`) and the template's own words `O`.
    static func templateExamples(
        _ template: String, _ intent: String, rules: [String: TemplateNode], values: (String) -> [[ValueTagger.Word]],
        language: Language, options: Options
    ) throws(LanguageError) -> [ValueTagger.Example] {
        var words: [String] = []
        var ids: [String: Int] = [:]
        func intern(_ word: String) -> Int {
            if let id = ids[word] { return id }
            ids[word] = words.count
            words.append(word)
            return words.count - 1
        }
        let paths: [TemplatePath]
        do throws(TemplateError) {
            paths = try TemplateExpander.paths(TemplateParser.parse(template), rules: rules, intern: intern, template: template)
        } catch {
            throw LanguageError(message: "language \(language.locale): \(error.message)")
        }
        guard !paths.isEmpty else { return [] }
        var random = SplitMix64(seed: options.seed ^ fnv(intent + "\u{1F}" + template))
        let hasSlots = paths.contains { $0.elements.contains { if case .slot = $0 { true } else { false } } }
        let count = min(options.perTemplate, paths.count * (hasSlots ? 4 : 1))
        // Which paths: all of them (cycled) when few, else a fixed-seed sample.
        var chosen = Array(paths.indices)
        if paths.count > count {
            random.shuffle(&chosen)
            chosen = Array(chosen.prefix(count)).sorted()
        }
        return (0..<count).map { n -> ValueTagger.Example in
            let path = paths[chosen[n % chosen.count]]
            var example: ValueTagger.Example = ([], [])
            for element in path.elements {
                switch element {
                case .word(let id):
                    example.words.append(ValueTagger.Word(words[id]))
                    example.tags.append(ValueTagger.outside)
                case .slot(let name, let list):
                    let choices = values(list)
                    let value = choices[random.next(below: choices.count)]
                    example.words += value
                    example.tags += value.indices.map { $0 == 0 ? "B-" + name : "I-" + name }
                }
            }
            return example
        }
    }

    /// The hand-written examples name known intents, and no intent is called `none`.
    private static func check(_ language: Language, _ data: ClassifierData) throws(LanguageError) {
        func fail(_ line: Int, _ message: String) -> LanguageError {
            LanguageError(message: "\(data.file):\(line): \(message)")
        }
        for entry in data.examples where language.intents[entry.intent] == nil {
            let known = language.intents.keys.sorted()
            throw fail(entry.line, "examples for an unknown intent “\(entry.intent)”" + YAMLNodes.didYouMean(entry.intent, known))
        }
        for intent in data.templatesOnly.sorted() where language.intents[intent] == nil {
            throw LanguageError(message: "\(data.file): templatesOnly names an unknown intent “\(intent)”")
        }
        if language.intents[IntentClassifier.noneLabel] != nil {
            throw LanguageError(message: "language \(language.locale): an intent may not be called “\(IntentClassifier.noneLabel)”")
        }
    }

    static func fnv(_ text: String) -> UInt64 {
        var hash = FNV1a()
        hash.add(text)
        return hash.value
    }
}
