import Foundation

/// Reading an utterance: the one entry point (`parse`), the order in which the readings are
/// tried, and the tie-breaks between them. Each reading itself is in `IntentEngine+Readings.swift`.
extension IntentEngine {
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
        /// A sentence template matched once a misspelt word of it was read right ("chekc off"): a guess.
        case spelling
        /// No template matched; the statistical model guessed the intent.
        case classifier
    }

    /// What parsing found.
    public struct Parse: Sendable {
        public var request: IntentRequest
        package var match: SentenceMatch
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

    /// The ways an utterance is read.
    enum Reading: Sendable, CaseIterable {
        /// One of the person's phrases, word for word (as typed, or without the padding).
        case exactPhrase
        /// A sentence template that matches all the words (but the padding).
        case sentence
        /// A sentence template that matches the words once a few at the edges are set aside.
        case sentenceInside
        /// One of the person's phrases with a small typo.
        case nearPhrase
        /// A sentence template once a misspelt word of its own is read right (`IntentEngine+Spelling.swift`).
        case misspelt
        /// The statistical model's guess, with the person's names it finds.
        case model
        /// A question that is a name and nothing else, the name not one of the person's ("movie
        /// list"): passed over by `sentence` for a better reading (`isWeak`); when the model has
        /// none (no reading, or the same question without the name), still a question about
        /// that name ("I can't find a list called …"), not "I didn't understand".
        case nameOnly
    }

    /// The order in which the readings are tried: the first that reads the utterance wins.
    /// The person's phrases word for word come first; a phrase with a small typo only after
    /// the sentences, so that a phrase can never take a sentence over. A sentence with a
    /// misspelt word read right reads every word, so it comes before one read with words set
    /// aside ("remvoe the glue from the hardware list" is no "show the hardware list"); the
    /// model last (but for a question about a name nobody has, which it reads no better).
    static let readingOrder: [Reading] = [.exactPhrase, .sentence, .misspelt, .sentenceInside, .nearPhrase, .nameOnly, .model]

    /// The least confidence at which the model's guess is taken (as a guess: a change is
    /// only made after a yes); below it, the assistant says it did not understand.
    public static let minimumConfidence = 0.7

    /// The least confidence for a guess at words that say "list" (`names.list_words`): about
    /// a list for sure, so a weaker guess at what is wanted is asked about rather than not
    /// understood at all ("what is that on the list").
    public static let minimumConfidenceSaidList = 0.5

    /// The least confidence at which the model's reading overrules a template that matched
    /// with words left over around a name ("add groceries to my shopping list as i am out").
    public static let overrulingConfidence = 0.85

    /// Parses an utterance, or nil when no reading understands it.
    public func parse(_ utterance: String, vocabulary: Vocabulary) -> Parse? {
        guard let heard = Utterance(utterance, vocabulary, engine: self) else { return nil }
        for reading in Self.readingOrder {
            if var parse = read(heard, as: reading) {
                askIfForeign(&parse, heard.text)
                return parse
            }
        }
        return nil
    }

    /// What `parse` makes of the words when it is a sentence of their own (a template's
    /// reading of them all, or one of the person's phrases), else nil: `parse`'s answer with
    /// its other paths turned away, for less. Past the sentence, the readings before a phrase
    /// with a small typo only read the words another way (a misspelt word read right, words
    /// set aside) and the model only guesses; so when the person has no phrases, nothing after
    /// the sentence is tried.
    package func sentenceParse(_ utterance: String, vocabulary: Vocabulary) -> Parse? {
        guard let heard = Utterance(utterance, vocabulary, engine: self) else { return nil }
        for reading in Self.readingOrder {
            let mayReadSentence = reading == .exactPhrase || reading == .sentence || reading == .nearPhrase
            if !mayReadSentence, vocabulary.phrases.isEmpty { return nil }
            guard reading != .model, var parse = read(heard, as: reading) else { continue }
            askIfForeign(&parse, heard.text)
            return parse.path == .template || parse.path == .phrase ? parse : nil
        }
        return nil
    }

    /// Whether the text is a command of its own (used at a prompt: a new command starts over).
    package func isCommand(_ text: String, vocabulary: Vocabulary) -> Bool {
        parse(text, vocabulary: vocabulary) != nil
    }

    /// An utterance as every reading sees it.
    struct Utterance {
        /// The text as typed or said.
        let text: String
        /// The words the request may be: those after the app's name when the person put it
        /// first ("please, in ListOMat, add …"), then all of them.
        let candidates: [ArraySlice<Token>]
        let vocabulary: Vocabulary
        /// Whether words are one of the person's names (remembered for this utterance: the
        /// sentence matcher and the request it makes ask about the same words), and whether
        /// exactly so.
        let isKnown: (String, String) -> Bool
        let isExact: (String, String) -> Bool

        /// Nil for no words, too many, or control characters: those are never part of what a
        /// person says, so they are refused rather than guessed at.
        init?(_ text: String, _ vocabulary: Vocabulary, engine: IntentEngine) {
            guard !IntentEngine.holdsControl(text) else { return nil }
            // The language's two parts that tokenizing reads, not the whole `Language` copied for the call.
            let fold = engine.language.nameRules.characterFold, particles = engine.language.particles
            let folded = fold.fold(TextNormalizer.tokenize(text))
            let tokens = particles.isEmpty ? folded
                : particles.split(folded, in: text) { folded in vocabulary.types.contains { vocabulary.contains($0, folded: folded) } }
            guard !tokens.isEmpty, tokens.count <= IntentEngine.maximumWords else { return nil }
            var candidates: [ArraySlice<Token>] = []
            // Padding may come before the app's name too.
            let invoked = Array(engine.stripPadding(tokens[...]))
            let saysTheApp = engine.appNameWords.contains { name in
                name.allSatisfy { word in invoked.contains { FoldedKey.same($0.folded, word) } }
            }
            // The padding stripped may be the invocation's own first word ("dis à ListOMat
            // d'ajouter …": "dis" is padding before a command too): then the words as said.
            if saysTheApp, let (words, invocation) = [invoked, Array(tokens)].lazy
                .compactMap({ words in engine.invocations.bestMatch(words, in: text).map { (words, $0) } }).first,
               let slot = invocation.slots.first {
                candidates.append(words[slot.tokens])
            }
            candidates.append(tokens[...])
            self.text = text
            self.candidates = candidates
            self.vocabulary = vocabulary
            let known = KnownNames(vocabulary)
            isKnown = { type, folded in known.contains(type, folded) }
            isExact = { type, folded in known.containsExactly(type, folded) }
        }
    }

    /// What one reading makes of the utterance, or nil.
    func read(_ utterance: Utterance, as reading: Reading) -> Parse? {
        switch reading {
        case .exactPhrase: phraseReading(utterance, utterance.vocabulary.phrases.exactMatch)
        case .sentence: sentenceReading(utterance)
        case .sentenceInside: sentenceInsideReading(utterance)
        case .nearPhrase: phraseReading(utterance, utterance.vocabulary.phrases.match)
        case .misspelt: misspeltReading(utterance)
        case .model: classifierParse(utterance.candidates[0], utterance.text, isKnown: utterance.isKnown)
        case .nameOnly: nameOnlyReading(utterance)
        }
    }

    /// The first of the person's phrases `find` finds in a candidate (none when they have none).
    private func phraseReading(_ utterance: Utterance, _ find: ([String]) -> PersonalPhrase?) -> Parse? {
        guard !utterance.vocabulary.phrases.isEmpty else { return nil }
        return phraseParse(utterance.candidates, utterance.text, find)
    }

    /// The best sentence for all the words of the first candidate that has one (and is not
    /// passed over by a tie-break), unless a better reading of its words left over overrules it.
    private func sentenceReading(_ utterance: Utterance) -> Parse? {
        for candidate in utterance.candidates {
            let command = stripPadding(candidate)
            guard !command.isEmpty else { continue }
            let words = Array(command)
            guard let match = sentences.bestMatch(words, in: utterance.text, isKnown: utterance.isKnown, isExact: utterance.isExact),
                  !isWeak(match, words, utterance.vocabulary, isKnown: utterance.isKnown)
            else { continue }
            let parse = templateParse(match, words, utterance.text, question: askedAsQuestion(candidate, utterance.text), isKnown: utterance.isKnown)
            if isGuessAtRefusal(parse, command) || isRefusalReadAsValue(match, command) { continue }
            guard parse.wordsLeftOver, parse.path == .template else { return parse }
            // Words left over that begin another request ("delete the kickball list but make
            // sure the contacts stay") are that request: the model's reading of the whole,
            // names from both mixed, is no better one.
            let anotherRequest = runsIntoAnotherRequest(match, words)
            return sentenceInside(overruling: parse, words, candidate, utterance)
                ?? misspeltReading(utterance)
                ?? (anotherRequest ? nil : model(overruling: parse, candidate, utterance, from: Self.overrulingConfidence))
                ?? parse
        }
        return nil
    }

    /// The sentence `sentenceReading` passed over as weak (a name and nothing else, the name
    /// not one of the person's, said with a word for "list"), when it changes nothing and the
    /// model is not sure of another reading: a question about that name.
    private func nameOnlyReading(_ utterance: Utterance) -> Parse? {
        for candidate in utterance.candidates {
            let words = Array(stripPadding(candidate))
            guard !words.isEmpty,
                  let match = sentences.bestMatch(words, in: utterance.text, isKnown: utterance.isKnown, isExact: utterance.isExact)
            else { continue }
            // Said with a word for "list" ("movie list"): words that only might be a name
            // ("what's the weather tomorrow" read as a list's name) are not asked about.
            // A few words ("movie list", "the camping list"): in more, other words may say
            // what is asked ("rearrange that off the list").
            // And a name of words no sentence says: "list remove" names no list "remove".
            guard !changes(match.intent), words.count <= 4, words.contains(where: { wordSets.listWords.contains($0.folded) }),
                  isWeak(match, words, utterance.vocabulary, isKnown: utterance.isKnown),
                  match.slots.contains(where: { slot in words[slot.tokens].contains { !sentences.isTemplateWord($0.folded) } })
            else { return nil }
            // The model's reading stands when it is sure of another request (a weak guess at a
            // bare name, "movie list" read as deleting a list, does not), or finds a value.
            if let model = classifierParse(utterance.candidates[0], utterance.text, isKnown: utterance.isKnown),
               (model.request.intent != match.intent && (model.confidence ?? 0) >= Self.overrulingConfidence)
                || model.request.parameters.values.joined().contains(where: { state in
                   if case .unresolved(.spoken) = state { return true }
                   return false
               }) {
                return nil
            }
            return templateParse(match, words, utterance.text, question: askedAsQuestion(candidate, utterance.text), isKnown: utterance.isKnown)
        }
        return nil
    }

    /// A sentence inside the words of the first candidate that has one, unless the model
    /// reads the whole differently.
    private func sentenceInsideReading(_ utterance: Utterance) -> Parse? {
        for candidate in utterance.candidates {
            let command = Array(stripPadding(candidate))
            guard let parse = spanParse(command, utterance.text, question: askedAsQuestion(candidate, utterance.text), isKnown: utterance.isKnown)
            else { continue }
            // The words set aside may be the request itself ("erase" in "hurry up and erase
            // everything from the list"): any guess the model makes of the whole overrules.
            return model(overruling: parse, candidate, utterance, from: Self.minimumConfidence) ?? parse
        }
        return nil
    }

    // MARK: Tie-breaks

    /// A guess read from a request turned down ("Don't add milk to my list" read as "{list}
    /// list" with words left over), or a reading whose first slot swallowed the refusal
    /// ("别把牛奶加到购物清单" read as adding to a list "别把牛奶"): passed over, as nothing
    /// may come of a refusal.
    func isGuessAtRefusal(_ parse: Parse, _ command: ArraySlice<Token>) -> Bool {
        guard isNegated(command) else { return false }
        return parse.guessReason != nil || parse.match.slots.contains { $0.tokens.lowerBound == 0 }
    }

    /// A whole sentence inside words left over around a name, for another request ("i guess
    /// add peaches to the grocery store list" read as "{list} list"): it says what was meant.
    /// It must hold more of its template's own words than the reading it overrules: "add eggs
    /// to my grocery's shopping list" is no "{list} list" inside an add.
    func sentenceInside(overruling parse: Parse, _ words: [Token], _ candidate: ArraySlice<Token>, _ utterance: Utterance) -> Parse? {
        guard let inside = spanParse(words, utterance.text, question: askedAsQuestion(candidate, utterance.text), isKnown: utterance.isKnown),
              inside.request.intent != parse.request.intent,
              inside.match.score.literalWords > parse.match.score.literalWords
        else { return nil }
        return inside
    }

    /// The model's reading of the whole candidate, for another request with at least
    /// `confidence`: a reading that left words out may have missed what was asked ("i just
    /// finished X, so cross that off my to do list" read as "{list} list"). Over a template
    /// that matched the person's own words and names it takes more than the bare minimum.
    func model(overruling parse: Parse, _ candidate: ArraySlice<Token>, _ utterance: Utterance, from confidence: Double) -> Parse? {
        guard let model = classifierParse(candidate, utterance.text, isKnown: utterance.isKnown),
              model.request.intent != parse.request.intent, (model.confidence ?? 0) >= confidence
        else { return nil }
        return model
    }

    /// A sentence that is a name and nothing else ("{list} list": "my shopping list") stands
    /// only on a name the person has, at least in part: words that name nothing of theirs
    /// ("my new work schedule list") are better read another way.
    func isWeak(_ match: SentenceMatch, _ words: [Token], _ vocabulary: Vocabulary, isKnown: (String, String) -> Bool) -> Bool {
        guard match.score.knownEntities == 0, !match.slots.isEmpty else { return false }
        var inSlots = Set<Int>()
        for slot in match.slots { inSlots.formUnion(slot.tokens) }
        guard words.indices.allSatisfy({ inSlots.contains($0) || wordSets.leadingNoise.contains(words[$0].folded)
            || wordSets.trailingNoise.contains(words[$0].folded) })
        else { return false }
        return match.slots.contains { slot in
            guard language.entityLists.contains(slot.values), let names = vocabulary.matcher(slot.values),
                  spotName(words[slot.tokens], slot.values, isKnown) == nil
            else { return false }
            // Only words said around a name, with a word for "list" ("my list for this week"),
            // are a reference to a list, not a name that names nothing: the sentence stands.
            if case .none = names.match(slot.text) { return !isListReference(words[slot.tokens]) }
            return false
        }
    }

    /// Words that name no list but say "list" ("my list for this week", "the lists").
    func isListReference(_ tokens: ArraySlice<Token>) -> Bool {
        tokens.contains { wordSets.listWords.contains($0.folded) }
            && language.nameRules.isUnnamed(tokens.map(\.folded).joined(separator: " "))
    }

    /// Whether the text holds a control character (C0, DEL or C1), tab and line breaks aside
    /// (they are spaces here). Read on the bytes, not decoded: C1's are U+0080–U+009F, the
    /// bytes C2 80–C2 9F (C2 only ever leads a character).
    static func holdsControl(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case 0x09, 0x0A, 0x0D: break
            case 0x00...0x1F, 0x7F: return true
            case 0x80...0x9F where previous == 0xC2: return true
            default: break
            }
            previous = byte
        }
        return false
    }
}

/// The vocabulary's answers for one parse, remembered: the same words are asked about by the
/// sentence matcher, the request it makes, and the paths tried after it.
private final class KnownNames {
    let vocabulary: Vocabulary
    /// By type (a request names one or two: a short list, searched in turn, spares hashing the
    /// type's name at each question), with the type's name matcher (looked up once).
    /// A type that names nothing (no names registered, nothing held) is answered at once.
    /// A type asking whether words only point at one (`Vocabulary.reference`) is answered at once:
    /// quick to tell, and the sentence matcher asks each span once (`SpanNames`).
    var types: [(type: String, matcher: NameMatcher?, holder: (@Sendable (String) -> Bool)?, remembered: Bool)] = []
    /// The answers, by the type's index and the folded words (compared by their bytes:
    /// `FoldedKey`): one table for all types, made once with room for the words a request
    /// asks about (a dozen or so) rather than grown from nothing.
    var known: [Question: Bool] = Dictionary(minimumCapacity: 16)

    struct Question: Hashable {
        let type: Int
        let words: FoldedKey

        func hash(into hasher: inout Hasher) {
            hasher.combine(type)
            hasher.combine(words)
        }

        /// The words' own hash (`FoldedKey`), seeded by the type: not `Hasher`'s SipHash.
        func _rawHashValue(seed: Int) -> Int { words._rawHashValue(seed: seed ^ type) }
    }

    init(_ vocabulary: Vocabulary) { self.vocabulary = vocabulary }

    /// The index of `type`'s entry, made the first time it is asked about.
    private func entry(_ type: String) -> Int {
        for index in types.indices where types[index].type == type { return index }
        let matcher = vocabulary.matcher(type)
        types.append((type, matcher, matcher == nil ? vocabulary.holder(type) : nil, !Vocabulary.isReference(type)))
        return types.count - 1
    }

    /// `vocabulary.contains(type, folded:)`, remembered.
    func contains(_ type: String, _ folded: String) -> Bool {
        let index = entry(type)
        let (_, matcher, holder, remembered) = types[index]
        guard matcher != nil || holder != nil else { return false }
        if !remembered, let holder { return holder(folded) }
        let question = Question(type: index, words: FoldedKey(folded))
        if let known = known[question] { return known }
        let answer = matcher?.isKnown(folded: folded) ?? holder!(folded)
        known[question] = answer
        return answer
    }

    /// `vocabulary.containsExactly(type, folded:)`, with the type's matcher looked up once.
    func containsExactly(_ type: String, _ folded: String) -> Bool {
        Vocabulary.containsExactly(matcher: types[entry(type)].matcher, folded: folded)
    }
}

extension IntentEngine {
    /// Whether the words are put as a question: its first words, or a question mark at the
    /// end ("we don't need glue on the hardware list?"): a change read from it is a guess.
    /// A request asked politely ("could you put a tarp on the list?") is no question.
    func askedAsQuestion(_ candidate: ArraySlice<Token>, _ text: String) -> Bool {
        if isQuestion(candidate) { return true }
        guard Self.endsWithQuestionMark(text) else { return false }
        // A verb-final language puts its politeness last ("추가해 줄래?", "넣어 주시겠어요?").
        let polite = paddingAtStart(candidate) != nil || (!language.questionEnds.isEmpty && paddingAtEnd(candidate) != nil)
        return !polite
    }
}
