import Foundation
import ListStore
import Testing
@testable import listomat

/// The JSON written by hand (`show --json`, `lists --json`) is byte for byte what JSONEncoder,
/// as `Output.json` sets it up, writes for the same values.
@Suite struct JSONTextTests {
    private func encoded<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func written(_ value: some HandWrittenJSON) -> String {
        var json = JSONText()
        value.write(to: &json)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    @Test func stringsAreEscapedAsJSONEncoderEscapesThem() throws {
        var strings = ["", "milk", "say \"hi\"", #"back\slash"#, "a/b </script>", "tab\tnew\nline\r",
                       "\u{8}\u{C}", "\u{7F}", "é 😀 👩‍👩‍👧 한국어", "\u{2028}\u{2029}", "\u{FEFF}", "\u{202E}"]
        strings += (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
        for string in strings {
            var json = JSONText()
            json.string(string)
            #expect(String(decoding: json.bytes, as: UTF8.self) == (try encoded(string)), "\(Array(string.unicodeScalars))")
        }
    }

    @Test func showAndListsAreWrittenAsJSONEncoderWritesThem() throws {
        let store = try ListStore.inMemory()
        try store.createList(named: "Grocery \"Store\" / 2", items: ["milk", #"back\slash"#, "é 😀", "</b>"])
        try store.createList(named: "Empty")
        try store.setDone(true, [.name("milk")], in: .name("Grocery"))
        let summaries = try store.summaries()
        let lists = ListsJSON(lists: summaries.enumerated().map { ListJSON($1, index: $0) })
        #expect(written(lists) == (try encoded(lists)))

        let (list, items) = try store.listWithItems(.name("Grocery"))
        let show = ShowJSON(
            list: ListJSON(ListSummary(list: list, itemCount: items.count, completedCount: 1), index: 0),
            items: items.enumerated().map { ItemJSON($1, index: $0) })
        #expect(written(show) == (try encoded(show)))
        let (empty, none) = try store.listWithItems(.name("Empty"))
        let emptyShow = ShowJSON(
            list: ListJSON(ListSummary(list: empty, itemCount: 0, completedCount: 0), index: 1), items: none.map { ItemJSON($0, index: 0) })
        #expect(written(emptyShow) == (try encoded(emptyShow)))
    }
}
