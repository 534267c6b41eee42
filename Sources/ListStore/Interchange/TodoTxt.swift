import Foundation

/// todo.txt (https://github.com/todotxt/todo.txt), one item per line:
///
///     x 2026-04-02 2026-04-01 eggs +Grocery_Store
///     (A) 2026-04-01 milk +Grocery_Store
///
/// What each part of a line becomes (docs/formats.md says the same for people):
/// - `x ` at the start: the item is checked off. Then an optional completion date, and
///   after it an optional creation date.
/// - Not done: an optional priority `(A) `…`(Z) ` first, then an optional creation date.
/// - The list is the LAST `+project` token on the line; lines without one go to "Inbox".
/// - Dates become the item's `created` and (done items) `completed`; the store keeps them as
///   the item's creation and modification times, so an export writes them back.
/// - Our items have no priority: it stays at the start of the item's text ("(A) milk"), and
///   the export writes it back where todo.txt wants it, before the creation date.
/// - Every other `+project`, `@context` and `key:value` stays in the item's text, where it was
///   written, so todo.txt tools still see it after an export.
/// - A date that is not a real day ("2026-13-45") is text, kept in the name.
/// - A line with no text besides its list tag and dates holds no item: it is skipped and its
///   number reported (`ListDocument.skippedLines`).
///
/// Limitations (inherent to the format): a list with no items cannot be represented, so
/// `encode` omits empty lists; two lists with the same name come back as one; and a list
/// name must be non-empty (a bare `+` is not a project).
enum TodoTxt {
    static let inbox = "Inbox"

    // MARK: - Decoding

    static func decode(_ text: String) -> ListDocument {
        var lists: [ListDocument.List] = []
        var indexByName: [String: Int] = [:]
        var skipped: [Int] = []
        for (index, rawLine) in TextInput.lines(text).enumerated() {
            let line = TextInput.trimmed(rawLine)
            if line.isEmpty { continue }
            let (listName, item) = parse(line)
            if item.name.isEmpty {
                skipped.append(index + 1)
                continue
            }
            if let index = indexByName[listName] {
                lists[index].items.append(item)
            } else {
                indexByName[listName] = lists.count
                lists.append(.init(name: listName, items: [item]))
            }
        }
        return ListDocument(lists: lists, skippedLines: skipped)
    }

    static func parse(_ line: String) -> (list: String, item: ListDocument.Item) {
        var rest = Substring(line).unicodeScalars
        var done = false
        /// The priority, kept as the start of the item's text: "(A) ".
        var priority = ""
        var created: Date?
        var completed: Date?
        if let afterX = rest.dropping("x ") {
            // Done: "x [completion date [creation date]] text"
            done = true
            rest = droppingSpaces(afterX)
            if let (date, after) = leadingDate(rest) {
                completed = date
                rest = after
                if let (date, after) = leadingDate(droppingSpaces(rest)) {
                    created = date
                    rest = after
                }
            }
        } else {
            // Not done: "[(A) ][creation date ]text"
            if let after = droppingPriority(rest) {
                priority = String(Substring(rest.prefix(3))) + " "
                rest = droppingSpaces(after)
            }
            if let (date, after) = leadingDate(rest) {
                created = date
                rest = after
            }
        }
        // Exactly one space ends a date: the text after it is the person's, spaces and all
        // (it matters after a priority, which keeps the text's leading spaces).
        if created != nil || completed != nil, let after = rest.dropping(" ") { rest = after }
        // Prefixes are stripped before looking for the project so that an item whose text
        // is only "+List" (empty name) still parses its dates.
        guard let project = lastProject(in: rest) else {
            let name = TextInput.trimmed(priority + String(Substring(rest)))
            return (inbox, .init(
                name: !priority.isEmpty && name == TextInput.trimmed(priority) ? "" : name, done: done,
                created: created, completed: completed))
        }
        let before = TextInput.trimmed(priority + String(Substring(rest[..<project.lowerBound])))
        let after = TextInput.trimmed(Substring(rest[project.upperBound...]))
        var name = [before, after].filter { !$0.isEmpty }.joined(separator: " ")
        // A priority alone is no item.
        if !priority.isEmpty, name == TextInput.trimmed(priority) { name = "" }
        // Drop the leading "+".
        let listName = decodeProject(String(Substring(rest[rest.index(after: project.lowerBound)..<project.upperBound])))
        return (TextInput.trimmed(listName), .init(name: name, done: done, created: created, completed: completed))
    }

    /// A real day "YYYY-MM-DD" (UTC midnight) followed by a space, and what follows the date
    /// (the space included). A date at the very end of the line, or one that is not a real
    /// day, is text.
    static func leadingDate(_ s: Scalars) -> (Date, Scalars)? {
        let isDigit: (Unicode.Scalar) -> Bool = { ("0"..."9").contains($0) }
        let head = Array(s.prefix(11))
        guard head.count == 11,
              head[0..<4].allSatisfy(isDigit), head[4] == "-",
              head[5..<7].allSatisfy(isDigit), head[7] == "-",
              head[8..<10].allSatisfy(isDigit), head[10] == " "
        else { return nil }
        let number = { (range: Range<Int>) in Int(String(String.UnicodeScalarView(head[range]))) ?? 0 }
        guard let date = day(year: number(0..<4), month: number(5..<7), day: number(8..<10)) else { return nil }
        return (date, s.dropFirst(10))
    }

    /// UTC midnight of that day, or nil if there is no such day (2026-02-30).
    static func day(year: Int, month: Int, day: Int) -> Date? {
        guard (1...12).contains(month), (1...31).contains(day), year >= 1 else { return nil }
        let components = DateComponents(year: year, month: month, day: day)
        guard let date = utcCalendar.date(from: components) else { return nil }
        let back = utcCalendar.dateComponents([.year, .month, .day], from: date)
        return back.year == year && back.month == month && back.day == day ? date : nil
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar
    }()

    /// "(A) " .. "(Z) ".
    private static func droppingPriority(_ s: Scalars) -> Scalars? {
        let head = Array(s.prefix(4))
        guard head.count == 4, head[0] == "(", ("A"..."Z").contains(head[1]), head[2] == ")", head[3] == " "
        else { return nil }
        return s.dropFirst(4)
    }

    /// Extra separator spaces are insignificant since names are trimmed.
    private static func droppingSpaces(_ s: Scalars) -> Scalars {
        s.drop(while: { $0 == " " })
    }

    /// Range of the last whitespace-separated token that is "+" followed by at least one
    /// character.
    private static func lastProject(in s: Scalars) -> Range<Scalars.Index>? {
        let isSpace: (Unicode.Scalar) -> Bool = { $0.properties.isWhitespace }
        var end = s.endIndex
        while end > s.startIndex {
            while end > s.startIndex, isSpace(s[s.index(before: end)]) { end = s.index(before: end) }
            var start = end
            while start > s.startIndex, !isSpace(s[s.index(before: start)]) { start = s.index(before: start) }
            if start < end, s[start] == "+", s.index(after: start) < end {
                return start..<end
            }
            end = start
        }
        return nil
    }

    // MARK: - Project names

    /// Reversible encoding of a list name as a project tag (which cannot contain spaces):
    /// "%" → "%25", "_" → "%5F", " " → "_", other whitespace → percent-encoded UTF-8.
    static func encodeProject(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "_": out += "%5F"
            case " ": out += "_"
            case _ where scalar.properties.isWhitespace:
                out += String(scalar).utf8.map { byte in
                    "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }.joined()
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Inverse of `encodeProject`; also turns hand-written "+Grocery_Store" into
    /// "Grocery Store". A "%" not followed by two hex digits is kept literally.
    static func decodeProject(_ tag: String) -> String {
        let input = Array(tag.utf8)
        var bytes: [UInt8] = []
        var i = 0
        while i < input.count {
            if input[i] == UInt8(ascii: "_") {
                bytes.append(UInt8(ascii: " "))
                i += 1
            } else if input[i] == UInt8(ascii: "%"), i + 2 < input.count,
                      let hi = hexValue(input[i + 1]), let lo = hexValue(input[i + 2]) {
                bytes.append(hi << 4 | lo)
                i += 3
            } else {
                bytes.append(input[i])
                i += 1
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    // MARK: - Encoding

    /// Always writes the dates (both, for done items: the item's own when it has them, else
    /// `today`), so an item whose name itself looks like "x …" or "2026-01-01 …" is never
    /// mistaken for a prefix on re-import. A not-done item whose text starts with a priority
    /// ("(A) milk") has it written first, where todo.txt wants it: "(A) 2026-04-01 milk".
    static func encode(_ doc: ListDocument, today: Date) -> String {
        var out = ""
        for list in doc.lists {
            let project = "+" + encodeProject(list.name)
            for item in list.items {
                let created = dateString(item.created ?? today)
                if item.done {
                    out += "x \(dateString(item.completed ?? today)) \(created) \(item.name)"
                } else if let rest = droppingPriority(Substring(item.name).unicodeScalars) {
                    out += "\(String(Substring(Substring(item.name).unicodeScalars.prefix(4))))\(created) \(String(Substring(rest)))"
                } else {
                    out += "\(created) \(item.name)"
                }
                out += " \(project)\n"
            }
        }
        return out
    }

    static func dateString(_ date: Date) -> String {
        let c = utcCalendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }
}
