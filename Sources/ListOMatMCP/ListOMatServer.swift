import Foundation
import IntentKit
import ListIntents
import ListStore
import MCP

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
    let server: Server
    private var canElicit = false
    private var subscriptions: Set<String> = []
    /// Each list's name, counts and modification time, as last seen: what tells a list changed.
    private var seen: [UUID: ListFingerprint] = [:]
    private var seenVersion: Int?
    /// stdin has closed: nobody can answer a question any more.
    private var inputClosed = false
    /// The assistant's loop; its completed requests reach the donation log at the next `tick`.
    let session: AssistantSession
    /// A call here changed something since the last tick.
    private var changedHere = false
    /// The questions this server returned to the client (for want of elicitation), newest
    /// last: an answer given back in `choices` or `confirm` is taken only for one of these,
    /// so a client cannot say yes to a question the person was never shown.
    private var shownQuestions: [String] = []

    /// The most rounds of questions one call may ask before it gives up.
    static let maximumQuestions = 8
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
        session = AssistantSession(
            assistant: assistant, store: store, source: "mcp", donations: DonationLog(store: store, timing: .deferred))
        catalog = ToolCatalog(engine: assistant.engine)
        words = MessageCatalog.interface(assistant.engine.language.locale)
        server = Server(
            name: "listomat", version: version,
            instructions: """
                ListOMat keeps a person's lists (groceries, packing, reading…). Call `ask` with the \
                person's own words, or a tool per intent. Never answer a question for the person: \
                when a result's state is disambiguation or confirmation, ask them.
                """,
            capabilities: .init(resources: .init(subscribe: true, listChanged: true), tools: .init(listChanged: false)))
    }

    /// Serves on stdin/stdout until the client closes them.
    package func run() async throws {
        await register()
        let transport = LineTransport(divert: Self.answeredDirectly)
        try await server.start(transport: transport) { [weak self] _, capabilities in
            await self?.setCanElicit(capabilities.elicitation != nil)
        }
        // Answered as they come, concurrently (a call may wait on the person); the group ends
        // when stdin has closed and every one of them is answered.
        let direct = Task { [weak self] in
            await withDiscardingTaskGroup { group in
                for await line in transport.diverted {
                    group.addTask { await self?.answerDirectly(line, transport) }
                }
            }
        }
        seenVersion = try? store.dataVersion()
        seen = fingerprints() ?? [:]
        let watcher = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.watchInterval)
                await self?.tick()
            }
        }
        await server.waitUntilCompleted()
        watcher.cancel()
        // stdin is closed: no answer to a question can come any more. Calls waiting on one
        // (elicitation) end with the question as their result, and none asks again.
        inputClosed = true
        // What the SDK answers itself (initialize, ping, a batch) is written a moment after it
        // was read; then stopping it ends every elicitation still waiting.
        try? await Task.sleep(for: .milliseconds(50))
        await server.stop()
        await direct.value
        writeDonations()
    }

    /// Work kept off the answers' way, a few times a second: the donations of the calls
    /// answered since, a checkpoint, and telling subscribers what changed (here or in
    /// another process).
    func tick() async {
        writeDonations()
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

    private func setCanElicit(_ value: Bool) { canElicit = value }

    // MARK: - Answered without the SDK's dispatch

    /// The requests answered here rather than by the SDK's `Server`: the SDK turns every
    /// result into its `Value` by encoding and decoding it, and decoding a string builds and
    /// compiles a regular expression (is it a data URL?) — about 50 µs a string, 10 ms for the
    /// tool list, milliseconds for a list of items. These are answered with the SDK's own
    /// types, encoded once. Everything else (initialize, subscriptions, the answers to the
    /// server's own elicitation requests, batches) goes through the SDK.
    static let directMethods: Set<String> = [CallTool.name, ListTools.name, ReadResource.name, ListResources.name]

    private struct Envelope: Decodable {
        var id: ID?
        var method: String?
    }

    /// Whether a line is a request of `directMethods`.
    nonisolated static func answeredDirectly(_ line: Data) -> Bool {
        guard line.first == UInt8(ascii: "{"),
              let envelope = try? JSONDecoder().decode(Envelope.self, from: line),
              envelope.id != nil, let method = envelope.method else { return false }
        return directMethods.contains(method)
    }

    /// Answers a request of `directMethods`, with the same handlers the SDK would call.
    func answerDirectly(_ line: Data, _ transport: LineTransport) async {
        let decoder = JSONDecoder()
        let envelope = try? decoder.decode(Envelope.self, from: line)
        let id = envelope?.id ?? .random
        func encoded<M: Method>(_ type: M.Type, _ answer: () async throws -> M.Result) async -> Data? {
            let response: Response<M>
            do {
                response = Response(id: id, result: try await answer())
            } catch let error as MCPError {
                response = Response(id: id, error: error)
            } catch {
                response = Response(id: id, error: .internalError("\(error)"))
            }
            return try? JSONEncoder().encode(response)
        }
        func params<M: Method>(_ type: M.Type) throws -> M.Parameters {
            do {
                return try decoder.decode(Request<M>.self, from: line).params
            } catch {
                throw MCPError.invalidParams("\(M.name): the params cannot be read")
            }
        }
        let method = envelope?.method ?? ""
        let data: Data?
        switch method {
        case CallTool.name:
            data = await encoded(CallTool.self) {
                let call = try params(CallTool.self)
                return await self.call(call.name, call.arguments ?? [:])
            }
        case ListTools.name:
            data = await encoded(ListTools.self) { ListTools.Result(tools: catalog.tools) }
        case ReadResource.name:
            data = await encoded(ReadResource.self) { try self.read(try params(ReadResource.self).uri) }
        default:
            data = await encoded(ListResources.self) { try self.resources() }
        }
        if let data { try? await transport.send(data) }
    }

    private func register() async {
        let catalog = self.catalog
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: catalog.tools) }
        await server.withMethodHandler(CallTool.self) { [weak self] params in
            guard let self else { throw MCPError.internalError("the server is stopping") }
            return await self.call(params.name, params.arguments ?? [:])
        }
        await server.withMethodHandler(ListResources.self) { [weak self] _ in
            guard let self else { throw MCPError.internalError("the server is stopping") }
            return try await self.resources()
        }
        await server.withMethodHandler(ReadResource.self) { [weak self] params in
            guard let self else { throw MCPError.internalError("the server is stopping") }
            return try await self.read(params.uri)
        }
        await server.withMethodHandler(ResourceSubscribe.self) { [weak self] params in
            guard let self else { throw MCPError.internalError("the server is stopping") }
            try await self.subscribe(params.uri)
            return .init()
        }
        await server.withMethodHandler(ResourceUnsubscribe.self) { [weak self] params in
            guard let self else { throw MCPError.internalError("the server is stopping") }
            await self.unsubscribe(params.uri)
            return .init()
        }
    }

    // MARK: - Tools

    func call(_ name: String, _ arguments: [String: Value]) async -> CallTool.Result {
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
            if input == nil, canElicit, !inputClosed { input = await elicit(turn) }
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
    private func elicit(_ turn: Turn) async -> ConversationInput? {
        do {
            switch turn.state {
            case .disambiguation:
                let schema = Elicitation.RequestSchema(
                    properties: ["choice": .object(["type": "string", "title": .string(turn.parameter ?? "choice"),
                                                    "enum": .array(turn.options.map { .string($0) })])],
                    required: ["choice"])
                let answer = try await server.requestElicitation(message: turn.response, requestedSchema: schema)
                guard answer.action == .accept, let chosen = answer.content?["choice"]?.stringValue,
                      let index = turn.options.firstIndex(of: chosen) else { return .cancel }
                return .pick(index)
            case .confirmation:
                let schema = Elicitation.RequestSchema(
                    properties: ["confirm": .object(["type": "boolean", "title": .string(words("mcp.yes")), "default": false])],
                    required: ["confirm"])
                let answer = try await server.requestElicitation(message: turn.response, requestedSchema: schema)
                switch answer.action {
                case .accept: return answer.content?["confirm"]?.boolValue == true ? .yes : .no
                case .decline: return .no
                default: return .cancel
                }
            case .needsValue, .unsupported:
                let schema = Elicitation.RequestSchema(
                    properties: ["value": .object(["type": "string", "title": .string(turn.parameter ?? "value")])],
                    required: ["value"])
                let answer = try await server.requestElicitation(message: turn.response, requestedSchema: schema)
                guard answer.action == .accept, let text = answer.content?["value"]?.stringValue else { return .cancel }
                return .answer(text)
            default:
                return nil
            }
        } catch {
            return nil
        }
    }

    /// A turn as a tool result: the words, and the state, the question and the list shown as
    /// structured content.
    static func result(_ turn: Turn) -> CallTool.Result {
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
        return CallTool.Result(content: [.text(text: text, annotations: nil, _meta: nil)],
                               structuredContent: .object(structured), isError: failed)
    }

    static func error(_ message: String) -> CallTool.Result {
        CallTool.Result(content: [.text(text: message, annotations: nil, _meta: nil)],
                        structuredContent: .object(["state": "failed", "response": .string(message)]), isError: true)
    }

    // MARK: - Resources

    func resources() throws -> ListResources.Result {
        let summaries: [ListSummary]
        do { summaries = try store.summaries() } catch { throw MCPError.internalError(unreadable(error)) }
        return .init(resources: summaries.map {
            Resource(name: $0.list.name, uri: Self.uriPrefix + $0.list.id.key,
                     title: words("cli.list.title", ["name": .text($0.list.name), "done": .number($0.completedCount), "total": .number($0.itemCount)]),
                     description: words("mcp.resource", ["list": .text($0.list.name)]), mimeType: "application/json")
        })
    }

    func read(_ uri: String) throws -> ReadResource.Result {
        guard let id = Self.listID(uri) else { throw MCPError.invalidParams("no such resource: \(uri)") }
        let list: (list: TaskList, items: [ListItem])
        do {
            list = try store.listWithItems(.id(id))
        } catch {
            throw MCPError.invalidParams("no list at \(uri) (it may have been deleted)")
        }
        let body: Value = .object([
            "id": .string(list.list.id.key),
            "name": .string(list.list.name),
            "items": .array(list.items.map {
                .object(["id": .string($0.id.key), "name": .string($0.name), "done": .bool($0.done)])
            }),
        ])
        let data = (try? JSONEncoder().encode(body)) ?? Data("{}".utf8)
        return .init(contents: [.text(String(decoding: data, as: UTF8.self), uri: uri, mimeType: "application/json")])
    }

    static func listID(_ uri: String) -> UUID? {
        guard uri.hasPrefix(uriPrefix) else { return nil }
        return UUID(key: String(uri.dropFirst(uriPrefix.count)))
    }

    func subscribe(_ uri: String) throws {
        guard Self.listID(uri) != nil else { throw MCPError.invalidParams("no such resource: \(uri)") }
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
            try? await server.notify(ResourceUpdatedNotification.message(.init(uri: uri)))
        }
        if Set(now.keys) != Set(before.keys) || now.contains(where: { before[$0.key]?.name != $0.value.name }) {
            try? await server.notify(ResourceListChangedNotification.message())
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
