import Foundation

/// Turns words into requests: strips the app's name and polite padding, matches the
/// language's sentence templates, splits several values, and builds an `IntentRequest`.
/// Generic: it knows nothing about lists.
///
/// This file builds the engine, once per language: it checks the language against the
/// intents and compiles the sentence matchers. Reading an utterance is in
/// `IntentEngine+Parse.swift` (the order of readings) and `IntentEngine+Readings.swift`
/// (each reading); the words around a request in `+Padding`, names in `+Names`, values in
/// `+Values`, the request made of a match in `+Request`, its words in `+Explain`.
public final class IntentEngine: Sendable {
    public let language: Language
    package let schemas: [String: IntentSchema]
    /// `schemas` by the intent's name as bytes (`FoldedKey`): the look-up each reading makes
    /// several times, without hashing the name with SipHash (`schema(_:)`).
    private let schemasByKey: [FoldedKey: IntentSchema]
    let sentences: SentenceMatcher
    let invocations: SentenceMatcher
    /// The folded words of each of the app's names: a request holding none of them whole is
    /// not looked at by `invocations`, whose every sentence says one.
    let appNameWords: [[String]]
    /// The language's padding and question starts, by their first (last) word.
    let prefixes: PhraseIndex
    let suffixes: PhraseIndex
    /// How a reason said after the request begins ("because we", "since i"; `Language.reasons`).
    let reasons: PhraseIndex
    let questions: PhraseIndex
    let negations: PhraseIndex
    /// A question or a refusal said last (`questions_end`, `negations_end`).
    let questionEnds: PhraseIndex
    let negationEnds: PhraseIndex
    /// The language's word sets, ready for the look-ups every request makes.
    let wordSets: LanguageWordSets
    /// The statistical fallback for utterances no template matches (nil: none), read the
    /// first time it is needed: most requests never need it.
    public var classifier: IntentClassifier? { lazyClassifier.value }
    private let lazyClassifier: Lazy<IntentClassifier>
    /// The learned value tagger (nil: none), read the first time it is needed, as the classifier is.
    package var tagger: ValueTagger? { lazyTagger.value }
    private let lazyTagger: Lazy<ValueTagger>
    /// Whether there is a tagger to read (false: a language without one, whose requests need not
    /// look for values to check with it).
    let mayHaveTagger: Bool
    /// Whether most of the templates' own words are in Latin letters (English, French), worked
    /// out the first time a request typed only in Latin letters needs it (`IntentEngine+Foreign.swift`).
    var writtenInLatin: Bool { lazyLatin.value ?? true }
    private let lazyLatin: Lazy<Bool>
    /// The templates' words for the spelling reading (`IntentEngine+Spelling.swift`), made when it first needs them.
    let slipWords: Lazy<SlipWords>
    /// The language's words in scripts without spaces that padding is never cut from (`skip.words`).
    let spacelessWords: Lazy<SpacelessWords>

    /// `classifier`: the model, or `loadClassifier`: how to read it when first needed.
    /// `tagger` or `loadTagger`: the value tagger, likewise.
    /// `matcherCache`: where the compiled sentence matchers are kept between runs (nil: compiled every time).
    /// `checked`: the same language and intents made an engine before (a catalog read back from
    /// the cache): the slots every path of the templates fills are not checked against the
    /// intents again, a pass over the whole compiled trie (hundreds of thousands of ends in some
    /// languages) at every start.
    package init(
        language: Language, schemas: [IntentSchema], classifier: IntentClassifier? = nil,
        loadClassifier: (@Sendable () -> IntentClassifier?)? = nil, tagger: ValueTagger? = nil,
        loadTagger: (@Sendable () -> ValueTagger?)? = nil, matcherCache: MatcherCache? = nil, checked: Bool = false
    ) throws(LanguageError) {
        self.language = language
        prefixes = PhraseIndex(language.skipPrefixes)
        suffixes = PhraseIndex(language.skipSuffixes, fromEnd: true)
        reasons = PhraseIndex(language.reasons)
        questions = PhraseIndex(language.questionStarts)
        negations = PhraseIndex(language.negations)
        questionEnds = PhraseIndex(language.questionEnds, fromEnd: true)
        negationEnds = PhraseIndex(language.negationEnds, fromEnd: true)
        wordSets = LanguageWordSets(language)
        if let classifier {
            lazyClassifier = Lazy { classifier }
        } else {
            lazyClassifier = Lazy(loadClassifier ?? { nil })
        }
        if let tagger {
            lazyTagger = Lazy { tagger }
        } else {
            lazyTagger = Lazy(loadTagger ?? { nil })
        }
        mayHaveTagger = tagger != nil || loadTagger != nil
        let byName = try Self.schemasByName(schemas, language)
        self.schemas = byName
        schemasByKey = Dictionary(uniqueKeysWithValues: byName.map { (FoldedKey($0.key), $0.value) })
        let groups = try Self.sentenceGroups(language, byName)
        let matchers = try Self.matchers(language, groups, matcherCache, checked: checked)
        sentences = matchers.sentences
        invocations = matchers.invocations
        appNameWords = language.appNames.map { language.tokenize($0).map(\.folded) }.filter { !$0.isEmpty }
        let words = matchers.sentences.compiled.words
        lazyLatin = Lazy { words.count(where: { $0.unicodeScalars.allSatisfy(\.isASCII) }) * 2 > words.count }
        slipWords = Lazy { SlipWords(words) }
        spacelessWords = Lazy { [words = language.paddingFreeWords] in SpacelessWords(words) }
        if !checked { try Self.checkSlots(groups, matchers.sentences, byName, language) }
        try Self.checkResponses(schemas, language)
    }

    /// The intent called `intent`, if the engine has one.
    func schema(_ intent: String) -> IntentSchema? { schemasByKey[FoldedKey(intent)] }

    /// The intents by name; two of the same name are an error.
    private static func schemasByName(_ schemas: [IntentSchema], _ language: Language) throws(LanguageError) -> [String: IntentSchema] {
        var byName: [String: IntentSchema] = [:]
        for schema in schemas where byName.updateValue(schema, forKey: schema.name) != nil {
            throw LanguageError(message: "language \(language.locale): two intents are called \(schema.name)")
        }
        return byName
    }

    /// The language's sentence groups, intent by intent in name order; each names a known
    /// intent and fixes only parameters it has.
    private static func sentenceGroups(
        _ language: Language, _ schemas: [String: IntentSchema]
    ) throws(LanguageError) -> [SentenceGroup] {
        var groups: [SentenceGroup] = []
        for name in language.intents.keys.sorted() {
            guard let schema = schemas[name] else {
                throw LanguageError(message: "language \(language.locale): sentences for unknown intent \(name)")
            }
            for var group in language.intents[name]!.sentences {
                for (slot, _) in group.fixedSlots where schema.parameter(slot) == nil {
                    throw LanguageError(message: "language \(language.locale): \(name) fixes unknown parameter \(slot)")
                }
                if group.plainValues { group.refusedEdgeWords = language.functionWords }
                groups.append(group)
            }
        }
        return groups
    }

    /// The sentence and invocation matchers: from the cache when it holds them for these very
    /// templates and rules, else compiled (and kept in the cache). With `checked` (the catalog
    /// came from the cache: nothing reads every path at the start), tries read where they lie
    /// are checked chunk by chunk as requests walk them, and a damaged chunk found then has the
    /// matchers compiled and the file written again; else every integer is checked now.
    private static func matchers(
        _ language: Language, _ groups: [SentenceGroup], _ matcherCache: MatcherCache?, checked: Bool
    ) throws(LanguageError) -> Matchers {
        let rules = Self.rules(language)
        let invocationGroups = [SentenceGroup(intent: "", templates: language.invocations)]
        let key = matcherCache?.key(locale: language.locale, groups: groups, invocations: language.invocations, rules: rules)
        @Sendable func compile() throws(LanguageError) -> Matchers {
            let matchers: Matchers
            do throws(TemplateError) {
                matchers = Matchers(
                    sentences: try SentenceMatcher(
                        groups: groups, rules: rules, entityLists: language.entityLists, refusals: language.entityRefusals, listWords: language.nameRules.listWords),
                    invocations: try SentenceMatcher(groups: invocationGroups, rules: rules, entityLists: []))
            } catch {
                throw LanguageError(message: "language \(language.locale): \(error.message)")
            }
            if let matcherCache, let key {
                matcherCache.store(language.locale, key: key, [matchers.sentences.compiled, matchers.invocations.compiled])
            }
            return matchers
        }
        guard let matcherCache, let key, let tries = matcherCache.tries(language.locale, key: key), tries.count == 2
        else { return try compile() }
        if checked, let chunks = tries[0].checkedChunks, tries[1].checkedChunks === chunks {
            let recompiled = Lazy { try? compile() }
            if let cached = SentenceMatcher(
                checkingAsRead: tries[0], groups: groups, entityLists: language.entityLists, refusals: language.entityRefusals, listWords: language.nameRules.listWords,
                recompiled: { recompiled.value?.sentences }),
               let cachedInvocations = SentenceMatcher(
                checkingAsRead: tries[1], groups: invocationGroups, entityLists: [], recompiled: { recompiled.value?.invocations }) {
                return Matchers(sentences: cached, invocations: cachedInvocations)
            }
        } else if let cached = SentenceMatcher(
                    checking: tries[0], groups: groups, entityLists: language.entityLists, refusals: language.entityRefusals, listWords: language.nameRules.listWords),
                  let cachedInvocations = SentenceMatcher(checking: tries[1], groups: invocationGroups, entityLists: []) {
            return Matchers(sentences: cached, invocations: cachedInvocations)
        }
        return try compile()
    }

    struct Matchers: Sendable {
        let sentences: SentenceMatcher
        let invocations: SentenceMatcher
    }

    /// Every slot names a parameter of its intent: read from the compiled paths; the
    /// templates are parsed again only to name the one at fault.
    private static func checkSlots(
        _ groups: [SentenceGroup], _ sentences: SentenceMatcher, _ schemas: [String: IntentSchema], _ language: Language
    ) throws(LanguageError) {
        for (group, filled) in zip(groups, sentences.filledSlots())
        where filled.contains(where: { schemas[group.intent]?.parameter($0) == nil }) {
            for template in group.templates {
                let slots = slotNames(template)
                for slot in slots where schemas[group.intent]?.parameter(slot) == nil {
                    throw LanguageError(message: "language \(language.locale): “\(template)” fills unknown parameter \(slot) of \(group.intent)")
                }
            }
        }
    }

    /// Every response code an intent declares has words in this language.
    private static func checkResponses(_ schemas: [IntentSchema], _ language: Language) throws(LanguageError) {
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

    /// The slot names a template fills, in order (none when it does not parse).
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

    /// The classifier's guess for folded words (`TextNormalizer`'s folded tokens), or nil
    /// when no classifier is loaded.
    package func classify(_ words: [String]) -> IntentClassifier.Prediction? {
        classifier?.predict(words)
    }
}

/// A value made once, on first use, by any thread.
final class Lazy<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var load: (@Sendable () -> Value?)?
    private var loaded: Value?

    init(_ load: @escaping @Sendable () -> Value?) { self.load = load }

    var value: Value? {
        lock.lock()
        defer { lock.unlock() }
        if let load {
            loaded = load()
            self.load = nil
        }
        return loaded
    }
}
