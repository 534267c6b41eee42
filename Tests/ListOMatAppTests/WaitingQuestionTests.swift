import Foundation
import IntentKit
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// A question that waits looks like it; a new command starts over; it gives up.
@Suite struct WaitingQuestionTests {
    static let groceries = ScreenTests.groceries

    @Test func anItemNotFoundWaitsInTheBarAndANewCommandStartsOver() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 30))
        try pilot.ask("uncheck xyzzy on my grocery store list")
        #expect(pilot.text.contains("no item “xyzzy”"))
        // The bar asks for the answer; it does not show the idle hint.
        #expect(pilot.app.model.commandBar.purpose == .answer)
        #expect(pilot.text.contains("Answer: "))
        #expect(!pilot.text.contains("/ ask the assistant"))
        assertSnapshot(of: pilot, as: .screen, named: "waiting")
        // A new command is not taken as the item's name.
        pilot.type("clear the grocery list")
        try pilot.press("enter")
        #expect(!pilot.text.contains("no item “clear the grocery list”"))
    }

    @Test func checkingOffAThingTheListLacksOffersItsOpenItemsAndAPickChecksOneOff() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 30))
        try pilot.ask("check off xyzzy on my grocery store list")
        #expect(pilot.text.contains("no item “xyzzy”"))
        guard case .menu(let menu)? = pilot.app.model.assistant.question else {
            Issue.record("no menu:\n\(pilot.text)")
            return
        }
        #expect(menu.options == ["eggs", "apples", "coffee"])
        #expect(try pilot.store.items(in: .name("Grocery Store")).filter(\.done).map(\.name) == ["milk", "bread"])
        pilot.type("2")
        try pilot.press("enter")
        #expect(try pilot.store.items(in: .name("Grocery Store")).filter(\.done).map(\.name) == ["milk", "bread", "apples"])
    }

    @Test func twoUnusableAnswersAndItGivesUp() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 30))
        try pilot.ask("uncheck xyzzy on my grocery store list")
        for word in ["plugh", "frobozz"] {
            #expect(pilot.app.model.commandBar.purpose == .answer)
            pilot.type(word)
            try pilot.press("enter")
        }
        #expect(pilot.app.model.assistant.transcript.last?.text.contains("leave it there") == true)
        #expect(!pilot.app.model.assistant.conversation.isWaiting)
        #expect(pilot.app.model.commandBar.purpose == nil)
    }
}
