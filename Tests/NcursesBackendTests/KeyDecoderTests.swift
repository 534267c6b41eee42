import CNcursesw
import Testing
import TerminalKit
@testable import NcursesBackend

@Suite struct KeyDecoderTests {
    @Test func printableCharactersAreCharacters() {
        #expect(KeyDecoder.key(forCharacter: 0x61) == .character("a"))
        #expect(KeyDecoder.key(forCharacter: 0x20) == .character(" "))
        #expect(KeyDecoder.key(forCharacter: 0x8CB7) == .character("買"))
        #expect(KeyDecoder.key(forCharacter: 0x1F469) == .character("👩"))
    }

    @Test func controlLettersAndTheirSpecialCases() {
        #expect(KeyDecoder.key(forCharacter: 3) == .control("c"))
        #expect(KeyDecoder.key(forCharacter: 18) == .control("r"))
        #expect(KeyDecoder.key(forCharacter: 1) == .control("a"))
        #expect(KeyDecoder.key(forCharacter: 26) == .control("z"))
        #expect(KeyDecoder.key(forCharacter: 9) == .tab)
        #expect(KeyDecoder.key(forCharacter: 13) == .enter)
        #expect(KeyDecoder.key(forCharacter: 10) == .enter)
        #expect(KeyDecoder.key(forCharacter: 8) == .backspace)
        #expect(KeyDecoder.key(forCharacter: 127) == .backspace)
        #expect(KeyDecoder.key(forCharacter: 27) == .escape)
    }

    @Test func otherControlsAndNonScalarsAreIgnored() {
        for value: UInt32 in [0, 28, 29, 30, 31, 0x80, 0x9B, 0x9F, 0xD800, 0x110000] {
            #expect(KeyDecoder.key(forCharacter: value) == nil, "\(value)")
        }
    }

    @Test func altTakesPrintableCharactersOnly() {
        #expect(KeyDecoder.altKey(forCharacter: 0x62) == .alt("b"))
        #expect(KeyDecoder.altKey(forCharacter: 0x8CB7) == .alt("買"))
        #expect(KeyDecoder.altKey(forCharacter: 13) == nil)
        #expect(KeyDecoder.altKey(forCharacter: 27) == nil)
        #expect(KeyDecoder.altKey(forCharacter: 18) == nil)
    }

    @Test func keyCodes() {
        #expect(KeyDecoder.key(forKeyCode: KEY_UP) == .up)
        #expect(KeyDecoder.key(forKeyCode: KEY_DOWN) == .down)
        #expect(KeyDecoder.key(forKeyCode: KEY_LEFT) == .left)
        #expect(KeyDecoder.key(forKeyCode: KEY_RIGHT) == .right)
        #expect(KeyDecoder.key(forKeyCode: KEY_HOME) == .home)
        #expect(KeyDecoder.key(forKeyCode: KEY_END) == .end)
        #expect(KeyDecoder.key(forKeyCode: KEY_PPAGE) == .pageUp)
        #expect(KeyDecoder.key(forKeyCode: KEY_NPAGE) == .pageDown)
        #expect(KeyDecoder.key(forKeyCode: KEY_DC) == .delete)
        #expect(KeyDecoder.key(forKeyCode: KEY_IC) == .insert)
        #expect(KeyDecoder.key(forKeyCode: KEY_BTAB) == .backTab)
        #expect(KeyDecoder.key(forKeyCode: KEY_BACKSPACE) == .backspace)
        #expect(KeyDecoder.key(forKeyCode: KEY_ENTER) == .enter)
        #expect(KeyDecoder.key(forKeyCode: KEY_F0 + 1) == .function(1))
        #expect(KeyDecoder.key(forKeyCode: KEY_F0 + 12) == .function(12))
    }

    @Test func keyCodesTheTerminalHandlesOrDoesNotKnowGiveNil() {
        #expect(KeyDecoder.key(forKeyCode: KEY_F0) == nil)
        #expect(KeyDecoder.key(forKeyCode: KEY_RESIZE) == nil)
        #expect(KeyDecoder.key(forKeyCode: KEY_MOUSE) == nil)
        #expect(KeyDecoder.key(forKeyCode: NcursesTerminal.pasteStartKeyCode) == nil)
        #expect(KeyDecoder.key(forKeyCode: KEY_MAX + 40) == nil)
        #expect(KeyDecoder.key(forKeyCode: -1) == nil)
    }

    @Test func homeAndEndSequencesTerminfoMayNotListAreDefined() {
        // tmux sends ESC [ 1 ~ and ESC [ 4 ~ for Home and End whatever TERM says.
        let table = Dictionary(KeyDecoder.extraSequences.map { ($0.sequence, $0.code) }, uniquingKeysWith: { a, _ in a })
        #expect(table["\u{1B}[1~"].flatMap(KeyDecoder.key(forKeyCode:)) == .home)
        #expect(table["\u{1B}[4~"].flatMap(KeyDecoder.key(forKeyCode:)) == .end)
        #expect(table["\u{1B}[7~"].flatMap(KeyDecoder.key(forKeyCode:)) == .home)
        #expect(table["\u{1B}[8~"].flatMap(KeyDecoder.key(forKeyCode:)) == .end)
        #expect(table["\u{1B}OH"].flatMap(KeyDecoder.key(forKeyCode:)) == .home)
        #expect(table["\u{1B}[F"].flatMap(KeyDecoder.key(forKeyCode:)) == .end)
        #expect(KeyDecoder.key(forKeyCode: KEY_FIND) == .home)
        #expect(KeyDecoder.key(forKeyCode: KEY_SELECT) == .end)
    }
}
