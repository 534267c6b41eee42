import Foundation
import IntentKit
import ListStore
import TerminalKit

// Changes to items followed in the panes without reading the store again.

/// What following a change did.
enum Followed {
    case followed
    /// Followed, but the item to select is outside the window: read around it.
    case read(WindowRequest)
    /// The panes do not hold what the change started from: read the store again.
    case lost
}

/// Applies a change to items to the panes: the counts of the lists they are on, and the
/// window when they are on the list shown (rows before it move it, rows after it only
/// count). Changes nothing when the panes do not hold what the change started from.
func follow(_ model: inout AppModel, _ change: ItemChange) -> Followed {
    var rows: [RowChange<ListItem>]
    var select: UUID?
    switch change {
    case .added(let added):
        rows = added.map { RowChange(before: nil, after: $0) }
        select = added.first?.id
    case .updated(let updated):
        rows = []
        for item in updated {
            guard item.listID == model.itemsPane.listID,
                  let old = model.itemsPane.items.first(where: { $0.id == item.id }) else { return .lost }
            rows.append(RowChange(before: old, after: item))
        }
    case .removed(let removed):
        rows = removed.map { RowChange(before: $0, after: nil) }
    case .restored(let restored):
        rows = restored
    }
    var next = model
    var window = FollowedWindow(items: model.itemsPane.items, start: model.itemsPane.start, count: model.itemsPane.view.count)
    let shown = model.itemsPane.listID
    for row in rows {
        for (item, sign) in [(row.before, -1), (row.after, 1)] {
            guard let item else { continue }
            guard let index = next.listsPane.lists.firstIndex(where: { $0.list.id == item.listID }) else { return .lost }
            next.listsPane.lists[index].itemCount += sign
            next.listsPane.lists[index].completedCount += item.done ? sign : 0
            if item.listID == shown {
                guard sign < 0 ? window.remove(item) : window.insert(item) else { return .lost }
            }
        }
    }
    let keep = select ?? model.selectedItem?.id
    next.itemsPane.items = window.items
    next.itemsPane.start = window.start
    next.itemsPane.view.count = window.count
    var result = Followed.followed
    if let keep, let index = next.itemsPane.items.firstIndex(where: { $0.id == keep }) {
        next.itemsPane.view.select(next.itemsPane.start + index)
    } else {
        next.itemsPane.view.select(model.itemsPane.view.selected ?? 0)
        if let select, let list = shown {
            result = .read(windowRequest(next, list: list, index: next.itemsPane.view.selected ?? 0, item: select))
        }
    }
    model = next
    scrollIntoView(&model)
    return result
}

/// The window's rows while a change is followed: where a row goes, by its position.
struct FollowedWindow {
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
