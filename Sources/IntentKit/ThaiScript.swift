/// What Thai text needs beyond a script without spaces (`SpacelessText`): a character made of
/// vowel or tone marks with no consonant under them ("\u{0E31}\u{0E34}", typed by mistake or
/// pasted) is no word; Thai digits (๐–๙) are a number, not characters of their own, and are
/// compared as ASCII digits, so "อันดับ ๒" and "อันดับ๑๒" name positions 2 and 12.
package enum ThaiScript {
    static let digits: ClosedRange<UInt32> = 0x0E50...0x0E59

    /// Whether a folded word is a Thai character.
    package static func isThai(word: String) -> Bool {
        guard let first = word.unicodeScalars.first else { return false }
        return (0x0E00...0x0E7F).contains(first.value)
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { digits.contains(scalar.value) }

    /// The comparison form of one character of a script without spaces (already NFKC):
    /// "" for marks with nothing to sit on, else the character as it is.
    static func foldCharacter(_ compatible: String) -> String {
        compatible.unicodeScalars.allSatisfy(TextNormalizer.isCombining) ? "" : compatible
    }

    /// The ASCII digit for a Thai digit; any other scalar unchanged.
    static func asciiDigit(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard isDigit(scalar), let ascii = Unicode.Scalar(scalar.value - 0x0E50 + 0x30) else { return scalar }
        return ascii
    }
}
