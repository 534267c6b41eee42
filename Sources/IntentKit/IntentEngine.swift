import Foundation

/// Turns words into requests: strips the app's name and polite padding, matches the
/// language's sentence templates, splits several values, and builds an `IntentRequest`.
/// Generic: it knows nothing about lists.
public final class IntentEngine: Sendable {
    public let language: Language
    public let schemas: [String: IntentSchema]
    let sentences: SentenceMatcher
    let invocations: SentenceMatcher
    /// The language's padding and question starts, by their first (last) word.
    private let prefixes: PhraseIndex
    private let suffixes: PhraseIndex
    private let questions: PhraseIndex
    private let negations: PhraseIndex
    /// The statistical fallback for utterances no template matches (nil: none), read the
    /// first time it is needed: most requests never need it.
    public var classifier: IntentClassifier? { lazyClassifier.value }
    private let lazyClassifier: LazyClassifier

    /// `classifier`: the model, or `loadClassifier`: how to read it when first needed.
    /// `matcherCache`: where the compiled sentence matchers are kept between runs (nil: compiled every time).
    public init(
        language: Language, schemas: [IntentSchema], classifier: IntentClassifier? = nil,
        loadClassifier: (@Sendable () -> IntentClassifier?)? = nil, matcherCache: MatcherCache? = nil
    ) throws(LanguageError) {
        self.language = language
        prefixes = PhraseIndex(language.skipPrefixes)
        suffixes = PhraseIndex(language.skipSuffixes, fromEnd: true)
        questions = PhraseIndex(language.questionStarts)
        negations = PhraseIndex(language.negations)
        if let classifier {
            lazyClassifier = LazyClassifier { classifier }
        } else {
            lazyClassifier = LazyClassifier(loadClassifier ?? { nil })
        }
        var byName: [String: IntentSchema] = [:]
        for schema in schemas where byName.updateValue(schema, forKey: schema.name) != nil {
            throw LanguageError(message: "language \(language.locale): two intents are called \(schema.name)")
        }
        self.schemas = byName
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
        let invocationGroups = [SentenceGroup(intent: "", templates: language.invocations)]
        let key = matcherCache?.key(locale: language.locale, groups: groups, invocations: language.invocations, rules: rules)
        if let matcherCache, let key, let tries = matcherCache.tries(language.locale, key: key), tries.count == 2,
           let cached = SentenceMatcher(checking: tries[0], groups: groups, entityLists: language.entityLists),
           let cachedInvocations = SentenceMatcher(checking: tries[1], groups: invocationGroups, entityLists: []) {
            sentences = cached
            invocations = cachedInvocations
        } else {
            do {
                sentences = try SentenceMatcher(groups: groups, rules: rules, entityLists: language.entityLists)
                invocations = try SentenceMatcher(groups: invocationGroups, rules: rules, entityLists: [])
            } catch {
                throw LanguageError(message: "language \(language.locale): \(error.message)")
            }
            if let matcherCache, let key {
                matcherCache.store(language.locale, key: key, [sentences.compiled, invocations.compiled])
            }
        }
        // Every slot names a parameter of its intent: read from the compiled paths; the
        // templates are parsed again only to name the one at fault.
        for (group, filled) in zip(groups, sentences.filledSlots())
        where filled.contains(where: { self.schemas[group.intent]?.parameter($0) == nil }) {
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

    /// Which way an utterance was understood (`--explain` and the JSON say it).
    public enum Path: String, Sendable {
        /// One of the person's own phrases, word for word or nearly.
        case phrase
        /// A sentence template matched every word.
        case template
        /// A sentence template matched the words left once filler around them was set aside.
        case span
        /// No template matched; the statistical model guessed the intent.
        case classifier
    }

    /// What parsing found.
    public struct Parse: Sendable {
        public var request: IntentRequest
        public var match: SentenceMatch
        /// The words after the app's name and padding were taken off.
        public var command: String
        public var path: Path = .template
        /// Why the request is only a guess (a question read as a change, a fallback), if it is.
        public var guessReason: String?
        /// The model's confidence, for the classifier path.
        public var confidence: Double?
        /// Words were left over around a name the sentence found ("shopping list and add milk").
        public var wordsLeftOver = false
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
        if !vocabulary.phrases.isEmpty, let parse = phraseParse(candidates, utterance, vocabulary.phrases.exactMatch) { return parse }
        // The sentence matcher and the request it makes ask about the same words: once each.
        let known = KnownNames(vocabulary)
        let isKnown: (String, String) -> Bool = { type, folded in known.contains(type, folded) }
        let isExact: (String, String) -> Bool = { type, folded in vocabulary.containsExactly(type, folded: folded) }
        for candidate in candidates {
            let command = stripPadding(candidate)
            guard !command.isEmpty else { continue }
            let words = Array(command)
            guard let match = sentences.bestMatch(words, in: utterance, isKnown: isKnown, isExact: isExact), !isWeak(match, words, vocabulary, isKnown: isKnown) else { continue }
            let parse = templateParse(match, words, utterance, question: isQuestion(candidate), isKnown: isKnown)
            // "Don't add milk to my list" read as "{list} list" with words left over: no guess
            // may come of a request turned down.
            if parse.guessReason != nil, isNegated(command) { continue }
            // Words left over around a name ("i just finished X, so cross that off my to do
            // list" read as "{list} list"): when the model reads the whole as another request, it decides.
            if parse.wordsLeftOver, parse.path == .template {
                // A whole sentence inside the words ("i guess add peaches to the grocery store
                // list" read as "{list} list") or the model may read them better.
                if let inside = spanParse(words, utterance, question: isQuestion(candidate), isKnown: isKnown),
                   inside.request.intent != parse.request.intent {
                    return inside
                }
                // The template matched the person's own words and one of their names: the model
                // overrules it only when it is sure, not on the bare minimum it takes alone.
                if let model = classifierParse(candidate, utterance, isKnown: isKnown), model.request.intent != parse.request.intent,
                   (model.confidence ?? 0) >= Self.overrulingConfidence {
                    return model
                }
            }
            return parse
        }
        for candidate in candidates {
            let command = Array(stripPadding(candidate))
            guard let parse = spanParse(command, utterance, question: isQuestion(candidate), isKnown: isKnown) else { continue }
            // The words set aside may be the request itself ("erase" in "hurry up and erase
            // everything from the list"): when the model reads the whole differently, it decides.
            if let model = classifierParse(candidate, utterance, isKnown: isKnown), model.request.intent != parse.request.intent {
                return model
            }
            return parse
        }
        if !vocabulary.phrases.isEmpty, let parse = phraseParse(candidates, utterance, vocabulary.phrases.match) { return parse }
        return classifierParse(candidates[0], utterance, isKnown: isKnown)
    }

    /// The least confidence at which the model's guess is taken (as a guess: a change is
    /// only made after a yes); below it, the assistant says it did not understand.
    public static let minimumConfidence = 0.7

    /// The least confidence at which the model's reading overrules a template that matched
    /// with words left over around a name ("add groceries to my shopping list as i am out").
    public static let overrulingConfidence = 0.85

    /// The fallback: the model names the intent, and the person's names found in the words
    /// fill the parameters they can (the rest are asked for).
    private func classifierParse(_ candidate: ArraySlice<Token>, _ utterance: String, isKnown: (String, String) -> Bool) -> Parse? {
        let words = stripPadding(candidate)
        // Words that say nothing by themselves ("please", "what", "everything") are no request.
        guard let classifier, !isNegated(words),
              words.contains(where: { word in
                  !isFiller(word.folded) && !language.vagueWords.contains(word.folded)
                      && !language.nameRules.allWords.contains(word.folded) && questions.match([word][...]) == nil
              })
        else { return nil }
        let prediction = classifier.predict(words.map(\.folded))
        guard prediction.intent != IntentClassifier.noneLabel, prediction.confidence >= Self.minimumConfidence,
              let schema = schemas[prediction.intent]
        else { return nil }
        var request = IntentRequest(intent: prediction.intent)
        var slots: [SlotMatch] = []
        var spotted = false
        for parameter in schema.parameters {
            request.parameters[parameter.name] = [.unresolved(.missing)]
            // One name per request: the first entity parameter takes the name found.
            guard !spotted, !parameter.multiple, language.entityLists.contains(parameter.type) else { continue }
            let whole = words.count > 1 ? nil : words
            guard let name = whole.flatMap({ isKnown(parameter.type, Self.folded($0)) ? $0 : nil })
                ?? spotName(words, parameter.type, isKnown)?.name
            else { continue }
            spotted = true
            let text = Self.text(name, utterance)
            request.parameters[parameter.name] = [.unresolved(.spoken(text))]
            slots.append(SlotMatch(name: parameter.name, values: parameter.type, tokens: name.indices, text: text))
        }
        request.isGuess = true
        let confidence = String(format: "%.2f", prediction.confidence)
        let match = SentenceMatch(
            intent: prediction.intent, template: "the model", slots: slots, fixedSlots: [:],
            score: MatchScore(literalWords: 0, knownEntities: slots.count, freeTextWords: 0))
        return Parse(
            request: request, match: match, command: Self.text(words, utterance), path: .classifier,
            guessReason: "understood only by the model (confidence \(confidence))", confidence: prediction.confidence)
    }

    /// The most words set aside at the edges of a request to find a sentence inside it.
    static let maximumSetAside = 5

    /// A sentence inside the words, with as few words set aside at either end as can be
    /// ("let's go through my to do list items please"). It must say enough by itself (one of
    /// the person's names, or three of the template's own words); a change read this way is
    /// only a guess.
    private func spanParse(
        _ words: [Token], _ utterance: String, question: Bool, isKnown: (String, String) -> Bool
    ) -> Parse? {
        guard words.count >= 3, !isNegated(words[...]) else { return nil }
        for setAside in 1...min(Self.maximumSetAside, words.count - 2) {
            var best: (match: SentenceMatch, words: [Token], aside: [ArraySlice<Token>])?
            for lead in 0...setAside {
                let span = stripPadding(words[lead..<(words.count - (setAside - lead))])
                guard !span.isEmpty, let match = sentences.bestMatch(Array(span), in: utterance, isKnown: isKnown),
                      match.score.knownEntities > 0 || match.score.literalWords >= 3
                else { continue }
                if best.map({ match.score > $0.match.score }) ?? true {
                    best = (match, Array(span), [words[..<span.startIndex], words[span.endIndex...]].filter { !$0.isEmpty })
                }
            }
            guard let best else { continue }
            var parse = templateParse(best.match, best.words, utterance, question: question, isKnown: isKnown, path: .span)
            if schemas[parse.request.intent]?.changes ?? true, !parse.request.isGuess {
                parse.request.isGuess = true
                parse.guessReason = "words set aside: “" + best.aside.map { Self.text($0, utterance) }.joined(separator: "”, “") + "”"
            }
            return parse
        }
        return nil
    }

    /// A template's match as a request. A question ("what's on…", "is milk on…") gets an
    /// answer: when the best reading would change something, a reading that only answers is
    /// taken instead, and if there is none the change is only a guess, asked about first.
    private func templateParse(
        _ best: SentenceMatch, _ words: [Token], _ utterance: String, question: Bool,
        isKnown: (String, String) -> Bool, path: Path = .template
    ) -> Parse {
        var match = best
        var guessReason: String?
        if schemas[best.intent]?.changes ?? true, path != .span,
           let asked = embeddedQuestion(words, in: best, utterance, isKnown: isKnown) {
            return asked
        }
        if best.askedAsQuestion, schemas[best.intent]?.changes ?? true {
            guessReason = "a change asked for as a question"
        } else if question, schemas[best.intent]?.changes ?? true {
            if let answer = sentences.allMatches(words, in: utterance, isKnown: isKnown)
                .first(where: { !(schemas[$0.intent]?.changes ?? true) }) {
                match = answer
            } else {
                guessReason = "a question read as a change"
            }
        }
        var (request, leftover) = request(for: match, words, utterance, isKnown: isKnown)
        guessReason = guessReason ?? leftover
        request.isGuess = guessReason != nil
        var parse = Parse(request: request, match: match, command: Self.text(words[...], utterance), path: path, guessReason: guessReason)
        parse.wordsLeftOver = leftover != nil
        return parse
    }

    /// A sentence that is a name and nothing else ("{list} list": "my shopping list") stands
    /// only on a name the person has, at least in part: words that name nothing of theirs
    /// ("my new work schedule list") are better read another way.
    func isWeak(_ match: SentenceMatch, _ words: [Token], _ vocabulary: Vocabulary, isKnown: (String, String) -> Bool) -> Bool {
        guard match.score.knownEntities == 0, !match.slots.isEmpty else { return false }
        var inSlots = Set<Int>()
        for slot in match.slots { inSlots.formUnion(slot.tokens) }
        let rules = language.nameRules
        guard words.indices.allSatisfy({ inSlots.contains($0) || rules.leadingNoise.contains(words[$0].folded)
            || rules.trailingNoise.contains(words[$0].folded) })
        else { return false }
        return match.slots.contains { slot in
            guard language.entityLists.contains(slot.values), let names = vocabulary.matcher(slot.values),
                  spotName(words[slot.tokens], slot.values, isKnown) == nil
            else { return false }
            if case .none = names.match(slot.text) { return true }
            return false
        }
    }

    /// A question inside words read as a change ("i need you to tell me what is on my list"):
    /// from a question's start on, a sentence that only answers, if there is one.
    /// Only where free text was taken can a question hide ("add {items}" taking "for you to
    /// tell me what is").
    private func embeddedQuestion(
        _ words: [Token], in match: SentenceMatch, _ utterance: String, isKnown: (String, String) -> Bool
    ) -> Parse? {
        let starts = match.slots.filter { !language.entityLists.contains($0.values) }.flatMap(\.tokens)
        for start in starts where start >= 1 && start < words.count - 1 {
            let rest = words[start...]
            guard questions.match(rest) != nil else { continue }
            let span = Array(stripPadding(rest))
            // The question must name something of the person's ("what's on my shopping list"):
            // "add milk if it is not already on it" is not a question about "it".
            guard !span.isEmpty, let match = sentences.bestMatch(span, in: utterance, isKnown: isKnown),
                  !(schemas[match.intent]?.changes ?? true), match.score.knownEntities > 0
            else { continue }
            return templateParse(match, span, utterance, question: true, isKnown: isKnown, path: .span)
        }
        return nil
    }

    /// Whether the request is turned down in its first words ("don't add milk", "never delete
    /// it"): then no guess may read it as the thing not wanted.
    func isNegated(_ tokens: ArraySlice<Token>) -> Bool {
        negations.match(tokens) != nil
    }

    /// Whether the text is put as a question: a question's first words, or a question mark at
    /// its end (a value typed at a prompt is not taken, if it is).
    public func isQuestion(_ text: String) -> Bool {
        text.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("?") || isQuestion(TextNormalizer.tokenize(text)[...])
    }

    /// Whether the words are put as a question: one of the language's question starts, at the
    /// beginning or after padding ("please tell me what…", "can you tell me…").
    func isQuestion(_ tokens: ArraySlice<Token>) -> Bool {
        var tokens = tokens
        while true {
            if questions.match(tokens) != nil { return true }
            guard let padding = prefixes.match(tokens, keep: 1) else { return false }
            tokens = tokens.dropFirst(padding)
        }
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
                return Parse(request: phrase.request, match: match, command: text, path: .phrase)
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
        let present = parameters.map(\.name).filter { !request.shown($0).isEmpty }
        let template = text?.combinations[present.joined(separator: ",")] ?? text?.title ?? request.intent
        return language.render(template, templateData(request))
    }

    /// Each parameter's values (or what was said) for templates: a list for multi-valued ones.
    func templateData(_ request: IntentRequest) -> [String: TemplateValue] {
        var data: [String: TemplateValue] = [:]
        for parameter in schemas[request.intent]?.parameters ?? [] {
            var values = request.shown(parameter.name)
            // An enumeration's case in words: its first phrase in the language ("notCompleted"
            // is "not done"), never the internal name.
            if let cases = language.enumerations[parameter.type] {
                values = values.map { cases[$0]?.first ?? $0 }
            }
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
        while true {
            if let n = prefixes.match(tokens, keep: 1) {
                tokens = tokens.dropFirst(n)
            } else if let n = suffixes.match(tokens, keep: 1) {
                tokens = tokens.dropLast(n)
            } else {
                return tokens
            }
        }
    }

    /// The request a match stands for, and why it is only a guess when words were left over
    /// around a name the person has ("shopping list and add milk": Shopping, and "and add
    /// milk" left over).
    private func request(
        for match: SentenceMatch, _ tokens: [Token], _ text: String, isKnown: (String, String) -> Bool
    ) -> (IntentRequest, guessReason: String?) {
        var request = IntentRequest(intent: match.intent)
        var guessReason: String?
        guard let schema = schemas[match.intent] else { return (request, nil) }
        for parameter in schema.parameters {
            if let fixed = match.fixedSlots[parameter.name] {
                request.parameters[parameter.name] = [.unresolved(.spoken(fixed))]
            } else if let slot = match.slots.first(where: { $0.name == parameter.name }) {
                // A name is never cut: "Apocalypse Now" keeps its "now"; names are matched with
                // the words around them set aside, the whole name first. Free text loses its filler.
                let isEntity = language.entityLists.contains(slot.values)
                var span = isEntity ? tokens[slot.tokens] : trimmed(tokens[slot.tokens])
                if !parameter.multiple, isEntity, !isKnown(slot.values, Self.folded(span)),
                   let (name, leftover) = spotName(span, slot.values, isKnown) ?? reference(span) {
                    span = name
                    if !leftover.isEmpty {
                        guessReason = "words left over around “\(Self.text(name, text))”: “\(leftover.map { Self.text($0, text) }.joined(separator: "”, “"))”"
                    }
                }
                if isEntity, !parameter.multiple, !isKnown(slot.values, Self.folded(span)) {
                    // Not a name as said: what is asked about is the name without the words
                    // around it ("the store list" → "store"), as the name matcher reads it.
                    span = nameCore(span)
                }
                let values = parameter.multiple ? split(span, text, trim: !isEntity) : (isVague(span) ? [] : [Self.text(span, text)])
                // Separators alone ("and"), or only words such as "it" or "something", are no
                // value: ask for one rather than take none.
                request.parameters[parameter.name] = values.isEmpty ? [.unresolved(.missing)] : values.map { .unresolved(.spoken($0)) }
            } else {
                request.parameters[parameter.name] = [.unresolved(.missing)]
            }
        }
        return (request, guessReason)
    }

    /// Entities first: the longest run of words (leftmost among equals) that is one of the
    /// person's names, inside a slot that as a whole is not; and the runs of other words
    /// around it that say something (not just "my", "list", "please").
    func spotName(
        _ span: ArraySlice<Token>, _ values: String, _ isKnown: (String, String) -> Bool
    ) -> (name: ArraySlice<Token>, leftover: [ArraySlice<Token>])? {
        guard span.count > 1 else { return nil }
        for length in stride(from: min(span.count - 1, 8), through: 1, by: -1) {
            for start in span.startIndex...(span.endIndex - length) {
                let name = span[start..<(start + length)]
                guard isKnown(values, Self.folded(name)) else { continue }
                let leftover = [span[span.startIndex..<start], span[(start + length)...]].filter { part in
                    part.contains { !isFiller($0.folded) }
                }
                return (name, leftover)
            }
        }
        return nil
    }

    /// The words without those said around a name ("the", "my", "list"), keeping one.
    func nameCore(_ span: ArraySlice<Token>) -> ArraySlice<Token> {
        let core = language.nameRules.coreRange(span.count) { span[span.startIndex + $0].folded }
        return span[(span.startIndex + core.lowerBound)..<(span.startIndex + core.upperBound)]
    }

    /// No name, but a reference to one at the start ("my list, if not add them"): the words
    /// of the reference ("my list"), and the rest left over.
    func reference(_ span: ArraySlice<Token>) -> (name: ArraySlice<Token>, leftover: [ArraySlice<Token>])? {
        let rules = language.nameRules
        var end = span.startIndex
        while end < span.endIndex, rules.leadingNoise.contains(span[end].folded) || rules.trailingNoise.contains(span[end].folded) {
            end += 1
        }
        guard end > span.startIndex, end < span.endIndex, rules.trailingNoise.contains(span[end - 1].folded) else { return nil }
        return (span[span.startIndex..<end], [span[end...]])
    }

    /// Words that never say anything by themselves: around names, at a value's edges, articles, "and".
    func isFiller(_ word: String) -> Bool {
        language.nameRules.leadingNoise.contains(word) || language.nameRules.trailingNoise.contains(word)
            || language.edgeWords.contains(word) || language.droppedArticles.contains(word) || language.separators.contains(word)
    }

    static func folded(_ tokens: ArraySlice<Token>) -> String { tokens.map(\.folded).joined(separator: " ") }

    /// A value without the filler at its edges ("off take out the trash" → "take out the
    /// trash", "milk too" → "milk"), keeping at least one word.
    func trimmed(_ tokens: ArraySlice<Token>) -> ArraySlice<Token> {
        var tokens = tokens
        while tokens.count > 1, let first = tokens.first, language.edgeWords.contains(first.folded) { tokens = tokens.dropFirst() }
        while tokens.count > 1, let last = tokens.last, language.edgeWords.contains(last.folded) { tokens = tokens.dropLast() }
        return tokens
    }

    /// Whether the words only stand for a value without saying it: "it", "something", "the item".
    func isVague(_ tokens: ArraySlice<Token>) -> Bool {
        tokens.contains { language.vagueWords.contains($0.folded) } && tokens.allSatisfy {
            language.vagueWords.contains($0.folded) || language.edgeWords.contains($0.folded)
                || language.droppedArticles.contains($0.folded) || language.nameRules.leadingNoise.contains($0.folded)
        }
    }

    static func text(_ tokens: ArraySlice<Token>, _ text: String) -> String {
        String(text[tokens.first!.range.lowerBound..<tokens.last!.range.upperBound])
    }

    /// Splits several values said in one slot: "rice, onions and olives",
    /// "rice, onions, and olives", "a collar and a leash". Values that say nothing ("it") are left out.
    public func split(_ tokens: ArraySlice<Token>, _ text: String, trim: Bool = true) -> [String] {
        var values: [String] = []
        var current: [Token] = []
        func flush() {
            if quoted {
                // A quoted title is taken as written: no article dropped, no edge word trimmed.
                if !current.isEmpty { values.append(Self.text(current[...], text)) }
                current = []
                return
            }
            var words = trim ? trimmed(current[...]) : current[...]
            if words.count > 1, let first = words.first, language.droppedArticles.contains(first.folded) {
                words = words.dropFirst()
            }
            if !words.isEmpty, !isVague(words) {
                values.append(Self.text(words, text))
            }
            current = []
        }
        var previous: Token?
        // Inside quotes ("War and Peace", “Pride and Prejudice”, 'Dune, Part Two') a title
        // stays whole: no separator or comma splits it.
        var quoted = false
        /// Just past the quote that closed the last quoted title: it opens nothing.
        var closedAt: String.Index?
        /// Whether the quote before `tokens[start]` closes where a value ends (the end, a
        /// comma, "and"): only then does a quote after other words open a title ("milk “War
        /// and Peace”"); inside a name it is the name's ("rock 'n' roll", "Mom's "famous" pie").
        func closesAtValueEnd(_ start: Int) -> Bool {
            for index in tokens.indices where index >= start {
                let word = text[tokens[index].range]
                let after = Self.gap(after: tokens[index], in: text)
                let closesInWord = word.count > 1 && (word.last == "'" || word.last == "’")
                guard closesInWord || after.first.map(Self.isClosingQuote) == true else { continue }
                let rest = closesInWord ? after : after.dropFirst()
                let next = tokens.index(after: index)
                return next == tokens.endIndex || rest.contains(where: Self.isListPunctuation)
                    || language.separators.contains(tokens[next].folded)
            }
            return false
        }
        for index in tokens.indices {
            let token = tokens[index]
            var gap = previous.map { text[$0.range.upperBound..<token.range.lowerBound] } ?? Self.gap(before: token, in: text)
            if let closedAt, closedAt > gap.startIndex, closedAt <= gap.endIndex { gap = text[closedAt..<gap.endIndex] }
            // A quote opens only right before a word ("kids' toys" opens nothing), and after
            // other words of the same value only when it closes where the value ends.
            if !quoted, let last = gap.last, Self.isOpeningQuote(last),
               current.isEmpty || gap.contains(where: Self.isListPunctuation) || closesAtValueEnd(index) {
                if !current.isEmpty { flush() }
                quoted = true
            }
            if quoted {
                // A closing ' or ’ right after a word is read as part of it ("Peace'"): not here.
                var word = token
                if let last = text[token.range].last, last == "'" || last == "’", text[token.range].count > 1 {
                    word.range = token.range.lowerBound..<text.index(before: token.range.upperBound)
                }
                current.append(word)
                let after = text[word.range.upperBound..<Self.gap(after: token, in: text).endIndex]
                if let close = after.indices.first, Self.isClosingQuote(after[close]) {
                    closedAt = text.index(after: close)
                    flush()
                    quoted = false
                }
            } else if language.separators.contains(token.folded) {
                flush()
            } else {
                if previous != nil, gap.contains(where: Self.isListPunctuation) {
                    flush()
                }
                current.append(token)
            }
            previous = token
        }
        flush()
        return values
    }

    /// The characters between the word before `token` (or the start) and `token`.
    static func gap(before token: Token, in text: String) -> Substring {
        var start = token.range.lowerBound
        while start > text.startIndex {
            let previous = text.index(before: start)
            if text[previous].isLetter || text[previous].isNumber { break }
            start = previous
        }
        return text[start..<token.range.lowerBound]
    }

    /// The characters between `token` and the next word (or the end).
    static func gap(after token: Token, in text: String) -> Substring {
        var end = token.range.upperBound
        while end < text.endIndex, !(text[end].isLetter || text[end].isNumber) { end = text.index(after: end) }
        return text[token.range.upperBound..<end]
    }

    private static func isOpeningQuote(_ c: Character) -> Bool {
        c == "\"" || c == "'" || c == "“" || c == "‘" || c == "„" || c == "«" || c == "‚" || c == "「"
    }

    private static func isClosingQuote(_ c: Character) -> Bool {
        c == "\"" || c == "'" || c == "”" || c == "’" || c == "»" || c == "“" || c == "」"
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

    /// `--explain`: which path answered, which template matched and how it scored, and why
    /// the request is only a guess when it is.
    public func explain(_ parse: Parse) -> String {
        let slots = parse.match.slots.map { "\($0.name)=“\($0.text)”" }.joined(separator: ", ")
        let fixed = parse.match.fixedSlots.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
        let how: String
        switch parse.path {
        case .classifier:
            how = "\(parse.match.intent) (\(parse.path.rawValue), confidence \(String(format: "%.2f", parse.confidence ?? 0)))"
        default:
            how = "\(parse.match.intent) (\(parse.path.rawValue)): “\(parse.match.template)” (\(parse.match.score))"
        }
        return how + (slots.isEmpty ? "" : "; slots: \(slots)") + (fixed.isEmpty ? "" : "; fixed: \(fixed)")
            + (parse.guessReason.map { "; a guess: \($0), asked before anything changes" } ?? "")
    }
}

/// A value made once, on first use, by any thread.
private final class LazyClassifier: @unchecked Sendable {
    private let lock = NSLock()
    private var load: (@Sendable () -> IntentClassifier?)?
    private var loaded: IntentClassifier?

    init(_ load: @escaping @Sendable () -> IntentClassifier?) { self.load = load }

    var value: IntentClassifier? {
        lock.lock()
        defer { lock.unlock() }
        if let load {
            loaded = load()
            self.load = nil
        }
        return loaded
    }
}

/// The vocabulary's answers for one parse, remembered: the same words are asked about by the
/// sentence matcher, the request it makes, and the paths tried after it.
private final class KnownNames {
    let vocabulary: Vocabulary
    var answers: [(type: String, folded: String, known: Bool)] = []

    init(_ vocabulary: Vocabulary) { self.vocabulary = vocabulary }

    func contains(_ type: String, _ folded: String) -> Bool {
        if let answer = answers.first(where: { $0.folded == folded && $0.type == type }) { return answer.known }
        let known = vocabulary.contains(type, folded: folded)
        answers.append((type, folded, known))
        return known
    }
}
