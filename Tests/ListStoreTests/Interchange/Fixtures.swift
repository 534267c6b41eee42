import Foundation
@testable import ListStore

enum Fixtures {
    /// 2026-04-01 23:30 UTC: late in the UTC day, so a local-time date would differ east of UTC.
    static let today = Date(timeIntervalSince1970: 1_775_086_200)

    /// Names that stress every format's markers and escapes.
    static let trickyNames = [
        "crème fraîche",
        "豆腐と味噌 汁",
        "👩‍💻 laptop 🇨🇭",
        "C# #hashtag ## not a heading",
        "# starts with hash",
        "+tag @context +another",
        "ends with +tag",
        "snake_case_name",
        "100% sure %25 %5F _",
        "x marks the spot",
        "X upper x",
        "(A) thing",
        "2026-01-01 party",
        "2026-01-01",
        "[x] already done",
        "[ ] box",
        "- [ ] nested",
        "* [X] star",
        "back\\slash \\n not a newline",
        "quote \"and\" slash / </script>",
        "\u{301}combining mark first",
        "multiple   inner  spaces",
        "no\u{A0}break and ideographic\u{3000}space",
        "{\"name\": \"json-ish\"}",
        "a",
    ]

    static var tricky: ListDocument {
        ListDocument(lists: trickyNames.enumerated().map { index, listName in
            ListDocument.List(
                name: listName,
                items: trickyNames.enumerated().map { j, itemName in
                    ListDocument.Item(name: itemName, done: (index + j) % 2 == 0)
                }
            )
        })
    }

    static let small = ListDocument(lists: [
        .init(name: "Grocery Store", items: [
            .init(name: "milk", done: false),
            .init(name: "eggs", done: true),
        ]),
        .init(name: "Hardware_Store 100%", items: [
            .init(name: "nails +big", done: false),
        ]),
    ])

    /// UTC midnight of a day, as todo.txt dates decode.
    static func day(_ text: String) -> Date {
        TodoTxt.day(
            year: Int(text.prefix(4))!, month: Int(text.dropFirst(5).prefix(2))!, day: Int(text.suffix(2))!)!
    }

    static func decode(_ text: String, _ format: InterchangeFormat) throws(InterchangeError) -> ListDocument {
        try Interchange.decode(Data(text.utf8), format: format)
    }

    /// The error thrown by decoding, or nil if decoding succeeded.
    static func error(_ text: String, _ format: InterchangeFormat) -> InterchangeError? {
        error(Data(text.utf8), format)
    }

    static func error(_ data: Data, _ format: InterchangeFormat) -> InterchangeError? {
        do {
            _ = try Interchange.decode(data, format: format)
            return nil
        } catch {
            return error
        }
    }
}

extension ListDocument {
    /// The names and done states only: what every format keeps (todo.txt adds dates).
    var withoutDates: ListDocument {
        ListDocument(lists: lists.map { list in
            .init(name: list.name, items: list.items.map { .init(name: $0.name, done: $0.done) })
        }, skippedLines: skippedLines)
    }
}
