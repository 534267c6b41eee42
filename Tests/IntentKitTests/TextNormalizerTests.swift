import Testing

@testable import IntentKit

@Suite("Text normalisation")
struct TextNormalizerTests {
    @Test("NFKC: full-width letters and ligatures become plain letters")
    func compatibilityForms() {
        #expect(TextNormalizer.fold("ｆｕｌｌ") == "full")
        #expect(TextNormalizer.fold("ＡＤＤ ｒｉｃｅ") == "add rice")
        #expect(TextNormalizer.fold("ﬁsh") == "fish")
        #expect(TextNormalizer.fold("ｆｕｌｌ") == TextNormalizer.fold("FULL"))
    }

    @Test("case and diacritics are folded for comparison")
    func caseAndDiacritics() {
        #expect(TextNormalizer.fold("Crème Brûlée") == "creme brulee")
        #expect(TextNormalizer.fold("Crème Brûlée") == TextNormalizer.fold("creme brulee"))
        #expect(TextNormalizer.fold("CAFÉ") == "cafe")
        #expect(TextNormalizer.fold("Ñandú") == "nandu")
        // Decomposed (NFD) input folds the same as precomposed.
        #expect(TextNormalizer.fold("Cre\u{0300}me") == "creme")
    }

    @Test("apostrophes are dropped inside words, whatever their shape")
    func apostrophes() {
        #expect(TextNormalizer.fold("what's") == "whats")
        #expect(TextNormalizer.fold("What’s") == "whats")
        #expect(TextNormalizer.fold("what\u{02BC}s") == "whats")
        #expect(TextNormalizer.fold("don't") == TextNormalizer.fold("dont"))
        // A leading or trailing apostrophe is not part of the word.
        #expect(TextNormalizer.fold("'tis the kids' list") == "tis the kids list")
    }

    @Test("punctuation and extra spaces are ignored")
    func punctuationAndSpaces() {
        #expect(TextNormalizer.fold("  Hello,   world!!  ") == "hello world")
        #expect(TextNormalizer.fold("add rice... to: the \"list\"?") == "add rice to the list")
        #expect(TextNormalizer.fold("list-o-mat") == "list o mat")
        #expect(TextNormalizer.fold("a\tb\nc") == "a b c")
        #expect(TextNormalizer.fold("?!...,;") == "")
        #expect(TextNormalizer.fold("") == "")
        #expect(TextNormalizer.tokenize("   ").isEmpty)
    }

    @Test("tokens keep the person's spelling through their ranges")
    func tokenRangesKeepOriginalSpelling() {
        let text = "Add  Crème Fraîche, to “Bob’s” list!"
        let tokens = TextNormalizer.tokenize(text)
        #expect(tokens.map(\.folded) == ["add", "creme", "fraiche", "to", "bobs", "list"])
        #expect(tokens.map { String(text[$0.range]) } == ["Add", "Crème", "Fraîche", "to", "Bob’s", "list"])
        // A trailing apostrophe stays out of the range as well as the folded form.
        let kids = "the kids' list"
        #expect(TextNormalizer.tokenize(kids).map { String(kids[$0.range]) } == ["the", "kids", "list"])
    }

    @Test("control characters, format characters and emoji do not crash and do not glue words")
    func controlsAndEmoji() {
        let controls = "\u{0}\u{7}add\u{1B}[31m rice\u{8}\u{7F} to\r\nlist"
        let folded = TextNormalizer.tokenize(controls).map(\.folded)
        #expect(folded.contains("add"))
        #expect(folded.contains("rice"))
        #expect(folded.contains("list"))
        #expect(!folded.contains { $0.unicodeScalars.contains { $0.properties.generalCategory == .control } })

        #expect(TextNormalizer.fold("rice\u{200B}onions") == "rice onions")
        #expect(TextNormalizer.fold("\u{FEFF}rice") == "rice")

        let emoji = "🍕 pizza 👍🏽 and 👨‍👩‍👧 family"
        let words = TextNormalizer.tokenize(emoji)
        #expect(words.map(\.folded).contains("pizza"))
        #expect(words.map(\.folded).contains("family"))
        for token in words { _ = emoji[token.range] }  // ranges stay valid

        // Lone combining marks, surrogate-free oddities, RTL marks: no crash, no empty tokens.
        let odd = "\u{0301}\u{0301} \u{200F}abc\u{202E}def \u{E000}"
        #expect(TextNormalizer.tokenize(odd).allSatisfy { !$0.folded.isEmpty })
    }

    @Test("a long input folds without trouble")
    func longInput() {
        let text = String(repeating: "Crème, brûlée and rice ", count: 5_000)
        #expect(TextNormalizer.tokenize(text).count == 20_000)
    }
    @Test("Hangul, Han, Thai and Cyrillic characters fold on the fast path exactly as through Foundation")
    func fastFoldAgreesWithFoundation() {
        var words: [String] = []
        for value in Array(0xAC00...0xD7A3) + Array(0x4E00...0x9FFF) + Array(0x3400...0x4DBF) + Array(0x0E01...0x0E5B) {
            words.append(String(Unicode.Scalar(UInt32(value))!))
        }
        // A Thai consonant with each mark, and with two marks in either order.
        let marks = (0x0E31...0x0E4E).map { String(Unicode.Scalar(UInt32($0))!) }
        for first in marks {
            words.append("ก" + first)
            for second in marks { words.append("ก" + first + second) }
        }
        words += ["우유를", "장보기에서", "할일", "ทำ", "ปุ่", "ปุ่"]
        // Every Cyrillic letter alone, and beside each other one (capitals, й, ё and the rest).
        let cyrillic = (0x0400...0x045F).map { String(Unicode.Scalar(UInt32($0))!) }
        words += cyrillic
        for first in cyrillic { for second in cyrillic { words.append(first + second) } }
        words += ["Добавь", "КОЛБАСУ", "покупок", "Ёлка", "йогурт", "Список", "а\u{0E48}"]
        let differing = words.filter { word in
            TextNormalizer.stableFold(word[...]).map { $0 != TextNormalizer.compatibilityFold(word[...]) } ?? false
        }
        #expect(differing.isEmpty, "\(differing.prefix(10).map { $0.unicodeScalars.map { String($0.value, radix: 16) } })")
    }

    @Test("Accented Latin letters fold on the fast path exactly as through Foundation, and the others take the slow one")
    func latinFoldAgreesWithFoundation() {
        let letters = (0x00C0...0x017F).map { String(Unicode.Scalar(UInt32($0))!) }
        var words = letters
        // Each letter after and before ASCII, capitals, digits and apostrophes.
        for letter in letters { words += ["P" + letter + "te", "x" + letter, letter + "'s", letter + "\u{2019}d", "9" + letter] }
        words += ["Crème", "FRAÎCHE", "aujourd’hui", "Ça", "naïve", "Señor", "Łódź", "œufs", "Straße", "e\u{0301}te", "ÆON"]
        var fast = 0
        let differing = words.filter { word in
            guard let folded = TextNormalizer.latinFold(word[...]) else { return false }
            fast += 1
            return folded != TextNormalizer.compatibilityFold(word[...])
        }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
        #expect(fast > 900)
        // No fast path for letters that fold to no single ASCII letter, nor for combining marks.
        for word in ["œufs", "Straße", "e\u{0301}te", "ÆON", "Łódź", "×"] { #expect(TextNormalizer.latinFold(word[...]) == nil, "\(word)") }
    }


    @Test("Every scalar the quick tokenizer knows is read as a grapheme of the character tokenizer reads it")
    func quickKindsAgreeWithCharacters() {
        var checked = 0
        for value in UInt32(0)...0xFFFF {
            guard let kind = TextNormalizer.quickKind(value), let scalar = Unicode.Scalar(value) else { continue }
            let character = Character(scalar)
            checked += 1
            let expected: TextNormalizer.QuickKind =
                if SpacelessText.isSpaceless(character) { .spaceless }
                else if TextNormalizer.isApostrophe(character) { .apostrophe }
                else if TextNormalizer.isWordCharacter(character) { .word }
                else { .breaking }
            if kind == .thaiMark {
                // A mark is no grapheme of its own after a Thai letter: "ก" and the mark are one.
                #expect("\u{0E01}\(character)".count == 1, "\(String(value, radix: 16))")
            } else {
                #expect(kind == expected, "\(String(value, radix: 16))")
                // Nor does it join what is before or after it (no prepended or extending scalar).
                for other in ["a", "\u{0E01}", "中"] {
                    #expect((other + String(character)).count == 2 && (String(character) + other).count == 2, "\(String(value, radix: 16))")
                }
            }
        }
        #expect(checked > 39_000)
    }

    @Test("The quick tokenizer gives the character tokenizer's words, or leaves the text to it")
    func quickTokenizerAgreesWithCharacters() {
        let thai = (0x0E00...0x0E7F).map { String(Unicode.Scalar(UInt32($0))!) }
        let others = ["a", "Z", "7", " ", "'", "\u{2019}", "\u{02BC}", "&", ",", "?", "é", "Ç", "œ", "ß", "×", "Д", "й", "ё", "\u{0483}",
                      "가", "힣", "\u{1161}", "\u{11A8}", "ㄱ", "中", "清", "\u{3000}", "。", "，", "？", "あ", "\u{0301}", "\u{200D}",
                      "\u{FE0F}", "\t", "\n", "\r", "«", "»", "\u{00A0}", "…", "—", "l", "h"]
        let pool = thai + others
        var texts: [String] = []
        // Every pair from the Thai block and the others; triples of Thai.
        for first in pool { for second in pool { texts.append(first + second) } }
        for first in thai { for second in thai { for third in ["\u{0E01}", "\u{0E31}", "\u{0E33}", "\u{0E48}", "\u{0E38}", " ", "a"] {
            texts.append(first + second + third)
        } } }
        // Random words of the pool, with the elided words French splits.
        var random = SplitMix64(state: 7)
        let words = pool + ["l'", "qu\u{2019}", "ร้าน", "ขายยา", "把酸奶", "장보기에", "Добавь", "râpé", "d'huile", "aujourd’hui"]
        for _ in 0..<20_000 {
            let count = Int(random.next() % 9) + 1
            texts.append((0..<count).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined())
        }
        texts += ["ร้านขายยา เพิ่มยาแก้ไอหน่อย", "把酸奶加到购物清单", "장보기에 콩나물 추가해 줘", "Добавь колбасу в список покупок",
                  "ajoute du fromage râpé à la liste de courses", "l’huile d’olive", "kids’ list"]
        var quick = 0
        for text in texts {
            guard let tokens = TextNormalizer.tokenizeByScalars(text) else { continue }
            quick += 1
            #expect(tokens == TextNormalizer.tokenizeByCharacters(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(quick > 10_000)
    }

    @Test("a run of words' folded text is their folded words joined by spaces, byte for byte")
    func foldedTextIsTheWordsJoined() {
        let texts = ["", "milk", "add milk to the Hardware Store list", "Crème  Brûlée, s'il vous plaît",
                     "把牛奶加到购物清单", "장보기에 우유 추가해 줘", "Добавь  ёлку в список", "kids' toys"]
        for text in texts {
            let tokens = TextNormalizer.tokenize(text)
            for start in tokens.indices {
                for end in start...tokens.count {
                    let run = tokens[start..<end]
                    #expect(run.foldedText == run.map(\.folded).joined(separator: " "), "\(text) \(start)..<\(end)")
                }
            }
        }
        // Words made elsewhere, an empty one among them, join the same way.
        let made = ["", "a", "", "bc"].map { Token(folded: $0, range: "".startIndex..<"".startIndex) }
        #expect(made.foldedText == made.map(\.folded).joined(separator: " "))
    }
}
