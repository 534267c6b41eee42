// The TOML reader's strings, scanning and messages (the document, tables and values are in
// TOML.swift).

extension TOMLParser {
    // MARK: - Strings

    mutating func parseBasicString() throws(TOMLError) -> String {
        index += 1  // "
        var text = ""
        while true {
            guard let scalar = peek(), scalar != "\n", scalar != "\r" else {
                throw error("the string is not closed with '\"' on the same line")
            }
            index += 1
            switch scalar {
            case "\"":
                return text
            case "\\":
                text.unicodeScalars.append(try parseEscape())
            default:
                if isForbiddenControl(scalar) {
                    throw error("control character \(hex(scalar)) in a string; write it as an escape such as \\t or \\u0001")
                }
                text.unicodeScalars.append(scalar)
            }
        }
    }

    mutating func parseEscape() throws(TOMLError) -> Unicode.Scalar {
        guard let scalar = peek(), scalar != "\n", scalar != "\r" else {
            throw error("the string is not closed with '\"' on the same line")
        }
        index += 1
        switch scalar {
        case "b": return "\u{08}"
        case "t": return "\t"
        case "n": return "\n"
        case "f": return "\u{0C}"
        case "r": return "\r"
        case "\"": return "\""
        case "\\": return "\\"
        case "u": return try parseUnicodeEscape(digits: 4)
        case "U": return try parseUnicodeEscape(digits: 8)
        default:
            throw error("unknown escape '\\\(Character(scalar))'; use \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX or \\UXXXXXXXX (or a 'literal string')")
        }
    }

    mutating func parseUnicodeEscape(digits: Int) throws(TOMLError) -> Unicode.Scalar {
        var value: UInt32 = 0
        var hexDigits = ""
        for _ in 0..<digits {
            guard let scalar = peek(), let digit = hexValue(scalar) else {
                let letter = digits == 4 ? "u" : "U"
                throw error("\\\(letter) needs exactly \(digits) hexadecimal digits")
            }
            value = value << 4 | digit
            hexDigits.unicodeScalars.append(scalar)
            index += 1
        }
        guard let result = Unicode.Scalar(value) else {
            throw error("\\\(digits == 4 ? "u" : "U")\(hexDigits) is not a Unicode character")
        }
        return result
    }

    mutating func parseLiteralString() throws(TOMLError) -> String {
        index += 1  // '
        var text = ""
        while true {
            guard let scalar = peek(), scalar != "\n", scalar != "\r" else {
                throw error("the string is not closed with \"'\" on the same line")
            }
            index += 1
            if scalar == "'" { return text }
            if isForbiddenControl(scalar) {
                throw error("control character \(hex(scalar)) in a string; use a \"basic string\" with an escape")
            }
            text.unicodeScalars.append(scalar)
        }
    }

    // MARK: - Scanning

    func peek(at offset: Int = 0) -> Unicode.Scalar? {
        let position = index + offset
        return position < scalars.count ? scalars[position] : nil
    }

    mutating func skipSpaces() {
        while let scalar = peek(), scalar == " " || scalar == "\t" { index += 1 }
    }

    mutating func skipSpacesNewlinesAndComments() throws(TOMLError) {
        while let scalar = peek() {
            switch scalar {
            case " ", "\t": index += 1
            case "\n", "\r": try consumeNewline()
            case "#": try skipComment()
            default: return
            }
        }
    }

    func isBareKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-": true
        default: false
        }
    }

    /// What may make up an unquoted value: enough to take in a whole wrong token
    /// (`1.5`, `1979-05-27T07:32:00`, `purple`) and name it in the message.
    func isBareValueScalar(_ scalar: Unicode.Scalar) -> Bool {
        isBareKeyScalar(scalar) || scalar == "+" || scalar == "." || scalar == ":"
    }

    /// Control characters TOML does not allow in strings and comments (tab is fine).
    func isForbiddenControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }

    func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }

    // MARK: - Messages

    func error(_ message: String) -> TOMLError {
        TOMLError(line: line, message: message)
    }

    func describeNext() -> String {
        peek().map(describe) ?? "end of file"
    }

    func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n", "\r": "end of line"
        case "'": "\"'\""
        case " ": "a space"
        case "\t": "a tab"
        default: isForbiddenControl(scalar) || scalar.properties.isWhitespace ? hex(scalar) : "'\(Character(scalar))'"
        }
    }

    func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// A key path as it would be written: `roles.selection`, quoting keys that need it.
    func display(_ path: [String]) -> String {
        path.map { key in
            !key.isEmpty && key.unicodeScalars.allSatisfy(isBareKeyScalar) ? key : "\"\(key)\""
        }.joined(separator: ".")
    }
}
