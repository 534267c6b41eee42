/// FNV-1a, 64 bits: a stable hash (Swift's `Hasher` is seeded per process).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ byte: UInt8) {
        value ^= UInt64(byte)
        value = value &* 0x0000_0100_0000_01B3
    }

    mutating func add(_ text: String) {
        var text = text
        // Over the bytes in place: iterating `utf8` costs several times more per byte, and
        // whole language files pass here at every start (`MatcherCache`'s keys).
        text.withUTF8 { bytes in for byte in bytes { add(byte) } }
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
