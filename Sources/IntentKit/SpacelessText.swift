/// Text of the scripts written without spaces between words: Han (Chinese, Japanese kanji),
/// kana, Thai, Lao, Khmer and Myanmar. `TextNormalizer.tokenize` makes each of their
/// characters (a grapheme: a Thai consonant with its marks) a word of its own, so templates,
/// names and values match whether or not the person typed spaces, and a value is cut from
/// the original text by its first and last character, never joined again.
/// A language's words of several characters ("清单", "还有", "รายการ") are then phrases of
/// single-character words: `phraseLength` finds them where the engine looks for one word.
package enum SpacelessText {
    /// The longest phrase of single characters looked for at an edge ("那个单子", "的清单"; Thai
    /// words take more characters: "รายการ" six, "อันที่สอง" six, "ทั้งหมดเลย" seven).
    static let longestPhrase = 8

    /// Whether a scalar belongs to a script written without spaces between words.
    package static func isSpaceless(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0E50...0x0E59: return false  // Thai digits make numbers (`ThaiScript`)
        case 0x0E00...0x0E7F,  // Thai
             0x0E80...0x0EFF,  // Lao
             0x1000...0x109F,  // Myanmar
             0x1780...0x17FF, 0x19E0...0x19FF,  // Khmer
             0x3005, 0x3007,  // 々 〇
             0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F,  // kana
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF:  // Han
            return true
        default:
            return false
        }
    }

    /// Whether a character is one word of its own (see the type's description).
    static func isSpaceless(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first, first.value >= 0x0E00 else { return false }
        return isSpaceless(first)
    }

    /// Whether a folded word is a character of those scripts.
    package static func isSpaceless(word: String) -> Bool {
        guard let first = word.unicodeScalars.first, first.value >= 0x0E00 else { return false }
        return isSpaceless(first)
    }

    /// How many of `count` words, at the start (or the end), make one phrase of `set` (each
    /// phrase its folded words joined by spaces), leaving at least `keep` words; 0 when none.
    /// A word of another script is looked up alone, exactly as a one-word set always was;
    /// only single characters of these scripts are joined into the phrases they may begin.
    package static func phraseLength(
        in set: Set<String>, count: Int, fromEnd: Bool = false, keep: Int = 0, word: (Int) -> String
    ) -> Int {
        guard count > keep else { return 0 }
        let edge = word(fromEnd ? count - 1 : 0)
        guard isSpaceless(word: edge) else { return set.contains(edge) ? 1 : 0 }
        for length in stride(from: min(longestPhrase, count - keep), through: 1, by: -1) {
            let words = fromEnd ? (count - length)..<count : 0..<length
            if set.contains(words.map(word).joined(separator: " ")) { return length }
        }
        return 0
    }

    /// Whether a space between two words of these scripts separates two values: in a
    /// language that writes its lists without spaces (`list_format.spaced: false`), "气球 彩带
    /// 蛋糕" is three things, as "นม ไข่" is two.
    static func spaceSeparates(_ previous: Token, _ token: Token, in text: String) -> Bool {
        guard let last = text[previous.range].last, let first = text[token.range].first,
              isSpaceless(last), isSpaceless(first) else { return false }
        return text[previous.range.upperBound..<token.range.lowerBound].contains(where: \.isWhitespace)
    }
}

/// The words of a script written without spaces that begin or end as padding does but are
/// words of their own (the language's `skip.words`): "ช่วย" (a polite "please") at the start
/// of "ช่วยเหลือ" (help) is the start of that word, as 喂 is of 喂猫 (feed the cat), so the
/// longest of these words at an edge decides where padding may end (`IntentEngine.paddingAtStart`).
/// A dictionary the language writes, not the templates' literals: those are phrases in
/// Chinese ("删掉吧"), whose padding is to be cut.
struct SpacelessWords: Sendable {
    let atStart: PhraseIndex
    let atEnd: PhraseIndex

    /// `words`: each word's folded characters.
    init(_ words: [[String]]) {
        let words = words.filter { $0.count > 1 && $0.allSatisfy(SpacelessText.isSpaceless(word:)) }
        atStart = PhraseIndex(words)
        atEnd = PhraseIndex(words, fromEnd: true)
    }
}
