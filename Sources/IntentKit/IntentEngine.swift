/// Turns words into requests: strips the app's name and polite padding, matches the
/// language's sentence templates, splits several values, and builds an `IntentRequest`.
/// Generic: it knows nothing about lists.
public final class IntentEngine: Sendable {
    public let language: Language
    public let schemas: [String: IntentSchema]
    let sentences: SentenceMatcher
    let invocations: SentenceMatcher
    /// The statistical fallback for utterances no template matches (nil: none loaded).
    public let classifier: IntentClassifier?

    public init(language: Language, schemas: [IntentSchema], classifier: IntentClassifier? = nil) throws(LanguageError) {
        self.language = language
        self.classifier = classifier
        self.schemas = Dictionary(uniqueKeysWithValues: schemas.map { ($0.name, $0) })
        var groups: [SentenceGroup] = []
        for name in language.intents.keys.sorted() {
            guard let schema = self.schemas[name] else {
                throw LanguageError(message: "language \(language.locale): sentences for unknown intent \(name)")
            }
            for group in language.intents[name]!.sentences {
                for (slot, _) in group.fixedSlots where schema.parameter(slot) == nil {
                    throw LanguageError(message: "language \(language.locale): \(name) fixes unknown parameter \(slot)")
                }
                groups.append(group)
            }
        }
        let rules = Self.rules(language)
        do {
            sentences = try SentenceMatcher(groups: groups, rules: rules, entityLists: language.entityLists)
            invocations = try SentenceMatcher(
                groups: [SentenceGroup(intent: "", templates: language.invocations)], rules: rules, entityLists: [])
        } catch {
            throw LanguageError(message: "language \(language.locale): \(error.message)")
        }
        for group in groups {
            for template in group.templates {
                let slots = Self.slotNames(template)
                for slot in slots where self.schemas[group.intent]?.parameter(slot) == nil {
                    throw LanguageError(message: "language \(language.locale): “\(template)” fills unknown parameter \(slot) of \(group.intent)")
                }
            }
        }
        // Every response code an intent declares has words in this language.
        for schema in schemas {
            for code in schema.responseCodes where language.intents[schema.name]?.responses[code] == nil {
                throw LanguageError(message: "language \(language.locale): \(schema.name) has no response template for “\(code)”")
            }
            if schema.confirms, language.intents[schema.name]?.responses["confirm"] == nil {
                throw LanguageError(message: "language \(language.locale): \(schema.name) confirms but has no “confirm” template")
            }
        }
    }

    /// The language's expansion rules, and `<app>` for the app's names: what every sentence
    /// template may use (intent definitions are checked against the same).
    static func rules(_ language: Language) -> [String: String] {
        var rules = language.rules
        rules["app"] = "(" + language.appNames.map { TextNormalizer.fold($0) }.joined(separator: "|") + ")"
        return rules
    }

    /// Longer utterances are not commands (and would only make matching slow).
    public static let maximumWords = 300

    /// What parsing found.
    public struct Parse: Sendable {
        public var request: IntentRequest
        public var match: SentenceMatch
        /// The words after the app's name and padding were taken off.
        public var command: String
    }

    /// Parses an utterance, or nil when no template matches.
    public func parse(_ utterance: String, vocabulary: Vocabulary) -> Parse? {
        // Control characters are never part of what a person says: refuse rather than guess.
        guard !utterance.unicodeScalars.contains(where: Self.isControl) else { return nil }
        let tokens = TextNormalizer.tokenize(utterance)
        guard !tokens.isEmpty, tokens.count <= Self.maximumWords else { return nil }
        var candidates: [ArraySlice<Token>] = []
        // "Please, in ListOMat, add …": padding may come before the app's name too.
        let invoked = Array(stripPadding(tokens[...]))
        if !invoked.isEmpty, let invocation = invocations.bestMatch(invoked, in: utterance), let slot = invocation.slots.first {
            candidates.append(invoked[slot.tokens])
        }
        candidates.append(tokens[...])
        // The person's phrases first, word for word (as typed, or without the padding);
        // then the sentences; a phrase with a small typo only when no sentence matches, so a
        // phrase can never take a sentence over.
        if let parse = phraseParse(candidates, utterance, vocabulary.phrases.exactMatch) { return parse }
        for candidate in candidates {
            let command = stripPadding(candidate)
            guard !command.isEmpty else { continue }
            let words = Array(command)
            let isKnown: (String, String) -> Bool = { type, folded in vocabulary.contains(type, folded: folded) }
            guard let match = sentences.bestMatch(words, in: utterance, isKnown: isKnown) else { continue }
            let text = String(utterance[words[0].range.lowerBound..<words[words.count - 1].range.upperBound])
            return Parse(request: request(for: match, words, utterance), match: match, command: text)
        }
        return phraseParse(candidates, utterance, vocabulary.phrases.match)
    }

    /// The phrase `find` finds in a candidate, as typed or without the padding.
    private func phraseParse(
        _ candidates: [ArraySlice<Token>], _ utterance: String, _ find: ([String]) -> PersonalPhrase?
    ) -> Parse? {
        for candidate in candidates {
            for words in [Array(stripPadding(candidate)), Array(candidate)] where !words.isEmpty {
                guard let phrase = find(words.map(\.folded)), schemas[phrase.intent] != nil else { continue }
                let text = String(utterance[words[0].range.lowerBound..<words[words.count - 1].range.upperBound])
                let match = SentenceMatch(
                    intent: phrase.intent, template: "your phrase “\(phrase.phrase)”", slots: [], fixedSlots: [:],
                    score: MatchScore(literalWords: words.count, knownEntities: 0, freeTextWords: 0))
                return Parse(request: phrase.request, match: match, command: text)
            }
        }
        return nil
    }

    /// The classifier's guess for folded words (`TextNormalizer`'s folded tokens), or nil
    /// when no classifier is loaded.
    public func classify(_ words: [String]) -> IntentClassifier.Prediction? {
        classifier?.predict(words)
    }

    /// What a request does, in words: its parameter-combination title with the values filled
    /// in ("Add milk to Grocery Store"), else the intent's title.
    public func title(_ request: IntentRequest) -> String {
        let text = language.intents[request.intent]
        let parameters = schemas[request.intent]?.parameters ?? []
        let present = parameters.map(\.name).filter { !request.spoken($0).isEmpty }
        let template = text?.combinations[present.joined(separator: ",")] ?? text?.title ?? request.intent
        return language.render(template, templateData(request))
    }

    /// Each parameter's values (or what was said) for templates: a list for multi-valued ones.
    func templateData(_ request: IntentRequest) -> [String: TemplateValue] {
        var data: [String: TemplateValue] = [:]
        for parameter in schemas[request.intent]?.parameters ?? [] {
            let values = request.spoken(parameter.name)
            data[parameter.name] = parameter.multiple ? .list(values) : .text(values.first ?? "")
        }
        return data
    }

    /// Whether the text is a command of its own (used at a prompt: a new command starts over).
    public func isCommand(_ text: String, vocabulary: Vocabulary) -> Bool {
        parse(text, vocabulary: vocabulary) != nil
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return false  // tab and line breaks are spaces here
        case 0x00...0x1F, 0x7F...0x9F: return true
        default: return false
        }
    }

    /// Removes "please", "can you", "thanks"… from both ends.
    private func stripPadding(_ tokens: ArraySlice<Token>) -> ArraySlice<Token> {
        var tokens = tokens
        var changed = true
        while changed {
            changed = false
            for phrase in language.skipPrefixes where phrase.count < tokens.count
                && zip(phrase, tokens).allSatisfy({ $0 == $1.folded }) {
                tokens = tokens.dropFirst(phrase.count)
                changed = true
            }
            for phrase in language.skipSuffixes where phrase.count < tokens.count
                && zip(phrase.reversed(), tokens.reversed()).allSatisfy({ $0 == $1.folded }) {
                tokens = tokens.dropLast(phrase.count)
                changed = true
            }
        }
        return tokens
    }

    private func request(for match: SentenceMatch, _ tokens: [Token], _ text: String) -> IntentRequest {
        var request = IntentRequest(intent: match.intent)
        guard let schema = schemas[match.intent] else { return request }
        for parameter in schema.parameters {
            if let fixed = match.fixedSlots[parameter.name] {
                request.parameters[parameter.name] = [.unresolved(.spoken(fixed))]
            } else if let slot = match.slots.first(where: { $0.name == parameter.name }) {
                let values = parameter.multiple ? split(tokens[slot.tokens], text) : [slot.text]
                // Separators alone ("and") are no value: ask for one rather than take none.
                request.parameters[parameter.name] = values.isEmpty ? [.unresolved(.missing)] : values.map { .unresolved(.spoken($0)) }
            } else {
                request.parameters[parameter.name] = [.unresolved(.missing)]
            }
        }
        return request
    }

    /// Splits several values said in one slot: "rice, onions and olives",
    /// "rice, onions, and olives", "a collar and a leash".
    public func split(_ tokens: ArraySlice<Token>, _ text: String) -> [String] {
        var values: [String] = []
        var current: [Token] = []
        func flush() {
            var words = current[...]
            if words.count > 1, let first = words.first, language.droppedArticles.contains(first.folded) {
                words = words.dropFirst()
            }
            if let first = words.first, let last = words.last {
                values.append(String(text[first.range.lowerBound..<last.range.upperBound]))
            }
            current = []
        }
        var previous: Token?
        for token in tokens {
            if language.separators.contains(token.folded) {
                flush()
            } else {
                if let previous, text[previous.range.upperBound..<token.range.lowerBound].contains(where: Self.isListPunctuation) {
                    flush()
                }
                current.append(token)
            }
            previous = token
        }
        flush()
        return values
    }

    public func split(_ text: String) -> [String] {
        split(TextNormalizer.tokenize(text)[...], text)
    }

    private static func isListPunctuation(_ c: Character) -> Bool {
        c == "," || c == ";" || c == "、" || c == "，" || c == "；"
    }

    static func slotNames(_ template: String) -> [String] {
        guard let node = try? TemplateParser.parse(template) else { return [] }
        var names: [String] = []
        func walk(_ node: TemplateNode) {
            switch node {
            case .slot(let name, _): names.append(name)
            case .sequence(let nodes), .alternatives(let nodes): nodes.forEach(walk)
            case .optional(let inner): walk(inner)
            case .word, .rule: break
            }
        }
        walk(node)
        return names
    }

    /// `--explain`: which template matched and how it scored.
    public func explain(_ parse: Parse) -> String {
        let slots = parse.match.slots.map { "\($0.name)=“\($0.text)”" }.joined(separator: ", ")
        let fixed = parse.match.fixedSlots.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
        return "\(parse.match.intent): “\(parse.match.template)” (\(parse.match.score))"
            + (slots.isEmpty ? "" : "; slots: \(slots)") + (fixed.isEmpty ? "" : "; fixed: \(fixed)")
    }
}
