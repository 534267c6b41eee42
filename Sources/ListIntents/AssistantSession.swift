import Foundation
import IntentKit
import ListStore

/// The log of what was done (`Shortcuts`), written now or kept for later.
///
/// A command writes a donation at once (it is about to exit); the TUI and the MCP server keep
/// them and write them between key presses or calls (`flush()`), so an answer never waits on
/// a second transaction.
package final class DonationLog {
    package enum Timing: Sendable { case now, deferred }

    let store: ListStore
    package let timing: Timing
    /// Donations not yet written (always empty with `.now`).
    package private(set) var pending: [Donation] = []

    package init(store: ListStore, timing: Timing) {
        self.store = store
        self.timing = timing
    }

    /// Logs a donation (nil: nothing to log), now or at the next `flush()`.
    package func record(_ donation: Donation?) {
        guard let donation else { return }
        switch timing {
        case .now: Shortcuts.donate(donation, to: store)
        case .deferred: pending.append(donation)
        }
    }

    /// Writes the donations kept, in one transaction; whether there were any.
    @discardableResult
    package func flush() -> Bool {
        guard !pending.isEmpty else { return false }
        let donations = pending
        pending = []
        Shortcuts.donate(donations, to: store)
        return true
    }
}

/// A person's requests to the assistant over one store: the one loop that `listomat ask`,
/// the TUI's command bar and the MCP server share.
///
/// It reads the store's names once and keeps them until a request it handled changes
/// something or the caller says the store changed (`storeChanged()`); it moves a
/// `Conversation` (the caller's, which may live in a UI's model) on by one input, answers the
/// questions a caller's presets answer, and logs every completed request as a donation.
///
/// ```swift
/// let session = AssistantSession(assistant: assistant, store: store, source: "assistant",
///                                donations: DonationLog(store: store, timing: .now))
/// var conversation = Conversation()
/// var presets = PresetAnswers(choices: [2])
/// let first = try session.receive(.utterance("show my store list"), in: &conversation)
/// let turn = try session.answer(first, with: &presets, in: &conversation)  // the 2nd of a menu
/// ```
package final class AssistantSession {
    package let assistant: Assistant
    package let store: ListStore
    /// Where the requests come from, as donations say it ("assistant", "mcp").
    package let source: String
    package let donations: DonationLog
    private var names: ListsDomain? {
        willSet { if keepsOldNames, let names, newValue == nil { oldNames.append(names) } }
    }
    /// Set by a process that ends soon after its requests (`listomat ask`): names read again
    /// after a change keep the old snapshot alive until the process ends, not freed object by
    /// object (a thousand names' matcher and rows: about 3% of a single `ask`'s instructions).
    package var keepsOldNames = false
    private var oldNames: [ListsDomain] = []
    /// The list on screen (the TUI sets it before each request): what "this list", "it",
    /// "here" mean unless the conversation just named another.
    package var listInView: UUID? {
        didSet { if listInView != oldValue { lastNamedList = nil; lastNamedItems = [] } }  // the person moved: the screen says which
    }
    /// The list the last completed request showed or changed ("make a camping list", then
    /// "add a tent to it").
    private var lastNamedList: UUID?
    /// The items the last completed request added or changed ("add eggs and milk", then
    /// "check them off"); none after a request that named no item.
    private var lastNamedItems: [UUID] = []

    package init(assistant: Assistant, store: ListStore, source: String, donations: DonationLog) {
        self.assistant = assistant
        self.store = store
        self.source = source
        self.donations = donations
    }

    package var engine: IntentEngine { assistant.engine }

    /// The store's lists and names as the assistant sees them, read when first needed and
    /// again after a change. Throws when the store cannot be read.
    package func domain() throws -> ListsDomain {
        var domain = try names ?? assistant.domain(store)
        names = domain
        domain.listInContext = lastNamedList ?? listInView
        domain.itemsInContext = lastNamedItems
        return domain
    }

    /// Says the store may have changed (another process, a key, a phrase): names are read again.
    package func storeChanged() { names = nil }

    /// Moves `conversation` on by one input: what the person said, picked or answered.
    /// Words typed at a waiting question are read first (`reading(_:in:_:)`): a yes or no in
    /// more words is that answer, and a request of its own starts over.
    package func receive(_ input: ConversationInput, in conversation: inout Conversation) throws -> Turn {
        let domain = try domain()
        var input = input
        if case .utterance(let text) = input, conversation.isWaiting {
            switch reading(text, in: conversation, domain) {
            case .answer(let answer): input = answer
            case .newRequest: _ = conversation.receive(.cancel, engine: engine, domain: domain)
            case .asTyped: break
            }
        }
        var turn = conversation.receive(input, engine: engine, domain: domain)
        finish(turn)
        // A second request said in the same sentence, over the lists as the first left them.
        // The names are read again only when one waits (`next`'s own first test): a single
        // request that completed does not read the store's lists and build their matcher a
        // second time only to find nothing queued.
        while !conversation.queued.isEmpty, !conversation.isWaiting,
              let next = conversation.next(after: turn, engine: engine, domain: try self.domain()) {
            turn = next
            if next.state == .completed { finish(next) }
        }
        return turn
    }

    /// Starts a request whose values are already known (a suggestion, an MCP tool's arguments).
    package func start(_ request: IntentRequest, in conversation: inout Conversation) throws -> Turn {
        let turn = conversation.start(request, engine, try domain())
        finish(turn)
        return turn
    }

    /// Answers, one after another, the questions that `presets` answer, starting with
    /// `turn`'s; the turn it ends on (a question nothing answered, or the end).
    package func answer(_ turn: Turn, with presets: inout PresetAnswers, in conversation: inout Conversation) throws -> Turn {
        var turn = turn
        while let input = presets.answer(turn) {
            turn = try receive(input, in: &conversation)
        }
        return turn
    }

    /// A completed request is logged, and the names are read again before the next one.
    private func finish(_ turn: Turn) {
        guard turn.state == .completed else { return }
        names = nil
        lastNamedList = turn.snippet?.id.flatMap { UUID(key: $0) }
        lastNamedItems = itemsNamed(by: turn, on: lastNamedList)
        if let request = turn.resolved, Shortcuts.isRepeatable(request.intent) {
            donations.record(Shortcuts.donation(of: request, source: source, at: store.now))
        }
    }

    /// The items a completed request added (found by name on its list) or changed (by id).
    private func itemsNamed(by turn: Turn, on list: UUID?) -> [UUID] {
        guard let request = turn.resolved, let list else { return [] }
        if request.intent == "AddTasks" {
            var ids: [UUID] = []
            for title in request.values("taskTitles") {
                guard let found = try? store.items(named: title.display, in: list), found.count == 1 else { return [] }
                ids.append(found[0].id)
            }
            return ids
        }
        return request.itemIDs("tasks")
    }

    /// The request a completed turn did and its title ("Add milk to Groceries"), when it is
    /// one a person may repeat or give a phrase of their own; else nil.
    package func repeatable(_ turn: Turn) -> (title: String, request: IntentRequest)? {
        guard turn.state == .completed, let request = turn.resolved, Shortcuts.isRepeatable(request.intent) else {
            return nil
        }
        return (engine.title(request), request)
    }

    /// The last item a completed "add" put on its list (to select, and so scroll into view),
    /// else nil. Added items go at the end, so it is read from the last rows, not the list.
    package func lastItemAdded(by turn: Turn) -> UUID? {
        guard turn.state == .completed, let request = turn.resolved, request.intent == "AddTasks",
              let list = turn.snippet?.id.flatMap({ UUID(key: $0) }) else { return nil }
        let titles = Set(request.values("taskTitles").map { NameRules.key($0.display) })
        guard !titles.isEmpty,
              let window = try? store.itemWindow(of: list, around: Int.max, before: 2 * titles.count + 8, after: 1) else {
            return nil
        }
        return window.items.last { titles.contains(NameRules.key($0.name)) }?.id
    }
}
