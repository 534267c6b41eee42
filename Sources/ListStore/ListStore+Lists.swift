import Foundation
import GRDB

extension ListStore {
    /// Creates a list, last in order, optionally with items.
    @discardableResult
    package func createList(
        named rawName: String, items rawItems: [String] = [], donating: Donating? = nil
    ) throws(StoreError) -> Changed<TaskList> {
        let name = try NameRules.validate(rawName, kind: "list")
        let itemNames = try rawItems.map { name throws(StoreError) in try NameRules.validate(name, kind: "item") }
        return try change { changes in
            let db = changes.db
            try Lookup.ensureListNameFree(name, db)
            let last = try Double.fetchOne(db, cached: "SELECT max(position) FROM lists")
            let list = TaskList(name: name, position: (last ?? -1) + 1, created: changes.now, modified: changes.now)
            try changes.insert(list)
            let items = itemNames.enumerated().map { index, itemName in
                ListItem(listID: list.id, name: itemName, position: Double(index), created: changes.now, modified: changes.now)
            }
            try changes.insert(items: items)
            changes.donation = donating?(list, items)
            return (list, .listCreated(name, items: itemNames))
        }
    }

    /// Renames a list. Another list may not have the new name (ignoring case).
    @discardableResult
    package func renameList(_ ref: ListRef, to rawName: String) throws(StoreError) -> Changed<TaskList> {
        let name = try NameRules.validate(rawName, kind: "list")
        return try change { changes in
            let old = try Lookup.list(ref, changes.db)
            try Lookup.ensureListNameFree(name, except: old.id, changes.db)
            var new = old
            new.name = name
            new.modified = changes.now
            try changes.update(old, to: new)
            return (new, .listRenamed(old.name, to: name))
        }
    }

    /// Deletes a list and its items. Returns the list and how many items it had.
    @discardableResult
    package func deleteList(_ ref: ListRef) throws(StoreError) -> Changed<(list: TaskList, itemCount: Int)> {
        try change { changes in
            let list = try Lookup.list(ref, changes.db)
            let items = try Lookup.items(of: list.id, changes.db)
            for item in items { try changes.delete(item) }
            try changes.delete(list)
            return ((list, items.count), .listDeleted(list.name, items: items.count))
        }
    }

    /// Moves a list to the 0-based `index` in the order of lists (clamped).
    @discardableResult
    package func moveList(_ ref: ListRef, to index: Int) throws(StoreError) -> Changed<TaskList> {
        try change { changes in
            let list = try Lookup.list(ref, changes.db)
            let all = try Lookup.lists(changes.db)
            let others = all.filter { $0.id != list.id }
            let target = min(max(index, 0), others.count)
            // Already there: nothing to change, nothing to undo.
            if all.firstIndex(where: { $0.id == list.id }) == target {
                return (list, .listMoved(list.name, to: target + 1))
            }
            var moved = list
            if let position = Positions.between(
                target > 0 ? others[target - 1].position : nil,
                target < others.count ? others[target].position : nil, count: 1)?.first {
                moved.position = position
            } else {
                try renumber(others, &changes)
                moved.position = Double(target) - 0.5
            }
            try changes.update(list, to: moved)
            return (moved, .listMoved(list.name, to: target + 1))
        }
    }

    /// Copies a list, like the original List-o-Mat: the copy is named "<name> (<medium date>)"
    /// unless a name is given, its items are unchecked, and it comes first. The date is in the
    /// language of whoever copies (`dateLocale`, a language tag): the name is stored as said.
    @discardableResult
    package func copyList(
        _ ref: ListRef, named rawName: String? = nil, dateLocale: String = "en", donating: Donating? = nil
    ) throws(StoreError) -> Changed<TaskList> {
        let given = try rawName.map { name throws(StoreError) in try NameRules.validate(name, kind: "list") }
        return try change { changes in
            let db = changes.db
            let source = try Lookup.list(ref, db)
            let name: String
            if let given {
                try Lookup.ensureListNameFree(given, db)
                name = given
            } else {
                name = try Self.freeCopyName(for: source.name, on: Self.copyDay(changes.now, locale: dateLocale), db)
            }
            let first = try Double.fetchOne(db, cached: "SELECT min(position) FROM lists")
            let copy = TaskList(name: name, position: (first ?? 1) - 1, created: changes.now, modified: changes.now)
            try changes.insert(copy)
            try changes.insert(items: try Lookup.items(of: source.id, db).enumerated().map { index, item in
                ListItem(listID: copy.id, name: item.name, done: false, position: Double(index),
                         created: changes.now, modified: changes.now)
            })
            changes.donation = donating?(source, [])
            return (copy, .listCopied(source.name, to: name))
        }
    }

    /// Unchecks every item of a list. Returns how many items changed.
    @discardableResult
    package func resetList(_ ref: ListRef, donating: Donating? = nil) throws(StoreError) -> Changed<Int> {
        try change { changes in
            let list = try Lookup.list(ref, changes.db)
            let checked = try Lookup.items(of: list.id, changes.db).filter(\.done)
            for item in checked {
                var unchecked = item
                unchecked.done = false
                unchecked.modified = changes.now
                try changes.update(item, to: unchecked)
            }
            try touch(list, &changes, if: !checked.isEmpty)
            changes.donation = donating?(list, checked)
            return (checked.count, .listReset(list.name))
        }
    }

    /// A copy's day, as its name says it: the medium date of `locale` ("Nov 21, 2026",
    /// "21 nov. 2026", "21 พ.ย. 2569"), in the time zone of the machine.
    package static func copyDay(_ date: Date, locale: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale == "en" ? "en_US_POSIX" : locale)
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        return formatter.string(from: date)
    }

    /// "Grocery Store (Nov 21, 2026)", or with a number when that name is taken, cut so
    /// that it stays within the name length limit.
    static func freeCopyName(for name: String, on day: String, _ db: Database) throws -> String {
        for attempt in 1...1000 {
            let suffix = attempt == 1 ? " (\(day))" : " (\(day) #\(attempt))"
            let base = String(name.prefix(NameRules.maximumLength - suffix.count))
                .trimmingCharacters(in: .whitespaces)
            let candidate = base + suffix
            let taken = try Bool.fetchOne(
                db, cached: "SELECT EXISTS (SELECT 1 FROM lists WHERE name_key = ?)",
                arguments: [NameRules.key(candidate)]) ?? false
            if !taken { return candidate }
        }
        throw StoreError.conflict(.tooManyCopies(of: name))
    }

    /// Gives every list in `lists` (in order) the positions 0, 1, 2… when bisecting ran out of room.
    @discardableResult
    func renumber(_ lists: [TaskList], _ changes: inout ChangeSet) throws -> [TaskList] {
        var result: [TaskList] = []
        for (index, list) in lists.enumerated() {
            var renumbered = list
            renumbered.position = Double(index)
            try changes.update(list, to: renumbered)
            result.append(renumbered)
        }
        return result
    }

    /// Marks a list modified now, as a change to its items does.
    func touch(_ list: TaskList, _ changes: inout ChangeSet, if condition: Bool = true) throws {
        guard condition, let current = try TaskList.fetch(changes.db, id: list.id) else { return }
        var touched = current
        touched.modified = changes.now
        try changes.update(current, to: touched)
    }
}
