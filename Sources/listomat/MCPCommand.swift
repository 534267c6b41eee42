import ArgumentParser
import Foundation
import ListIntents
import ListStore

/// `listomat mcp`: a Model Context Protocol server on stdin/stdout, for MCP clients
/// (editors, desktop assistants) to call the intents and read the lists.
///
/// The server is the program `listomat-mcp`, installed beside `listomat`: this command checks
/// the options, finds the data folder and the default list as every command does, and then
/// replaces itself with it (exec), so the client talks to it directly. It is kept apart so
/// that the long-running server's code is not part of every short command.
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: CLIWords.text("cli.abstract.mcp"),
        discussion: CLIWords.text("cli.discussion.mcp"))

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, help: ArgumentHelp(
        CLIWords.text("cli.help.mcpLocale"), valueName: "language"))
    var locale: String?

    /// The server program's name, looked for in the folder of the running `listomat`.
    static let serverProgram = "listomat-mcp"

    func run() throws {
        let locale = try ChosenLanguage.locale(option: locale)
        let server = Self.serverPath()
        guard FileManager.default.isExecutableFile(atPath: server) else {
            throw Failure(CLIWords.text("cli.mcp.notInstalled", ["path": .text(server), "program": .text(Self.serverProgram)]), .storage)
        }
        var arguments = [Self.serverProgram, "--data-dir", global.location.directory, "--locale", locale, "--version", ListOMatVersion.current]
        if let list = DefaultList.configured() { arguments += ["--default-list", list] }
        let argv = arguments.map { strdup($0) } + [nil]
        execv(server, argv)
        // Only reached when exec failed.
        let reason = String(cString: strerror(errno))
        throw Failure(CLIWords.text("cli.mcp.cannotStart", ["path": .text(server), "reason": .text(reason)]), .storage)
    }

    /// `listomat-mcp` beside the real file of the running executable (symbolic links followed,
    /// so a link to listomat in ~/bin still finds it).
    static func serverPath() -> String {
        #if os(Linux)
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
        let executable = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
        #endif
        return executable.deletingLastPathComponent().appendingPathComponent(serverProgram).path
    }
}
