/// Writes components back as a calendar object (RFC 5545 §3.1).
///
/// Every line ends with CRLF and is folded so no physical line exceeds 75 octets (the
/// continuation lines start with one space, which counts). A fold never splits a UTF-8
/// sequence. C0 control characters other than HTAB are dropped from every line on output:
/// RFC 5545 does not allow them in a content line, and a raw CR or LF inside a value would
/// break the line structure for every reader (a TEXT newline is written escaped, `\n`, by
/// `ICalText.escape`, so nothing meaningful is lost). The model keeps whatever was parsed.
package enum ICalSerializer {
    /// The maximum length of a physical line in octets, line end excluded (RFC 5545 §3.1).
    package static let maximumLineOctets = 75

    package static func serialize(_ components: [ICalComponent]) -> String {
        var output: [UInt8] = []
        for component in components {
            write(component, into: &output)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Recursive; the parser bounds the depth (`ICalParser.maximumDepth`).
    static func write(_ component: ICalComponent, into output: inout [UInt8]) {
        writeLine(component.beginContentLine, into: &output)
        for item in component.items {
            switch item {
            case .property(let property):
                writeLine(property.contentLine, into: &output)
            case .component(let child):
                write(child, into: &output)
            }
        }
        writeLine(component.endContentLine, into: &output)
    }

    /// Appends one content line, without its C0 controls (except HTAB), folded at 75 octets.
    static func writeLine(_ line: String, into output: inout [UInt8]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(line.utf8.count)
        for byte in line.utf8 where byte >= 0x20 || byte == 0x09 {
            bytes.append(byte)
        }
        fold(bytes, into: &output)
    }

    /// Folds a line's bytes (RFC 5545 §3.1): the first physical line holds up to 75 octets, each
    /// continuation line one space plus up to 74. A cut is moved back to the start of the
    /// UTF-8 sequence it would split (continuation bytes are 0b10xxxxxx).
    static func fold(_ bytes: [UInt8], into output: inout [UInt8]) {
        var start = 0
        var room = maximumLineOctets
        while bytes.count - start > room {
            var cut = start + room
            while cut > start + 1, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
            output.append(contentsOf: bytes[start..<cut])
            output.append(contentsOf: [0x0D, 0x0A, 0x20])
            start = cut
            room = maximumLineOctets - 1
        }
        output.append(contentsOf: bytes[start...])
        output.append(contentsOf: [0x0D, 0x0A])
    }
}
