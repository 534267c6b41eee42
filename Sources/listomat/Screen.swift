import ArgumentParser
import Foundation
import ListIntents
import ListOMatApp
import ListStore
import TerminalKit

/// `listomat screen`: what the terminal UI shows after some keys, as text, without a terminal.
struct Screen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screen",
        abstract: CLIWords.text("cli.abstract.screen"),
        discussion: CLIWords.text("cli.discussion.screen")
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp(CLIWords.text("cli.help.screenSize"), valueName: "size"))
    var size = "80x24"

    @Option(name: .long, help: ArgumentHelp(CLIWords.text("cli.help.screenKeys"), valueName: "keys"))
    var keys = ""

    /// `--theme` is the root command's option (`listomat screen --theme nord` sets it).
    @ParentCommand var root: ListOMat

    @Flag(name: .long, help: CLIWords.help("cli.help.screenStyle"))
    var style = false

    func run() throws {
        let parts = size.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...1000).contains(width), (1...1000).contains(height) else {
            throw Failure(CLIWords.text("cli.screen.size", ["size": .text(Output.safe(size))]), .usage)
        }
        let pressed: [Key]
        do {
            pressed = try KeyName.parseSequence(keys)
        } catch {
            throw Failure("--keys: \(error)", .usage)
        }
        let settings = try TUISettings.load(theme: root.theme)
        // A copy in memory, so that "d" or "a" here never touches the real lists.
        let copy = try global.openForReading().inMemoryCopy()
        let app = App(
            store: copy, assistant: { [locale = settings.locale] in try? Assistant(locale: locale, matcherCache: Assistant.matcherCache()) }, size: Size(width: width, height: height),
            keymap: settings.keymap, theme: settings.theme, locale: settings.locale)
        for key in pressed { app.send(.input(.key(key))) }
        let buffer = app.render()
        var lines = buffer.lines()
        if style { lines += [""] + buffer.styleLayer() }
        print(lines.joined(separator: "\n"))
    }
}
