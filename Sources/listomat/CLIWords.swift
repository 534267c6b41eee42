import ArgumentParser
import IntentKit
import ListIntents
import ListStore
import TerminalKit

/// The command line's words (`cli.*` in `Resources/<locale>/interface.yaml`) in the language
/// `ChosenLanguage` picks without an option (so `--locale` does not change `--help`; a
/// config.toml that cannot be read leaves it to the environment): read once
/// per process, when a word is first needed. A plain command run through `QuickParse` makes
/// no help texts, so one that prints no words (`show --json`) reads none (docs/performance.md
/// has what it costs).
enum CLIWords {
    /// The language of the command line's words.
    static let locale = ChosenLanguage.localeForWords()
    static let catalog: MessageCatalog = .interface(locale)

    /// Names in this language's order (`sort`).
    static var collation: NameCollation { NameCollation(locale: catalog.locale) }

    static func text(_ key: String, _ arguments: [String: TemplateValue] = [:]) -> String {
        catalog(key, arguments)
    }

    /// "milk", "milk and eggs", "milk, eggs and rice" ("牛奶、鸡蛋和大米") in the language.
    static func names(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: text("cli.names.comma")) + text("cli.names.and") + names[names.count - 1]
    }

    /// An argument's or option's line in `--help`: empty while `QuickParse` makes a command
    /// (`helpShown` false), so that such a command reads no catalog for words it never shows.
    static func help(_ key: String, valueName: String? = nil) -> ArgumentHelp {
        guard helpShown else { return ArgumentHelp(valueName: valueName) }
        return ArgumentHelp(text(key), valueName: valueName)
    }

    /// Whether `help` makes the words. ArgumentParser never shows the help of a command made
    /// by hand: for `--help` and its errors it makes the commands again itself, with this
    /// true. Only the command's own thread sets it.
    nonisolated(unsafe) static var helpShown = true

    /// A usage error of our own validation, in the language (ArgumentParser prints it as given).
    static func invalid(_ key: String, _ arguments: [String: TemplateValue] = [:]) -> ValidationError {
        ValidationError(text(key, arguments))
    }

    /// A problem in config.toml or a theme file, in the language: "file:line: " and what is
    /// wrong (`config.error.*`, `theme.error.*`); a TOML syntax error in the parser's words.
    static func settings(_ error: any Error) -> String {
        guard let error = error as? ConfigFileError else { return "\(error)" }
        var message = error.message
        if !error.key.isEmpty, catalog.has(error.key) {
            var arguments: [String: TemplateValue] = [:]
            for (name, value) in error.values {
                arguments[name] = .text(name == "kind" ? text("config.kind.\(value)") : value)
            }
            message = text(error.key, arguments)
        }
        return error.line.map { "\(error.file):\($0): \(message)" } ?? "\(error.file): \(message)"
    }

    /// Why a file could not be imported, in the language (`interchange.*`); a JSON path as JSON
    /// writes it, the top level worded.
    static func interchange(_ error: any Error) -> String {
        guard let error = error as? InterchangeError else { return "\(error)" }
        var arguments = catalog.arguments(error.message.values)
        if case .text("")? = error.message.values["path"] { arguments["path"] = .text(text("interchange.json.topLevel")) }
        let message = error.message
        let said = !message.key.isEmpty && catalog.has(message.key) ? text(message.key, arguments) : message.english
        return error.line.map { text("interchange.line", ["line": .number($0), "problem": .text(said)]) } ?? said
    }

    /// Why a theme could not be loaded, in the language.
    static func theme(_ error: ThemeLoadError) -> String {
        switch error {
        case .unknownTheme(let name, let available):
            text("theme.error.unknown", ["theme": .text(name), "available": .text(available.joined(separator: ", "))])
        case .missingFile(let path):
            text("theme.error.missing", ["file": .text(path)])
        case .invalid(let problem):
            settings(problem)
        }
    }

    /// A list and its counts, as `lists` and `show` print it: "Grocery Store (2 of 5 completed)".
    static func title(_ summary: ListSummary) -> String {
        text("cli.list.title", ["name": .text(summary.list.name), "done": .number(summary.completedCount), "total": .number(summary.itemCount)])
    }
}
