import Foundation
import IntentKit
import ListStore
import TerminalKit

/// The only place the model changes: a message in, the model updated, effects out.
public func update(_ model: inout AppModel, _ msg: Msg) -> [Effect] {
    var effects = handle(&model, msg)
    effects += Features.after(&model, msg)
    switch msg {
    case .loaded, .itemsLoaded, .failed:
        // What was just read is what there is: asking again could go on for ever.
        break
    default:
        let reading = effects.contains {
            switch $0 {
            case .load, .loadItems: return true
            default: return false
            }
        }
        if !reading, let request = windowToRead(model) { effects.append(.loadItems(request)) }
    }
    switch msg {
    case .loaded, .itemsChanged:
        // The store changed (or was read again after a change): the snippet shows the list as
        // it is now, its first rows only (a list may have 100,000 items).
        if let list = model.snippetListID, !model.snippetGone {
            effects.append(.loadSnippet(list: list, rows: model.snippetRows))
        }
    default:
        break
    }
    return effects
}

private func handle(_ model: inout AppModel, _ msg: Msg) -> [Effect] {
    switch msg {
    case .input(let event):
        return handle(&model, event)
    case .tick:
        return model.sync == nil ? [.checkForChanges] : [.checkForChanges, .readSync]
    case .syncRead(let indicator, let now):
        syncRead(&model, indicator, now)
        return []
    case .loaded(let snapshot, let target):
        apply(&model, snapshot, target)
        return []
    case .itemsLoaded(let window):
        guard model.selectedList?.list.id == window.summary.list.id else { return [] }
        show(&model, window)
        return []
    case .changed(let summary, let undoable, let target):
        model.submittedName = nil
        model.status = StatusMessage(text: undoable ? "\(summary) — u to undo" : summary, isError: false)
        return [.load(target)]
    case .itemsChanged(let list, let change, let summary, let undoable):
        model.submittedName = nil
        model.status = StatusMessage(text: undoable ? "\(summary) — u to undo" : summary, isError: false)
        switch follow(&model, change) {
        case .followed:
            return []
        case .read(let request):
            return [.loadItems(request)]
        case .lost:
            if case .restored = change { return [.load(nil)] }
            return [.load(Target(list: list, item: nil))]
        }
    case .failed(let message, let reload):
        model.status = StatusMessage(text: message, isError: true)
        if let (purpose, text) = model.submittedName {
            // Refused: the name comes back to be corrected, not typed again.
            model.submittedName = nil
            model.barPurpose = purpose
            model.bar.setText(text)
        }
        return reload ? [.load(nil)] : []
    case .turn(let turn, let conversation, let completed, let added):
        // Only right after a request it completed: any other turn takes the offer away.
        model.lastRequest = completed
        return receive(&model, turn, conversation, added: added)
    case .suggested(let suggestions):
        model.suggestions = suggestions
        return []
    case .snippetLoaded(let list, let window):
        guard let snippet = model.snippet, model.snippetListID == list else { return [] }
        guard let window else {
            model.snippetGone = true
            return []
        }
        model.snippet = Snippet(
            title: window.summary.list.name, items: window.items.map { Snippet.Item(name: $0.name, done: $0.done) },
            id: snippet.id)
        model.snippetItemCount = window.summary.itemCount
        return []
    case .phraseAdded(let summary):
        model.status = StatusMessage(text: summary, isError: false)
        model.lastRequest = nil
        return []
    case .feature(let featureMsg):
        return Features.update(&model, featureMsg)
    }
}

// MARK: - Input

private func handle(_ model: inout AppModel, _ event: InputEvent) -> [Effect] {
    switch event {
    case .resize(let size):
        model.size = size
        scrollIntoView(&model)
        return []
    case .paste(let text):
        return paste(&model, text)
    case .mouse(let action, let x, let y):
        return mouse(&model, action, x, y)
    case .hangUp:
        model.quitting = true
        return [.quit]
    case .key(let key):
        if key == .control("c") {
            model.quitting = true
            return [.quit]
        }
        if let summary = model.confirmingDelete {
            model.confirmingDelete = nil
            if key == .character("y") || key == .character("Y") { return [.deleteList(summary.list.id)] }
            model.status = StatusMessage(text: "Kept \(summary.list.name).", isError: false)
            return []
        }
        if model.showingHelp {
            // ↑↓ PgUp PgDn g G scroll it when it does not fit; any other key closes it (and is
            // not acted on).
            let page = max(1, model.size.height - 3)
            switch model.keymap.action(for: key) {
            case .up?: model.helpScroll -= 1
            case .down?: model.helpScroll += 1
            case .pageUp?: model.helpScroll -= page
            case .pageDown?: model.helpScroll += page
            case .top?: model.helpScroll = 0
            case .bottom?: model.helpScroll = View.helpLineCount(model)
            default:
                model.showingHelp = false
                return []
            }
            model.helpScroll = min(max(0, model.helpScroll), View.helpScrollLimit(model))
            return []
        }
        if let effects = Features.key(&model, key) { return effects }
        if let question = model.question, model.barPurpose == nil || model.barPurpose == .answer {
            if let effects = answer(&model, question, key) { return effects }
        }
        if model.barPurpose != nil { return edit(&model, key) }
        model.status = nil
        guard let action = model.keymap.action(for: key) else { return suggestion(&model, key) }
        return perform(&model, action)
    }
}

/// A paste is text for whatever is being typed, never keys to run. Names follow one rule
/// everywhere (the store's, which the CLI and imports obey too): no control characters. A
/// paste holding one (an escape sequence, a bell) is refused whole, in the footer, naming
/// it; line breaks separate lines and tabs become spaces. Into "add items" each line is an
/// item (what was typed before the paste starts the first); elsewhere the lines join with
/// spaces.
private func paste(_ model: inout AppModel, _ text: String) -> [Effect] {
    guard let purpose = model.barPurpose else {
        model.status = StatusMessage(text: "Nothing to paste into: press / to ask, or a to add, first.", isError: true)
        return []
    }
    if let scalar = TextInput.forbiddenInPaste(text) {
        let code = String(scalar.value, radix: 16, uppercase: true)
        let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
        model.status = StatusMessage(
            text: "Not pasted: names cannot contain control characters (found U+\(padded)).", isError: true)
        return []
    }
    let lines = TextInput.lines(of: text)
    guard case .newItem(let list) = purpose, lines.count > 1 else {
        model.bar.insert(text)
        return []
    }
    var names = lines
    names[0] = model.bar.text + names[0]
    names = names.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    // A line the store would refuse (too long) refuses the paste here, before the bar is
    // emptied: what was typed before it stays.
    for name in names {
        do throws(StoreError) {
            _ = try NameRules.validate(name, kind: "item")
        } catch {
            model.status = StatusMessage(text: "Not pasted: \(error)", isError: true)
            return []
        }
    }
    model.bar.clear()
    return names.isEmpty ? [] : [.addItems(list: list, names)]
}

/// Keys for a question shown in the panel; nil when the key is not for it.
private func answer(_ model: inout AppModel, _ question: AssistantQuestion, _ key: Key) -> [Effect]? {
    switch question {
    case .menu(var menu):
        switch menu.handle(key) {
        case .chose(let index):
            model.question = nil
            return [.converse(.pick(index))]
        case .cancelled:
            model.question = nil
            return [.converse(.cancel)]
        case .moved:
            model.question = .menu(menu)
            return []
        case .ignored:
            return key == .character("/") || key == .character(":") ? nil : startRequest(&model, key)
        }
    case .yesNo(let enterMeansYes):
        switch key {
        case .character("y"), .character("Y"):
            model.question = nil
            return [.converse(.yes)]
        case .enter where enterMeansYes:
            model.question = nil
            return [.converse(.yes)]
        case .character("n"), .character("N"), .enter:
            model.question = nil
            return [.converse(.no)]
        case .escape:
            model.question = nil
            return [.converse(.cancel)]
        case .character("/"), .character(":"):
            return nil
        default:
            return startRequest(&model, key)
        }
    case .value:
        // The bar takes the answer; Esc there cancels.
        return nil
    }
}

/// A letter typed while a question waits that is not an answer to it: the start of a new
/// request, typed into the command bar (where Enter sends it and the assistant starts over,
/// or takes it as the answer when it is one: "yes"). Nothing typed is dropped unseen, and a
/// "y" inside "show my" answers nothing. Other keys (arrows, Tab) do nothing.
private func startRequest(_ model: inout AppModel, _ key: Key) -> [Effect] {
    guard case .character(let character) = key, !character.isWhitespace else { return [] }
    startEditing(&model, .command)
    _ = model.bar.handle(key)
    return []
}

/// Keys while the command bar is being typed in.
private func edit(_ model: inout AppModel, _ key: Key) -> [Effect] {
    guard let purpose = model.barPurpose else { return [] }
    // Enter on an empty line ends what the bar was doing (the editor itself ignores it).
    if key == .enter, model.bar.text.isEmpty { return submit(&model, purpose, "") }
    switch model.bar.handle(key) {
    case .submitted(let text):
        return submit(&model, purpose, text.trimmingCharacters(in: .whitespaces))
    case .cancelled:
        model.barPurpose = nil
        model.bar.clear()
        if purpose == .answer || (purpose == .command && model.conversation.isWaiting) {
            model.question = nil
            return [.converse(.cancel)]
        }
        return []
    case .edited, .moved, .ignored:
        return []
    }
}

private func submit(_ model: inout AppModel, _ purpose: BarPurpose, _ text: String) -> [Effect] {
    switch purpose {
    case .command, .answer:
        guard !text.isEmpty else {
            if purpose == .command { model.barPurpose = nil }
            return []
        }
        model.barPurpose = nil
        say(&model, .person, text)
        model.question = nil
        return [.converse(.utterance(text))]
    case .newList:
        model.barPurpose = nil
        guard !text.isEmpty else { return [] }
        model.submittedName = (purpose, text)
        return [.createList(text)]
    case .newItem(let list):
        // Stay in "add" for the next item; an empty line (or Esc) ends it.
        guard !text.isEmpty else {
            model.barPurpose = nil
            return []
        }
        return [.addItems(list: list, [text])]
    case .renameList(let id):
        model.barPurpose = nil
        guard !text.isEmpty else { return [] }
        model.submittedName = (purpose, text)
        return [.renameList(id, text)]
    case .renameItem(let list, let item):
        model.barPurpose = nil
        guard !text.isEmpty else { return [] }
        model.submittedName = (purpose, text)
        return [.renameItem(list: list, item: item, text)]
    case .newPhrase:
        model.barPurpose = nil
        guard !text.isEmpty, let request = model.lastRequest?.request else { return [] }
        return [.addPhrase(text, for: request)]
    case .find:
        return Features.submitFind(&model, text)
    }
}

/// A digit runs that suggestion (when the digit is no key of the keymap's), only while the
/// panel shows it: a suggestion nobody can see never runs.
private func suggestion(_ model: inout AppModel, _ key: Key) -> [Effect] {
    guard case .character(let c) = key, let n = c.wholeNumberValue, n >= 1, model.suggestions.indices.contains(n - 1),
          !model.readOnly else { return [] }
    guard View.shownSuggestions(model) >= n else {
        model.status = StatusMessage(
            text: "Suggestion \(n) is not on screen: Tab shows the assistant panel.", isError: true)
        return []
    }
    let chosen = model.suggestions[n - 1]
    say(&model, .person, chosen.title)
    return [.run(chosen)]
}

private func startEditing(_ model: inout AppModel, _ purpose: BarPurpose, text: String = "") {
    model.barPurpose = purpose
    model.bar.clear()
    if !text.isEmpty { model.bar.setText(text) }
    model.status = nil
}

// MARK: - Actions

private func perform(_ model: inout AppModel, _ action: Action) -> [Effect] {
    let rows = Layout.contentRows(model.focus == .items ? Layout.of(model).items : Layout.of(model).lists)
    switch action {
    case .quit:
        model.quitting = true
        return [.quit]
    case .help:
        model.showingHelp = true
        model.helpScroll = 0
        return []
    case .command:
        startEditing(&model, model.question.map { if case .value = $0 { return .answer } else { return .command } } ?? .command)
        return []
    case .addPhrase:
        guard model.lastRequest != nil else {
            model.status = StatusMessage(text: "Ask the assistant something first: a phrase runs a request it completed.", isError: true)
            return []
        }
        if model.readOnly { return readOnly(&model) }
        startEditing(&model, .newPhrase)
        return []
    case .copyAnswer:
        guard let answer = model.transcript.last(where: { $0.speaker == .assistant })?.text else {
            model.status = StatusMessage(text: "Nothing to copy: the assistant has not answered yet.", isError: true)
            return []
        }
        model.status = StatusMessage(text: "Copied the assistant's last answer (if your terminal allows OSC 52).", isError: false)
        return [.copyToClipboard(answer)]
    case .cycleFocus:
        cycleFocus(&model)
        scrollIntoView(&model)
        return []
    case .undo:
        return model.readOnly ? readOnly(&model) : [.undo]
    case .redo:
        return model.readOnly ? readOnly(&model) : [.redo]
    case .up, .down, .top, .bottom, .pageUp, .pageDown:
        if model.focus == .assistant {
            scrollPanel(&model, action)
            return []
        }
        return move(&model, action, rows)
    case .open:
        guard model.focus == .lists, let list = model.selectedList?.list else { return [] }
        model.focus = .items
        model.panelShown = false
        scrollIntoView(&model)
        return model.readOnly ? [] : [.donateShow(list: list.id)]
    case .back:
        if model.focus == .items || model.focus == .assistant {
            model.focus = .lists
            model.panelShown = false
            scrollIntoView(&model)
        }
        return []
    case .add, .rename, .delete, .toggle, .copy, .reset:
        if model.focus == .assistant {
            // The panel holds no lists or items to change: say where they are.
            model.status = StatusMessage(
                text: "The assistant panel: ↑↓ scroll, / ask. Esc goes back to the lists.", isError: true)
            return []
        }
        guard !model.readOnly else { return readOnly(&model) }
        return change(&model, action)
    case .find, .nextMatch, .previousMatch, .sortView, .sortList, .moveTo:
        return Features.perform(&model, action)
    case .sync:
        return syncKey(&model)
    }
}

// MARK: - Sync

/// The sync key: sync now, when sync is set up; a failure shown in the footer is said whole.
private func syncKey(_ model: inout AppModel) -> [Effect] {
    guard var shown = model.sync else {
        model.status = StatusMessage(text: "Sync is not set up: see docs/sync.md.", isError: true)
        return []
    }
    shown.requested = true
    model.sync = shown
    switch shown.indicator.activity {
    case .failed(let reason):
        model.status = StatusMessage(text: "Sync failed: \(SyncShown.sentence(reason)) Trying again…", isError: true)
    case .syncing:
        model.status = StatusMessage(text: "Syncing already; what it did shows here when it ends.", isError: false)
    case .idle:
        model.status = StatusMessage(text: "Syncing…", isError: false)
    }
    return [.syncNow]
}

/// The sync's state read again. When a sync has just ended, the message line says which
/// changes lost a conflict, or, after the sync key, what the sync did or why it failed.
private func syncRead(_ model: inout AppModel, _ indicator: SyncIndicator, _ now: Date) {
    guard var shown = model.sync else { return }
    let ended = indicator.finished != shown.indicator.finished
    shown.indicator = indicator
    shown.now = now
    if ended {
        var message: StatusMessage?
        if let first = indicator.conflicts.first {
            let more = indicator.conflicts.count - 1
            let text = App.sentence(first) + (more > 0 ? " (and \(more) more: listomat sync --status)" : "")
            message = StatusMessage(text: Sanitizer.sanitized(text), isError: false)
        } else if shown.requested {
            switch indicator.activity {
            case .failed(let reason):
                message = StatusMessage(text: Sanitizer.sanitized("Sync failed: " + SyncShown.sentence(reason)), isError: true)
            default:
                message = StatusMessage(text: Sanitizer.sanitized(indicator.summary ?? "Synced."), isError: false)
            }
        }
        shown.requested = false
        // Not over what the person is typing or answering.
        if let message, model.barPurpose == nil, model.confirmingDelete == nil { model.status = message }
    }
    model.sync = shown
}

private func readOnly(_ model: inout AppModel) -> [Effect] {
    model.status = StatusMessage(text: "The database is read-only: nothing can be changed.", isError: true)
    return []
}

private func move(_ model: inout AppModel, _ action: Action, _ rows: Int) -> [Effect] {
    func step(_ view: inout ListView) {
        let current = view.selected ?? 0
        let target: Int
        switch action {
        case .up: target = current - 1
        case .down: target = current + 1
        case .top: target = 0
        case .bottom: target = view.count - 1
        case .pageUp: target = current - rows
        default: target = current + rows
        }
        view.select(target)
        view.scrollToSelection(visibleRows: rows)
    }
    switch model.focus {
    case .lists:
        let before = model.selectedList?.list.id
        step(&model.listsView)
        guard let now = model.selectedList?.list.id, now != before else { return [] }
        return [.loadItems(windowRequest(model, list: now, index: model.itemsView.selected ?? 0))]
    case .items:
        step(&model.itemsView)
        return []
    case .assistant:
        return []
    }
}

private func change(_ model: inout AppModel, _ action: Action) -> [Effect] {
    let list = model.selectedList?.list
    let onItems = model.focus == .items
    switch action {
    case .add:
        if onItems, let list {
            startEditing(&model, .newItem(list: list.id))
        } else {
            startEditing(&model, .newList)
        }
        return []
    case .rename:
        if onItems, let list, let item = model.selectedItem {
            startEditing(&model, .renameItem(list: list.id, item: item.id), text: item.name)
        } else if !onItems, let list {
            startEditing(&model, .renameList(list.id), text: list.name)
        }
        return []
    case .delete:
        if onItems, let list, let item = model.selectedItem { return [.deleteItem(list: list.id, item: item.id)] }
        // A whole list (and every item on it) goes only after a y.
        if !onItems, let summary = model.selectedList {
            model.confirmingDelete = summary
            return []
        }
        return []
    case .toggle:
        if onItems, let list, let item = model.selectedItem { return [.setDone(list: list.id, item: item.id, !item.done)] }
        if !onItems, model.selectedList != nil {
            model.focus = .items
            return []
        }
        return []
    case .copy:
        return list.map { [.copyList($0.id)] } ?? []
    case .reset:
        return list.map { [.resetList($0.id)] } ?? []
    default:
        return []
    }
}

private func cycleFocus(_ model: inout AppModel) {
    switch LayoutKind.of(model.size) {
    case .wide:
        model.focus = model.focus == .lists ? .items : model.focus == .items ? .assistant : .lists
    case .medium, .narrow, .tooSmall:
        switch model.focus {
        case .lists:
            model.focus = .items
            model.panelShown = false
        case .items:
            model.focus = .assistant
            model.panelShown = true
        case .assistant:
            model.focus = .lists
            model.panelShown = false
        }
    }
}

private func mouse(_ model: inout AppModel, _ action: MouseAction, _ x: Int, _ y: Int) -> [Effect] {
    let layout = Layout.of(model)
    let point = Point(x: x, y: y)
    func contains(_ rect: Rect?) -> Bool {
        guard let rect else { return false }
        return x >= rect.x && x < rect.maxX && y >= rect.y && y < rect.maxY
    }
    let pane: Pane? = contains(layout.lists) ? .lists : contains(layout.items) ? .items : contains(layout.panel) ? .assistant : nil
    guard let pane else { return [] }
    switch action {
    case .wheelUp, .wheelDown:
        model.focus = pane
        if pane == .assistant {
            scrollPanel(&model, action == .wheelUp ? .up : .down)
            return []
        }
        return move(&model, action == .wheelUp ? .up : .down, Layout.contentRows(pane == .items ? layout.items : layout.lists))
    case .press:
        model.focus = pane
        guard let rect = pane == .lists ? layout.lists : pane == .items ? layout.items : nil else { return [] }
        let row = point.y - rect.y - 1
        guard row >= 0, row < rect.height - 2 else { return [] }
        if pane == .lists {
            let before = model.selectedList?.list.id
            model.listsView.select(model.listsView.visibleRange(rows: rect.height - 2).lowerBound + row)
            if let now = model.selectedList?.list.id, now != before {
                return [.loadItems(windowRequest(model, list: now, index: model.itemsView.selected ?? 0))]
            }
        } else {
            model.itemsView.select(model.itemsView.visibleRange(rows: rect.height - 2).lowerBound + row)
        }
        return []
    }
}

// MARK: - Results

private func apply(_ model: inout AppModel, _ snapshot: StoreSnapshot, _ target: Target?) {
    // The list whose items were read is the one selected: the title and the rows are of one list.
    let keepList = snapshot.items?.summary.list.id ?? target?.list ?? model.selectedList?.list.id
    model.lists = snapshot.lists
    model.listsView.count = snapshot.lists.count
    if let keepList, let index = snapshot.lists.firstIndex(where: { $0.list.id == keepList }) {
        model.listsView.select(index)
    } else {
        model.listsView.select(model.listsView.selected ?? 0)
    }
    if let window = snapshot.items {
        show(&model, window)
    } else {
        model.itemsList = nil
        model.items = []
        model.itemsStart = 0
        model.itemsView.count = 0
    }
    if target?.openItems == true, model.selectedList != nil {
        model.focus = .items
        if LayoutKind.of(model.size) != .wide { model.panelShown = false }
    }
    if model.selectedList == nil, model.focus == .items { model.focus = .lists }
    scrollIntoView(&model)
}

/// Shows a window read from the store: its rows, its list's counts, the item it kept
/// selected (else the same row as before).
private func show(_ model: inout AppModel, _ window: ItemWindow) {
    model.itemsList = window.summary.list
    model.items = window.items
    model.itemsStart = window.start
    if let index = model.lists.firstIndex(where: { $0.list.id == window.summary.list.id }) {
        model.lists[index] = window.summary
    }
    model.itemsView.count = window.summary.itemCount
    model.itemsView.select(window.keptIndex ?? model.itemsView.selected ?? 0)
    scrollIntoView(&model)
}

/// How many rows a window holds beyond those on screen, on each side, in pages of the
/// terminal's height: the store is read again only after scrolling this far.
private let windowMargin = 3

private func page(_ model: AppModel) -> Int { max(10, model.size.height) }

/// Rows of `list` to read around row `index` (or `item`): the screen and its margin on
/// either side.
func windowRequest(_ model: AppModel, list: UUID, index: Int, item: UUID? = nil) -> WindowRequest {
    let rows = page(model) * windowMargin
    return WindowRequest(list: list, index: index, item: item, before: rows, after: rows, known: nil)
}

/// The rows to read when the window does not hold every row the items pane may show (the
/// selection, and a screen's height from the first row shown). Read a little behind and
/// far ahead in the direction scrolled.
private func windowToRead(_ model: AppModel) -> WindowRequest? {
    guard let list = model.itemsList?.id, list == model.selectedList?.list.id,
          let selected = model.itemsView.selected else { return nil }
    let rows = page(model)
    let lower = min(model.itemsView.offset, selected)
    let upper = min(model.itemsView.count, max(model.itemsView.offset + rows, selected + 1))
    let held = model.itemsStart ..< model.itemsStart + model.items.count
    if held.lowerBound <= lower, upper <= held.upperBound { return nil }
    var request = lower >= held.lowerBound
        ? WindowRequest(list: list, index: lower, item: nil, before: rows, after: rows * (2 * windowMargin - 1), known: nil)
        : WindowRequest(list: list, index: upper, item: nil, before: rows * (2 * windowMargin - 1), after: rows, known: nil)
    if !held.isEmpty {
        let start = max(0, request.index - request.before)
        let nearest = min(max(start, held.lowerBound), held.upperBound - 1)
        request.known = KnownRow(index: nearest, position: model.items[nearest - model.itemsStart].position)
    }
    return request
}

/// What following a change did.
private enum Followed {
    case followed
    /// Followed, but the item to select is outside the window: read around it.
    case read(WindowRequest)
    /// The panes do not hold what the change started from: read the store again.
    case lost
}

/// Applies a change to items to the panes: the counts of the lists they are on, and the
/// window when they are on the list shown (rows before it move it, rows after it only
/// count). Changes nothing when the panes do not hold what the change started from.
private func follow(_ model: inout AppModel, _ change: ItemChange) -> Followed {
    var rows: [RowChange<ListItem>]
    var select: UUID?
    switch change {
    case .added(let added):
        rows = added.map { RowChange(before: nil, after: $0) }
        select = added.first?.id
    case .updated(let updated):
        rows = []
        for item in updated {
            guard item.listID == model.itemsListID, let old = model.items.first(where: { $0.id == item.id }) else { return .lost }
            rows.append(RowChange(before: old, after: item))
        }
    case .removed(let removed):
        rows = removed.map { RowChange(before: $0, after: nil) }
    case .restored(let restored):
        rows = restored
    }
    var next = model
    var window = FollowedWindow(items: model.items, start: model.itemsStart, count: model.itemsView.count)
    let shown = model.itemsListID
    for row in rows {
        for (item, sign) in [(row.before, -1), (row.after, 1)] {
            guard let item else { continue }
            guard let index = next.lists.firstIndex(where: { $0.list.id == item.listID }) else { return .lost }
            next.lists[index].itemCount += sign
            next.lists[index].completedCount += item.done ? sign : 0
            if item.listID == shown {
                guard sign < 0 ? window.remove(item) : window.insert(item) else { return .lost }
            }
        }
    }
    let keep = select ?? model.selectedItem?.id
    next.items = window.items
    next.itemsStart = window.start
    next.itemsView.count = window.count
    var result = Followed.followed
    if let keep, let index = next.items.firstIndex(where: { $0.id == keep }) {
        next.itemsView.select(next.itemsStart + index)
    } else {
        next.itemsView.select(model.itemsView.selected ?? 0)
        if let select, let list = shown { result = .read(windowRequest(next, list: list, index: next.itemsView.selected ?? 0, item: select)) }
    }
    model = next
    scrollIntoView(&model)
    return result
}

/// The window's rows while a change is followed: where a row goes, by its position.
private struct FollowedWindow {
    var items: [ListItem]
    var start: Int
    /// The rows of the list.
    var count: Int

    private enum Place { case before, inside, after }

    /// Where a row at `position` is: before the rows held, among them, or after them. Nil
    /// when it cannot be told (the window holds none of a list's rows).
    private func place(_ position: Double) -> Place? {
        if items.isEmpty { return count == 0 ? .inside : nil }
        if start > 0, position < items[0].position { return .before }
        if start + items.count < count, position > items[items.count - 1].position { return .after }
        return .inside
    }

    mutating func remove(_ item: ListItem) -> Bool {
        guard count > 0, let place = place(item.position) else { return false }
        switch place {
        case .before: start -= 1
        case .after: break
        case .inside:
            guard let index = items.firstIndex(where: { $0.id == item.id }) else { return false }
            items.remove(at: index)
        }
        count -= 1
        return true
    }

    mutating func insert(_ item: ListItem) -> Bool {
        guard let place = place(item.position) else { return false }
        switch place {
        case .before: start += 1
        case .after: break
        case .inside:
            // After the last row with a lower position (the TUI adds at the end).
            let index = items.lastIndex { $0.position <= item.position }.map { $0 + 1 } ?? 0
            items.insert(item, at: index)
        }
        count += 1
        return true
    }
}

/// Scrolls each pane on screen to its selection, no further than its rows fill. A pane not
/// shown (one at a time below 60 columns) keeps its place: scrolling it to a one-row view
/// would hide its first rows when it shows again.
private func scrollIntoView(_ model: inout AppModel) {
    let layout = Layout.of(model)
    if layout.lists != nil { model.listsView.scrollToSelection(visibleRows: Layout.contentRows(layout.lists)) }
    if layout.items != nil { model.itemsView.scrollToSelection(visibleRows: Layout.contentRows(layout.items)) }
}

/// Scrolls the panel's transcript: ↑↓ a line, PgUp PgDn a page, g/Home the oldest, G/End the
/// newest. `View` clamps it to what there is.
private func scrollPanel(_ model: inout AppModel, _ action: Action) {
    let page = max(1, (Layout.of(model).panel?.height ?? model.size.height) - 3)
    let limit = View.panelScrollLimit(model)
    switch action {
    case .up: model.panelScroll += 1
    case .down: model.panelScroll -= 1
    case .pageUp: model.panelScroll += page
    case .pageDown: model.panelScroll -= page
    case .top: model.panelScroll = limit
    default: model.panelScroll = 0
    }
    model.panelScroll = min(max(0, model.panelScroll), limit)
}

private func say(_ model: inout AppModel, _ speaker: TranscriptEntry.Speaker, _ text: String) {
    model.panelScroll = 0
    model.transcript.append(TranscriptEntry(speaker: speaker, text: text))
    if model.transcript.count > AppModel.transcriptLimit {
        model.transcript.removeFirst(model.transcript.count - AppModel.transcriptLimit)
    }
}

/// The assistant's turn: its question in place, or its answer and the panes moved to
/// what it touched.
private func receive(_ model: inout AppModel, _ turn: Turn, _ conversation: Conversation, added: UUID? = nil) -> [Effect] {
    model.conversation = conversation
    say(&model, .assistant, turn.response)
    model.questionText = turn.response
    let layout = LayoutKind.of(model.size)
    // "Grocery Store has no item “x”. Which item?" waits for a better value just as a
    // missing value does: the bar asks for it (and a new command there starts over).
    let state = turn.state == .unsupported && conversation.isWaiting ? .needsValue : turn.state
    switch state {
    case .disambiguation:
        model.question = .menu(Menu(options: turn.options))
        model.focus = .assistant
        model.panelShown = true
        return []
    case .confirmation:
        // A yes that lets a change happen (a destructive request, a guess at what was meant,
        // "did you mean Grocery Store?" for a reset) is only y; Enter is yes only where the
        // request merely shows something.
        if case .confirmIntent? = conversation.question {
            model.question = .yesNo(enterMeansYes: false)
        } else {
            model.question = .yesNo(enterMeansYes: !turn.changesData)
        }
        model.focus = .assistant
        model.panelShown = true
        return []
    case .needsValue:
        model.question = .value
        model.barPurpose = .answer
        model.bar.clear()
        if layout != .wide { model.panelShown = true }
        return []
    case .completed, .failed, .unsupported, .notUnderstood, .ready:
        model.question = nil
        if model.barPurpose == .answer { model.barPurpose = nil }
        model.status = StatusMessage(text: turn.response, isError: turn.state != .completed)
        if var snippet = turn.snippet {
            model.snippetItemCount = snippet.items.count
            model.snippetGone = false
            snippet.items = Array(snippet.items.prefix(model.snippetRows))
            model.snippet = snippet
        }
        if turn.state == .completed {
            let list = turn.snippet?.id.flatMap { UUID(key: $0) }
            if layout != .wide { model.panelShown = false }
            // What was just done changes what to suggest (not in a key press: this is a request).
            return [.load(Target(list: list, item: added, openItems: list != nil)), .suggest]
        }
        if model.focus == .assistant, layout != .wide { model.focus = .lists }
        return []
    }
}
