import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Suggestions are checked against the store with counts and point look-ups (never a whole
/// list read); each check must say what reading the list would say.
@Suite("Suggestions still make sense")
struct SuggestionCheckTests {
    @Test func checkedAddedAndResetAreDroppedWhenDoneAlready() throws {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let store = try ListStore.inMemory(clock: { now })
        let list = try store.createList(named: "Grocery Store", items: ["milk", "eggs", "bread"]).value
        let items = try store.items(in: .id(list.id))
        func intents() throws -> [String] {
            try Shortcuts.suggestions(in: store, at: now).map(\.intent).sorted()
        }
        Shortcuts.donate(Shortcuts.setDone(true, [items[0]], in: list, source: "test", at: now), to: store)
        Shortcuts.donate(Shortcuts.addItems([items[1]], to: list, source: "test", at: now), to: store)
        Shortcuts.donate(Shortcuts.resetList(list, source: "test", at: now), to: store)
        // milk unchecked: checking it off makes sense; eggs are on the list unchecked: adding
        // them does not; nothing is checked: resetting does not.
        #expect(try intents() == ["SetTaskAttribute"])
        try store.setDone(true, [.id(items[0].id)], in: .id(list.id))
        try store.setDone(true, [.id(items[1].id)], in: .id(list.id))
        // milk checked off already; eggs checked off, so adding them again makes sense; reset too.
        #expect(try intents() == ["AddTasks", "ResetList"])
        // Reset: eggs are unchecked again and nothing is checked.
        try store.resetList(.id(list.id))
        #expect(try intents() == ["SetTaskAttribute"])
        // milk gone: nothing to check off (its donation is forgotten with it).
        try store.deleteItems([.id(items[0].id)], from: .id(list.id))
        #expect(try intents() == [])
    }
}
