import Foundation

/// A word of an utterance: its folded form for comparison, and where it stands in the
/// original text, so values keep the person's own spelling ("Crème Fraîche").
package struct Token: Hashable, Sendable {
    package var folded: String
    package var range: Range<String.Index>
}

/// Comparison form of text: Unicode NFKC, case folded, diacritics removed, apostrophes
/// dropped ("What’s" → "whats") except after an elided word ("l'huile" → "l", "huile":
/// `Elision`), every other punctuation mark a word break.
package enum TextNormalizer {
    /// The comparison form of a whole phrase: its folded words joined by single spaces.
    package static func fold(_ text: String) -> String {
        tokenize(text).map(\.folded).joined(separator: " ")
    }

    /// Splits `text` into words with their folded forms.
    package static func tokenize(_ text: String) -> [Token] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return tokenizeASCII(text) }
        return tokenizeByScalars(text) ?? tokenizeByCharacters(text)
    }

    /// The rules, a `Character` (a grapheme) at a time: any text.
    static func tokenizeByCharacters(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var start: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if SpacelessText.isSpaceless(character) {
                // A script written without spaces: each character is a word (`SpacelessText`).
                if let s = start { appendToken(text, s..<index, &tokens) }
                start = nil
                appendToken(text, index..<next, &tokens)
            } else if isApostrophe(character), let s = start, next < text.endIndex,
                Elision.splits(foldWord(text[s..<index]), before: text[next]) {
                // An elided word ("l'", "qu'") is a word of its own, with its apostrophe.
                tokens.append(Token(folded: foldWord(text[s..<index]), range: s..<next))
                start = nil
            } else if isWordCharacter(character) || (isApostrophe(character) && start != nil) {
                if start == nil { start = index }
            } else if let s = start {
                appendToken(text, s..<index, &tokens)
                start = nil
            }
            index = next
        }
        if let s = start { appendToken(text, s..<text.endIndex, &tokens) }
        return tokens
    }

    /// How `tokenizeByScalars` reads a scalar (see `quickKind`).
    enum QuickKind { case word, apostrophe, breaking, spaceless, thaiMark }

    /// The kind of a scalar of text that `tokenizeByScalars` reads, nil for any other. Every
    /// scalar here is a grapheme of its own, but a Thai mark, which belongs to the Thai letter
    /// before it; the kinds are what `tokenizeByCharacters` makes of such graphemes (checked
    /// for every one of them in `TextNormalizerTests`).
    static func quickKind(_ value: UInt32) -> QuickKind? {
        switch value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x26: .word
        case 0x27, 0x2019: .apostrophe
        case 0x20...0x7E, 0xA0, 0xAB, 0xBB, 0x2013, 0x2014, 0x2018, 0x201C, 0x201D, 0x2026,
             0x3000...0x3002, 0xFF01, 0xFF0C, 0xFF1A, 0xFF1B, 0xFF1F: .breaking
        // Accented Latin, Cyrillic (not its combining marks), Hangul syllables.
        case 0xC0...0x17F, 0x400...0x482, 0x48A...0x4FF, 0xAC00...0xD7A3: .word
        // Thai letters, vowels and signs written on the line (not its digits), and Han.
        case 0x0E01...0x0E30, 0x0E32, 0x0E3F...0x0E46, 0x0E4F, 0x0E5A, 0x0E5B,
             0x3400...0x4DBF, 0x4E00...0x9FFF: .spaceless
        // Thai vowel and tone marks above and below a letter, and sara am.
        case 0x0E31, 0x0E33, 0x0E34...0x0E3A, 0x0E47...0x0E4E: .thaiMark
        default: nil
        }
    }

    /// `tokenizeByCharacters`' answer, read a scalar at a time (finding where each grapheme
    /// ends is most of the cost of reading Thai and Chinese): for text of the scalars
    /// `quickKind` knows, with a Thai mark only after a Thai letter; nil for any other text.
    static func tokenizeByScalars(_ text: String) -> [Token]? {
        var tokens: [Token] = []
        // Room for a word every few bytes, made once rather than grown from nothing.
        tokens.reserveCapacity(text.utf8.count / 4 + 2)
        let scalars = text.unicodeScalars
        var start: String.Index?
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let value = scalars[index].value
            // A mark with no letter under it (at the start) is a grapheme of its own.
            guard let kind = quickKind(value), kind != .thaiMark else { return nil }
            var next = scalars.index(after: index)
            var marks = 0
            var orderedMarks = 0
            var saraAm = false
            while next < scalars.endIndex, case let mark = scalars[next].value, quickKind(mark) == .thaiMark {
                marks += 1
                if (0x0E38...0x0E3A).contains(mark) || (0x0E48...0x0E4B).contains(mark) { orderedMarks += 1 }
                if mark == 0x0E33 { saraAm = true }
                next = scalars.index(after: next)
            }
            // A mark after anything but a Thai letter makes a grapheme of what is before it.
            if marks > 0, !(kind == .spaceless && value < 0x1000) { return nil }
            switch kind {
            case .spaceless:
                if let s = start { appendToken(text, s..<index, &tokens) }
                start = nil
                // `stableFold` of one Thai letter with at most one mark NFKC could reorder, and
                // no sara am, or of one Han character, is the character itself.
                let folded = orderedMarks <= 1 && !saraAm ? String(text[index..<next]) : foldWord(text[index..<next])
                if !folded.isEmpty { tokens.append(Token(folded: folded, range: index..<next)) }
            case .apostrophe:
                if let s = start, next < scalars.endIndex, Elision.splits(foldWord(text[s..<index]), before: text[next]) {
                    tokens.append(Token(folded: foldWord(text[s..<index]), range: s..<next))
                    start = nil
                }
            case .word:
                if start == nil { start = index }
            case .breaking, .thaiMark:  // (no grapheme starts with a mark here)
                if let s = start { appendToken(text, s..<index, &tokens) }
                start = nil
            }
            index = next
        }
        if let s = start { appendToken(text, s..<text.endIndex, &tokens) }
        return tokens
    }

    /// The same rules over bytes, for the common all-ASCII utterance.
    private static func tokenizeASCII(_ text: String) -> [Token] {
        // Over the bytes where they lie (a String of Swift's own), else over a copy.
        text.utf8.withContiguousStorageIfAvailable { tokenizeASCII(text, $0) }
            ?? Array(text.utf8).withUnsafeBufferPointer { tokenizeASCII(text, $0) }
    }

    /// `tokenizeASCII` over `text`'s bytes, read by offset (a step of `String.UTF8View`'s
    /// index checks the string's encoding at every byte).
    private static func tokenizeASCII(_ text: String, _ utf8: UnsafeBufferPointer<UInt8>) -> [Token] {
        var tokens: [Token] = []
        // Room for a word every few bytes, made once rather than grown from nothing.
        tokens.reserveCapacity(utf8.count / 4 + 2)
        let origin = text.utf8.startIndex
        func index(_ offset: Int) -> String.Index { text.utf8.index(origin, offsetBy: offset) }
        /// The folded word of the bytes `start..<end`: in lower case, without the apostrophes inside.
        func word(_ start: Int, _ end: Int) -> String {
            let bytes = UnsafeBufferPointer(rebasing: utf8[start..<end])
            // Most words are typed in lower case without an apostrophe: their bytes as they are.
            guard bytes.contains(where: { (0x41...0x5A).contains($0) || $0 == 0x27 }) else { return String(decoding: bytes, as: UTF8.self) }
            return String(decoding: bytes.lazy.filter { $0 != 0x27 }.map { (0x41...0x5A).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
        }
        var start: Int?
        var lastWordEnd = 0
        for offset in utf8.indices {
            switch utf8[offset] {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x26:
                if start == nil { start = offset }
                lastWordEnd = offset + 1
            case 0x27 where start != nil:
                // An elided word ("l'", "qu'") is a word of its own, with its apostrophe;
                // otherwise an apostrophe inside a word is dropped, a trailing one is not part of it.
                if offset + 1 < utf8.count, let s = start,
                   case let elided = word(s, offset), Elision.splits(elided, before: Character(Unicode.Scalar(utf8[offset + 1]))) {
                    tokens.append(Token(folded: elided, range: index(s)..<index(offset + 1)))
                    start = nil
                }
            default:
                if let s = start { tokens.append(Token(folded: word(s, lastWordEnd), range: index(s)..<index(lastWordEnd))) }
                start = nil
            }
        }
        if let s = start { tokens.append(Token(folded: word(s, lastWordEnd), range: index(s)..<index(lastWordEnd))) }
        return tokens
    }

    private static func appendToken(_ text: String, _ range: Range<String.Index>, _ tokens: inout [Token]) {
        var end = range.upperBound
        // A trailing apostrophe ("kids'") belongs to the word's spelling, not its comparison form.
        // Its last scalar is looked at first: finding the grapheme before `end` costs more.
        let scalars = text.unicodeScalars
        while end > range.lowerBound, isApostropheScalar(scalars[scalars.index(before: end)]),
              isApostrophe(text[text.index(before: end)]) { end = text.index(before: end) }
        guard end > range.lowerBound else { return }
        let folded = foldWord(text[range.lowerBound..<end])
        guard !folded.isEmpty else { return }
        tokens.append(Token(folded: folded, range: range.lowerBound..<end))
    }

    /// Folds one word. ASCII (most words) takes a fast path, and so do Hangul, Han and Thai.
    static func foldWord(_ word: Substring) -> String {
        if word.utf8.allSatisfy({ $0 < 0x80 }) {
            // Written straight into the string's storage: no array made and copied.
            return String(unsafeUninitializedCapacity: word.utf8.count) { buffer in
                var count = 0
                for byte in word.utf8 where byte != 0x27 {
                    buffer[count] = byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte
                    count += 1
                }
                return count
            }
        }
        return stableFold(word) ?? latinFold(word) ?? compatibilityFold(word)
    }

    /// The folded form of a word of ASCII and the accented Latin letters that fold to one ASCII
    /// letter (U+00C0–U+017F: "râpé", "Ça", "naïve"), without Foundation's normalisation and
    /// folding (a microsecond or more a word): these letters are their own NFKC form, and case
    /// and accents fold each to the letter `latinLetters` gives; ASCII as the ASCII path reads it,
    /// apostrophes (' ’ ʼ) dropped. Nil for any other character (æ, œ, ß, a combining mark…): the
    /// slow path. `TextNormalizerTests` checks it against the slow path for every such letter.
    static func latinFold(_ word: Substring) -> String? {
        var foreign = false
        // Each scalar gives at most one byte: written straight into the string's storage.
        let folded = String(unsafeUninitializedCapacity: word.utf8.count) { buffer in
            var count = 0
            for scalar in word.unicodeScalars {
                let value = scalar.value
                if value < 0x80 {
                    guard value != 0x27 else { continue }
                    let byte = UInt8(value)
                    buffer[count] = byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte
                } else if value == 0x2019 || value == 0x02BC {
                    continue
                } else if value >= 0xC0, value <= 0x17F, case let letter = latinLetters[Int(value - 0xC0)], letter != 0x2E {
                    buffer[count] = letter
                } else {
                    foreign = true
                    return 0
                }
                count += 1
            }
            return count
        }
        return foreign ? nil : folded
    }

    /// U+00C0–U+017F folded (case, accents) as Foundation folds them, where that is one ASCII
    /// letter; "." where it is not (×, ÷, æ, ð, ø, þ, ß, đ, ħ, ı, ĳ, ĸ, ŀ, ł, ŋ, œ, ŧ).
    static let latinLetters: [UInt8] = Array(
        "aaaaaa.ceeeeiiii.nooooo..uuuuy..aaaaaa.ceeeeiiii.nooooo..uuuuy.yaaaaaaccccccccdd..eeeeeeeeeegggggggghh..iiiiiiiii...jjkk.llllll....nnnnnnn..oooooo..rrrrrrsssssssstttt..uuuuuuuuuuuuwwyyyzzzzzzs"
            .utf8)

    /// Folds one word through Foundation: NFKC, then case, accents and width.
    static func compatibilityFold(_ word: Substring) -> String {
        let compatible = String(word).precomposedStringWithCompatibilityMapping
        // Thai and Lao vowel and tone marks are letters of the word, not accents to drop.
        if word.count == 1, SpacelessText.isSpaceless(word.first!) { return ThaiScript.foldCharacter(compatible) }
        let folded = compatible.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        return String(folded.unicodeScalars.filter { !isApostropheScalar($0) && !isCombining($0) }
            .map { Character(ThaiScript.asciiDigit($0)) }).lowercased()
    }

    /// The folded form of a word of Hangul syllables, or of one Han or Thai character, without
    /// Foundation's normalisation and folding (a microsecond or more a word): those scalars are
    /// their own NFKC form and have no case, accent or width to fold; a Thai character only with
    /// at most one mark that NFKC could reorder, and not ำ (which NFKC splits). A word of the 64
    /// basic Cyrillic letters and Ё ё takes it too, capitals made small, Й й read as и and Ё ё
    /// as е (their marks are accents to Foundation's folding). Nil: the slow path.
    /// `TextNormalizerTests` checks it against the slow path for every such character.
    static func stableFold(_ word: Substring) -> String? {
        var thai = false
        var cyrillic = false
        var capitals = false
        var orderedMarks = 0
        for scalar in word.unicodeScalars {
            switch scalar.value {
            case 0xAC00...0xD7A3, 0x3400...0x4DBF, 0x4E00...0x9FFF: continue
            case 0x0430...0x0438, 0x043A...0x044F: cyrillic = true
            // Capitals, and the small letters read as others (й, ё): the word is written anew.
            case 0x0410...0x042F, 0x0439, 0x0401, 0x0451: cyrillic = true; capitals = true
            case 0x0E38...0x0E3A, 0x0E48...0x0E4B: thai = true; orderedMarks += 1
            case 0x0E01...0x0E32, 0x0E34...0x0E37, 0x0E3F...0x0E47, 0x0E4C...0x0E4F: thai = true
            default: return nil
            }
        }
        guard orderedMarks <= 1, !(thai && cyrillic) else { return nil }
        if capitals {
            // А–Я (U+0410–U+042F) are а–я (U+0430–U+044F); Й й are и, Ё ё are е. Written as
            // UTF-8 into one buffer (a scalar view grown a scalar at a time cost more).
            var bytes: [UInt8] = []
            bytes.reserveCapacity(word.utf8.count)
            for scalar in word.unicodeScalars {
                let small: Unicode.Scalar
                switch scalar.value {
                case 0x0419, 0x0439: small = "\u{0438}"
                case 0x0401, 0x0451: small = "\u{0435}"
                case 0x0410...0x042F: small = Unicode.Scalar(scalar.value + 0x20)!
                default: small = scalar
                }
                UTF8.encode(small) { bytes.append($0) }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        guard thai else { return String(word) }
        return word.count == 1 ? ThaiScript.foldCharacter(String(word)) : nil
    }

    static func isWordCharacter(_ c: Character) -> Bool {
        if c.isASCII {
            guard let a = c.asciiValue else { return false }
            return (a >= 0x30 && a <= 0x39) || (a >= 0x41 && a <= 0x5A) || (a >= 0x61 && a <= 0x7A) || a == 0x26  // &
        }
        if c.isWhitespace || c.isPunctuation { return false }
        // Controls and format characters are never part of a word.
        return !c.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }
    }

    /// By its one scalar: `==` between Characters compares canonical equivalence, which for a
    /// character of another script (every Thai character is a word) normalises both sides. These
    /// three have no other form, so the answer is the same.
    static func isApostrophe(_ c: Character) -> Bool {
        let scalars = c.unicodeScalars
        guard let first = scalars.first, isApostropheScalar(first) else { return false }
        return scalars.index(after: scalars.startIndex) == scalars.endIndex
    }
    static func isApostropheScalar(_ s: Unicode.Scalar) -> Bool { s == "'" || s == "\u{2019}" || s == "\u{02BC}" }

    static func isCombining(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return true
        default: return false
        }
    }
}

/// Phrases (folded words) looked up by the word they start with, or end with: the longest
/// one found at the start (or end) of some words, at the cost of one dictionary look-up.
/// Words are compared by their bytes (`FoldedKey`): both sides are folded.
struct PhraseIndex: Sendable {
    private var byWord: [FoldedKey: [[String]]] = [:]
    private let fromEnd: Bool
    /// The keys' lengths in bytes (bit n: n bytes; bit 63: 63 or more) and first bytes (bit b
    /// of the four words: byte b): a word that fits neither is no key, told without hashing it.
    private var lengths: UInt64 = 0
    private var firstBytes: [UInt64] = [0, 0, 0, 0]

    init(_ phrases: [[String]], fromEnd: Bool = false) {
        self.fromEnd = fromEnd
        for phrase in phrases {
            guard let key = fromEnd ? phrase.last : phrase.first else { continue }
            byWord[FoldedKey(key), default: []].append(phrase)
            lengths |= 1 << UInt64(min(key.utf8.count, 63))
            if let first = key.utf8.first { firstBytes[Int(first >> 6)] |= 1 << UInt64(first & 63) }
        }
        for key in byWord.keys { byWord[key]!.sort { $0.count > $1.count } }
    }

    /// Whether a word may be a key: its length and first byte are a key's.
    private func mayBeKey(_ word: String) -> Bool {
        guard lengths & (1 << UInt64(min(word.utf8.count, 63))) != 0, let first = word.utf8.first else { return false }
        return firstBytes[Int(first >> 6)] & (1 << UInt64(first & 63)) != 0
    }

    /// How many words the longest phrase at the start (the end) of `tokens` takes, leaving at
    /// least `keep` words; nil when none is there.
    func match(_ tokens: ArraySlice<Token>, keep: Int = 0) -> Int? {
        guard let edge = fromEnd ? tokens.last : tokens.first, mayBeKey(edge.folded),
              let candidates = byWord[FoldedKey(edge.folded)] else { return nil }
        for phrase in candidates where phrase.count + keep <= tokens.count {
            // The edge word is the key, the same bytes: the others are compared, in place.
            let start = fromEnd ? tokens.endIndex - phrase.count : tokens.startIndex
            let others = fromEnd ? 0..<(phrase.count - 1) : 1..<phrase.count
            if others.allSatisfy({ FoldedKey.same(phrase[$0], tokens[start + $0].folded) }) { return phrase.count }
        }
        return nil
    }
}
