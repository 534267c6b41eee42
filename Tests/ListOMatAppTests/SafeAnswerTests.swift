import Foundation
import IntentKit
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// Safe defaults on questions that destroy; letters are never dropped unseen.
@Suite struct SafeAnswerTests {
    static let groceries = ScreenTests.groceries

    @Test func enterDoesNotDeleteAList() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 30))
        try pilot.ask("delete the pet shop list")
        #expect(pilot.text.contains("Enter alone: no"))
        assertSnapshot(of: pilot, as: .screen, named: "asked")
        try pilot.press("enter")
        #expect(try pilot.store.lists().count == 3)
        #expect(pilot.app.model.assistant.question == nil)
        // Enter twice after a typo deletes nothing either.
        try pilot.ask("delete the pet shop list")
        try pilot.press("enter enter")
        #expect(try pilot.store.lists().count == 3)
        // y and Enter does.
        try pilot.ask("delete the pet shop list")
        try pilot.press("y enter")
        #expect(try pilot.store.lists().map(\.name) == ["Grocery Store", "Hardware Store"])
    }

    @Test func enterOnADidYouMeanThatLetsAChangeHappenIsNo() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 30))
        // A typo, then Enter twice: "Did you mean Grocery Store?" must not reset it.
        try pilot.ask("reset the grocry stor list")
        #expect(pilot.text.contains("Did you mean Grocery Store?"))
        #expect(pilot.text.contains("Enter alone: no"))
        try pilot.press("enter enter")
        #expect(try pilot.store.items(in: .name("Grocery Store")).first { $0.name == "milk" }?.done == true)
        // y and Enter does.
        try pilot.ask("reset the grocry stor list")
        try pilot.press("y enter")
        #expect(try pilot.store.items(in: .name("Grocery Store")).allSatisfy { !$0.done })
        // Where the request only shows something, Enter is still yes.
        try pilot.ask("show the grocry stor list")
        #expect(pilot.text.contains("Enter alone: yes"))
    }

    @Test func lettersTypedDuringAQuestionStartANewRequest() throws {
        let pilot = try Pilot(Self.groceries + [("Inbox", [("call mum", false)])], size: Size(width: 120, height: 30))
        try pilot.ask("delete the inbox list")
        #expect(pilot.text.contains("Delete Inbox"))
        pilot.type("show my")
        // Nothing was deleted: the letters (the "y" among them) went to the bar, in sight.
        #expect(try pilot.store.lists().map(\.name).contains("Inbox"))
        #expect(pilot.app.model.commandBar.purpose == .answer)
        #expect(pilot.app.model.commandBar.input.text == "show my")
        assertSnapshot(of: pilot, as: .screen, named: "typing")
        pilot.type(" grocery store list")
        try pilot.press("enter")
        #expect(try pilot.store.lists().map(\.name).contains("Inbox"))
        #expect(pilot.app.model.itemsPane.list?.name == "Grocery Store")
        // A lone y and Enter still answers a question.
        try pilot.ask("delete the inbox list")
        try pilot.press("y enter")
        #expect(try !pilot.store.lists().map(\.name).contains("Inbox"))
    }

    @Test func theAnswerWordTypedInTheBarConfirms() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 30))
        try pilot.ask("delete the pet shop list")
        pilot.type("yes")
        #expect(try pilot.store.lists().count == 3)
        try pilot.press("enter")
        #expect(try pilot.store.lists().map(\.name) == ["Grocery Store", "Hardware Store"])
    }
}
