import Foundation
import Testing
@testable import ListStore

@Suite("Lists")
struct ListOperationTests {
    let clock = TestClock()
    let store: ListStore

    init() throws {
        store = try ListStore.inMemory(clock: clock.closure)
    }

    @Test func createAndListInOrderWithCounts() throws {
        try store.createList(named: "Grocery Store", items: ["milk", "eggs"])
        try store.createList(named: "  Hardware Store  ")
        try store.setDone(true, [.name("milk")], in: .name("Grocery"))
        let summaries = try store.summaries()
        #expect(summaries.map(\.title) == ["Grocery Store (1 of 2 completed)", "Hardware Store (0 of 0 completed)"])
    }

    @Test func listNamesAreUniqueIgnoringCase() throws {
        try store.createList(named: "Grocery Store")
        #expect(throws: StoreError.conflict("A list named “Grocery Store” already exists.")) {
            try store.createList(named: "GROCERY store")
        }
        try store.createList(named: "Grocery Störe")  // a different name
        #expect(try store.lists().count == 2)
    }

    @Test func renameKeepsIdAndRefusesTakenNames() throws {
        let list = try store.createList(named: "Books").value
        try store.createList(named: "Movies")
        let renamed = try store.renameList(.name("books"), to: "Books to Read")
        #expect(renamed.value.id == list.id)
        #expect(renamed.summary == "renamed list Books to Books to Read")
        #expect(throws: StoreError.self) { try store.renameList(.name("Books"), to: "movies") }
        // Changing only the case of its own name is fine.
        try store.renameList(.name("Movies"), to: "MOVIES")
        #expect(try store.lists().map(\.name) == ["Books to Read", "MOVIES"])
    }

    @Test func deleteRemovesItemsToo() throws {
        try store.createList(named: "Pet Shop", items: ["food", "leash"])
        let deleted = try store.deleteList(.name("pet"))
        #expect(deleted.value.itemCount == 2)
        #expect(deleted.summary == "deleted list Pet Shop and its 2 items")
        #expect(try store.lists().isEmpty)
        #expect(try store.rawCount("SELECT count(*) FROM items") == 0)
    }

    @Test func moveList() throws {
        for name in ["A", "B", "C", "D"] { try store.createList(named: name) }
        try store.moveList(.name("D"), to: 0)
        #expect(try store.lists().map(\.name) == ["D", "A", "B", "C"])
        try store.moveList(.name("D"), to: 99)
        #expect(try store.lists().map(\.name) == ["A", "B", "C", "D"])
        try store.moveList(.name("A"), to: 2)
        #expect(try store.lists().map(\.name) == ["B", "C", "A", "D"])
    }

    @Test func repeatedMovesIntoOneGapRenumberWhenRoomRunsOut() throws {
        try store.createList(named: "first")
        try store.createList(named: "last")
        for n in 1...80 {
            try store.createList(named: "n\(n)")
            try store.moveList(.name("n\(n)"), to: 1)
        }
        let names = try store.lists().map(\.name)
        #expect(names.first == "first" && names.last == "last")
        #expect(Array(names[1...3]) == ["n80", "n79", "n78"])
        #expect(Set(try store.lists().map(\.position)).count == 82)
    }

    @Test func copyIsNamedByDateUncheckedAndFirst() throws {
        try store.createList(named: "Other")
        try store.createList(named: "Grocery Store", items: ["milk", "eggs"])
        try store.setDone(true, [.name("milk")], in: .name("Grocery"))
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.dateStyle = .medium
        let expected = "Grocery Store (\(day.string(from: clock.now)))"
        let copy = try store.copyList(.name("Grocery")).value
        #expect(copy.name == expected)
        #expect(try store.lists().first?.name == expected)
        #expect(try store.dump().split(separator: "\n").first == "\(expected): [ ] milk, [ ] eggs")
        // The original keeps its checks; a second copy the same day gets a number.
        #expect(try store.dump().contains("Grocery Store: [x] milk, [ ] eggs"))
        #expect(try store.copyList(.name("Grocery Store")).value.name == "Grocery Store (\(day.string(from: clock.now)) #2)")
        #expect(try store.copyList(.name("Other"), named: "Mine").value.name == "Mine")
    }

    @Test func copyOfLongestNameStaysWithinLimit() throws {
        let long = String(repeating: "x", count: NameRules.maximumLength)
        try store.createList(named: long)
        let copy = try store.copyList(.id(try store.lists()[0].id)).value
        #expect(copy.name.count <= NameRules.maximumLength)
        #expect(copy.name.hasSuffix(")"))
    }

    @Test func resetUnchecksEverything() throws {
        try store.createList(named: "Trip", items: ["tent", "stove", "map"])
        try store.setDone(true, [.name("tent"), .name("3")], in: .name("Trip"))
        let reset = try store.resetList(.name("trip"))
        #expect(reset.value == 2)
        #expect(try store.dump() == "Trip: [ ] tent, [ ] stove, [ ] map")
        // Nothing to reset: no undo entry.
        #expect(try store.resetList(.name("trip")).recorded == false)
    }

    @Test func matchingByExactNameThenUniquePrefix() throws {
        try store.createList(named: "Grocery Store")
        try store.createList(named: "Hardware Store")
        try store.createList(named: "Hard")
        #expect(try store.list(.name("hard")).name == "Hard")  // exact beats prefix
        #expect(try store.list(.name("hardw")).name == "Hardware Store")
        #expect(try store.list(.name("  GROCERY  ")).name == "Grocery Store")
        #expect(throws: StoreError.notFound("No list matches “Store”.")) { try store.list(.name("Store")) }
        #expect(throws: StoreError.ambiguous("“Ha” matches 2 lists", candidates: ["Hardware Store", "Hard"])) {
            try store.list(.name("Ha"))
        }
        #expect(throws: StoreError.self) { try store.list(.name("")) }
    }
}
