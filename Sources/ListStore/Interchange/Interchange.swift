import Foundation

package enum InterchangeFormat: String, CaseIterable, Sendable {
    case json, markdown, todotxt

    /// Guess from the file extension (.json; .md/.markdown; .txt/.todo), else nil.
    package static func guess(fromPath path: String) -> InterchangeFormat? {
        let fileName = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "json": return .json
        case "md", "markdown": return .markdown
        case "txt", "todo": return .todotxt
        default: return nil
        }
    }

    /// Guess from content: first non-blank character `[` → JSON; a line (of those given)
    /// that is a Markdown heading (`# `…`###### `) or task (`- [ ] `, `- [x] `, `*` and `+`
    /// too), at any indentation → Markdown, so notes that start with prose are still read as
    /// Markdown; anything else → todo.txt (whose lines start with `x `, `(A) `, a date or text).
    package static func sniff(_ text: String) -> InterchangeFormat {
        let text = TextInput.stripBOM(text)
        guard let first = text.first(where: { !$0.isWhitespace }) else { return .todotxt }
        if first == "[" { return .json }
        for line in TextInput.lines(text) where isMarkdownMarker(line.drop(while: { $0 == " " || $0 == "\t" })) {
            return .markdown
        }
        return .todotxt
    }

    private static func isMarkdownMarker(_ line: Substring) -> Bool {
        let hashes = line.prefix(while: { $0 == "#" }).count
        if (1...6).contains(hashes) {
            let rest = line.dropFirst(hashes)
            return rest.isEmpty || rest.first == " " || rest.first == "\t"
        }
        guard let bullet = line.first, "-*+".contains(bullet), line.dropFirst().first == " " else { return false }
        let box = line.dropFirst(2).prefix(4)
        return box == "[ ] " || box == "[x] " || box == "[X] " || line.dropFirst(2) == "[ ]" || line.dropFirst(2) == "[x]"
            || line.dropFirst(2) == "[X]"
    }
}

package enum Interchange {
    package static func decode(_ data: Data, format: InterchangeFormat) throws(InterchangeError) -> ListDocument {
        let text = try TextInput.decodeUTF8(data)
        switch format {
        case .json: return try ListOMatJSON.decode(text)
        case .markdown: return MarkdownChecklist.decode(text)
        case .todotxt: return TodoTxt.decode(text)
        }
    }

    /// `today` is only used by todo.txt (completion/creation dates, in UTC).
    package static func encode(_ doc: ListDocument, format: InterchangeFormat, today: Date = Date()) -> String {
        switch format {
        case .json: return ListOMatJSON.encode(doc)
        case .markdown: return MarkdownChecklist.encode(doc)
        case .todotxt: return TodoTxt.encode(doc, today: today)
        }
    }
}

/// Helpers shared by the text decoders.
enum TextInput {
    static func decodeUTF8(_ data: Data) throws(InterchangeError) -> String {
        guard let text = String(validating: data, as: UTF8.self) else {
            throw InterchangeError(StoreMessage("interchange.notUTF8", english: "file is not valid UTF-8"))
        }
        return stripBOM(text)
    }

    static func stripBOM(_ text: String) -> String {
        guard text.unicodeScalars.first == "\u{FEFF}" else { return text }
        return String(text.unicodeScalars.dropFirst())
    }

    /// Splits on \n, \r\n and \r. Swift treats "\r\n" as a single Character, so it must
    /// be matched explicitly rather than splitting on "\n" alone.
    static func lines(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }

    static func trimmed<S: StringProtocol>(_ s: S) -> String {
        NameRules.trimmed(String(s))
    }
}

/// The line parsers work on Unicode scalars, not Characters: a name starting with a
/// combining mark would otherwise fuse with the separating space into one Character
/// and hide the marker boundary.
typealias Scalars = Substring.UnicodeScalarView

extension Scalars {
    /// The remainder after `prefix`, or nil if the scalars don't start with it.
    func dropping(_ prefix: String) -> Scalars? {
        starts(with: prefix.unicodeScalars) ? dropFirst(prefix.unicodeScalars.count) : nil
    }

    /// True if empty or starting with a space or tab, i.e. a marker ended here.
    var startsAtBoundary: Bool {
        first.map { $0 == " " || $0 == "\t" } ?? true
    }
}
