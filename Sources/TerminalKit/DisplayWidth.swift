/// How many terminal columns text takes, as terminals draw it: East Asian wide and
/// fullwidth characters take 2; combining marks, format characters and zero-width joiners
/// take 0; an emoji presentation sequence (an emoji that presents as emoji, a character with
/// VS16, a ZWJ sequence, a flag) takes 2 as a whole.
public enum DisplayWidth {
    /// The columns of one grapheme cluster (after `Sanitizer`: no control characters).
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        // Fast path: ASCII.
        if let first = scalars.first, first.value < 0x7F, scalars.count == 1 {
            return first.value >= 0x20 ? 1 : 0
        }
        if isEmojiSequence(scalars) { return 2 }
        var width = 0
        for scalar in scalars { width += of(scalar) }
        return min(width, 2)
    }

    /// The columns of a string, grapheme by grapheme.
    public static func of(_ text: String) -> Int {
        var width = 0
        for character in text { width += of(character) }
        return width
    }

    /// The columns of one scalar on its own (wcwidth).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 }
        if isZeroWidth(scalar) { return 0 }
        return isWide(value) ? 2 : 1
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        // Hangul medial vowels and final consonants join the syllable before them.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return true }
        if value == 0x200B || value == 0x200C || value == 0x200D || value == 0x2060 || value == 0xFEFF { return true }
        if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return true }  // variation selectors
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges, and the emoji that present as emoji.
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
             0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
             0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
             0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
             0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
             0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x16FE0...0x16FE4, 0x17000...0x187F7, 0x18800...0x18CD5, 0x1B000...0x1B2FF,
             0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202, 0x1F210...0x1F23B,
             0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F320,
             0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA,
             0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440,
             0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A,
             0x1F595...0x1F596, 0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC,
             0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC,
             0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945,
             0x1F947...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// A cluster drawn as one emoji: two regional indicators (a flag), a character followed
    /// by VS16, or a ZWJ sequence of emoji.
    static func isEmojiSequence(_ scalars: Character.UnicodeScalarView) -> Bool {
        guard scalars.count > 1 else { return false }
        var regional = 0
        for scalar in scalars {
            switch scalar.value {
            case 0xFE0F: return true
            case 0x200D: if scalars.contains(where: { $0.properties.isEmoji && $0.value > 0xFF }) { return true }
            case 0x1F1E6...0x1F1FF: regional += 1
            default: break
            }
        }
        return regional >= 2
    }
}
