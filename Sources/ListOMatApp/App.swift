import Foundation
import IntentKit
import ListIntents
import ListStore
import TerminalKit

/// The running TUI: the model, and the runtime that carries out its effects against the
/// store and the assistant. Synchronous: every effect finishes before the next key, so tests
/// drive it key by key with no sleeps.
public final class App {
    public private(set) var model: AppModel
    public var theme: Theme
    let store: ListStore
    private let makeAssistant: () -> Assistant?
    /// The assistant's session, made when first asked (the language files take longer to read
    /// than a screen to draw); nil when the assistant is not available.
    private var loadedSession: AssistantSession?
    private var triedAssistant = false
    /// Everything done here is logged on the next tick (or at quit), so a key press pays for
    /// one transaction, not two.
    private let donations: DonationLog
    /// The store's data version when we last loaded (changes by other processes move it).
    private var seenVersion: Int?
    /// Whether this process wrote since its last checkpoint (see `ListStore.deferCheckpoints`).
    private var wroteSinceCheckpoint = false
    /// Whether the suggestions may be out of date (something was done since they were ranked).
    /// They are ranked again on the next tick, not inside the key press.
    private var suggestionsStale = true
    /// Text to put on the clipboard, handed to the backend by `run` after the key.
    public private(set) var clipboard: [String] = []

    /// The sync that runs beside the TUI when `[sync]` is set up (see `BackgroundSync`).
    let sync: BackgroundSync?

    public init(
        store: ListStore, assistant: @escaping () -> Assistant?, size: Size, keymap: Keymap = Keymap(), theme: Theme,
        sync: BackgroundSync? = nil
    ) {
        self.store = store
        makeAssistant = assistant
        donations = DonationLog(store: store, timing: .deferred)
        self.theme = theme
        self.sync = sync
        model = AppModel(size: size, keymap: keymap)
        model.sync = sync.map { SyncShown($0.status, now: store.now) }
        model.readOnly = store.access == .readOnly
        // Checkpoints happen between keys (on the quarter-second tick), not after the commit
        // of a key press.
        store.deferCheckpoints()
        send(load(nil))
    }

    /// Handles one message and everything that follows from it.
    public func send(_ msg: Msg) {
        var queue = [msg]
        while !queue.isEmpty {
            let next = queue.removeFirst()
            for effect in update(&model, next) {
                if let result = perform(effect) { queue.append(result) }
            }
        }
    }

    /// The screen for the model now.
    public func render() -> CellBuffer {
        View.render(model, theme: theme)
    }

    /// Draws and reads input until the person quits. Looks for changes by other processes
    /// every quarter of a second.
    public func run(on backend: Backend) {
        if backend.size != model.size { send(.input(.resize(backend.size))) }
        // Syncs on its own thread from here on; stopped when the loop ends, however it ends.
        sync?.start()
        defer { sync?.stop() }
        var lastTick = Date()
        while !model.quitting {
            backend.draw(render())
            if let event = backend.nextEvent(timeoutMilliseconds: 250) { send(.input(event)) }
            for text in clipboard { backend.copyToClipboard(text) }
            clipboard = []
            if Date().timeIntervalSince(lastTick) >= 0.25 {
                send(.tick)
                lastTick = Date()
            }
        }
    }

    // MARK: - Effects

    private func perform(_ effect: Effect) -> Msg? {
        switch effect {
        case .load(let target):
            return load(target)
        case .loadItems(let request):
            do {
                return .itemsLoaded(try window(request))
            } catch {
                // The list may be gone (another process): read everything again.
                return .failed(Self.sentence("\(error)"), reload: true)
            }
        case .copyToClipboard(let text):
            clipboard.append(text)
            return nil
        case .checkForChanges:
            flushDonations()
            if wroteSinceCheckpoint {
                wroteSinceCheckpoint = (try? store.checkpoint()) == nil
            }
            guard let version = try? store.dataVersion(), version != seenVersion else {
                return suggestionsStale ? suggest() : nil
            }
            loadedSession?.storeChanged()
            suggestionsStale = true
            return load(nil)
        case .suggest:
            return suggest()
        case .loadSnippet(let list, let rows):
            do {
                return .snippetLoaded(list: list, try store.itemWindow(of: list, around: 0, before: 0, after: rows))
            } catch .notFound {
                return .snippetLoaded(list: list, nil)
            } catch {
                return nil  // unreadable now: the panel keeps what it showed until the next change
            }
        case .run(let action):
            return run(action)
        case .addPhrase(let phrase, let request):
            return addPhrase(phrase, request)
        case .donateShow(let list):
            if let list = model.lists.first(where: { $0.list.id == list })?.list {
                donate(Shortcuts.showList(list, source: "tui", at: store.now))
            }
            return nil
        case .quit:
            flushDonations()
            return nil
        case .readSync:
            return sync.map { .syncRead($0.status, at: store.now) }
        case .syncNow:
            sync?.syncNow()
            return sync.map { .syncRead($0.status, at: store.now) }
        case .converse(let input):
            return converse(input)
        case .feature(let feature):
            let (msg, wrote) = performFeature(feature)
            if wrote { noteWrite() }
            return msg
        case .undo:
            return stepping { try store.undoStep() }
        case .redo:
            return stepping { try store.redoStep() }
        case .createList(let name):
            return changing(nil) {
                let changed = try store.createList(named: name)
                donate(Shortcuts.createList(changed.value, items: [], source: "tui", at: store.now))
                return (changed.value.id, changed.summary)
            }
        case .renameList(let id, let name):
            return changing(nil) { (id, try store.renameList(.id(id), to: name).summary) }
        case .deleteList(let id):
            return changing(nil, undoable: true) { (nil, try store.deleteList(.id(id)).summary) }
        case .copyList(let id):
            return changing(nil) {
                let changed = try store.copyList(.id(id))
                if let source = listNamed(id) { donate(Shortcuts.copyList(source, source: "tui", at: store.now)) }
                return (changed.value.id, changed.summary)
            }
        case .resetList(let id):
            return changing(nil) {
                let changed = try store.resetList(.id(id))
                if changed.recorded, let list = listNamed(id) { donate(Shortcuts.resetList(list, source: "tui", at: store.now)) }
                return (id, changed.summary)
            }
        case .addItems(let list, let names):
            return changingItems(list) {
                let changed = try store.addItemsUnlessPresent(names, to: .id(list))  // the one rule for adding
                if let named = listNamed(list), changed.recorded {
                    donate(Shortcuts.addItems(changed.value.added + changed.value.uncheckedAgain, to: named, source: "tui", at: store.now))
                }
                return (.merged(changed.value), changed.recorded ? changed.summary : "already on the list, unchecked: \(names.joined(separator: ", "))")
            }
        case .renameItem(let list, let item, let name):
            return changingItems(list) {
                let changed = try store.renameItem(.id(item), in: .id(list), to: name)
                return (.updated([changed.value]), changed.summary)
            }
        case .deleteItem(let list, let item):
            return changingItems(list, undoable: true) {
                let changed = try store.deleteItems([.id(item)], from: .id(list))
                return (.removed(changed.value), changed.summary)
            }
        case .setDone(let list, let item, let done):
            return changingItems(list) {
                let changed = try store.setDone(done, [.id(item)], in: .id(list))
                if let named = listNamed(list) {
                    donate(Shortcuts.setDone(done, changed.value, in: named, source: "tui", at: store.now))
                }
                return (.updated(changed.value), changed.summary)
            }
        }
    }

    /// Runs a change to items of `list` that the panes follow without reading the store again.
    private func changingItems(
        _ list: UUID, undoable: Bool = false, _ body: () throws -> (ItemChange, String)
    ) -> Msg {
        noteWrite()
        do {
            let (change, summary) = try body()
            return .itemsChanged(list: list, change, summary: Self.sentence(summary), undoable: undoable)
        } catch {
            return .failed(Self.sentence("\(error)"), reload: true)
        }
    }

    /// Undoes or redoes. When only items of one list changed (and the lists' dates), the panes
    /// follow the rows it put back; otherwise they read the store again.
    private func stepping(_ body: () throws -> UndoStep) -> Msg {
        noteWrite()
        do {
            let step = try body()
            let summary = Self.sentence(step.summary)
            if let rows = step.rows, let list = Self.onlyItems(rows) {
                return .itemsChanged(list: list, .restored(rows.items), summary: summary, undoable: false)
            }
            return .changed(summary: summary, undoable: false, nil)
        } catch {
            return .failed(Self.sentence("\(error)"), reload: true)
        }
    }

    /// The list whose items alone an undo step changed (a list row only touched: same name
    /// and place), or nil.
    static func onlyItems(_ rows: (lists: [RowChange<TaskList>], items: [RowChange<ListItem>])) -> UUID? {
        for change in rows.lists {
            guard let before = change.before, let after = change.after, before.id == after.id, before.name == after.name,
                  before.position == after.position else { return nil }
        }
        var lists = Set<UUID>()
        for change in rows.items {
            if let before = change.before { lists.insert(before.listID) }
            if let after = change.after { lists.insert(after.listID) }
        }
        return lists.count == 1 ? lists.first : nil
    }

    /// Runs a change; the footer says what it did. `body` returns the id to select (a list
    /// when `list` is nil, else an item of `list`) and the store's summary.
    private func changing(_ list: UUID?, undoable: Bool = false, _ body: () throws -> (UUID?, String)) -> Msg {
        noteWrite()
        do {
            let (id, summary) = try body()
            let target = list.map { Target(list: $0, item: id) } ?? id.map { Target(list: $0, item: nil) }
            return .changed(summary: Self.sentence(summary), undoable: undoable, target)
        } catch {
            return .failed(Self.sentence("\(error)"), reload: true)
        }
    }

    /// Something was written here: a checkpoint at the next tick, the suggestions ranked
    /// again, the assistant's names read again.
    private func noteWrite() {
        wroteSinceCheckpoint = true
        suggestionsStale = true
        loadedSession?.storeChanged()
    }

    /// The assistant's session, made the first time it is needed.
    private var session: AssistantSession? {
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
            return .failed("The assistant is not available: its language files were not found.", reload: false)
        }
        do {
            _ = try session.domain()
            return try body(session)
        } catch {
            return .failed(Self.sentence("\(error)"), reload: false)
        }
    }

    private func converse(_ input: ConversationInput) -> Msg {
        withSession { session in
            wroteSinceCheckpoint = true
            var conversation = model.conversation
            let turn = try session.receive(input, in: &conversation)
            return finished(turn, conversation, session)
        }
    }

    /// Runs a suggestion: as if the person had said it, every value already chosen.
    private func run(_ action: SuggestedAction) -> Msg {
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

    private func addPhrase(_ phrase: String, _ request: IntentRequest) -> Msg {
        withSession { session in
            if let problem = Shortcuts.problem(
                with: phrase, engine: session.engine, vocabulary: try session.domain().vocabulary) {
                return .failed(problem, reload: false)
            }
            try Shortcuts.addPhrase(phrase, for: request, to: store, at: store.now)
            session.storeChanged()
            return .phraseAdded("Added the phrase “\(phrase)”: \(session.engine.title(request)).")
        }
    }

    /// Logs what was done (see `Shortcuts`), on the next tick; the suggestions follow then.
    private func donate(_ donation: Donation?) {
        guard let donation else { return }
        donations.record(donation)
        suggestionsStale = true
    }

    private func flushDonations() {
        if donations.flush() { wroteSinceCheckpoint = true }
    }

    private func listNamed(_ id: UUID) -> TaskList? {
        model.lists.first { $0.list.id == id }?.list
    }

    /// The suggestions now. Needs the assistant (for their titles): the first tick loads it.
    private func suggest() -> Msg? {
        flushDonations()
        suggestionsStale = false
        guard let assistant = session?.assistant else { return nil }
        let ranked = (try? Shortcuts.suggestions(
            in: store, at: store.now, limit: Self.suggestionCount, custom: Set(assistant.sequences.keys))) ?? []
        let actions = ranked.map { SuggestedAction(title: assistant.engine.title($0.request), request: $0.request) }
        return actions == model.suggestions ? nil : .suggested(actions)
    }

    /// How many suggestions the panel offers.
    static let suggestionCount = 3

    /// The store now, or the failure to read it (said in the footer; the panes keep what
    /// they showed).
    private func load(_ target: Target?) -> Msg {
        do {
            return .loaded(try snapshot(target), target)
        } catch {
            return .failed(Self.sentence("\(error)"), reload: false)
        }
    }

    /// The lists, and a window on the items of `list` (or of the list selected now, else of
    /// the one now where the selection was, as the lists pane will select it, else of the
    /// first), around the item selected when it is the same list.
    private func snapshot(_ target: Target?) throws -> StoreSnapshot {
        seenVersion = try store.dataVersion()
        var attempt = 0
        while true {
            let lists = try store.summaries()
            let wanted = target?.list ?? model.selectedList?.list.id
            let shown = lists.first { $0.list.id == wanted }?.list.id
                ?? model.listsView.selected.flatMap { lists.isEmpty ? nil : lists[min($0, lists.count - 1)].list.id }
                ?? lists.first?.list.id
            guard let shown else { return StoreSnapshot(lists: lists, items: nil) }
            let item = target?.item ?? (shown == model.itemsListID ? model.selectedItem?.id : nil)
            do {
                let items = try window(windowRequest(model, list: shown, index: model.itemsView.selected ?? 0, item: item))
                return StoreSnapshot(lists: lists, items: items)
            } catch StoreError.notFound(let message) {
                // Removed (by another process) between the two reads: once more.
                attempt += 1
                if attempt > 1 { throw StoreError.notFound(message) }
            }
        }
    }

    private func window(_ request: WindowRequest) throws -> ItemWindow {
        try store.itemWindow(
            of: request.list, around: request.index, keeping: request.item, before: request.before,
            after: request.after, near: request.known)
    }

    static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
