import Testing
import TerminalKit
@testable import NcursesBackend

@Suite struct ColorMappingTests {
    private func number(_ color: Color, _ count: Int) -> Int16 { ColorMapping.terminalColor(color, colorCount: count).number }
    private func bold(_ color: Color, _ count: Int) -> Bool { ColorMapping.terminalColor(color, colorCount: count).needsBold }

    @Test func defaultIsMinusOneEverywhere() {
        for count in [0, 8, 16, 256] { #expect(number(.terminalDefault, count) == -1) }
    }

    @Test func with256ColoursEverythingIsAsItIs() {
        #expect(number(.ansi(9), 256) == 9)
        #expect(number(.palette(208), 256) == 208)
        #expect(!bold(.ansi(9), 256))
    }

    @Test func with16ColoursThePaletteBecomesTheNearestANSIColour() {
        #expect(number(.ansi(12), 16) == 12)
        #expect(number(.palette(5), 16) == 5)
        #expect(number(.palette(196), 16) == 9)  // pure red
        #expect(number(.palette(16), 16) == 0)  // black
        #expect(number(.palette(231), 16) == 15)  // white
        #expect(number(.palette(244), 16) == 8)  // mid grey
        #expect(number(.palette(21), 16) == 4)  // pure blue: nearer 0,0,238 than 92,92,255
    }

    @Test func with8ColoursBrightBecomesBold() {
        #expect(number(.ansi(10), 8) == 2)
        #expect(bold(.ansi(10), 8))
        #expect(number(.ansi(2), 8) == 2)
        #expect(!bold(.ansi(2), 8))
        #expect(number(.palette(196), 8) == 1)
        #expect(bold(.palette(196), 8))
    }

    @Test func monochromeShowsTheDefault() {
        #expect(number(.ansi(1), 0) == -1)
        #expect(number(.palette(100), 2) == -1)
        #expect(!bold(.ansi(9), 0))
    }

    @Test func paletteRGB() {
        #expect(ColorMapping.rgb(ofPalette: 16) == (0, 0, 0))
        #expect(ColorMapping.rgb(ofPalette: 196) == (255, 0, 0))
        #expect(ColorMapping.rgb(ofPalette: 232) == (8, 8, 8))
        #expect(ColorMapping.rgb(ofPalette: 255) == (238, 238, 238))
    }

    @Test func pairsAreNumberedOnFirstUseAndCached() {
        var made: [(Int16, Int16, Int16)] = []
        var table = ColorPairTable(pairCount: 64) { number, foreground, background in
            made.append((number, foreground, background))
            return true
        }
        #expect(table.pair(foreground: -1, background: -1) == 0)
        #expect(table.pair(foreground: 1, background: -1) == 1)
        #expect(table.pair(foreground: 2, background: 4) == 2)
        #expect(table.pair(foreground: 1, background: -1) == 1)
        #expect(made.count == 2)
        #expect(made[1] == (2, 2, 4))
    }

    @Test func runningOutOfPairsFallsBackToPairZero() {
        var table = ColorPairTable(pairCount: 3) { _, _, _ in true }
        #expect(table.pair(foreground: 1, background: 0) == 1)
        #expect(table.pair(foreground: 2, background: 0) == 2)
        #expect(table.pair(foreground: 3, background: 0) == 0)
        #expect(table.pair(foreground: 1, background: 0) == 1)
        var none = ColorPairTable(pairCount: 0) { _, _, _ in true }
        #expect(none.pair(foreground: 1, background: 2) == 0)
    }

    @Test func aRefusedPairFallsBackToPairZeroAndItsNumberIsUsedForTheNext() {
        var table = ColorPairTable(pairCount: 10) { _, foreground, _ in foreground < 8 }
        #expect(table.pair(foreground: 99, background: 0) == 0)
        #expect(table.pair(foreground: 2, background: 0) == 1)
        #expect(table.pair(foreground: 99, background: 0) == 0)
    }

    @Test func moreThanAShortOfPairsIsCapped() {
        let table = ColorPairTable(pairCount: 1 << 20) { _, _, _ in true }
        #expect(table.pairCount == Int(Int16.max))
    }
}
