import Foundation
import IntentKit
import ListIntents
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// The assistant panel's suggestions, and adding a phrase for a request just done.
@Suite struct ShortcutScreenTests {
    /// A log of what was done over the past weeks, all at about this time of day.
    static func seed(_ pilot: Pilot) throws {
        let store = pilot.store
        let grocery = try store.list(.name("Grocery Store"))
        let hardware = try store.list(.name("Hardware Store"))
        let nails = try store.items(in: .id(hardware.id)).first { $0.name == "nails" }!
        for week in 1...3 {
            let date = Pilot.now - Double(week) * 7 * 86_400
            Shortcuts.donate(Shortcuts.showList(grocery, source: "tui", at: date), to: store)
            Shortcuts.donate(Shortcuts.donation(of: IntentRequest(intent: "AddTasks", parameters: [
                "targetTaskList": [.resolved(.entity(id: grocery.id.key, name: grocery.name))],
                "taskTitles": [.resolved(.text("oranges"))],
            ]), source: "assistant", at: date + 60), to: store)
        }
        Shortcuts.donate(Shortcuts.setDone(true, [nails], in: hardware, source: "tui", at: Pilot.now - 86_400), to: store)
        // Already done: milk is checked off, so this is not suggested.
        let milk = try store.items(in: .id(grocery.id)).first { $0.name == "milk" }!
        Shortcuts.donate(Shortcuts.setDone(true, [milk], in: grocery, source: "tui", at: Pilot.now - 3_600), to: store)
    }

    @Test func suggestionsShowWhenIdleAndRunWithTheirDigit() throws {
        let pilot = try Pilot(ScreenTests.groceries, size: Size(width: 120, height: 30))
        try Self.seed(pilot)
        // They are ranked on the quarter-second tick, not inside a key press.
        pilot.tick()
        #expect(pilot.app.model.assistant.suggestions.map(\.title) == [
            "Add oranges to Grocery Store", "Show Grocery Store", "Mark nails on Hardware Store as done",
        ])
        assertSnapshot(of: pilot, as: .screen, named: "idle")

        try pilot.press("1")
        assertSnapshot(of: pilot, as: .screen, named: "ran")
        #expect(try pilot.store.items(in: .name("Grocery Store")).map(\.name).last == "oranges")
        // Done now: oranges are on the list, so adding them is no longer suggested.
        #expect(pilot.app.model.assistant.suggestions.map(\.title) == ["Show Grocery Store", "Mark nails on Hardware Store as done"])
        // Running it was logged too.
        #expect(try Shortcuts.donations(in: pilot.store).first?.source == "assistant")
    }

    @Test func aSuggestionWhoseListIsGoneIsNotOffered() throws {
        let pilot = try Pilot(ScreenTests.groceries, size: Size(width: 120, height: 30))
        try Self.seed(pilot)
        let hardware = try pilot.store.list(.name("Hardware Store")).id.key
        try pilot.store.deleteList(.name("Hardware Store"))
        pilot.tick()
        #expect(pilot.app.model.assistant.suggestions.map(\.title) == ["Add oranges to Grocery Store", "Show Grocery Store"])
        // Nothing about the deleted list is left in the log.
        let left = try Shortcuts.donations(in: pilot.store)
        #expect(left.count == 7)
        #expect(!left.contains { $0.group == hardware || $0.parameters.values.joined().contains { $0.id == hardware } })
    }

    @Test func addAPhraseForTheRequestJustDone() throws {
        let pilot = try Pilot(ScreenTests.groceries, size: Size(width: 120, height: 30))
        try pilot.ask("show the pet shop")
        assertSnapshot(of: pilot, as: .screen, named: "offered")
        try pilot.press("p")
        pilot.type("pet time")
        assertSnapshot(of: pilot, as: .screen, named: "typing")
        try pilot.press("enter")
        assertSnapshot(of: pilot, as: .screen, named: "added")
        #expect(try Shortcuts.phrases(in: pilot.store).map(\.phrase) == ["pet time"])

        // The phrase works at once, from anywhere.
        try pilot.press("esc esc")
        try pilot.ask("Pet time!")
        #expect(pilot.app.model.status?.text == "Pet Shop (1 of 2 completed)")
        #expect(pilot.app.model.selectedList?.list.name == "Pet Shop")

        // A phrase the assistant understands already is refused, and nothing is added.
        try pilot.press("p")
        pilot.type("show the grocery store")
        try pilot.press("enter")
        assertSnapshot(of: pilot, as: .screen, named: "refused")
        #expect(try Shortcuts.phrases(in: pilot.store).map(\.phrase) == ["pet time"])
    }

    @Test func noPhraseBeforeAnythingWasDone() throws {
        let pilot = try Pilot(ScreenTests.groceries)
        try pilot.press("p")
        #expect(pilot.app.model.commandBar.purpose == nil)
        #expect(pilot.app.model.status?.isError == true)
    }
}
