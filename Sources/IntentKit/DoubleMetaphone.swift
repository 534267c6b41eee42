// Double Metaphone phonetic encoding.
//
// A port of Lawrence Philips' reference C++ implementation (C/C++ Users Journal,
// June 2000), including the bug fixes by Kevin Atkinson that every widely used
// port carries (e.g. Maurice Aubrey's C / Stephen Lacy's C++ versions). The rules
// below mirror the reference one for one, in the same order, because the order
// is significant: many later tests rely on earlier ones having returned.
//
// Three files (folding here, the encoder, the letters' rules), and some functions over 60 lines (`encode` and the letters with the most
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

package enum DoubleMetaphone {
    /// Primary and alternate codes (max 4 characters each, like the reference), uppercase.
    /// Input: any string; non-letters are skipped; diacritics: Ç -> S, Ñ -> N handled as the reference does; other letters folded to ASCII first.
    package static func codes(_ word: String) -> (primary: String, alternate: String) {
        let letters = Self.fold(word)
        if letters.isEmpty { return ("", "") }
        var encoder = MetaphoneEncoder(letters)
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
