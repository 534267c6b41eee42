import IntentKit
import ListIntents
import ListStore

/// The command line's words (`cli.*` in `Resources/<locale>/interface.yaml`) in the language
/// `ChosenLanguage` picks without an option: read the first time a command says something of
/// its own, so a command that prints only data (`--json`) never reads them.
enum CLIWords {
    static let catalog: MessageCatalog = .interface((try? ChosenLanguage.locale(option: nil)) ?? "en")

    /// Names in this language's order (`sort`).
    static var collation: NameCollation { NameCollation(locale: catalog.locale) }

    static func text(_ key: String, _ arguments: [String: TemplateValue] = [:]) -> String {
        catalog(key, arguments)
    }

    /// A list and its counts, as `lists` and `show` print it: "Grocery Store (2 of 5 completed)".
    static func title(_ summary: ListSummary) -> String {
        text("cli.list.title", ["name": .text(summary.list.name), "done": .number(summary.completedCount), "total": .number(summary.itemCount)])
    }
}
