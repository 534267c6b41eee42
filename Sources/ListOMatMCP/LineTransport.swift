import Foundation
import Logging
import MCP

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// JSON-RPC over stdin/stdout, one message per line. The SDK's `StdioTransport` makes stdin
/// non-blocking and sleeps 10 ms whenever nothing is there, which puts 10 ms on every call;
/// this one blocks a thread of its own in `read` and hands each line over as it arrives. A
/// line is looked for only in the bytes just read, so a 1 MB message costs one pass.
///
/// Lines `divert` picks go to `diverted` instead of the SDK's server (see
/// `ListOMatServer.answersDirectly`).
package actor LineTransport: Transport {
    package let logger = Logger(label: "listomat.mcp", factory: { _ in SwiftLogNoOpLogHandler() })
    private let input: Int32
    private let output: Int32
    private let stream: AsyncThrowingStream<Data, Swift.Error>
    private let continuation: AsyncThrowingStream<Data, Swift.Error>.Continuation
    private var reader: Thread?
    private let divert: @Sendable (Data) -> Bool
    /// The lines `divert` picked, in order.
    package nonisolated let diverted: AsyncStream<Data>
    private let divertedContinuation: AsyncStream<Data>.Continuation

    package init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, divert: @escaping @Sendable (Data) -> Bool = { _ in false }) {
        self.input = input
        self.output = output
        self.divert = divert
        (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        (diverted, divertedContinuation) = AsyncStream.makeStream(of: Data.self)
    }

    package func connect() async throws {
        guard reader == nil else { return }
        let thread = Thread { [input, continuation, divert, divertedContinuation] in
            Self.readLines(from: input) { line in
                if divert(line) { divertedContinuation.yield(line) } else { continuation.yield(line) }
            }
            continuation.finish()
            divertedContinuation.finish()
        }
        thread.name = "listomat-mcp-stdin"
        reader = thread
        thread.start()
    }

    package func disconnect() async {
        continuation.finish()
        divertedContinuation.finish()
    }

    package func send(_ message: Data) async throws {
        var bytes = message
        bytes.append(0x0A)
        let status = bytes.withUnsafeBytes { buffer -> Int32 in
            var offset = 0
            while offset < buffer.count {
                let written = write(output, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
        if status != 0 { throw MCPError.transportError(POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO)) }
    }

    package nonisolated func receive() -> AsyncThrowingStream<Data, Swift.Error> { stream }

    /// Blocking reads until end of input; every complete non-empty line goes to `deliver`.
    private static func readLines(from fd: Int32, _ deliver: (Data) -> Void) {
        var pending = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                break
            }
            if count == 0 { break }
            var start = 0
            // Only the new bytes can hold the end of the line.
            while let newline = chunk[start..<count].firstIndex(of: 0x0A) {
                pending.append(contentsOf: chunk[start..<newline])
                if pending.last == 0x0D { pending.removeLast() }
                if !pending.isEmpty { deliver(pending) }
                pending = Data()
                start = newline + 1
            }
            pending.append(contentsOf: chunk[start..<count])
        }
        if !pending.isEmpty { deliver(pending) }
    }
}
