import Foundation
import ListStore
import TerminalKit

// The features of issue 14 a terminal user expects — search, a view order, moving an item
// to another list, the command bar's history and completion, a first-run screen — kept out
// of Update/View/App except for small hooks: their state is `AppModel.features`, their
// messages `Msg.feature`, their work `Effect.feature`.

/// What the items pane shows in place of the stored order: the matches of a search, and/or
/// the items in another order. Both are read whole (bounded), not as a window.
public struct FeatureState: Sendable {
    /// The search in force ("milk"): the lists pane shows the lists whose name or items
    /// contain it, the items pane the matching items. Esc ends it.
    public var search: String?
    /// The items pane's order when not the stored one (`s` cycles it).
    public var order: ItemOrder?
    /// Whether the search found more items than are held (`Features.searchLimit`).
    public var incomplete = false
    /// Every list, as last read whole (the lists pane may show only a search's).
    public var allLists: [TaskList] = []
    /// The "move to" menu, while open.
    public var moveMenu: MoveMenu?
    /// What was typed to the assistant, and where ↑/↓ are in it.
    public var history = CommandHistory()
    /// Tab's candidates, while cycling through them.
    public var completion: Completion?
    /// The items pane's row when the last key was pressed (a change is followed from it).
    public var rowAtKey: Int?

    public init() {}

    /// Whether the items pane shows rows read whole (a search's or a sorted view's) instead
    /// of a window on the stored order.
    public var transformsItems: Bool { search != nil || order != nil }
}

/// The open "move to" menu: the item, its list, and the lists it may go to.
public struct MoveMenu: Sendable {
    public var item: ListItem
    public var from: UUID
    public var targets: [TaskList]
    public var menu: Menu
}

/// Requests typed to the assistant in this session (and earlier ones, when the data
/// folder keeps them), for ↑/↓ in the command bar.
public struct CommandHistory: Sendable, Equatable {
    public var entries: [String] = []
    /// The entry shown, or nil for the person's own line.
    public var index: Int?
    /// The person's own line while browsing.
    public var draft = ""
    /// Whether the saved history was asked for.
    public var loaded = false
    /// Whether an entry was added since the history was last saved.
    public var unsaved = false

    static let limit = 200

    mutating func record(_ line: String) {
        index = nil
        draft = ""
        guard !line.isEmpty, entries.last != line else { return }
        entries.append(line)
        unsaved = true
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
    }
}

/// Tab completion's state: the text around the completed fragment and the candidates.
public struct Completion: Sendable, Equatable {
    /// The bar's text before the fragment, and after the cursor.
    public var before: String
    public var after: String
    public var candidates: [String]
    public var index: Int
    /// The bar's text right after the last completion (another Tab cycles only if unchanged).
    public var shown: String
}

/// What the runtime reads for the items pane while it is transformed.
public struct ViewRequest: Sendable, Equatable {
    public var list: UUID?
    /// The lists pane's row to fall back to when `list` is not among the lists shown.
    public var listIndex: Int
    public var search: String?
    public var order: ItemOrder?
    /// The item to keep selected, else the row `index`.
    public var keep: UUID?
    public var index: Int
}

/// The rows read for a `ViewRequest`.
public struct ViewRows: Sendable, Equatable {
    public var request: ViewRequest
    /// The lists to show: all, or those a search found.
    public var lists: [ListSummary]
    /// Every list (where "move to" may send an item).
    public var allLists: [TaskList]
    /// The list shown and its rows (nil: none to show).
    public var list: ListSummary?
    public var items: [ListItem]
    public var complete: Bool
}

public enum FeatureMsg: Sendable {
    case viewRows(ViewRows)
    /// A view order that cannot be had (the list is too long): the message says why.
    case viewRefused(String)
    /// Tab's candidates for `fragment` (the words before the cursor that they complete).
    case completions(fragment: String, candidates: [String])
    case historyLoaded([String])
}

public enum FeatureEffect: Sendable, Equatable {
    case readView(ViewRequest)
    case sortList(UUID)
    case moveItem(ListItem, to: UUID)
    /// Names starting with one of `fragments` (longest first), for Tab.
    case complete(fragments: [String], list: UUID?)
    case loadHistory
    case saveHistory([String])
}

public enum Features {
    /// The most matching items a search holds for one list.
    public static let searchLimit = 1_000
    /// The longest list the items pane shows in another order (it is read whole to sort it).
    public static let sortLimit = 10_000

    // MARK: - Following the panes

    /// After any message: keeps a search or a view order in force over what was just read.
    static func after(_ model: inout AppModel, _ msg: Msg) -> [Effect] {
        var effects: [Effect] = []
        if case .loaded = msg, model.features.search == nil { model.features.allLists = model.lists.map(\.list) }
        if case .loaded = msg, !model.features.history.loaded {
            model.features.history.loaded = true
            effects.append(.feature(.loadHistory))
        }
        if model.features.history.unsaved {
            model.features.history.unsaved = false
            effects.append(.feature(.saveHistory(model.features.history.entries)))
        }
        guard model.features.transformsItems else { return effects }
        switch msg {
        case .loaded:
            effects.append(refresh(model))
        case .itemsLoaded(let window) where window.summary.list.id == model.itemsListID:
            effects.append(refresh(model))
        case .itemsChanged(_, let change, _, _):
            // A checked item moves away in "done last": the cursor stays on its row.
            var keepRow = false
            if case .updated = change, model.features.order == .nameDoneLast { keepRow = true }
            effects.append(refresh(model, keepRow: keepRow, row: model.features.rowAtKey))
        default:
            break
        }
        return effects
    }

    /// Reads the items pane's rows again for the search and order in force.
    static func refresh(_ model: AppModel, list: UUID? = nil, keepRow: Bool = false, row: Int? = nil) -> Effect {
        let index = list != nil ? 0 : keepRow ? row ?? model.itemsView.selected ?? 0 : model.itemsView.selected ?? 0
        return .feature(.readView(ViewRequest(
            list: list ?? model.selectedList?.list.id, listIndex: model.listsView.selected ?? 0,
            search: model.features.search, order: model.features.order,
            keep: keepRow || list != nil ? nil : model.selectedItem?.id, index: index)))
    }

    static func update(_ model: inout AppModel, _ msg: FeatureMsg) -> [Effect] {
        switch msg {
        case .viewRows(let rows):
            // A search or order ended meanwhile: the panes read the store as usual.
            guard rows.request.search == model.features.search, rows.request.order == model.features.order else { return [] }
            show(&model, rows)
            return []
        case .viewRefused(let message):
            model.features.order = nil
            model.status = StatusMessage(text: message, isError: true)
            return model.features.search == nil ? [.load(Target(list: model.selectedList?.list.id, item: nil))] : []
        case .completions(let fragment, let candidates):
            complete(&model, fragment, candidates)
            return []
        case .historyLoaded(let entries):
            let session = model.features.history.entries
            model.features.history.entries = Array((entries + session).suffix(CommandHistory.limit))
            return []
        }
    }

    private static func show(_ model: inout AppModel, _ rows: ViewRows) {
        model.features.allLists = rows.allLists
        model.lists = rows.lists
        model.listsView.count = rows.lists.count
        if let list = rows.list, let index = rows.lists.firstIndex(where: { $0.list.id == list.list.id }) {
            model.listsView.select(index)
            model.itemsList = list.list
            model.items = rows.items
            model.itemsStart = 0
            model.itemsView.count = rows.items.count
            let kept = rows.request.keep.flatMap { id in rows.items.firstIndex { $0.id == id } }
            model.itemsView.select(kept ?? rows.request.index)
        } else {
            model.itemsList = nil
            model.items = []
            model.itemsStart = 0
            model.itemsView.count = 0
            if model.focus == .items { model.focus = .lists }
        }
        model.features.incomplete = !rows.complete
        scrollIntoView(&model)
    }

    static func scrollIntoView(_ model: inout AppModel) {
        let layout = Layout.of(model)
        model.listsView.scrollToSelection(visibleRows: Layout.contentRows(layout.lists))
        model.itemsView.scrollToSelection(visibleRows: Layout.contentRows(layout.items))
    }

    // MARK: - Keys

    /// Keys the features take before anything else (a menu of theirs, the command bar's ↑ ↓
    /// and Tab, Esc ending a search); nil when the key is not theirs.
    static func key(_ model: inout AppModel, _ key: Key) -> [Effect]? {
        model.features.rowAtKey = model.itemsView.selected
        if var open = model.features.moveMenu {
            switch open.menu.handle(key) {
            case .chose(let index):
                model.features.moveMenu = nil
                guard open.targets.indices.contains(index) else { return [] }
                return [.feature(.moveItem(open.item, to: open.targets[index].id))]
            case .cancelled:
                model.features.moveMenu = nil
            case .moved:
                model.features.moveMenu = open
            case .ignored:
                break
            }
            return []
        }
        if let purpose = model.barPurpose {
            return barKey(&model, purpose, key)
        }
        if key == .escape, model.features.search != nil, model.question == nil, !model.showingHelp {
            return endSearch(&model)
        }
        return nil
    }

    private static func barKey(_ model: inout AppModel, _ purpose: BarPurpose, _ key: Key) -> [Effect]? {
        let completing = purpose == .command || purpose == .answer || purpose == .find
        if key == .tab, completing { return tab(&model) }
        if key != .tab { model.features.completion = nil }
        guard purpose == .command else { return nil }
        switch key {
        case .up, .down:
            browse(&model, older: key == .up)
            return []
        case .enter:
            let line = model.bar.text.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { return nil }
            model.features.history.record(line)
            // Handled by the bar as usual; the history is saved on the way.
            return nil
        default:
            model.features.history.index = nil
            return nil
        }
    }

    /// ↑ (older) and ↓ (newer) through what was typed to the assistant; past the newest is
    /// the person's own line again.
    private static func browse(_ model: inout AppModel, older: Bool) {
        var history = model.features.history
        let count = history.entries.count
        let current = history.index ?? count
        let next = older ? current - 1 : current + 1
        guard next >= 0, next <= count, next != current else { return }
        if history.index == nil { history.draft = model.bar.text }
        if next == count {
            history.index = nil
            model.bar.setText(history.draft)
        } else {
            history.index = next
            model.bar.setText(history.entries[next])
        }
        model.features.history = history
    }

    // MARK: - Tab completion

    private static func tab(_ model: inout AppModel) -> [Effect] {
        if var completion = model.features.completion, completion.shown == model.bar.text, completion.candidates.count > 1 {
            completion.index = (completion.index + 1) % completion.candidates.count
            apply(&model, &completion)
            return []
        }
        let characters = Array(model.bar.text)
        let cursor = min(model.bar.cursor, characters.count)
        let before = String(characters[..<cursor])
        // The last one to four words before the cursor, longest first: "hardware st" → "Hardware Store".
        guard let last = before.last, !last.isWhitespace else {
            model.status = StatusMessage(text: "Tab completes list and item names: type their first letters.", isError: false)
            return []
        }
        let words = before.split(separator: " ", omittingEmptySubsequences: true)
        var fragments: [String] = []
        for count in stride(from: min(4, words.count), through: 1, by: -1) {
            let start = words[words.count - count].startIndex
            fragments.append(String(before[start...]))
        }
        model.features.completion = nil
        return [.feature(.complete(fragments: fragments, list: model.selectedList?.list.id))]
    }

    private static func complete(_ model: inout AppModel, _ fragment: String, _ candidates: [String]) {
        guard model.barPurpose != nil else { return }
        let characters = Array(model.bar.text)
        let cursor = min(model.bar.cursor, characters.count)
        let before = String(characters[..<cursor])
        guard !candidates.isEmpty, before.hasSuffix(fragment) else {
            model.status = StatusMessage(text: "No list or item name starts with “\(fragment)”.", isError: false)
            return
        }
        var completion = Completion(
            before: String(before.dropLast(fragment.count)), after: String(characters[cursor...]),
            candidates: candidates, index: 0, shown: "")
        apply(&model, &completion)
    }

    private static func apply(_ model: inout AppModel, _ completion: inout Completion) {
        let candidate = completion.candidates[completion.index]
        model.bar.setText(completion.before + candidate + completion.after)
        for _ in 0..<completion.after.count { _ = model.bar.handle(.left) }
        completion.shown = model.bar.text
        model.features.completion = completion
        if completion.candidates.count > 1 {
            let others = completion.candidates.enumerated().map { $0.offset == completion.index ? "[\($0.element)]" : $0.element }
            model.status = StatusMessage(text: "Tab: " + others.joined(separator: "  "), isError: false)
        } else {
            model.status = nil
        }
    }

    // MARK: - Actions

    static func perform(_ model: inout AppModel, _ action: Action) -> [Effect] {
        switch action {
        case .find:
            model.barPurpose = .find
            model.bar.clear()
            if let search = model.features.search { model.bar.setText(search) }
            model.status = nil
            return []
        case .nextMatch, .previousMatch:
            return nextList(&model, forward: action == .nextMatch)
        case .sortView:
            return cycleOrder(&model)
        case .sortList:
            guard !model.readOnly else { return readOnly(&model) }
            guard let list = model.selectedList?.list else { return [] }
            // The stored order is now the one viewed.
            model.features.order = nil
            return [.feature(.sortList(list.id))]
        case .moveTo:
            guard !model.readOnly else { return readOnly(&model) }
            return openMoveMenu(&model)
        default:
            return []
        }
    }

    private static func readOnly(_ model: inout AppModel) -> [Effect] {
        model.status = StatusMessage(text: "The database is read-only: nothing can be changed.", isError: true)
        return []
    }

    /// Enter in the "Find:" bar: an empty line ends the search.
    static func submitFind(_ model: inout AppModel, _ text: String) -> [Effect] {
        model.barPurpose = nil
        let query = String(text.prefix(ListStore.searchQueryLimit))
        guard !query.isEmpty else { return model.features.search == nil ? [] : endSearch(&model) }
        model.features.search = query
        model.features.allLists = model.features.allLists.isEmpty ? model.lists.map(\.list) : model.features.allLists
        return [refresh(model)]
    }

    private static func endSearch(_ model: inout AppModel) -> [Effect] {
        model.features.search = nil
        model.features.incomplete = false
        model.status = nil
        let target = Target(list: model.selectedList?.list.id, item: model.selectedItem?.id)
        return [.load(target)]
    }

    private static func nextList(_ model: inout AppModel, forward: Bool) -> [Effect] {
        guard let search = model.features.search else {
            model.status = StatusMessage(text: "Nothing to go to: f finds a word in every list first.", isError: false)
            return []
        }
        guard model.lists.count > 1, let current = model.listsView.selected else {
            model.status = StatusMessage(
                text: model.lists.isEmpty ? "No list has “\(search)”." : "Only this list has “\(search)”.", isError: false)
            return []
        }
        let next = (current + (forward ? 1 : -1) + model.lists.count) % model.lists.count
        model.listsView.select(next)
        model.status = StatusMessage(text: "\(model.lists[next].list.name): list \(next + 1) of \(model.lists.count) with “\(search)”", isError: false)
        return [refresh(model, list: model.lists[next].list.id)]
    }

    private static func cycleOrder(_ model: inout AppModel) -> [Effect] {
        let next: ItemOrder? = model.features.order == nil ? .nameDoneLast : nil
        if next != nil, model.features.search == nil, let summary = model.selectedList, summary.itemCount > sortLimit {
            model.status = StatusMessage(text: tooLong(summary.itemCount), isError: true)
            return []
        }
        model.features.order = next
        model.status = StatusMessage(text: next.map { "Showing the items \($0.phrase) (S sorts the list itself)" } ?? "Showing the items in their own order", isError: false)
        if next == nil, model.features.search == nil, let list = model.selectedList?.list.id {
            return [.load(Target(list: list, item: model.selectedItem?.id))]
        }
        return [refresh(model)]
    }

    static func tooLong(_ count: Int) -> String {
        "Lists over \(sortLimit) items are not sorted in view: S sorts this one for good."
    }

    private static func openMoveMenu(_ model: inout AppModel) -> [Effect] {
        guard model.focus == .items, let item = model.selectedItem, let from = model.itemsList else {
            model.status = StatusMessage(text: "m moves an item: open a list and pick the item first.", isError: false)
            return []
        }
        let lists = model.features.allLists.isEmpty ? model.lists.map(\.list) : model.features.allLists
        let targets = lists.filter { $0.id != from.id }
        guard !targets.isEmpty else {
            model.status = StatusMessage(text: "There is no other list to move \(item.name) to: add one first.", isError: true)
            return []
        }
        model.features.moveMenu = MoveMenu(item: item, from: from.id, targets: targets, menu: Menu(options: targets.map(\.name)))
        return []
    }

    // MARK: - Footer

    /// The footer's hints while a feature has the keyboard; nil otherwise.
    static func hints(_ model: AppModel) -> [KeyHint]? {
        if model.features.moveMenu != nil {
            return [KeyHint("↑↓", "choose"), KeyHint("1-9", "pick"), KeyHint("Enter", "move"), KeyHint("Esc", "cancel")]
        }
        switch model.barPurpose {
        case .command?:
            return [KeyHint("Enter", "send"), KeyHint("↑↓", "earlier"), KeyHint("Tab", "complete"), KeyHint("Esc", "cancel")]
        case .find?:
            return [KeyHint("Enter", "find"), KeyHint("Tab", "complete"), KeyHint("Esc", "cancel")]
        case .some:
            return nil
        case nil:
            break
        }
        guard model.question == nil else { return nil }
        if model.features.search == nil, model.lists.isEmpty, !model.readOnly {
            // The first run: only what can be done without a list.
            return [Action.add, .command, .help, .quit].compactMap { action in
                model.keymap.keys(for: action).first.map { KeyHint(KeyName.label(for: $0), action == .add ? "add a list" : action.hint) }
            }
        }
        guard model.features.search != nil else { return nil }
        let actions: [Action] = model.focus == .items
            ? [.toggle, .rename, .nextMatch, .previousMatch, .find, .moveTo, .undo, .help]
            : [.open, .nextMatch, .previousMatch, .find, .undo, .help]
        return [KeyHint("Esc", "show all")] + actions.compactMap { action in
            model.keymap.keys(for: action).first.map { KeyHint(KeyName.label(for: $0), action.hint) }
        }
    }
}
