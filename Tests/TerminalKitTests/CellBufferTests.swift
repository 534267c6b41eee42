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
}
