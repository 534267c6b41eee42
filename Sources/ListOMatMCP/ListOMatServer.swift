import Foundation
import IntentKit
import ListIntents
import ListStore

/// `listomat mcp`: the intents as MCP tools, the lists as MCP resources.
///
/// A call runs the same conversation the command bar runs: names are matched as the assistant
/// matches them, and when a value needs a choice, a missing value or a yes, the person is asked
/// through the client (elicitation) when it can; otherwise the result says what is needed and
/// nothing is changed. A change is one undo step and is logged as a donation, like every other path.
package actor ListOMatServer {
    let store: ListStore
    let assistant: Assistant
    let catalog: ToolCatalog
    /// The interface's words in the session's language, for what a person reads in a client:
    /// results and errors, the yes of a question, the lists' titles and descriptions. What only
    /// the model reads (the tools' descriptions, the instructions after a question, a call's
    /// misuse of the protocol) stays English; a question's field is titled with the parameter's
    /// name, an identifier.
    let words: MessageCatalog
    let version: String
    /// `tools/list`'s answer, made once: the intents do not change while the server runs.
    let toolList: Value
    /// The client, while `run` serves it.
    private var connection: MCPConnection?
    private var subscriptions: Set<String> = []
    /// Each list's name, counts and modification time, as last seen: what tells a list changed.
    private var seen: [UUID: ListFingerprint] = [:]
    private var seenVersion: Int?
    /// The assistant's loop; its completed requests reach the donation log at the next `tick`.
    let session: AssistantSession
    /// A call here changed something since the last tick.
    private var changedHere = false
    /// Requests answered since the last tick: the donations wait for a tick with none (the
    /// client paused), or until `donationBacklog` of them have gathered.
    private var requestsSinceTick = 0
    /// The questions this server returned to the client (for want of elicitation), newest
    /// last: an answer given back in `choices` or `confirm` is taken only for one of these,
    /// so a client cannot say yes to a question the person was never shown.
    private var shownQuestions: [String] = []

    /// The most rounds of questions one call may ask before it gives up.
    static let maximumQuestions = 8
    /// How many donations may wait for a pause in the calls before they are written anyway.
    package static let donationBacklog = 256
    /// How often other processes' changes are looked for, for subscribers.
    package static let watchInterval: Duration = .milliseconds(250)
    package static let uriPrefix = "listomat://lists/"

    package init(store: ListStore, assistant: Assistant, version: String) {
        self.store = store
        // The write-ahead log is copied into the database in the background after the tick,
        // never inside a call (an emptying with its fsyncs took a change's p99 from under
        // 10 ms to about 50), and emptied when the server ends.
        store.deferCheckpoints()
        self.assistant = assistant
        self.version = version
        session = AssistantSession(
            assistant: assistant, store: store, source: "mcp", donations: DonationLog(store: store, timing: .deferred))
        catalog = ToolCatalog(engine: assistant.engine)
        words = MessageCatalog.interface(assistant.engine.language.locale)
        toolList = ["tools": .array(catalog.tools.map(\.json))]
    }

    static let instructions = """
        ListOMat keeps a person's lists (groceries, packing, reading…). Call `ask` with the \
        person's own words, or a tool per intent. Never answer a question for the person: \
        when a result's state is disambiguation or confirmation, ask them.
        """

    /// Serves on stdin/stdout until the client closes stdin and every call is answered.
    package func run() async {
        let connection = MCPConnection(transport: LineTransport(), greeting: [
            "serverInfo": ["name": "listomat", "version": .string(version)],
            "capabilities": ["resources": ["subscribe": true, "listChanged": true], "tools": ["listChanged": false]],
            "instructions": .string(Self.instructions),
        ])
        self.connection = connection
        seenVersion = try? store.dataVersion()
        seen = fingerprints() ?? [:]
        let watcher = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.watchInterval)
                await self?.tick()
            }
        }
        await connection.serve { [weak self] method, params in
            guard let self else { throw RPCError.internalError("the server is stopping") }
            return try await self.answer(method, params)
        }
        watcher.cancel()
        writeDonations()
    }

    /// Work kept off the answers' way, a few times a second: the donations of the calls
    /// answered before (once the client pauses: a call that came while they were written
    /// would wait for them, tens of milliseconds for a few hundred), a checkpoint, and telling
    /// subscribers what changed (here or in another process).
    func tick() async {
        let paused = requestsSinceTick == 0
        requestsSinceTick = 0
        if paused || session.donations.pending.count >= Self.donationBacklog { writeDonations() }
        let force = changedHere
        changedHere = false
        // What the calls since the last tick wrote goes into the database file, on a
        // connection and a thread of the store's own: a call that comes meanwhile does not
        // wait for it (see `ListStore.checkpointInBackground`).
        if force { store.checkpointInBackground() }
        await lookForChanges(force: force)
    }

    private func writeDonations() {
        session.donations.flush()
    }

    /// A request's result: the tools, a tool call, the lists as resources and subscriptions.
    func answer(_ method: String, _ params: Value?) async throws -> Value {
        requestsSinceTick += 1
        switch method {
        case "tools/list":
            return toolList
        case "tools/call":
            guard let name = params?["name"]?.stringValue else { throw RPCError.invalidParams("tools/call needs the tool's name") }
            let arguments = params?["arguments"] ?? .null
            guard arguments.isNull || arguments.objectValue != nil else { throw RPCError.invalidParams("arguments must be an object") }
            return await call(name, arguments.objectValue ?? [:]).json
        case "resources/list":
            return try resources()
        case "resources/read":
            return try read(try Self.uri(params))
        case "resources/subscribe":
            try subscribe(try Self.uri(params))
            return [:]
        case "resources/unsubscribe":
            unsubscribe(try Self.uri(params))
            return [:]
        default:
            throw RPCError.methodNotFound("there is no method “\(method)”")
        }
    }

    private static func uri(_ params: Value?) throws -> String {
        guard let uri = params?["uri"]?.stringValue else { throw RPCError.invalidParams("the resource's uri is needed") }
        return uri
    }

    // MARK: - Tools

    func call(_ name: String, _ arguments: [String: Value]) async -> ToolResult {
        var conversation = Conversation()
        // Each call reads the lists as they are now (another process may have changed them).
        session.storeChanged()
        do {
            _ = try session.domain()
        } catch {
            return Self.error(unreadable(error))
        }
        var turn: Turn
        // The person's answers, given back by a client that cannot ask (see `PresetAnswers`).
        var presets = PresetAnswers(guessesTakeChoices: true)
        if name == ToolCatalog.askTool {
            let allowed: Set = [ToolCatalog.requestArgument, ToolCatalog.choicesArgument, ToolCatalog.confirmArgument]
            if let unknown = arguments.keys.sorted().first(where: { !allowed.contains($0) }) {
                return Self.error("unknown argument “\(unknown)”; ask takes request, choices, confirm")
            }
            guard let text = arguments[ToolCatalog.requestArgument]?.stringValue,
                  !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                return Self.error("ask needs `request`: what the person asks, in words")
            }
            if let given = arguments[ToolCatalog.choicesArgument] {
                guard let numbers = given.arrayValue?.map(\.intValue), numbers.allSatisfy({ ($0 ?? 0) >= 1 }) else {
                    return Self.error("choices is a list of numbers from 1, one per question answered, in order")
                }
                presets.choices = numbers.compactMap { $0 }
            }
            if let confirm = arguments[ToolCatalog.confirmArgument] {
                guard let yes = confirm.boolValue else { return Self.error("confirm must be true or false") }
                presets.confirm = yes
            }
            turn = reading { try session.receive(.utterance(text), in: &conversation) }
        } else {
            guard let schema = catalog.intentsByTool[name] else {
                return Self.error("There is no tool “\(name)”: see tools/list.")
            }
            let request: IntentRequest
            do {
                request = try catalog.request(intent: schema, arguments: arguments)
            } catch {
                return Self.error(error.message)
            }
            presets.confirm = arguments[ToolCatalog.confirmArgument]?.boolValue
            turn = reading { try session.start(request, in: &conversation) }
        }
        var rounds = 0
        while !turn.finished, rounds < Self.maximumQuestions {
            rounds += 1
            var input = shownQuestions.contains(Self.questionKey(turn)) ? presets.answer(turn) : nil
            if input == nil, let connection, await connection.canElicit { input = await elicit(turn, connection) }
            guard let input else { break }
            turn = reading { try session.receive(input, in: &conversation) }
        }
        if !turn.finished { remember(turn) }
        // Told to subscribers by the next tick, after the answer is on its way.
        if turn.state == .completed { changedHere = true }
        return Self.result(turn)
    }

    /// A turn of the session's, or the failure to read the lists as one (they were read at
    /// the start of the call, so only a read after a change, or after another call's, can fail).
    private func reading(_ body: () throws -> Turn) -> Turn {
        do {
            return try body()
        } catch {
            return Turn(state: .failed, intent: nil, parameter: nil, options: [], parameters: [],
                        response: unreadable(error), snippet: nil)
        }
    }

    /// "The lists cannot be read: …", in the session's language.
    private func unreadable(_ error: any Error) -> String {
        words("mcp.unreadable", ["reason": .text(words.error(error))])
    }

    private func remember(_ turn: Turn) {
        let key = Self.questionKey(turn)
        shownQuestions.removeAll { $0 == key }
        shownQuestions.append(key)
        if shownQuestions.count > 200 { shownQuestions.removeFirst() }
    }

    /// A question as the client saw it: the request, the parameter, the options, the words.
    static func questionKey(_ turn: Turn) -> String {
        [turn.state.rawValue, turn.intent ?? "", turn.parameter ?? "", turn.options.joined(separator: "\u{1F}"), turn.response]
            .joined(separator: "\u{1E}")
    }

    /// Asks the person, through the client, what the turn asks; nil when the client cannot
    /// ask or failed to. Declining a menu or a value cancels; declining "are you sure?" is no.
    private func elicit(_ turn: Turn, _ connection: MCPConnection) async -> ConversationInput? {
        /// The client's answer to a form of one field: its action (accept, decline, cancel)
        /// and the field's value.
        func ask(_ field: String, _ schema: Value) async throws -> (action: String?, value: Value?) {
            let answer = try await connection.request("elicitation/create", [
                "message": .string(turn.response),
                "requestedSchema": ["type": "object", "properties": [field: schema], "required": [.string(field)]],
            ])
            return (answer["action"]?.stringValue, answer["content"]?[field])
        }
        do {
            switch turn.state {
            case .disambiguation:
                let answer = try await ask("choice", ["type": "string", "title": .string(title(turn.parameter, else: "choice")),
                                                      "enum": .array(turn.options.map { .string($0) })])
                guard answer.action == "accept", let chosen = answer.value?.stringValue,
                      let index = turn.options.firstIndex(of: chosen) else { return .cancel }
                return .pick(index)
            case .confirmation:
                let answer = try await ask("confirm", ["type": "boolean", "title": .string(words("mcp.yes")), "default": false])
                switch answer.action {
                case "accept": return answer.value?.boolValue == true ? .yes : .no
                case "decline": return .no
                default: return .cancel
                }
            case .needsValue, .unsupported:
                let answer = try await ask("value", ["type": "string", "title": .string(title(turn.parameter, else: "value"))])
                guard answer.action == "accept", let text = answer.value?.stringValue else { return .cancel }
                return .answer(text)
            default:
                return nil
            }
        } catch {
            return nil
        }
    }

    /// The title a client shows over a field the person fills: the parameter's in the
    /// session's language (`mcp.field.<parameter>`), else the field's (the field's name, its
    /// identifier, stays as it is).
    private func title(_ parameter: String?, else field: String) -> String {
        if let parameter, words.has("mcp.field.\(parameter)") { return words("mcp.field.\(parameter)") }
        return words("mcp.field.\(field)")
    }

    /// A turn as a tool result: the words, and the state, the question and the list shown as
    /// structured content.
    static func result(_ turn: Turn) -> ToolResult {
        var structured: [String: Value] = [
            "state": .string(turn.state.rawValue),
            "response": .string(turn.response),
        ]
        if let intent = turn.intent { structured["intent"] = .string(intent) }
        if let parameter = turn.parameter { structured["parameter"] = .string(parameter) }
        if !turn.options.isEmpty { structured["options"] = .array(turn.options.map { .string($0) }) }
        var parameters: [String: Value] = [:]
        for parameter in turn.parameters where !parameter.values.isEmpty {
            parameters[parameter.name] = parameter.multiple
                ? .array(parameter.values.map { .string($0) }) : .string(parameter.values[0])
        }
        if !parameters.isEmpty { structured["parameters"] = .object(parameters) }
        var text = turn.response
        if let snippet = turn.snippet {
            var list: [String: Value] = [
                "title": .string(snippet.title),
                "items": .array(snippet.items.map { .object(["name": .string($0.name), "done": .bool($0.done)]) }),
            ]
            if let id = snippet.id { list["uri"] = .string(uriPrefix + id) }
            structured["list"] = .object(list)
            if !snippet.items.isEmpty {
                text += "\n" + snippet.items.map { "[\($0.done ? "x" : " ")] \($0.name)" }.joined(separator: "\n")
            }
        }
        switch turn.state {
        case .disambiguation:
            structured["question"] = "menu"
            text += "\nNothing was changed. Ask the person which, then call again with the same arguments and their answer: "
                + "for ask, its number appended to `choices` (1 = the first option); for an intent tool, "
                + "`\(turn.parameter ?? "the parameter")` set to the option's name."
        case .confirmation where turn.parameter != nil:
            structured["question"] = "didYouMean"
            text += "\nNothing was changed. Ask the person; only if they say yes, call again with the same arguments and: "
                + "for ask, 1 appended to `choices`; for an intent tool, `\(turn.parameter ?? "the parameter")` set to "
                + (turn.options.first.map { "“\($0)”" } ?? "that name") + "."
        case .confirmation:
            structured["question"] = "areYouSure"
            text += "\nNothing was changed. Ask the person; only if they say yes, call again with the same arguments and `confirm: true`."
        case .needsValue, .unsupported:
            structured["question"] = "value"
            text += "\nNothing was changed. Ask the person, then call again with `\(turn.parameter ?? "the value")` given."
        default:
            break
        }
        let failed = [.failed, .notUnderstood].contains(turn.state)
        return ToolResult(text: text, structuredContent: .object(structured), isError: failed)
    }

    static func error(_ message: String) -> ToolResult {
        ToolResult(text: message, structuredContent: .object(["state": "failed", "response": .string(message)]), isError: true)
    }

    // MARK: - Resources

    func resources() throws -> Value {
        let summaries: [ListSummary]
        do { summaries = try store.summaries() } catch { throw RPCError.internalError(unreadable(error)) }
        return ["resources": .array(summaries.map {
            ["name": .string($0.list.name), "uri": .string(Self.uriPrefix + $0.list.id.key), "title": .string(words("cli.list.title", [
                "name": .text($0.list.name), "done": .number($0.completedCount), "total": .number($0.itemCount)])),
             "description": .string(words("mcp.resource", ["list": .text($0.list.name)])), "mimeType": "application/json"]
        })]
    }

    func read(_ uri: String) throws -> Value {
        guard let id = Self.listID(uri) else { throw RPCError.invalidParams("no such resource: \(uri)") }
        let list: (list: TaskList, items: [ListItem])
        do {
            list = try store.listWithItems(.id(id))
        } catch {
            throw RPCError.invalidParams("no list at \(uri) (it may have been deleted)")
        }
        let body: Value = .object([
            "id": .string(list.list.id.key),
            "name": .string(list.list.name),
            "items": .array(list.items.map {
                .object(["id": .string($0.id.key), "name": .string($0.name), "done": .bool($0.done)])
            }),
        ])
        return ["contents": [["uri": .string(uri), "mimeType": "application/json", "text": .string(body.jsonText)]]]
    }

    static func listID(_ uri: String) -> UUID? {
        guard uri.hasPrefix(uriPrefix) else { return nil }
        return UUID(key: String(uri.dropFirst(uriPrefix.count)))
    }

    func subscribe(_ uri: String) throws {
        guard Self.listID(uri) != nil else { throw RPCError.invalidParams("no such resource: \(uri)") }
        subscriptions.insert(uri)
    }

    func unsubscribe(_ uri: String) { subscriptions.remove(uri) }

    /// Tells subscribers which lists changed since last time (another process's change, seen
    /// through SQLite's data version; or this server's own, `force`).
    func lookForChanges(force: Bool) async {
        if !force {
            guard let version = try? store.dataVersion(), version != seenVersion else { return }
            seenVersion = version
        }
        guard let now = fingerprints() else { return }
        let before = seen
        seen = now
        guard now != before else { return }
        for uri in subscriptions.sorted() {
            guard let id = Self.listID(uri), now[id] != before[id] else { continue }
            await connection?.notify("notifications/resources/updated", ["uri": .string(uri)])
        }
        if Set(now.keys) != Set(before.keys) || now.contains(where: { before[$0.key]?.name != $0.value.name }) {
            await connection?.notify("notifications/resources/list_changed")
        }
    }

    private func fingerprints() -> [UUID: ListFingerprint]? {
        guard let summaries = try? store.summaries() else { return nil }
        var result: [UUID: ListFingerprint] = [:]
        for summary in summaries {
            result[summary.list.id] = ListFingerprint(
                name: summary.list.name, modified: summary.list.modified, items: summary.itemCount, done: summary.completedCount)
        }
        return result
    }
}

/// Answers a client that cannot ask gives back on its next call, for the questions of the
/// previous one: `choices` for menus and "did you mean …?" (1 = yes), in order, each used
/// once; `confirm` for "are you sure?" only.
struct ListFingerprint: Equatable, Sendable {
    var name: String
    var modified: Date
    var items: Int
    var done: Int
}
