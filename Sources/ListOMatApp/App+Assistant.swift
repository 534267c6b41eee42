import Foundation
import IntentKit
import ListIntents
import ListStore
import TerminalKit

// The assistant's side of the runtime: its session (made when first asked), turns, suggestions
// run, phrases added, and what was done logged for the suggestions.

extension App {
    /// The assistant's session, made the first time it is needed.
    var session: AssistantSession? {
        if !triedAssistant {
            triedAssistant = true
            loadedSession = makeAssistant().map {
                AssistantSession(assistant: $0, store: store, source: "assistant", donations: donations)
            }
        }
        return loadedSession
    }

    /// Runs `body` with the assistant's session; a failure to get it or to read the lists,
    /// or one of `body`'s, goes to the footer.
    private func withSession(_ body: (AssistantSession) throws -> Msg) -> Msg {
        guard let session else {
            return .failed(model.screen.words("assistant.missing"), reload: false)
        }
        do {
            _ = try session.domain()
            return try body(session)
        } catch {
            return .failed(Self.sentence(model.screen.words.error(error)), reload: false)
        }
    }

    func converse(_ input: ConversationInput) -> Msg {
        withSession { session in
            wroteSinceCheckpoint = true
            var conversation = model.assistant.conversation
            session.listInView = model.selectedList?.list.id
            let turn = try session.receive(input, in: &conversation)
            return finished(turn, conversation, session)
        }
    }

    /// Runs a suggestion: as if the person had said it, every value already chosen.
    func run(_ action: SuggestedAction) -> Msg {
        withSession { session in
            wroteSinceCheckpoint = true
            var conversation = Conversation()
            let turn = try session.start(action.request, in: &conversation)
            return finished(turn, conversation, session)
        }
    }

    /// A turn to show; a completed request (logged by the session) is offered for a phrase.
    private func finished(_ turn: Turn, _ conversation: Conversation, _ session: AssistantSession) -> Msg {
        guard turn.state == .completed else { return .turn(turn, conversation, completed: nil) }
        suggestionsStale = true
        let offer = session.repeatable(turn).map { SuggestedAction(title: $0.title, request: $0.request) }
        return .turn(turn, conversation, completed: offer, added: session.lastItemAdded(by: turn))
    }

    func addPhrase(_ phrase: String, _ request: IntentRequest) -> Msg {
        withSession { session in
            if let problem = Shortcuts.problem(
                with: phrase, engine: session.engine, vocabulary: try session.domain().vocabulary) {
                return .failed(problem, reload: false)
            }
            try Shortcuts.addPhrase(phrase, for: request, to: store, at: store.now)
            session.storeChanged()
            let title = session.engine.title(request)
            return .phraseAdded(model.screen.words("phrase.added", ["phrase": .text(phrase), "request": .text(title)]))
        }
    }

    /// Logs what was done (see `Shortcuts`), on the next tick; the suggestions follow then.
    func donate(_ donation: Donation?) {
        guard let donation else { return }
        donations.record(donation)
        suggestionsStale = true
    }

    func flushDonations() {
        if donations.flush() { wroteSinceCheckpoint = true }
    }

    func listNamed(_ id: UUID) -> TaskList? {
        model.listsPane.lists.first { $0.list.id == id }?.list
    }

    /// The suggestions now. Needs the assistant (for their titles): the first tick loads it.
    func suggest() -> Msg? {
        flushDonations()
        suggestionsStale = false
        guard let assistant = session?.assistant else { return nil }
        let ranked = (try? Shortcuts.suggestions(
            in: store, at: store.now, limit: Self.suggestionCount, custom: Set(assistant.sequences.keys))) ?? []
        let actions = ranked.map { SuggestedAction(title: assistant.engine.title($0.request), request: $0.request) }
        return actions == model.assistant.suggestions ? nil : .suggested(actions)
    }

    /// How many suggestions the panel offers.
    static let suggestionCount = 3


    /// Logs that the person opened a list.
    func donateShow(_ list: UUID) {
        if let list = model.listsPane.lists.first(where: { $0.list.id == list })?.list {
            donate(Shortcuts.showList(list, source: "tui", at: store.now))
        }
    }
}
