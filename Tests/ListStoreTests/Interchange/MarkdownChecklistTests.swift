import Foundation
import Testing
@testable import ListStore

@Suite("Markdown checklists")
struct MarkdownChecklistTests {
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

    /// Was "a title is ignored anywhere": its items then went to the list above it, which
    /// misfiles a person's "# Groceries … # Hardware …" notes. Now only the first, before any
    /// list, is the title; an empty one is skipped and reported.
    @Test func aTopHeadingAfterAListStartsOne() throws {
        let doc = try Fixtures.decode("## A\n- [ ] one\n# Title\n- [x] two\n#\n", .markdown)
        #expect(doc == ListDocument(lists: [
            .init(name: "A", items: [.init(name: "one", done: false)]),
            .init(name: "Title", items: [.init(name: "two", done: true)]),
        ], skippedLines: [5]))
    }

    @Test func itemsBeforeAnyHeadingGoToTheTitlesList() throws {
        let doc = try Fixtures.decode("# Reading\n\n- [ ] Dune\n## A\n", .markdown)
        #expect(doc == ListDocument(lists: [
            .init(name: "Reading", items: [.init(name: "Dune", done: false)]),
            .init(name: "A", items: []),
        ]))
    }

    @Test func aLaterTopHeadingStartsAList() throws {
        let doc = try Fixtures.decode("# Groceries\n- milk\n# Hardware\n- nails\n", .markdown)
        #expect(doc == ListDocument(lists: [
            .init(name: "Groceries", items: [.init(name: "milk", done: false)]),
            .init(name: "Hardware", items: [.init(name: "nails", done: false)]),
        ]))
    }

    @Test func itemsWithoutHeadingOrTitleGoToTheInbox() throws {
        let doc = try Fixtures.decode("- [ ] milk\n- eggs\n", .markdown)
        #expect(doc == ListDocument(lists: [.init(name: "Inbox", items: [
            .init(name: "milk", done: false), .init(name: "eggs", done: false),
        ])]))
    }

    /// A person's notes: a prose line or a plain bullet does not refuse the whole file.
    @Test func personsNotesKeepTheirItemsAndSkipTheRest() throws {
        let text = """
            # Books

            Things I want to read this year, roughly in order.

            ## Fiction
            - Dune
            - [x] Emma
              - [ ] nested under Emma
            * Middlemarch
            1. The Leopard
            2) Kindred

            > a quote
            | a | table |
            ---
            ```
            - [ ] code, not an item
            ```
            ### Poetry
            - [ ]
            -
            -no space is prose
            ##
            - after an empty heading
            """
        let doc = try Fixtures.decode(text, .markdown)
        #expect(doc == ListDocument(lists: [
            .init(name: "Fiction", items: [
                .init(name: "Dune", done: false),
                .init(name: "Emma", done: true),
                .init(name: "nested under Emma", done: false),
                .init(name: "Middlemarch", done: false),
                .init(name: "The Leopard", done: false),
                .init(name: "Kindred", done: false),
            ]),
            .init(name: "Poetry", items: []),
            // After a heading with no name, items go to the title's list (else the Inbox).
            .init(name: "Books", items: [.init(name: "after an empty heading", done: false)]),
        ], skippedLines: [3, 13, 14, 15, 16, 17, 18, 20, 21, 22, 23]))
    }

    @Test(arguments: [
        ("- milk", "milk", false),              // a plain bullet is an item, not done
        ("- [?] milk", "[?] milk", false),      // not a box: text
        ("- [ ]milk", "[ ]milk", false),        // no space after the box: text
        ("1. [ ] milk", "milk", false),         // ordered list
        ("3) [x] milk", "milk", true),
        ("        - [x] milk", "milk", true),   // any indentation: a nested item
        ("\t- [X] milk", "milk", true),
    ])
    func itemLines(line: String, name: String, done: Bool) throws {
        let doc = try Fixtures.decode("## A\n" + line + "\n", .markdown)
        #expect(doc == ListDocument(lists: [.init(name: "A", items: [.init(name: name, done: done)])]))
    }

    @Test(arguments: [
        "just some text",
        "-[ ] milk",       // no space after the bullet
        "##Sub",           // a heading needs a space
        "####### seven",   // no such heading level
        "> - [ ] milk",    // quoted
        "***",
        "- - -",
        "1.milk",
        "1234567890. too long a number",
    ])
    func skippedLines(line: String) throws {
        let doc = try Fixtures.decode("## A\n" + line + "\n- [ ] kept\n", .markdown)
        #expect(doc == ListDocument(
            lists: [.init(name: "A", items: [.init(name: "kept", done: false)])], skippedLines: [2]))
    }

    @Test(arguments: ["### Sub", "#### Sub", "###### Sub"])
    func deeperHeadingsAreLists(line: String) throws {
        let doc = try Fixtures.decode("## A\n" + line + "\n- [ ] one\n", .markdown)
        #expect(doc.lists.map(\.name) == ["A", "Sub"])
        #expect(doc.lists[1].items == [.init(name: "one", done: false)])
    }

    @Test func emptyHeadingAndItemAreSkipped() throws {
        #expect(try Fixtures.decode("## A\n\n##   \n", .markdown) == ListDocument(
            lists: [.init(name: "A", items: [])], skippedLines: [3]))
        #expect(try Fixtures.decode("##", .markdown) == ListDocument(lists: [], skippedLines: [1]))
        #expect(try Fixtures.decode("## A\n- [x]  \n", .markdown) == ListDocument(
            lists: [.init(name: "A", items: [])], skippedLines: [2]))
    }

    @Test func fenceClosesOnlyOnItsOwnKind() throws {
        let doc = try Fixtures.decode("## A\n~~~~\n```\n- [ ] hidden\n~~~~\n- [ ] shown\n", .markdown)
        #expect(doc == ListDocument(
            lists: [.init(name: "A", items: [.init(name: "shown", done: false)])], skippedLines: [2, 3, 4, 5]))
    }

    @Test func crlfLineEndingsAndLineNumbers() throws {
        let doc = try Fixtures.decode("## A\r\n- [ ] one\r\n\r\n## B\r\n- [x] two\r\n", .markdown)
        #expect(doc == ListDocument(lists: [
            .init(name: "A", items: [.init(name: "one", done: false)]),
            .init(name: "B", items: [.init(name: "two", done: true)]),
        ]))
        #expect(try Fixtures.decode("## A\r\n\r\noops\r\n", .markdown).skippedLines == [3])
    }
}
