import Foundation
import GRDB

/// An order to show or sort a list's items in, other than the stored one.
public enum ItemOrder: String, Sendable, Equatable, CaseIterable {
    /// By name, ignoring case and diacritics ("apples", "Bread", "éclairs", "eggs").
    case name
    /// Unchecked items first, checked ones after, each in the stored order.
    case doneLast

    /// `items` (in stored order) in this order. Stable: equal names keep their stored order.
    public func sorted(_ items: [ListItem]) -> [ListItem] {
        switch self {
        case .name:
            let keyed = items.enumerated().map { (key: SearchText.fold($0.element.name), index: $0.offset, item: $0.element) }
            return keyed.sorted { a, b in
                if a.key != b.key { return a.key < b.key }
                if a.item.name != b.item.name { return a.item.name < b.item.name }
                return a.index < b.index
            }.map(\.item)
        case .doneLast:
            return items.filter { !$0.done } + items.filter(\.done)
        }
    }

    /// "by name", "done last": for titles and messages.
    public var phrase: String {
        switch self {
        case .name: "by name"
        case .doneLast: "done last"
        }
    }
}

extension ListStore {
    /// Puts the items of a list in `order` for good: one transaction, one undo step. Only the
    /// items whose place changes are written (they take the positions the list already uses,
    /// in the new order). Returns the items that moved.
    @discardableResult
    public func sortItems(in ref: ListRef, by order: ItemOrder) throws(StoreError) -> Changed<[ListItem]> {
        try change { changes in
            let list = try Lookup.list(ref, changes.db)
            let items = try Lookup.items(of: list.id, changes.db)
            let sorted = order.sorted(items)
            var positions = items.map(\.position)
            // Positions are distinct in practice; should two be equal, number the list afresh.
            if Set(positions).count != positions.count { positions = items.indices.map(Double.init) }
            var moved: [ListItem] = []
            for (item, position) in zip(sorted, positions) where item.position != position {
                var new = item
                new.position = position
                try changes.update(item, to: new)
                moved.append(new)
            }
            try touch(list, &changes, if: !moved.isEmpty)
            return (moved, "sorted \(list.name) \(order.phrase)")
        }
    }
}
