import ArgumentParser
import Foundation
import IntentKit
import ListIntents
import ListOMatMCP
import ListStore

/// `listomat mcp`: a Model Context Protocol server on stdin/stdout, for MCP clients
/// (editors, desktop assistants) to call the intents and read the lists.
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the assistant's intents and your lists to an MCP client, on stdin/stdout.",
        discussion: """
            Started by an MCP client (see README: "Other programs: MCP"); it speaks JSON-RPC on \
            stdin/stdout until the client closes stdin. Tools: `ask` (a request in words) and one \
            per intent; resources: every list, as listomat://lists/<id>.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, help: "The assistant's language.") var locale = "en"

    func run() throws {
        let assistant = try Assistant.load(locale: locale)
        let store = try global.openForWriting()
        let server = ListOMatServer(store: store, assistant: assistant, version: ListOMatVersion.current)
        let finished = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        Task {
            do { try await server.run() } catch { outcome.error = "\(error)" }
            finished.signal()
        }
        finished.wait()
        store.emptyLog()
        if let error = outcome.error { throw Failure("the MCP server stopped: \(error)", .storage) }
    }
}

private final class Outcome: @unchecked Sendable {
    var error: String?
}
