import Foundation

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
    /// English's, for the keys this language lacks: read only when one is missing (a complete
    /// language never reads English's file).
    private let english: FallbackTexts
    private let format: ListFormat

    package init(locale: String, texts: [String: String], fallback: [String: String] = [:]) {
        self.init(locale: locale, texts: texts, english: FallbackTexts { fallback })
    }

    /// A catalog whose English texts `fallback` reads when a key is first missing.
    package init(locale: String, texts: [String: String], fallback: @escaping @Sendable () -> [String: String]) {
        self.init(locale: locale, texts: texts, english: FallbackTexts(fallback))
    }

    private init(locale: String, texts: [String: String], english: FallbackTexts) {
        self.locale = locale
        self.texts = texts
        self.english = english
        format = ListFormat(conjunction: "", serialComma: false, plural: PluralRule(locale: locale))
    }

    /// The text of `key` with `arguments` put in: `words("items.count", ["count": .number(3)])`.
    package func callAsFunction(_ key: String, _ arguments: [String: TemplateValue] = [:]) -> String {
        let template = texts[key] ?? english.texts[key] ?? key
        // Most texts have no arguments: returned as they are, not scanned.
        guard !arguments.isEmpty || template.utf8.contains(UInt8(ascii: "$")) else { return template }
        return ResponseTemplate.render(template, arguments, format: format)
    }

    /// Whether this language or English has a text for `key`.
    package func has(_ key: String) -> Bool { texts[key] != nil || english.texts[key] != nil }

    /// The texts of `keys`, in order.
    package func callAsFunction(_ keys: [String]) -> [String] { keys.map { self($0) } }
}

/// English's texts behind a catalog, read the first time they are needed.
private final class FallbackTexts: @unchecked Sendable {
    private let lock = NSLock()
    private let read: @Sendable () -> [String: String]
    private var loaded: [String: String]?

    init(_ read: @escaping @Sendable () -> [String: String]) { self.read = read }

    var texts: [String: String] {
        lock.lock()
        defer { lock.unlock() }
        if let loaded { return loaded }
        let texts = read()
        loaded = texts
        return texts
    }
}

/// A catalog file that cannot be read: the file, the line, what is wrong.
package struct CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}

extension MessageCatalog {
    /// Reads a catalog file: YAML, one `key: "text"` a line, comments (`#`) and blank lines
    /// between. Only this plain subset of YAML, read here byte by byte, because the terminal
    /// UI reads it before its first frame (Yams took milliseconds, and so did reading it
    /// Character by Character); the catalog test checks that Yams reads every file the same.
    package static func parse(_ text: String, file: String) throws(CatalogError) -> [String: String] {
        var texts: [String: String] = [:]
        // About a key a line: the table grows once, not every time it fills.
        texts.reserveCapacity(text.utf8.count / 64)
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }  // a byte order mark
        var start = 0
        var number = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            number += 1
            // "\r\n" (an editor may write it) ends a line as "\n" does.
            let lineEnd = end > start && bytes[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
            try parseLine(bytes[start..<lineEnd], into: &texts) { CatalogError(message: "\(file):\(number): \($0)") }
            start = end + 1
        }
        return texts
    }

    /// One line: nothing (blank or a comment), or a key and its text added to `texts`.
    private static func parseLine(
        _ line: ArraySlice<UInt8>, into texts: inout [String: String], _ fail: (String) -> CatalogError
    ) throws(CatalogError) {
        let space = UInt8(ascii: " "), quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), hash = UInt8(ascii: "#")
        guard let first = line.firstIndex(where: { $0 != space }), line[first] != hash else { return }
        guard first == line.startIndex else { throw fail("a line starts with its key, not with spaces") }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw fail("expected key: \"text\"") }
        let key = String(decoding: line[..<colon], as: UTF8.self)
        guard line[..<colon].allSatisfy(isKeyByte) else {
            throw fail("a key is made of letters, digits, dots, - and _ (got “\(key)”)")
        }
        var index = line[(colon + 1)...].firstIndex { $0 != space } ?? line.endIndex
        guard index < line.endIndex, line[index] == quote else { throw fail("the text of “\(key)” must be in double quotes") }
        index += 1
        let text: String
        // Most texts have no escape: taken whole, not byte by byte.
        if let close = line[index...].firstIndex(where: { $0 == quote || $0 == backslash }), line[close] == quote {
            text = String(decoding: line[index..<close], as: UTF8.self)
            index = close + 1
        } else {
            text = try unescaped(line, from: &index, key: key, fail)
        }
        let after = line[index...].drop { $0 == space }
        guard after.isEmpty || after.first == hash else {
            throw fail("unexpected “\(String(decoding: after, as: UTF8.self))” after the text of “\(key)”")
        }
        guard texts.updateValue(text, forKey: key) == nil else { throw fail("“\(key)” appears twice") }
    }

    /// A quoted text with escapes, from just after its opening quote; `index` ends just after
    /// its closing quote.
    private static func unescaped(
        _ line: ArraySlice<UInt8>, from index: inout Int, key: String, _ fail: (String) -> CatalogError
    ) throws(CatalogError) -> String {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var value: [UInt8] = []
        var closed = false
        while index < line.endIndex, !closed {
            let byte = line[index]
            index += 1
            if byte == quote {
                closed = true
            } else if byte != backslash {
                value.append(byte)
            } else if index < line.endIndex {
                let escaped = line[index]
                index += 1
                switch escaped {
                case quote, backslash: value.append(escaped)
                case UInt8(ascii: "n"): value.append(UInt8(ascii: "\n"))
                default:
                    let shown = String(decoding: line[(index - 1)...], as: UTF8.self).first.map(String.init) ?? ""
                    throw fail("unknown escape \\\(shown) in “\(key)” (use \\\" \\\\ or \\n)")
                }
            }
        }
        guard closed else { throw fail("the text of “\(key)” has no closing quote") }
        return String(decoding: value, as: UTF8.self)
    }

    /// Letters, digits, ".", "_" and "-" (ASCII).
    private static func isKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"): true
        default: false
        }
    }
}
