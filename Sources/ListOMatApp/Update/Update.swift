import Foundation
import IntentKit
import ListStore
import TerminalKit

// The entry: a message in, the model updated, effects out. Each concern is a file of this folder.

/// The only place the model changes: a message in, the model updated, effects out. One case
/// per message; each returns everything it asks for, the reads that follow it included: a
/// message that read the store, or changed it and reads it again, says what to read; after any
/// other, the window tops up when the rows the items pane shows are not all held
/// (`ItemsSource.topUp`). Over 60 lines: the switch reads best whole; each case is short or
/// calls the function of its concern.
public func update(_ model: inout AppModel, _ msg: Msg) -> [Effect] {
    switch msg {
    case .input(let event):
        let effects = handleInput(&model, event)
        return effects + CommandHistory.effects(&model.commandBar.history, storeRead: false) + ItemsSource.topUp(model)
    case .tick:
        return (model.sync == nil ? [.checkForChanges] : [.checkForChanges, .readSync]) + ItemsSource.topUp(model)
    case .syncRead(let indicator, let now):
        syncRead(&model, indicator, now)
        return ItemsSource.topUp(model)
    case .loaded(let snapshot, let target):
        // What was just read is what there is: the window is not read again (asking again
        // could go on for ever).
        apply(&model, snapshot, target)
        return CommandHistory.effects(&model.commandBar.history, storeRead: true) + snippetRead(model)
    case .itemsLoaded(let window):
        guard model.selectedList?.list.id == window.summary.list.id else { return [] }
        show(&model, window)
        return []
    case .changed(let summary, let undoable, let target):
        model.commandBar.submittedName = nil
        model.status = StatusMessage(text: undoable ? model.screen.words("status.undo", ["summary": .text(summary)]) : summary, isError: false)
        return [ItemsSource.read(model, target)]
    case .itemsChanged(let list, let change, let summary, let undoable):
        model.commandBar.submittedName = nil
        model.status = StatusMessage(text: undoable ? model.screen.words("status.undo", ["summary": .text(summary)]) : summary, isError: false)
        return readAfter(&model, list, change) + snippetRead(model)
    case .failed(let message, let reload):
        model.status = StatusMessage(text: message, isError: true)
        if let (purpose, text) = model.commandBar.submittedName {
            // Refused: the name comes back to be corrected, not typed again.
            model.commandBar.submittedName = nil
            model.commandBar.purpose = purpose
            model.commandBar.input.setText(text)
        }
        return reload ? [ItemsSource.read(model, nil)] : []
    case .turn(let turn, let conversation, let completed, let added):
        // Only right after a request it completed: any other turn takes the offer away.
        model.assistant.lastRequest = completed
        return receive(&model, turn, conversation, added: added)
    case .suggested(let suggestions):
        model.assistant.suggestions = suggestions
        return ItemsSource.topUp(model)
    case .snippetLoaded(let list, let window):
        showSnippet(&model, list, window)
        return ItemsSource.topUp(model)
    case .phraseAdded(let summary):
        model.status = StatusMessage(text: summary, isError: false)
        model.assistant.lastRequest = nil
        return ItemsSource.topUp(model)
    case .viewRead(let rows):
        ItemsSource.show(&model, rows)
        return ItemsSource.topUp(model)
    case .viewRefused(let message):
        return ItemOrder.refused(&model, message)
    case .completion(let completionMsg):
        // Candidates that arrive after the bar closed complete nothing.
        if model.commandBar.purpose != nil {
            model.status = Completion.update(
                &model.commandBar.completion, completionMsg, bar: &model.commandBar.input, words: model.screen.words)
        }
        return ItemsSource.topUp(model)
    case .history(let historyMsg):
        CommandHistory.update(&model.commandBar.history, historyMsg)
        return ItemsSource.topUp(model)
    }
}

/// The store changed (or was read again after a change): the snippet shows the list as it is
/// now, its first rows only (a list may have 100,000 items). A list gone is looked for too:
/// an undo brings it back.
func snippetRead(_ model: AppModel) -> [Effect] {
    guard let list = model.assistant.snippetListID else { return [] }
    return [.loadSnippet(list: list, rows: model.snippetRows)]
}

/// Items changed: followed in the panes, then what to read. Rows read whole (a search's, a
/// view order's) are read again, once, from where the change left the selection; a window
/// followed tops up like after any other message.
func readAfter(_ model: inout AppModel, _ list: UUID, _ change: ItemChange) -> [Effect] {
    let followed = follow(&model, change)
    if model.itemsReadWhole { return [ItemsSource.readAfter(model, change)] }
    switch followed {
    case .followed:
        return ItemsSource.topUp(model)
    case .read(let request):
        return [.loadItems(request)]
    case .lost:
        if case .restored = change { return [.load(nil)] }
        return [.load(Target(list: list, item: nil))]
    }
}

/// The snippet's list read again: its first rows, or nil when it is gone.
func showSnippet(_ model: inout AppModel, _ list: UUID, _ window: ItemWindow?) {
    guard let snippet = model.assistant.snippet, model.assistant.snippetListID == list else { return }
    guard let window else {
        model.assistant.snippetGone = true
        return
    }
    model.assistant.snippetGone = false
    model.assistant.snippet = Snippet(
        title: window.summary.list.name, items: window.items.map { Snippet.Item(name: $0.name, done: $0.done) },
        id: snippet.id)
    model.assistant.snippetItemCount = window.summary.itemCount
}
