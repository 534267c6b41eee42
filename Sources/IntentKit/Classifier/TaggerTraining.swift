import Foundation

/// The value tagger's training examples for a language, built as the classifier's are: every
/// intent's sentence templates expanded with sample values, each slot's words tagged with its
/// name; then the training file's marked phrasings.
extension ClassifierTraining {
    /// The examples, in a fixed order: intents by name (their templates in order; the intents
    /// the classifier leaves out too, as their values are values all the same), each slot filled
    /// from the samples and `taggerSamples` together; then `taggerExamples` in file order.
    package static func taggerExamples(
        language: Language, data: ClassifierData, options: Options = Options()
    ) throws(LanguageError) -> [ValueTagger.Example] {
        let rules = try parsedRules(language)
        var samples = data.samples
        for (list, more) in data.taggerSamples { samples[list, default: []] += more }
        let values = sampleValues(language, samples)
        var examples: [ValueTagger.Example] = []
        for intent in language.intents.keys.sorted() {
            for group in language.intents[intent]!.sentences {
                for template in group.templates {
                    examples += try templateExamples(template, intent, rules: rules, values: values, language: language, options: options)
                }
            }
        }
        let names = Set(examples.flatMap(\.tags).filter { $0 != ValueTagger.outside }.map { String($0.dropFirst(2)) })
        let repeats = max(1, options.handWrittenRepeats)
        for line in data.taggerExamples {
            let example = try marked(line, language: language, names: names, file: data.file)
            for _ in 0..<repeats { examples.append(example) }
        }
        return examples
    }

    /// A phrasing with its values marked, `take [nails](tasks) off [my list](taskList)`, as
    /// words and tags. Each mark names a slot some template fills.
    static func marked(
        _ line: ClassifierData.Line, language: Language, names: Set<String>, file: String
    ) throws(LanguageError) -> ValueTagger.Example {
        func fail(_ message: String) -> LanguageError { LanguageError(message: "\(file):\(line.line): \(message)") }
        var example: ValueTagger.Example = ([], [])
        func add(_ text: Substring, _ name: String?) {
            let text = String(text)
            let words = ValueTagger.Word.words(language.tokenize(text), in: text)
            example.words += words
            example.tags += words.indices.map { i in name.map { (i == 0 ? "B-" : "I-") + $0 } ?? ValueTagger.outside }
        }
        var rest = line.text[...]
        while let open = rest.firstIndex(of: "[") {
            add(rest[..<open], nil)
            guard let close = rest[open...].firstIndex(of: "]"), rest[close...].hasPrefix("]("),
                  let end = rest[close...].firstIndex(of: ")")
            else { throw fail("a value mark is not [words](name)") }
            let name = String(rest[rest.index(close, offsetBy: 2)..<end])
            guard names.contains(name) else {
                throw fail("“\(name)” is no value a template fills" + YAMLNodes.didYouMean(name, names.sorted()))
            }
            let value = rest[rest.index(after: open)..<close]
            guard !language.tokenize(String(value)).isEmpty else { throw fail("the value marked “\(name)” has no words") }
            add(value, name)
            rest = rest[rest.index(after: end)...]
        }
        add(rest, nil)
        return example
    }
}
