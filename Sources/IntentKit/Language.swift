import Foundation
import Yams

/// Everything one language says: sentence templates, app names, answers, prompts, responses,
/// sample phrases. Loaded from YAML (`Resources/<locale>/language.yaml`); a new language is a
/// new file, not new code. Intents defined in files of their own (`IntentDefinition`) bring
/// their words with them, and `IntentCatalog` merges them into `intents`.
public struct Language: Sendable {
    package var locale: String
    package var appNames: [String]
    /// Templates with a `{command}` slot and `<app>` for the app's names.
    package var invocations: [String]
    package var skipPrefixes: [[String]]
    package var skipSuffixes: [[String]]
    /// Words that begin or end as padding does but are words of their own (`skip.words`:
    /// "ช่วยเหลือ"), each as its folded words: padding is never cut from inside one.
    package var paddingFreeWords: [[String]] = []
    /// How a reason said after the request begins (`skip.reasons`: "… because we're out", "…
    /// since I bought it"), each as folded words: every start of a group followed by every
    /// subject of it. From there to the end is set aside as padding is.
    package var reasons: [[String]] = []
    /// Words that separate several values in one slot ("and"); commas always do.
    package var separators: Set<String>
    /// Leading words dropped from a value when more words follow ("a collar" → "collar").
    package var droppedArticles: Set<String>
    /// Words never kept at either edge of new free text ("please", "too"), when more words
    /// remain. Names are never cut: they are matched with `nameRules`' noise set aside.
    package var edgeWords: Set<String> = []
    /// Leading words a new value loses unless it is a name the person has or is quoted ("the
    /// meeting with carla", "my acupuncture appointment" → "meeting with carla", "acupuncture
    /// appointment"): an article or a possessive is no part of an item.
    package var droppedDeterminers: Set<String> = []
    /// Words that stand for a value without saying it ("it", "something"): a value made only
    /// of these (and of the words said around names) is no value, so the assistant asks.
    package var vagueWords: Set<String> = []
    /// Words that point back at what the last request named ("them", "these"; `splitting.pronouns`):
    /// items said only with these are the items the conversation just added or changed, and
    /// `pronouns_one` ("it") only when that was one item. Else the assistant asks, as for a vague word.
    package var pronouns: Set<String> = []
    package var onePronouns: Set<String> = []
    /// Words that never begin or end a new name ("to", "for", "me", "and"): a new list's name
    /// with one at an edge was cut in the wrong place ("sure to add tape to the hardware"), so
    /// the assistant asks for the name instead of creating it.
    package var functionWords: Set<String> = []
    /// What people say between two requests in one sentence ("and also", "then"), each as its
    /// folded words, longest first: "remove glue and also add screws" is two requests.
    package var betweenRequests: [[String]] = []
    /// Endings glued to the verb that close a request with another to follow (Korean 고:
    /// "장보기에 사과 넣고 두부 빼 줘"): the first request keeps the word, a split is tried after it.
    package var requestEndings: [String] = []
    /// How a question starts ("what", "is", "how many", "i need to know"): a question gets an
    /// answer, and a question read as a change is only a guess.
    package var questionStarts: [[String]] = []
    /// How a request is turned down ("don't", "never"): a guess never reads it as what is not wanted.
    package var negations: [[String]] = []
    /// Question and refusal said last, as verb-final languages do ("있어?", "추가하지 마"):
    /// the `questions_end:` and `negations_end:` phrases.
    package var questionEnds: [[String]] = []
    package var negationEnds: [[String]] = []
    /// Particles glued to the word before them (`particles:`), split off when reading.
    package var particles: GluedParticles = .none
    /// How a new value said in another case returns to its dictionary form (`dictionary_forms:`).
    package var dictionaryForms: DictionaryForms = .none
    public var nameRules: NameMatchingRules
    package var yesWords: Set<String>
    package var noWords: Set<String>
    package var cancelWords: Set<String>
    /// Said alone with nothing asked (`answers.thanks`, `answers.greetings`): each phrase as its
    /// folded words joined by spaces, answered with the message `smallTalk.thanks`,
    /// `smallTalk.greeting` where the language has it.
    package var thanksWords: Set<String> = []
    package var greetingWords: Set<String> = []
    package var ordinals: [String: Int]
    package var listFormat: ListFormat
    package var rules: [String: String]
    /// Enumeration value lists: list → case → phrases.
    package var enumerations: [String: [String: [String]]]
    /// Value lists matched against the dynamic vocabulary (list names…).
    package var entityLists: Set<String>
    /// What an entity type's values never are, unless a name the person has (`values.<type>`'s
    /// `never` words and `numbers: false`): `EntityRefusal`.
    package var entityRefusals: [String: EntityRefusal] = [:]
    /// Every value list the language names (entities, enumerations, text): the types a
    /// parameter may have, besides plain "text".
    package var valueLists: Set<String> = []
    package var intents: [String: IntentText]
    package var messages: [String: String]

    /// An intent's words in this language.
    package struct IntentText: Sendable {
        package var title: String
        package var description: String
        package var samples: [String]
        package var sentences: [SentenceGroup]
        /// parameter → kind (needsValue, disambiguation, confirmation, unsupported) → template
        package var prompts: [String: [String: String]]
        /// response or confirmation code → template
        package var responses: [String: String]
        /// "taskTitles,targetTaskList" → "Add ${taskTitles} to ${targetTaskList}"
        package var combinations: [String: String]
    }

    package func message(_ key: String, _ data: [String: TemplateValue] = [:]) -> String {
        ResponseTemplate.render(messages[key] ?? key, data, format: listFormat)
    }

    /// Where an ordinal word ("second", "last") puts one of `count` things in order: its
    /// index, or nil for a word that is no ordinal or a place past the end.
    package func place(of word: String, among count: Int) -> Int? {
        guard let n = ordinals[word] else { return nil }
        if n == -1 { return count > 0 ? count - 1 : nil }
        return n >= 1 && n <= count ? n - 1 : nil
    }

    package func render(_ template: String, _ data: [String: TemplateValue]) -> String {
        ResponseTemplate.render(template, data, format: listFormat)
    }
}

public struct LanguageError: Error, Equatable, Sendable, CustomStringConvertible {
    package var message: String
    public var description: String { message }
    package init(message: String) { self.message = message }
}

extension Language {
    /// Parses a language file. Errors name the file and what is wrong.
    package static func load(yaml: String, file: String) throws(LanguageError) -> Language {
        func fail(_ message: String) -> LanguageError { LanguageError(message: "\(file): \(message)") }
        let rootNode: Node
        do throws(YAMLProblem) {
            guard let node = try YAMLNodes.compose(yaml), case .mapping = node else {
                throw YAMLProblem(line: 1, message: "expected a mapping at the top level")
            }
            rootNode = node
        } catch {
            throw fail(error.message)
        }
        // The intents are read from the nodes, by the reader intent definition files share;
        // the rest as plain values.
        guard let root = rootNode.any as? [String: Any] else { throw fail("expected a mapping at the top level") }
        var intents: [String: IntentText] = [:]
        do throws(YAMLProblem) {
            for entry in try YAMLNodes.entries(YAMLNodes.value(rootNode, "intents"), "intents") {
                intents[entry.key] = try IntentTextReader(name: entry.key, path: "intents.\(entry.key)", sentencesRequired: true)
                    .read(entry.value).text
            }
        } catch {
            throw fail(error.message)
        }
        do {
            return try Reader(file: file).language(root, intents: intents)
        } catch let error as LanguageError {
            throw error
        } catch {
            throw fail("\(error)")
        }
    }

    private struct Reader {
        let file: String

        func fail(_ message: String) -> LanguageError { LanguageError(message: "\(file): \(message)") }

        func map(_ value: Any?, _ path: String) throws -> [String: Any] {
            guard let value else { return [:] }
            guard let map = value as? [String: Any] else { throw fail("\(path) must be a mapping") }
            return map
        }

        func strings(_ value: Any?, _ path: String) throws -> [String] {
            guard let value else { return [] }
            guard let array = value as? [Any] else { throw fail("\(path) must be a list") }
            return try array.map { item in
                guard let s = item as? String ?? (item as? CustomStringConvertible).map({ $0.description }) else {
                    throw fail("\(path) must hold text")
                }
                return s
            }
        }

        func string(_ value: Any?, _ path: String, default fallback: String? = nil) throws -> String {
            if let s = value as? String { return s }
            if value == nil, let fallback { return fallback }
            throw fail("\(path) must be text")
        }

        func words(_ value: Any?, _ path: String) throws -> Set<String> {
            Set(try strings(value, path).map(TextNormalizer.fold))
        }

        /// A list of lists of phrases, each phrase as its folded words joined by spaces.
        func groups(_ value: Any?, _ path: String) throws -> [[String]] {
            guard let value else { return [] }
            guard let array = value as? [Any] else { throw fail("\(path) must be a list of lists") }
            return try array.enumerated().map { index, group in
                try strings(group, "\(path) \(index + 1)").map { TextNormalizer.tokenize($0).map(\.folded).joined(separator: " ") }
                    .filter { !$0.isEmpty }
            }
        }

        /// `names.stemmer`: one of `WordStemmer`'s names, or none.
        func stemmer(_ value: Any?) throws -> WordStemmer? {
            guard let value else { return nil }
            let name = try string(value, "names.stemmer")
            guard let stemmer = WordStemmer(rawValue: name) else {
                throw fail("names.stemmer must be one of \(WordStemmer.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return stemmer
        }

        func phrases(_ value: Any?, _ path: String) throws -> [[String]] {
            try strings(value, path).map { TextNormalizer.tokenize($0).map(\.folded) }.filter { !$0.isEmpty }
        }

        // Over 60 lines: one key of the file to one field of `Language`, in the file's order
        // (a table more than logic; the reading itself is in `map`, `strings`, `words`…).
        func language(_ root: [String: Any], intents: [String: IntentText]) throws -> Language {
            let app = try map(root["app"], "app")
            let skip = try map(root["skip"], "skip")
            let splitting = try map(root["splitting"], "splitting")
            let names = try map(root["names"], "names")
            let answers = try map(root["answers"], "answers")
            let format = try map(root["list_format"], "list_format")
            var ordinals: [String: Int] = [:]
            for (word, value) in try map(answers["ordinals"], "answers.ordinals") {
                // Plain scalars are all text (`YAMLNodes.resolver`): the number is read here.
                guard let n = value as? Int ?? (value as? String).flatMap({ Int($0) }) else {
                    throw fail("answers.ordinals.\(word) must be a number")
                }
                ordinals[TextNormalizer.fold(word)] = n
            }
            var rules: [String: String] = [:]
            for (name, value) in try map(root["rules"], "rules") { rules[name] = try string(value, "rules.\(name)") }
            var enumerations: [String: [String: [String]]] = [:]
            var entityLists = Set<String>()
            var entityRefusals: [String: EntityRefusal] = [:]
            let values = try map(root["values"], "values")
            for (name, value) in values {
                let spec = try map(value, "values.\(name)")
                if spec["entity"] != nil {
                    entityLists.insert(name)
                    let never = try words(spec["never"], "values.\(name).never")
                    let numbers = try string(spec["numbers"], "values.\(name).numbers", default: "true").lowercased()
                    guard ["true", "false", "yes", "no"].contains(numbers) else {
                        throw fail("values.\(name).numbers must be true or false")
                    }
                    if !never.isEmpty || ["false", "no"].contains(numbers) {
                        entityRefusals[name] = EntityRefusal(words: never, numbers: ["false", "no"].contains(numbers))
                    }
                } else if let cases = spec["enumeration"] {
                    var phrases: [String: [String]] = [:]
                    for (caseName, words) in try map(cases, "values.\(name).enumeration") {
                        phrases[caseName] = try strings(words, "values.\(name).enumeration.\(caseName)")
                    }
                    enumerations[name] = phrases
                }
            }
            var messages: [String: String] = [:]
            for (key, value) in try map(root["messages"], "messages") { messages[key] = try string(value, "messages.\(key)") }
            let locale = try string(root["language"], "language")
            var language = Language(
                locale: locale,
                appNames: try strings(app["names"], "app.names"),
                invocations: try strings(app["invocations"], "app.invocations"),
                skipPrefixes: try phrases(skip["prefixes"], "skip.prefixes"),
                skipSuffixes: try phrases(skip["suffixes"], "skip.suffixes"),
                separators: try words(splitting["separators"], "splitting.separators"),
                droppedArticles: try words(splitting["dropped_articles"], "splitting.dropped_articles"),
                nameRules: NameMatchingRules(
                    allWords: try words(names["all"], "names.all"),
                    leadingNoise: try words(names["leading_noise"], "names.leading_noise"),
                    trailingNoise: try words(names["trailing_noise"], "names.trailing_noise"),
                    pluralSuffixes: try strings(names["plural_suffixes"], "names.plural_suffixes"),
                    sameNames: try groups(names["same"], "names.same"),
                    stemmer: try stemmer(names["stemmer"]),
                    listWords: try words(names["list_words"], "names.list_words")),
                yesWords: try words(answers["yes"], "answers.yes"),
                noWords: try words(answers["no"], "answers.no"),
                cancelWords: try words(answers["cancel"], "answers.cancel"),
                ordinals: ordinals,
                listFormat: ListFormat(
                    conjunction: try string(format["conjunction"], "list_format.conjunction", default: "and"),
                    serialComma: ["true", "yes", "on"].contains((format["serial_comma"] as? String)?.lowercased() ?? ""),
                    plural: PluralRule(locale: locale),
                    comma: try string(format["comma"], "list_format.comma", default: ", "),
                    spaced: !["false", "no", "off"].contains((format["spaced"] as? String)?.lowercased() ?? "")),
                rules: rules, enumerations: enumerations, entityLists: entityLists, valueLists: Set(values.keys),
                intents: intents, messages: messages)
            language.entityRefusals = entityRefusals
            language.edgeWords = try words(splitting["edge_words"], "splitting.edge_words")
            language.paddingFreeWords = try phrases(skip["words"], "skip.words")
            for (index, group) in try (skip["reasons"] as? [Any] ?? []).enumerated() {
                let path = "skip.reasons[\(index)]", group = try map(group, path)
                let subjects = try phrases(group["subjects"], path + ".subjects")
                for start in try phrases(group["starts"], path + ".starts") {
                    language.reasons += subjects.isEmpty ? [start] : subjects.map { start + $0 }
                }
            }
            language.droppedDeterminers = try words(splitting["dropped_determiners"], "splitting.dropped_determiners")
            language.vagueWords = try words(splitting["vague"], "splitting.vague")
            language.pronouns = try words(splitting["pronouns"], "splitting.pronouns")
            language.onePronouns = try words(splitting["pronouns_one"], "splitting.pronouns_one")
            language.functionWords = try words(splitting["function_words"], "splitting.function_words")
            language.betweenRequests = try phrases(splitting["between_requests"], "splitting.between_requests")
                .sorted { $0.count > $1.count }
            language.requestEndings = try words(splitting["request_endings"], "splitting.request_endings").sorted()
            language.questionStarts = try phrases(root["questions"], "questions")
            language.negations = try phrases(root["negations"], "negations")
            language.questionEnds = try phrases(root["questions_end"], "questions_end")
            language.negationEnds = try phrases(root["negations_end"], "negations_end")
            language.thanksWords = Set(try phrases(answers["thanks"], "answers.thanks").map { $0.joined(separator: " ") })
            language.greetingWords = Set(try phrases(answers["greetings"], "answers.greetings").map { $0.joined(separator: " ") })
            language.particles = try GluedParticles(map(root["particles"], "particles"), fail: { fail($0) })
            if !language.particles.isEmpty {
                // Padding is matched against words read with their particles split off
                // ("안녕하세요" arrives as "안녕하세" + "요"): each phrase in that form too.
                func read(_ value: Any?, _ path: String) throws -> [[String]] {
                    try strings(value, path).map { language.tokenize($0).map(\.folded) }.filter { !$0.isEmpty }
                }
                func merged(_ phrases: [[String]], _ read: [[String]]) -> [[String]] {
                    var seen = Set(phrases)
                    return phrases + read.filter { seen.insert($0).inserted }
                }
                language.skipPrefixes = merged(language.skipPrefixes, try read(skip["prefixes"], "skip.prefixes"))
                language.skipSuffixes = merged(language.skipSuffixes, try read(skip["suffixes"], "skip.suffixes"))
            }
            language.dictionaryForms = try DictionaryForms(map(root["dictionary_forms"], "dictionary_forms"), fail: { fail($0) })
            if let letters = names["distinct_letters"] {
                language.nameRules.distinctLetters = Set(try string(letters, "names.distinct_letters").lowercased().filter { !$0.isWhitespace })
            }
            if let pairs = root["fold_characters"] {
                language.nameRules.characterFold = try CharacterFold(pairs: string(pairs, "fold_characters"))
            }
            return language
        }
    }
}
