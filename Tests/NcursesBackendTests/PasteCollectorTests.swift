import Testing
@testable import NcursesBackend

@Suite struct PasteCollectorTests {
    /// Feeds `input`; the text collected, and whether the end marker finished it.
    private func collect(_ input: String, limit: Int = 1 << 20) -> (text: String, ended: Bool, truncated: Bool) {
        var collector = PasteCollector(byteLimit: limit)
        for scalar in input.unicodeScalars where collector.feed(scalar.value) {
            return (collector.text, true, collector.isTruncated)
        }
        collector.finish()
        return (collector.text, false, collector.isTruncated)
    }

    @Test func collectsUpToTheEndMarker() {
        let result = collect("hello 買い物\u{1B}[201~after")
        #expect(result.text == "hello 買い物")
        #expect(result.ended)
    }

    @Test func escapesInsideStayText() {
        #expect(collect("a\u{1B}[A\u{1B}b\u{1B}[20x\u{1B}\u{1B}[201~").text == "a\u{1B}[A\u{1B}b\u{1B}[20x\u{1B}")
    }

    @Test func lineBreaksBecomeNewlines() {
        #expect(collect("one\rtwo\r\nthree\nfour\u{1B}[201~").text == "one\ntwo\nthree\nfour")
    }

    @Test func withoutAnEndMarkerWhatCameIsKept() {
        let result = collect("partial\u{1B}[20")
        #expect(result.text == "partial\u{1B}[20")
        #expect(!result.ended)
    }

    @Test func pastTheLimitTheRestIsDroppedUntilTheEnd() {
        let result = collect("abcdef買\u{1B}[201~", limit: 8)
        #expect(result.text == "abcdef")
        #expect(result.truncated)
        #expect(result.ended)
    }
}
