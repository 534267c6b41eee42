/// A small TOML reader for ListOMat's settings files (themes, config.toml), so TerminalKit
/// needs no package. It reads this subset of TOML 1.0:
///
/// - comments (`# …` to the end of the line), blank lines, LF or CRLF line ends;
/// - keys: bare (`A-Z a-z 0-9 _ -`), quoted (`"…"` or `'…'`), dotted (`a.b = 1`);
/// - tables: `[name]` and `[a.b]` headers;
/// - values: basic strings with escapes (`\b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX`), literal
///   strings (`'…'`, no escapes), decimal integers (`42`, `-7`, `1_000`), booleans,
///   arrays (mixed types, across lines, trailing comma allowed) and inline tables
///   (`{ fg = "black", bold = true }`, on one line, no trailing comma).
///
/// Not supported, each reported as such: floats, dates and times, hexadecimal, octal and
/// binary integers, multi-line strings (`"""`, `'''`) and arrays of tables (`[[…]]`).
/// Defining a key or table twice is an error. Any input gives a table or a `TOMLError`
/// naming the line and the problem; nothing crashes it.
package enum TOML {
    /// How deep arrays and inline tables may nest (a bound, so hostile input cannot
    /// exhaust the stack).
    package static let maximumNesting = 64

    package static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
        var parser = TOMLParser(text)
        return try parser.parseDocument()
    }
}

/// A table while it is being read. A class because headers and dotted keys reach back into
/// tables made earlier.
final class TableNode {
    enum Origin {
        /// Made by its own `[header]` (or the document itself).
        case header
        /// Made as the parent of a header (`[a.b]` makes `a`); a later `[a]` may define it.
        case implicit
        /// Made by a dotted key (`a.b = 1` makes `a`); more dotted keys may add to it.
        case dotted
    }

    enum Child {
        case value(TOMLValue, line: Int)
        case table(TableNode)
    }

    var origin: Origin
    var line: Int
    var keys: [String] = []
    var children: [String: Child] = [:]

    init(origin: Origin, line: Int) {
        self.origin = origin
        self.line = line
    }

    func add(_ key: String, _ child: Child) {
        keys.append(key)
        children[key] = child
    }

    func table() -> TOMLTable {
        var table = TOMLTable()
        for key in keys {
            switch children[key] {
            case .value(let value, let line): table.set(key, value, line: line)
            case .table(let node): table.set(key, .table(node.table()), line: node.line)
            case nil: break
            }
        }
        return table
    }
}

struct TOMLParser {
    let scalars: [Unicode.Scalar]
    var index = 0
    var line = 1

    init(_ text: String) {
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }  // a byte-order mark is not content
        self.scalars = scalars
    }

    // MARK: - Document and lines

    mutating func parseDocument() throws(TOMLError) -> TOMLTable {
        let root = TableNode(origin: .header, line: 1)
        var current = root
        while true {
            skipSpaces()
            guard let scalar = peek() else { break }
            switch scalar {
            case "#", "\n", "\r":
                try expectLineEnd()
            case "[":
                current = try parseHeader(root: root)
                try expectLineEnd()
            default:
                try parseKeyValue(into: current, depth: 0)
                try expectLineEnd()
            }
        }
        return root.table()
    }

    /// After a header or a value: spaces, maybe a comment, then the end of the line.
    mutating func expectLineEnd() throws(TOMLError) {
        skipSpaces()
        if peek() == "#" { try skipComment() }
        guard let scalar = peek() else { return }
        if scalar == "\n" || scalar == "\r" {
            try consumeNewline()
            return
        }
        throw error("unexpected \(describe(scalar)); each key = value and each [table] needs a line of its own")
    }

    mutating func skipComment() throws(TOMLError) {
        while let scalar = peek(), scalar != "\n", scalar != "\r" {
            if isForbiddenControl(scalar) {
                throw error("control character \(hex(scalar)) in a comment")
            }
            index += 1
        }
    }

    mutating func consumeNewline() throws(TOMLError) {
        if peek() == "\r" {
            guard peek(at: 1) == "\n" else { throw error("a carriage return must be followed by a line feed") }
            index += 1
        }
        index += 1
        line += 1
    }

    // MARK: - Tables

    mutating func parseHeader(root: TableNode) throws(TOMLError) -> TableNode {
        let headerLine = line
        index += 1  // [
        if peek() == "[" { throw error("arrays of tables ([[…]]) are not supported") }
        skipSpaces()
        let path = try parseKeyPath()
        skipSpaces()
        guard peek() == "]" else {
            throw error("expected ']' to close the table header [\(display(path))], found \(describeNext())")
        }
        index += 1
        var node = root
        for (position, key) in path.enumerated() {
            let isLast = position == path.count - 1
            let shown = display(Array(path[...position]))
            switch node.children[key] {
            case .value(_, let line)?:
                throw error("'\(shown)' already has a value (line \(line)), so it cannot be a table too")
            case .table(let child)?:
                if isLast {
                    switch child.origin {
                    case .header:
                        throw error("table [\(shown)] is defined twice (first on line \(child.line))")
                    case .dotted:
                        throw error("table [\(shown)] was already made by dotted keys on line \(child.line)")
                    case .implicit:
                        child.origin = .header
                        child.line = headerLine
                    }
                }
                node = child
            case nil:
                let child = TableNode(origin: isLast ? .header : .implicit, line: headerLine)
                node.add(key, .table(child))
                node = child
            }
        }
        return node
    }

    /// `key = value` (the key maybe dotted) into `table`. The key is placed before the value
    /// is read, so a duplicate is reported on the key's line.
    mutating func parseKeyValue(into table: TableNode, depth: Int) throws(TOMLError) {
        let keyLine = line
        let path = try parseKeyPath()
        skipSpaces()
        guard peek() == "=" else {
            throw error("expected '=' after the key '\(display(path))', found \(describeNext())")
        }
        index += 1
        skipSpaces()

        var node = table
        for (position, key) in path.dropLast().enumerated() {
            let shown = display(Array(path[...position]))
            switch node.children[key] {
            case .value(_, let line)?:
                throw error("'\(shown)' already has a value (line \(line)), so it cannot hold '\(display(path))'")
            case .table(let child)?:
                guard child.origin == .dotted else {
                    throw error("table '\(shown)' is defined on line \(child.line); add '\(display(path))' under its [header] instead")
                }
                node = child
            case nil:
                let child = TableNode(origin: .dotted, line: keyLine)
                node.add(key, .table(child))
                node = child
            }
        }
        guard let last = path.last else { throw error("expected a key") }
        if let existing = node.children[last] {
            let firstLine = switch existing {
            case .value(_, let line): line
            case .table(let child): child.line
            }
            throw error("duplicate key '\(display(path))' (first defined on line \(firstLine))")
        }
        let value = try parseValue(depth: depth)
        node.add(last, .value(value, line: keyLine))
    }

    mutating func parseKeyPath() throws(TOMLError) -> [String] {
        var path = [try parseKey()]
        while true {
            let save = index
            skipSpaces()
            guard peek() == "." else {
                index = save
                return path
            }
            index += 1
            skipSpaces()
            path.append(try parseKey())
        }
    }

    mutating func parseKey() throws(TOMLError) -> String {
        switch peek() {
        case "\""?:
            if peek(at: 1) == "\"", peek(at: 2) == "\"" { throw error("a key cannot be a multi-line string") }
            return try parseBasicString()
        case "'"?:
            if peek(at: 1) == "'", peek(at: 2) == "'" { throw error("a key cannot be a multi-line string") }
            return try parseLiteralString()
        case let scalar? where isBareKeyScalar(scalar):
            var key = ""
            while let scalar = peek(), isBareKeyScalar(scalar) {
                key.unicodeScalars.append(scalar)
                index += 1
            }
            return key
        default:
            throw error("expected a key (letters, digits, '_' and '-', or a quoted name), found \(describeNext())")
        }
    }

    // MARK: - Values

    mutating func parseValue(depth: Int) throws(TOMLError) -> TOMLValue {
        guard depth < TOML.maximumNesting else {
            throw error("arrays and inline tables nest more than \(TOML.maximumNesting) deep")
        }
        guard let scalar = peek() else { throw error("expected a value, found end of file") }
        switch scalar {
        case "\"":
            if peek(at: 1) == "\"", peek(at: 2) == "\"" { throw error("multi-line strings (\"\"\") are not supported") }
            return .string(try parseBasicString())
        case "'":
            if peek(at: 1) == "'", peek(at: 2) == "'" { throw error("multi-line strings (''') are not supported") }
            return .string(try parseLiteralString())
        case "[":
            return try parseArray(depth: depth)
        case "{":
            return try parseInlineTable(depth: depth)
        default:
            return try parseBareValue()
        }
    }

    /// A boolean or an integer; anything else that is not quoted gets a message saying what
    /// it looks like.
    mutating func parseBareValue() throws(TOMLError) -> TOMLValue {
        var token = ""
        while let scalar = peek(), isBareValueScalar(scalar) {
            token.unicodeScalars.append(scalar)
            index += 1
        }
        if token.isEmpty { throw error("expected a value, found \(describeNext())") }
        if token == "true" { return .bool(true) }
        if token == "false" { return .bool(false) }
        if let integer = try decimalInteger(token) { return .integer(integer) }
        let body = token.hasPrefix("+") || token.hasPrefix("-") ? String(token.dropFirst()) : token
        if body.hasPrefix("0x") || body.hasPrefix("0o") || body.hasPrefix("0b") {
            throw error("'\(token)': hexadecimal, octal and binary integers are not supported; write it in decimal")
        }
        if body == "inf" || body == "nan" || (body.first?.isNumber == true && body.contains(where: { ".eE:-".contains($0) })) {
            throw error("'\(token)': floating-point numbers, dates and times are not supported; use an integer or a string")
        }
        throw error("'\(token)' is not a value; text needs quotes (\"\(token)\"), and booleans are true or false")
    }

    /// `token` as a decimal integer, nil when it is not one. Throws only when it is an
    /// integer that is written wrongly (a leading zero) or too large.
    func decimalInteger(_ token: String) throws(TOMLError) -> Int? {
        let signed = token.hasPrefix("+") || token.hasPrefix("-")
        let body = signed ? token.dropFirst() : Substring(token)
        guard let first = body.first, first.isASCII, first.isNumber else { return nil }
        var digits = ""
        var previousWasDigit = false
        for character in body {
            if character == "_" {
                guard previousWasDigit else { return nil }
                previousWasDigit = false
            } else if character.isASCII, character.isNumber {
                digits.append(character)
                previousWasDigit = true
            } else {
                return nil
            }
        }
        guard previousWasDigit else { return nil }  // a trailing underscore
        if digits.count > 1, digits.first == "0" {
            throw error("'\(token)': integers cannot have leading zeros")
        }
        guard let value = Int((token.hasPrefix("-") ? "-" : "") + digits) else {
            throw error("'\(token)' is too large for an integer")
        }
        return value
    }

    mutating func parseArray(depth: Int) throws(TOMLError) -> TOMLValue {
        let openLine = line
        index += 1  // [
        var items: [TOMLValue] = []
        while true {
            try skipSpacesNewlinesAndComments()
            guard let scalar = peek() else { throw error("the array opened on line \(openLine) is never closed with ']'") }
            if scalar == "]" {
                index += 1
                return .array(items)
            }
            items.append(try parseValue(depth: depth + 1))
            try skipSpacesNewlinesAndComments()
            switch peek() {
            case ","?:
                index += 1
            case "]"?:
                index += 1
                return .array(items)
            case nil:
                throw error("the array opened on line \(openLine) is never closed with ']'")
            default:
                throw error("expected ',' or ']' in the array opened on line \(openLine), found \(describeNext())")
            }
        }
    }

    mutating func parseInlineTable(depth: Int) throws(TOMLError) -> TOMLValue {
        let openLine = line
        index += 1  // {
        let table = TableNode(origin: .header, line: openLine)
        skipSpaces()
        if peek() == "}" {
            index += 1
            return .table(table.table())
        }
        while true {
            skipSpaces()
            try expectInlineTableContinues(openLine)
            try parseKeyValue(into: table, depth: depth + 1)
            skipSpaces()
            try expectInlineTableContinues(openLine)
            switch peek() {
            case ","?:
                index += 1
                skipSpaces()
                if peek() == "}" { throw error("an inline table cannot end with a comma; remove the one before '}'") }
            case "}"?:
                index += 1
                return .table(table.table())
            default:
                throw error("expected ',' or '}' in the inline table, found \(describeNext())")
            }
        }
    }

    func expectInlineTableContinues(_ openLine: Int) throws(TOMLError) {
        switch peek() {
        case nil, "\n"?, "\r"?, "#"?:
            throw error("the inline table opened on line \(openLine) must close with '}' on the same line")
        default:
            return
        }
    }
}
