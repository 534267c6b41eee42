import Testing
@testable import TerminalKit

@Suite struct TextWrapTests {
    @Test func breaksAtSpacesAndDropsThemAtTheBreak() {
        #expect(TextWrap.wrap("Add milk to Grocery Store", width: 10) == ["Add milk", "to Grocery", "Store"])
        #expect(TextWrap.wrap("a    b", width: 3) == ["a", "b"])
        #expect(TextWrap.wrap("a  b", width: 10) == ["a  b"])
    }

    @Test func everyLineFitsTheWidth() {
        let text = "Which list did you mean: Grocery Store, Groceries for the party, or 買い物リスト?"
        for width in 1...30 {
            for line in TextWrap.wrap(text, width: width) {
                // The one exception: a single glyph wider than the line (tinyWidths).
                #expect(CellBuffer.width(of: line) <= width || line.count == 1, "width \(width): \(line)")
            }
        }
    }

    @Test func breaksAWordLongerThanTheWidth() {
        #expect(TextWrap.wrap("supercalifragilistic", width: 8) == ["supercal", "ifragili", "stic"])
        #expect(TextWrap.wrap("ok supercalifragilistic yes", width: 8) == ["ok", "supercal", "ifragili", "stic yes"])
    }

    @Test func breaksCJKBetweenCharactersByDisplayWidth() {
        #expect(TextWrap.wrap("買い物リスト", width: 5) == ["買い", "物リ", "スト"])
        #expect(TextWrap.wrap("買い物リスト", width: 6) == ["買い物", "リスト"])
        #expect(TextWrap.wrap("milk 牛乳 eggs", width: 7) == ["milk 牛", "乳 eggs"])
    }

    @Test func keepsEmojiClustersWhole() {
        // A ZWJ sequence and e + combining acute are one grapheme each.
        #expect(TextWrap.wrap("👩‍💻👩‍💻👩‍💻", width: 4) == ["👩‍💻👩‍💻", "👩‍💻"])
        #expect(TextWrap.wrap("cafe\u{301} cafe\u{301}", width: 4) == ["cafe\u{301}", "cafe\u{301}"])
    }

    @Test func newlinesStartLinesAndEmptyParagraphsStay() {
        #expect(TextWrap.wrap("one\n\ntwo three", width: 5) == ["one", "", "two", "three"])
        #expect(TextWrap.wrap("a\r\nb", width: 5) == ["a", "b"])
        #expect(TextWrap.wrap("", width: 5) == [""])
        #expect(TextWrap.wrap("   ", width: 5) == [""])
    }

    @Test func keepsTheFirstLinesIndentation() {
        #expect(TextWrap.wrap("  - milk and eggs", width: 10) == ["  - milk", "and eggs"])
    }

    @Test func tinyWidths() {
        #expect(TextWrap.wrap("abc", width: 0) == [])
        #expect(TextWrap.wrap("abc", width: -3) == [])
        #expect(TextWrap.wrap("ab c", width: 1) == ["a", "b", "c"])
        // A wide glyph wider than the line still gets a line (write blanks it): no endless loop.
        #expect(TextWrap.wrap("買い", width: 1) == ["買", "い"])
    }

    @Test func controlCharactersAreMeasuredAsTheirPlaceholders() {
        // ESC draws as ␛ (1 column), so it counts as one.
        #expect(TextWrap.wrap("ab\u{1B}cd ef", width: 5) == ["ab\u{1B}cd", "ef"])
    }

    @Test func koreanBreaksAtSpacesLikeEnglish() {
        // 12 columns: "목록을 추가합니다" breaks between its two words, not inside "추가합니다".
        #expect(TextWrap.wrap("목록을 추가합니다", width: 12) == ["목록을", "추가합니다"])
        // A word longer than the line is still cut at the edge.
        #expect(TextWrap.wrap("추가합니다", width: 4) == ["추가", "합니", "다"])
    }

    @Test func closingPunctuationNeverStartsALine() {
        // "（再按：存储顺序）" at 16 columns: "）" goes down with the character it closes.
        #expect(TextWrap.wrap("（再按：存储顺序）", width: 16) == ["（再按：存储顺", "序）"])
        #expect(TextWrap.wrap("清单。", width: 4) == ["清", "单。"])
        #expect(TextWrap.wrap("ab）", width: 2) == ["ab", "）"])
    }
}
