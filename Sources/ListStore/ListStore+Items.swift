import Foundation
import GRDB

extension ListStore {
    /// Adds items to a list, at the end or before the item at 0-based `index`.
    @discardableResult
    public func addItems(
        _ rawNames: [String], to ref: ListRef, at index: Int? = nil, donating: Donating? = nil
    ) throws(StoreError) -> Changed<[ListItem]> {
        let names = try rawNames.map { name throws(StoreError) in try NameRules.validate(name, kind: "item") }
        guard !names.isEmpty else { throw StoreError.invalidName(.noItemNames) }
        return try change { changes in
            let db = changes.db
            let list = try Lookup.list(ref, db)
            let positions: [Double]
            if let index {
                positions = try insertionPositions(in: list, at: index, count: names.count, &changes)
            } else {
                let last = try Double.fetchOne(
                    db, cached: "SELECT max(position) FROM items WHERE list_id = ?", arguments: [list.id.key])
                positions = (0..<names.count).map { (last ?? -1) + 1 + Double($0) }
            }
            var added: [ListItem] = []
            for (name, position) in zip(names, positions) {
                let item = ListItem(listID: list.id, name: name, position: position, created: changes.now, modified: changes.now)
                try changes.insert(item)
                added.append(item)
            }
            try touch(list, &changes)
            changes.donation = donating?(list, added)
            return (added, .itemsAdded(names, to: list.name))
        }
    }

    /// Renames an item.
    @discardableResult
    package func renameItem(_ itemRef: ItemRef, in ref: ListRef, to rawName: String) throws(StoreError) -> Changed<ListItem> {
        let name = try NameRules.validate(rawName, kind: "item")
        return try change { changes in
            let list = try Lookup.list(ref, changes.db)
            let old = try Lookup.item(itemRef, in: list, changes.db)
            var new = old
            new.name = name
            new.modified = changes.now
            try changes.update(old, to: new)
            try touch(list, &changes)
            return (new, .itemRenamed(old.name, to: name, in: list.name))
        }
    }

    /// Removes items from a list. Every item is resolved before any is removed, so
    /// positions refer to the list as it was.
    @discardableResult
    public func deleteItems(_ itemRefs: [ItemRef], from ref: ListRef) throws(StoreError) -> Changed<[ListItem]> {
        try change { changes in
            let list = try Lookup.list(ref, changes.db)
            let items = try resolve(itemRefs, in: list, changes.db)
            for item in items { try changes.delete(item) }
            try touch(list, &changes)
            return (items, .itemsRemoved(items.map(\.name), from: list.name))
        }
    }

    /// Checks items off (`done` true) or unchecks them. Returns the items that changed.
    @discardableResult
    public func setDone(
        _ done: Bool, _ itemRefs: [ItemRef], in ref: ListRef, donating: Donating? = nil
    ) throws(StoreError) -> Changed<[ListItem]> {
        try change { changes in
            let list = try Lookup.list(ref, changes.db)
            let items = try resolve(itemRefs, in: list, changes.db)
            var changed: [ListItem] = []
            for item in items where item.done != done {
                var new = item
                new.done = done
                new.modified = changes.now
                try changes.update(item, to: new)
                changed.append(new)
            }
            try touch(list, &changes, if: !changed.isEmpty)
            changes.donation = donating?(list, changed)
            let names = items.map(\.name)
            return (changed, done ? .itemsChecked(names, on: list.name) : .itemsUnchecked(names, on: list.name))
        }
    }

    /// Moves an item to the 0-based `index` in its list (clamped).
    @discardableResult
    public func moveItem(_ itemRef: ItemRef, in ref: ListRef, to index: Int) throws(StoreError) -> Changed<ListItem> {
        try change { changes in
            let db = changes.db
            let list = try Lookup.list(ref, db)
            let item = try Lookup.item(itemRef, in: list, db)
            // The neighbours at `index` once the item is out of the way.
            let count = try Lookup.itemCount(list.id, db) - 1
            let from = try Window.index(of: item.position, in: list.id, count: count + 1, db)
            let target = min(max(index, 0), count)
            // Already there: nothing to change, nothing to undo.
            if from == target { return (item, .itemMoved(item.name, to: target + 1, on: list.name)) }
            // Rows `target - 1` and `target` of the others, walked to from the nearer end.
            let before: Double?, after: Double?
            if target <= count - target {
                let rows = try Double.fetchAll(
                    db, cached: """
                        SELECT position FROM items WHERE list_id = ? AND id != ?
                        ORDER BY position LIMIT 2 OFFSET ?
                        """,
                    arguments: [list.id.key, item.id.key, max(target - 1, 0)])
                before = target > 0 ? rows.first : nil
                after = target > 0 ? rows.dropFirst().first : rows.first
            } else {
                // From the end, row `target` is row `count - 1 - target`; `target - 1` the next.
                let rows = try Double.fetchAll(
                    db, cached: """
                        SELECT position FROM items WHERE list_id = ? AND id != ?
                        ORDER BY position DESC LIMIT 2 OFFSET ?
                        """,
                    arguments: [list.id.key, item.id.key, max(count - 1 - target, 0)])
                if target == count {
                    (before, after) = (rows.first, nil)
                } else {
                    (before, after) = (rows.dropFirst().first, rows.first)
                }
            }
            var moved = item
            if let position = Positions.between(before, after, count: 1)?.first {
                moved.position = position
            } else {
                let others = try Lookup.items(of: list.id, db).filter { $0.id != item.id }
                try renumber(others, &changes)
                moved.position = Double(target) - 0.5
            }
            moved.modified = changes.now
            try changes.update(item, to: moved)
            try touch(list, &changes)
            return (moved, .itemMoved(item.name, to: target + 1, on: list.name))
        }
    }

    /// Removes every checked item of a list. Returns the removed items.
    @discardableResult
    package func clearDone(in ref: ListRef) throws(StoreError) -> Changed<[ListItem]> {
        try change { changes in
            let list = try Lookup.list(ref, changes.db)
            let checked = try Lookup.items(of: list.id, changes.db).filter(\.done)
            for item in checked { try changes.delete(item) }
            try touch(list, &changes, if: !checked.isEmpty)
            return (checked, .checkedCleared(checked.count, from: list.name))
        }
    }

    /// Resolves several item references, each once, in the order given.
    func resolve(_ refs: [ItemRef], in list: TaskList, _ db: Database) throws -> [ListItem] {
        guard !refs.isEmpty else { throw StoreError.invalidName(.noItemsNamed) }
        var seen = Set<UUID>()
        return try refs.compactMap { ref in
            let item = try Lookup.item(ref, in: list, db)
            return seen.insert(item.id).inserted ? item : nil
        }
    }

    /// Positions for `count` new items placed before the item now at 0-based `index`.
    private func insertionPositions(
        in list: TaskList, at index: Int, count: Int, _ changes: inout ChangeSet
    ) throws -> [Double] {
        let db = changes.db
        let total = try Lookup.itemCount(list.id, db)
        let target = min(max(index, 0), total)
        let neighbours = try Double.fetchAll(
            db, cached: "SELECT position FROM items WHERE list_id = ? ORDER BY position LIMIT 2 OFFSET ?",
            arguments: [list.id.key, max(target - 1, 0)])
        let before = target > 0 ? neighbours.first : nil
        let after = target > 0 ? neighbours.dropFirst().first : neighbours.first
        if let positions = Positions.between(before, after, count: count) { return positions }
        try renumber(try Lookup.items(of: list.id, db), &changes)
        // Whole numbers now: there is room for any count between two of them.
        guard let positions = Positions.between(
            target > 0 ? Double(target - 1) : nil, target < total ? Double(target) : nil, count: count)
        else { throw StoreError.storage("cannot place \(count) items at position \(target + 1)") }
        return positions
    }

    /// Gives the items (in order) the positions 0, 1, 2… when bisecting ran out of room.
    @discardableResult
    private func renumber(_ items: [ListItem], _ changes: inout ChangeSet) throws -> [ListItem] {
        var result: [ListItem] = []
        for (index, item) in items.enumerated() {
            var renumbered = item
            renumbered.position = Double(index)
            try changes.update(item, to: renumbered)
            result.append(renumbered)
        }
        return result
    }
}

/// What `addItemsUnlessPresent` did with each name.
public struct MergeOutcome: Equatable, Sendable {
    /// New items, in order.
    public var added: [ListItem] = []
    /// Items that were there checked off and are unchecked again.
    package var uncheckedAgain: [ListItem] = []
    /// Names already on the list unchecked: nothing to do.
    package var alreadyThere: [ListItem] = []
}

extension ListStore {
    /// Adds items the way a person means "add milk" — the one rule every path that adds
    /// (the TUI's `a`, `listomat add`, the assistant) follows: an item already on the list
    /// unchecked is not added twice, one already checked off is unchecked again, a name
    /// given twice is added once. New items go at the end, or before the item now at
    /// 0-based `index`. One transaction and one undo step.
    @discardableResult
    public func addItemsUnlessPresent(
        _ rawNames: [String], to ref: ListRef, at index: Int? = nil, donating: Donating? = nil
    ) throws(StoreError) -> Changed<MergeOutcome> {
        let names = try rawNames.map { name throws(StoreError) in try NameRules.validate(name, kind: "item") }
        guard !names.isEmpty else { throw StoreError.invalidName(.noItemNames) }
        return try change { changes in
            let db = changes.db
            let list = try Lookup.list(ref, db)
            var outcome = MergeOutcome()
            var seen = Set<String>()
            var fresh: [String] = []
            for name in names where seen.insert(NameRules.key(name)).inserted {
                let existing = try Lookup.items(named: NameRules.key(name), in: list.id, db)
                if let open = existing.first(where: { !$0.done }) {
                    outcome.alreadyThere.append(open)
                } else if let checked = existing.first {
                    var unchecked = checked
                    unchecked.done = false
                    unchecked.modified = changes.now
                    try changes.update(checked, to: unchecked)
                    outcome.uncheckedAgain.append(unchecked)
                } else {
                    fresh.append(name)
                }
            }
            if !fresh.isEmpty {
                let positions: [Double]
                if let index {
                    positions = try insertionPositions(in: list, at: index, count: fresh.count, &changes)
                } else {
                    let last = try Double.fetchOne(
                        db, cached: "SELECT max(position) FROM items WHERE list_id = ?", arguments: [list.id.key])
                    positions = (0..<fresh.count).map { (last ?? -1) + 1 + Double($0) }
                }
                for (name, position) in zip(fresh, positions) {
                    let item = ListItem(listID: list.id, name: name, position: position, created: changes.now, modified: changes.now)
                    try changes.insert(item)
                    outcome.added.append(item)
                }
            }
            let changedAny = !outcome.added.isEmpty || !outcome.uncheckedAgain.isEmpty
            try touch(list, &changes, if: changedAny)
            if changedAny { changes.donation = donating?(list, outcome.added + outcome.uncheckedAgain) }
            let (added, unchecked) = (outcome.added.map(\.name), outcome.uncheckedAgain.map(\.name))
            switch (added.isEmpty, unchecked.isEmpty) {
            case (false, true): return (outcome, .itemsAdded(added, to: list.name))
            case (true, false): return (outcome, .itemsUnchecked(unchecked, on: list.name))
            case (false, false): return (outcome, .itemsAddedAndUnchecked(added, unchecked, on: list.name))
            case (true, true): return (outcome, .nothingAdded(to: list.name))
            }
        }
    }
}
