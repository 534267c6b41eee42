import Foundation
import ListStore
import TerminalKit

/// What the runtime reads for the panes while a search or a view order is in force: the
/// lists (those found), and the rows of one list whole (bounded), not a window.
public struct ViewRequest: Sendable, Equatable {
    package var list: UUID?
    /// The lists pane's row to fall back to when `list` is not among the lists shown.
    package var listIndex: Int
    package var search: String?
    package var order: ItemOrder?
    /// Leave out the checked items (`H`).
    package var hideChecked = false
    /// The item to keep selected, else the row `index`.
    package var keep: UUID?
    package var index: Int
}

/// The rows read for a `ViewRequest`.
public struct ViewRows: Sendable, Equatable {
    package var request: ViewRequest
    /// The lists to show: all, or those a search found.
    package var lists: [ListSummary]
    /// Every list (where "move to" may send an item).
    package var allLists: [TaskList]
    /// The list shown and its rows (nil: none to show).
    package var list: ListSummary?
    package var items: [ListItem]
    package var complete: Bool
}

/// The one place that decides how the panes are read: a window on the stored order of the
/// list shown (`Effect.load`, `Effect.loadItems`), or, while a search or a view order is in
/// force, the lists and the list's rows read whole (`Effect.readView`). Every read the
/// panes ask for goes through here, so a change is read once, in the way the pane shows it.
enum ItemsSource {
    /// Reads the lists and the items pane again (after a change, or to go to `target`).
    static func read(_ model: AppModel, _ target: Target?) -> Effect {
        guard model.itemsReadWhole else { return .load(target) }
        return view(model, list: target?.list, keep: target?.item ?? model.selectedItem?.id)
    }

    /// The window topped up, after a message that read nothing for the panes: the rows the
    /// items pane shows now (after a key, a resize, a change followed) when they are not all
    /// held. Rows read whole are all held: they never top up (a window is of the stored order).
    static func topUp(_ model: AppModel) -> [Effect] {
        guard !model.itemsReadWhole, let request = windowToRead(model) else { return [] }
        return [.loadItems(request)]
    }

    /// Reads the items of `list`, newly selected in the lists pane, from row `index`.
    static func read(_ model: AppModel, list: UUID, index: Int) -> Effect {
        guard model.itemsReadWhole else { return .loadItems(windowRequest(model, list: list, index: index)) }
        return view(model, list: list, keep: nil, index: index)
    }

    /// Reads the panes again after items changed under a search or a view order (the change
    /// was followed first, so the selection is where it should stay). A checked item moves
    /// away in "done last": the cursor stays on its row, the one it was on at the key.
    static func readAfter(_ model: AppModel, _ change: ItemChange) -> Effect {
        // A checked item also goes when checked items are hidden.
        if case .updated = change, model.itemsPane.order == .nameDoneLast || model.itemsPane.hideChecked {
            return view(model, keep: nil, index: model.itemsPane.rowAtKey ?? model.itemsPane.view.selected ?? 0)
        }
        return view(model, keep: model.selectedItem?.id)
    }

    /// The rows of `list` (else of the list selected) read whole, keeping `keep` selected,
    /// else the row `index` (else the row selected now).
    private static func view(_ model: AppModel, list: UUID? = nil, keep: UUID?, index: Int? = nil) -> Effect {
        .readView(ViewRequest(
            list: list ?? model.selectedList?.list.id, listIndex: model.listsPane.view.selected ?? 0,
            search: model.search.query, order: model.itemsPane.order, hideChecked: model.itemsPane.hideChecked, keep: keep,
            index: index ?? model.itemsPane.view.selected ?? 0))
    }

    /// Shows rows read whole; nothing when the search or the order they were read for ended
    /// meanwhile (the panes read the store as usual then).
    static func show(_ model: inout AppModel, _ rows: ViewRows) {
        guard rows.request.search == model.search.query, rows.request.order == model.itemsPane.order,
              rows.request.hideChecked == model.itemsPane.hideChecked else { return }
        model.listsPane.all = rows.allLists
        model.listsPane.lists = rows.lists
        model.listsPane.view.count = rows.lists.count
        if let list = rows.list, let index = rows.lists.firstIndex(where: { $0.list.id == list.list.id }) {
            model.listsPane.view.select(index)
            model.itemsPane.list = list.list
            model.itemsPane.items = rows.items
            model.itemsPane.start = 0
            model.itemsPane.view.count = rows.items.count
            let kept = rows.request.keep.flatMap { id in rows.items.firstIndex { $0.id == id } }
            model.itemsPane.view.select(kept ?? rows.request.index)
        } else {
            model.itemsPane.list = nil
            model.itemsPane.items = []
            model.itemsPane.start = 0
            model.itemsPane.view.count = 0
            if model.screen.focus == .items { model.screen.focus = .lists }
        }
        Search.update(&model.search, .found(complete: rows.complete))
        let layout = Layout.of(model)
        model.listsPane.view.scrollToSelection(visibleRows: Layout.contentRows(layout.lists))
        model.itemsPane.view.scrollToSelection(visibleRows: Layout.contentRows(layout.items))
    }
}

extension Effect {
    /// Whether the effect reads the panes (see `ItemsSource`).
    var readsPanes: Bool {
        switch self {
        case .load, .loadItems, .readView: true
        default: false
        }
    }
}
