import Foundation
import GRDB

/// What an import did, for the person who ran it.
public struct ImportSummary: Equatable, Sendable {
    package var listsCreated = 0
    package var listsMerged = 0
    package var itemsAdded = 0
    /// Items not added because an item of the same name (ignoring case) was already on the
    /// existing list.
    package var itemsSkipped = 0
}

extension ListStore {
    /// Imports a document all-or-nothing, in one transaction and one undo group. A list whose
    /// name (ignoring case) already exists gets the items it does not have yet, at its end;
    /// other lists are created at the end, in the document's order.
    @discardableResult
    public func importDocument(_ document: ListDocument) throws(StoreError) -> Changed<ImportSummary> {
        // Validate every name before touching the database, naming the culprit.
        var lists: [(name: String, items: [ImportItem])] = []
        for (listIndex, list) in document.lists.enumerated() {
            let name: String
            do {
                name = try NameRules.validate(list.name, kind: "list")
            } catch {
                throw StoreError.invalidInput("list \(listIndex + 1) (“\(list.name.prefix(40))”): \(error)")
            }
            var items: [ImportItem] = []
            for (itemIndex, item) in list.items.enumerated() {
                do {
                    var valid = item
                    valid.name = try NameRules.validate(item.name, kind: "item")
                    items.append(valid)
                } catch {
                    throw StoreError.invalidInput("item \(itemIndex + 1) of \(name): \(error)")
                }
            }
            lists.append((name, items))
        }
        // A page cache big enough for the whole import: SQLite otherwise writes pages out to
        // the log mid-transaction and again at the commit.
        return try withPageCache(megabytes: lists.reduce(0) { $0 + $1.items.count } > 10_000 ? 64 : nil) { () throws(StoreError) in
            try importLists(lists)
        }
    }

    private typealias ImportItem = ListDocument.Item

    private func importLists(_ lists: [(name: String, items: [ImportItem])]) throws(StoreError) -> Changed<ImportSummary> {
        try change { changes in
            let db = changes.db
            var summary = ImportSummary()
            /// Lists this import created: later sections of the same name append to them in full.
            var created = Set<UUID>()
            /// Existing lists already counted as merged (a file may name one twice).
            var merged = Set<UUID>()
            var nextListPosition = (try Double.fetchOne(db, cached: "SELECT max(position) FROM lists") ?? -1) + 1
            for incoming in lists {
                var target: TaskList
                var existingKeys = Set<String>()
                var nextItemPosition: Double
                if let list = try TaskList.fetchOne(
                    db, cached: "SELECT \(TaskList.columns) FROM lists WHERE name_key = ?",
                    arguments: [NameRules.key(incoming.name)]) {
                    target = list
                    if !created.contains(list.id) {
                        if merged.insert(list.id).inserted { summary.listsMerged += 1 }
                        existingKeys = Set(try Lookup.items(of: list.id, db).map { NameRules.key($0.name) })
                    }
                    nextItemPosition = (try Double.fetchOne(
                        db, cached: "SELECT max(position) FROM items WHERE list_id = ?",
                        arguments: [list.id.key]) ?? -1) + 1
                } else {
                    target = TaskList(
                        name: incoming.name, position: nextListPosition, created: changes.now, modified: changes.now)
                    nextListPosition += 1
                    try changes.insert(target)
                    created.insert(target.id)
                    summary.listsCreated += 1
                    nextItemPosition = 0
                }
                var added: [ListItem] = []
                added.reserveCapacity(incoming.items.count)
                for item in incoming.items {
                    if !existingKeys.isEmpty, existingKeys.contains(NameRules.key(item.name)) {
                        summary.itemsSkipped += 1
                        continue
                    }
                    // The file's dates (todo.txt) where it has them: the completion date is the
                    // time a done item last changed, and a done item with no creation date
                    // was there by its completion at the latest.
                    let completed = item.done ? item.completed : nil
                    added.append(ListItem(
                        listID: target.id, name: item.name, done: item.done, position: nextItemPosition,
                        created: item.created ?? completed ?? changes.now, modified: completed ?? changes.now))
                    nextItemPosition += 1
                }
                try changes.insert(items: added)
                let addedHere = added.count
                summary.itemsAdded += addedHere
                if !created.contains(target.id) { try touch(target, &changes, if: addedHere > 0) }
            }
            return (summary, .imported(lists: summary.listsCreated + summary.listsMerged, items: summary.itemsAdded))
        }
    }

    /// Every list and its items, in order, for export; or only the lists named (each as
    /// `list(_:)` finds it: not found and ambiguous are errors), in the order named, each once.
    /// An item's dates go with it: its creation time, and for a done item its last change
    /// (when it was checked off, unless it was renamed or moved since).
    package func exportDocument(only refs: [ListRef]? = nil) throws(StoreError) -> ListDocument {
        try read { db in
            var lists: [TaskList]
            if let refs {
                lists = []
                for ref in refs {
                    let list = try Lookup.list(ref, db)
                    if !lists.contains(where: { $0.id == list.id }) { lists.append(list) }
                }
            } else {
                lists = try Lookup.lists(db)
            }
            var itemsByList: [UUID: [ListItem]] = [:]
            if refs == nil {
                for item in try ListItem.fetchAll(
                    db, cached: "SELECT \(ListItem.columns) FROM items ORDER BY list_id, position") {
                    itemsByList[item.listID, default: []].append(item)
                }
            } else {
                for list in lists { itemsByList[list.id] = try Lookup.items(of: list.id, db) }
            }
            return ListDocument(lists: lists.map { list in
                ListDocument.List(
                    name: list.name,
                    items: (itemsByList[list.id] ?? []).map {
                        ListDocument.Item(name: $0.name, done: $0.done, created: $0.created, completed: $0.done ? $0.modified : nil)
                    })
            })
        }
    }
}
