import ArgumentParser
import Foundation
import IntentKit
import ListIntents
import ListStore

struct Ask: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ask",
        abstract: CLIWords.text("cli.abstract.ask"),
        discussion: CLIWords.text("cli.discussion.ask"))

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: CLIWords.help("cli.help.askJSON")) var json = false
    @Flag(name: .long, help: CLIWords.help("cli.help.dryRun")) var dryRun = false
    @Option(name: .long, help: CLIWords.help("cli.help.askLocale", valueName: "language")) var locale: String?
    @Option(name: .long, help: CLIWords.help("cli.help.askChoose")) var choose: Int?
    @Flag(name: .long, help: CLIWords.help("cli.help.askYes")) var yes = false
    @Flag(name: .long, help: CLIWords.help("cli.help.askNo")) var no = false
    @Flag(name: .long, help: CLIWords.help("cli.help.askExplain")) var explain = false
    @Argument(help: CLIWords.help("cli.help.utterance")) var utterance: [String] = []

    func validate() throws {
        if yes && no { throw CLIWords.invalid("cli.ask.yesAndNo") }
        if let choose, choose < 1 { throw CLIWords.invalid("cli.ask.chooseFromOne") }
    }

    func run() throws {
        let locale = try ChosenLanguage.locale(option: locale)
        let assistant = try Assistant.load(locale: locale)
        let store = dryRun ? try global.openForReading() : try global.openForWriting()
        let session = AssistantSession(
            assistant: assistant, store: store, source: "assistant", donations: DonationLog(store: store, timing: .now))
        let interactive = !json && Output.isTerminal(STDIN_FILENO) && Output.isTerminal(STDOUT_FILENO)
        // One request: its old snapshots are freed by the exit. A batch or a conversation may
        // make thousands of changes, each a new snapshot, and frees the old ones as it goes.
        session.keepsOldNames = !utterance.isEmpty && !interactive
        KeptUntilExit.keep(session)
        if utterance.isEmpty {
            guard !Output.isTerminal(STDIN_FILENO) else {
                throw Failure(CLIWords.text("cli.ask.nothingAsked"), .usage)
            }
            try batch(session)
            return
        }
        let text = utterance.joined(separator: " ")
        if interactive {
            try converse(text, session)
        } else {
            var writer = AskWriter(json: json, explain: explain)
            let turn = try answerOnce(text, session, &writer)
            writer.flush()
            if turn.state == .notUnderstood || turn.state == .failed { throw ExitCode(ExitStatus.refused.rawValue) }
        }
    }

    /// What --choose, --yes and --no answer, each once.
    private var presets: PresetAnswers {
        PresetAnswers(choices: choose.map { [$0] } ?? [], confirm: yes ? true : (no ? false : nil))
    }

    /// How the sentence was read (--explain), else nil.
    private func explanation(_ text: String, _ session: AssistantSession) throws -> String? {
        guard explain else { return nil }
        return session.engine.parse(text, vocabulary: try session.domain().vocabulary).map(session.engine.explain)
    }

    /// One utterance, never waiting: the first question is answered by --choose/--yes/--no if given.
    @discardableResult
    private func answerOnce(_ text: String, _ session: AssistantSession, _ writer: inout AskWriter) throws -> Turn {
        var conversation = Conversation(dryRun: dryRun)
        var presets = presets
        let explanation = try explanation(text, session)
        let first = try session.receive(.utterance(text), in: &conversation)
        let turn = try session.answer(first, with: &presets, in: &conversation)
        // A question's answer is the list: its items go with it, piped too.
        let answersWithList = turn.state == .completed && turn.intent.flatMap { session.engine.schemas[$0] }?.changes == false
        writer.write(text, turn, locale: session.engine.language.locale, explanation: explanation, snippet: answersWithList ? turn.snippet : nil)
        return turn
    }

    /// One utterance per stdin line, one answer per output line, in order. A line that is bad
    /// input (not UTF-8, or nothing but spaces) is answered so, changes nothing, and makes the
    /// exit status 2 once every line is answered, as a request that is not UTF-8 does on the
    /// command line.
    private func batch(_ session: AssistantSession) throws {
        var writer = AskWriter(json: true, explain: explain)
        let input = FileHandle.standardInput.readDataToEndOfFile()
        var lineStart = input.startIndex
        var badInput = false
        // In the language's words where it has them (`lineNotUTF8`, `lineEmpty`).
        func refuse(_ text: String, _ key: String, _ english: String) {
            badInput = true
            let said = session.engine.language.messages[key] ?? english
            writer.write(text, Turn.notUnderstood(said), locale: session.engine.language.locale, explanation: nil)
        }
        while lineStart < input.endIndex {
            let lineEnd = input[lineStart...].firstIndex(of: 0x0A) ?? input.endIndex
            var bytes = input[lineStart..<lineEnd]
            if bytes.last == 0x0D { bytes = bytes.dropLast() }
            lineStart = lineEnd < input.endIndex ? input.index(after: lineEnd) : lineEnd
            guard let text = String(validating: bytes, as: UTF8.self) else {
                refuse(String(decoding: bytes, as: UTF8.self), "lineNotUTF8", "That line is not valid UTF-8.")
                continue
            }
            if text.allSatisfy(\.isWhitespace) {
                refuse(text, "lineEmpty", "That line is empty: nothing was asked.")
                continue
            }
            var conversation = Conversation(dryRun: dryRun)
            var presets = presets
            let explanation = try explanation(text, session)
            let first = try session.receive(.utterance(text), in: &conversation)
            let turn = try session.answer(first, with: &presets, in: &conversation)
            writer.write(text, turn, locale: session.engine.language.locale, explanation: explanation)
        }
        writer.flush()
        if badInput { throw ExitCode(ExitStatus.usage.rawValue) }
    }

    /// A conversation at the terminal: menus, yes/no, missing values, until it is over.
    private func converse(_ text: String, _ session: AssistantSession) throws {
        var conversation = Conversation(dryRun: dryRun)
        var presets = presets
        if let explanation = try explanation(text, session) { Output.line(explanation) }
        var input = ConversationInput.utterance(text)
        while true {
            // The person may take their time to answer: the names are read again each turn.
            session.storeChanged()
            let turn = try session.receive(input, in: &conversation)
            Output.line(turn.response)
            if !conversation.isWaiting {
                if let snippet = turn.snippet { printSnippet(snippet, after: turn.response, locale: session.engine.language.locale) }
                if turn.state == .notUnderstood || turn.state == .failed { throw ExitCode(ExitStatus.refused.rawValue) }
                return
            }
            if let answer = presets.answer(turn) {
                input = answer
                continue
            }
            if turn.state == .disambiguation {
                for (index, option) in turn.options.enumerated() { Output.line("  \(index + 1). \(option)") }
            }
            let hint = turn.state == .disambiguation ? CLIWords.text("cli.ask.pick", ["count": .number(turn.options.count)])
                : turn.state == .confirmation ? "y/n" : CLIWords.text("cli.ask.orCancel")
            FileHandle.standardOutput.write(Data("(\(hint)) > ".utf8))
            guard let line = readLine() else {
                Output.line("")
                throw ExitCode(ExitStatus.refused.rawValue)
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if turn.state == .disambiguation, let n = Int(trimmed), n >= 1 {
                input = .pick(n - 1)
            } else {
                input = .utterance(trimmed)
            }
        }
    }

    /// The list under the answer: its heading (unless the answer was that very line), then
    /// its items.
    private func printSnippet(_ snippet: Snippet, after response: String, locale: String) {
        let heading = AskWriter.heading(snippet, locale: locale)
        if response != heading { Output.line(heading) }
        for item in snippet.items { Output.line(AskWriter.itemLine(item)) }
    }
}

extension Assistant {
    /// The assistant `ask` uses: the language asked for, with the compiled
    /// sentences cached and `default_list` from config.toml. A language that is not installed
    /// is a usage error; missing or broken language files are the installation's (storage).
    /// A person's own intent file that is broken was skipped: each is said on stderr.
    static func load(locale: String) throws -> Assistant {
        var assistant: Assistant
        do {
            guard try Assistant.hasLocale(locale) else {
                let available = try Assistant.availableLocales()
                throw Failure(CLIWords.text("cli.ask.noLanguage", ["locale": .text(locale), "available": .text(available.joined(separator: ", "))]), .usage)
            }
            let environment = ProcessEnvironment.current
            // This process ends soon: the matchers are read where they lie in the cache file.
            var cache = Assistant.matcherCache(environment: environment)
            cache?.readsInPlace = true
            assistant = try Assistant(
                locale: locale, userIntentsDirectory: Assistant.userIntentsDirectory(environment: environment),
                matcherCache: cache)
            assistant.defaultList = DefaultList.configured()
        } catch let error as LanguageError {
            throw Failure(error.message, .storage)
        }
        for warning in assistant.warnings { Output.error(warning) }
        return assistant
    }
}

extension Turn {
    static func notUnderstood(_ response: String) -> Turn {
        Turn(state: .notUnderstood, intent: nil, parameter: nil, options: [], parameters: [], response: response, snippet: nil)
    }
}

/// Writes answers as JSON lines (the contract in the README) or as text, buffered.
struct AskWriter {
    var json: Bool
    var explain: Bool
    private var buffer = ""

    init(json: Bool, explain: Bool) {
        self.json = json
        self.explain = explain
    }

    /// "Grocery Store (2 of 5 completed)", in the language that answered.
    static func heading(_ snippet: Snippet, locale: String) -> String {
        MessageCatalog.interface(locale, only: "cli.list.title")("cli.list.title", [
            "name": .text(snippet.title), "done": .number(snippet.items.filter(\.done).count), "total": .number(snippet.items.count),
        ])
    }

    static func itemLine(_ item: Snippet.Item) -> String { "  [\(item.done ? "x" : " ")] \(item.name)" }

    /// `snippet`: a list to print under the answer, in text (its items; its heading too
    /// unless the answer is that line).
    mutating func write(_ utterance: String, _ turn: Turn, locale: String, explanation: String?, snippet: Snippet? = nil) {
        guard json else {
            buffer += Output.safe(turn.response) + "\n"
            if let snippet {
                let heading = Self.heading(snippet, locale: locale)
                if turn.response != heading { buffer += Output.safe(heading) + "\n" }
                for item in snippet.items { buffer += Output.safe(Self.itemLine(item)) + "\n" }
            }
            if turn.state == .disambiguation {
                for (index, option) in turn.options.enumerated() { buffer += "  \(index + 1). \(Output.safe(option))\n" }
            }
            if let explanation, explain { buffer += Output.safe(explanation) + "\n" }
            flushIfLarge()
            return
        }
        var object = "{\"utterance\":" + JSON.string(utterance)
        object += ",\"intent\":" + (turn.intent.map(JSON.string) ?? "null")
        object += ",\"state\":" + JSON.string(turn.state.rawValue)
        object += ",\"parameter\":" + (turn.parameter.map(JSON.string) ?? "null")
        object += ",\"options\":[" + turn.options.map(JSON.string).joined(separator: ",") + "]"
        object += ",\"parameters\":{"
        object += turn.parameters.map { p in
            let value = p.multiple ? "[" + p.values.map(JSON.string).joined(separator: ",") + "]"
                : (p.values.first.map(JSON.string) ?? "null")
            return JSON.string(p.name) + ":" + value
        }.joined(separator: ",")
        object += "},\"response\":" + JSON.string(turn.response)
        object += ",\"locale\":" + JSON.string(locale)
        object += ",\"path\":" + (turn.path.map(JSON.string) ?? "null")
        object += ",\"guess\":" + (turn.guess.map(JSON.string) ?? "null")
        if let confidence = turn.confidence { object += ",\"confidence\":" + String(format: "%.3f", confidence) }
        if explain { object += ",\"explain\":" + (explanation.map(JSON.string) ?? "null") }
        buffer += object + "}\n"
        flushIfLarge()
    }

    private mutating func flushIfLarge() {
        if buffer.utf8.count > 64 * 1024 { flush() }
    }

    mutating func flush() {
        FileHandle.standardOutput.write(Data(buffer.utf8))
        buffer = ""
    }
}

/// A JSON string literal, escaped per RFC 8259 (fast: answers are written by the thousand).
enum JSON {
    static func string(_ text: String) -> String {
        var out: [UInt8] = [0x22]
        out.reserveCapacity(text.utf8.count + 2)
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        func escape(_ value: UInt32) {
            out += [0x5C, 0x75, hex[Int(value >> 12 & 0xF)], hex[Int(value >> 8 & 0xF)], hex[Int(value >> 4 & 0xF)], hex[Int(value & 0xF)]]
        }
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x0D: out += [0x5C, 0x72]
            case 0x09: out += [0x5C, 0x74]
            case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029: escape(scalar.value)
            case 0x20..<0x7F: out.append(UInt8(scalar.value))
            default: out += Array(String(scalar).utf8)
            }
        }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }
}
