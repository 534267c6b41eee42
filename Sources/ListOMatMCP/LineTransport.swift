import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// MCP's stdio transport: JSON-RPC messages on stdin and stdout, one a line. A thread of its
/// own blocks in `read` and hands each line over as it arrives (no polling, so nothing waits
/// on a timer). A line is looked for only in the bytes just read, so a 1 MB message costs
/// one pass.
package final class LineTransport: Sendable {
    private let input: Int32
    private let output: Int32
    /// One message is written at a time: answers come from concurrent calls.
    private let writing = NSLock()

    package init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.input = input
        self.output = output
    }

    /// The lines read, until the end of input. Call once.
    package func lines() -> AsyncStream<Data> {
        let (stream, continuation) = AsyncStream.makeStream(of: Data.self)
        let thread = Thread { [input] in
            Self.readLines(from: input) { continuation.yield($0) }
            continuation.finish()
        }
        thread.name = "listomat-mcp-stdin"
        thread.start()
        return stream
    }

    /// Writes one message and its newline; false when the output is gone.
    @discardableResult
    package func send(_ message: Data) -> Bool {
        var bytes = message
        bytes.append(0x0A)
        writing.lock()
        defer { writing.unlock() }
        return bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let written = write(output, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

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
