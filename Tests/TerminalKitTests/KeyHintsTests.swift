import Testing
@testable import TerminalKit

@Suite struct KeyHintsTests {
    let keyStyle = Style(foreground: .ansi(6), attributes: .bold)
    let descriptionStyle = Style(foreground: .ansi(8))
    let hints = [KeyHint("a", "add"), KeyHint("r", "rename"), KeyHint("d", "delete"), KeyHint("?", "help")]

    @Test func drawsEveryHintThatFits() {
        var buffer = CellBuffer(size: Size(width: 34, height: 1))
        KeyHints(hints, keyStyle: keyStyle, descriptionStyle: descriptionStyle).draw(into: &buffer, in: buffer.bounds)
        #expect(KeyHints.fittingCount(hints, width: buffer.bounds.width) == 4)
        #expect(buffer.lines() == ["a add  r rename  d delete  ? help "])
        #expect(buffer[0, 0].style == keyStyle)
        #expect(buffer[1, 0].style == descriptionStyle)
        #expect(buffer[2, 0].style == descriptionStyle)
        #expect(buffer[7, 0].style == keyStyle)
        #expect(buffer[33, 0].style == descriptionStyle)
    }

    @Test func dropsWholeHintsFromTheEnd() {
        // "a add  r rename  d delete  ? help" is 33 columns.
        #expect(KeyHints.fittingCount(hints, width: 33) == 4)
        #expect(KeyHints.fittingCount(hints, width: 32) == 3)
        #expect(KeyHints.fittingCount(hints, width: 15) == 2)
        #expect(KeyHints.fittingCount(hints, width: 14) == 1)
        #expect(KeyHints.fittingCount(hints, width: 5) == 1)
        #expect(KeyHints.fittingCount(hints, width: 4) == 0)
        var buffer = CellBuffer(size: Size(width: 20, height: 1))
        KeyHints(hints, keyStyle: keyStyle, descriptionStyle: descriptionStyle).draw(into: &buffer, in: buffer.bounds)
        #expect(KeyHints.fittingCount(hints, width: buffer.bounds.width) == 2)
        #expect(buffer.lines() == ["a add  r rename     "])
    }

    @Test func measuresWideTextAndKeysWithoutDescriptions() {
        let wide = [KeyHint("⏎", "開く"), KeyHint("Esc", ""), KeyHint("q", "quit")]
        #expect(KeyHints.fittingCount(wide, width: 11) == 2)  // "⏎ 開く  Esc" is 11
        var buffer = CellBuffer(size: Size(width: 12, height: 1))
        KeyHints(wide, keyStyle: keyStyle, descriptionStyle: descriptionStyle).draw(into: &buffer, in: buffer.bounds)
        #expect(buffer.lines() == ["⏎ 開く  Esc "])
    }

    @Test func drawsOnTheFirstRowOfItsRect() {
        var buffer = CellBuffer(size: Size(width: 10, height: 3))
        KeyHints(hints, keyStyle: keyStyle, descriptionStyle: descriptionStyle).draw(into: &buffer, in: Rect(x: 2, y: 1, width: 7, height: 2))
        #expect(buffer.lines() == ["          ", "  a add   ", "          "])
    }

    @Test func survivesTinyRectsAndControlCharacters() {
        for size in [Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 3, height: 1)] {
            var buffer = CellBuffer(size: size)
            KeyHints(hints, keyStyle: keyStyle, descriptionStyle: descriptionStyle).draw(into: &buffer, in: buffer.bounds)
            KeyHints([], keyStyle: keyStyle, descriptionStyle: descriptionStyle).draw(into: &buffer, in: buffer.bounds)
        }
        var buffer = CellBuffer(size: Size(width: 12, height: 1))
        KeyHints([KeyHint("\u{1B}", "esc\u{7}")], keyStyle: keyStyle, descriptionStyle: descriptionStyle).draw(into: &buffer, in: buffer.bounds)
        #expect(buffer.lines() == ["␛ esc␇      "])
    }
}
