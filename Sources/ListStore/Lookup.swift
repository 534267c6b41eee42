import Foundation
import GRDB

/// How a command names a list: by id (the TUI) or by what a person typed (the CLI): the
/// name, ignoring case, or a prefix of exactly one name.
public enum ListRef: Hashable, Sendable {
    case id(UUID)
    case name(String)
}

/// How a command names an item of a list: by id, or by what a person typed: the name,
/// ignoring case, its 1-based position, or a prefix of exactly one name.
public enum ItemRef: Hashable, Sendable {
    case id(UUID)
    case name(String)
}

/// Finds lists and items inside a transaction, so a command resolves and changes the same data.
enum Lookup {
    static func list(_ ref: ListRef, _ db: Database) throws -> TaskList {
        switch ref {
        case .id(let id):
            guard let list = try TaskList.fetch(db, id: id) else {
                throw StoreError.notFound(.listGone)
            }
            return list
        case .name(let typed):
            let query = NameRules.trimmed(typed)
            let key = NameRules.key(query)
            guard !key.isEmpty else { throw StoreError.notFound(.noListName) }
            if let list = try TaskList.fetchOne(
                db, cached: "SELECT \(TaskList.columns) FROM lists WHERE name_key = ?", arguments: [key]) {
                return list
            }
            let candidates = try TaskList.fetchAll(
                db, cached: "SELECT \(TaskList.columns) FROM lists WHERE name_key >= ? AND name_key < ? ORDER BY position",
                arguments: [key, key + "\u{10FFFF}"])
            switch candidates.count {
            case 1: return candidates[0]
            case 0: throw StoreError.notFound(.listNotFound(query))
            default:
                throw StoreError.ambiguous(.listsMatching(query, count: candidates.count), candidates: candidates.map(\.name))
            }
        }
    }

    /// The items of the list `list` whose name folds to `key` (`NameRules.key`), in list order,
    /// found through the name index. Left to itself, SQLite takes the position index to spare
    /// the sort, and so reads the whole list (100,000 rows, 10 ms) for a name on one row or two.
    static func items(named key: String, in list: UUID, _ db: Database) throws -> [ListItem] {
        try ListItem.fetchAll(
            db, cached: """
                SELECT \(ListItem.columns) FROM items INDEXED BY items_by_name
                WHERE list_id = ? AND name_key = ? ORDER BY position
                """, arguments: [list.key, key])
    }

    static func item(_ ref: ItemRef, in list: TaskList, _ db: Database) throws -> ListItem {
        let select = "SELECT \(ListItem.columns) FROM items WHERE list_id = ?"
        switch ref {
        case .id(let id):
            guard let item = try ListItem.fetch(db, id: id), item.listID == list.id else {
                throw StoreError.notFound(.itemGone(from: list.name))
            }
            return item
        case .name(let typed):
            let query = NameRules.trimmed(typed)
            let key = NameRules.key(query)
            guard !key.isEmpty else { throw StoreError.notFound(.noItemName) }
            let exact = try items(named: key, in: list.id, db)
            if exact.count == 1 { return exact[0] }
            if exact.count > 1 {
                let positions = try exact.map { try index(of: $0, db) + 1 }
                throw StoreError.ambiguous(
                    .itemsNamed(query, count: exact.count, on: list.name), candidates: positions.map(String.init))
            }
            if query.count <= 9, let position = Int(query), query.allSatisfy(\.isASCII) {
                return try item(atPosition: position, in: list, db)
            }
            let candidates = try ListItem.fetchAll(
                db, cached: "\(select) AND name_key >= ? AND name_key < ? ORDER BY position LIMIT 10",
                arguments: [list.id.key, key, key + "\u{10FFFF}"])
            switch candidates.count {
            case 1: return candidates[0]
            case 0: throw StoreError.notFound(.itemNotFound(query, on: list.name))
            default:
                throw StoreError.ambiguous(.itemsMatching(query, on: list.name), candidates: candidates.map(\.name))
            }
        }
    }

    /// The item shown at 1-based `position`.
    static func item(atPosition position: Int, in list: TaskList, _ db: Database) throws -> ListItem {
        let count = try itemCount(list.id, db)
        guard position >= 1, position <= count else {
            throw StoreError.notFound(count == 0 ? .noItems(on: list.name) : .noItem(position, on: list.name, count: count))
        }
        // Walked to from the nearer end of the list.
        let fromEnd = count - position
        let found = position - 1 <= fromEnd
            ? try ListItem.fetchOne(
                db, cached: "SELECT \(ListItem.columns) FROM items WHERE list_id = ? ORDER BY position LIMIT 1 OFFSET ?",
                arguments: [list.id.key, position - 1])
            : try ListItem.fetchOne(
                db, cached: "SELECT \(ListItem.columns) FROM items WHERE list_id = ? ORDER BY position DESC LIMIT 1 OFFSET ?",
                arguments: [list.id.key, fromEnd])
        guard let item = found else { throw StoreError.notFound(.noItem(position, on: list.name, count: nil)) }
        return item
    }

    /// The 0-based index of `item` in its list's order.
    static func index(of item: ListItem, _ db: Database) throws -> Int {
        try Int.fetchOne(
            db, cached: "SELECT count(*) FROM items WHERE list_id = ? AND position < ?",
            arguments: [item.listID.key, item.position]) ?? 0
    }

    /// The list's items and checked items, as `list_counts` keeps them (its triggers run
    /// inside the statement that changes an item); counted only if its row were missing.
    static func counts(_ listID: UUID, _ db: Database) throws -> (items: Int, done: Int) {
        let row = try Row.fetchOne(db, cached: "SELECT items, done FROM list_counts WHERE list_id = ?", arguments: [listID.key])
            ?? Row.fetchOne(
                db, cached: "SELECT count(*), coalesce(sum(done), 0) FROM items WHERE list_id = ?", arguments: [listID.key])
        return (try row?.decode(atIndex: 0) ?? 0, try row?.decode(atIndex: 1) ?? 0)
    }

    static func itemCount(_ listID: UUID, _ db: Database) throws -> Int {
        try counts(listID, db).items
    }

    static func items(of listID: UUID, _ db: Database) throws -> [ListItem] {
        try ListItem.fetchAll(
            db, cached: "SELECT \(ListItem.columns) FROM items WHERE list_id = ? ORDER BY position",
            arguments: [listID.key])
    }

    static func lists(_ db: Database) throws -> [TaskList] {
        try TaskList.fetchAll(db, cached: "SELECT \(TaskList.columns) FROM lists ORDER BY position")
    }

    /// Refuses a name another list already has (ignoring case), other than `except`.
    static func ensureListNameFree(_ name: String, except: UUID? = nil, _ db: Database) throws {
        if let other = try TaskList.fetchOne(
            db, cached: "SELECT \(TaskList.columns) FROM lists WHERE name_key = ?", arguments: [NameRules.key(name)]),
            other.id != except {
            throw StoreError.conflict(.listExists(other.name))
        }
    }
}

/// Sort keys for inserting rows between neighbours. Positions are only compared, so an
/// insert changes one row; when doubles run out of room between two neighbours the caller
/// renumbers the whole list once.
enum Positions {
    /// `count` increasing positions strictly between `before` and `after` (nil: open end),
    /// or nil when there is no room left.
    static func between(_ before: Double?, _ after: Double?, count: Int) -> [Double]? {
        guard count > 0 else { return [] }
        let result: [Double]
        switch (before, after) {
        case (nil, nil): result = (0..<count).map(Double.init)
        case (let b?, nil): result = (1...count).map { b + Double($0) }
        case (nil, let a?): result = (1...count).map { a - Double(count - $0 + 1) }
        case (let b?, let a?):
            let step = (a - b) / Double(count + 1)
            result = (1...count).map { b + step * Double($0) }
        }
        var previous = before ?? -.infinity
        for p in result {
            guard p.isFinite, p > previous else { return nil }
            previous = p
        }
        if let a = after, let last = result.last, !(last < a) { return nil }
        return result
    }
}
