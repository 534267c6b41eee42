import Foundation
import IntentKit
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// What is typed after a question the command bar asked goes to the bar, never to the panes'
/// keys; a request of its own typed there starts over.
@Suite struct TypedAnswerTests {
    static let groceries = ScreenTests.groceries

    @Test func aTypedYesRunsNoListKeys() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 30))
        try pilot.ask("whats on the hardwre stor list")
        #expect(pilot.text.contains("Did you mean Hardware Store?"))
        // y, s, Space and d would answer, sort, check off and delete as keys: here they are typed.
        pilot.type("yes do it")
        #expect(pilot.app.model.commandBar.purpose == .answer)
        #expect(pilot.app.model.commandBar.input.text == "yes do it")
        #expect(pilot.app.model.itemsPane.order == nil)
        #expect(try pilot.store.items(in: .name("Hardware Store")).map(\.name) == ["nails", "glue"])
        #expect(try pilot.store.items(in: .name("Hardware Store")).allSatisfy { !$0.done })
        assertSnapshot(of: pilot, as: .screen, named: "typed")
        try pilot.press("enter")
        #expect(pilot.app.model.assistant.question == nil)
        #expect(pilot.app.model.itemsPane.list?.name == "Hardware Store")
        #expect(try pilot.store.items(in: .name("Hardware Store")).map(\.name) == ["nails", "glue"])
    }

    @Test func noThanksKeepsTheListAndOpensNothing() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 30))
        try pilot.ask("delete the pet shop list")
        // / (from habit: it opens the bar) is not typed into the open bar.
        try pilot.press("/")
        pilot.type("no thanks")
        #expect(pilot.app.model.commandBar.input.text == "no thanks")
        try pilot.press("enter")
        #expect(pilot.app.model.commandBar.purpose == nil)
        #expect(pilot.app.model.assistant.question == nil)
        #expect(try pilot.store.lists().map(\.name) == ["Grocery Store", "Hardware Store", "Pet Shop"])
        #expect(pilot.app.model.assistant.transcript.last?.text == "OK, I won't.")
    }

    @Test func aMenuTakesArrowsEnterOrATypedNumber() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 40))
        try pilot.ask("add apples to store")
        // j is typed, not a move: the menu moves with the arrow keys.
        pilot.type("j")
        #expect(pilot.app.model.commandBar.input.text == "j")
        try pilot.press("backspace down enter")
        #expect(try pilot.store.items(in: .name("Hardware Store")).map(\.name) == ["nails", "glue", "apples"])
        try pilot.ask("add pears to store")
        pilot.type("1")
        try pilot.press("enter")
        #expect(try pilot.store.items(in: .name("Grocery Store")).map(\.name).last == "pears")
    }

    @Test func aRequestOfItsOwnAtWhichListStartsOver() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 30))
        try pilot.ask("add bread")
        #expect(pilot.app.model.commandBar.purpose == .answer)
        pilot.type("check off eggs")
        try pilot.press("enter")
        #expect(!pilot.text.contains("can't find a list"))
        #expect(try pilot.store.items(in: .name("Grocery Store")).first { $0.name == "eggs" }?.done == true)
        #expect(!pilot.app.model.assistant.conversation.isWaiting)
    }

    @Test func aQuestionASuggestionsDigitRaisedTakesOneKey() {
        let asked = Turn(state: .confirmation, intent: "ResetList", parameter: nil, options: [], parameters: [],
                         response: "Did you mean Grocery Store?", snippet: nil)
        // Raised by a key (a suggestion's digit): y answers at once.
        var byKey = AppModel(size: Size(width: 120, height: 30))
        byKey.assistant.questionAskedByKey = true
        _ = update(&byKey, .turn(asked, Conversation(), completed: nil))
        #expect(byKey.commandBar.purpose == nil)
        #expect(update(&byKey, .input(.key(.character("y")))) == [.converse(.yes)])
        // Raised by the command bar: y is typed, Enter sends it.
        var byBar = AppModel(size: Size(width: 120, height: 30))
        _ = update(&byBar, .turn(asked, Conversation(), completed: nil))
        #expect(byBar.commandBar.purpose == .answer)
        #expect(update(&byBar, .input(.key(.character("y")))).isEmpty)
        #expect(byBar.commandBar.input.text == "y")
        #expect(update(&byBar, .input(.key(.enter))) == [.converse(.utterance("y"))])
    }

    @Test func aListKeyStillAnswersWithOneKey() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 30))
        // d on a list asks in the bar, and y alone answers it.
        try pilot.press("G d y")
        #expect(try pilot.store.lists().map(\.name) == ["Grocery Store", "Hardware Store"])
    }
}
