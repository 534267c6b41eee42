import Testing
@testable import TerminalKit

@Suite struct CellBufferTests {
    @Test func writesAndClipsWithEllipsis() {
        var buffer = CellBuffer(size: Size(width: 10, height: 1))
        #expect(buffer.write("Grocery Store", x: 0, y: 0, style: .plain) == 10)
        #expect(buffer.lines() == ["Grocery S…"])
    }

    @Test func neverSplitsAWideGlyph() {
        var buffer = CellBuffer(size: Size(width: 5, height: 1))
        buffer.write("買い物リスト", x: 0, y: 0, style: .plain)
        #expect(buffer.lines() == ["買い…"])
        #expect(buffer[1, 0].isContinuation)
    }

    @Test func controlCharactersBecomePlaceholders() {
        var buffer = CellBuffer(size: Size(width: 20, height: 1))
        buffer.write("a\u{1B}[31mb", x: 0, y: 0, style: .plain)
        #expect(buffer.lines() == ["a␛[31mb" + String(repeating: " ", count: 13)])
    }

    // MARK: - Where the text goes

    @Test func textLeftOfTheBufferIsCutOffOnTheLeft() {
        var buffer = CellBuffer(size: Size(width: 5, height: 1))
        #expect(buffer.write("abcdef", x: -2, y: 0, style: .plain) == 4)
        #expect(buffer.lines() == ["cdef "])
    }

    @Test func aWideGlyphHalfLeftOfTheBufferLeavesABlank() {
        var buffer = CellBuffer(size: Size(width: 4, height: 1))
        buffer.write("xxxx", x: 0, y: 0, style: .plain)
        #expect(buffer.write("買い", x: -1, y: 0, style: .plain) == 3)
        #expect(buffer.lines() == [" いx"])
        #expect(!buffer[0, 0].isContinuation)
        #expect(buffer[2, 0].isContinuation)
    }

    @Test func leftOfTheBufferWithMaxWidthEllipsisAtTheRightPlace() {
        var buffer = CellBuffer(size: Size(width: 5, height: 1))
        // Columns -2..2 are the text's five; it needs six: "abcd…" of which "cd…" shows.
        #expect(buffer.write("abcdef", x: -2, y: 0, maxWidth: 5, style: .plain) == 3)
        #expect(buffer.lines() == ["cd…  "])
    }

    @Test func textEntirelyLeftOfTheBufferDrawsNothing() {
        var buffer = CellBuffer(size: Size(width: 5, height: 1))
        #expect(buffer.write("ab", x: -5, y: 0, style: .plain) == 0)
        #expect(buffer.write("ab", x: -2, y: 0, style: .plain) == 0)
        #expect(buffer.write("abcdef", x: -1, y: 0, maxWidth: 1, style: .plain) == 0)
        #expect(buffer.write("abc", x: Int.min, y: 0, style: .plain) == 0)
        #expect(buffer.write("abc", x: Int.min, y: 0, maxWidth: Int.max, style: .plain) == 0)
        #expect(buffer.lines() == ["     "])
    }

    @Test func textAtOrBeyondTheRightEdgeDrawsNothing() {
        var buffer = CellBuffer(size: Size(width: 5, height: 1))
        #expect(buffer.write("ab", x: 5, y: 0, style: .plain) == 0)
        #expect(buffer.write("ab", x: 500, y: 0, style: .plain) == 0)
        #expect(buffer.write("ab", x: Int.max, y: 0, maxWidth: Int.max, style: .plain) == 0)
        #expect(buffer.lines() == ["     "])
        #expect(buffer.write("ab", x: 4, y: 0, style: .plain) == 1)
        #expect(buffer.lines() == ["    …"])
    }

    @Test func rowsOutOfRangeDrawNothing() {
        var buffer = CellBuffer(size: Size(width: 3, height: 2))
        #expect(buffer.write("ab", x: 0, y: -1, style: .plain) == 0)
        #expect(buffer.write("ab", x: 0, y: 2, style: .plain) == 0)
        #expect(buffer.write("ab", x: 0, y: Int.min, style: .plain) == 0)
        #expect(buffer.lines() == ["   ", "   "])
    }

    // MARK: - maxWidth

    @Test func maxWidthZeroOrLessDrawsNothing() {
        var buffer = CellBuffer(size: Size(width: 5, height: 1))
        #expect(buffer.write("abc", x: 1, y: 0, maxWidth: 0, style: .plain) == 0)
        #expect(buffer.write("abc", x: 1, y: 0, maxWidth: -3, style: .plain) == 0)
        #expect(buffer.write("abc", x: 1, y: 0, maxWidth: Int.min, style: .plain) == 0)
        #expect(buffer.lines() == ["     "])
    }

    @Test func maxWidthOneIsTheTextOrJustAnEllipsis() {
        for (text, shown, used) in [("a", "a", 1), ("ab", "…", 1), ("買", "…", 1), ("", " ", 0), ("é", "é", 1)] {
            var buffer = CellBuffer(size: Size(width: 3, height: 1))
            #expect(buffer.write(text, x: 1, y: 0, maxWidth: 1, style: .plain) == used, "\(text)")
            #expect(buffer.lines() == [" \(shown) "], "\(text)")
        }
    }

    @Test func maxWidthTwo() {
        for (text, shown, used) in [("ab", "ab", 2), ("abc", "a…", 2), ("買", "買", 2), ("買い", "… ", 1), ("a買", "a…", 2), ("👩‍💻", "👩‍💻", 2)] {
            var buffer = CellBuffer(size: Size(width: 4, height: 1))
            #expect(buffer.write(text, x: 1, y: 0, maxWidth: 2, style: .plain) == used, "\(text)")
            #expect(buffer.lines() == [" \(shown) "], "\(text)")
        }
    }

    @Test func maxWidthPastTheEdgeStopsAtTheEdge() {
        var buffer = CellBuffer(size: Size(width: 5, height: 1))
        #expect(buffer.write("abcdefgh", x: 2, y: 0, maxWidth: 100, style: .plain) == 3)
        #expect(buffer.lines() == ["  ab…"])
        #expect(buffer.write("abc", x: 0, y: 0, maxWidth: Int.max, style: .plain) == 3)
        #expect(buffer.lines() == ["abcb…"])
        // x + maxWidth past Int.max: no overflow.
        #expect(buffer.write("xy", x: 3, y: 0, maxWidth: Int.max, style: .plain) == 2)
        #expect(buffer.lines() == ["abcxy"])
    }

    @Test func ellipsisIsExactForWideText() {
        for (width, shown, used) in [(12, "買い物リスト", 12), (11, "買い物リス… ", 11), (10, "買い物リ…   ", 9)] {
            var buffer = CellBuffer(size: Size(width: 12, height: 1))
            #expect(buffer.write("買い物リスト", x: 0, y: 0, maxWidth: width, style: .plain) == used)
            #expect(buffer.lines() == [shown])
        }
    }

    // MARK: - Wide glyphs

    @Test func aWideGlyphAtTheLastColumnBecomesTheEllipsis() {
        var buffer = CellBuffer(size: Size(width: 5, height: 1))
        #expect(buffer.write("abcd買", x: 0, y: 0, style: .plain) == 5)
        #expect(buffer.lines() == ["abcd…"])
        #expect(buffer.write("abc買", x: 0, y: 0, style: .plain) == 5)
        #expect(buffer.lines() == ["abc買"])
        #expect(buffer[4, 0].isContinuation)
        #expect(buffer.write("買", x: 4, y: 0, style: .plain) == 1)
        #expect(buffer.lines() == ["abc …"])
        #expect(!buffer.cells.contains { $0.isContinuation })
    }

    @Test func overwritingTheRightHalfOfAWideGlyphBlanksItsLeftHalf() {
        var buffer = CellBuffer(size: Size(width: 4, height: 1))
        buffer.write("買い", x: 0, y: 0, style: .plain)
        buffer.write("x", x: 1, y: 0, style: .plain)
        #expect(buffer.lines() == [" xい"])
        #expect(buffer[0, 0] == .blank())
    }

    @Test func overwritingTheLeftHalfOfAWideGlyphBlanksItsRightHalf() {
        var buffer = CellBuffer(size: Size(width: 4, height: 1))
        buffer.write("買い", x: 0, y: 0, style: .plain)
        buffer.write("x", x: 2, y: 0, style: .plain)
        #expect(buffer.lines() == ["買x "])
        #expect(buffer[3, 0] == .blank())
    }

    @Test func aWideGlyphAcrossTwoWideGlyphsBlanksBothOuterHalves() {
        var buffer = CellBuffer(size: Size(width: 4, height: 1))
        buffer.write("買い", x: 0, y: 0, style: .plain)
        buffer.write("超", x: 1, y: 0, style: .plain)
        #expect(buffer.lines() == [" 超 "])
        #expect(buffer[2, 0].isContinuation)
        #expect(!buffer[3, 0].isContinuation)
    }

    @Test func emojiAndClustersTakeOneGlyph() {
        var buffer = CellBuffer(size: Size(width: 12, height: 1))
        #expect(buffer.write("👩‍💻🇫🇷❤️1️⃣", x: 0, y: 0, style: .plain) == 8)
        #expect(buffer[0, 0].text == "👩‍💻")
        #expect(buffer[0, 0].width == 2)
        #expect(buffer[2, 0].text == "🇫🇷")
        #expect(buffer[4, 0].text == "\u{2764}\u{FE0F}")
        #expect(buffer[6, 0].text == "1\u{FE0F}\u{20E3}")
        buffer.write("e\u{0301}น้ำ", x: 0, y: 0, style: .plain)
        #expect(buffer[0, 0].text == "e\u{0301}")
        #expect(buffer[1, 0].text == "น้ำ")
        #expect(buffer[1, 0].width == 2)
    }

    @Test func clustersWiderThanTwoColumnsAreSplit() {
        // A letter with a stray skin tone: 1 + 2 columns, as wcwidth counts it.
        var buffer = CellBuffer(size: Size(width: 4, height: 1))
        #expect(buffer.write("a\u{1F3FD}", x: 0, y: 0, style: .plain) == 3)
        #expect(buffer[0, 0].text == "a")
        #expect(buffer[1, 0].text == "\u{1F3FD}")
        #expect(buffer[2, 0].isContinuation)
        #expect(DisplayWidth.of(buffer.lines()[0]) == 4)
    }

    @Test func marksWithNoBaseAndZeroWidthTextAreLeftOut() {
        var buffer = CellBuffer(size: Size(width: 4, height: 1))
        #expect(buffer.write("\u{0301}ab", x: 0, y: 0, style: .plain) == 2)
        #expect(buffer.lines() == ["ab  "])
        #expect(buffer.write("\u{200B}\u{200D}\u{AD}\u{FEFF}", x: 0, y: 0, style: .plain) == 0)
        #expect(buffer.lines() == ["ab  "])
        #expect(buffer.write("ice\u{AD}cream", x: 0, y: 0, style: .plain) == 4)
        #expect(buffer.lines() == ["ice…"])
    }

    @Test func invalidUTF8ShowsReplacementCharacters() {
        let text = String(decoding: [0x61, 0xFF, 0x62, 0xC3, 0x28, 0xE2, 0x82] as [UInt8], as: UTF8.self)
        var buffer = CellBuffer(size: Size(width: 8, height: 1))
        #expect(buffer.write(text, x: 0, y: 0, style: .plain) == 6)
        #expect(buffer.lines() == ["a\u{FFFD}b\u{FFFD}(\u{FFFD}  "])
    }

    // MARK: - Buffer sizes

    @Test func zeroSizeBuffers() {
        var empty = CellBuffer(size: Size(width: 0, height: 0))
        #expect(empty.write("abc", x: 0, y: 0, style: .plain) == 0)
        empty.fill(Rect(x: 0, y: 0, width: 5, height: 5), style: .plain)
        empty.setStyle(.plain, in: Rect(x: 0, y: 0, width: 5, height: 5))
        #expect(empty.lines() == [])
        var noColumns = CellBuffer(size: Size(width: 0, height: 2))
        #expect(noColumns.write("abc", x: 0, y: 1, style: .plain) == 0)
        #expect(noColumns.lines() == ["", ""])
        var noRows = CellBuffer(size: Size(width: 3, height: 0))
        #expect(noRows.write("abc", x: 0, y: 0, style: .plain) == 0)
        #expect(noRows.lines() == [])
        let negative = CellBuffer(size: Size(width: -3, height: -1))
        #expect(negative.size == Size(width: 0, height: 0))
    }

    @Test func oneByOneBuffer() {
        var buffer = CellBuffer(size: Size(width: 1, height: 1))
        #expect(buffer.write("a", x: 0, y: 0, style: .plain) == 1)
        #expect(buffer.lines() == ["a"])
        #expect(buffer.write("ab", x: 0, y: 0, style: .plain) == 1)
        #expect(buffer.lines() == ["…"])
        #expect(buffer.write("買", x: 0, y: 0, style: .plain) == 1)
        #expect(buffer.lines() == ["…"])
        #expect(buffer.write("👩‍💻", x: 0, y: 0, style: .plain) == 1)
        #expect(buffer.lines() == ["…"])
        #expect(buffer.write("\u{1B}", x: 0, y: 0, style: .plain) == 1)
        #expect(buffer.lines() == ["␛"])
        #expect(!buffer.cells.contains { $0.isContinuation })
    }

    // MARK: - Speed

    @Test func veryLongTextIsClippedEarly() {
        let ascii = String(repeating: "abcdefghij", count: 10_000)  // 100 KB
        let wide = String(repeating: "買い物リスト", count: 5_600)  // 100 KB of UTF-8
        let mixed = String(repeating: "Grocery 超市 👩‍💻 ", count: 4_000)  // 100 KB
        let asciiThenWide = ascii + "買"
        var buffer = CellBuffer(size: Size(width: 200, height: 50))
        // 200 writes of 100 KB each, clipped at the edge. (Speed is measured in Benchmarks,
        // where every key press renders the whole screen, never timed in a test.)
        for row in 0..<50 {
            for text in [ascii, wide, mixed, asciiThenWide] { buffer.write(text, x: 0, y: row, style: .plain) }
        }
        #expect(buffer.lines()[0] == String(ascii.prefix(199)) + "…")
        #expect(DisplayWidth.of(buffer.lines()[49]) == 200)
    }

    @Test func aFullScreenRedrawOfLongLinesEndsEachInAnEllipsis() {
        var buffer = CellBuffer(size: Size(width: 200, height: 50))
        let line = String(repeating: "Milk, eggs, bread ", count: 12)
        for _ in 0..<20 {
            for row in 0..<50 { buffer.write(line, x: 0, y: row, style: .plain) }
        }
        #expect(buffer.lines().allSatisfy { $0.hasSuffix("…") && DisplayWidth.of($0) == 200 })
    }

    // MARK: - fill, setStyle, lines

    @Test func fillBlanksTheOtherHalfOfWideGlyphsAtItsEdges() {
        var buffer = CellBuffer(size: Size(width: 6, height: 2))
        buffer.write("買い物", x: 0, y: 0, style: .plain)
        let selected = Style(foreground: .ansi(1), attributes: .reverse)
        buffer.fill(Rect(x: 1, y: 0, width: 3, height: 1), style: selected)
        #expect(buffer.lines() == ["    物", "      "])
        #expect(buffer[0, 0] == .blank())
        #expect(buffer[1, 0] == .blank(selected))
        #expect(buffer[3, 0] == .blank(selected))
        #expect(buffer[4, 0].text == "物")
    }

    @Test func fillIsClippedToTheBuffer() {
        var buffer = CellBuffer(size: Size(width: 3, height: 2))
        let style = Style(background: .palette(17))
        buffer.fill(Rect(x: -5, y: 1, width: 100, height: 100), style: style)
        #expect(buffer[0, 0].style == .plain)
        #expect((0..<3).allSatisfy { buffer[$0, 1] == .blank(style) })
        buffer.fill(Rect(x: 10, y: 10, width: 2, height: 2), style: .plain)
        buffer.fill(Rect(x: 0, y: 0, width: 0, height: 5), style: .plain)
        #expect(buffer[0, 1].style == style)
        // Rectangles reaching past Int.max: clipped, no overflow.
        let bold = Style(attributes: .bold)
        buffer.fill(Rect(x: 2, y: 0, width: Int.max, height: Int.max), style: bold)
        buffer.fill(Rect(x: Int.max - 1, y: Int.max - 1, width: 10, height: 10), style: .plain)
        buffer.setStyle(.plain, in: Rect(x: Int.max, y: 0, width: Int.max, height: 1))
        #expect(buffer[2, 0].style == bold)
        #expect(buffer[2, 1].style == bold)
        #expect(buffer[1, 1].style == style)
    }

    @Test func setStyleKeepsTextAndIsClipped() {
        var buffer = CellBuffer(size: Size(width: 4, height: 2))
        buffer.write("ab買", x: 0, y: 0, style: .plain)
        let selection = Style(attributes: [.reverse, .bold])
        buffer.setStyle(selection, in: Rect(x: -1, y: 0, width: 10, height: 1))
        #expect(buffer.lines() == ["ab買", "    "])
        #expect((0..<4).allSatisfy { buffer[$0, 0].style == selection })
        #expect(buffer[0, 1].style == .plain)
        #expect(buffer[2, 0].width == 2)
        #expect(buffer[3, 0].isContinuation)
    }

    @Test func everyLineIsAsWideAsTheBuffer() {
        var buffer = CellBuffer(size: Size(width: 13, height: 9))
        let texts = ["買い物リスト", "超市 and more", "สวัสดี น้ำ", "한국어 \u{1100}\u{1161}\u{11A8}", "❤️❤👩‍💻👍🏽🇫🇷1️⃣",
                     "e\u{0301}\u{200D}\u{AD}x", "\u{1B}]52;c;SGVsbG8=\u{07}", "a\r\nb\u{9B}", "कि क्षि a\u{1F3FD}"]
        for (row, text) in texts.enumerated() { buffer.write(text, x: row % 3, y: row, style: .plain) }
        // Overlaps that cut wide glyphs.
        buffer.write("xy", x: 1, y: 0, style: .plain)
        buffer.write("超", x: 4, y: 1, style: .plain)
        for line in buffer.lines() {
            #expect(DisplayWidth.of(line) == 13, "\(line)")
            #expect(!line.unicodeScalars.contains(where: Sanitizer.isUnsafe))
        }
        // A continuation cell adds no character.
        var wide = CellBuffer(size: Size(width: 4, height: 1))
        wide.write("買い", x: 0, y: 0, style: .plain)
        #expect(wide.lines() == ["買い"])
        #expect(wide.lines()[0].count == 2)
    }

    @Test func glyphsAreWhatWriteDraws() {
        let glyphs = CellBuffer.glyphs("a\r\n買\u{0301}👩‍💻\u{200B}")
        #expect(glyphs.map(\.text) == ["a", "␍", "␊", "買\u{0301}", "👩‍💻"])
        #expect(glyphs.map(\.width) == [1, 1, 1, 2, 2])
    }

    @Test func widthOfMatchesWhatWriteUses() {
        for text in ["", "abc", "買い物", "a\r\nb", "\u{1B}[31m", "👩‍💻 🇫🇷", "\u{0301}x", "a\u{1F3FD}", "ice\u{AD}cream"] {
            var buffer = CellBuffer(size: Size(width: 40, height: 1))
            #expect(buffer.write(text, x: 0, y: 0, style: .plain) == CellBuffer.width(of: text), "\(text)")
        }
    }
}
