import Foundation

/// Hangul in the similar band: a typo in Korean is one letter (jamo) of a syllable block
/// ("약굴" for "약국", "장바기" for "장보기"), so names are compared letter by letter, with
/// syllable blocks taken apart; other scripts compare as they are.
extension NameMatcher {
    /// The scalars a word is compared by: Hangul syllables as their jamo (canonical
    /// decomposition), anything else as it is.
    static func comparisonScalars(_ word: String) -> [Unicode.Scalar] {
        guard word.unicodeScalars.contains(where: GluedParticles.isHangul) else { return Array(word.unicodeScalars) }
        return Array(word.decomposedStringWithCanonicalMapping.unicodeScalars)
    }

    /// Edits allowed between two words (as `comparisonScalars`): by length, and for Hangul no
    /// more than one jamo per syllable after the first ("약국": one, "장보기": two).
    static func allowance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        let byLength = allowance(max(a.count, b.count))
        let syllables = max(a.count(where: isLeadingJamo), b.count(where: isLeadingJamo))
        return syllables == 0 ? byLength : min(byLength, syllables - 1)
    }

    /// A syllable's first jamo (U+1100–U+1112): one per syllable block taken apart.
    private static func isLeadingJamo(_ scalar: Unicode.Scalar) -> Bool { (0x1100...0x1112).contains(scalar.value) }
}
