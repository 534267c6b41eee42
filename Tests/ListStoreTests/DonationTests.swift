import Foundation
import GRDB
import Testing
@testable import ListStore

@Suite("Donations")
struct DonationTests {
    let clock = TestClock()
    let store: ListStore

    init() throws {
        store = try ListStore.inMemory(clock: clock.closure)
    }

    /// A donation at the test clock's time plus `seconds`.
    private func donation(
        _ intent: String = "AddTasks", group: String? = nil, references: [UUID] = [], at seconds: TimeInterval = 0,
        parameters: String = "{}"
    ) -> DonationRecord {
        DonationRecord(
            intent: intent, parameters: parameters, group: group, references: references, source: "assistant",
            date: clock.now + seconds)
    }

    private func intents() throws -> [String] {
        try store.donations().map(\.intent)
    }

    @Test func donationsReadBackNewestFirstWithEveryField() throws {
        let grocery = try store.createList(named: "Grocery Store", items: ["milk", "eggs"])
        let milk = grocery.value.id
        let items = try store.items(in: .name("Grocery"))
        let parameters = #"{"list":"Grocery Store","items":["crème fraîche","\"quoted\"","👩‍💻"],"n":1.5}"#
        let first = DonationRecord(
            intent: "AddTasks", parameters: parameters, group: grocery.value.id.key,
            references: [items[1].id, milk, items[0].id, milk], source: "tui", date: clock.now + 0.001)
        try store.donate(first)
        try store.donate(donation("ShowList", at: 2.5))
        // Same time as the first: the one recorded later comes first.
        try store.donate(donation("SameTime", at: 0.001))
        try store.donate(donation("Oldest", at: -60))

        let read = try store.donations()
        #expect(read.map(\.intent) == ["ShowList", "SameTime", "AddTasks", "Oldest"])
        var expected = first
        expected.references = [items[1].id, milk, items[0].id]  // each once, in order
        expected.date = Date(millis: first.date.millis)  // the store keeps milliseconds
        #expect(read[2] == expected)
        #expect(read[2].parameters == parameters)
        #expect(read[2].date.timeIntervalSince(read[1].date) == 0)
        #expect(read[0].date.millis - read[2].date.millis == 2_499)
        #expect(try store.donations(limit: 2).map(\.intent) == ["ShowList", "SameTime"])
        #expect(try store.donations(limit: 0).isEmpty)
    }

    @Test func donationsAreNotInTheUndoLog() throws {
        try store.createList(named: "A")
        let list = try store.list(.name("A"))
        try store.donate(donation(references: [list.id]))
        try store.forgetDonations(group: "nothing")
        #expect(try store.undoDepth().undo == 1)
        try store.createList(named: "B")
        try store.undo()
        try store.redo()
        try store.undo()
        #expect(try store.donations().count == 1)
        #expect(try store.rawCount("SELECT count(*) FROM undo_ops WHERE entity NOT IN ('lists', 'items')") == 0)
    }

    /// `donating:` writes the donation in the change's own transaction, from the list and
    /// items the change made; one that cannot be written leaves the change as it is.
    @Test func aChangeWritesItsDonationInTheSameTransaction() throws {
        try store.createList(named: "Grocery Store", items: ["milk"]) { list, items in
            DonationRecord(intent: "CreateTaskList", parameters: "{}", group: list.id.key,
                           references: items.map(\.id), source: "cli", date: clock.now)
        }
        let list = try store.list(.name("Grocery Store"))
        let added = try store.addItems(["eggs"], to: .name("Grocery")) { list, items in
            DonationRecord(intent: "AddTasks", parameters: "{}", group: list.id.key, references: items.map(\.id),
                           source: "cli", date: clock.now + 1)
        }
        #expect(try store.donations().map(\.intent) == ["AddTasks", "CreateTaskList"])
        #expect(try store.donations()[0].references == added.value.map(\.id))
        #expect(try store.donations()[1].group == list.id.key)

        // Nothing changed (already checked off twice): nothing logged.
        try store.setDone(true, [.name("eggs")], in: .id(list.id))
        try store.setDone(true, [.name("eggs")], in: .id(list.id)) { list, _ in
            DonationRecord(intent: "SetTaskAttribute", parameters: "{}", group: list.id.key, source: "cli", date: clock.now)
        }
        // A donation naming what does not exist is refused; the change stays.
        try store.resetList(.id(list.id)) { _, _ in
            DonationRecord(intent: "ResetList", parameters: "{}", references: [UUID.random()], source: "cli", date: clock.now)
        }
        #expect(try store.dump() == "Grocery Store: [ ] milk, [ ] eggs")
        #expect(try store.donations().map(\.intent) == ["AddTasks", "CreateTaskList"])
        try store.undo()
        #expect(try store.dump() == "Grocery Store: [ ] milk, [x] eggs")
    }

    @Test func theStoreKeepsOnlyTheNewestDonations() throws {
        #expect(ListStore.keptDonations == 2_000)
        let list = try store.createList(named: "A").value
        for n in 0..<5 {
            try store.donate(donation("d\(n)", references: [list.id], at: Double(n)), keeping: 3)
        }
        #expect(try intents() == ["d4", "d3", "d2"])
        // An old donation is itself the oldest: it goes at once.
        try store.donate(donation("old", at: -10), keeping: 3)
        #expect(try intents() == ["d4", "d3", "d2"])
        #expect(try store.rawCount("SELECT count(*) FROM donation_refs") == 3)
    }

    @Test func theDefaultLimitPrunes() throws {
        for n in 0..<(ListStore.keptDonations + 3) {
            try store.donate(donation("d\(n)", at: Double(n) / 1000))
        }
        let kept = try store.donations()
        #expect(kept.count == ListStore.keptDonations)
        #expect(kept.first?.intent == "d\(ListStore.keptDonations + 2)")
        #expect(kept.last?.intent == "d3")
    }

    @Test func forgettingByIdsGroupOrAll() throws {
        let list = try store.createList(named: "A").value
        let records = (0..<6).map { n in
            donation("d\(n)", group: n < 2 ? "g" : nil, references: [list.id], at: Double(n))
        }
        for record in records { try store.donate(record) }
        #expect(try store.forgetDonations(ids: [records[2].id, records[3].id, records[3].id, UUID()]) == 2)
        #expect(try intents() == ["d5", "d4", "d1", "d0"])
        #expect(try store.forgetDonations(ids: []) == 0)
        #expect(try store.forgetDonations(group: "g") == 2)
        #expect(try store.forgetDonations(group: "g") == 0)
        #expect(try intents() == ["d5", "d4"])
        #expect(try store.forgetAllDonations() == 2)
        #expect(try store.forgetAllDonations() == 0)
        #expect(try store.rawCount("SELECT count(*) FROM donation_refs") == 0)
    }

    @Test func deletingAListDeletesWhatNamesItOrItsItemsOrIsGroupedUnderIt() throws {
        let grocery = try store.createList(named: "Grocery Store", items: ["milk", "eggs"]).value
        let hardware = try store.createList(named: "Hardware Store", items: ["nails"]).value
        let milk = try store.item(.name("milk"), in: .name("Grocery"))
        let nails = try store.item(.name("nails"), in: .name("Hardware"))
        try store.donate(donation("names the list", references: [grocery.id]))
        try store.donate(donation("names an item", references: [milk.id]))
        try store.donate(donation("grouped", group: grocery.id.key))
        try store.donate(donation("names both lists", references: [hardware.id, grocery.id]))
        try store.donate(donation("other list", group: hardware.id.key, references: [hardware.id, nails.id]))
        try store.donate(donation("nothing"))
        try store.deleteList(.name("Grocery"))
        #expect(try intents() == ["nothing", "other list"])
        // Undo brings the list back, not what was said about it.
        try store.undo()
        #expect(try intents() == ["nothing", "other list"])
    }

    @Test func deletingAnItemDeletesOnlyWhatNamesThatItem() throws {
        let list = try store.createList(named: "Grocery Store", items: ["milk", "eggs"]).value
        let milk = try store.item(.name("milk"), in: .name("Grocery"))
        let eggs = try store.item(.name("eggs"), in: .name("Grocery"))
        try store.donate(donation("milk", group: list.id.key, references: [list.id, milk.id]))
        try store.donate(donation("eggs", group: list.id.key, references: [list.id, eggs.id]))
        try store.donate(donation("list", group: list.id.key, references: [list.id]))
        try store.deleteItems([.name("milk")], from: .name("Grocery"))
        #expect(try intents() == ["list", "eggs"])
        try store.setDone(true, [.name("eggs")], in: .name("Grocery"))
        try store.clearDone(in: .name("Grocery"))
        #expect(try intents() == ["list"])
    }

    @Test func undoAndRedoThatDeleteRowsDeleteTheirDonations() throws {
        // Undo of a create.
        let list = try store.createList(named: "A", items: ["x"]).value
        let x = try store.item(.name("x"), in: .name("A"))
        try store.donate(donation("list", references: [list.id]))
        try store.donate(donation("item", references: [x.id]))
        try store.undo()
        #expect(try intents().isEmpty)
        try store.redo()
        #expect(try intents().isEmpty)
        // Undo of an add.
        let y = try store.addItems(["y"], to: .name("A")).value[0]
        try store.donate(donation("y", references: [y.id]))
        try store.undo()
        #expect(try intents().isEmpty)
        // Redo of a delete.
        try store.deleteItems([.name("x")], from: .name("A"))
        try store.undo()
        try store.donate(donation("x again", references: [x.id]))
        try store.donate(donation("the list", references: [list.id]))
        try store.redo()
        #expect(try intents() == ["the list"])
    }

    @Test func theCascadeFromAListToItsItemsFiresTheItemTrigger() throws {
        try store.createList(named: "A", items: ["x"])
        let list = try store.list(.name("A"))
        let x = try store.item(.name("x"), in: .name("A"))
        try store.donate(donation("item only", references: [x.id]))
        try store.donate(donation("keep"))
        // A bare list delete, as any writer might do: only the foreign key reaches the items.
        try store.writer.write { db in
            try db.execute(sql: "DELETE FROM lists WHERE id = ?", arguments: [list.id.key])
        }
        #expect(try store.rawCount("SELECT count(*) FROM items") == 0)
        #expect(try intents() == ["keep"])
        #expect(try store.rawCount("SELECT count(*) FROM donation_refs") == 0)
    }

    @Test func anImportThatReplacesRowsDeletesTheirDonations() throws {
        try store.createList(named: "A", items: ["x"])
        let x = try store.item(.name("x"), in: .name("A"))
        try store.donate(donation("item", references: [x.id]))
        // A list replaced by name, as an import that replaces would do it.
        try store.writer.write { db in
            try db.execute(sql: """
                INSERT OR REPLACE INTO lists (id, name, name_key, position, created, modified)
                VALUES (?, 'A', 'a', 0, 0, 0)
                """, arguments: [UUID().key])
        }
        #expect(try intents().isEmpty)
    }

    @Test func aDonationNamingWhatNoLongerExistsIsRefused() throws {
        let list = try store.createList(named: "A").value
        #expect(throws: StoreError.notFound("That list or item no longer exists.")) {
            try store.donate(donation(references: [list.id, UUID()]))
        }
        #expect(try intents().isEmpty)
        #expect(try store.rawCount("SELECT count(*) FROM donation_refs") == 0)
    }

    @Test func severalDonationsAreWrittenTogetherLeavingOutTheRefusedOnes() throws {
        let list = try store.createList(named: "A").value
        let first = donation("first", references: [list.id], at: 1)
        let records = [
            first,
            donation("gone", references: [list.id, UUID()], at: 2),  // names what no longer exists
            first,  // its id is taken by then
            donation("second", references: [list.id], at: 3),
            donation("third", at: 4),
        ]
        #expect(try store.donate(records, keeping: 2) == 3)
        // Pruned once all are in: the newest two.
        #expect(try intents() == ["third", "second"])
        #expect(try store.rawCount("SELECT count(*) FROM donation_refs") == 1)
        #expect(try store.donate([]) == 0)
    }

    @Test func aDonationIdIsUnique() throws {
        let record = donation()
        try store.donate(record)
        #expect(throws: StoreError.conflict("There is already a donation with the id \(record.id.key).")) {
            try store.donate(record)
        }
        #expect(try store.donations() == [record])
    }

    @Test func aReadOnlyStoreRefusesDonations() throws {
        let dir = TempDir()
        try ListStore.open(dir.location).donate(donation("kept"))
        let reader = try ListStore.open(dir.location, access: .readOnly)
        #expect(try reader.donations().map(\.intent) == ["kept"])
        #expect(throws: StoreError.storage("the store was opened read-only")) { try reader.donate(donation()) }
        #expect(throws: StoreError.storage("the store was opened read-only")) { try reader.forgetAllDonations() }
    }
}
