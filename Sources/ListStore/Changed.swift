import Foundation

/// What a change returns: its result, and what it did, as data each reader words in their
/// own language (see `ChangeSummary`).
public struct Changed<Value> {
    public let value: Value
    /// What the change did: a kind and its values.
    package let change: ChangeSummary
    /// "removed milk from Grocery Store": the change in English.
    package var summary: String { change.english }
    /// False when nothing actually changed (e.g. checking off an item already checked),
    /// so nothing was added to the undo log.
    public let recorded: Bool
}

extension Changed: Sendable where Value: Sendable {}

/// What a change did, as data: a kind, which is the key of the interface catalog that words it
/// (`change.items.removed`: "removed ${items} from ${list}"), and its values by name. The store
/// keeps it in the undo log, so an undo made by another process, in another language, words it
/// in that reader's language. `english` is the same sentence in English, written where the
/// change is made: what a reader without the catalog shows (`description`, the store's own
/// English messages) and what a catalog that lacks the kind (a newer ListOMat's) falls back to.
/// An older ListOMat stored English only: read back, such a summary has no kind, and its
/// text is shown as it is.
public struct ChangeSummary: Sendable, Equatable, CustomStringConvertible {
    /// One value of a change.
    package enum Value: Sendable, Equatable {
        /// A name (a list's, an item's), shown as it is.
        case text(String)
        case number(Int)
        /// Several names, which the reader's language joins ("milk, eggs and rice").
        case names([String])
    }

    /// The catalog key; empty for an older database's plain text.
    package let kind: String
    package let values: [String: Value]
    package let english: String

    package init(_ kind: String, _ values: [String: Value], english: String) {
        self.kind = kind
        self.values = values
        self.english = english
    }

    /// An older database's summary: English text without a kind.
    package init(plainText: String) {
        self.init("", [:], english: plainText)
    }

    public var description: String { english }
}

extension ChangeSummary {
    /// How the undo log's `summary` column holds it: one JSON object,
    /// `{"kind":"change.items.removed","values":{"items":["milk"],"list":"Grocery Store"},"text":"removed milk from Grocery Store"}`
    /// (a name is a string, a count a number, several names an array). Written by hand, in a
    /// fixed order, like the row snapshots.
    var stored: String {
        var text = #"{"kind":"# + JSONText.quoted(kind) + #","values":{"#
        for (n, name) in values.keys.sorted().enumerated() {
            if n > 0 { text += "," }
            text += JSONText.quoted(name) + ":"
            switch values[name]! {
            case .text(let value): text += JSONText.quoted(value)
            case .number(let value): text += "\(value)"
            case .names(let names): text += "[" + names.map(JSONText.quoted).joined(separator: ",") + "]"
            }
        }
        return text + #"},"text":"# + JSONText.quoted(english) + "}"
    }

    /// Reads the `summary` column: the JSON `stored` writes, or an older ListOMat's plain
    /// English (which never starts with `{"kind":`), kept as it is. A record that cannot be
    /// read is shown as its text too, never refused: an undo does not depend on its words.
    init(stored: String) {
        guard stored.hasPrefix(#"{"kind":"#),
              let object = try? JSONSerialization.jsonObject(with: Data(stored.utf8)) as? [String: Any],
              let kind = object["kind"] as? String, let english = object["text"] as? String,
              let fields = object["values"] as? [String: Any]
        else {
            self.init(plainText: stored)
            return
        }
        var values: [String: Value] = [:]
        for (name, field) in fields {
            if let text = field as? String {
                values[name] = .text(text)
            } else if let names = field as? [String] {
                values[name] = .names(names)
            } else if let number = field as? NSNumber {
                values[name] = .number(number.intValue)
            }
        }
        self.init(kind, values, english: english)
    }
}

extension StoreMessage {
    /// The message as one line of JSON, in `ChangeSummary.stored`'s form (a message's nested
    /// `change` is not kept): for what a sync leaves in the store for `listomat sync --status`.
    package var stored: String { ChangeSummary(key, values, english: english).stored }

    /// Reads `stored`'s form back; any other text is a message shown as it is.
    package init(stored: String) {
        let summary = ChangeSummary(stored: stored)
        self.init(summary.kind, summary.values, english: summary.english)
    }
}
