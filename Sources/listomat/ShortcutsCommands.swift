import ArgumentParser
import Foundation
import IntentKit
import ListIntents
import ListStore

/// `listomat shortcuts …`: the donation log, suggestions, and personal phrases.
struct ShortcutsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shortcuts",
        abstract: CLIWords.text("cli.abstract.shortcuts"),
        discussion: CLIWords.text("cli.discussion.shortcuts"),
        subcommands: [Suggest.self, Log.self, Forget.self, AddPhrase.self, ListPhrases.self, RenamePhrase.self, RemovePhrase.self]
    )

    /// The assistant, or a usage/storage failure saying why it cannot load.
    static func assistant() throws -> Assistant {
        let locale = try ChosenLanguage.locale(option: nil)
        do {
            var assistant = try Assistant(locale: locale, matcherCache: Assistant.matcherCache())
            for warning in assistant.warnings { Output.error(warning) }
            assistant.defaultList = DefaultList.configured()
            return assistant
        } catch {
            throw Failure(error.message, .storage)
        }
    }

    // Every command names itself: a name made from the type's name costs a reflection of the
    // type at every start (the parser builds the whole command tree), even for `ask`.
    struct Suggest: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "suggest",
            abstract: CLIWords.text("cli.abstract.suggest"),
            discussion: CLIWords.text("cli.discussion.suggest"))

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: JSONFlag
        @Option(name: .long, help: ArgumentHelp(CLIWords.text("cli.help.suggestAt"), valueName: "time"))
        var at: String?
        @Option(name: .long, help: CLIWords.help("cli.help.suggestLimit")) var limit = 5

        func validate() throws {
            if limit < 1 { throw CLIWords.invalid("cli.shortcuts.limitFromOne") }
            if let at, Self.parse(at) == nil {
                throw CLIWords.invalid("cli.shortcuts.atTime", ["text": .text(at)])
            }
        }

        static func parse(_ text: String) -> Date? {
            let formatter = ISO8601DateFormatter()
            if let date = formatter.date(from: text) { return date }
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return formatter.date(from: text)
        }

        func run() throws {
            let store = try global.openForReading()
            let assistant = try ShortcutsCommand.assistant()
            let now = at.flatMap(Self.parse) ?? Date()
            let suggestions = try Shortcuts.suggestions(
                in: store, at: now, limit: limit, custom: Set(assistant.sequences.keys))
            if output.json {
                try Output.json(SuggestionsJSON(at: Timestamp.string(now), suggestions: suggestions.map {
                    SuggestionJSON($0, title: assistant.engine.title($0.request))
                }))
                return
            }
            if suggestions.isEmpty { Output.hint(CLIWords.text("cli.shortcuts.noSuggestions")) }
            for (index, suggestion) in suggestions.enumerated() {
                Output.line("\(index + 1). \(assistant.engine.title(suggestion.request))")
            }
        }
    }

    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "log", abstract: CLIWords.text("cli.abstract.log"))

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: JSONFlag
        @Option(name: .long, help: CLIWords.help("cli.help.logLimit")) var limit: Int?

        func validate() throws {
            if let limit, limit < 1 { throw CLIWords.invalid("cli.shortcuts.limitFromOne") }
        }

        func run() throws {
            let store = try global.openForReading()
            var donations = try Shortcuts.donations(in: store)
            if let limit { donations = Array(donations.prefix(limit)) }
            if output.json {
                try Output.json(DonationsJSON(donations: donations.map(DonationJSON.init)))
                return
            }
            if donations.isEmpty { Output.hint(CLIWords.text("cli.shortcuts.nothingLogged")) }
            // The title needs no language files: intent and values are enough to recognise it.
            for donation in donations {
                let values = donation.parameters.sorted { $0.key < $1.key }.map { name, values in
                    "\(name)=\(values.map(\.reported).joined(separator: ","))"
                }.joined(separator: " ")
                Output.line("\(donation.id.key)  \(Timestamp.string(donation.date))  \(donation.source)  \(donation.intent) \(values)")
            }
        }
    }

    struct Forget: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "forget",
            abstract: CLIWords.text("cli.abstract.forget"),
            discussion: CLIWords.text("cli.discussion.forget"))

        @OptionGroup var global: GlobalOptions
        @Option(name: .long, parsing: .upToNextOption, help: CLIWords.help("cli.help.forgetIDs")) var id: [String] = []
        @Option(name: .long, help: CLIWords.help("cli.help.forgetGroup")) var group: String?
        @Flag(name: .long, help: CLIWords.help("cli.help.forgetAll")) var all = false

        func validate() throws {
            let chosen = [!id.isEmpty, group != nil, all].filter { $0 }.count
            guard chosen == 1 else { throw CLIWords.invalid("cli.forget.which") }
            for text in id where UUID(uuidString: text) == nil {
                throw CLIWords.invalid("cli.forget.notAnID", ["text": .text(text)])
            }
        }

        func run() throws {
            let store = try global.openForWriting()
            let count: Int
            if all {
                count = try store.forgetAllDonations()
            } else if let group {
                count = try store.forgetDonations(group: Self.groupKey(group))
            } else {
                count = try store.forgetDonations(ids: id.compactMap(UUID.init(uuidString:)))
            }
            if count == 0, !all {
                throw Failure(
                    group.map { CLIWords.text("cli.forget.noGroup", ["group": .text($0)]) } ?? CLIWords.text("cli.forget.noID"), .notFound)
            }
            Output.line(CLIWords.text("cli.forget.done", ["count": .number(count)]))
        }

        /// Groups are stored as the list id's key; a list id in its usual form is accepted too.
        static func groupKey(_ text: String) -> String {
            UUID(uuidString: text).map(\.key) ?? text
        }
    }

    struct AddPhrase: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: CLIWords.text("cli.abstract.phraseAdd"),
            discussion: CLIWords.text("cli.discussion.phraseAdd"))

        @OptionGroup var global: GlobalOptions
        @Argument(help: CLIWords.help("cli.help.phrase")) var phrase: String
        @Argument(parsing: .postTerminator, help: CLIWords.help("cli.help.phraseRequest")) var request: [String] = []

        func validate() throws {
            if request.isEmpty {
                throw CLIWords.invalid("cli.phrase.needsRequest")
            }
        }

        func run() throws {
            let store = try global.openForWriting()
            let assistant = try ShortcutsCommand.assistant()
            let domain = try assistant.domain(store)
            if let problem = Shortcuts.problem(
                with: phrase, engine: assistant.engine, vocabulary: domain.vocabulary) {
                throw Failure(problem, .refused)
            }
            var conversation = Conversation(dryRun: true)
            let words = request.joined(separator: " ")
            let turn = conversation.receive(.utterance(words), engine: assistant.engine, domain: domain)
            guard turn.state == .ready, let resolved = turn.resolved else {
                let why = turn.state == .notUnderstood ? CLIWords.text("cli.phrase.notUnderstood", ["words": .text(words)])
                    : CLIWords.text("cli.phrase.asks", ["words": .text(words), "question": .text(turn.response)])
                throw Failure(why, .refused)
            }
            guard Shortcuts.isRepeatable(resolved.intent) else {
                throw Failure(CLIWords.text("cli.phrase.notRepeatable", ["words": .text(words)]), .refused)
            }
            try Shortcuts.addPhrase(phrase, for: resolved, to: store, at: Date())
            Output.line(CLIWords.text("cli.phrase.added", [
                "phrase": .text(phrase.trimmingCharacters(in: .whitespacesAndNewlines)), "title": .text(assistant.engine.title(resolved)),
            ]))
        }
    }

    struct ListPhrases: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: CLIWords.text("cli.abstract.phraseList"))

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: JSONFlag

        func run() throws {
            let store = try global.openForReading()
            let phrases = try Shortcuts.phrases(in: store)
            let assistant = (try? ChosenLanguage.locale(option: nil)).flatMap { try? Assistant(locale: $0, matcherCache: Assistant.matcherCache()) }
            func title(_ phrase: PersonalPhrase) -> String {
                assistant?.engine.title(phrase.request) ?? phrase.intent
            }
            if output.json {
                try Output.json(PhrasesJSON(phrases: phrases.map {
                    PhraseJSON(phrase: $0.phrase, intent: $0.intent, title: title($0), parameters: ParameterJSON.of($0.parameters))
                }))
                return
            }
            if phrases.isEmpty { Output.hint(CLIWords.text("cli.phrase.none")) }
            for phrase in phrases { Output.line("“\(phrase.phrase)” → \(title(phrase))") }
        }
    }

    struct RenamePhrase: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: CLIWords.text("cli.abstract.phraseRename"))

        @OptionGroup var global: GlobalOptions
        @Argument(help: CLIWords.help("cli.help.phraseNow")) var phrase: String
        @Argument(help: CLIWords.help("cli.help.phraseNew")) var newPhrase: String

        func run() throws {
            let store = try global.openForWriting()
            let assistant = try ShortcutsCommand.assistant()
            let domain = try assistant.domain(store)
            let key = PersonalPhrase.key(phrase)
            guard try store.phrase(key: key) != nil else { throw Failure(CLIWords.text("cli.phrase.unknown", ["phrase": .text(phrase)]), .notFound) }
            if let problem = Shortcuts.problem(
                with: newPhrase, engine: assistant.engine, vocabulary: domain.vocabulary,
                replacing: key) {
                throw Failure(problem, .refused)
            }
            let cleaned = newPhrase.trimmingCharacters(in: .whitespacesAndNewlines)
            _ = try store.renamePhrase(key: key, to: cleaned, key: PersonalPhrase.key(cleaned))
            Output.line(CLIWords.text("cli.phrase.renamed", ["phrase": .text(phrase), "new": .text(cleaned)]))
        }
    }

    struct RemovePhrase: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: CLIWords.text("cli.abstract.phraseRemove"))

        @OptionGroup var global: GlobalOptions
        @Argument(help: CLIWords.help("cli.help.phrase")) var phrase: String

        func run() throws {
            let store = try global.openForWriting()
            let removed = try store.removePhrase(key: PersonalPhrase.key(phrase))
            Output.line(CLIWords.text("cli.phrase.removed", ["phrase": .text(removed.phrase)]))
        }
    }
}

// MARK: - JSON schemas (documented in the README)

struct ParameterJSON: Encodable {
    var kind: String
    var id: String
    var value: String

    static func of(_ parameters: [String: [ParameterValue]]) -> [String: [ParameterJSON]] {
        parameters.mapValues { $0.map { ParameterJSON(kind: $0.kind.rawValue, id: $0.id, value: $0.reported) } }
    }
}

struct SuggestionsJSON: Encodable {
    var at: String
    var suggestions: [SuggestionJSON]
}

struct SuggestionJSON: Encodable {
    var title: String
    var intent: String
    var parameters: [String: [ParameterJSON]]
    var count: Int
    var lastDone: String
    var score: Double

    init(_ suggestion: Suggestion, title: String) {
        self.title = title
        intent = suggestion.intent
        parameters = ParameterJSON.of(suggestion.parameters)
        count = suggestion.count
        lastDone = Timestamp.string(suggestion.lastDone)
        score = (suggestion.score * 1000).rounded() / 1000
    }
}

struct DonationsJSON: Encodable {
    var donations: [DonationJSON]
}

struct DonationJSON: Encodable {
    var id: String
    var intent: String
    var parameters: [String: [ParameterJSON]]
    var group: String?
    var date: String
    var source: String

    init(_ donation: Donation) {
        id = donation.id.key
        intent = donation.intent
        parameters = ParameterJSON.of(donation.parameters)
        group = donation.group
        date = Timestamp.string(donation.date)
        source = donation.source
    }
}

struct PhrasesJSON: Encodable {
    var phrases: [PhraseJSON]
}

struct PhraseJSON: Encodable {
    var phrase: String
    var intent: String
    var title: String
    var parameters: [String: [ParameterJSON]]
}
