import Foundation
import GRDB

extension ListStore {
    /// Every list in order, with its counts. The counts come from `list_counts`, which
    /// triggers keep exact: this reads one row per list and never scans items (the TUI asks
    /// after every change; counting 100,000 items took 18 ms).
    public func summaries() throws(StoreError) -> [ListSummary] {
        try read { db in
            let rows = try Row.fetchAll(db, cached: """
                SELECT \(TaskList.columns.split(separator: ",").map { "l." + $0.filter { $0 != " " } }.joined(separator: ", ")),
                       coalesce(c.items, 0), coalesce(c.done, 0)
                FROM lists l LEFT JOIN list_counts c ON c.list_id = l.id
                ORDER BY l.position
                """)
            return try rows.map { row in
                ListSummary(list: try TaskList(row: row), itemCount: try row.decode(atIndex: 6), completedCount: try row.decode(atIndex: 7))
            }
        }
    }

    /// Every list in order.
    public func lists() throws(StoreError) -> [TaskList] {
        try read { db in try Lookup.lists(db) }
    }

    /// The list `ref` names.
    public func list(_ ref: ListRef) throws(StoreError) -> TaskList {
        try read { db in try Lookup.list(ref, db) }
    }

    /// The list `ref` names with its counts (`Lookup.counts`: no item is read).
    package func summary(_ ref: ListRef) throws(StoreError) -> ListSummary {
        try read { db in
            let list = try Lookup.list(ref, db)
            let (items, done) = try Lookup.counts(list.id, db)
            return ListSummary(list: list, itemCount: items, completedCount: done)
        }
    }

    /// Where the item `id` stands: its list, its 0-based index there (counted from the nearer
    /// end of the list) and the list's item count. Nil when it is gone.
    package func place(ofItem id: UUID) throws(StoreError) -> (list: TaskList, index: Int, count: Int)? {
        try read { db in
            guard let item = try ListItem.fetch(db, id: id) else { return nil }
            let list = try Lookup.list(.id(item.listID), db)
            let count = try Lookup.itemCount(list.id, db)
            return (list, try Window.index(of: item.position, in: list.id, count: count, db), count)
        }
    }

    /// The items of the list `list` named `name` (case and spaces at the ends aside), in
    /// order, found through the name index without reading the list.
    public func items(named name: String, in list: UUID) throws(StoreError) -> [ListItem] {
        try read { db in try Lookup.items(named: NameRules.key(NameRules.trimmed(name)), in: list, db) }
    }

    /// The list `ref` names and its items in order, read together.
    public func listWithItems(_ ref: ListRef) throws(StoreError) -> (list: TaskList, items: [ListItem]) {
        try read { db in
            let list = try Lookup.list(ref, db)
            return (list, try Lookup.items(of: list.id, db))
        }
    }

    /// The list `ref` names and the names and states of its items in order: what showing a
    /// list needs, read without building an item (its id, dates) for every row.
    package func namesAndStates(_ ref: ListRef) throws(StoreError) -> (list: TaskList, items: [(name: String, done: Bool)]) {
        try read { db in
            let list = try Lookup.list(ref, db)
            var items: [(name: String, done: Bool)] = []
            let rows = try Row.fetchCursor(
                db, sql: "SELECT name, done FROM items WHERE list_id = ? ORDER BY position", arguments: [list.id.key])
            while let row = try rows.next() { items.append((try row.decode(atIndex: 0), try row.decode(atIndex: 1))) }
            return (list, items)
        }
    }

    /// The items of the list `ref` names, in order.
    public func items(in ref: ListRef) throws(StoreError) -> [ListItem] {
        try listWithItems(ref).items
    }

    /// The item `item` names on the list `list` names.
    public func item(_ item: ItemRef, in list: ListRef) throws(StoreError) -> ListItem {
        try read { db in try Lookup.item(item, in: try Lookup.list(list, db), db) }
    }

    /// The lists holding an item of this name (ignoring case), in list order.
    public func lists(holdingItemNamed name: String) throws(StoreError) -> [TaskList] {
        try read { db in
            // The items found by the index of names alone (`items_by_name_key`), not each list
            // looked up in turn.
            try TaskList.fetchAll(db, cached: """
                SELECT \(TaskList.columns) FROM lists
                WHERE id IN (SELECT list_id FROM items WHERE name_key = ?)
                ORDER BY position
                """, arguments: [NameRules.key(NameRules.trimmed(name))])
        }
    }

    /// Whether any list holds an item of this name (ignoring case): one look in the index of
    /// names.
    package func holdsItem(named name: String) throws(StoreError) -> Bool {
        try read { db in
            try Bool.fetchOne(
                db, cached: "SELECT EXISTS (SELECT 1 FROM items WHERE name_key = ?)",
                arguments: [NameRules.key(NameRules.trimmed(name))]) ?? false
        }
    }

    /// Whether the list `list` holds an unchecked item of this name (ignoring case), found by
    /// its name without reading the list.
    package func hasUncheckedItem(named name: String, in list: UUID) throws(StoreError) -> Bool {
        try read { db in
            try Int.fetchOne(
                db, cached: "SELECT 1 FROM items WHERE list_id = ? AND name_key = ? AND done = 0 LIMIT 1",
                arguments: [list.key, NameRules.key(name)]) != nil
        }
    }

    /// How many changes can be undone and redone now.
    package func undoDepth() throws(StoreError) -> (undo: Int, redo: Int) {
        try read { db in
            let undo = try Int.fetchOne(db, cached: "SELECT count(*) FROM undo_groups WHERE undone = 0") ?? 0
            let redo = try Int.fetchOne(db, cached: "SELECT count(*) FROM undo_groups WHERE undone = 1") ?? 0
            return (undo, redo)
        }
    }
}
