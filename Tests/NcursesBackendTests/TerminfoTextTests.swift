import Testing
@testable import NcursesBackend

@Suite struct TerminfoTextTests {
    private func stripped(_ text: String) -> String {
        String(decoding: TerminfoText.withoutPadding(Array(text.utf8)), as: UTF8.self)
    }

    @Test func paddingIsRemoved() {
        #expect(stripped("\u{1B}[?12l\u{1B}[?25h$<5>") == "\u{1B}[?12l\u{1B}[?25h")
        #expect(stripped("a$<100/*>b") == "ab")
    }

    @Test func aDollarThatIsNotPaddingStays() {
        #expect(stripped("$5 $<unclosed") == "$5 $<unclosed")
        #expect(stripped("\u{1B}[?1049l") == "\u{1B}[?1049l")
    }

    @Test func errorsSayWhatToDo() {
        #expect(NcursesTerminalError.notATerminal.description.contains("terminal"))
        #expect(NcursesTerminalError.unknownTerminalType("bogus").description.contains("'bogus'"))
        #expect(NcursesTerminalError.unknownTerminalType("").description.contains("TERM is not set"))
    }
}
