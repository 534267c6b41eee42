import Foundation
import Testing
@testable import ListStore

/// Moving items to another list, checking off or removing everything, sorting,
/// and the one rule for adding a name that is already there.
@Suite("Move, sort, check off all, the add rule")
struct MoveSortTests {
    let store: ListStore

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "Grocery Store", items: ["milk", "eggs", "bread", "nails"])
        try store.createList(named: "Hardware Store", items: ["rope"])
    }

    @Test func movesItemsToTheEndOfAnotherListAsOneUndoStep() throws {
        try store.setDone(true, [.name("bread")], in: .name("Grocery"))
        let changed = try store.moveItems([.name("nails"), .name("bread")], from: .name("Grocery"), to: .name("Hardware"))
        #expect(changed.summary == "moved nails and bread from Grocery Store to Hardware Store")
        #expect(changed.value.moved.map(\.name) == ["nails", "bread"])
        #expect(changed.value.merged.isEmpty)
        #expect(try store.dump() == """
            Grocery Store: [ ] milk, [ ] eggs
            Hardware Store: [ ] rope, [ ] nails, [x] bread
            """)
        let counts = try store.keptAndRecountedCounts()
        #expect(counts.kept == counts.recounted)
        #expect(try store.undo() == "Undid: moved nails and bread from Grocery Store to Hardware Store")
        #expect(try store.dump() == """
            Grocery Store: [ ] milk, [ ] eggs, [x] bread, [ ] nails
            Hardware Store: [ ] rope
            """)
        try store.redo()
        #expect(try store.itemNames("Hardware Store") == ["rope", "nails", "bread"])
        let after = try store.keptAndRecountedCounts()
        #expect(after.kept == after.recounted)
    }

    @Test func aNameAlreadyOnTheTargetIsMergedNotDoubled() throws {
        try store.addItems(["milk"], to: .name("Hardware"))
        try store.setDone(true, [.name("milk")], in: .name("Hardware"))
        // An unchecked milk moved onto a checked one: one milk, unchecked (still needed).
        let changed = try store.moveItems([.name("MILK")], from: .name("Grocery"), to: .name("Hardware"))
        #expect(changed.value.moved.isEmpty)
        #expect(changed.value.merged.map(\.name) == ["milk"])
        #expect(changed.value.merged.map(\.done) == [false])
        #expect(try store.dump() == """
            Grocery Store: [ ] eggs, [ ] bread, [ ] nails
            Hardware Store: [ ] rope, [ ] milk
            """)
        try store.undo()
        #expect(try store.dump() == """
            Grocery Store: [ ] milk, [ ] eggs, [ ] bread, [ ] nails
            Hardware Store: [ ] rope, [x] milk
            """)
        // A checked item moved onto an unchecked one leaves it unchecked.
        try store.setDone(true, [.name("eggs")], in: .name("Grocery"))
        try store.addItems(["eggs"], to: .name("Hardware"))
        try store.moveItems([.name("eggs")], from: .name("Grocery"), to: .name("Hardware"))
        #expect(try store.itemNames("Hardware Store") == ["rope", "milk", "eggs"])
        #expect(try store.items(in: .name("Hardware")).last?.done == false)
    }

    @Test func movingOntoTheSameListOrAMissingItemChangesNothing() throws {
        #expect(throws: StoreError.nothingToDo("The items are already on Grocery Store.")) {
            try store.moveItems([.name("milk")], from: .name("Grocery"), to: .name("Grocery"))
        }
        #expect(throws: StoreError.self) {
            try store.moveItems([.name("eggs"), .name("caviar")], from: .name("Grocery"), to: .name("Hardware"))
        }
        #expect(try store.itemNames("Grocery Store") == ["milk", "eggs", "bread", "nails"])
        #expect(try store.undo() == "Undid: created list Hardware Store with rope")
    }

    @Test func checkOffAllIsOneStepAndReportsWhatChanged() throws {
        try store.setDone(true, [.name("eggs")], in: .name("Grocery"))
        let changed = try store.checkOffAll(in: .name("Grocery"))
        #expect(changed.value.map(\.name) == ["milk", "bread", "nails"])
        #expect(changed.summary == "checked off every item on Grocery Store")
        #expect(try store.dump().hasPrefix("Grocery Store: [x] milk, [x] eggs, [x] bread, [x] nails"))
        #expect(try store.checkOffAll(in: .name("Grocery")).recorded == false)
        try store.undo()
        #expect(try store.dump().hasPrefix("Grocery Store: [ ] milk, [x] eggs, [ ] bread, [ ] nails"))
    }

    @Test func clearAllKeepsTheListAndUndoesInOneStep() throws {
        let changed = try store.clearAll(in: .name("Grocery"))
        #expect(changed.value.count == 4)
        #expect(changed.summary == "removed all 4 items from Grocery Store")
        #expect(try store.itemNames("Grocery Store").isEmpty)
        try store.undo()
        #expect(try store.itemNames("Grocery Store") == ["milk", "eggs", "bread", "nails"])
    }

    @Test func sortByNameCheckedLastIsOneStoredStep() throws {
        try store.addItems(["Apples", "item 10", "item 2", "éclairs"], to: .name("Grocery"))
        try store.setDone(true, [.name("bread")], in: .name("Grocery"))
        let changed = try store.sortItems(in: .name("Grocery"))
        #expect(changed.recorded)
        #expect(changed.summary == "sorted Grocery Store by name, checked items last")
        #expect(try store.itemNames("Grocery Store")
            == ["Apples", "éclairs", "eggs", "item 2", "item 10", "milk", "nails", "bread"])
        #expect(try store.sortItems(in: .name("Grocery")).recorded == false)
        try store.undo()
        #expect(try store.itemNames("Grocery Store")
            == ["milk", "eggs", "bread", "nails", "Apples", "item 10", "item 2", "éclairs"])
    }

    @Test func addingANameThatIsThereUnchecksItOrLeavesIt() throws {
        try store.setDone(true, [.name("milk")], in: .name("Grocery"))
        let changed = try store.addItemsUnlessPresent(["Milk", "eggs", "rice", "rice"], to: .name("Grocery"), at: 0)
        #expect(changed.value.uncheckedAgain.map(\.name) == ["milk"])
        #expect(changed.value.alreadyThere.map(\.name) == ["eggs"])
        #expect(changed.value.added.map(\.name) == ["rice"])
        #expect(changed.summary == "added rice to Grocery Store and unchecked milk on Grocery Store")
        #expect(try store.dump().hasPrefix("Grocery Store: [ ] rice, [ ] milk, [ ] eggs, [ ] bread, [ ] nails"))
        let nothing = try store.addItemsUnlessPresent(["eggs"], to: .name("Grocery"))
        #expect(nothing.recorded == false)
        try store.undo()
        #expect(try store.dump().hasPrefix("Grocery Store: [x] milk, [ ] eggs, [ ] bread, [ ] nails"))
    }
}
