import Foundation
import IntentKit
import ListStore
import Testing
@testable import ListIntents

/// What a change did, worded by each language's catalog (`change.*`, `names.*`): English's says
/// exactly what the store's English says, and every language words every kind.
@Suite struct ChangeWordsTests {
    static let locales = ["en", "fr", "ru", "zh-Hans", "ko", "th"]

    /// One change of every kind, with one to five names and counts of 0, 1 and 2.
    static func changes() throws -> [ChangeSummary] {
        let store = try ListStore.inMemory()
        var changes: [ChangeSummary] = []
        changes.append(try store.createList(named: "Empty").change)
        changes.append(try store.createList(named: "Grocery Store", items: ["milk", "eggs", "rice", "tea", "salt"]).change)
        changes.append(try store.createList(named: "Garden", items: ["rake"]).change)
        for count in 1...5 {
            let names = (0..<count).map { "item \(count)-\($0)" }
            changes.append(try store.addItems(names, to: .name("Empty")).change)
        }
        changes.append(try store.deleteItems([.name("item 1-0")], from: .name("Empty")).change)
        changes.append(try store.setDone(true, [.name("milk"), .name("eggs")], in: .name("Grocery Store")).change)
        changes.append(try store.setDone(false, [.name("milk")], in: .name("Grocery Store")).change)
        changes.append(try store.addItemsUnlessPresent(["milk"], to: .name("Grocery Store")).change)
        try store.setDone(true, [.name("milk")], in: .name("Grocery Store"))
        changes.append(try store.addItemsUnlessPresent(["milk"], to: .name("Grocery Store")).change)
        try store.setDone(true, [.name("milk")], in: .name("Grocery Store"))
        changes.append(try store.addItemsUnlessPresent(["milk", "bread"], to: .name("Grocery Store")).change)
        changes.append(try store.renameItem(.name("bread"), in: .name("Grocery Store"), to: "rye bread").change)
        changes.append(try store.moveItem(.name("tea"), in: .name("Grocery Store"), to: 0).change)
        changes.append(try store.clearDone(in: .name("Grocery Store")).change)
        try store.setDone(true, [.name("rice")], in: .name("Grocery Store"))
        changes.append(try store.clearDone(in: .name("Grocery Store")).change)
        changes.append(try store.clearDone(in: .name("Grocery Store")).change)
        changes.append(try store.moveItems([.name("tea"), .name("salt")], from: .name("Grocery Store"), to: .name("Garden")).change)
        changes.append(try store.checkOffAll(in: .name("Garden")).change)
        changes.append(try store.resetList(.name("Garden")).change)
        changes.append(try store.sortItems(in: .name("Garden")).change)
        changes.append(try store.clearAll(in: .name("Garden")).change)
        changes.append(try store.renameList(.name("Garden"), to: "Yard").change)
        changes.append(try store.moveList(.name("Yard"), to: 0).change)
        changes.append(try store.copyList(.name("Empty"), named: "Copy").change)
        changes.append(try store.deleteList(.name("Yard")).change)
        changes.append(try store.deleteList(.name("Copy")).change)
        try store.createList(named: "Solo", items: ["one"])
        changes.append(try store.deleteList(.name("Solo")).change)
        let document = ListDocument(lists: [.init(name: "Imported", items: [.init(name: "x", done: false)])])
        changes.append(try store.importDocument(document).change)
        return changes
    }

    @Test func englishSaysWhatTheStoreSays() throws {
        let words = MessageCatalog.interface("en")
        let changes = try Self.changes()
        // Every kind the store records is in the list above.
        #expect(Set(changes.map(\.kind)).count == 22)
        for change in changes {
            #expect(words.change(change) == change.english, "\(change.kind)")
        }
    }

    @Test func everyLanguageWordsEveryKind() throws {
        let changes = try Self.changes()
        for locale in Self.locales.dropFirst() {
            let words = MessageCatalog.interface(locale)
            for change in changes {
                #expect(words.texts[change.kind] != nil, "\(locale) lacks \(change.kind)")
                let text = words.change(change)
                #expect(!text.contains("${") && text != change.english, "\(locale) \(change.kind): \(text)")
            }
        }
    }

    @Test func russianCountsTakeTheirForm() {
        let words = MessageCatalog.interface("ru")
        let more = (2...7).map { "п\($0)" }
        #expect(words.names(["a", "b", "c", "d"]) == "a, b и ещё 2 пункта")
        #expect(words.names(["a", "b"] + more) == "a, b и ещё 6 пунктов")
        #expect(words.names(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s", "t", "u", "v", "w"])
            == "a, b и ещё 21 пункт")
    }

    @Test func anOlderDatabasesTextIsShownAsItIsInEveryLanguage() {
        let old = ChangeSummary(plainText: "removed milk from Grocery Store")
        for locale in Self.locales {
            #expect(MessageCatalog.interface(locale).change(old) == "removed milk from Grocery Store")
        }
    }

    /// A kind this catalog does not know (a newer ListOMat's) is shown in the English it was recorded with.
    @Test func anUnknownKindIsShownInItsEnglish() {
        let newer = ChangeSummary("change.items.teleported", ["list": .text("Moon")], english: "teleported everything to Moon")
        #expect(MessageCatalog.interface("fr").change(newer) == "teleported everything to Moon")
    }
}
