import Foundation

/// The MCP session with one client on a line transport: JSON-RPC 2.0, one message a line.
///
/// It answers what belongs to the protocol itself (`initialize` with the version agreed on,
/// `ping`, cancellation, broken messages with their JSON-RPC error codes) and hands every other
/// request to the server's handler. Requests are answered concurrently (a tool call may wait
/// for the person to answer a question), each as soon as it is done. The server asks the
/// client through `request` (elicitation) and tells it through `notify`.
package actor MCPConnection {
    /// The request handler: a method's result, or the error to answer with.
    package typealias Handler = @Sendable (_ method: String, _ params: Value?) async throws -> Value

    /// The protocol versions spoken, newest first; a client asking for another gets the newest.
    package static let protocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]

    private let transport: LineTransport
    /// What `initialize` answers besides the version: server info, capabilities, instructions.
    private let greeting: [String: Value]
    private var initialized = false
    /// What the client said it can do (`capabilities` of its `initialize`).
    package private(set) var clientCapabilities: [String: Value] = [:]
    /// The client closed its input: no answer can come any more.
    package private(set) var closed = false
    /// The requests being answered, by id (a batch under a key no client id can be).
    private var running: [Value: Task<Void, Never>] = [:]
    private var batches = 0
    /// Requests the client cancelled: they get no answer.
    private var cancelled: Set<Value> = []
    /// This server's own requests, waiting for the client's answer.
    private var waiting: [Value: CheckedContinuation<Value, any Error>] = [:]
    private var nextID = 0
    /// Where the requests' tasks prefer to run: nil for Swift's shared pool (the server, alone
    /// in its process); a thread of its own where the pool may be busy with other work for a
    /// long time (the tests, beside every other suite's).
    private let executor: (any TaskExecutor)?

    package init(transport: LineTransport, greeting: [String: Value], executor: (any TaskExecutor)? = nil) {
        self.transport = transport
        self.greeting = greeting
        self.executor = executor
    }

    /// Whether the client can be asked to ask the person (elicitation), now.
    package var canElicit: Bool { !closed && clientCapabilities["elicitation"] != nil }

    /// Answers until the client closes its input and every request is answered.
    package func serve(_ handler: @escaping Handler) async {
        for await line in transport.lines() {
            receive(line, handler)
        }
        closed = true
        // Questions the client can no longer answer end now, so the calls asking them finish.
        let stranded = waiting
        waiting = [:]
        for continuation in stranded.values { continuation.resume(throwing: RPCError.internalError("the client went away")) }
        while let task = running.values.first { await task.value }
    }

    /// Asks the client (for example `elicitation/create`) and waits for its answer. Throws
    /// when the client answers with an error or has gone, or the asking task is cancelled.
    package func request(_ method: String, _ params: Value) async throws -> Value {
        guard !closed else { throw RPCError.internalError("the client went away") }
        nextID += 1
        let id = Value.int(nextID)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiting[id] = continuation
                send(["jsonrpc": "2.0", "id": id, "method": .string(method), "params": params])
            }
        } onCancel: {
            Task(executorPreference: self.executor) { await self.withdraw(id) }
        }
    }

    /// Tells the client something (a notification: no answer).
    package func notify(_ method: String, _ params: Value? = nil) {
        var message: [String: Value] = ["jsonrpc": "2.0", "method": .string(method)]
        if let params { message["params"] = params }
        send(.object(message))
    }

    // MARK: - Reading

    /// What one message is.
    enum Message: Equatable {
        case request(id: Value, method: String, params: Value?)
        case notification(method: String, params: Value?)
        case response(id: Value, outcome: Result<Value, RPCError>)
        /// Answered with this error (a JSON-RPC error needs an id: the message's, else null).
        case invalid(id: Value, RPCError)
    }

    static func message(_ value: Value) -> Message {
        guard let fields = value.objectValue else { return .invalid(id: .null, .invalidRequest("a message is a JSON object")) }
        let id = fields["id"]
        let validID: Value? = id.flatMap { $0.stringValue != nil || $0.intValue != nil ? $0 : nil }
        guard fields["jsonrpc"] == "2.0" else {
            return .invalid(id: validID ?? .null, .invalidRequest("jsonrpc must be \"2.0\""))
        }
        if let method = fields["method"] {
            guard let method = method.stringValue else { return .invalid(id: validID ?? .null, .invalidRequest("method must be text")) }
            guard id != nil else { return .notification(method: method, params: fields["params"]) }
            guard let validID else { return .invalid(id: .null, .invalidRequest("an id is a string or a number")) }
            return .request(id: validID, method: method, params: fields["params"])
        }
        if let validID, let result = fields["result"] { return .response(id: validID, outcome: .success(result)) }
        if let validID, let error = fields["error"] {
            let failure = RPCError(code: error["code"]?.intValue ?? -32603, error["message"]?.stringValue ?? "")
            return .response(id: validID, outcome: .failure(failure))
        }
        return .invalid(id: validID ?? .null, .invalidRequest("neither a request, a notification nor an answer"))
    }

    private func receive(_ line: Data, _ handler: @escaping Handler) {
        guard let value = Value(json: line) else {
            send(Self.answer(.null, .failure(.parseError("the message is not JSON (UTF-8)"))))
            return
        }
        if case .array(let batch) = value { return receive(batch: batch, handler) }
        let message = Self.message(value)
        if case .request(let id, let method, let params) = message {
            start(id, method, params, handler)
        } else {
            take(message)
        }
    }

    /// A message that is not a request: a notification, an answer to our own request, or an
    /// error to answer with.
    private func take(_ message: Message) {
        switch message {
        case .notification(let method, let params):
            // Any other notification (notifications/initialized, …) needs nothing done.
            guard method == "notifications/cancelled", let id = params?["requestId"], let task = running[id] else { return }
            cancelled.insert(id)
            task.cancel()
        case .response(let id, let outcome):
            waiting.removeValue(forKey: id)?.resume(with: outcome.mapError { $0 })
        case .invalid(let id, let error):
            send(Self.answer(id, .failure(error)))
        case .request:
            break
        }
    }

    private func start(_ id: Value, _ method: String, _ params: Value?, _ handler: @escaping Handler) {
        guard running[id] == nil else {
            send(Self.answer(id, .failure(.invalidRequest("request \(id.jsonText) is still being answered"))))
            return
        }
        running[id] = Task(executorPreference: executor) {
            let answer = Self.answer(id, await self.outcome(method, params, handler)).jsonData()
            await self.finish(id, answer)
        }
    }

    /// A batch (JSON-RPC 2.0; MCP 2025-03-26): its requests answered in order, in one array.
    private func receive(batch: [Value], _ handler: @escaping Handler) {
        guard !batch.isEmpty else { return send(Self.answer(.null, .failure(.invalidRequest("the batch is empty")))) }
        var requests: [(id: Value, method: String, params: Value?)] = []
        var answers: [Value] = []
        for value in batch {
            switch Self.message(value) {
            case .request(let id, let method, let params): requests.append((id, method, params))
            case .invalid(let id, let error): answers.append(Self.answer(id, .failure(error)))
            case let other: take(other)
            }
        }
        guard !requests.isEmpty else {
            if !answers.isEmpty { send(.array(answers)) }
            return
        }
        batches += 1
        let key: Value = ["batch": .int(batches)]
        running[key] = Task(executorPreference: executor) { [answers] in
            var answers = answers
            for request in requests {
                answers.append(Self.answer(request.id, await self.outcome(request.method, request.params, handler)))
            }
            await self.finish(key, Value.array(answers).jsonData())
        }
    }

    private func outcome(_ method: String, _ params: Value?, _ handler: Handler) async -> Result<Value, RPCError> {
        switch method {
        case "initialize": return initialize(params)
        case "ping": return .success([:])
        default:
            guard initialized else { return .failure(.invalidRequest("the session is not initialized: send initialize first")) }
            do {
                return .success(try await handler(method, params))
            } catch let error as RPCError {
                return .failure(error)
            } catch {
                return .failure(.internalError("\(error)"))
            }
        }
    }

    private func initialize(_ params: Value?) -> Result<Value, RPCError> {
        guard !initialized else { return .failure(.invalidRequest("the session is already initialized")) }
        guard let requested = params?["protocolVersion"]?.stringValue else {
            return .failure(.invalidParams("initialize needs protocolVersion"))
        }
        initialized = true
        clientCapabilities = params?["capabilities"]?.objectValue ?? [:]
        var result = greeting
        result["protocolVersion"] = .string(Self.protocolVersions.contains(requested) ? requested : Self.protocolVersions[0])
        return .success(.object(result))
    }

    private func finish(_ id: Value, _ answer: Data) {
        running[id] = nil
        // A request the client cancelled is not answered (MCP: cancellation).
        guard cancelled.remove(id) == nil else { return }
        transport.send(answer)
    }

    /// A question of ours whose asker was cancelled: it waits no more, and the client is told.
    private func withdraw(_ id: Value) {
        guard let continuation = waiting.removeValue(forKey: id) else { return }
        continuation.resume(throwing: CancellationError())
        notify("notifications/cancelled", ["requestId": id, "reason": "the call that asked was cancelled"])
    }

    static func answer(_ id: Value, _ outcome: Result<Value, RPCError>) -> Value {
        switch outcome {
        case .success(let result): return ["jsonrpc": "2.0", "id": id, "result": result]
        case .failure(let error): return ["jsonrpc": "2.0", "id": id, "error": error.json]
        }
    }

    private func send(_ message: Value) {
        transport.send(message.jsonData())
    }
}

extension Value {
    /// The value as JSON text, for messages.
    var jsonText: String { String(decoding: jsonData(), as: UTF8.self) }
}
