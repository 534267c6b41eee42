import Foundation

/// Every intent an engine will know, in one language: the schemas and words of the shared
/// files, plus intent definitions added one at a time. Each definition is checked against
/// what is already here before it joins (its name is new, its types are the language's, its
/// steps name real intents and parameters, its sentences compile, every response has words),
/// so a broken one can be refused alone — the caller decides whether that is fatal (a
/// built-in file) or a warning (a person's own file) — and the engine built at the end never
/// fails because of it.
package struct IntentCatalog: Sendable {
    package private(set) var language: Language
    package private(set) var schemas: [IntentSchema]
    /// The definitions added, in order.
    package private(set) var definitions: [IntentDefinition] = []
    /// The custom intents (definitions with steps), by name: their handler is a `SequenceHandler`.
    package private(set) var sequences: [String: IntentDefinition] = [:]
    /// Intent name → the file that defined it; nil for the shared schema file and built-ins.
    private var origins: [String: String?] = [:]

    /// The language's words for its locale, and the schemas of the shared schema file.
    package init(language: Language, schemas: [IntentSchema]) {
        self.language = language
        self.schemas = schemas
        for schema in schemas { origins[schema.name] = .some(nil) }
    }

    package var schemasByName: [String: IntentSchema] {
        Dictionary(schemas.map { ($0.name, $0) }) { first, _ in first }
    }

    /// The engine for everything added so far.
    /// `checked`: this very catalog made an engine before (it was kept in the cache only then),
    /// so its sentences' slots need not be checked against its intents again.
    package func makeEngine(
        classifier: IntentClassifier? = nil, loadClassifier: (@Sendable () -> IntentClassifier?)? = nil,
        tagger: ValueTagger? = nil, loadTagger: (@Sendable () -> ValueTagger?)? = nil, matcherCache: MatcherCache? = nil,
        checked: Bool = false
    ) throws(LanguageError) -> IntentEngine {
        try IntentEngine(
            language: language, schemas: schemas, classifier: classifier, loadClassifier: loadClassifier, tagger: tagger,
            loadTagger: loadTagger, matcherCache: matcherCache, checked: checked)
    }

    /// Checks `definition` against the intents and the language here, and adds it: its schema
    /// joins the schemas, its words for this catalog's locale join `language.intents`.
    /// `builtIn`: shipped with the app, so it may have no steps (its handler is Swift code);
    /// a person's own intent must be a sequence of steps.
    package mutating func add(_ definition: IntentDefinition, builtIn: Bool = false) throws(DefinitionError) {
        var definition = definition
        try DefinitionChecker(catalog: self, builtIn: builtIn).check(&definition)
        schemas.append(definition.schema)
        language.intents[definition.name] = definition.texts[language.locale]
        origins[definition.name] = builtIn ? .some(nil) : .some(definition.file)
        definitions.append(definition)
        if definition.isSequence { sequences[definition.name] = definition }
    }

    /// Where an intent already known came from, for "already defined in …"; nil when unknown.
    fileprivate func origin(_ name: String) -> String?? { origins[name] }
}

/// The checks of one definition against a catalog. Each failure names the line and says what
/// to do, in plain words: the person reading it wrote the file and may not know the code.
private struct DefinitionChecker {
    let catalog: IntentCatalog
    let builtIn: Bool

    /// What a sequence's success and failure templates may use besides its own parameters.
    static let sequenceValues = ["steps", "reason", "step"]
    /// What a question may use besides the parameters (the conversation's own values).
    static let promptValues = ["options", "value", "spoken", "reason"]
    static let sequenceCodes = ["success", "failure", "confirm"]

    func check(_ definition: inout IntentDefinition) throws(DefinitionError) {
        let name = definition.name
        let lines = definition.lines
        let locale = catalog.language.locale
        func fail(_ line: Int?, _ problem: String) -> DefinitionError {
            DefinitionError(file: definition.file, line: line ?? lines.intent, problem: problem)
        }

        // The name is new.
        switch catalog.origin(name) {
        case .some(.some(let file)): throw fail(lines.intent, "the intent “\(name)” is already defined in \(file)")
        case .some(.none): throw fail(lines.intent, "“\(name)” is already a built-in intent: choose another name")
        case .none:
            if catalog.language.intents[name] != nil {
                throw fail(lines.intent, "language “\(locale)” already has words for an intent “\(name)”: choose another name")
            }
        }

        // Parameter types are value lists the language knows.
        let types = catalog.language.valueLists.union(["text"])
        for parameter in definition.schema.parameters where !types.contains(parameter.type) {
            throw fail(
                lines.parameters[parameter.name],
                "parameter “\(parameter.name)” has type “\(parameter.type)”, which language “\(locale)” does not know"
                    + Self.hint(parameter.type, types.sorted(), "it knows"))
        }

        let confirmingStep = try checkSteps(definition, fail)
        // Response codes, and the templates every language must have for them.
        var codes = definition.schema.responseCodes
        if definition.isSequence {
            for code in definition.declaredCodes ?? [] where !Self.sequenceCodes.contains(code) {
                throw fail(
                    lines.responses,
                    "“\(code)” is not a response a sequence of steps gives: it answers success or failure (and confirm when it asks first)")
            }
            definition.schema.confirms = definition.schema.confirms || confirmingStep != nil
            codes = ["success", "failure"] + (definition.schema.confirms ? ["confirm"] : [])
            definition.schema.responseCodes = codes
        } else if definition.schema.confirms, !codes.contains("confirm") {
            codes.append("confirm")
        }

        for locale in definition.texts.keys.sorted() {
            try checkWords(definition, locale: locale, codes: codes, confirmingStep: confirmingStep, fail)
        }
        guard definition.texts[catalog.language.locale] != nil else {
            throw fail(
                lines.languages,
                "“\(name)” has no words in language “\(locale)” (only in \(definition.texts.keys.sorted().joined(separator: ", ")))")
        }
    }

    /// Steps name built-in intents and their parameters; slots name the intent's own
    /// parameters, of the same type; every required parameter gets a value; every declared
    /// parameter is used. Returns the first step that asks "are you sure?".
    // Over 60 lines: the checks of one step in the order a person reads it, each throwing the
    // first problem at its line; apart they would pass the step, its schema and `fail` along.
    private func checkSteps(
        _ definition: IntentDefinition, _ fail: (Int?, String) -> DefinitionError
    ) throws(DefinitionError) -> (number: Int, intent: String)? {
        let name = definition.name
        if definition.steps.isEmpty {
            if builtIn { return nil }
            throw fail(
                definition.lines.intent,
                "“\(name)” has no steps: your own intents are a list of built-in intents to run (steps: - intent: …)")
        }
        let known = catalog.schemasByName
        let own = definition.schema.parameters.map(\.name)
        var confirming: (number: Int, intent: String)?
        var slotted = Set<String>()
        for (index, step) in definition.steps.enumerated() {
            let number = index + 1
            guard let schema = known[step.intent] else {
                throw fail(
                    step.line,
                    "step \(number) names unknown intent “\(step.intent)”" + YAMLNodes.didYouMean(step.intent, known.keys.sorted()))
            }
            if catalog.sequences[step.intent] != nil {
                throw fail(step.line, "step \(number) names “\(step.intent)”, which is itself a list of steps: a step must be a built-in intent")
            }
            for parameter in step.parameters {
                guard let target = schema.parameter(parameter.name) else {
                    throw fail(
                        parameter.line,
                        "step \(number): \(step.intent) has no parameter “\(parameter.name)”"
                            + Self.hint(parameter.name, schema.parameters.map(\.name), "it has"))
                }
                switch parameter.value {
                case .fixed(let values):
                    if values.count > 1, !target.multiple {
                        throw fail(parameter.line, "step \(number): “\(target.name)” of \(step.intent) takes one value, not a list")
                    }
                case .slot(let slot):
                    guard let source = definition.schema.parameter(slot) else {
                        let hint = own.isEmpty ? " (declare it under “parameters:”)" : Self.hint(slot, own, "it has")
                        throw fail(parameter.line, "step \(number): “${\(slot)}” is not a parameter of \(name)" + hint)
                    }
                    if source.type != target.type {
                        throw fail(
                            parameter.line,
                            "step \(number): “${\(slot)}” is of type “\(source.type)”, but “\(target.name)” of \(step.intent) takes “\(target.type)”")
                    }
                    if source.multiple, !target.multiple {
                        throw fail(
                            parameter.line,
                            "step \(number): “${\(slot)}” holds several values, but “\(target.name)” of \(step.intent) takes one")
                    }
                    slotted.insert(slot)
                }
            }
            for target in schema.parameters where target.required && step.value(target.name) == nil {
                throw fail(
                    step.line,
                    "step \(number): \(step.intent) needs “\(target.name)”: give it a value, or “${…}” one of \(name)'s parameters")
            }
            if schema.confirms, confirming == nil { confirming = (number, step.intent) }
        }
        for parameter in definition.schema.parameters where !slotted.contains(parameter.name) {
            throw fail(
                definition.lines.parameters[parameter.name],
                "parameter “\(parameter.name)” is not used by any step: use it as “${\(parameter.name)}” or remove it")
        }
        return confirming
    }

    /// One language's words: sentences (that compile, in this catalog's language), responses
    /// for every code, prompts and combinations for real parameters, and — for a sequence,
    /// whose values are all known — templates that name only values it has.
    private func checkWords(
        _ definition: IntentDefinition, locale: String, codes: [String], confirmingStep: (number: Int, intent: String)?,
        _ fail: (Int?, String) -> DefinitionError
    ) throws(DefinitionError) {
        guard let text = definition.texts[locale] else { return }
        let lines = definition.lines.texts[locale] ?? IntentTextLines()
        let words = Words(definition: definition, locale: locale, text: text, lines: lines)
        try checkKeys(words, codes: codes, confirmingStep: confirmingStep, fail)
        try checkSentences(words, fail)
        try checkSequenceValues(words, fail)
    }

    /// One language's words of a definition, and what every check of them needs.
    private struct Words {
        let definition: IntentDefinition
        let locale: String
        let text: Language.IntentText
        let lines: IntentTextLines
        var name: String { definition.name }
        /// The definition's own parameter names.
        var own: [String] { definition.schema.parameters.map(\.name) }
    }

    /// Someone can ask for it; a response for every code it gives and none for others;
    /// prompts and combinations only for its own parameters.
    private func checkKeys(
        _ words: Words, codes: [String], confirmingStep: (number: Int, intent: String)?, _ fail: (Int?, String) -> DefinitionError
    ) throws(DefinitionError) {
        let (definition, locale, text, lines) = (words.definition, words.locale, words.text, words.lines)
        let (name, own) = (words.name, words.own)
        if definition.isSequence, text.sentences.allSatisfy({ $0.templates.isEmpty }) {
            throw fail(lines.line, "“\(name)” has no sentences in “\(locale)”: nobody could ask for it")
        }
        for code in codes where text.responses[code] == nil {
            if code == "confirm", let step = confirmingStep {
                throw fail(
                    lines.responsesKey ?? lines.line,
                    "language “\(locale)” has no “confirm” response: step \(step.number) (\(step.intent)) asks “are you sure?”, so \(name) must ask first")
            }
            throw fail(lines.responsesKey ?? lines.line, "language “\(locale)” has no response template for “\(code)”")
        }
        for code in text.responses.keys.sorted() where !codes.contains(code) {
            throw fail(
                lines.responses[code],
                "“\(code)” is not a response \(name) gives" + Self.hint(code, codes, "it gives"))
        }
        for (parameter, kinds) in text.prompts.sorted(by: { $0.key < $1.key }) {
            guard own.contains(parameter) else {
                throw fail(
                    lines.prompts[parameter],
                    "prompts for “\(parameter)”, which is not a parameter of \(name)" + Self.hint(parameter, own, "it has"))
            }
            for kind in kinds.keys.sorted() where !IntentTextReader.promptKinds.contains(kind) {
                throw fail(
                    lines.prompts["\(parameter).\(kind)"],
                    "unknown kind of prompt “\(kind)”" + Self.hint(kind, IntentTextReader.promptKinds, "the kinds are"))
            }
        }
        for key in text.combinations.keys.sorted() {
            let names = key.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            for part in names where !own.contains(part) {
                throw fail(lines.combinations[key], "the combination “\(key)” names “\(part)”, which is not a parameter of \(name)")
            }
        }
    }

    /// Sentences that fix and fill only its own parameters, from value lists the language
    /// knows, and that compile in the catalog's language.
    private func checkSentences(
        _ words: Words, _ fail: (Int?, String) -> DefinitionError
    ) throws(DefinitionError) {
        let (locale, text, lines) = (words.locale, words.text, words.lines)
        let (name, own) = (words.name, words.own)
        let isEngineLocale = locale == catalog.language.locale
        let language = catalog.language
        let types = language.valueLists.union(["text"])
        // The rules are parsed once for all of the definition's templates.
        var parsedRules: [String: TemplateNode]?
        for (index, group) in text.sentences.enumerated() {
            for slot in group.fixedSlots.keys.sorted() where !own.contains(slot) {
                throw fail(
                    lines.fixedSlots[index]?[slot],
                    "a sentence group fixes “\(slot)”, which is not a parameter of \(name)" + Self.hint(slot, own, "it has"))
            }
            for template in group.templates {
                let line = lines.sentences[template] ?? lines.line
                let node: TemplateNode
                do {
                    node = try TemplateParser.parse(template)
                } catch {
                    throw fail(line, "the sentence does not parse: \(error.message)")
                }
                for slot in Self.slots(node) {
                    guard own.contains(slot.name) else {
                        throw fail(
                            line,
                            "the sentence “\(template)” fills {\(slot.name)}, which is not a parameter of \(name)"
                                + Self.hint(slot.name, own, "it has"))
                    }
                    if isEngineLocale, !types.contains(slot.values) {
                        throw fail(
                            line,
                            "the sentence “\(template)” takes {\(slot.values):\(slot.name)} from “\(slot.values)”, which language “\(locale)” does not know"
                                + Self.hint(slot.values, types.sorted(), "it knows"))
                    }
                }
                // Rules (<the>) and the shape of each path are the language's: only checked
                // where the language is loaded.
                guard isEngineLocale else { continue }
                do throws(TemplateError) {
                    if parsedRules == nil { parsedRules = try SentenceMatcher.parse(rules: IntentEngine.rules(language)) }
                    try SentenceMatcher.check(template, node, rules: parsedRules ?? [:], entityLists: language.entityLists)
                } catch {
                    throw fail(line, "the sentence cannot be used: \(error.message)")
                }
            }
        }
    }

    /// For a sequence, whose values are all known: templates that name only values it has.
    private func checkSequenceValues(
        _ words: Words, _ fail: (Int?, String) -> DefinitionError
    ) throws(DefinitionError) {
        let (definition, text, lines) = (words.definition, words.text, words.lines)
        let (name, own) = (words.name, words.own)
        // A sequence's templates can only show its own values: a name it does not have would
        // silently say nothing.
        guard definition.isSequence else { return }
        func checkValues(_ template: String, _ allowed: [String], _ line: Int?, _ what: String) throws(DefinitionError) {
            for value in ResponseTemplate.names(template) where !allowed.contains(value) {
                throw fail(
                    line,
                    "\(what) uses ${\(value)}, which \(name) does not have" + Self.hint(value, allowed, "it has"))
            }
        }
        for (code, template) in text.responses.sorted(by: { $0.key < $1.key }) {
            try checkValues(template, code == "confirm" ? own : own + Self.sequenceValues, lines.responses[code], "the response “\(code)”")
        }
        for (parameter, kinds) in text.prompts.sorted(by: { $0.key < $1.key }) {
            for (kind, template) in kinds.sorted(by: { $0.key < $1.key }) {
                try checkValues(template, own + Self.promptValues, lines.prompts["\(parameter).\(kind)"], "the prompt “\(parameter).\(kind)”")
            }
        }
        for (key, template) in text.combinations.sorted(by: { $0.key < $1.key }) {
            try checkValues(template, own, lines.combinations[key], "the combination “\(key)”")
        }
        try checkValues(text.title, own, lines.line, "the title")
    
    }

    /// “ (did you mean “x”?)” when a candidate is close, else the candidates: “ (it has a, b)”.
    static func hint(_ word: String, _ candidates: [String], _ lead: String) -> String {
        if let close = YAMLNodes.suggestion(word, candidates) { return " (did you mean “\(close)”?)" }
        return candidates.isEmpty ? "" : " (\(lead) \(candidates.joined(separator: ", ")))"
    }

    /// Every slot of a template, in order.
    static func slots(_ node: TemplateNode) -> [(name: String, values: String)] {
        switch node {
        case .slot(let name, let values): return [(name, values)]
        case .sequence(let nodes), .alternatives(let nodes): return nodes.flatMap(slots)
        case .optional(let inner): return slots(inner)
        case .word, .rule: return []
        }
    }
}

extension IntentCatalog: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        language = try reader.read()
        schemas = try reader.read()
        definitions = try reader.read()
        sequences = try reader.read()
        origins = try reader.read()
    }

    func write(to writer: inout CacheWriter) {
        writer.write(language)
        writer.write(schemas)
        writer.write(definitions)
        writer.write(sequences)
        writer.write(origins)
    }
}
