import Foundation
import Testing
@testable import ListStore

@Suite("Personal phrases")
struct PhraseTests {
    let clock = TestClock()
    let store: ListStore

    init() throws {
        store = try ListStore.inMemory(clock: clock.closure)
    }

    /// A phrase keyed the simple way tests need: lowercased, spaces collapsed.
    private func phrase(_ text: String, intent: String = "AddTasks", parameters: String = "{}") -> PhraseRecord {
        PhraseRecord(
            phrase: text, key: text.lowercased().split(separator: " ").joined(separator: " "), intent: intent,
            parameters: parameters, created: clock.now)
    }

    @Test func addAndReadBackInOrderIgnoringCase() throws {
        let parameters = #"{"list":"Grocery Store","items":["crème fraîche"]}"#
        let groceries = phrase("groceries again", parameters: parameters)
        try store.addPhrase(groceries)
        try store.addPhrase(phrase("Weekend shop"))
        try store.addPhrase(phrase("Apéro", intent: "ShowList"))
        try store.addPhrase(phrase("zebra"))
        #expect(try store.phrases().map(\.phrase) == ["Apéro", "groceries again", "Weekend shop", "zebra"])
        #expect(try store.phrase(key: "groceries again") == groceries)
        #expect(try store.phrase(key: "nothing") == nil)
    }

    @Test func aKeyIsUnique() throws {
        try store.addPhrase(phrase("Groceries again"))
        #expect(throws: StoreError.conflict("There is already a phrase “Groceries again”.")) {
            try store.addPhrase(phrase("groceries  AGAIN"))
        }
        #expect(try store.phrases().count == 1)
    }

    @Test func aPhraseObeysTheNameRules() throws {
        #expect(throws: StoreError.invalidName("phrase names cannot contain control characters (found U+001B)")) {
            try store.addPhrase(phrase("bad\u{1B}[31m"))
        }
        #expect(throws: StoreError.invalidName("phrase name is empty")) { try store.addPhrase(phrase("   ")) }
        try store.addPhrase(phrase("  spaced  "))
        #expect(try store.phrases().map(\.phrase) == ["spaced"])
    }

    @Test func renameKeepsEverythingButTheWords() throws {
        let original = phrase("groceries again")
        try store.addPhrase(original)
        try store.addPhrase(phrase("hardware"))
        let renamed = try store.renamePhrase(key: "groceries again", to: "Groceries once more", key: "groceries once more")
        var expected = original
        expected.phrase = "Groceries once more"
        expected.key = "groceries once more"
        #expect(renamed == expected)
        #expect(try store.phrase(key: "groceries once more") == expected)
        #expect(try store.phrase(key: "groceries again") == nil)
        // Only the case changes: the same key is fine.
        #expect(try store.renamePhrase(key: "hardware", to: "HARDWARE", key: "hardware").phrase == "HARDWARE")
        #expect(throws: StoreError.conflict("There is already a phrase “HARDWARE”.")) {
            try store.renamePhrase(key: "groceries once more", to: "Hardware", key: "hardware")
        }
        #expect(throws: StoreError.notFound("There is no phrase “groceries again”.")) {
            try store.renamePhrase(key: "groceries again", to: "x", key: "x")
        }
    }

    @Test func removeReturnsThePhrase() throws {
        let record = phrase("groceries again")
        try store.addPhrase(record)
        #expect(try store.removePhrase(key: "groceries again") == record)
        #expect(try store.phrases().isEmpty)
        #expect(throws: StoreError.notFound("There is no phrase “groceries again”.")) {
            try store.removePhrase(key: "groceries again")
        }
    }

    @Test func phrasesOutliveListsAndStayOutOfTheUndoLog() throws {
        let list = try store.createList(named: "Grocery Store", items: ["milk"]).value
        try store.addPhrase(phrase("groceries again", parameters: #"{"list":"\#(list.id.key)"}"#))
        try store.renamePhrase(key: "groceries again", to: "groceries", key: "groceries")
        try store.addPhrase(phrase("gone soon"))
        try store.removePhrase(key: "gone soon")
        #expect(try store.undoDepth().undo == 1)
        try store.deleteList(.name("Grocery"))
        try store.undo()
        try store.undo()
        #expect(try store.lists().isEmpty)
        #expect(try store.phrases().map(\.phrase) == ["groceries"])
    }
}
