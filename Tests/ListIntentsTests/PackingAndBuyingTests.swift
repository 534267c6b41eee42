import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// The words of packing and buying: "packed" and "not packed" are checked and unchecked,
/// "buy stamps" and "don't forget to pack a hat" are notes to self (which list is asked), and
/// "the completed stuff" is the checked items.
@Suite("Packing and buying words")
struct PackingAndBuyingTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try Self.threeShopsAndPacking()
        assistant = try Assistant.shared("en")
    }

    func packing() throws -> [String] {
        try store.items(in: .name("Packing for Lisbon")).map { "\($0.name)\($0.done ? " ✓" : "")" }
    }

    @Test("“not packed”, “unpacked”: unchecked — never read as done", arguments: [
        "mark passport as not packed", "mark the passport as unpacked", "mark passport not packed",
    ])
    func notPacked(text: String) throws {
        let turn = try once(text)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response == "Unchecked passport on Packing for Lisbon.")
        #expect(try packing() == ["sunscreen", "passport", "charger"])
    }

    @Test("“i packed the sunscreen”, “mark the charger as packed”: checked off", arguments: [
        ("i packed the sunscreen", "sunscreen"), ("we already packed the charger", "charger"),
        ("mark the charger as packed", "charger"),
    ])
    func packed(text: String, item: String) throws {
        let turn = try once(text)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response == "Checked off \(item) on Packing for Lisbon.")
        #expect(try packing().contains("\(item) ✓"))
    }

    @Test("“buy stamps”, “don't forget to pack a hat”: an add whose list is asked, nothing changed yet", arguments: [
        ("buy stamps", "stamps"), ("remember to buy stamps", "stamps"), ("don't forget to pack a hat", "hat"),
        ("please purchase light bulbs", "light bulbs"),
    ])
    func noteToSelf(text: String, item: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "AddTasks", "\(text): \(turn.response)")
        #expect(turn.state == .needsValue, "\(text): \(turn.response)")
        #expect(turn.parameters.first { $0.name == "taskTitles" }?.values == [item])
        #expect(try everything() == before)
    }

    @Test("“clear the completed stuff from …”: the checked items only", arguments: [
        "clear the completed stuff from packing for lisbon", "remove the checked things from my packing list",
    ])
    func completedStuff(text: String) throws {
        let turn = try once(text)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try packing() == ["sunscreen", "charger"])
    }
}
