import Foundation

/// todo.txt (https://github.com/todotxt/todo.txt), one item per line:
///
///     x 2026-04-01 2026-04-01 eggs +Grocery_Store
///     2026-04-01 milk +Grocery_Store
///
/// The list is the LAST `+project` token on a line; any other `+tags` / `@contexts` stay
/// part of the item name. Lines without a project go to the "Inbox" list.
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
        for rawLine in TextInput.lines(text) {
            let line = TextInput.trimmed(rawLine)
            if line.isEmpty { continue }
            let (listName, item) = parse(line)
            if let index = indexByName[listName] {
                lists[index].items.append(item)
            } else {
                indexByName[listName] = lists.count
                lists.append(.init(name: listName, items: [item]))
            }
        }
        return ListDocument(lists: lists)
    }

    static func parse(_ line: String) -> (list: String, item: ListDocument.Item) {
        var rest = Substring(line).unicodeScalars
        let done: Bool
        if let afterX = rest.dropping("x ") {
            // Done: "x [completion date [creation date]] text"
            done = true
            rest = afterX
            if let afterCompletion = droppingDate(rest) {
                rest = droppingDate(afterCompletion) ?? afterCompletion
            }
        } else {
            // Not done: "[(A) ][creation date ]text"
            done = false
            rest = droppingPriority(rest) ?? rest
            rest = droppingDate(rest) ?? rest
        }
        // Prefixes are stripped before looking for the project so that an item whose text
        // is only "+List" (empty name) still parses its dates.
        guard let project = lastProject(in: rest) else {
            return (inbox, .init(name: TextInput.trimmed(Substring(rest)), done: done))
        }
        let before = TextInput.trimmed(Substring(rest[..<project.lowerBound]))
        let after = TextInput.trimmed(Substring(rest[project.upperBound...]))
        let name = [before, after].filter { !$0.isEmpty }.joined(separator: " ")
        // Drop the leading "+".
        let listName = decodeProject(String(Substring(rest[rest.index(after: project.lowerBound)..<project.upperBound])))
        return (TextInput.trimmed(listName), .init(name: name, done: done))
    }

    /// "YYYY-MM-DD" followed by at least one space. A date at the very end of the line is
    /// treated as text.
    private static func droppingDate(_ s: Scalars) -> Scalars? {
        let isDigit: (Unicode.Scalar) -> Bool = { ("0"..."9").contains($0) }
        let head = Array(s.prefix(11))
        guard head.count == 11,
              head[0..<4].allSatisfy(isDigit), head[4] == "-",
              head[5..<7].allSatisfy(isDigit), head[7] == "-",
              head[8..<10].allSatisfy(isDigit), head[10] == " "
        else { return nil }
        return droppingSpaces(s.dropFirst(11))
    }

    /// "(A) " .. "(Z) ".
    private static func droppingPriority(_ s: Scalars) -> Scalars? {
        let head = Array(s.prefix(4))
        guard head.count == 4, head[0] == "(", ("A"..."Z").contains(head[1]), head[2] == ")", head[3] == " "
        else { return nil }
        return droppingSpaces(s.dropFirst(4))
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

    /// Always writes the dates (both, for done items), so an item whose name itself looks
    /// like "x …", "(A) …" or "2026-01-01 …" is never mistaken for a prefix on re-import.
    static func encode(_ doc: ListDocument, today: Date) -> String {
        let date = dateString(today)
        var out = ""
        for list in doc.lists {
            let project = "+" + encodeProject(list.name)
            for item in list.items {
                out += item.done ? "x \(date) \(date) " : "\(date) "
                out += "\(item.name) \(project)\n"
            }
        }
        return out
    }

    static func dateString(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }
}
