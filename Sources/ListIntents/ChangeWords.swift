import IntentKit
import ListStore

// What a change did, worded in a language: the store records a change as a kind and its values
// (`ChangeSummary`); each place that shows one (the TUI's footer, the commands, the
// assistant's undo, the MCP server) words it here with its own catalog.

extension MessageCatalog {
    /// "removed milk and eggs from Grocery Store", in this catalog's language. A summary an
    /// older ListOMat stored (plain English), or of a kind this catalog does not know (a newer
    /// ListOMat's), is shown as it was recorded.
    package func change(_ change: ChangeSummary) -> String {
        guard !change.kind.isEmpty, has(change.kind) else { return change.english }
        return self(change.kind, arguments(change.values))
    }

    /// A record's values as the templates take them: several names joined by `names`.
    package func arguments(_ values: [String: ChangeSummary.Value]) -> [String: TemplateValue] {
        var arguments: [String: TemplateValue] = [:]
        for (name, value) in values {
            switch value {
            case .text(let text): arguments[name] = .text(text)
            case .number(let number): arguments[name] = .number(number)
            case .names(let names): arguments[name] = .text(self.names(names))
            }
        }
        return arguments
    }

    /// "Undid: removed milk from Grocery Store" (or "Redid: …").
    package func step(_ step: UndoStep) -> String {
        self(step.redone ? "redo.done" : "undo.done", ["change": .text(change(step.change))])
    }

    /// "milk", "milk and eggs", "milk, eggs and rice", "milk, eggs and 3 more items".
    package func names(_ names: [String]) -> String {
        switch names.count {
        case 0: return self("names.none")
        case 1: return names[0]
        case 2: return self("names.two", ["first": .text(names[0]), "second": .text(names[1])])
        case 3: return self("names.three", ["first": .text(names[0]), "second": .text(names[1]), "third": .text(names[2])])
        default:
            return self("names.more", ["first": .text(names[0]), "second": .text(names[1]), "count": .number(names.count - 2)])
        }
    }
}
