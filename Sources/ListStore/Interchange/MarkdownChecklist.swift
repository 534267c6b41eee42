import Foundation

/// Markdown task lists:
///
///     # Optional title
///     ## Grocery Store
///     - [ ] milk
///     - [x] eggs
///
/// A name is everything after its marker, trimmed. Nothing is escaped: the parser only
/// looks at the fixed-width marker, so names containing `#`, `[x]`, `- [ ]`, backslashes
/// etc. round-trip unchanged.
///
/// A person's notes are read for what is a list or an item in them, and the rest is left out
/// with its line number (`ListDocument.skippedLines`), never refused whole
/// (docs/formats.md says the same for people):
/// - a heading of level 2 to 6 (`## Books`, `### Fiction`) starts a list, also when empty;
/// - a `# title` names the list of items that come before any other heading; after a list
///   has started it is ignored;
/// - a bullet (`-`, `*`, `+`, or `1.` / `1)`), at any indentation (nested items are flattened,
///   in order), is an item: `[ ]` not done, `[x]` / `[X]` done, no box not done (`- Dune`);
/// - items before any heading or title go to "Inbox";
/// - skipped: prose, quotes, tables, rules (`---`), fenced code blocks (```` ``` ```` or `~~~`)
///   and everything in them, a heading or bullet with no text.
enum MarkdownChecklist {
    static let inbox = "Inbox"

    /// One pass over the lines (over 60 lines): a state machine whose state — the title, the
    /// list items go to, an open fence — every kind of line reads or changes.
    static func decode(_ text: String) -> ListDocument {
        var lists: [ListDocument.List] = []
        var skipped: [Int] = []
        /// The `# title` seen before any list, named by it once an item needs a list.
        var title: String?
        /// Where the next item goes: the last list started, unless a heading without a name
        /// came after it (its items then go to the title's list or the Inbox).
        var current: Int?
        var fence: Scalars?
        for (index, rawLine) in TextInput.lines(text).enumerated() {
            let lineNumber = index + 1
            if TextInput.trimmed(rawLine).isEmpty { continue }
            let line = rawLine.unicodeScalars.drop(while: { $0 == " " || $0 == "\t" })
            if let open = fence {
                // Closed by a fence of the same character, at least as long.
                if line.starts(with: open), line.dropFirst(open.count).allSatisfy({ $0 == open.first! || $0 == " " || $0 == "\t" }) {
                    fence = nil
                }
                skipped.append(lineNumber)
                continue
            }
            if let marker = fenceMarker(line) {
                fence = marker
                skipped.append(lineNumber)
                continue
            }
            if let (level, name) = heading(line) {
                // The first `# heading`, before any list, is the document's title; a later one
                // starts a list like any other heading.
                if level == 1, lists.isEmpty, title == nil, !name.isEmpty {
                    title = name
                    continue
                }
                guard !name.isEmpty else {
                    skipped.append(lineNumber)
                    current = nil
                    continue
                }
                lists.append(.init(name: name, items: []))
                current = lists.count - 1
                continue
            }
            guard !isThematicBreak(line), let (done, rest) = item(line) else {
                skipped.append(lineNumber)
                continue
            }
            let name = TextInput.trimmed(Substring(rest))
            guard !name.isEmpty else {
                skipped.append(lineNumber)
                continue
            }
            if current == nil {
                let listName = title ?? inbox
                if let existing = lists.lastIndex(where: { $0.name == listName }) {
                    current = existing
                } else {
                    lists.append(.init(name: listName, items: []))
                    current = lists.count - 1
                }
            }
            lists[current!].items.append(.init(name: name, done: done))
        }
        return ListDocument(lists: lists, skippedLines: skipped)
    }

    /// "```" or "~~~" (three or more) opening a fenced code block: the fence's characters.
    private static func fenceMarker(_ line: Scalars) -> Scalars? {
        guard let first = line.first, first == "`" || first == "~" else { return nil }
        let run = line.prefix(while: { $0 == first })
        return run.count >= 3 ? run : nil
    }

    /// `#`…`######` then a space, a tab or the end: the level and the trimmed text.
    private static func heading(_ line: Scalars) -> (level: Int, name: String)? {
        let hashes = line.prefix(while: { $0 == "#" }).count
        guard (1...6).contains(hashes) else { return nil }
        let rest = line.dropFirst(hashes)
        guard rest.startsAtBoundary else { return nil }
        return (hashes, TextInput.trimmed(Substring(rest)))
    }

    /// `---`, `***`, `___` (three or more of one, spaces allowed between): a rule, not an item.
    private static func isThematicBreak(_ line: Scalars) -> Bool {
        guard let first = line.first, first == "-" || first == "*" || first == "_" else { return false }
        // One pass, nothing copied: every `- [ ] item` line starts like a rule.
        var marks = 0
        for scalar in line where scalar != " " && scalar != "\t" {
            guard scalar == first else { return false }
            marks += 1
        }
        return marks >= 3
    }

    /// A list item: `- [ ] rest` / `* [x] rest` / `+ [X] rest` / `1. rest` / `- rest`; nil
    /// if the line is not one.
    private static func item(_ line: Scalars) -> (done: Bool, rest: Scalars)? {
        var rest: Scalars
        if let bullet = line.first, bullet == "-" || bullet == "*" || bullet == "+" {
            rest = line.dropFirst()
        } else {
            // An ordered item: up to nine digits, then "." or ")".
            let digits = line.prefix(while: { ("0"..."9").contains($0) }).count
            guard (1...9).contains(digits) else { return nil }
            rest = line.dropFirst(digits)
            guard let delimiter = rest.first, delimiter == "." || delimiter == ")" else { return nil }
            rest = rest.dropFirst()
        }
        let gap = rest.prefix(while: { $0 == " " || $0 == "\t" }).count
        guard gap > 0 || rest.isEmpty else { return nil }
        rest = rest.dropFirst(gap)
        // "- [ ]milk" has no box: the box must be followed by whitespace or end.
        if let after = rest.dropping("[ ]"), after.startsAtBoundary {
            return (false, after)
        }
        if let after = rest.dropping("[x]") ?? rest.dropping("[X]"), after.startsAtBoundary {
            return (true, after)
        }
        return (false, rest)
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
