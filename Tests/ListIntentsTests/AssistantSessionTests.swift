import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// The one loop the CLI, the TUI and the MCP server share: names read once and again after a
/// change, preset answers, donations now or deferred, what an "add" put on its list.
@Suite("The assistant's session")
struct AssistantSessionTests {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "Grocery Store", items: ["milk", "eggs"])
        try store.createList(named: "Hardware Store", items: ["nails"])
        assistant = try Assistant.shared("en")
    }

    func session(_ timing: DonationLog.Timing) -> AssistantSession {
        AssistantSession(assistant: assistant, store: store, source: "assistant", donations: DonationLog(store: store, timing: timing))
    }

    @Test func aCompletedRequestIsDonatedAtOnceOrWhenFlushed() throws {
        let now = session(.now)
        var conversation = Conversation()
        #expect(try now.receive(.utterance("add bread to the grocery store list"), in: &conversation).state == .completed)
        #expect(try Shortcuts.donations(in: store).map(\.intent) == ["AddTasks"])
        #expect(now.donations.pending.isEmpty)

        let later = session(.deferred)
        conversation = Conversation()
        #expect(try later.receive(.utterance("add glue to the hardware store list"), in: &conversation).state == .completed)
        #expect(try Shortcuts.donations(in: store).count == 1)
        #expect(later.donations.pending.map(\.source) == ["assistant"])
        #expect(later.donations.flush())
        #expect(!later.donations.flush())
        #expect(try Shortcuts.donations(in: store).count == 2)
    }

    @Test func aQuestionOrADeletionIsNotDonated() throws {
        let session = session(.now)
        var conversation = Conversation()
        #expect(try session.receive(.utterance("add soap to the store list"), in: &conversation).state == .disambiguation)
        var presets = PresetAnswers(confirm: true)
        conversation = Conversation()
        let asked = try session.receive(.utterance("delete the hardware store list"), in: &conversation)
        #expect(asked.state == .confirmation)
        let deleted = try session.answer(asked, with: &presets, in: &conversation)
        #expect(deleted.state == .completed)
        #expect(session.repeatable(deleted) == nil)
        #expect(try Shortcuts.donations(in: store).isEmpty)
    }

    @Test func presetsAnswerAMenuThenAConfirmationEachOnce() throws {
        let session = session(.now)
        var conversation = Conversation()
        var presets = PresetAnswers(choices: [2], confirm: true)
        let menu = try session.receive(.utterance("delete the store list"), in: &conversation)
        #expect(menu.state == .disambiguation)
        let done = try session.answer(menu, with: &presets, in: &conversation)
        #expect(done.state == .completed)
        #expect(try store.lists().map(\.name) == ["Grocery Store"])
        #expect(presets == PresetAnswers(choices: [], confirm: nil))
    }

    @Test func aPresetLeftUnusedLeavesTheQuestion() throws {
        let session = session(.now)
        var conversation = Conversation()
        var presets = PresetAnswers(confirm: false)
        let menu = try session.receive(.utterance("delete the store list"), in: &conversation)
        let still = try session.answer(menu, with: &presets, in: &conversation)
        #expect(still.state == .disambiguation)
        #expect(conversation.isWaiting)
        #expect(try store.lists().count == 2)
    }

    @Test func guessesTakeChoicesOnlyWhenAsked() {
        let guess = Turn(state: .confirmation, intent: "AddTasks", parameter: "targetTaskList", options: [], parameters: [],
                         response: "Did you mean Hardware Store?", snippet: nil)
        var mcp = PresetAnswers(choices: [2], confirm: true, guessesTakeChoices: true)
        #expect(mcp.answer(guess) == .no)
        #expect(mcp.confirm == true)
        var cli = PresetAnswers(choices: [2], confirm: true)
        #expect(cli.answer(guess) == .yes)
        #expect(cli.answer(guess) == nil)
    }

    @Test func namesAreReadAgainAfterAChangeOrWhenTold() throws {
        let session = session(.now)
        var conversation = Conversation()
        _ = try session.receive(.utterance("show my lists"), in: &conversation)
        // Made behind the session's back: not seen until it is told.
        try store.createList(named: "Pet Shop")
        conversation = Conversation()
        #expect(try session.receive(.utterance("show the pet shop list"), in: &conversation).state != .completed)
        session.storeChanged()
        conversation = Conversation()
        #expect(try session.receive(.utterance("show the pet shop list"), in: &conversation).state == .completed)
        // A change the session made is seen at once.
        conversation = Conversation()
        #expect(try session.receive(.utterance("create a list called Gift Shop"), in: &conversation).state == .completed)
        conversation = Conversation()
        #expect(try session.receive(.utterance("show the gift shop list"), in: &conversation).state == .completed)
    }

    @Test func theLastItemAnAddPutOnItsList() throws {
        let session = session(.now)
        var conversation = Conversation()
        let added = try session.receive(.utterance("add bread and butter to the grocery store list"), in: &conversation)
        #expect(added.state == .completed)
        let id = try #require(session.lastItemAdded(by: added))
        #expect(try store.items(in: .name("Grocery Store")).first { $0.id == id }?.name == "butter")
        #expect(session.repeatable(added)?.title.isEmpty == false)
        conversation = Conversation()
        let shown = try session.receive(.utterance("show the grocery store list"), in: &conversation)
        #expect(session.lastItemAdded(by: shown) == nil)
    }

    @Test func aYesOrNoInMoreWordsAnswersAConfirmation() throws {
        let session = session(.now)
        var conversation = Conversation()
        #expect(try session.receive(.utterance("delete the hardware store list"), in: &conversation).state == .confirmation)
        #expect(try session.receive(.utterance("no thanks"), in: &conversation).state == .failed)
        #expect(try store.lists().count == 2)
        #expect(try session.receive(.utterance("delete the hardware store list"), in: &conversation).state == .confirmation)
        #expect(try session.receive(.utterance("yes do it"), in: &conversation).state == .completed)
        #expect(try store.lists().map(\.name) == ["Grocery Store"])
        #expect(AssistantSession.isSaid("ok go ahead", in: assistant.engine.language.yesWords))
        #expect(!AssistantSession.isSaid("yes and no", in: assistant.engine.language.yesWords))
    }

    @Test func aRequestOfItsOwnAtWhichListStartsOver() throws {
        let session = session(.now)
        var conversation = Conversation()
        let asked = try session.receive(.utterance("add bread"), in: &conversation)
        #expect(asked.state == .needsValue)
        // Not a list's name but a whole request: it is done, not taken as the list.
        let turn = try session.receive(.utterance("check off eggs"), in: &conversation)
        #expect(turn.state == .completed)
        #expect(try store.items(in: .name("Grocery Store")).first { $0.name == "eggs" }?.done == true)
        // A list's name is still the answer.
        #expect(try session.receive(.utterance("add bread"), in: &conversation).state == .needsValue)
        #expect(try session.receive(.utterance("hardware store"), in: &conversation).state == .completed)
        #expect(try store.items(in: .name("Hardware Store")).map(\.name) == ["nails", "bread"])
    }
}

/// "This list", "it", "here": the list on screen, or the one the conversation just named.
@Suite("The list in context")
struct ListInContextTests {
    let store: ListStore
    let session: AssistantSession

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "Grocery Store", items: ["milk"])
        try store.createList(named: "Hardware Store", items: ["nails", "milk"])
        let assistant = try Assistant.shared("en")
        session = AssistantSession(assistant: assistant, store: store, source: "assistant",
                                   donations: DonationLog(store: store, timing: .now))
    }

    func say(_ text: String) throws -> Turn {
        var conversation = Conversation()
        return try session.receive(.utterance(text), in: &conversation)
    }

    func items(_ list: String) throws -> [String] { try store.items(in: .name(list)).map(\.name) }

    @Test func withNothingInContextThisListIsAsked() throws {
        let turn = try say("add a hammer to this list")
        #expect(turn.state == .disambiguation)
        #expect(try items("Hardware Store") == ["nails", "milk"])
    }

    @Test func thisListHereAndItMeanTheListOnScreen() throws {
        session.listInView = try store.list(.name("Hardware Store")).id
        #expect(try say("add a hammer to this list").state == .completed)
        #expect(try say("put screws here").state == .completed)
        #expect(try say("what's on it").snippet?.title == "Hardware Store")
        // On both lists: the one on screen; on the other only: that one.
        #expect(try say("check off milk here").state == .completed)
        #expect(try items("Hardware Store") == ["nails", "milk", "hammer", "screws"])
        #expect(try store.items(in: .name("Hardware Store")).filter(\.done).map(\.name) == ["milk"])
        #expect(try store.items(in: .name("Grocery Store")).filter(\.done).isEmpty)
    }

    @Test func itIsTheListTheConversationJustNamedUntilThePersonMoves() throws {
        session.listInView = try store.list(.name("Grocery Store")).id
        #expect(try say("make a camping list").state == .completed)
        #expect(try say("add a tent to it").state == .completed)
        #expect(try items("Camping") == ["tent"])
        session.listInView = try store.list(.name("Hardware Store")).id
        #expect(try say("add glue to this list").state == .completed)
        #expect(try items("Hardware Store") == ["nails", "milk", "glue"])
    }
}
