import Foundation
@testable import ListOMatMCP
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the jobs of the tasks that prefer it, one at a time, on a thread of its own. Swift
/// Testing runs the synchronous suites on the shared pool of threads, which has one thread a
/// core: on two cores those suites can hold it for most of a full run, and a connection
/// served there (and a test waiting for its answer) would wait with them.
final class OwnThread: TaskExecutor, @unchecked Sendable {
    static let shared = OwnThread()
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init() {
        let thread = Thread { [unowned self] in self.run() }
        thread.name = "mcp-connection-tests"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// The protocol as a client on the other end of two pipes sees it: lines of JSON in, lines of
/// JSON out. (The whole server with a real MCP client: ListOMatCLITests' MCPTests.) The
/// connection and the tests run on a thread of their own (`OwnThread`), not the shared pool.
@Suite struct MCPConnectionTests {
    /// A connection serving on pipes, and the client's end of them.
    final class Peer: @unchecked Sendable {
        let toServer = Pipe()
        let fromServer = Pipe()
        let connection: MCPConnection
        let serving: Task<Void, Never>

        init(_ handler: @escaping @Sendable (MCPConnection, String, Value?) async throws -> Value) {
            let transport = LineTransport(input: toServer.fileHandleForReading.fileDescriptor,
                                          output: fromServer.fileHandleForWriting.fileDescriptor)
            let connection = MCPConnection(transport: transport, greeting: ["serverInfo": ["name": "test", "version": "1"]],
                                           executor: OwnThread.shared)
            self.connection = connection
            serving = Task(executorPreference: OwnThread.shared) { await connection.serve { try await handler(connection, $0, $1) } }
        }

        func send(_ line: String) {
            toServer.fileHandleForWriting.write(Data((line + "\n").utf8))
        }

        /// The next line the server writes, as JSON; nil at its end, or after 10 minutes of
        /// silence. No timing is checked here; the bound only turns a server that never
        /// answers into a failure. (When the connection ran on the shared pool, a full run on
        /// two cores kept it waiting over 40 minutes.)
        func receive() async -> Value? {
            let fd = fromServer.fileHandleForReading.fileDescriptor
            return await withCheckedContinuation { continuation in
                Thread {
                    var line = Data()
                    var byte: UInt8 = 0
                    var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    // A signal (another suite's child process ending) may cut a wait short: wait again.
                    while true {
                        let ready = poll(&waiting, 1, 600_000)
                        if ready < 0, errno == EINTR { continue }
                        guard ready > 0 else { break }
                        let count = read(fd, &byte, 1)
                        if count < 0, errno == EINTR { continue }
                        guard count == 1, byte != 0x0A else { break }
                        line.append(byte)
                    }
                    continuation.resume(returning: line.isEmpty ? nil : Value(json: line))
                }.start()
            }
        }

        func request(_ id: Int, _ method: String, _ params: Value = [:]) async -> Value? {
            send(Value.object(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params]).jsonText)
            return await receive()
        }

        /// Closes the server's input and waits until it has answered everything and stopped;
        /// what it wrote meanwhile.
        func close() async -> [Value] {
            try? toServer.fileHandleForWriting.close()
            await serving.value
            try? fromServer.fileHandleForWriting.close()
            var rest: [Value] = []
            while let message = await receive() { rest.append(message) }
            return rest
        }

        func initialize(_ version: String = "2025-06-18", capabilities: Value = [:]) async -> Value? {
            await request(0, "initialize", ["protocolVersion": .string(version), "capabilities": capabilities,
                                            "clientInfo": ["name": "tests", "version": "1"]])
        }
    }

    static func echo(_ connection: MCPConnection, _ method: String, _ params: Value?) async throws -> Value {
        guard method == "echo" else { throw RPCError.methodNotFound("no \(method)") }
        return params ?? .null
    }

    /// Every thread of the shared pool held by work that does not wait: the connection and the
    /// test still talk (on a full run the other suites do this for minutes on end).
    @Test func answersWhileThePoolIsBusy() async {
        let gate = Gate()
        let blockers = (0..<2 * ProcessInfo.processInfo.activeProcessorCount).map { _ in
            Task.detached { gate.waitUntilOpen() }
        }
        await withTaskExecutorPreference(OwnThread.shared) {
            let peer = Peer(Self.echo)
            _ = await peer.initialize()
            #expect(await peer.request(1, "echo", "through")?["result"] == "through")
            #expect(await peer.close().isEmpty)
            // Here: once out of this block the test itself needs a thread of the pool.
            gate.open()
        }
        for blocker in blockers { await blocker.value }
    }

    /// Holds a thread until opened.
    final class Gate: @unchecked Sendable {
        private let condition = NSCondition()
        private var isOpen = false

        func waitUntilOpen() {
            condition.lock()
            while !isOpen { condition.wait() }
            condition.unlock()
        }

        func open() {
            condition.lock()
            isOpen = true
            condition.broadcast()
            condition.unlock()
        }
    }

    @Test func theVersionIsTheClientsWhenSpokenElseTheNewest() async {
        await withTaskExecutorPreference(OwnThread.shared) {
            let known = Peer(Self.echo)
            let agreed = await known.initialize("2025-03-26")
            #expect(agreed?["result"]?["protocolVersion"] == "2025-03-26")
            #expect(agreed?["result"]?["serverInfo"]?["name"] == "test")
            #expect(await known.request(1, "ping")?["result"] == [:])
            // Only once.
            #expect(await known.initialize()?["error"]?["code"] == -32600)
            #expect(await known.close().isEmpty)

            let future = Peer(Self.echo)
            #expect(await future.initialize("2099-01-01")?["result"]?["protocolVersion"] == .string(MCPConnection.protocolVersions[0]))
            #expect(await future.close().isEmpty)
        }
    }

    @Test func requestsWaitForInitializeAndUnknownMethodsAreNotFound() async {
        await withTaskExecutorPreference(OwnThread.shared) {
            let peer = Peer(Self.echo)
            #expect(await peer.request(1, "echo", ["a": 1])?["error"]?["code"] == -32600)
            #expect(await peer.request(2, "initialize", [:])?["error"]?["code"] == -32602)
            _ = await peer.initialize()
            peer.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
            peer.send(#"{"jsonrpc":"2.0","method":"notifications/whatever","params":{}}"#)
            let echoed = await peer.request(3, "echo", ["a": 1])
            #expect(echoed == ["jsonrpc": "2.0", "id": 3, "result": ["a": 1]])
            #expect(await peer.request(4, "lists/destroy")?["error"]?["code"] == -32601)
            #expect(await peer.close().isEmpty)
        }
    }

    @Test func brokenMessagesGetTheirErrorCodes() async {
        await withTaskExecutorPreference(OwnThread.shared) {
            let peer = Peer(Self.echo)
            _ = await peer.initialize()
            peer.send(#"{"jsonrpc": "2.0", "id": 2, "method": "echo", "params": {"#)
            #expect(await peer.receive() == ["jsonrpc": "2.0", "id": .null, "error": ["code": -32700, "message": "the message is not JSON (UTF-8)"]])
            peer.send(#"{"id": 3, "method": "echo"}"#)
            #expect(await peer.receive()?["error"]?["code"] == -32600)
            peer.send(#"{"jsonrpc": "2.0", "id": [1], "method": "echo"}"#)
            #expect(await peer.receive()?["error"]?["code"] == -32600)
            peer.send("[]")
            #expect(await peer.receive()?["error"]?["code"] == -32600)
            peer.send("42")
            #expect(await peer.receive()?["error"]?["code"] == -32600)
            #expect(await peer.request(5, "echo", "still up")?["result"] == "still up")
            #expect(await peer.close().isEmpty)
        }
    }

    @Test func aBatchIsAnsweredInOneArrayInOrder() async {
        await withTaskExecutorPreference(OwnThread.shared) {
            let peer = Peer(Self.echo)
            _ = await peer.initialize()
            peer.send(#"[{"jsonrpc":"2.0","id":"a","method":"echo","params":1},{"jsonrpc":"2.0","method":"notifications/x"},{"jsonrpc":"2.0","id":"b","method":"ping"}]"#)
            let answers = await peer.receive()?.arrayValue
            #expect(answers?.map { $0["id"] } == ["a", "b"])
            #expect(answers?.first?["result"] == 1)
            #expect(await peer.close().isEmpty)
        }
    }

    @Test func aCancelledRequestIsNeverAnsweredAndOthersGoOn() async {
        await withTaskExecutorPreference(OwnThread.shared) {
            let peer = Peer { connection, method, params in
                if method == "slow" {
                    // Waits until cancelled (or 10 minutes: the test would fail on the answer).
                    try? await Task.sleep(for: .seconds(600))
                    return "too late"
                }
                return try await Self.echo(connection, method, params)
            }
            _ = await peer.initialize()
            peer.send(#"{"jsonrpc":"2.0","id":7,"method":"slow","params":{}}"#)
            peer.send(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":"bored"}}"#)
            #expect(await peer.request(8, "echo", "after")?["id"] == 8)
            #expect(await peer.close().isEmpty)
        }
    }

    @Test func theServerAsksTheClientAndGetsItsAnswer() async {
        await withTaskExecutorPreference(OwnThread.shared) {
            let peer = Peer { connection, method, params in
                let canAsk = await connection.canElicit
                guard canAsk else { return "cannot ask" }
                do {
                    return try await connection.request("elicitation/create", ["message": "Sure?"])
                } catch {
                    return "no answer"
                }
            }
            _ = await peer.initialize(capabilities: ["elicitation": [:]])
            peer.send(#"{"jsonrpc":"2.0","id":1,"method":"call","params":{}}"#)
            let asked = await peer.receive()
            #expect(asked?["method"] == "elicitation/create")
            #expect(asked?["params"]?["message"] == "Sure?")
            peer.send(Value.object(["jsonrpc": "2.0", "id": asked?["id"] ?? .null, "result": ["action": "accept"]]).jsonText)
            #expect(await peer.receive() == ["jsonrpc": "2.0", "id": 1, "result": ["action": "accept"]])

            // A client that goes away while asked: the call ends with what it has.
            peer.send(#"{"jsonrpc":"2.0","id":2,"method":"call","params":{}}"#)
            #expect(await peer.receive()?["method"] == "elicitation/create")
            #expect(await peer.close() == [["jsonrpc": "2.0", "id": 2, "result": "no answer"]])
        }
    }
}
