/// An element of a WebDAV response, with its namespace resolved (`DAV:` + `href`).
package struct XMLElement: Sendable, Equatable {
    package var namespace: String
    package var name: String
    package var attributes: [String: String]
    package var children: [XMLElement]
    /// The element's own character data (text and CDATA), children's excluded.
    package var text: String
    /// The text was longer than `XMLReader.maximumText`, and is left out (empty).
    package var textCut = false

    /// The first child with this name.
    package func child(_ namespace: String, _ name: String) -> XMLElement? {
        children.first { $0.name == name && $0.namespace == namespace }
    }

    package func children(_ namespace: String, _ name: String) -> [XMLElement] {
        children.filter { $0.name == name && $0.namespace == namespace }
    }

    /// The first element with this name at any depth below this one (depth first).
    package func descendant(_ namespace: String, _ name: String) -> XMLElement? {
        for child in children {
            if child.name == name && child.namespace == namespace { return child }
            if let found = child.descendant(namespace, name) { return found }
        }
        return nil
    }
}

package struct XMLError: Error, CustomStringConvertible, Sendable, Equatable {
    package var description: String
}

/// Reads the XML that WebDAV and CalDAV servers answer with (RFC 4918 multistatus and the
/// like) into a tree.
///
/// A small reader of our own rather than Foundation's `XMLParser`: that one brings libxml2 and
/// ICU, which add about 80 MB to the static executable `scripts/install.sh` builds, for
/// documents that use a small part of XML. It reads elements, attributes, namespaces (scoped
/// `xmlns` and `xmlns:p`), text with the predefined and numeric character references, CDATA,
/// comments and processing instructions. A DOCTYPE is refused: WebDAV never needs one, and
/// without it no entity can expand (no "billion laughs"). Nesting deeper than 256 is refused.
package enum XMLReader {
    static let maximumDepth = 256
    /// The most text one element keeps, in bytes: a server's answer may be any size, but what
    /// is kept of one element (a to-do's calendar-data) is bounded.
    package static let maximumText = 16_000_000

    package static func parse(_ bytes: [UInt8]) throws(XMLError) -> XMLElement {
        var parser = Parser(bytes: bytes)
        return try parser.document()
    }

    private struct Open {
        var prefix: String
        var local: String
        var attributes: [(name: String, value: String)]
        var namespaces: [String: String]
        var children: [XMLElement] = []
        var text: [UInt8] = []
        /// More than `maximumText`: the text is left out.
        var cut = false
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            // A UTF-8 byte order mark.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        func fail(_ message: String) -> XMLError { XMLError(description: "malformed XML: \(message)") }

        mutating func document() throws(XMLError) -> XMLElement {
            var stack: [Open] = []
            var root: XMLElement?
            var inherited: [[String: String]] = [["xml": "http://www.w3.org/XML/1998/namespace"]]
            while index < bytes.count {
                if bytes[index] != UInt8(ascii: "<") {
                    let start = index
                    while index < bytes.count && bytes[index] != UInt8(ascii: "<") { index += 1 }
                    if stack.isEmpty {
                        guard bytes[start..<index].allSatisfy(isSpace) else { throw fail("text outside the document element") }
                    } else {
                        if keepsText(index - start, &stack[stack.count - 1]) {
                            try appendText(bytes[start..<index], to: &stack[stack.count - 1].text)
                        }
                    }
                } else if starts("<!--") {
                    guard let end = find("-->", from: index + 4) else { throw fail("unterminated comment") }
                    index = end + 3
                } else if starts("<![CDATA[") {
                    guard !stack.isEmpty else { throw fail("CDATA outside the document element") }
                    guard let end = find("]]>", from: index + 9) else { throw fail("unterminated CDATA section") }
                    if keepsText(end - index - 9, &stack[stack.count - 1]) {
                        stack[stack.count - 1].text.append(contentsOf: bytes[(index + 9)..<end])
                    }
                    index = end + 3
                } else if starts("<?") {
                    guard let end = find("?>", from: index + 2) else { throw fail("unterminated processing instruction") }
                    index = end + 2
                } else if starts("<!") {
                    throw fail("a DOCTYPE or declaration, which WebDAV responses never need")
                } else if starts("</") {
                    let name = try readEndTag()
                    guard let open = stack.popLast() else { throw fail("end tag </\(name)> without a start") }
                    let qualified = open.prefix.isEmpty ? open.local : open.prefix + ":" + open.local
                    guard qualified == name else { throw fail("</\(name)> closes <\(qualified)>") }
                    let element = try finish(open)
                    inherited.removeLast()
                    try attach(element, to: &stack, root: &root)
                } else {
                    let tag = try readStartTag()
                    guard root == nil else { throw fail("two document elements") }
                    guard stack.count < XMLReader.maximumDepth else { throw fail("nested deeper than \(XMLReader.maximumDepth)") }
                    let namespaces = self.namespaces(declaredBy: tag.attributes, within: inherited[inherited.count - 1])
                    let (prefix, local) = split(tag.name)
                    let open = Open(prefix: prefix, local: local, attributes: tag.attributes, namespaces: namespaces)
                    if tag.selfClosing {
                        try attach(finish(open), to: &stack, root: &root)
                    } else {
                        inherited.append(namespaces)
                        stack.append(open)
                    }
                }
            }
            guard stack.isEmpty else { throw fail("<\(stack[stack.count - 1].local)> is not closed") }
            guard let root else { throw fail("no document element") }
            return root
        }

        /// A start tag, from its "<" to its ">" or "/>": the name, the attributes in their
        /// order, and whether it closes itself.
        mutating func readStartTag() throws(XMLError) -> (
            name: String, attributes: [(name: String, value: String)], selfClosing: Bool
        ) {
            index += 1
            let name = try readName()
            var attributes: [(name: String, value: String)] = []
            while true {
                let hadSpace = skipSpace()
                guard index < bytes.count else { throw fail("unterminated start tag <\(name)") }
                if bytes[index] == UInt8(ascii: ">") { index += 1; return (name, attributes, false) }
                if starts("/>") { index += 2; return (name, attributes, true) }
                guard hadSpace else { throw fail("bad start tag <\(name)") }
                let attribute = try readName()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw fail("attribute \(attribute) without a value") }
                index += 1
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                    throw fail("attribute \(attribute) without quotes")
                }
                let quote = bytes[index]
                index += 1
                let start = index
                while index < bytes.count && bytes[index] != quote { index += 1 }
                guard index < bytes.count else { throw fail("unterminated attribute \(attribute)") }
                var value: [UInt8] = []
                try appendText(bytes[start..<index], to: &value)
                index += 1
                attributes.append((attribute, String(decoding: value, as: UTF8.self)))
            }
        }

        /// An end tag, from its "</" to its ">": the name.
        mutating func readEndTag() throws(XMLError) -> String {
            index += 2
            let name = try readName()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw fail("bad end tag </\(name)") }
            index += 1
            return name
        }

        /// The namespaces in scope inside an element: those around it, with its own `xmlns`
        /// and `xmlns:p` attributes over them.
        func namespaces(declaredBy attributes: [(name: String, value: String)], within outer: [String: String]) -> [String: String] {
            var namespaces = outer
            for (attribute, value) in attributes {
                if attribute == "xmlns" { namespaces[""] = value }
                else if attribute.hasPrefix("xmlns:") { namespaces[String(attribute.dropFirst(6))] = value }
            }
            return namespaces
        }

        /// A finished element: the last child of the element still open around it, or the root.
        func attach(_ element: XMLElement, to stack: inout [Open], root: inout XMLElement?) throws(XMLError) {
            if stack.isEmpty {
                guard root == nil else { throw fail("two document elements") }
                root = element
            } else {
                stack[stack.count - 1].children.append(element)
            }
        }

        func finish(_ open: Open) throws(XMLError) -> XMLElement {
            guard let namespace = open.namespaces[open.prefix] else {
                if open.prefix.isEmpty {
                    return XMLElement(namespace: "", name: open.local, attributes: attributes(open), children: open.children,
                                      text: String(decoding: open.text, as: UTF8.self), textCut: open.cut)
                }
                throw fail("undeclared namespace prefix \(open.prefix)")
            }
            return XMLElement(namespace: namespace, name: open.local, attributes: attributes(open), children: open.children,
                              text: String(decoding: open.text, as: UTF8.self), textCut: open.cut)
        }

        /// Whether `count` more bytes of text fit in the element; if not, its text is dropped.
        func keepsText(_ count: Int, _ open: inout Open) -> Bool {
            guard !open.cut else { return false }
            guard open.text.count + count <= XMLReader.maximumText else {
                open.cut = true
                open.text = []
                return false
            }
            return true
        }

        func attributes(_ open: Open) -> [String: String] {
            var result: [String: String] = [:]
            for (name, value) in open.attributes where name != "xmlns" && !name.hasPrefix("xmlns:") {
                result[split(name).local] = value
            }
            return result
        }

        func split(_ name: String) -> (prefix: String, local: String) {
            guard let colon = name.firstIndex(of: ":") else { return ("", name) }
            return (String(name[..<colon]), String(name[name.index(after: colon)...]))
        }

        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

        @discardableResult
        mutating func skipSpace() -> Bool {
            let start = index
            while index < bytes.count && isSpace(bytes[index]) { index += 1 }
            return index > start
        }

        func starts(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            return literal.withUTF8Buffer { buffer in
                for offset in 0..<count where bytes[index + offset] != buffer[offset] { return false }
                return true
            }
        }

        func find(_ literal: StaticString, from start: Int) -> Int? {
            let count = literal.utf8CodeUnitCount
            return literal.withUTF8Buffer { buffer -> Int? in
                var position = start
                while position + count <= bytes.count {
                    if bytes[position] == buffer[0] {
                        var offset = 1
                        while offset < count && bytes[position + offset] == buffer[offset] { offset += 1 }
                        if offset == count { return position }
                    }
                    position += 1
                }
                return nil
            }
        }

        mutating func readName() throws(XMLError) -> String {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
                    || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { break }
                index += 1
            }
            guard index > start else { throw fail("a name was expected at byte \(start)") }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// Appends character data, resolving references and turning CR LF (and a lone CR) into
        /// LF, as XML's end-of-line handling says (a `&#13;` stays a CR).
        func appendText(_ raw: ArraySlice<UInt8>, to text: inout [UInt8]) throws(XMLError) {
            var position = raw.startIndex
            while position < raw.endIndex {
                let byte = raw[position]
                if byte == 0x0D {
                    text.append(0x0A)
                    position += 1
                    if position < raw.endIndex && raw[position] == 0x0A { position += 1 }
                    continue
                }
                guard byte == UInt8(ascii: "&") else {
                    text.append(byte)
                    position += 1
                    continue
                }
                guard let semicolon = raw[position...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                    throw fail("a bare & in text")
                }
                let reference = String(decoding: raw[(position + 1)..<semicolon], as: UTF8.self)
                switch reference {
                case "lt": text.append(UInt8(ascii: "<"))
                case "gt": text.append(UInt8(ascii: ">"))
                case "amp": text.append(UInt8(ascii: "&"))
                case "quot": text.append(UInt8(ascii: "\""))
                case "apos": text.append(UInt8(ascii: "'"))
                default:
                    let scalar: Unicode.Scalar?
                    if reference.hasPrefix("#x") || reference.hasPrefix("#X") {
                        scalar = UInt32(reference.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                    } else if reference.hasPrefix("#") {
                        scalar = UInt32(reference.dropFirst(1)).flatMap(Unicode.Scalar.init)
                    } else {
                        scalar = nil
                    }
                    guard let scalar, scalar.value != 0 else { throw fail("unknown reference &\(reference);") }
                    text.append(contentsOf: Array(String(Character(scalar)).utf8))
                }
                position = semicolon + 1
            }
        }
    }
}

extension XMLElement {
    /// Text for an XML document: `&`, `<`, `>` and quotes escaped.
    package static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\r": result += "&#13;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
