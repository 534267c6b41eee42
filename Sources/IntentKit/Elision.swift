import Foundation

/// French elision: "l'huile", "d'olive", "qu'est-ce", "j'ai", "jusqu'à" are two words each, the
/// elided one keeping its apostrophe in the text ("l'") and folding to its letters ("l"), so
/// templates say `[l'|la|le]` and a value keeps "huile d'olive" as typed.
///
/// The tokenizer is the same for every language (names, templates and requests must fold
/// alike), so the rule is one English can never meet: only these prefixes split, and only
/// before a vowel or "h" ("c'mon", "s'mores" stay whole), except "l'" and "d'", which split
/// before any letter (Home Assistant's templates write "l'tâches"). "what's", "don't", "i'd",
/// "let's", "o'brien" have no such prefix and stay one word.
enum Elision {
    /// The elided words, folded and without their apostrophe.
    static let prefixes: Set<String> = ["l", "d", "j", "m", "n", "s", "t", "c", "qu", "jusqu", "lorsqu", "puisqu", "quoiqu"]
    /// Elided before any letter.
    private static let beforeAnyLetter: Set<String> = ["l", "d"]

    /// Whether `word` (folded, the letters before an apostrophe) is elided before `next`, the
    /// first character after the apostrophe.
    static func splits(_ word: String, before next: Character) -> Bool {
        guard prefixes.contains(word), next.isLetter else { return false }
        return beforeAnyLetter.contains(word) || startsWithVowel(next)
    }

    private static func startsWithVowel(_ c: Character) -> Bool {
        guard let first = String(c).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .unicodeScalars.first
        else { return false }
        return "aeiouyhæœ".unicodeScalars.contains(first)
    }
}
