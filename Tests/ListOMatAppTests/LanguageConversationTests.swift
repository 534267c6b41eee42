import Foundation
import ListIntents
import ListStore
import TerminalKit
import Testing
@testable import ListOMatApp

/// The assistant in each language through the TUI, as a person would use it: a menu for a name
/// in two lists, a deletion asked about (no keeps the list, yes deletes it), and a misspelt
/// name answered with "did you mean". The requests and answers are in
/// `Languages/conversations.json`; the lists are each language's corpus fixture.
@Suite struct LanguageConversationTests {
    struct Conversations: Decodable {
        struct Menu: Decodable { var request: String; var options: [String]; var item: String }
        struct Named: Decodable { var request: String; var list: String }
        var menu: Menu
        var delete: Named
        var typo: Named
        var yes: String
        var no: String
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    static func conversations() throws -> [String: Conversations] {
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("Languages/conversations.json"))) as! [String: Any]
        object.removeValue(forKey: "_")
        return try JSONDecoder().decode([String: Conversations].self, from: JSONSerialization.data(withJSONObject: object))
    }

    static let locales = ["fr", "ru", "zh-Hans", "ko", "th"]

    func pilot(_ locale: String) throws -> Pilot {
        let fixture = Self.folder.appendingPathComponent("../ListIntentsTests/Corpus/\(locale)/fixture.json").standardized
        let store = try ListStore.inMemory(clock: { Pilot.now })
        try store.importDocument(try Interchange.decode(try Data(contentsOf: fixture), format: .json))
        return try Pilot(size: Size(width: 120, height: 40), store: store, locale: locale)
    }

    @Test(arguments: locales)
    func aMenuPicksTheListAndTheItemGoesThere(locale: String) throws {
        let said = try #require(try Self.conversations()[locale]).menu
        let pilot = try pilot(locale)
        try pilot.ask(said.request)
        for option in said.options { #expect(pilot.text.contains(option), "\(locale): \(option) not in the menu:\n\(pilot.text)") }
        #expect(try said.options.allSatisfy { try !pilot.store.items(in: .name($0)).contains { $0.name.contains(said.item) } })
        guard case .menu(let menu)? = pilot.app.model.assistant.question else {
            Issue.record("\(locale): no menu:\n\(pilot.text)")
            return
        }
        #expect(Set(menu.options) == Set(said.options))
        pilot.type("2")
        try pilot.press("enter")
        let second = try pilot.store.items(in: .name(menu.options[1])).map(\.name)
        #expect(second.contains { $0.contains(said.item) }, "\(locale): \(second)\n\(pilot.text)")
        #expect(try !pilot.store.items(in: .name(menu.options[0])).contains { $0.name.contains(said.item) })
    }

    @Test(arguments: locales)
    func aDeletionWaitsForYesAndNoKeepsTheList(locale: String) throws {
        let conversations = try #require(try Self.conversations()[locale])
        let pilot = try pilot(locale)
        let before = try pilot.store.lists().map(\.name)
        try pilot.ask(conversations.delete.request)
        #expect(pilot.app.model.assistant.conversation.isWaiting, "\(locale): no question asked:\n\(pilot.text)")
        #expect(try pilot.store.lists().map(\.name) == before)
        pilot.type(conversations.no)
        try pilot.press("enter")
        #expect(try pilot.store.lists().map(\.name) == before, "\(locale): no deleted something")
        #expect(!pilot.app.model.assistant.conversation.isWaiting)

        try pilot.ask(conversations.delete.request)
        pilot.type(conversations.yes)
        try pilot.press("enter")
        #expect(try pilot.store.lists().map(\.name) == before.filter { $0 != conversations.delete.list }, "\(locale):\n\(pilot.text)")
    }

    @Test(arguments: locales)
    func aMisspeltNameIsAskedAboutThenShown(locale: String) throws {
        let conversations = try #require(try Self.conversations()[locale])
        let pilot = try pilot(locale)
        try pilot.ask(conversations.typo.request)
        #expect(pilot.app.model.assistant.conversation.isWaiting, "\(locale): no question:\n\(pilot.text)")
        #expect(pilot.app.model.assistant.transcript.last?.text.contains(conversations.typo.list) == true, "\(locale):\n\(pilot.text)")
        pilot.type(conversations.yes)
        try pilot.press("enter")
        #expect(pilot.app.model.itemsPane.list?.name == conversations.typo.list, "\(locale):\n\(pilot.text)")
    }
}
