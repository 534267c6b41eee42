import Foundation

/// Rules every list and item name obeys, whoever writes it (CLI, TUI, assistant, import).
package enum NameRules {
    package static let maximumLength = 500

    /// Returns the name as stored (trimmed), or throws a message a person can act on.
    /// `kind` is "list" or "item", for the message.
    package static func validate(_ raw: String, kind: String) throws(StoreError) -> String {
        let name = trimmed(raw)
        if let scalar = name.unicodeScalars.first(where: isForbidden) {
            let code = String(scalar.value, radix: 16, uppercase: true)
            throw .invalidName(.controlCharacter(in: kind, code: String(repeating: "0", count: max(0, 4 - code.count)) + code))
        }
        if name.isEmpty {
            throw .invalidName(.emptyName(kind))
        }
        if name.utf8.count > maximumLength, case let length = name.count, length > maximumLength {
            throw .invalidName(.nameTooLong(kind, length: length, limit: maximumLength))
        }
        return name
    }

    /// `text` without leading and trailing white space (Unicode's White_Space, newlines
    /// included): what Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` does,
    /// without its trip through NSString.
    package static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return text }
        return String(Substring(scalars[first...last]))
    }

    /// C0, DEL and C1 controls, and the line and paragraph separators: they would break a
    /// line-oriented display or file. (Tabs and newlines inside a name are refused too.)
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// The key two names are compared by: Unicode-normalised (NFC) and lowercased.
    /// "GROCERY store" and "Grocery Store" share a key; "Café" and "Cafe" do not (nor, as
    /// lowercasing is not full case folding, "STRASSE" and "straße").
    package static func key(_ name: String) -> String {
        // ASCII is its own NFC: most names skip Foundation's normalisation (the assistant keys
        // every list name at each start).
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return name.lowercased() }
        return name.precomposedStringWithCanonicalMapping.lowercased()
    }
}
