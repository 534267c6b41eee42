/// Reads a calendar object (RFC 5545 §3.1, §3.4) into a list of top-level components.
///
/// It works on bytes: every delimiter it looks for (`:` `;` `,` `=` DQUOTE, CR, LF, space, tab)
/// is ASCII and so can never be part of a multi-byte UTF-8 sequence, which makes byte scanning
/// safe even for invalid UTF-8; the pieces are then decoded lossily (U+FFFD). Each byte is looked
/// at a bounded number of times, so parsing is linear in the input size.
package enum ICalParser {
    /// Deeper nesting than this is refused rather than risking a deep recursion later
    /// (comparison, serialization); real objects nest three levels (VCALENDAR/VTODO/VALARM).
    package static let maximumDepth = 32

    /// Parses the whole input into its top-level components.
    ///
    /// Lenient where peers are known to differ: LF or CRLF line ends (and a stray CR at the end
    /// of a line), continuation lines starting with a space or a tab, a byte order mark, blank
    /// lines, lower-case names. Strict where the structure is at stake: a line without `:`,
    /// an `END` that does not close the open component, a missing `END`, a property outside any
    /// component all throw.
    ///
    /// One pass over the bytes, unfolding lines as it goes, with the open components on a
    /// stack: kept as one function (over 60 lines) because every step reads and changes that
    /// stack and the pending line together.
    package static func parse(_ bytes: [UInt8]) throws(ICalendarError) -> [ICalComponent] {
        var stack: [ICalComponent] = []
        var roots: [ICalComponent] = []
        var failure: ICalendarError?

        forEachUnfoldedLine(bytes) { line, lineNumber in
            if line.isEmpty { return true }
            let parsed: (name: String, parameters: [ICalParameter], value: String)
            switch parseContentLine(line) {
            case .success(let result): parsed = result
            case .failure(let reason):
                failure = ICalendarError("line \(lineNumber): \(reason)")
                return false
            }
            if parsed.name.asciiUppercased == "BEGIN" {
                let componentName = parsed.value.trimmingASCIIWhitespace()
                guard !componentName.isEmpty else {
                    failure = ICalendarError("line \(lineNumber): BEGIN without a component name")
                    return false
                }
                guard stack.count < maximumDepth else {
                    failure = ICalendarError("line \(lineNumber): components nested too deeply")
                    return false
                }
                stack.append(
                    ICalComponent(name: componentName, beginLine: String(decoding: line, as: UTF8.self)))
            } else if parsed.name.asciiUppercased == "END" {
                let componentName = parsed.value.trimmingASCIIWhitespace()
                guard var open = stack.popLast() else {
                    failure = ICalendarError("line \(lineNumber): END:\(excerpt(componentName)) without BEGIN")
                    return false
                }
                guard open.name.asciiUppercased == componentName.asciiUppercased else {
                    failure = ICalendarError(
                        "line \(lineNumber): END:\(excerpt(componentName)) does not close BEGIN:\(excerpt(open.name))")
                    return false
                }
                open.setParsedEndLine(String(decoding: line, as: UTF8.self))
                if stack.isEmpty {
                    roots.append(open)
                } else {
                    stack[stack.count - 1].items.append(.component(open))
                }
            } else {
                guard !stack.isEmpty else {
                    failure = ICalendarError(
                        "line \(lineNumber): property \(excerpt(parsed.name)) outside any component")
                    return false
                }
                let property = ICalProperty(
                    name: parsed.name, parameters: parsed.parameters, value: parsed.value,
                    originalLine: String(decoding: line, as: UTF8.self))
                stack[stack.count - 1].items.append(.property(property))
            }
            return true
        }
        if let failure { throw failure }
        if let open = stack.last {
            throw ICalendarError("missing END:\(excerpt(open.name))")
        }
        return roots
    }

    /// Calls `body` with each logical (unfolded) line, without its line end, and the number of
    /// the physical line it starts on; stops when `body` returns false.
    ///
    /// RFC 5545 §3.1: a line end followed by one space or tab is removed with that one
    /// character. A leading byte order mark and blank lines are skipped.
    static func forEachUnfoldedLine(
        _ bytes: [UInt8], _ body: (_ line: [UInt8], _ lineNumber: Int) -> Bool
    ) {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        var current: [UInt8] = []
        var currentLineNumber = 1
        var haveCurrent = false
        var lineNumber = 0
        var index = start
        while index < bytes.count {
            lineNumber += 1
            var end = index
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let next = end + 1
            // Physical line is bytes[index..<end], minus a CR before the LF.
            if end > index, bytes[end - 1] == 0x0D {
                end -= 1
            }
            if index == end {
                // A blank line: skipped without ending the logical line, so that a continuation
                // after it still joins the line before (some writers leave such gaps; the
                // Python icalendar package reads them the same way).
            } else if bytes[index] == 0x20 || bytes[index] == 0x09 {
                // Continuation: append without its first character.
                current.append(contentsOf: bytes[(index + 1)..<end])
                if !haveCurrent {
                    haveCurrent = true
                    currentLineNumber = lineNumber
                }
            } else {
                if haveCurrent, !body(current, currentLineNumber) { return }
                current.removeAll(keepingCapacity: true)
                current.append(contentsOf: bytes[index..<end])
                currentLineNumber = lineNumber
                haveCurrent = true
            }
            index = next
        }
        if haveCurrent { _ = body(current, currentLineNumber) }
    }

    enum LineResult {
        case success((name: String, parameters: [ICalParameter], value: String))
        case failure(String)
    }

    /// Splits one unfolded content line: `name *(";" param) ":" value` (RFC 5545 §3.1).
    /// Parameter values may be quoted, and a quoted value may hold `:` `;` `,`.
    /// One scan by index over the bytes (over 60 lines): the name, each parameter and the value
    /// are read where the previous part stopped.
    static func parseContentLine(_ line: [UInt8]) -> LineResult {
        let colon: UInt8 = 0x3A, semicolon: UInt8 = 0x3B, comma: UInt8 = 0x2C
        let equals: UInt8 = 0x3D, quote: UInt8 = 0x22
        var index = 0
        while index < line.count, line[index] != colon, line[index] != semicolon { index += 1 }
        guard index < line.count else { return .failure("a line without ':'") }
        let name = decode(line[0..<index]).trimmingASCIIWhitespace()
        guard !name.isEmpty else { return .failure("a line without a property name") }
        var parameters: [ICalParameter] = []
        while index < line.count, line[index] == semicolon {
            index += 1
            let nameStart = index
            while index < line.count, line[index] != equals, line[index] != colon,
                line[index] != semicolon
            {
                index += 1
            }
            guard index < line.count else { return .failure("a line without ':'") }
            let parameterName = decode(line[nameStart..<index]).trimmingASCIIWhitespace()
            var values: [String] = []
            if line[index] == equals {
                index += 1
                while true {
                    if index < line.count, line[index] == quote {
                        let valueStart = index + 1
                        index = valueStart
                        while index < line.count, line[index] != quote { index += 1 }
                        guard index < line.count else {
                            return .failure("an unterminated quoted parameter value")
                        }
                        values.append(decode(line[valueStart..<index]))
                        index += 1
                        // Tolerate junk between the closing quote and the next delimiter.
                        while index < line.count, line[index] != comma, line[index] != colon,
                            line[index] != semicolon
                        {
                            index += 1
                        }
                    } else {
                        let valueStart = index
                        while index < line.count, line[index] != comma, line[index] != colon,
                            line[index] != semicolon
                        {
                            index += 1
                        }
                        values.append(decode(line[valueStart..<index]))
                    }
                    guard index < line.count else { return .failure("a line without ':'") }
                    if line[index] == comma {
                        index += 1
                        continue
                    }
                    break
                }
            }
            parameters.append(ICalParameter(name: parameterName, values: values))
        }
        guard index < line.count, line[index] == colon else {
            return .failure("a line without ':'")
        }
        let value = decode(line[(index + 1)...])
        return .success((name, parameters, value))
    }

    /// A name as quoted in an error message: at most 40 characters, control characters shown
    /// as `?`, since the message may end up on a terminal and the name came from a server.
    static func excerpt(_ name: String) -> String {
        let shown = name.unicodeScalars.prefix(40).map { scalar -> Character in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? "?" : Character(scalar)
        }
        return String(shown) + (name.unicodeScalars.count > 40 ? "…" : "")
    }

    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    /// Without leading and trailing spaces and tabs (names and enumerated values are sometimes
    /// padded by sloppy writers; iCalendar has no other whitespace inside a line).
    func trimmingASCIIWhitespace() -> String {
        let utf8 = self.utf8
        guard let first = utf8.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return "" }
        guard let last = utf8.lastIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return "" }
        if first == utf8.startIndex && last == utf8.index(before: utf8.endIndex) { return self }
        return String(self[first...last])
    }

    /// Upper-cased in ASCII only. iCalendar names and enumerated values are ASCII (RFC 5545
    /// §2: case-insensitive in US-ASCII); full Unicode case mapping would let names like
    /// "ſummary" (long s) pass for SUMMARY.
    var asciiUppercased: String {
        guard utf8.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) else { return self }
        return String(decoding: utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
    }
}
