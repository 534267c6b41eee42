import IntentKit
import ListStore

// What the store refuses, worded in a language: a `StoreError` carries its message as a key and
// values (`StoreMessage`); each place that shows one words it here with its own catalog.

extension MessageCatalog {
    /// The error's message in this catalog's language, an ambiguity's candidates after it. A
    /// message without a key (what only a developer sees, a system's words), or one this
    /// catalog does not know, is shown in its English.
    package func error(_ error: StoreError) -> String {
        let text = message(error.message)
        guard case .ambiguous(_, let candidates) = error else { return text }
        return text + StoreError.listing(candidates)
    }

    /// Any error as a person reads it: a store error in this language, anything else as it describes itself.
    package func error(_ error: any Error) -> String {
        if let error = error as? StoreError { return self.error(error) }
        return "\(error)"
    }

    package func message(_ message: StoreMessage) -> String {
        guard !message.key.isEmpty, has(message.key) else { return message.english }
        var arguments = arguments(message.values)
        if let change = message.change { arguments["change"] = .text(self.change(change)) }
        return self(message.key, arguments)
    }
}
