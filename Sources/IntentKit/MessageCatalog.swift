/// The words of an interface in one language: keys to texts, read from a catalog file
/// (`Resources/<locale>/interface.yaml`), rendered with named arguments and plural forms in
/// the syntax of the assistant's response templates (`ResponseTemplate`): `${name}`,
/// `${count|list|lists}`, Russian `${count|список|списка|списков}`. A key the language lacks
/// is said in English; a key English lacks too is shown as itself (a mistake the catalog test
/// catches).
package struct MessageCatalog: Sendable {
    package let locale: String
    /// This language's texts by key.
    package let texts: [String: String]
    /// English's, for the keys this language lacks (empty for English itself).
    package let fallback: [String: String]
    private let format: ListFormat

    package init(locale: String, texts: [String: String], fallback: [String: String] = [:]) {
        self.locale = locale
        self.texts = texts
        self.fallback = fallback
        format = ListFormat(conjunction: "", serialComma: false, plural: PluralRule(locale: locale))
    }

    /// The text of `key` with `arguments` put in: `words("items.count", ["count": .number(3)])`.
    package func callAsFunction(_ key: String, _ arguments: [String: TemplateValue] = [:]) -> String {
        let template = texts[key] ?? fallback[key] ?? key
        // Most texts have no arguments: returned as they are, not scanned.
        guard !arguments.isEmpty || template.utf8.contains(UInt8(ascii: "$")) else { return template }
        return ResponseTemplate.render(template, arguments, format: format)
    }

    /// The texts of `keys`, in order.
    package func callAsFunction(_ keys: [String]) -> [String] { keys.map { self($0) } }
}

/// A catalog file that cannot be read: the file, the line, what is wrong.
package struct CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}

extension MessageCatalog {
    /// Reads a catalog file: YAML, one `key: "text"` a line, comments (`#`) and blank lines
    /// between. Only this plain subset of YAML, read here line by line, because the terminal
    /// UI reads it before its first frame (Yams would take milliseconds); the catalog test
    /// checks that Yams reads every file to the same texts.
    package static func parse(_ text: String, file: String) throws(CatalogError) -> [String: String] {
        var texts: [String: String] = [:]
        // Any line ending (an editor may write "\r\n"); a byte order mark at the start skipped.
        let lines = text.drop { $0 == "\u{FEFF}" }.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (index, line) in lines.enumerated() {
            func fail(_ message: String) -> CatalogError { CatalogError(message: "\(file):\(index + 1): \(message)") }
            let trimmed = line.drop { $0 == " " }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard line.first != " " else { throw fail("a line starts with its key, not with spaces") }
            guard let colon = line.firstIndex(of: ":") else { throw fail("expected key: \"text\"") }
            let key = String(line[..<colon])
            guard key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-") }) else {
                throw fail("a key is made of letters, digits, dots, - and _ (got “\(key)”)")
            }
            let rest = line[line.index(after: colon)...].drop { $0 == " " }
            guard rest.first == "\"" else { throw fail("the text of “\(key)” must be in double quotes") }
            var value = ""
            var escaped = false
            var end: Substring.Index?
            for position in rest.indices.dropFirst() {
                let character = rest[position]
                if escaped {
                    switch character {
                    case "\"", "\\": value.append(character)
                    case "n": value.append("\n")
                    default: throw fail("unknown escape \\\(character) in “\(key)” (use \\\" \\\\ or \\n)")
                    }
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    end = position
                    break
                } else {
                    value.append(character)
                }
            }
            guard let end else { throw fail("the text of “\(key)” has no closing quote") }
            let after = rest[rest.index(after: end)...].drop { $0 == " " }
            guard after.isEmpty || after.hasPrefix("#") else { throw fail("unexpected “\(after)” after the text of “\(key)”") }
            guard texts[key] == nil else { throw fail("“\(key)” appears twice") }
            texts[key] = value
        }
        return texts
    }
}
