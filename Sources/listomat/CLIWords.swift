import ArgumentParser
import IntentKit
import ListIntents
import ListStore

/// The command line's words (`cli.*` in `Resources/<locale>/interface.yaml`) in the language
/// `ChosenLanguage` picks without an option (so `--locale` does not change `--help`): read once
/// per process, when the commands' descriptions are first made (`ListOMat.choose` makes them
/// on every run, `--json` too; docs/performance.md has what it costs).
enum CLIWords {
    static let catalog: MessageCatalog = .interface((try? ChosenLanguage.locale(option: nil)) ?? "en")

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

    /// An argument's or option's line in `--help`.
    static func help(_ key: String) -> ArgumentHelp { ArgumentHelp(text(key)) }

    /// A usage error of our own validation, in the language (ArgumentParser prints it as given).
    static func invalid(_ key: String, _ arguments: [String: TemplateValue] = [:]) -> ValidationError {
        ValidationError(text(key, arguments))
    }

    /// A list and its counts, as `lists` and `show` print it: "Grocery Store (2 of 5 completed)".
    static func title(_ summary: ListSummary) -> String {
        text("cli.list.title", ["name": .text(summary.list.name), "done": .number(summary.completedCount), "total": .number(summary.itemCount)])
    }
}
