import Foundation

/// Markdown task lists:
///
///     # Optional title (ignored)
///     ## Grocery Store
///     - [ ] milk
///     - [x] eggs
///
/// A name is everything after its marker, trimmed. Nothing is escaped: the parser only
/// looks at the fixed-width marker, so names containing `#`, `[x]`, `- [ ]`, backslashes
/// etc. round-trip unchanged.
enum MarkdownChecklist {
    static let expectation = "expected \"## List name\" or \"- [ ] item\""

    static func decode(_ text: String) throws(InterchangeError) -> ListDocument {
        var lists: [ListDocument.List] = []
        for (index, rawLine) in TextInput.lines(text).enumerated() {
            let lineNumber = index + 1
            if TextInput.trimmed(rawLine).isEmpty { continue }
            guard let line = stripIndentation(rawLine.unicodeScalars) else {
                throw InterchangeError(message: expectation, line: lineNumber)
            }
            if let rest = line.dropping("#"), rest.startsAtBoundary {
                continue  // An h1 document title carries no list data.
            }
            if let rest = line.dropping("##"), rest.startsAtBoundary {
                let name = TextInput.trimmed(Substring(rest))
                guard !name.isEmpty else {
                    throw InterchangeError(message: "empty list name", line: lineNumber)
                }
                lists.append(.init(name: name, items: []))
                continue
            }
            guard let (done, rest) = taskItem(line) else {
                throw InterchangeError(message: expectation, line: lineNumber)
            }
            guard !lists.isEmpty else {
                throw InterchangeError(message: "expected a \"## List name\" heading before the first item", line: lineNumber)
            }
            let name = TextInput.trimmed(Substring(rest))
            guard !name.isEmpty else {
                throw InterchangeError(message: "empty item name", line: lineNumber)
            }
            lists[lists.count - 1].items.append(.init(name: name, done: done))
        }
        return ListDocument(lists: lists)
    }

    /// Markdown allows up to 3 spaces of indentation; 4 or more would be a code block.
    private static func stripIndentation(_ line: Scalars) -> Scalars? {
        let spaces = line.prefix(while: { $0 == " " }).count
        return spaces <= 3 ? line.dropFirst(spaces) : nil
    }

    /// Parses `- [ ] rest` / `* [x] rest` / `+ [X] rest`; nil if the line is not a task item.
    private static func taskItem(_ line: Scalars) -> (done: Bool, rest: Scalars)? {
        guard let bullet = line.first, bullet == "-" || bullet == "*" || bullet == "+" else { return nil }
        var rest = line.dropFirst()
        let gap = rest.prefix(while: { $0 == " " || $0 == "\t" }).count
        guard gap > 0 else { return nil }
        rest = rest.dropFirst(gap)
        let done: Bool
        if let after = rest.dropping("[ ]") {
            done = false
            rest = after
        } else if let after = rest.dropping("[x]") ?? rest.dropping("[X]") {
            done = true
            rest = after
        } else {
            return nil
        }
        // "- [ ]milk" is not a task item: the box must be followed by whitespace or end.
        return rest.startsAtBoundary ? (done, rest) : nil
    }

    static func encode(_ doc: ListDocument) -> String {
        doc.lists.map { list in
            (["## \(list.name)"] + list.items.map { "- [\($0.done ? "x" : " ")] \($0.name)" })
                .map { $0 + "\n" }
                .joined()
        }
        .joined(separator: "\n")
    }
}
