import Foundation
import GRDB

/// What `moveItems` did with each item.
package struct MoveOutcome: Equatable, Sendable {
    /// Items now on the target list, at its end, in the order given (as they are now).
    package var moved: [ListItem] = []
    /// Items the target list already had under the same name (ignoring case): the moved
    /// item was folded into it (and removed from the source), as they are now. One
    /// "milk" on a list, not two — the rule adding follows too.
    package var merged: [ListItem] = []
}

extension ListStore {
    /// Moves items to the end of another list, in the order given: one transaction, one
    /// undo step.
    ///
    /// The clash rule (the same as adding a name, see `addItemsUnlessPresent`): when the
    /// target already has an item of the same name (ignoring case), the moved item is folded
    /// into it and leaves the source — preferring the target's unchecked one; the result is
    /// unchecked when either was (still needed), checked only when both were. A list cannot
    /// be moved onto itself.
    @discardableResult
    package func moveItems(
        _ itemRefs: [ItemRef], from source: ListRef, to target: ListRef
    ) throws(StoreError) -> Changed<MoveOutcome> {
        try change { changes in
            let db = changes.db
            let from = try Lookup.list(source, db)
            let to = try Lookup.list(target, db)
            guard from.id != to.id else {
                throw StoreError.nothingToDo(.alreadyOn(to.name))
            }
            let items = try resolve(itemRefs, in: from, db)
            var next = (try Double.fetchOne(
                db, cached: "SELECT max(position) FROM items WHERE list_id = ?", arguments: [to.id.key]) ?? -1) + 1
            var outcome = MoveOutcome()
            for item in items {
                let existing = try Lookup.items(named: NameRules.key(item.name), in: to.id, db)
                if let there = existing.first(where: { !$0.done }) ?? existing.first {
                    try changes.delete(item)
                    var kept = there
                    if !item.done && there.done {
                        kept.done = false
                        kept.modified = changes.now
                        try changes.update(there, to: kept)
                    }
                    // A name merged twice in one command (two "milk" moved) is reported once.
                    outcome.merged.removeAll { $0.id == kept.id }
                    outcome.merged.append(kept)
                } else {
                    var moved = item
                    moved.listID = to.id
                    moved.position = next
                    moved.modified = changes.now
                    next += 1
                    try changes.update(item, to: moved)
                    outcome.moved.append(moved)
                }
            }
            try touch(from, &changes)
            try touch(to, &changes)
            return (outcome, .itemsMoved(items.map(\.name), from: from.name, to: to.name))
        }
    }

    /// Checks off every item of a list (the counterpart of `resetList`). Returns the items
    /// that changed; none when all were checked already (then nothing is recorded).
    @discardableResult
    package func checkOffAll(in ref: ListRef, donating: Donating? = nil) throws(StoreError) -> Changed<[ListItem]> {
        try change { changes in
            let list = try Lookup.list(ref, changes.db)
            let open = try Lookup.items(of: list.id, changes.db).filter { !$0.done }
            var changed: [ListItem] = []
            for item in open {
                var checked = item
                checked.done = true
                checked.modified = changes.now
                try changes.update(item, to: checked)
                changed.append(checked)
            }
            try touch(list, &changes, if: !changed.isEmpty)
            changes.donation = donating?(list, changed)
            return (changed, .allChecked(on: list.name))
        }
    }

    /// Removes every item of a list, keeping the list. Returns the removed items.
    @discardableResult
    package func clearAll(in ref: ListRef) throws(StoreError) -> Changed<[ListItem]> {
        try change { changes in
            let list = try Lookup.list(ref, changes.db)
            let items = try Lookup.items(of: list.id, changes.db)
            for item in items { try changes.delete(item) }
            try touch(list, &changes, if: !items.isEmpty)
            return (items, .allRemoved(items.count, from: list.name))
        }
    }

    /// Sorts a list's items for good: unchecked first, then checked, each by name in the
    /// language's order (`NameCollation`: ignoring case and accents, numbers by value: "item 2"
    /// before "item 10"; equal names keep their order). One undo step; nothing is recorded
    /// when the list is already in that order.
    @discardableResult
    package func sortItems(in ref: ListRef, collation: NameCollation = .english) throws(StoreError) -> Changed<[ListItem]> {
        try change { changes in
            let list = try Lookup.list(ref, changes.db)
            let items = try Lookup.items(of: list.id, changes.db)
            let sorted = Self.sortedByName(items, collation: collation)
            var result: [ListItem] = []
            if sorted.map(\.id) != items.map(\.id) {
                for (index, item) in sorted.enumerated() {
                    var placed = item
                    placed.position = Double(index)
                    try changes.update(item, to: placed)
                    result.append(placed)
                }
                try touch(list, &changes)
            } else {
                result = items
            }
            return (result, .itemsSorted(list.name))
        }
    }

    /// Unchecked before checked, then by name in the language's order (see `sortItems`), stable.
    package static func sortedByName(_ items: [ListItem], collation: NameCollation = .english) -> [ListItem] {
        let byName = collation.order(items.map(\.name)).map { items[$0] }
        return byName.filter { !$0.done } + byName.filter(\.done)
    }
}
