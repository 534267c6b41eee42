import Foundation
import Testing
@testable import ListStore

@Suite("Format guessing and shared decoding")
struct InterchangeTests {
    @Test(arguments: [
        ("lists.json", InterchangeFormat.json),
        ("/home/me/Lists.JSON", .json),
        ("notes.md", .markdown),
        ("a.b/notes.Markdown", .markdown),
        ("todo.txt", .todotxt),
        ("~/x.todo", .todotxt),
    ])
    func guessFromPath(path: String, expected: InterchangeFormat) {
        #expect(InterchangeFormat.guess(fromPath: path) == expected)
    }

    @Test(arguments: ["lists", "lists.csv", "dir.json/file", "json", "archive.json.gz", ""])
    func guessFromPathFails(path: String) {
        #expect(InterchangeFormat.guess(fromPath: path) == nil)
    }

    @Test func sniffing() {
        #expect(InterchangeFormat.sniff("[{\"name\": \"a\"}]") == .json)
        #expect(InterchangeFormat.sniff("\u{FEFF}\n  \n  [") == .json)
        #expect(InterchangeFormat.sniff("# Title\n- [ ] a") == .markdown)
        #expect(InterchangeFormat.sniff("\r\n\r\n## List\r\n") == .markdown)
        #expect(InterchangeFormat.sniff("   ## List") == .markdown)
        #expect(InterchangeFormat.sniff("2026-01-01 milk +Groceries") == .todotxt)
        #expect(InterchangeFormat.sniff("- [ ] item") == .markdown)
        #expect(InterchangeFormat.sniff("\n* [x] item") == .markdown)
        #expect(InterchangeFormat.sniff("- plain bullet") == .todotxt)
        // Notes that start with prose are still Markdown when a heading or a task follows.
        #expect(InterchangeFormat.sniff("Books people told me about.\n\n## Novels\n- Dune\n") == .markdown)
        #expect(InterchangeFormat.sniff("Some prose.\n  - [x] done\n") == .markdown)
        #expect(InterchangeFormat.sniff("2026-01-01 milk +G\n(A) call +Home #tag\n") == .todotxt)
        #expect(InterchangeFormat.sniff("2026-01-01 milk +G\n#hashtag is not a heading\n") == .todotxt)
        #expect(InterchangeFormat.sniff("") == .todotxt)
        #expect(InterchangeFormat.sniff("x done # not a heading") == .todotxt)
    }

    @Test(arguments: InterchangeFormat.allCases)
    func sniffRecognisesOwnOutput(format: InterchangeFormat) {
        let text = Interchange.encode(Fixtures.small, format: format, today: Fixtures.today)
        #expect(InterchangeFormat.sniff(text) == format)
    }

    @Test(arguments: InterchangeFormat.allCases)
    func trickyRoundTripThroughData(format: InterchangeFormat) throws {
        let text = Interchange.encode(Fixtures.tricky, format: format, today: Fixtures.today)
        #expect(try Interchange.decode(Data(text.utf8), format: format).withoutDates == Fixtures.tricky)
    }

    @Test(arguments: InterchangeFormat.allCases)
    func invalidUTF8(format: InterchangeFormat) {
        let bytes = Data("## A\n- [ ] caf".utf8) + Data([0xC3, 0x28]) + Data("\n".utf8)
        let error = Fixtures.error(bytes, format)
        #expect(error == InterchangeError(message: "file is not valid UTF-8", line: nil))
        #expect(error?.description == "file is not valid UTF-8")
        #expect(Fixtures.error(Data([0xFF, 0xFE, 0x41, 0x00]), format)?.message == "file is not valid UTF-8")
    }

    @Test(arguments: InterchangeFormat.allCases)
    func byteOrderMarkIsStripped(format: InterchangeFormat) throws {
        let text = Interchange.encode(Fixtures.small, format: format, today: Fixtures.today)
        let data = Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)
        #expect(try Interchange.decode(data, format: format).withoutDates == Fixtures.small)
    }

    @Test(arguments: InterchangeFormat.allCases)
    func crlfLineEndings(format: InterchangeFormat) throws {
        let text = Interchange.encode(Fixtures.tricky, format: format, today: Fixtures.today)
            .replacingOccurrences(of: "\n", with: "\r\n")
        #expect(text.contains("\r\n"))
        #expect(try Interchange.decode(Data(text.utf8), format: format).withoutDates == Fixtures.tricky)
    }

    @Test func errorDescription() {
        #expect(InterchangeError(message: "boom", line: 3).description == "line 3: boom")
        #expect(InterchangeError(message: "boom").description == "boom")
        #expect("\(InterchangeError(message: "boom", line: 1))" == "line 1: boom")
    }

    @Test func linesSplitOnAllLineEndings() {
        #expect(TextInput.lines("a\nb\r\nc\rd").map(String.init) == ["a", "b", "c", "d"])
        #expect(TextInput.lines("a\n\n").map(String.init) == ["a", "", ""])
    }
}
