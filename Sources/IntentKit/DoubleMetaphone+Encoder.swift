// Double Metaphone: one run of the reference algorithm over a folded word (the state, the
// reference's helpers and the main loop); the letters' rules are in DoubleMetaphone+LettersCToH.swift and +LettersJToZ.swift.

// MARK: - The encoder

/// One run of the reference algorithm over a folded word.
struct MetaphoneEncoder {
    static let maxLength = 4

    /// The word followed by five spaces, like the reference's padded copy.
    let word: [UInt8]
    /// Length of the word without the padding.
    let length: Int
    /// Index of the last letter.
    let last: Int
    /// The reference's SlavoGermanic(): the word contains W, K, CZ (or WITZ).
    let isSlavoGermanic: Bool

    var current = 0
    var primary: [UInt8] = []
    var alternate: [UInt8] = []

    init(_ letters: [UInt8]) {
        length = letters.count
        last = letters.count - 1
        word = letters + [0x20, 0x20, 0x20, 0x20, 0x20]
        var slavo = false
        for i in 0..<letters.count {
            let c = letters[i]
            if c == UInt8(ascii: "W") || c == UInt8(ascii: "K")
                || (c == UInt8(ascii: "C") && i + 1 < letters.count && letters[i + 1] == UInt8(ascii: "Z"))
            {
                slavo = true
                break
            }
        }
        isSlavoGermanic = slavo
        primary.reserveCapacity(8)
        alternate.reserveCapacity(8)
    }

    var primaryCode: String { String(decoding: primary.prefix(Self.maxLength), as: UTF8.self) }
    var alternateCode: String { String(decoding: alternate.prefix(Self.maxLength), as: UTF8.self) }

    // MARK: Helpers with the reference's semantics

    /// The character at `index`; NUL before the start or past the padding (the
    /// reference's GetAt). Bytes are Latin-1, so 0xC7 compares equal to "Ç".
    @inline(__always)
    func char(_ index: Int) -> Unicode.Scalar {
        index >= 0 && index < word.count ? Unicode.Scalar(word[index]) : "\0"
    }

    /// The reference's IsVowel: A, E, I, O, U or Y inside the word.
    @inline(__always)
    func isVowel(_ index: Int) -> Bool {
        guard index >= 0 && index < length else { return false }
        switch word[index] {
        case UInt8(ascii: "A"), UInt8(ascii: "E"), UInt8(ascii: "I"),
            UInt8(ascii: "O"), UInt8(ascii: "U"), UInt8(ascii: "Y"):
            return true
        default:
            return false
        }
    }

    /// The reference's StringAt: does any candidate occur at `start`? A negative
    /// start never matches (in the C code it wraps to a huge unsigned index).
    func stringAt(_ start: Int, _ candidates: StaticString...) -> Bool {
        guard start >= 0 else { return false }
        for candidate in candidates where matches(candidate, at: start) {
            return true
        }
        return false
    }

    @inline(__always)
    func matches(_ pattern: StaticString, at start: Int) -> Bool {
        pattern.withUTF8Buffer { bytes in
            guard start + bytes.count <= word.count else { return false }
            for k in 0..<bytes.count where word[start + k] != bytes[k] {
                return false
            }
            return true
        }
    }

    /// MetaphAdd(main): the same sound in both codes.
    mutating func add(_ both: StaticString) {
        both.withUTF8Buffer {
            primary.append(contentsOf: $0)
            alternate.append(contentsOf: $0)
        }
    }

    /// MetaphAdd(main, alt): different sounds; an empty string adds nothing.
    mutating func add(_ main: StaticString, _ alt: StaticString) {
        main.withUTF8Buffer { primary.append(contentsOf: $0) }
        alt.withUTF8Buffer { alternate.append(contentsOf: $0) }
    }

    /// Skip one letter, or two when it is doubled ("BB", "FF", ...).
    @inline(__always)
    mutating func skip(doubling letter: Unicode.Scalar) {
        current += char(current + 1) == letter ? 2 : 1
    }

    // MARK: Main loop

    // Over 60 lines as the reference's main loop is: kept whole (see the file's header).
    mutating func encode() {
        // Silent first letter: GNome, KNight, PNeumonia, WRite, PSychology.
        if stringAt(0, "GN", "KN", "PN", "WR", "PS") {
            current += 1
        }
        // Initial 'X' is pronounced 'Z', e.g. "Xavier"; 'Z' maps to 'S'.
        if char(0) == "X" {
            add("S")
            current += 1
        }

        // Runs until both codes are long enough (the primary can be done while the
        // alternate still grows) or the word ends.
        while primary.count < Self.maxLength || alternate.count < Self.maxLength {
            if current >= length { break }
            switch char(current) {
            case "A", "E", "I", "O", "U", "Y":
                // Vowels count only at the very start, and all of them map to 'A'.
                if current == 0 { add("A") }
                current += 1
            case "B":
                // "-MB" as in "dumb" was already skipped by 'M'.
                add("P")
                skip(doubling: "B")
            case "Ç":
                add("S")
                current += 1
            case "C": encodeC()
            case "D": encodeD()
            case "F":
                skip(doubling: "F")
                add("F")
            case "G": encodeG()
            case "H": encodeH()
            case "J": encodeJ()
            case "K":
                skip(doubling: "K")
                add("K")
            case "L": encodeL()
            case "M": encodeM()
            case "N":
                skip(doubling: "N")
                add("N")
            case "Ñ":
                current += 1
                add("N")
            case "P": encodeP()
            case "Q":
                skip(doubling: "Q")
                add("K")
            case "R": encodeR()
            case "S": encodeS()
            case "T": encodeT()
            case "V":
                skip(doubling: "V")
                add("F")
            case "W": encodeW()
            case "X": encodeX()
            case "Z": encodeZ()
            default:
                // Non-letters (and letters already consumed as part of a group).
                current += 1
            }
        }
    }

}
