import Testing
@testable import TerminalKit

@Suite struct TOMLTests {
    private func parse(_ text: String) throws -> TOMLTable {
        try TOML.parse(text)
    }

    /// The error for `text`, or nil when it parses.
    private func problem(_ text: String) -> TOMLError? {
        do {
            _ = try TOML.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsKeysValuesAndTables() throws {
        let table = try parse("""
            # a comment
            name = "Default"   # after a value
            count = -42
            big = 1_000
            on = true
            off = false

            [roles]
            normal = { fg = "default", bg = "default" }
            "quoted key" = 'C:\\path'
            [a.b]
            c = 1
            """)
        #expect(table.keys == ["name", "count", "big", "on", "off", "roles", "a"])
        #expect(table["name"] == .string("Default"))
        #expect(table["count"] == .integer(-42))
        #expect(table["big"] == .integer(1000))
        #expect(table["on"] == .bool(true))
        #expect(table["off"] == .bool(false))
        let roles = try #require(table["roles"]?.table)
        #expect(roles.keys == ["normal", "quoted key"])
        #expect(roles["normal"]?.table?["fg"] == .string("default"))
        #expect(roles["quoted key"] == .string("C:\\path"))
        #expect(table["a"]?.table?["b"]?.table?["c"] == .integer(1))
    }

    @Test func recordsEachKeysLine() throws {
        let table = try parse("a = 1\n\n[t]\nb = [\n  1,\n]\nc = { d = 2 }\n")
        #expect(table.line(of: "a") == 1)
        #expect(table.line(of: "t") == 3)
        let t = try #require(table["t"]?.table)
        #expect(t.line(of: "b") == 4)
        #expect(t.line(of: "c") == 7)
        #expect(t["c"]?.table?.line(of: "d") == 7)
        #expect(table.line(of: "missing") == nil)
    }

    @Test func decodesEscapes() throws {
        let table = try parse(#"s = "a\nb\"c\\d\te\u00e9\U0001F600\b\f\r""#)
        #expect(table["s"] == .string("a\nb\"c\\d\te\u{e9}\u{1F600}\u{08}\u{0C}\r"))
        let literal = try parse(#"s = 'no \n escapes "here"'"#)
        #expect(literal["s"] == .string(#"no \n escapes "here""#))
        let unicode = try parse("s = \"café ✓\"")
        #expect(unicode["s"] == .string("café ✓"))
    }

    @Test func readsArrays() throws {
        let table = try parse("""
            empty = []
            one = ["j"]
            mixed = [1, "two", true, [3], { x = 4 }]
            long = [
              "j",      # down
              "down",
              # a comment line
              "ctrl-n",
            ]
            """)
        #expect(table["empty"] == .array([]))
        #expect(table["one"] == .array([.string("j")]))
        let mixed = try #require(table["mixed"]?.array)
        #expect(mixed.count == 5)
        #expect(mixed[3] == .array([.integer(3)]))
        #expect(mixed[4].table?["x"] == .integer(4))
        #expect(table["long"] == .array([.string("j"), .string("down"), .string("ctrl-n")]))
    }

    @Test func dottedKeysMakeTables() throws {
        let table = try parse("""
            roles.normal.fg = "white"
            roles.normal.bold = true
            [roles.selection]
            fg = "black"
            """)
        let roles = try #require(table["roles"]?.table)
        #expect(roles["normal"]?.table?["fg"] == .string("white"))
        #expect(roles["normal"]?.table?["bold"] == .bool(true))
        #expect(roles["selection"]?.table?["fg"] == .string("black"))
    }

    @Test func implicitTableCanBeDefinedLater() throws {
        let table = try parse("[a.b]\nx = 1\n[a]\ny = 2\n")
        #expect(table["a"]?.table?["y"] == .integer(2))
        #expect(table["a"]?.table?["b"]?.table?["x"] == .integer(1))
        #expect(table.line(of: "a") == 3)
    }

    @Test func acceptsCRLFAndByteOrderMark() throws {
        let table = try parse("\u{FEFF}a = 1\r\nb = \"x\"\r\n")
        #expect(table["a"] == .integer(1))
        #expect(table["b"] == .string("x"))
        #expect(table.line(of: "b") == 2)
    }

    @Test func emptyInputIsAnEmptyTable() throws {
        #expect(try parse("").isEmpty)
        #expect(try parse("\n  # only a comment\n\n").isEmpty)
    }

    @Test(arguments: [
        ("a = 1\na = 2", 2, "duplicate key 'a' (first defined on line 1)"),
        ("[t]\nx = 1\n[t]", 3, "table [t] is defined twice (first on line 1)"),
        ("t = { a = 1, a = 2 }", 1, "duplicate key 'a'"),
        ("a.b = 1\na.b = 2", 2, "duplicate key 'a.b'"),
        ("a = 1\na.b = 2", 2, "'a' already has a value (line 1)"),
        ("a = 1\n[a]", 2, "'a' already has a value"),
        ("a.b = 1\n[a]", 2, "already made by dotted keys"),
        ("a = { b = 1 }\na.c = 2", 2, "'a' already has a value"),
        ("[a]\nb = 1\n[c]\n\n[a.b]", 5, "'a.b' already has a value"),
        ("name = \"x", 1, "not closed"),
        ("name = 'x", 1, "not closed"),
        ("\n\nname = \"a\\qb\"", 3, "unknown escape '\\q'"),
        ("s = \"\\u12\"", 1, "\\u needs exactly 4 hexadecimal digits"),
        ("s = \"\\uD800\"", 1, "\\uD800 is not a Unicode character"),
        ("s = \"\\U00110000\"", 1, "is not a Unicode character"),
        ("a = 1.5", 1, "floating-point numbers, dates and times are not supported"),
        ("a = 1979-05-27", 1, "dates and times are not supported"),
        ("a = inf", 1, "floating-point"),
        ("a = 0x1F", 1, "hexadecimal"),
        ("a = 012", 1, "leading zeros"),
        ("a = 99999999999999999999", 1, "too large"),
        ("a = purple", 1, "'purple' is not a value; text needs quotes (\"purple\")"),
        ("a = TRUE", 1, "not a value"),
        ("a = 1_", 1, "not a value"),
        ("a =", 1, "expected a value, found end of file"),
        ("a = \n", 1, "expected a value, found end of line"),
        ("a = # nothing", 1, "expected a value, found '#'"),
        ("a 1", 1, "expected '=' after the key 'a', found '1'"),
        ("= 1", 1, "expected a key"),
        ("a = 1 b = 2", 1, "unexpected 'b'"),
        ("[t", 1, "expected ']'"),
        ("[[t]]", 1, "arrays of tables"),
        ("a = [1, 2", 1, "never closed"),
        ("a = [\n1,\n2\n", 4, "the array opened on line 1 is never closed"),
        ("a = [1 2]", 1, "expected ',' or ']'"),
        ("a = [1,,2]", 1, "expected a value, found ','"),
        ("a = { b = 1,}", 1, "cannot end with a comma"),
        ("a = { b = 1\n}", 1, "must close with '}' on the same line"),
        ("a = { b = 1 c = 2 }", 1, "expected ',' or '}'"),
        ("a = \"\"\"x\"\"\"", 1, "multi-line strings"),
        ("a = '''x'''", 1, "multi-line strings"),
        ("a = \"tab\there\u{01}\"", 1, "control character U+0001"),
        ("a = 1\rb = 2", 1, "carriage return"),
        ("a = 1\n\n\n  b = 2 = 3", 4, "unexpected '='"),
    ])
    func reportsProblemsWithTheirLine(text: String, line: Int, message: String) {
        let error = problem(text)
        #expect(error?.line == line, "\(text.debugDescription): \(String(describing: error))")
        #expect(error?.message.contains(message) == true, "\(text.debugDescription): \(String(describing: error))")
    }

    @Test func limitsNesting() {
        let deep = "a = " + String(repeating: "[", count: 10_000)
        #expect(problem(deep)?.message.contains("nest more than") == true)
        let deepTables = "a = " + String(repeating: "{ b = ", count: 10_000)
        #expect(problem(deepTables)?.message.contains("nest more than") == true)
        let fine = "a = " + String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        #expect(problem(fine) == nil)
    }

    @Test func errorDescriptionNamesTheLine() {
        #expect(TOMLError(line: 3, message: "duplicate key 'a'").description == "line 3: duplicate key 'a'")
    }

    /// Random bytes, and every prefix of a valid document, give a table or an error.
    @Test func neverCrashesOnAnyInput() {
        var generator = SplitMix64(seed: 0x7015_0E5E)
        let alphabet = Array("[]{}=,.#\"'\\ \t\n\r-_+:ab01uU".utf8)
        for round in 0..<3_000 {
            let length = Int(generator.next() % 80)
            let bytes: [UInt8] = (0..<length).map { _ in
                // Half the rounds use TOML's own punctuation, to get deeper into the parser.
                round.isMultiple(of: 2)
                    ? UInt8(truncatingIfNeeded: generator.next())
                    : alphabet[Int(generator.next() % UInt64(alphabet.count))]
            }
            _ = problem(String(decoding: bytes, as: UTF8.self))
        }
        let document = """
            name = "Nord \\u00e9"  # comment
            list = [1, "two", [true], { a = 'x' },
            ]
            [roles.selection]
            x.y = { fg = 110, bold = false }
            """
        for length in 0...document.unicodeScalars.count {
            var prefix = String.UnicodeScalarView()
            prefix.append(contentsOf: document.unicodeScalars.prefix(length))
            _ = problem(String(prefix))
        }
    }
}

/// A small seeded random number generator, so fuzzing is the same on every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
