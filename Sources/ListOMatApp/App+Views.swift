import Foundation
import IntentKit
import ListIntents
import ListStore
import TerminalKit

// The panes read whole for a search or a view order, a list sorted for good, an item moved
// to another list.

extension App {
    /// The rows the panes show for a search and/or a view order, or the failure (said in the
    /// footer; the store is read again).
    func readView(_ request: ViewRequest) -> Msg {
        do {
            return try rows(request)
        } catch {
            return .failed(Self.sentence(model.screen.words.error(error)), reload: true)
        }
    }

    private func rows(_ request: ViewRequest) throws -> Msg {
        let all = try store.summaries()
        var lists = all
        if let search = request.search {
            let found = Set(try store.searchLists(matching: search).map(\.list))
            lists = all.filter { found.contains($0.list.id) }
        }
        let shown = lists.first { $0.list.id == request.list }
            ?? (lists.isEmpty ? nil : lists[min(max(0, request.listIndex), lists.count - 1)])
        guard let shown else {
            return .viewRead(ViewRows(request: request, lists: lists, allLists: all.map(\.list), list: nil, items: [], complete: true))
        }
        var items: [ListItem]
        var complete = true
        if let search = request.search {
            let matches = try store.searchItems(in: shown.list.id, matching: search, limit: Search.limit)
            items = matches.items
            complete = matches.complete
        } else if shown.itemCount > ItemOrder.sortLimit {
            let words = model.screen.words
            return .viewRefused(request.order != nil ? ItemOrder.tooLong(words) : ItemOrder.tooLongToHide(words))
        } else {
            items = try store.items(in: .id(shown.list.id))
        }
        if let order = request.order { items = order.sorted(items, collation: NameCollation(locale: model.screen.words.locale)) }
        if request.hideChecked { items = items.filter { !$0.done } }
        return .viewRead(ViewRows(request: request, lists: lists, allLists: all.map(\.list), list: shown, items: items, complete: complete))
    }

    /// Sorts a list itself (one undo step); says so when it was sorted already.
    func sortList(_ list: UUID) -> Msg {
        do {
            let changed = try store.sortItems(in: .id(list), collation: NameCollation(locale: model.screen.words.locale))
            guard changed.recorded else {
                let words = model.screen.words
                let name = (try? store.list(.id(list)).name) ?? words("sort.theList")
                let already = words("sort.already", ["list": .text(name)])
                return .changed(summary: already, undoable: false, Target(list: list, item: nil))
            }
            noteWrite()
            return .changed(summary: Self.sentence(said(changed.change)), undoable: true, Target(list: list, item: nil))
        } catch {
            noteWrite()
            return .failed(Self.sentence(model.screen.words.error(error)), reload: true)
        }
    }

    /// Moves an item to another list; the panes follow the row (off this list, onto the
    /// other's count), or read again when it merged into the same name there.
    func moveItem(_ item: ListItem, to: UUID) -> Msg {
        noteWrite()
        do {
            let changed = try store.moveItems([.id(item.id)], from: .id(item.listID), to: .id(to))
            let words = model.screen.words
            let target = (model.listsPane.all + model.listsPane.lists.map(\.list)).first { $0.id == to }?.name ?? words("move.otherList")
            let names: [String: TemplateValue] = ["item": .text(item.name), "list": .text(target)]
            if let moved = changed.value.moved.first {
                let rows = [RowChange(before: item, after: moved)]
                return .itemsChanged(list: item.listID, .restored(rows), summary: words("move.done", names), undoable: true)
            }
            return .changed(summary: words("move.merged", names), undoable: true, Target(list: item.listID, item: nil))
        } catch {
            return .failed(Self.sentence(model.screen.words.error(error)), reload: true)
        }
    }
}
