import Foundation
import Testing
@testable import ListStore

@Suite("todo.txt")
struct TodoTxtTests {
    @Test func goldenEncoding() {
        let doc = ListDocument(lists: Fixtures.small.lists + [.init(name: "Empty", items: [])])
        let expected = """
            2026-04-01 milk +Grocery_Store
            x 2026-04-01 2026-04-01 eggs +Grocery_Store
            2026-04-01 nails +big +Hardware%5FStore_100%25

            """
        #expect(Interchange.encode(doc, format: .todotxt, today: Fixtures.today) == expected)
    }

    @Test func datesAreUTC() {
        #expect(TodoTxt.dateString(Date(timeIntervalSince1970: 0)) == "1970-01-01")
        #expect(TodoTxt.dateString(Fixtures.today) == "2026-04-01")
        #expect(TodoTxt.dateString(Fixtures.today.addingTimeInterval(1800)) == "2026-04-02")
    }

    @Test func trickyRoundTrip() throws {
        let doc = Fixtures.tricky
        let text = Interchange.encode(doc, format: .todotxt, today: Fixtures.today)
        #expect(try Fixtures.decode(text, .todotxt).withoutDates == doc)
    }

    /// Items that carry dates (and priorities in their text) come back exactly, dates and all.
    @Test func datesAndPrioritiesRoundTrip() throws {
        let (created, completed) = (Fixtures.day("2025-12-24"), Fixtures.day("2026-01-02"))
        let doc = ListDocument(lists: [.init(name: "L", items: Fixtures.trickyNames.enumerated().map { j, name in
            .init(name: name, done: j % 2 == 0, created: created, completed: j % 2 == 0 ? completed : nil)
        } + [
            .init(name: "(A) thing", done: false, created: created),
            .init(name: "(B)  two spaces", done: false, created: created),
            .init(name: "(C) 2026-01-01 party", done: false, created: created),
            .init(name: "(D) done", done: true, created: created, completed: completed),
        ])])
        let text = Interchange.encode(doc, format: .todotxt, today: Fixtures.today)
        #expect(text.contains("\n(A) 2025-12-24 thing +L\n"))
        #expect(text.contains("\n(B) 2025-12-24  two spaces +L\n"))
        #expect(text.contains("\nx 2026-01-02 2025-12-24 (D) done +L\n"))
        #expect(try Fixtures.decode(text, .todotxt) == doc)
    }

    /// A real todo.txt file's priorities, dates and extra projects are kept: an import then
    /// an export writes back every line as it was.
    @Test func handWrittenLinesComeBackUnchanged() throws {
        let lines = [
            "(A) 2026-03-01 call mom @phone +Family +Errands",
            "x 2026-03-02 2026-03-01 pay rent +Home",
            "(B) 2026-03-01 fix bike due:2026-04-01 +Home",
            "2026-03-01 read +Books +Home",
        ]
        let text = lines.joined(separator: "\n") + "\n"
        let doc = try Fixtures.decode(text, .todotxt)
        let exported = Interchange.encode(doc, format: .todotxt, today: Fixtures.today)
        // Grouped by list (the last +project), each line exactly as written.
        #expect(Set(exported.split(separator: "\n").map(String.init)) == Set(lines))
    }

    @Test func emptyListsAreOmitted() throws {
        let doc = ListDocument(lists: [
            .init(name: "Empty", items: []),
            .init(name: "Full", items: [.init(name: "one", done: false)]),
        ])
        let text = Interchange.encode(doc, format: .todotxt, today: Fixtures.today)
        #expect(text == "2026-04-01 one +Full\n")
        #expect(try Fixtures.decode(text, .todotxt).withoutDates == ListDocument(lists: [doc.lists[1]]))
        #expect(Interchange.encode(ListDocument(lists: []), format: .todotxt) == "")
    }

    @Test func projectEncoding() {
        #expect(TodoTxt.encodeProject("Grocery Store") == "Grocery_Store")
        #expect(TodoTxt.encodeProject("a_b%c") == "a%5Fb%25c")
        #expect(TodoTxt.encodeProject("tab\there\u{A0}\u{3000}") == "tab%09here%C2%A0%E3%80%80")
        #expect(TodoTxt.encodeProject("crème 👩‍💻") == "crème_👩‍💻")
        #expect(TodoTxt.decodeProject("a%5Fb%25c_d") == "a_b%c d")
        #expect(TodoTxt.decodeProject("%e3%80%80") == "\u{3000}")
        #expect(TodoTxt.decodeProject("100%") == "100%")   // stray % is literal
        #expect(TodoTxt.decodeProject("%zz%4") == "%zz%4")
        for name in Fixtures.trickyNames + ["%", "_", "%25", "%5F", " _ ", "a\tb"] {
            #expect(TodoTxt.decodeProject(TodoTxt.encodeProject(name)) == name)
            #expect(!TodoTxt.encodeProject(name).unicodeScalars.contains { $0.properties.isWhitespace })
        }
    }

    @Test func decodesHandWrittenFile() throws {
        let text = """
            (A) 2026-03-01 call mom @phone +Family_Stuff
            x 2026-03-02 2026-03-01 pay rent +Home
            buy milk +Grocery_Store due:2026-04-02

            (B) no project at all
            x done without dates +Home
            x 2026-03-05 only completion date +Family_Stuff
            2026-03-01 tagged +urgent twice +Home +Errands
            +bare project is not a name +Home
            plus alone + is text
            """
        let (march1, march2, march5) = (Fixtures.day("2026-03-01"), Fixtures.day("2026-03-02"), Fixtures.day("2026-03-05"))
        let expected = ListDocument(lists: [
            .init(name: "Family Stuff", items: [
                .init(name: "(A) call mom @phone", done: false, created: march1),
                .init(name: "only completion date", done: true, completed: march5),
            ]),
            .init(name: "Home", items: [
                .init(name: "pay rent", done: true, created: march1, completed: march2),
                .init(name: "done without dates", done: true),
                .init(name: "+bare project is not a name", done: false),
            ]),
            .init(name: "Grocery Store", items: [
                .init(name: "buy milk due:2026-04-02", done: false),
            ]),
            .init(name: "Inbox", items: [
                .init(name: "(B) no project at all", done: false),
                .init(name: "plus alone + is text", done: false),
            ]),
            .init(name: "Errands", items: [
                .init(name: "tagged +urgent twice +Home", done: false, created: march1),
            ]),
        ])
        #expect(try Fixtures.decode(text, .todotxt) == expected)
    }

    @Test(arguments: [
        // line, list, item name, done, creation date, completion date
        ("x 2026-01-02 2026-01-01 x marks the spot +L", "L", "x marks the spot", true, "2026-01-01", "2026-01-02"),
        ("2026-01-01 x marks the spot +L", "L", "x marks the spot", false, "2026-01-01", nil),
        ("2026-01-01 (A) thing +L", "L", "(A) thing", false, "2026-01-01", nil),  // a priority comes first
        ("(A) thing +L", "L", "(A) thing", false, nil, nil),
        ("(A) 2026-01-01 2026-01-01 party +L", "L", "(A) 2026-01-01 party", false, "2026-01-01", nil),
        ("(Z)   2026-01-01   spaced +L", "L", "(Z)   spaced", false, "2026-01-01", nil),
        ("x 2026-01-02 2026-01-01 2026-01-01 party +L", "L", "2026-01-01 party", true, "2026-01-01", "2026-01-02"),
        ("x 2026-01-02 only completion +L", "L", "only completion", true, nil, "2026-01-02"),
        ("x (A) 2026-01-01 priority after x is text +L", "L", "(A) 2026-01-01 priority after x is text", true, nil, nil),
        ("2026-01-01", "Inbox", "2026-01-01", false, nil, nil),
        ("2026-02-30 no such day +L", "L", "2026-02-30 no such day", false, nil, nil),
        ("2026-13-01 no such month +L", "L", "2026-13-01 no such month", false, nil, nil),
        ("2024-02-29 leap day +L", "L", "leap day", false, "2024-02-29", nil),
        ("X is not the done marker +L", "L", "X is not the done marker", false, nil, nil),
        ("xylophone +L", "L", "xylophone", false, nil, nil),
        ("(a) lowercase is not a priority", "Inbox", "(a) lowercase is not a priority", false, nil, nil),
        ("(A)", "Inbox", "(A)", false, nil, nil),
        ("   indented   +L   ", "L", "indented", false, nil, nil),
        ("2026-1-1 short date +L", "L", "2026-1-1 short date", false, nil, nil),
        ("buy paint +Home +Errands @store", "Errands", "buy paint +Home @store", false, nil, nil),
    ] as [(String, String, String, Bool, String?, String?)])
    func parsesLine(line: String, list: String, name: String, done: Bool, created: String?, completed: String?) throws {
        let doc = try Fixtures.decode(line, .todotxt)
        #expect(doc == ListDocument(lists: [.init(name: list, items: [.init(
            name: name, done: done, created: created.map(Fixtures.day), completed: completed.map(Fixtures.day))])]))
    }

    /// A line with nothing but its list (and dates) holds no item: left out, counted, not a
    /// reason to refuse the file.
    @Test(arguments: ["2026-01-01 +L", "x 2026-01-02 2026-01-01 +L", "+L", "(A) 2026-01-01 +L"])
    func lineWithoutTextIsSkipped(line: String) throws {
        let doc = try Fixtures.decode("2026-01-01 keep +K\n" + line + "\n", .todotxt)
        #expect(doc.withoutDates == ListDocument(
            lists: [.init(name: "K", items: [.init(name: "keep", done: false)])], skippedLines: [2]))
    }

    @Test func crlfAndBlankLines() throws {
        let doc = try Fixtures.decode("\r\n2026-01-01 a +L\r\n   \r\nx 2026-01-01 2026-01-01 b +L\r\n", .todotxt)
        #expect(doc.withoutDates == ListDocument(lists: [.init(name: "L", items: [
            .init(name: "a", done: false), .init(name: "b", done: true),
        ])]))
    }
}
