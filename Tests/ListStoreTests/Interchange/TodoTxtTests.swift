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
        #expect(try Fixtures.decode(text, .todotxt) == doc)
    }

    @Test func emptyListsAreOmitted() throws {
        let doc = ListDocument(lists: [
            .init(name: "Empty", items: []),
            .init(name: "Full", items: [.init(name: "one", done: false)]),
        ])
        let text = Interchange.encode(doc, format: .todotxt, today: Fixtures.today)
        #expect(text == "2026-04-01 one +Full\n")
        #expect(try Fixtures.decode(text, .todotxt) == ListDocument(lists: [doc.lists[1]]))
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
        let expected = ListDocument(lists: [
            .init(name: "Family Stuff", items: [
                .init(name: "call mom @phone", done: false),
                .init(name: "only completion date", done: true),
            ]),
            .init(name: "Home", items: [
                .init(name: "pay rent", done: true),
                .init(name: "done without dates", done: true),
                .init(name: "+bare project is not a name", done: false),
            ]),
            .init(name: "Grocery Store", items: [
                .init(name: "buy milk due:2026-04-02", done: false),
            ]),
            .init(name: "Inbox", items: [
                .init(name: "no project at all", done: false),
                .init(name: "plus alone + is text", done: false),
            ]),
            .init(name: "Errands", items: [
                .init(name: "tagged +urgent twice +Home", done: false),
            ]),
        ])
        #expect(try Fixtures.decode(text, .todotxt) == expected)
    }

    @Test(arguments: [
        // line, list, item name, done
        ("x 2026-01-02 2026-01-01 x marks the spot +L", "L", "x marks the spot", true),
        ("2026-01-01 x marks the spot +L", "L", "x marks the spot", false),
        ("2026-01-01 (A) thing +L", "L", "(A) thing", false),
        ("(A) 2026-01-01 2026-01-01 party +L", "L", "2026-01-01 party", false),
        ("x 2026-01-02 2026-01-01 2026-01-01 party +L", "L", "2026-01-01 party", true),
        ("2026-01-01 +L", "L", "", false),
        ("x 2026-01-02 2026-01-01 +L", "L", "", true),
        ("2026-01-01", "Inbox", "2026-01-01", false),
        ("X is not the done marker +L", "L", "X is not the done marker", false),
        ("xylophone +L", "L", "xylophone", false),
        ("(a) lowercase is not a priority", "Inbox", "(a) lowercase is not a priority", false),
        ("   indented   +L   ", "L", "indented", false),
        ("2026-1-1 short date +L", "L", "2026-1-1 short date", false),
        ("+L", "L", "", false),
    ])
    func parsesLine(line: String, list: String, name: String, done: Bool) throws {
        let doc = try Fixtures.decode(line, .todotxt)
        #expect(doc == ListDocument(lists: [.init(name: list, items: [.init(name: name, done: done)])]))
    }

    @Test func crlfAndBlankLines() throws {
        let doc = try Fixtures.decode("\r\n2026-01-01 a +L\r\n   \r\nx 2026-01-01 2026-01-01 b +L\r\n", .todotxt)
        #expect(doc == ListDocument(lists: [.init(name: "L", items: [
            .init(name: "a", done: false), .init(name: "b", done: true),
        ])]))
    }
}
