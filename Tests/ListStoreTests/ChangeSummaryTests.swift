import Foundation
import GRDB
import Testing
@testable import ListStore

/// The undo log keeps what a change did as data (a kind and its values) with its English, and
/// still reads the plain English an older ListOMat wrote.
@Suite struct ChangeSummaryTests {
    @Test func aChangeIsKeptAsItsKindAndValues() throws {
        let store = try ListStore.inMemory()
        try store.createList(named: "Grocery Store", items: ["milk", "eggs"])
        let removed = try store.deleteItems([.name("milk")], from: .name("Grocery Store"))
        #expect(removed.change.kind == "change.items.removed")
        #expect(removed.change.values == ["items": .names(["milk"]), "list": .text("Grocery Store")])
        #expect(removed.summary == "removed milk from Grocery Store")
        let step = try store.undoStep()
        #expect(step.change == removed.change)
        #expect(!step.redone)
        #expect(step.summary == "Undid: removed milk from Grocery Store")
    }

    @Test func storedValuesReadBackExactly() {
        let change = ChangeSummary(
            "change.items.movedTo",
            ["items": .names(["a \"quoted\" name", "back\\slash", "line\nbreak", "牛奶"]), "from": .text("{\"kind\":"), "to": .text("Épicerie"),
             "count": .number(-3)],
            english: "moved … from {\"kind\": to Épicerie")
        #expect(ChangeSummary(stored: change.stored) == change)
    }

    @Test func anOlderDatabasesPlainSummaryIsShownAsItIs() throws {
        let store = try ListStore.inMemory()
        try store.createList(named: "Garden", items: ["rake"])
        // An older ListOMat wrote English text in the column.
        try store.writeOutsideUndo { db in
            try db.execute(sql: "UPDATE undo_groups SET summary = 'created list Garden with rake'")
        }
        let step = try store.undoStep()
        #expect(step.change == ChangeSummary(plainText: "created list Garden with rake"))
        #expect(step.summary == "Undid: created list Garden with rake")
        #expect(try store.lists().isEmpty)
        #expect(try store.redo() == "Redid: created list Garden with rake")
    }

    @Test func anUnreadableRecordIsShownAsItsText() {
        #expect(ChangeSummary(stored: "{\"kind\": broken") == ChangeSummary(plainText: "{\"kind\": broken"))
    }
}
