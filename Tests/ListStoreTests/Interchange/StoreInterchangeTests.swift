import Foundation
import Testing
@testable import ListStore

@Suite("Import and export through the store")
struct StoreInterchangeDatesTests {
    let store: ListStore

    init() throws {
        store = try ListStore.inMemory()
    }

    /// todo.txt dates are kept on import and written back on export (not today's date).
    @Test func todoTxtDatesAreKeptByTheStoreAndWrittenBack() throws {
        let text = """
            (A) 2026-03-01 call mom +Family
            x 2026-03-02 2026-03-01 pay rent +Family
            x 2026-03-05 only completed +Family

            """
        try store.importDocument(try Fixtures.decode(text, .todotxt))
        let items = try store.listWithItems(.name("Family")).items
        #expect(items.map(\.name) == ["(A) call mom", "pay rent", "only completed"])
        #expect(items[0].created == Fixtures.day("2026-03-01"))
        #expect(items[1].created == Fixtures.day("2026-03-01"))
        #expect(items[1].modified == Fixtures.day("2026-03-02"))
        // No creation date: there by its completion at the latest.
        #expect(items[2].created == Fixtures.day("2026-03-05"))
        let exported = Interchange.encode(try store.exportDocument(), format: .todotxt, today: Fixtures.today)
        #expect(exported == """
            (A) 2026-03-01 call mom +Family
            x 2026-03-02 2026-03-01 pay rent +Family
            x 2026-03-05 2026-03-05 only completed +Family

            """)
    }

    @Test func exportOnlyTheListsNamed() throws {
        try store.createList(named: "Grocery Store", items: ["milk"])
        try store.createList(named: "Hardware Store", items: ["nails"])
        try store.createList(named: "Books")
        let doc = try store.exportDocument(only: [.name("hard"), .name("books"), .name("Hardware Store")])
        #expect(doc.withoutDates == ListDocument(lists: [
            .init(name: "Hardware Store", items: [.init(name: "nails", done: false)]),
            .init(name: "Books", items: []),
        ]))
        #expect(throws: StoreError.self) { try store.exportDocument(only: [.name("nope")]) }
        #expect(throws: StoreError.self) { try store.exportDocument(only: [.name("store")]) }  // two match
    }
}
