import Foundation
import Testing
@testable import ListStore

/// Search in SQL, ignoring case and diacritics, bounded; names for completion.
@Suite("Search")
struct SearchTests {
    let store: ListStore

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "Grocery Store", items: ["Milk", "eggs", "Café au lait", "oat milk", "bread"])
        try store.createList(named: "Hardware Store", items: ["nails", "glue"])
        try store.createList(named: "Milk run", items: ["cheese"])
    }

    private func id(_ name: String) throws -> UUID { try store.list(.name(name)).id }

    @Test func foldingIgnoresCaseAndDiacritics() {
        #expect(SearchText.fold("Café AU Lait") == "cafe au lait")
        #expect(SearchText.contains("Crème Brûlée", folded: SearchText.fold("creme brul")))
        #expect(SearchText.contains("CRÈME", folded: SearchText.fold("crème")))
        #expect(!SearchText.contains("cream", folded: "creme"))
        #expect(SearchText.contains("anything", folded: ""))
    }

    @Test func highlightRangesAreCharacters() {
        let characters = "Oat MILK, milk".map(String.init)
        #expect(SearchText.matches(of: "milk", in: characters) == [4..<8, 10..<14])
        #expect(SearchText.matches(of: "cafe", in: "Le Café".map(String.init)) == [3..<7])
        #expect(SearchText.matches(of: "", in: characters).isEmpty)
        #expect(SearchText.matches(of: "x", in: []).isEmpty)
        // "e" + U+0301 is one character: the match covers it whole.
        #expect(SearchText.matches(of: "cafe", in: ["c", "a", "f", "e\u{301}"]) == [0..<4])
    }

    @Test func searchItemsFindsSubstringsInOrderBounded() throws {
        let grocery = try id("Grocery Store")
        let found = try store.searchItems(in: grocery, matching: "  MILK ", limit: 10)
        #expect(found.items.map(\.name) == ["Milk", "oat milk"])
        #expect(found.complete)
        let first = try store.searchItems(in: grocery, matching: "milk", limit: 1)
        #expect(first.items.map(\.name) == ["Milk"])
        #expect(!first.complete)
        #expect(try store.searchItems(in: grocery, matching: "cafe", limit: 10).items.map(\.name) == ["Café au lait"])
        #expect(try store.searchItems(in: grocery, matching: "", limit: 10).items.isEmpty)
        #expect(try store.searchItems(in: grocery, matching: "\u{1B}[2J", limit: 10).items.isEmpty)
        #expect(try store.searchItems(in: grocery, matching: "%", limit: 10).items.isEmpty)
        #expect(try store.searchItems(in: grocery, matching: String(repeating: "m", count: 100_000), limit: 10).items.isEmpty)
    }

    @Test func searchListsByNameOrItems() throws {
        let found = try store.searchLists(matching: "milk")
        #expect(try found.map { try store.list(.id($0.list)).name } == ["Grocery Store", "Milk run"])
        #expect(found.map(\.nameMatches) == [false, true])
        #expect(try store.searchLists(matching: "GLUE").count == 1)
        #expect(try store.searchLists(matching: "nothing like it").isEmpty)
        #expect(try store.searchLists(matching: " ").isEmpty)
    }

    @Test func namesForCompletion() throws {
        #expect(try store.names(startingWith: "gro", preferring: nil, limit: 5) == ["Grocery Store"])
        #expect(try store.names(startingWith: "MI", preferring: nil, limit: 5) == ["Milk run", "Milk"])
        #expect(try store.names(startingWith: "caf", preferring: try id("Grocery Store"), limit: 5) == ["Café au lait"])
        #expect(try store.names(startingWith: "", preferring: nil, limit: 5).isEmpty)
    }

    @Test func aSearchOfABigListIsBounded() throws {
        let big = try store.createList(named: "Big").value
        try store.addItems((1...20_000).map { "item \($0)" }, to: .id(big.id))
        let found = try store.searchItems(in: big.id, matching: "item 1", limit: 100)
        #expect(found.items.count == 100)
        #expect(!found.complete)
        #expect(found.items.first?.name == "item 1")
        #expect(try store.searchItems(in: big.id, matching: "item 19999", limit: 100).items.map(\.name) == ["item 19999"])
    }
}
