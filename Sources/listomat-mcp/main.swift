import Foundation
import IntentKit
import ListIntents
import ListOMatMCP
import ListStore

// The MCP server, started by `listomat mcp` (which checks the options, finds the data folder
// and the default list, and then replaces itself with this program). A program of its own,
// so that the long-running server's code is not loaded by every short command.
//
//   listomat-mcp --data-dir DIR --locale LOCALE --version VERSION [--default-list NAME]

func fail(_ message: String, _ status: Int32) -> Never {
    FileHandle.standardError.write(Data("listomat mcp: \(message)\n".utf8))
    exit(status)
}

var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let name = arguments.popFirst() {
    guard ["--data-dir", "--locale", "--version", "--default-list"].contains(name) else {
        fail("unknown option “\(name)”; start the server with `listomat mcp`", 2)
    }
    guard let value = arguments.popFirst() else { fail("\(name) needs a value", 2) }
    options[name] = value
}
guard let dataDir = options["--data-dir"], let locale = options["--locale"], let version = options["--version"] else {
    fail("--data-dir, --locale and --version are needed; start the server with `listomat mcp`", 2)
}

var assistant: Assistant
do {
    // No matcher cache: `listomat` keeps one per language keyed by its own build, and this
    // long-running server compiles its matchers once, in a few tens of milliseconds.
    assistant = try Assistant(locale: locale)
} catch {
    fail(error.message, 5)
}
assistant.defaultList = options["--default-list"]
for warning in assistant.warnings { FileHandle.standardError.write(Data("listomat mcp: \(warning)\n".utf8)) }

let store: ListStore
do {
    store = try ListStore.open(StoreLocation(directory: dataDir), access: .readWrite)
} catch {
    fail(MessageCatalog.interface(locale).error(error), 5)
}

let server = ListOMatServer(store: store, assistant: assistant, version: version)
await server.run()
store.finishWriting()
