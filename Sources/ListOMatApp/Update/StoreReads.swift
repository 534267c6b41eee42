import Foundation
import IntentKit
import ListStore
import TerminalKit

// What was read from the store, shown: the lists, and the window on the items of the list shown.

func apply(_ model: inout AppModel, _ snapshot: StoreSnapshot, _ target: Target?) {
    // The list whose items were read is the one selected: the title and the rows are of one list.
    let keepList = snapshot.items?.summary.list.id ?? target?.list ?? model.selectedList?.list.id
    model.listsPane.lists = snapshot.lists
    if model.search.query == nil { model.listsPane.all = snapshot.lists.map(\.list) }
    model.listsPane.view.count = snapshot.lists.count
    if let keepList, let index = snapshot.lists.firstIndex(where: { $0.list.id == keepList }) {
        model.listsPane.view.select(index)
    } else {
        model.listsPane.view.select(model.listsPane.view.selected ?? 0)
    }
    if let window = snapshot.items {
        show(&model, window)
    } else {
        model.itemsPane.list = nil
        model.itemsPane.items = []
        model.itemsPane.start = 0
        model.itemsPane.view.count = 0
    }
    if target?.openItems == true, model.selectedList != nil {
        model.screen.focus = .items
        if LayoutKind.of(model.screen.size) != .wide { model.assistant.shown = false }
    }
    if model.selectedList == nil, model.screen.focus == .items { model.screen.focus = .lists }
    scrollIntoView(&model)
}

/// Shows a window read from the store: its rows, its list's counts, the item it kept
/// selected (else the same row as before).
func show(_ model: inout AppModel, _ window: ItemWindow) {
    model.itemsPane.list = window.summary.list
    model.itemsPane.items = window.items
    model.itemsPane.start = window.start
    if let index = model.listsPane.lists.firstIndex(where: { $0.list.id == window.summary.list.id }) {
        model.listsPane.lists[index] = window.summary
    }
    model.itemsPane.view.count = window.summary.itemCount
    model.itemsPane.view.select(window.keptIndex ?? model.itemsPane.view.selected ?? 0)
    scrollIntoView(&model)
}

/// How many rows a window holds beyond those on screen, on each side, in pages of the
/// terminal's height: the store is read again only after scrolling this far.
let windowMargin = 3

func page(_ model: AppModel) -> Int { max(10, model.screen.size.height) }

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
    guard let list = model.itemsPane.list?.id, list == model.selectedList?.list.id,
          let selected = model.itemsPane.view.selected else { return nil }
    let rows = page(model)
    let lower = min(model.itemsPane.view.offset, selected)
    let upper = min(model.itemsPane.view.count, max(model.itemsPane.view.offset + rows, selected + 1))
    let held = model.itemsPane.start ..< model.itemsPane.start + model.itemsPane.items.count
    if held.lowerBound <= lower, upper <= held.upperBound { return nil }
    var request = lower >= held.lowerBound
        ? WindowRequest(list: list, index: lower, item: nil, before: rows, after: rows * (2 * windowMargin - 1), known: nil)
        : WindowRequest(list: list, index: upper, item: nil, before: rows * (2 * windowMargin - 1), after: rows, known: nil)
    if !held.isEmpty {
        let start = max(0, request.index - request.before)
        let nearest = min(max(start, held.lowerBound), held.upperBound - 1)
        request.known = KnownRow(index: nearest, position: model.itemsPane.items[nearest - model.itemsPane.start].position)
    }
    return request
}
