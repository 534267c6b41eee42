import Foundation
import IntentKit
import ListStore
import TerminalKit

// The entry: a message in, the model updated, effects out. Each concern is a file of this folder.

/// The only place the model changes: a message in, the model updated, effects out.
public func update(_ model: inout AppModel, _ msg: Msg) -> [Effect] {
    var effects = handle(&model, msg)
    var storeRead = false
    if case .loaded = msg { storeRead = true }
    effects += CommandHistory.effects(&model.history, storeRead: storeRead)
    switch msg {
    case .loaded, .itemsLoaded, .failed:
        // What was just read is what there is: asking again could go on for ever.
        break
    default:
        // The window tops up when the rows the items pane shows now (after a key, a resize,
        // a change followed) are not all held, unless the message read the panes already.
        if !effects.contains(where: \.readsPanes), let request = windowToRead(model) { effects.append(.loadItems(request)) }
    }
    switch msg {
    case .loaded, .itemsChanged:
        // The store changed (or was read again after a change): the snippet shows the list as
        // it is now, its first rows only (a list may have 100,000 items). A list gone is
        // looked for too: an undo brings it back.
        if let list = model.snippetListID {
            effects.append(.loadSnippet(list: list, rows: model.snippetRows))
        }
    default:
        break
    }
    return effects
}

/// One case per message (over 60 lines: the switch reads best whole; each case is short or
/// calls the function of its concern).
func handle(_ model: inout AppModel, _ msg: Msg) -> [Effect] {
    switch msg {
    case .input(let event):
        return handleInput(&model, event)
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
        return [ItemsSource.read(model, target)]
    case .itemsChanged(let list, let change, let summary, let undoable):
        model.submittedName = nil
        model.status = StatusMessage(text: undoable ? "\(summary) — u to undo" : summary, isError: false)
        let followed = follow(&model, change)
        // Rows read whole (a search's, a view order's) are read again, once, from where the
        // change left the selection.
        if model.itemsReadWhole { return [ItemsSource.readAfter(model, change)] }
        switch followed {
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
        return reload ? [ItemsSource.read(model, nil)] : []
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
        model.snippetGone = false
        model.snippet = Snippet(
            title: window.summary.list.name, items: window.items.map { Snippet.Item(name: $0.name, done: $0.done) },
            id: snippet.id)
        model.snippetItemCount = window.summary.itemCount
        return []
    case .phraseAdded(let summary):
        model.status = StatusMessage(text: summary, isError: false)
        model.lastRequest = nil
        return []
    case .viewRead(let rows):
        ItemsSource.show(&model, rows)
        return []
    case .viewRefused(let message):
        return ItemOrder.refused(&model, message)
    case .completion(let completionMsg):
        Completion.update(&model, completionMsg)
        return []
    case .history(let historyMsg):
        CommandHistory.update(&model.history, historyMsg)
        return []
    }
}
