import Foundation
import Testing

@testable import IntentKit

/// The word sets and the question mark check the engine makes for every request give the
/// answers of the plain look-ups they replace.
@Suite("Folded word sets")
struct FoldedWordSetTests {
    static let sets: [Set<String>] = [
        ["清 单", "的 清 单", "那 个 单 子", "list", "一 下"],
        ["ร า ย ก า ร", "อั น นี้", "ห น่ อ ย", "นะ", "the", "my"],
        ["с", "в", "список", "на", "и"],
        ["목록", "리스트", "좀", "에"],
        ["de", "la", "l'", "du", "des", "à"],
        // Not a phrase a run of words can be (two spaces): found whole, never word by word.
        ["清  单"],
    ]

    static let utterances = [
        "搬家的清单", "把酸奶加到购物清单", "清单", "那个单子里的一下", "add milk to my list",
        "ร้านขายยา เพิ่มยาแก้ไอหน่อย", "รายการอันนี้นะ", "ลบรายการ", "Добавь колбасу в список покупок",
        "장보기에 콩나물 추가해 줘", "ajoute du fromage râpé à la liste de courses", "清  单",
    ]

    @Test("a phrase at either edge is found as joining the words and looking them up finds it")
    func phraseLengths() {
        for set in Self.sets {
            let words = FoldedWordSet(set)
            for utterance in Self.utterances {
                let tokens = TextNormalizer.tokenize(utterance).map(\.folded)
                for count in 0...tokens.count {
                    for fromEnd in [false, true] {
                        for keep in 0...2 {
                            let expected = SpacelessText.phraseLength(in: set, count: count, fromEnd: fromEnd, keep: keep) { tokens[$0] }
                            let found = words.phraseLength(count: count, fromEnd: fromEnd, keep: keep) { tokens[$0] }
                            #expect(found == expected, "\(set) \(tokens.prefix(count)) fromEnd \(fromEnd) keep \(keep)")
                        }
                    }
                }
            }
        }
    }

    @Test("a word is in the set exactly when the set holds it")
    func membership() {
        for set in Self.sets {
            let words = FoldedWordSet(set)
            for member in set { #expect(words.contains(member)) }
            for utterance in Self.utterances {
                for token in TextNormalizer.tokenize(utterance) {
                    #expect(words.contains(token.folded) == set.contains(token.folded), "\(token.folded)")
                }
            }
        }
    }

    @Test("folded keys of every length are found by their bytes, and a key one byte apart is not")
    func keysOfEveryLength() {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789 éжก清")
        let texts = (0...40).map { count in String((0..<count).map { alphabet[$0 % alphabet.count] }) }
        let keys = Set(texts.map(FoldedKey.init))
        #expect(keys.count == texts.count)
        for text in texts {
            // The same bytes in a string made another way (not a literal, not small).
            let copy = String(decoding: Array(text.utf8), as: UTF8.self)
            #expect(keys.contains(FoldedKey(copy)))
            #expect(FoldedKey(copy)._rawHashValue(seed: 7) == FoldedKey(text)._rawHashValue(seed: 7))
            guard let last = text.last else { continue }
            #expect(!keys.contains(FoldedKey(String(text.dropLast()) + (last == "x" ? "y" : "x"))), "\(text)")
        }
    }

    @Test("a question mark at the end is found as trimming white space and asking for the suffix finds it")
    func questionMarks() {
        let texts = [
            "is milk on my list?", "is milk on my list? ", "is milk on my list?\n\t", "มีนมไหม？", "有牛奶吗？\u{3000}",
            "add milk", "add milk?!", "?", "", "   ", "what?\u{00A0}\u{2028}", "what? x", "a?\u{0301}", "a?\u{0301} ",
            "¿qué?", "add milk.\u{2029}", "what?\u{200B}", "what?\u{200B}\u{3000} ", "what?\u{FEFF}", "what?\u{180E}",
        ]
        for text in texts {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(IntentEngine.endsWithQuestionMark(text) == (trimmed.hasSuffix("?") || trimmed.hasSuffix("？")), "\(text.debugDescription)")
        }
    }
}
