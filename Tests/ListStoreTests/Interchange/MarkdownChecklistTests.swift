import Foundation
import Testing
@testable import ListStore

@Suite("Markdown checklists")
struct MarkdownChecklistTests {
    let expectation = ###"expected "## List name" or "- [ ] item""###

    @Test func goldenEncoding() {
        let doc = ListDocument(lists: Fixtures.small.lists + [.init(name: "Empty", items: [])])
        let expected = """
            ## Grocery Store
            - [ ] milk
            - [x] eggs

            ## Hardware_Store 100%
            - [ ] nails +big

            ## Empty

            """
        #expect(Interchange.encode(doc, format: .markdown) == expected)
    }

    @Test func emptyDocument() throws {
        #expect(Interchange.encode(ListDocument(lists: []), format: .markdown) == "")
        #expect(try Fixtures.decode("", .markdown) == ListDocument(lists: []))
        #expect(try Fixtures.decode("# Just a title\n\n", .markdown) == ListDocument(lists: []))
    }

    @Test func trickyRoundTrip() throws {
        let doc = Fixtures.tricky
        #expect(try Fixtures.decode(Interchange.encode(doc, format: .markdown), .markdown) == doc)
    }

    @Test func emptyListsRoundTrip() throws {
        let doc = ListDocument(lists: [
            .init(name: "First", items: []),
            .init(name: "Second", items: [.init(name: "x", done: true)]),
            .init(name: "Third", items: []),
        ])
        #expect(try Fixtures.decode(Interchange.encode(doc, format: .markdown), .markdown) == doc)
    }

    @Test func duplicateListNamesAreKept() throws {
        let doc = try Fixtures.decode("## A\n- [ ] one\n## A\n- [ ] two\n", .markdown)
        #expect(doc.lists.map(\.name) == ["A", "A"])
    }

    @Test func decodesHandWrittenVariants() throws {
        let text = """
            # Shopping

            ## Grocery Store  
            - [ ] milk
            * [x] eggs
            + [X] bread
               -   [ ]   spaced out   
            -\t[x]\ttabbed

            ##\tHardware
              - [x] nails
            - [ ]

            """
            .replacingOccurrences(of: "- [ ]\n", with: "- [ ] screws\n")
        let expected = ListDocument(lists: [
            .init(name: "Grocery Store", items: [
                .init(name: "milk", done: false),
                .init(name: "eggs", done: true),
                .init(name: "bread", done: true),
                .init(name: "spaced out", done: false),
                .init(name: "tabbed", done: true),
            ]),
            .init(name: "Hardware", items: [
                .init(name: "nails", done: true),
                .init(name: "screws", done: false),
            ]),
        ])
        #expect(try Fixtures.decode(text, .markdown) == expected)
    }

    @Test func titleIsIgnoredAnywhere() throws {
        let doc = try Fixtures.decode("## A\n- [ ] one\n# Title\n- [x] two\n#\n", .markdown)
        #expect(doc == ListDocument(lists: [.init(name: "A", items: [.init(name: "one", done: false), .init(name: "two", done: true)])]))
    }

    @Test func itemBeforeHeading() {
        let error = Fixtures.error("# Title\n\n- [ ] milk\n## A\n", .markdown)
        #expect(error == InterchangeError(message: ###"expected a "## List name" heading before the first item"###, line: 3))
    }

    @Test func junkLine() {
        let error = Fixtures.error("## A\n- [ ] milk\n\njust some text\n", .markdown)
        #expect(error == InterchangeError(message: expectation, line: 4))
        #expect(error?.description == ###"line 4: expected "## List name" or "- [ ] item""###)
    }

    @Test(arguments: [
        "- milk",          // plain bullet without a checkbox
        "- [?] milk",      // unknown box state
        "- [ ]milk",       // no space after the box
        "-[ ] milk",       // no space after the bullet
        "1. [ ] milk",     // ordered list
        "### Sub",         // only level 2 headings are lists
        "##Sub",           // heading needs a space
        "    - [ ] milk",  // 4 spaces: a code block in Markdown
        "> - [ ] milk",
    ])
    func rejectedLines(line: String) {
        let error = Fixtures.error("## A\n" + line + "\n", .markdown)
        #expect(error == InterchangeError(message: expectation, line: 2))
    }

    @Test func emptyHeading() {
        #expect(Fixtures.error("## A\n\n##   \n", .markdown) == InterchangeError(message: "empty list name", line: 3))
        #expect(Fixtures.error("##", .markdown) == InterchangeError(message: "empty list name", line: 1))
    }

    @Test func emptyItem() {
        #expect(Fixtures.error("## A\n- [x]  \n", .markdown) == InterchangeError(message: "empty item name", line: 2))
    }

    @Test func crlfLineEndingsAndLineNumbers() throws {
        let doc = try Fixtures.decode("## A\r\n- [ ] one\r\n\r\n## B\r\n- [x] two\r\n", .markdown)
        #expect(doc == ListDocument(lists: [
            .init(name: "A", items: [.init(name: "one", done: false)]),
            .init(name: "B", items: [.init(name: "two", done: true)]),
        ]))
        #expect(Fixtures.error("## A\r\n\r\noops\r\n", .markdown)?.line == 3)
    }
}
