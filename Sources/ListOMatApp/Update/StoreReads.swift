import Foundation
import IntentKit
import ListStore
import TerminalKit

// What was read from the store, shown: the lists, and the window on the items of the list shown.

func apply(_ model: inout AppModel, _ snapshot: StoreSnapshot, _ target: Target?) {
    // The list whose items were read is the one selected: the title and the rows are of one list.
    let keepList = snapshot.items?.summary.list.id ?? target?.list ?? model.selectedList?.list.id
    model.lists = snapshot.lists
    if model.search.query == nil { model.allLists = snapshot.lists.map(\.list) }
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
func show(_ model: inout AppModel, _ window: ItemWindow) {
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
let windowMargin = 3

func page(_ model: AppModel) -> Int { max(10, model.size.height) }

/// Rows of `list` to read around row `index` (or `item`): the screen and its margin on
/// either side.
func windowRequest(_ model: AppModel, list: UUID, index: Int, item: UUID? = nil) -> WindowRequest {
    let rows = page(model) * windowMargin
    return WindowRequest(list: list, index: index, item: item, before: rows, after: rows, known: nil)
}

/// The rows to read when the window does not hold every row the items pane may show (the
/// selection, and a screen's height from the first row shown). Read a little behind and
/// far ahead in the direction scrolled.
func windowToRead(_ model: AppModel) -> WindowRequest? {
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
