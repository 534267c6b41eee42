import Foundation
import Testing

@testable import ICalendar

/// Builds a CRLF calendar object from lines.
func ics(_ lines: String...) -> String {
    lines.map { $0 + "\r\n" }.joined()
}

/// A minimal VTODO calendar object with extra VTODO lines.
func calendar(todo lines: [String], around: [String] = []) -> String {
    (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Test//EN"] + around
        + ["BEGIN:VTODO", "UID:u-1", "DTSTAMP:20260101T000000Z"] + lines
        + ["END:VTODO", "END:VCALENDAR"]).map { $0 + "\r\n" }.joined()
}

/// The text with its folds removed (RFC 5545 §3.1).
func unfold(_ text: String) -> String {
    text.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\r\n\t", with: "")
}

/// The physical lines of a serialized object (CRLF separated), without the empty tail.
func physicalLines(_ text: String) -> [String] {
    var lines = text.components(separatedBy: "\r\n")
    if lines.last == "" { lines.removeLast() }
    return lines
}

let fixedNow = Date(timeIntervalSince1970: 1_795_428_900)  // 2026-11-23T10:15:00Z
let laterNow = Date(timeIntervalSince1970: 1_795_515_300)  // 2026-11-24T10:15:00Z

@Suite("Folding")
struct FoldingTests {
    @Test("ASCII folds at exactly 75 octets, continuations hold 74")
    func asciiFold() throws {
        let summary = String(repeating: "a", count: 200)
        let text = VTodo.make(uid: "u", summary: summary, completed: false, sortOrder: nil, now: fixedNow)
            .serialized()
        let lines = physicalLines(text)
        let start = try #require(lines.firstIndex { $0.hasPrefix("SUMMARY:") })
        #expect(lines[start].utf8.count == 75)
        #expect(lines[start + 1].utf8.count == 75)
        #expect(lines[start + 1].hasPrefix(" "))
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(try VTodo(text: text).summary == summary)
    }

    @Test("A line of exactly 75 octets is not folded; 76 is", arguments: [75, 76])
    func boundary(length: Int) throws {
        var output: [UInt8] = []
        ICalSerializer.fold(Array(repeating: UInt8(ascii: "x"), count: length), into: &output)
        let lines = physicalLines(String(decoding: output, as: UTF8.self))
        #expect(lines.count == (length == 75 ? 1 : 2))
        #expect(lines[0].utf8.count == 75)
    }

    @Test(
        "Multi-byte characters are never split; every physical line is at most 75 octets",
        arguments: ["é", "漢", "😀", "👩‍👩‍👧", "aé", "a漢", "ab😀"])
    func multiByte(piece: String) throws {
        for prefixLength in 0..<5 {
            let summary = String(repeating: "p", count: prefixLength) + String(repeating: piece, count: 60)
            let todo = VTodo.make(uid: "u", summary: summary, completed: false, sortOrder: nil, now: fixedNow)
            let text = todo.serialized()
            for line in physicalLines(text) {
                #expect(line.utf8.count <= 75)
                // Each physical line is valid UTF-8 on its own: no sequence was cut.
                let bytes = Array(line.utf8)
                #expect(String(validating: bytes, as: UTF8.self) != nil)
            }
            #expect(try VTodo(text: text).summary == summary)
        }
    }

    @Test("A cut that would split a 漢 moves back: first line 74 octets, not 75")
    func cutMovesBack() {
        // "SUMMARY:" (8) + 22 × 漢 (66) = 74; the next 漢 would end at 77.
        let line = "SUMMARY:" + String(repeating: "漢", count: 30)
        var output: [UInt8] = []
        ICalSerializer.fold(Array(line.utf8), into: &output)
        let lines = physicalLines(String(decoding: output, as: UTF8.self))
        #expect(lines[0].utf8.count == 74)
        #expect(lines[1] == " " + String(repeating: "漢", count: 8))
    }
}

@Suite("Unfolding and line ends")
struct UnfoldingTests {
    @Test("Space and tab continuations are removed with their one whitespace character")
    func continuations() throws {
        let text = ics(
            "BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:abc", " def", "SUMMARY:Hello", "\t World", "  two",
            "END:VTODO", "END:VCALENDAR")
        let todo = try VTodo(text: text)
        #expect(todo.uid == "abcdef")
        #expect(todo.summary == "Hello World two")
    }

    @Test("LF-only input, a byte order mark and blank lines are accepted")
    func lfOnly() throws {
        let text = "\u{FEFF}BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:x\nSUMMARY:Long\n  line\n\nEND:VTODO\nEND:VCALENDAR\n\n"
        let todo = try VTodo(text: text)
        #expect(todo.uid == "x")
        #expect(todo.summary == "Long line")
        #expect(!todo.serialized().contains("\u{FEFF}"))
    }

    @Test("Blank lines are skipped, also between a line and its continuation")
    func blankLines() throws {
        let todo = try VTodo(text: "BEGIN:VCALENDAR\n\nBEGIN:VTODO\nSUMMARY\n\n :split\r\n\r\n  name\nEND:VTODO\nEND:VCALENDAR")
        #expect(todo.summary == "split name")
    }

    @Test("Lower-case names and component names")
    func lowerCase() throws {
        let text = ics(
            "begin:vcalendar", "begin:vtodo", "uid:low", "summary:small", "status:completed",
            "x-apple-sort-order:7", "end:vtodo", "end:vcalendar")
        var todo = try VTodo(text: text)
        #expect(todo.uid == "low")
        #expect(todo.summary == "small")
        #expect(todo.isCompleted)
        #expect(todo.sortOrder == 7)
        #expect(todo.serialized() == text)
        todo.update(summary: "SMALL", completed: true, sortOrder: 7, now: fixedNow)
        #expect(todo.serialized().contains("summary:SMALL\r\n"))
        #expect(todo.serialized().contains("begin:vtodo\r\n"))
    }

    @Test("Names are case-insensitive in ASCII only: a long s (ſ) does not make SUMMARY")
    func asciiOnly() throws {
        let todo = try VTodo(text: calendar(todo: ["ſummary:fake", "Summary:real"]))
        #expect(todo.summary == "real")
    }
}

@Suite("Structure errors")
struct StructureTests {
    @Test(
        "Broken input throws ICalendarError",
        arguments: [
            ("", "no VCALENDAR"),
            ("\r\n\r\n", "no VCALENDAR"),
            ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\nEND:VTODO\r\n", "missing END:VCALENDAR"),
            ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID x\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", "line 3"),
            ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nEND:VCALENDAR\r\nEND:VTODO\r\n", "does not close"),
            ("END:VCALENDAR\r\n", "without BEGIN"),
            ("UID:x\r\n", "outside any component"),
            ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", "no VTODO"),
            ("BEGIN:VTODO\r\nUID:x\r\nEND:VTODO\r\n", "no VCALENDAR"),
            ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nX-A;P=\"unterminated:x\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", "unterminated"),
            ("BEGIN:\r\n", "BEGIN without"),
            ("hello world", "line 1"),
        ])
    func broken(input: String, message: String) {
        #expect {
            try VTodo(text: input)
        } throws: { error in
            (error as? ICalendarError)?.description.contains(message) == true
        }
    }

    @Test("Error messages quote names short and without control characters")
    func errorExcerpt() {
        let name = "X\u{1B}[2J" + String(repeating: "y", count: 1000)
        #expect {
            try VTodo(text: "BEGIN:VCALENDAR\rBEGIN:" + name + "\r\n")
        } throws: { error in
            guard let description = (error as? ICalendarError)?.description else { return false }
            return description.count < 80 && !description.unicodeScalars.contains { $0.value < 0x20 }
        }
    }

    @Test("Deep nesting is refused, not recursed into")
    func deepNesting() {
        let depth = 100_000
        let text =
            "BEGIN:VCALENDAR\r\n" + String(repeating: "BEGIN:X\r\n", count: depth)
            + String(repeating: "END:X\r\n", count: depth) + "END:VCALENDAR\r\n"
        #expect(throws: ICalendarError.self) { try VTodo(text: text) }
    }

    @Test("Invalid UTF-8 is decoded lossily, never a crash")
    func invalidUTF8() throws {
        var bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\nSUMMARY:a".utf8)
        bytes += [0xFF, 0xC3, 0x28, 0xE6, 0xBC]  // junk, a broken 2-byte, a truncated 3-byte
        bytes += Array("b\r\n\u{20}c\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        let todo = try VTodo(data: bytes)
        #expect(todo.summary.hasPrefix("a\u{FFFD}"))
        #expect(todo.summary.hasSuffix("(\u{FFFD}bc"))
        let again = try VTodo(text: todo.serialized())
        #expect(again.summary == todo.summary)
    }

    @Test("Random byte soup never crashes")
    func fuzz() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("BEGIN:VCALENDAR\r\nVTODO END;=\",:\\ \tSUMMARY\né漢".utf8) + [0xFF, 0x80]
        for _ in 0..<300 {
            let count = Int.random(in: 0..<400, using: &generator)
            var bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\n".utf8)
            for _ in 0..<count { bytes.append(alphabet.randomElement(using: &generator) ?? 0) }
            if var todo = try? VTodo(data: bytes) {
                _ = todo.summary + todo.uid
                _ = (todo.lastModified, todo.completedAt, todo.sequence, todo.sortOrder)
                todo.update(summary: "x", completed: true, sortOrder: 1, now: fixedNow)
                _ = try? VTodo(text: todo.serialized())
            }
        }
    }
}

@Suite("Escaping")
struct EscapingTests {
    @Test(
        "TEXT escaping both ways",
        arguments: [
            ("plain", "plain"),
            ("a,b;c\\d", "a\\,b\\;c\\\\d"),
            ("line\nbreak", "line\\nbreak"),
            ("\\n literally", "\\\\n literally"),
            ("", ""),
            ("tab\tkept", "tab\tkept"),
        ])
    func roundTrip(text: String, escaped: String) {
        #expect(ICalText.escape(text) == escaped)
        #expect(ICalText.unescape(escaped) == text)
    }

    @Test("Unescaping is lenient: \\N, \\:, unknown escapes and a final backslash")
    func lenient() {
        #expect(ICalText.unescape("a\\Nb") == "a\nb")
        #expect(ICalText.unescape("a\\:b") == "a:b")
        #expect(ICalText.unescape("a\\xb") == "a\\xb")
        #expect(ICalText.unescape("end\\") == "end\\")
    }

    @Test("SUMMARY with every special character survives make → text → parse")
    func summaryRoundTrip() throws {
        let summary = "Buy milk, eggs; bread \\ butter\nand: \"jam\"\n\nend"
        let todo = VTodo.make(uid: "u,1;x", summary: summary, completed: false, sortOrder: nil, now: fixedNow)
        let text = todo.serialized()
        #expect(text.contains("SUMMARY:Buy milk\\, eggs\\; bread \\\\ butter\\nand: \"jam\"\\n\\nend\r\n"))
        let parsed = try VTodo(text: text)
        #expect(parsed.summary == summary)
        #expect(parsed.uid == "u,1;x")
    }
}

@Suite("Parameters")
struct ParameterTests {
    @Test("Quoted parameter values may hold : ; , and are kept byte for byte")
    func quoted() throws {
        let line = "X-THING;X-A=\"mailto:a@b.c;x,y\",plain;X-EMPTY=;X-NOEQ;X-B=\"\":value:with:colons"
        let text = calendar(todo: [line])
        let todo = try VTodo(text: text)
        let property = try #require(todo.todo.property("X-THING"))
        #expect(property.parameters.count == 4)
        #expect(property.parameters[0] == ICalParameter(name: "X-A", values: ["mailto:a@b.c;x,y", "plain"]))
        #expect(property.parameters[1] == ICalParameter(name: "X-EMPTY", values: [""]))
        #expect(property.parameters[2] == ICalParameter(name: "X-NOEQ", values: []))
        #expect(property.parameters[3] == ICalParameter(name: "X-B", values: [""]))
        #expect(property.parameter("X-A") == "mailto:a@b.c;x,y")
        #expect(property.value == "value:with:colons")
        // Folded differently (the line is longer than 75 octets), the same bytes once unfolded.
        #expect(unfold(todo.serialized()) == unfold(text))
    }

    @Test("A rebuilt property quotes parameter values that need it")
    func rebuilt() {
        var property = ICalProperty(name: "X", parameters: [ICalParameter(name: "P", values: ["a:b", "c"])], value: "v")
        #expect(property.contentLine == "X;P=\"a:b\",c:v")
        property.value = "w"
        #expect(property.contentLine == "X;P=\"a:b\",c:w")
    }

    @Test("Modifying a SUMMARY keeps its parameters")
    func summaryParameters() throws {
        var todo = try VTodo(text: calendar(todo: ["SUMMARY;LANGUAGE=de;X-Q=\"a;b\":Alt"]))
        #expect(todo.summary == "Alt")
        let changed1 = todo.update(summary: "Neu", completed: false, sortOrder: nil, now: fixedNow)
        #expect(changed1)
        #expect(todo.serialized().contains("SUMMARY;LANGUAGE=de;X-Q=\"a;b\":Neu\r\n"))
    }
}
