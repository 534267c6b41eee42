import Foundation
import IntentKit
import ListStore
import TerminalKit

// Moving the selection and the focus, and keeping each pane scrolled to its selection.

func move(_ model: inout AppModel, _ action: Action, _ rows: Int) -> [Effect] {
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
    switch model.screen.focus {
    case .lists:
        let before = model.selectedList?.list.id
        step(&model.listsPane.view)
        guard let now = model.selectedList?.list.id, now != before else { return [] }
        return [ItemsSource.read(model, list: now, index: model.itemsPane.view.selected ?? 0)]
    case .items:
        step(&model.itemsPane.view)
        return []
    case .assistant:
        return []
    }
}

func cycleFocus(_ model: inout AppModel) {
    switch LayoutKind.of(model.screen.size) {
    case .wide:
        model.screen.focus = model.screen.focus == .lists ? .items : model.screen.focus == .items ? .assistant : .lists
    case .medium, .narrow, .tooSmall:
        switch model.screen.focus {
        case .lists:
            model.screen.focus = .items
            model.assistant.shown = false
        case .items:
            model.screen.focus = .assistant
            model.assistant.shown = true
        case .assistant:
            model.screen.focus = .lists
            model.assistant.shown = false
        }
    }
}

/// Scrolls each pane on screen to its selection, no further than its rows fill. A pane not
/// shown (one at a time below 60 columns) keeps its place: scrolling it to a one-row view
/// would hide its first rows when it shows again.
func scrollIntoView(_ model: inout AppModel) {
    let layout = Layout.of(model)
    if layout.lists != nil { model.listsPane.view.scrollToSelection(visibleRows: Layout.contentRows(layout.lists)) }
    if layout.items != nil { model.itemsPane.view.scrollToSelection(visibleRows: Layout.contentRows(layout.items)) }
}
