import Foundation
import Testing
@testable import ListStore

@Suite("Items")
struct ItemOperationTests {
    let store: ListStore

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "Grocery Store")
    }

    @Test func addAtEndAndAtPosition() throws {
        let added = try store.addItems(["milk", "eggs"], to: .name("grocery"))
        #expect(added.summary == "added milk and eggs to Grocery Store")
        try store.addItems(["bread"], to: .name("grocery"), at: 0)
        try store.addItems(["rice", "beans"], to: .name("grocery"), at: 2)
        try store.addItems(["salt"], to: .name("grocery"), at: 99)
        #expect(try store.itemNames("Grocery Store") == ["bread", "milk", "rice", "beans", "eggs", "salt"])
    }

    @Test func repeatedInsertsAtOnePlaceRenumberWhenRoomRunsOut() throws {
        try store.addItems(["first", "last"], to: .name("Grocery"))
        // Bisecting the same gap runs out of double precision after ~50 inserts.
        for n in 1...120 {
            try store.addItems(["n\(n)"], to: .name("Grocery"), at: 1)
        }
        let names = try store.itemNames("Grocery Store")
        #expect(names.count == 122)
        #expect(names.first == "first" && names.last == "last")
        #expect(Array(names[1...3]) == ["n120", "n119", "n118"])
        let positions = try store.items(in: .name("Grocery")).map(\.position)
        #expect(Set(positions).count == positions.count)
    }

    @Test func theListsHoldingANameAreFoundInListOrderIgnoringCase() throws {
        try store.createList(named: "Hardware Store", items: ["Nails", "milk"])
        try store.createList(named: "Pharmacy", items: ["aspirin"])
        try store.addItems(["milk", "Eggs"], to: .name("Grocery"))
        try store.setDone(true, [.name("milk")], in: .name("Grocery"))
        // Checked off or not, in the order the lists are shown.
        #expect(try store.lists(holdingItemNamed: "  MILK ").map(\.name) == ["Grocery Store", "Hardware Store"])
        #expect(try store.lists(holdingItemNamed: "eggs").map(\.name) == ["Grocery Store"])
        #expect(try store.lists(holdingItemNamed: "egg").isEmpty)
        // Whether any list holds it, as the assistant asks.
        #expect(try store.holdsItem(named: " mILk"))
        #expect(try store.holdsItem(named: "aspirin"))
        #expect(try !store.holdsItem(named: "egg"))
        #expect(try store.hasUncheckedItem(named: "Milk", in: store.list(.name("Hardware")).id))
        #expect(try !store.hasUncheckedItem(named: "Milk", in: store.list(.name("Grocery")).id))
    }

    /// What the assistant reads instead of a whole list: an item by its name, the counts,
    /// the names and states.
    @Test func namedItemsCountsAndNamesWithoutTheItems() throws {
        try store.addItems(["Milk", "eggs", "milk ", "oat milk"], to: .name("Grocery"))
        try store.setDone(true, [.name("eggs")], in: .name("Grocery"))
        let list = try store.list(.name("Grocery")).id
        #expect(try store.items(named: " MILK", in: list).map(\.name) == ["Milk", "milk"])
        #expect(try store.items(named: "oat milk", in: list).map(\.name) == ["oat milk"])
        #expect(try store.items(named: "oat", in: list).isEmpty)
        let summary = try store.summary(.id(list))
        #expect(summary.title == "Grocery Store (1 of 4 completed)")
        let shown = try store.namesAndStates(.name("grocery"))
        #expect(shown.list.id == list)
        #expect(shown.items.map(\.name) == ["Milk", "eggs", "milk", "oat milk"])
        #expect(shown.items.map(\.done) == [false, true, false, false])
    }

    @Test func anItemsPlaceIsCountedFromTheNearerEnd() throws {
        let added = try store.addItems((1...9).map { "n\($0)" }, to: .name("Grocery")).value
        for (index, item) in added.enumerated() {
            let place = try #require(try store.place(ofItem: item.id))
            #expect(place.list.name == "Grocery Store" && place.index == index && place.count == 9)
        }
        try store.deleteItems([.id(added[0].id)], from: .name("Grocery"))
        #expect(try store.place(ofItem: added[0].id) == nil)
        #expect(try store.place(ofItem: added[8].id)?.index == 7)
    }

    @Test func checkUncheckRenameRemove() throws {
        try store.addItems(["milk", "eggs", "bread"], to: .name("Grocery"))
        let checked = try store.setDone(true, [.name("MILK"), .name("3")], in: .name("Grocery"))
        #expect(checked.value.map(\.name) == ["milk", "bread"])
        #expect(checked.summary == "checked off milk and bread on Grocery Store")
        #expect(try store.setDone(true, [.name("milk")], in: .name("Grocery")).recorded == false)
        try store.setDone(false, [.name("bre")], in: .name("Grocery"))
        try store.renameItem(.name("eggs"), in: .name("Grocery"), to: "free-range eggs")
        #expect(try store.dump() == "Grocery Store: [x] milk, [ ] free-range eggs, [ ] bread")
        let removed = try store.deleteItems([.name("1"), .name("bread")], from: .name("Grocery"))
        #expect(removed.summary == "removed milk and bread from Grocery Store")
        #expect(try store.dump() == "Grocery Store: [ ] free-range eggs")
    }

    @Test func positionsReferToTheListBeforeTheCommand() throws {
        try store.addItems(["a", "b", "c", "d"], to: .name("Grocery"))
        try store.deleteItems([.name("1"), .name("2")], from: .name("Grocery"))
        #expect(try store.itemNames("Grocery Store") == ["c", "d"])
    }

    @Test func itemMatching() throws {
        try store.addItems(["milk", "milkshake", "2", "oat milk"], to: .name("Grocery"))
        #expect(try store.item(.name("milk"), in: .name("Grocery")).name == "milk")  // exact over prefix
        #expect(try store.item(.name("milks"), in: .name("Grocery")).name == "milkshake")
        #expect(try store.item(.name("2"), in: .name("Grocery")).name == "2")  // a name beats a position
        #expect(try store.item(.name("4"), in: .name("Grocery")).name == "oat milk")
        #expect(throws: StoreError.notFound("Grocery Store has no item 9 (it has 4).")) {
            try store.item(.name("9"), in: .name("Grocery"))
        }
        #expect(throws: StoreError.notFound("Nothing on Grocery Store matches “bread”.")) {
            try store.item(.name("bread"), in: .name("Grocery"))
        }
        try store.addItems(["oats", "oat bran"], to: .name("Grocery"))
        #expect(throws: StoreError.self) { try store.item(.name("oat"), in: .name("Grocery")) }
    }

    @Test func duplicateNamesAreAmbiguousButPositionsWork() throws {
        try store.addItems(["milk", "eggs", "milk"], to: .name("Grocery"))
        #expect(throws: StoreError.ambiguous(
            "2 items on Grocery Store are named “milk”; name one by its position", candidates: ["1", "3"])) {
            try store.setDone(true, [.name("milk")], in: .name("Grocery"))
        }
        try store.setDone(true, [.name("3")], in: .name("Grocery"))
        #expect(try store.dump() == "Grocery Store: [ ] milk, [ ] eggs, [x] milk")
    }

    @Test func moveItem() throws {
        try store.addItems(["a", "b", "c", "d"], to: .name("Grocery"))
        try store.moveItem(.name("d"), in: .name("Grocery"), to: 0)
        #expect(try store.itemNames("Grocery Store") == ["d", "a", "b", "c"])
        try store.moveItem(.name("d"), in: .name("Grocery"), to: 2)
        #expect(try store.itemNames("Grocery Store") == ["a", "b", "d", "c"])
        try store.moveItem(.name("a"), in: .name("Grocery"), to: 10)
        #expect(try store.itemNames("Grocery Store") == ["b", "d", "c", "a"])
    }

    /// Every item to every place, and past the end: the neighbours are found from the nearer
    /// end of the list, and items by position too.
    @Test func everyMoveAndEveryPositionAgreeWithAnArray() throws {
        var expected = (1...7).map { "i\($0)" }
        try store.addItems(expected, to: .name("Grocery"))
        for name in expected.reversed() {
            for target in 0...8 {
                let others = try store.items(in: .name("Grocery")).filter { $0.name != name }
                try store.moveItem(.name(name), in: .name("Grocery"), to: target)
                // Between its new neighbours: no other item moves.
                #expect(try store.items(in: .name("Grocery")).filter { $0.name != name } == others, "\(name) to \(target)")
                expected.removeAll { $0 == name }
                expected.insert(name, at: min(target, expected.count))
                #expect(try store.itemNames("Grocery Store") == expected, "\(name) to \(target)")
                for (index, shown) in expected.enumerated() {
                    #expect(try store.item(.name("\(index + 1)"), in: .name("Grocery")).name == shown)
                }
            }
        }
    }

    @Test func clearDone() throws {
        try store.addItems(["a", "b", "c"], to: .name("Grocery"))
        try store.setDone(true, [.name("a"), .name("c")], in: .name("Grocery"))
        let cleared = try store.clearDone(in: .name("Grocery"))
        #expect(cleared.summary == "cleared 2 checked items from Grocery Store")
        #expect(try store.dump() == "Grocery Store: [ ] b")
    }

    @Test func itemsChangeTheListsModifiedTime() throws {
        let clock = TestClock()
        let store = try ListStore.inMemory(clock: clock.closure)
        let list = try store.createList(named: "L").value
        clock.advance(60)
        try store.addItems(["x"], to: .id(list.id))
        #expect(try store.list(.id(list.id)).modified == clock.now.storable)
        #expect(try store.list(.id(list.id)).created == list.created)
    }
}

@Suite("Bad input changes nothing")
struct BadInputTests {
    let store: ListStore

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "Grocery Store", items: ["milk"])
        try store.createList(named: "Garden")
    }

    func unchanged() throws {
        #expect(try store.dump() == "Grocery Store: [ ] milk\nGarden: ")
        #expect(try store.undoDepth().undo == 2)
    }

    @Test(arguments: ["", "   ", "\n\t "])
    func emptyNames(_ name: String) throws {
        #expect(throws: StoreError.invalidName("list name is empty")) { try store.createList(named: name) }
        #expect(throws: StoreError.invalidName("item name is empty")) { try store.addItems([name], to: .name("Grocery")) }
        #expect(throws: StoreError.self) { try store.renameList(.name("Garden"), to: name) }
        try unchanged()
    }

    @Test func overLongNames() throws {
        let long = String(repeating: "é", count: 501)
        #expect(throws: StoreError.invalidName("item name is 501 characters long; the limit is 500")) {
            try store.addItems(["ok", long], to: .name("Grocery"))
        }
        #expect(throws: StoreError.self) { try store.createList(named: long) }
        // 500 grapheme clusters is fine, however many bytes: 👩‍💻 is one character.
        try store.createList(named: String(repeating: "👩‍💻", count: 500))
        try store.deleteList(.name("👩‍💻"))
        try store.undo()
        try store.deleteList(.name("👩‍💻"))
    }

    @Test(arguments: ["a\u{1B}[31mred", "tab\there", "bell\u{07}", "del\u{7F}", "c1\u{9B}x", "line\u{2028}sep", "nul\u{0}"])
    func controlCharacters(_ name: String) throws {
        #expect(throws: StoreError.self) { try store.createList(named: name) }
        #expect(throws: StoreError.self) { try store.addItems([name], to: .name("Grocery")) }
        #expect(throws: StoreError.self) { try store.renameItem(.name("milk"), in: .name("Grocery"), to: name) }
        try unchanged()
    }

    @Test func unknownAndAmbiguousLists() throws {
        #expect(throws: StoreError.notFound("No list matches “Hardware”.")) { try store.addItems(["x"], to: .name("Hardware")) }
        #expect(throws: StoreError.ambiguous("“G” matches 2 lists", candidates: ["Grocery Store", "Garden"])) {
            try store.addItems(["x"], to: .name("G"))
        }
        #expect(throws: StoreError.self) { try store.deleteList(.name("G")) }
        #expect(throws: StoreError.self) { try store.setDone(true, [.name("milk"), .name("bread")], in: .name("Grocery")) }
        #expect(throws: StoreError.self) { try store.deleteList(.id(UUID())) }
        try unchanged()
    }
}
