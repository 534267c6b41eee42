import Foundation

/// JSON written by hand for the outputs that can be long (`show --json`, `lists --json`),
/// byte for byte as `Output.json` writes it (JSONEncoder, sorted keys, slashes as they are;
/// the test compares them). JSONEncoder first builds a tree of every value: at 100,000 items
/// that took 0.6 s and 100 MB, more than reading the items.
protocol HandWrittenJSON {
    func write(to json: inout JSONText)
}

struct JSONText {
    private(set) var bytes: [UInt8] = []

    /// `{"a":1,"b":2}`: `fields` writes its members with `member`, keys in sorted order.
    mutating func object(_ fields: (inout JSONText) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        fields(&self)
        if bytes.last == UInt8(ascii: ",") { bytes.removeLast() }
        bytes.append(UInt8(ascii: "}"))
    }

    /// One member of an object: the key (plain ASCII, ours), then `value`, then a comma.
    mutating func member(_ key: StaticString, _ value: (inout JSONText) -> Void) {
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        value(&self)
        bytes.append(UInt8(ascii: ","))
    }

    mutating func array<Element: HandWrittenJSON>(_ elements: [Element]) {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            element.write(to: &self)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func int(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// A string as JSONEncoder escapes it: quote, backslash and the C0 controls; everything
    /// else (slashes, DEL, any non-ASCII) as its UTF-8.
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            // Most texts need no escape: copied at once.
            if utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                for byte in utf8 { escaped(byte) }
            } else {
                bytes.append(contentsOf: utf8)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x20...: bytes.append(byte)
        case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
        case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
        case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }

    /// The end of the output: a newline.
    mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
    }
}

extension Output {
    /// `json(_:)` for the outputs written by hand: the same bytes, sooner.
    static func json<T: Encodable & HandWrittenJSON>(_ value: T) throws {
        var text = JSONText()
        value.write(to: &text)
        text.newline()
        write(text.bytes)
    }
}
