import Testing
@testable import TerminalKit

@Suite struct DisplayWidthTests {
    /// A string from scalar values (the fixture's and the tests' spelling of a cluster).
    private func text(_ values: [UInt32]) -> String {
        var text = ""
        for value in values {
            if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
        }
        return text
    }

    @Test func scalarsMatchWcwidth() {
        let pairs = WcwidthFixture.scalarWidths
        #expect(pairs.count % 2 == 0)
        for index in stride(from: 0, to: pairs.count - 1, by: 2) {
            guard let scalar = Unicode.Scalar(pairs[index]) else {
                Issue.record("not a scalar: \(pairs[index])")
                continue
            }
            #expect(DisplayWidth.of(scalar) == Int(pairs[index + 1]), "U+\(String(pairs[index], radix: 16, uppercase: true))")
        }
    }

    @Test func clustersMatchWcswidth() {
        for (scalars, width) in WcwidthFixture.clusterWidths {
            let cluster = text(scalars)
            #expect(cluster.count == 1, "one grapheme: \(scalars)")
            if let character = cluster.first {
                #expect(DisplayWidth.of(character) == width, "\(scalars.map { String($0, radix: 16) })")
            }
        }
    }

    @Test func eastAsianWideTakesTwo() {
        #expect(DisplayWidth.of("買い物リスト") == 12)
        #expect(DisplayWidth.of("超市") == 4)
        #expect(DisplayWidth.of("ｶﾀｶﾅ") == 4)  // halfwidth katakana: 1 each
        #expect(DisplayWidth.of("ＡＢ") == 4)  // fullwidth Latin
    }

    @Test func thaiCombiningVowelsAndSaraAm() {
        // ส ว+ั ส ด+ี: the vowels above take no column.
        #expect(DisplayWidth.of("สวัสดี") == 4)
        // น + ้ (tone mark, 0) + ำ (SARA AM, spacing: 1) is one grapheme of two columns.
        #expect("น้ำ".count == 1)
        #expect(DisplayWidth.of("น้ำ") == 2)
    }

    @Test func koreanSyllablesAndJamo() {
        #expect(DisplayWidth.of("한국어") == 6)
        // Leading consonant (2) + vowel (0) + final consonant (0): one syllable, as composed.
        let decomposed = "\u{1100}\u{1161}\u{11A8}"
        #expect(decomposed.count == 1)
        #expect(DisplayWidth.of(decomposed) == 2)
        #expect(DisplayWidth.of("\u{1161}" as Unicode.Scalar) == 0)
        #expect(DisplayWidth.of("\u{11A8}" as Unicode.Scalar) == 0)
        #expect(DisplayWidth.of("\u{D7B0}" as Unicode.Scalar) == 0)
    }

    @Test func emojiSequencesTakeTwo() {
        #expect(DisplayWidth.of("\u{2764}\u{FE0F}") == 2)  // ❤️ text default + VS16
        #expect(DisplayWidth.of("\u{2764}") == 1)  // ❤ alone
        #expect(DisplayWidth.of("👩‍💻") == 2)  // ZWJ
        #expect(DisplayWidth.of("👨‍👩‍👧‍👦") == 2)
        #expect(DisplayWidth.of("👍🏽") == 2)  // skin tone
        #expect(DisplayWidth.of("🇫🇷") == 2)  // flag
        #expect(DisplayWidth.of("1\u{FE0F}\u{20E3}") == 2)  // keycap 1️⃣
        #expect(DisplayWidth.of("1\u{20E3}") == 1)  // keycap without VS16: text
        #expect(DisplayWidth.of("🏳️‍🌈") == 2)
        #expect(DisplayWidth.of("🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}") == 2)  // England
        #expect(DisplayWidth.of("🇫🇷🇩🇪") == 4)
        #expect(DisplayWidth.of("a\u{FE0F}") == 1)  // VS16 on a letter changes nothing
    }

    /// Where we differ from wcwidth on purpose (see `DisplayWidth`).
    @Test func deliberateDifferencesFromWcwidth() {
        // A skin tone or ZWJ sequence whose first emoji defaults to text: wcswidth says 1.
        #expect(DisplayWidth.of("\u{261D}\u{1F3FD}") == 2)  // ☝🏽
        #expect(DisplayWidth.of("\u{1F3F3}\u{200D}\u{1F308}") == 2)  // 🏳‍🌈 without VS16
        // Soft hyphen: wcwidth says 1.
        #expect(DisplayWidth.of("\u{AD}" as Unicode.Scalar) == 0)
        #expect(DisplayWidth.of("ice\u{AD}cream") == 8)
        // Controls: wcwidth says -1.
        #expect(DisplayWidth.of("\u{1B}" as Unicode.Scalar) == 0)
        #expect(DisplayWidth.of("\u{9B}" as Unicode.Scalar) == 0)
    }

    @Test func combiningAndFormatCharactersTakeNone() {
        #expect(DisplayWidth.of("e\u{0301}") == 1)  // é decomposed
        #expect(DisplayWidth.of("e\u{0301}" as Character) == 1)
        #expect(DisplayWidth.of("\u{200D}") == 0)  // ZWJ alone
        #expect(DisplayWidth.of("\u{200B}") == 0)  // zero width space
        #expect(DisplayWidth.of("\u{FEFF}") == 0)  // byte order mark
        #expect(DisplayWidth.of("\u{200E}\u{200F}") == 0)  // LRM, RLM
        #expect(DisplayWidth.of("\u{0301}") == 0)  // a mark with no base
        #expect(DisplayWidth.of("a\u{0308}\u{0323}") == 1)
    }

    @Test func indicSpacingMarksAndConjuncts() {
        #expect(DisplayWidth.of("कि") == 2)  // consonant + spacing vowel sign
        #expect(DisplayWidth.of("क्ष") == 2)  // conjunct
        #expect(DisplayWidth.of("क्षि") == 2)  // conjunct + spacing vowel sign
        #expect(DisplayWidth.of("नमस्ते") == 4)
    }

    @Test func asciiAndControls() {
        #expect(DisplayWidth.of("Grocery Store") == 13)
        #expect(DisplayWidth.of("") == 0)
        #expect(DisplayWidth.of("\u{7}") == 0)
        #expect(DisplayWidth.of("\u{7F}" as Character) == 0)
        #expect(DisplayWidth.of("…") == 1)  // East Asian Ambiguous: 1
    }

    @Test func everyScalarIsZeroOneOrTwo() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let width = DisplayWidth.of(scalar)
            if width < 0 || width > 2 {
                Issue.record("U+\(String(value, radix: 16)) is \(width)")
                return
            }
        }
    }

    @Test func tablesAreSortedPairs() {
        for table in [DisplayWidth.zeroWidthRanges, DisplayWidth.wideRanges] {
            #expect(table.count % 2 == 0)
            var previousLast: UInt32? = nil
            for index in stride(from: 0, to: table.count - 1, by: 2) {
                #expect(table[index] <= table[index + 1])
                if let previousLast { #expect(previousLast < table[index]) }
                previousLast = table[index + 1]
            }
        }
    }
}
