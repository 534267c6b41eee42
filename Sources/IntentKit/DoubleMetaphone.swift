// Double Metaphone phonetic encoding.
//
// A port of Lawrence Philips' reference C++ implementation (C/C++ Users Journal,
// June 2000), including the bug fixes by Kevin Atkinson that every widely used
// port carries (e.g. Maurice Aubrey's C / Stephen Lacy's C++ versions). The rules
// below mirror the reference one for one, in the same order, because the order
// is significant: many later tests rely on earlier ones having returned.
//
// One file, and some functions over 60 lines (`encode` and the letters with the most
// context rules, `encodeC`, `encodeG`, `encodeS`), on purpose: each stays as long as the
// reference's case for it, so that it can be read against the reference rule by rule; cut
// into helpers, the early returns the order depends on would be spread over several places.
//
// Conventions copied from the reference on purpose:
// - Codes are cut to 4 characters.
// - The alternate code is always filled in; when no rule produced an alternative
//   it equals the primary ("Thomas" -> ("TMS", "TMS")).
// - "0" (zero) stands for the "th" sound.
// - The word is padded with five spaces, so a rule that looks past the last
//   letter sees a space. Some rules depend on this ("JOSE" followed by a space,
//   the French ending "IER ").
//
// Input handling (ours; the reference takes an already upper-cased 8-bit string):
// - ASCII letters are upper-cased. Ç and Ñ (either case, precomposed or written
//   with a combining cedilla/tilde) keep a code of their own, Latin-1 0xC7 and
//   0xD1, exactly the characters the reference's 'Ç' and 'Ñ' cases look for.
// - Other Latin letters with diacritics are folded to their ASCII base letter(s)
//   (é -> E, ø -> O, ß -> SS, æ -> AE, ...). Combining marks and invisible format
//   characters (soft hyphen, zero-width joiner) are dropped.
// - Every other character is a non-letter: whitespace becomes a space, the rest
//   stays an inert byte. The encoder skips non-letters, but they still occupy a
//   position, as in the reference, because several rules test for a space
//   between words ("VAN ", "SAN JACINTO", "MAC CAFFREY").
// - Leading and trailing non-letters are trimmed, so " Anna," encodes like "Anna"
//   (in the reference a leading space would push the first vowel off
//   position 0 and lose its "A").

public enum DoubleMetaphone {
    /// Primary and alternate codes (max 4 characters each, like the reference), uppercase.
    /// Input: any string; non-letters are skipped; diacritics: Ç -> S, Ñ -> N handled as the reference does; other letters folded to ASCII first.
    public static func codes(_ word: String) -> (primary: String, alternate: String) {
        let letters = Self.fold(word)
        if letters.isEmpty { return ("", "") }
        var encoder = Encoder(letters)
        encoder.encode()
        return (encoder.primaryCode, encoder.alternateCode)
    }
}

// MARK: - Folding the input to bytes

extension DoubleMetaphone {
    /// Byte used for Ç, as in the reference's Latin-1 source.
    fileprivate static let cCedilla: UInt8 = 0xC7
    /// Byte used for Ñ, as in the reference's Latin-1 source.
    fileprivate static let nTilde: UInt8 = 0xD1
    fileprivate static let space: UInt8 = 0x20
    /// Stand-in for any non-ASCII character that is not a letter we can fold.
    /// No rule looks for it, so it only separates the letters around it.
    fileprivate static let otherNonLetter: UInt8 = 0x3F  // "?"

    /// ASCII base letter of each code point in Latin-1 Supplement, Latin Extended-A/B
    /// (U+00C0 ..< U+0250) and Latin Extended Additional (U+1E00 ..< U+1F00).
    /// "." means "not a letter with an ASCII base" (×, ÷, ƀ, ǝ, ...); "*" means the
    /// letter folds to two letters, see `multiLetterFold`. Ç and Ñ are handled before
    /// this table is consulted. Generated from Unicode NFKD decompositions.
    private static let latinFoldLow: [UInt8] = Array([
        "AAAAAA*CEEEEIIIIDNOOOOO.OUUUUY**",  // U+00C0
        "AAAAAA*CEEEEIIIIDNOOOOO.OUUUUY*Y",  // U+00E0
        "AAAAAACCCCCCCCDDDDEEEEEEEEEEGGGG",  // U+0100
        "GGGGHHHHIIIIIIIIII**JJKKKLLLLLLL",  // U+0120
        "LLLNNNNNNNNNOOOOOO**RRRRRRSSSSSS",  // U+0140
        "SSTTTTTTUUUUUUUUUUUUWWYYYZZZZZZS",  // U+0160
        "................................",  // U+0180
        "OO.............UU...............",  // U+01A0
        "....*********AAIIOOUUUUUUUUUU.AA",  // U+01C0
        "AA....GGKKOOOO..J***GG..NNAA....",  // U+01E0
        "AAAAEEEEIIIIOOOORRRRUUUUSSTT..HH",  // U+0200
        "......AAEEOOOOOOOOYY............",  // U+0220
        "................",                  // U+0240
    ].joined().utf8)
    private static let latinFoldLowStart: UInt32 = 0xC0

    private static let latinFoldHigh: [UInt8] = Array([
        "AABBBBBBCCDDDDDDDDDDEEEEEEEEEEFF",  // U+1E00
        "GGHHHHHHHHHHIIIIKKKKKKLLLLLLLLMM",  // U+1E20
        "MMMMNNNNNNNNOOOOOOOOPPPPRRRRRRRR",  // U+1E40
        "SSSSSSSSSSTTTTTTTTUUUUUUUUUUVVVV",  // U+1E60
        "WWWWWWWWWWXXXXYYZZZZZZHTWY.S..*.",  // U+1E80
        "AAAAAAAAAAAAAAAAAAAAAAAAEEEEEEEE",  // U+1EA0
        "EEEEEEEEIIIIOOOOOOOOOOOOOOOOOOOO",  // U+1EC0
        "OOOOUUUUUUUUUUUUUUYYYYYYYY......",  // U+1EE0
    ].joined().utf8)
    private static let latinFoldHighStart: UInt32 = 0x1E00

    /// Letters marked "*" in the tables: ligatures and letters that read as two.
    private static func multiLetterFold(_ value: UInt32) -> StaticString? {
        switch value {
        case 0xC6, 0xE6: return "AE"                    // Æ æ
        case 0xDE, 0xFE: return "TH"                    // Þ þ
        case 0xDF, 0x1E9E: return "SS"                  // ß ẞ
        case 0x132, 0x133: return "IJ"                  // Ĳ ĳ
        case 0x152, 0x153: return "OE"                  // Œ œ
        case 0x1C4...0x1C6, 0x1F1...0x1F3: return "DZ"  // Ǆ ǅ ǆ Ǳ ǲ ǳ
        case 0x1C7...0x1C9: return "LJ"                 // Ǉ ǈ ǉ
        case 0x1CA...0x1CC: return "NJ"                 // Ǌ ǋ ǌ
        default: return nil
        }
    }

    /// Appends the ASCII letters `value` folds to; false if it is not a foldable letter.
    private static func appendFolded(_ value: UInt32, to out: inout [UInt8]) -> Bool {
        let table: [UInt8]
        let index: Int
        if value >= latinFoldLowStart, value < latinFoldLowStart + UInt32(latinFoldLow.count) {
            table = latinFoldLow
            index = Int(value - latinFoldLowStart)
        } else if value >= latinFoldHighStart, value < latinFoldHighStart + UInt32(latinFoldHigh.count) {
            table = latinFoldHigh
            index = Int(value - latinFoldHighStart)
        } else {
            return false
        }
        switch table[index] {
        case UInt8(ascii: "."):
            return false
        case UInt8(ascii: "*"):
            guard let letters = multiLetterFold(value) else { return false }
            letters.withUTF8Buffer { out.append(contentsOf: $0) }
            return true
        case let letter:
            out.append(letter)
            return true
        }
    }

    @inline(__always)
    fileprivate static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == cCedilla || byte == nTilde
    }

    /// Upper-cased bytes of `word`: A-Z, 0xC7 (Ç), 0xD1 (Ñ), and non-letter bytes,
    /// with leading and trailing non-letters removed.
    static func fold(_ word: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(word.utf8.count)
        for scalar in word.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let byte = UInt8(truncatingIfNeeded: value)
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"): out.append(byte - 0x20)
                case 0x09...0x0D: out.append(space)  // tab, newline, ... count as a space
                default: out.append(byte)
                }
                continue
            }
            switch value {
            case 0xC7, 0xE7:  // Ç ç
                out.append(cCedilla)
            case 0xD1, 0xF1:  // Ñ ñ
                out.append(nTilde)
            case 0x327 where out.last == UInt8(ascii: "C"):  // C + combining cedilla (decomposed Ç)
                out[out.count - 1] = cCedilla
            case 0x303 where out.last == UInt8(ascii: "N"):  // N + combining tilde (decomposed Ñ)
                out[out.count - 1] = nTilde
            default:
                if appendFolded(value, to: &out) { continue }
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark, .format:
                    // Accents written as separate code points, and invisible characters
                    // (soft hyphen, zero-width joiner, BOM): they are not positions.
                    continue
                default:
                    out.append(scalar.properties.isWhitespace ? space : otherNonLetter)
                }
            }
        }
        guard let first = out.firstIndex(where: isLetter), let last = out.lastIndex(where: isLetter) else {
            return []
        }
        if first == 0 && last == out.count - 1 { return out }
        return Array(out[first...last])
    }
}

// MARK: - The encoder

/// One run of the reference algorithm over a folded word.
private struct Encoder {
    static let maxLength = 4

    /// The word followed by five spaces, like the reference's padded copy.
    private let word: [UInt8]
    /// Length of the word without the padding.
    private let length: Int
    /// Index of the last letter.
    private let last: Int
    /// The reference's SlavoGermanic(): the word contains W, K, CZ (or WITZ).
    private let isSlavoGermanic: Bool

    private var current = 0
    private var primary: [UInt8] = []
    private var alternate: [UInt8] = []

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
    private func char(_ index: Int) -> Unicode.Scalar {
        index >= 0 && index < word.count ? Unicode.Scalar(word[index]) : "\0"
    }

    /// The reference's IsVowel: A, E, I, O, U or Y inside the word.
    @inline(__always)
    private func isVowel(_ index: Int) -> Bool {
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
    private func stringAt(_ start: Int, _ candidates: StaticString...) -> Bool {
        guard start >= 0 else { return false }
        for candidate in candidates where matches(candidate, at: start) {
            return true
        }
        return false
    }

    @inline(__always)
    private func matches(_ pattern: StaticString, at start: Int) -> Bool {
        pattern.withUTF8Buffer { bytes in
            guard start + bytes.count <= word.count else { return false }
            for k in 0..<bytes.count where word[start + k] != bytes[k] {
                return false
            }
            return true
        }
    }

    /// MetaphAdd(main): the same sound in both codes.
    private mutating func add(_ both: StaticString) {
        both.withUTF8Buffer {
            primary.append(contentsOf: $0)
            alternate.append(contentsOf: $0)
        }
    }

    /// MetaphAdd(main, alt): different sounds; an empty string adds nothing.
    private mutating func add(_ main: StaticString, _ alt: StaticString) {
        main.withUTF8Buffer { primary.append(contentsOf: $0) }
        alt.withUTF8Buffer { alternate.append(contentsOf: $0) }
    }

    /// Skip one letter, or two when it is doubled ("BB", "FF", ...).
    @inline(__always)
    private mutating func skip(doubling letter: Unicode.Scalar) {
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

    // MARK: Letters with context rules

    // Over 60 lines as the reference's case for C is: kept whole (see the file's header).
    private mutating func encodeC() {
        // Various Germanic: "-ACH-" after a consonant, not followed by I, nor by E
        // unless "BACHER"/"MACHER" ("Bacharach", "Bacher").
        if current > 1, !isVowel(current - 2), stringAt(current - 1, "ACH"),
            char(current + 2) != "I",
            char(current + 2) != "E" || stringAt(current - 2, "BACHER", "MACHER")
        {
            add("K")
            current += 2
            return
        }

        // Special case "Caesar".
        if current == 0 && stringAt(current, "CAESAR") {
            add("S")
            current += 2
            return
        }

        // Italian "chianti".
        if stringAt(current, "CHIA") {
            add("K")
            current += 2
            return
        }

        if stringAt(current, "CH") {
            // "Michael".
            if current > 0 && stringAt(current, "CHAE") {
                add("K", "X")
                current += 2
                return
            }

            // Greek roots at the start, e.g. "chemistry", "chorus" (but not "chore").
            if current == 0,
                stringAt(current + 1, "HARAC", "HARIS") || stringAt(current + 1, "HOR", "HYM", "HIA", "HEM"),
                !stringAt(0, "CHORE")
            {
                add("K")
                current += 2
                return
            }

            // Germanic, Greek, or otherwise "ch" for the "kh" sound.
            if stringAt(0, "VAN ", "VON ") || stringAt(0, "SCH")
                // "architect" but not "arch"; "orchestra", "orchid".
                || stringAt(current - 2, "ORCHES", "ARCHIT", "ORCHID")
                || stringAt(current + 2, "T", "S")
                // "wachtler", "wechsler", but not "tichner".
                || ((stringAt(current - 1, "A", "O", "U", "E") || current == 0)
                    && stringAt(current + 2, "L", "R", "N", "M", "B", "H", "F", "V", "W", " "))
            {
                add("K")
            } else if current > 0 {
                if stringAt(0, "MC") {
                    add("K")  // "McHugh"
                } else {
                    add("X", "K")
                }
            } else {
                add("X")
            }
            current += 2
            return
        }

        // "Czerny" (but the CZ of "-WICZ" is handled by 'W').
        if stringAt(current, "CZ") && !stringAt(current - 2, "WICZ") {
            add("S", "X")
            current += 2
            return
        }

        // "focaccia".
        if stringAt(current + 1, "CIA") {
            add("X")
            current += 3
            return
        }

        // Double C, but not e.g. "McClellan".
        if stringAt(current, "CC") && !(current == 1 && char(0) == "M") {
            // "bellocchio" but not "bacchus".
            if stringAt(current + 2, "I", "E", "H") && !stringAt(current + 2, "HU") {
                if (current == 1 && char(current - 1) == "A") || stringAt(current - 1, "UCCEE", "UCCES") {
                    add("KS")  // "accident", "accede", "succeed"
                } else {
                    add("X")  // "bacci", "bertucci", other Italian
                }
                current += 3
                return
            }
            // Pierce's rule.
            add("K")
            current += 2
            return
        }

        if stringAt(current, "CK", "CG", "CQ") {
            add("K")
            current += 2
            return
        }

        if stringAt(current, "CI", "CE", "CY") {
            // Italian vs. English.
            if stringAt(current, "CIO", "CIE", "CIA") {
                add("S", "X")
            } else {
                add("S")
            }
            current += 2
            return
        }

        add("K")
        // Names written apart: "Mac Caffrey", "Mac Gregor" - the next word's first
        // letter is part of this sound.
        if stringAt(current + 1, " C", " Q", " G") {
            current += 3
        } else if stringAt(current + 1, "C", "K", "Q") && !stringAt(current + 1, "CE", "CI") {
            current += 2
        } else {
            current += 1
        }
    }

    private mutating func encodeD() {
        if stringAt(current, "DG") {
            if stringAt(current + 2, "I", "E", "Y") {
                add("J")  // "edge"
                current += 3
            } else {
                add("TK")  // "edgar"
                current += 2
            }
            return
        }
        if stringAt(current, "DT", "DD") {
            add("T")
            current += 2
            return
        }
        add("T")
        current += 1
    }

    // Over 60 lines as the reference's case for G is: kept whole (see the file's header).
    private mutating func encodeG() {
        if char(current + 1) == "H" {
            encodeGH()
            return
        }

        if char(current + 1) == "N" {
            if current == 1 && isVowel(0) && !isSlavoGermanic {
                add("KN", "N")
            } else if !stringAt(current + 2, "EY") && char(current + 1) != "Y" && !isSlavoGermanic {
                // Not e.g. "cagney". (The test for 'Y' right after 'G' can never fail
                // here since that letter is 'N'; the reference has it, so do we.)
                add("N", "KN")
            } else {
                add("KN")
            }
            current += 2
            return
        }

        // "tagliaro".
        if stringAt(current + 1, "LI") && !isSlavoGermanic {
            add("KL", "L")
            current += 2
            return
        }

        // -GES-, -GEP-, -GEL-, -GIE- ... at the beginning.
        if current == 0,
            char(current + 1) == "Y"
                || stringAt(current + 1, "ES", "EP", "EB", "EL", "EY", "IB", "IL", "IN", "IE", "EI", "ER")
        {
            add("K", "J")
            current += 2
            return
        }

        // -GER-, -GY-.
        if stringAt(current + 1, "ER") || char(current + 1) == "Y",
            !stringAt(0, "DANGER", "RANGER", "MANGER"),
            !stringAt(current - 1, "E", "I"),
            !stringAt(current - 1, "RGY", "OGY")
        {
            add("K", "J")
            current += 2
            return
        }

        // Italian, e.g. "biaggi".
        if stringAt(current + 1, "E", "I", "Y") || stringAt(current - 1, "AGGI", "OGGI") {
            if stringAt(0, "VAN ", "VON ") || stringAt(0, "SCH") || stringAt(current + 1, "ET") {
                add("K")  // obviously Germanic
            } else if stringAt(current + 1, "IER ") {
                add("J")  // always soft with the French ending (the space is the padding)
            } else {
                add("J", "K")
            }
            current += 2
            return
        }

        skip(doubling: "G")
        add("K")
    }

    private mutating func encodeGH() {
        if current > 0 && !isVowel(current - 1) {
            add("K")
            current += 2
            return
        }

        // At the start: "ghislane", "ghiradelli".
        if current == 0 {
            if char(current + 2) == "I" {
                add("J")
            } else {
                add("K")
            }
            current += 2
            return
        }

        // Parker's rule (with some further refinements): "hugh", "bough", "broughton"
        // - a silent GH.
        if (current > 1 && stringAt(current - 2, "B", "H", "D"))
            || (current > 2 && stringAt(current - 3, "B", "H", "D"))
            || (current > 3 && stringAt(current - 4, "B", "H"))
        {
            current += 2
            return
        }

        if current > 2 && char(current - 1) == "U" && stringAt(current - 3, "C", "G", "L", "R", "T") {
            add("F")  // "laugh", "McLaughlin", "cough", "gough", "rough", "tough"
        } else if current > 0 && char(current - 1) != "I" {
            add("K")
        }
        current += 2
    }

    private mutating func encodeH() {
        // Only kept at the start or between two vowels, and only before a vowel;
        // otherwise silent (this also takes care of "HH").
        if (current == 0 || isVowel(current - 1)) && isVowel(current + 1) {
            add("H")
            current += 2
        } else {
            current += 1
        }
    }

    private mutating func encodeJ() {
        // Obviously Spanish: "Jose", "San Jacinto".
        if stringAt(current, "JOSE") || stringAt(0, "SAN ") {
            // A lone "JOSE" is followed by a space: the padding, or the next name.
            if (current == 0 && char(current + 4) == " ") || stringAt(0, "SAN ") {
                add("H")
            } else {
                add("J", "H")
            }
            current += 1
            return
        }

        if current == 0 && !stringAt(current, "JOSE") {
            add("J", "A")  // "Yankelovich" / "Jankelowicz"
        } else if isVowel(current - 1) && !isSlavoGermanic && (char(current + 1) == "A" || char(current + 1) == "O") {
            add("J", "H")  // Spanish pronunciation of e.g. "bajador"
        } else if current == last {
            add("J", "")
        } else if !stringAt(current + 1, "L", "T", "K", "S", "N", "M", "B", "Z") && !stringAt(current - 1, "S", "K", "L") {
            add("J")
        }
        skip(doubling: "J")  // "it could happen!" says the reference
    }

    private mutating func encodeL() {
        if char(current + 1) == "L" {
            // Spanish, e.g. "cabrillo", "gallegos": the LL is silent in the alternate.
            if (current == length - 3 && stringAt(current - 1, "ILLO", "ILLA", "ALLE"))
                || ((stringAt(last - 1, "AS", "OS") || stringAt(last, "A", "O")) && stringAt(current - 1, "ALLE"))
            {
                add("L", "")
                current += 2
                return
            }
            current += 2
        } else {
            current += 1
        }
        add("L")
    }

    private mutating func encodeM() {
        // "dumb", "thumb", "plumber": the B after "UM" is silent at the end or before "ER".
        if (stringAt(current - 1, "UMB") && (current + 1 == last || stringAt(current + 2, "ER")))
            || char(current + 1) == "M"
        {
            current += 2
        } else {
            current += 1
        }
        add("M")
    }

    private mutating func encodeP() {
        if char(current + 1) == "H" {
            add("F")
            current += 2
            return
        }
        // Also accounts for "campbell", "raspberry".
        if stringAt(current + 1, "P", "B") {
            current += 2
        } else {
            current += 1
        }
        add("P")
    }

    private mutating func encodeR() {
        // French final R after "IE", e.g. "Rogier", but not "Hochmeier" (-MEIER, -MAIER).
        if current == last && !isSlavoGermanic && stringAt(current - 2, "IE") && !stringAt(current - 4, "ME", "MA") {
            add("", "R")
        } else {
            add("R")
        }
        skip(doubling: "R")
    }

    // Over 60 lines as the reference's case for S is: kept whole (see the file's header).
    private mutating func encodeS() {
        // "island", "isle", "carlisle", "carlysle": a silent S.
        if stringAt(current - 1, "ISL", "YSL") {
            current += 1
            return
        }

        // "sugar-".
        if current == 0 && stringAt(current, "SUGAR") {
            add("X", "S")
            current += 1
            return
        }

        if stringAt(current, "SH") {
            if stringAt(current + 1, "HEIM", "HOEK", "HOLM", "HOLZ") {
                add("S")  // Germanic
            } else {
                add("X")
            }
            current += 2
            return
        }

        // Italian and Armenian.
        if stringAt(current, "SIO", "SIA") || stringAt(current, "SIAN") {
            if isSlavoGermanic {
                add("S")
            } else {
                add("S", "X")
            }
            current += 3
            return
        }

        // German and anglicisations: "Smith" should match "Schmidt", "Snider" match
        // "Schneider". Also -SZ- in Slavic languages (in Hungarian it is an 's').
        if (current == 0 && stringAt(current + 1, "M", "N", "L", "W")) || stringAt(current + 1, "Z") {
            add("S", "X")
            current += stringAt(current + 1, "Z") ? 2 : 1
            return
        }

        if stringAt(current, "SC") {
            // Schlesinger's rule.
            if char(current + 2) == "H" {
                // Dutch origin, e.g. "school", "schooner".
                if stringAt(current + 3, "OO", "ER", "EN", "UY", "ED", "EM") {
                    if stringAt(current + 3, "ER", "EN") {
                        add("X", "SK")  // "schermerhorn", "schenker"
                    } else {
                        add("SK")
                    }
                    current += 3
                    return
                }
                // (Positions 3 here are absolute, as in the reference: SCH at the start.)
                if current == 0 && !isVowel(3) && char(3) != "W" {
                    add("X", "S")
                } else {
                    add("X")
                }
                current += 3
                return
            }
            if stringAt(current + 2, "I", "E", "Y") {
                add("S")
                current += 3
                return
            }
            add("SK")
            current += 3
            return
        }

        // French final S after "AI"/"OI": "resnais", "artois".
        if current == last && stringAt(current - 2, "AI", "OI") {
            add("", "S")
        } else {
            add("S")
        }
        current += stringAt(current + 1, "S", "Z") ? 2 : 1
    }

    private mutating func encodeT() {
        if stringAt(current, "TION") {
            add("X")
            current += 3
            return
        }
        if stringAt(current, "TIA", "TCH") {
            add("X")
            current += 3
            return
        }
        if stringAt(current, "TH") || stringAt(current, "TTH") {
            // "Thomas", "Thames", or Germanic: a plain T.
            if stringAt(current + 2, "OM", "AM") || stringAt(0, "VAN ", "VON ") || stringAt(0, "SCH") {
                add("T")
            } else {
                add("0", "T")  // "0" (zero) is the "th" sound
            }
            current += 2
            return
        }
        current += stringAt(current + 1, "T", "D") ? 2 : 1
        add("T")
    }

    private mutating func encodeW() {
        // Can also be in the middle of a word.
        if stringAt(current, "WR") {
            add("R")
            current += 2
            return
        }

        if current == 0 && (isVowel(current + 1) || stringAt(current, "WH")) {
            if isVowel(current + 1) {
                add("A", "F")  // "Wasserman" should match "Vasserman"
            } else {
                add("A")  // "Uomo" should match "Womo"
            }
            // No return: like the reference, fall through to the rules below
            // (so "Witz" also gets the -WITZ rule).
        }

        // "Arnow" should match "Arnoff".
        if (current == last && isVowel(current - 1))
            || stringAt(current - 1, "EWSKI", "EWSKY", "OWSKI", "OWSKY")
            || stringAt(0, "SCH")
        {
            add("", "F")
            current += 1
            return
        }

        // Polish, e.g. "filipowicz".
        if stringAt(current, "WICZ", "WITZ") {
            add("TS", "FX")
            current += 4
            return
        }

        current += 1
    }

    private mutating func encodeX() {
        // French final X: "breaux", "giroux".
        if !(current == last && (stringAt(current - 3, "IAU", "EAU") || stringAt(current - 2, "AU", "OU"))) {
            add("KS")
        }
        current += stringAt(current + 1, "C", "X") ? 2 : 1
    }

    private mutating func encodeZ() {
        // Chinese pinyin, e.g. "zhao".
        if char(current + 1) == "H" {
            add("J")
            current += 2
            return
        }
        if stringAt(current + 1, "ZO", "ZI", "ZA") || (isSlavoGermanic && current > 0 && char(current - 1) != "T") {
            add("S", "TS")
        } else {
            add("S")
        }
        skip(doubling: "Z")
    }
}
