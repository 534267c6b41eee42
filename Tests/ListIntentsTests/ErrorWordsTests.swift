import Foundation
import IntentKit
import ListStore
import Testing
@testable import ListIntents

/// What the store refuses, worded by each language's catalog (`error.*`): English's says exactly
/// what the store's English says, and every language words every message a person meets.
@Suite struct ErrorWordsTests {
    /// The error `body` throws.
    static func caught(_ body: () throws -> Void) -> StoreError? {
        do {
            try body()
            return nil
        } catch {
            return error as? StoreError
        }
    }

    /// One error of each kind a person meets, from the operations that refuse.
    static func errors() throws -> [StoreError] {
        let store = try ListStore.inMemory()
        try store.createList(named: "Grocery Store", items: ["milk", "milk", "eggs", "eel"])
        try store.createList(named: "Garden")
        let grocery = ListRef.name("Grocery Store")
        let long = String(repeating: "x", count: 501)
        let readOnly = try ListStore.inMemory(access: .readOnly)
        let fresh = try ListStore.inMemory()
        let found: [StoreError?] = [
            caught { _ = try store.list(.name("Nope")) },
            caught { _ = try store.list(.name("G")) },
            caught { _ = try store.list(.name("  ")) },
            caught { _ = try store.list(.id(UUID())) },
            caught { _ = try store.item(.name("bread"), in: grocery) },
            caught { _ = try store.item(.name("milk"), in: grocery) },
            caught { _ = try store.item(.name("e"), in: grocery) },
            caught { _ = try store.item(.name("9"), in: grocery) },
            caught { _ = try store.item(.name("1"), in: .name("Garden")) },
            caught { _ = try store.item(.name(" "), in: grocery) },
            caught { _ = try store.item(.id(UUID()), in: grocery) },
            caught { try store.createList(named: "garden") },
            caught { try store.createList(named: " ") },
            caught { try store.createList(named: long) },
            caught { try store.createList(named: "a\u{1B}b") },
            caught { try store.addItems([""], to: grocery) },
            caught { try store.addItems([long], to: grocery) },
            caught { try store.addItems(["tab\there"], to: grocery) },
            caught { try store.addItems([], to: grocery) },
            caught { try store.setDone(true, [], in: grocery) },
            caught { try store.moveItems([.name("eggs")], from: grocery, to: grocery) },
            caught { try fresh.undo() },
            caught { try fresh.redo() },
            caught { _ = try store.removePhrase(key: "groceries again") },
            caught { try readOnly.createList(named: "New") },
        ]
        let errors = found.compactMap { $0 }
        #expect(errors.count == found.count, "every operation above refuses")
        return errors
    }

    @Test func englishSaysWhatTheStoreSays() throws {
        let words = MessageCatalog.interface("en")
        for error in try Self.errors() {
            #expect(!error.message.key.isEmpty, "\(error)")
            #expect(words.error(error) == error.description)
        }
    }

    @Test func everyLanguageWordsEveryMessage() throws {
        let errors = try Self.errors()
        for locale in ChangeWordsTests.locales.dropFirst() {
            let words = MessageCatalog.interface(locale)
            for error in errors {
                #expect(words.texts[error.message.key] != nil, "\(locale) lacks \(error.message.key)")
                let text = words.error(error)
                #expect(!text.contains("${") && text != error.description, "\(locale) \(error.message.key): \(text)")
            }
        }
    }

    /// An undo whose rows were changed since names the change in the reader's language.
    @Test func anUndoThatCannotBeDoneNamesTheChangeInTheLanguage() throws {
        let store = try ListStore.inMemory()
        try store.createList(named: "A", items: ["x"])
        try store.setDone(true, [.name("x")], in: .name("A"))
        let x = try store.item(.name("x"), in: .name("A"))
        var renamed = x
        renamed.name = "y"
        try store.applySync([SyncStep([.putItem(renamed, expected: x)])])
        let error = try #require(Self.caught { try store.undo() })
        #expect(error.description == "Cannot undo “checked off x on A”: it was changed since. "
            + "It is out of the undo history now: undo again undoes the change before it.")
        #expect(MessageCatalog.interface("en").error(error) == error.description)
        #expect(MessageCatalog.interface("fr").error(error) == "Impossible d'annuler « coché x dans A » : cela a changé depuis. "
            + "Ce n'est plus dans l'historique : annuler encore annule la modification d'avant.")
    }

    /// Text that only a developer sees, or already in the person's language, is shown as it is.
    @Test func aMessageWithoutAKeyIsShownAsItIs() {
        let error = StoreError.storage("the undo log holds an unreadable entry")
        #expect(MessageCatalog.interface("ko").error(error) == "the undo log holds an unreadable entry")
    }
}
