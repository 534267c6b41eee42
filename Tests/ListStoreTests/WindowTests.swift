import Foundation
import Testing
@testable import ListStore

/// `itemWindow` reads a stretch of a list by position; it must be exactly that stretch of
/// `items(in:)`, however it gets there.
@Suite("Item windows")
struct WindowTests {
    let store: ListStore
    let list: TaskList
    let all: [ListItem]

    init() throws {
        store = try ListStore.inMemory()
        list = try store.createList(named: "Long", items: (1...300).map { "item \($0)" }).value
        try store.createList(named: "Other", items: ["a", "b"])
        // Positions that are not the indexes: an item moved, one added in between.
        try store.moveItem(.name("item 5"), in: .id(list.id), to: 200)
        try store.addItems(["inserted"], to: .id(list.id), at: 100)
        try store.setDone(true, [.name("item 7"), .name("item 290")], in: .id(list.id))
        all = try store.items(in: .id(list.id))
    }

    @Test func everyWindowIsThatStretchOfTheList() throws {
        let knowns: [KnownRow?] = [nil] + [0, 1, 99, 150, 250, 300].map { KnownRow(index: $0, position: all[$0].position) }
        for index in [-5, 0, 1, 49, 50, 51, 150, 249, 299, 300, 400] {
            for (before, after) in [(0, 1), (10, 10), (50, 0), (0, 500), (500, 500)] {
                for known in knowns {
                    let window = try store.itemWindow(of: list.id, around: index, before: before, after: after, near: known)
                    let center = min(max(index, 0), all.count - 1)
                    let start = max(0, center - before)
                    let end = min(all.count, center + after)
                    #expect(window.start == start)
                    #expect(window.items == Array(all[start..<end]), "index \(index), \(before)/\(after), known \(String(describing: known))")
                    #expect(window.summary.list.id == list.id && window.summary.list.name == "Long")
                    #expect(window.summary.itemCount == 301 && window.summary.completedCount == 2)
                    #expect(window.keptIndex == nil)
                }
            }
        }
    }

    @Test func aKeptItemIsFoundByItsPlaceFromEitherEnd() throws {
        for index in [0, 1, 100, 150, 151, 298, 300] {
            let window = try store.itemWindow(of: list.id, around: 7, keeping: all[index].id, before: 3, after: 4)
            #expect(window.keptIndex == index)
            #expect(window.start == max(0, index - 3))
            #expect(window.items == Array(all[max(0, index - 3)..<min(all.count, index + 4)]))
        }
        // An item of another list, or gone: the window is around the index given.
        let other = try store.items(in: .name("Other"))[1]
        let window = try store.itemWindow(of: list.id, around: 20, keeping: other.id, before: 1, after: 1)
        #expect(window.keptIndex == nil && window.items == [all[19], all[20]])
    }

    @Test func emptyAndMissingLists() throws {
        let empty = try store.createList(named: "Empty").value
        let window = try store.itemWindow(of: empty.id, around: 3, before: 10, after: 10)
        #expect(window.items.isEmpty && window.start == 0 && window.summary.itemCount == 0)
        try store.deleteList(.id(empty.id))
        #expect(throws: StoreError.self) { try store.itemWindow(of: empty.id, around: 0, before: 1, after: 1) }
    }

    @Test func anUndoStepSaysWhichRowsItPutBack() throws {
        let item = all[3]
        try store.setDone(true, [.id(item.id)], in: .id(list.id))
        let undone = try store.undoStep()
        #expect(undone.summary == "Undid: checked off \(item.name) on Long")
        let rows = try #require(undone.rows)
        #expect(rows.items.count == 1)
        #expect(rows.items[0].before?.done == true && rows.items[0].after == item)
        #expect(rows.lists.count == 1 && rows.lists[0].after?.id == list.id)
        let redone = try #require(try store.redoStep().rows)
        #expect(redone.items[0].before == item && redone.items[0].after?.done == true)
        try store.deleteItems([.id(item.id)], from: .id(list.id))
        let restored = try #require(try store.undoStep().rows)
        #expect(restored.items.count == 1 && restored.items[0].before == nil && restored.items[0].after?.id == item.id)
        // More rows than asked for: only the summary (the change is made all the same).
        let before = try store.items(in: .id(list.id)).prefix(20).map(\.done)
        try store.setDone(true, all.prefix(20).map { .id($0.id) }, in: .id(list.id))
        let many = try store.undoStep(reportingUpTo: 10)
        #expect(many.rows == nil && many.summary.hasPrefix("Undid: checked off"))
        #expect(try store.items(in: .id(list.id)).prefix(20).map(\.done) == before)
    }
}
