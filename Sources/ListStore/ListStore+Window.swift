import Foundation
import GRDB

/// A stretch of a list's items, for a view that shows a few of many: the TUI keeps the rows
/// it shows plus a margin, not a list of 100,000.
public struct ItemWindow: Sendable, Equatable {
    /// The list the rows come from, with its counts, read with them.
    package var summary: ListSummary
    /// The 0-based index of `items[0]` in the list.
    package var start: Int
    /// Rows `start ..< start + items.count` of the list, in order.
    package var items: [ListItem]
    /// The index of the item asked to be kept, when it is still on the list.
    package var keptIndex: Int?

    package init(summary: ListSummary, start: Int, items: [ListItem], keptIndex: Int? = nil) {
        self.summary = summary
        self.start = start
        self.items = items
        self.keptIndex = keptIndex
    }
}

/// A row whose index in its list is known (from a window read before): a window read walks
/// from it instead of from an end of the list when it is nearer.
package struct KnownRow: Sendable, Equatable {
    package var index: Int
    package var position: Double

    package init(index: Int, position: Double) {
        self.index = index
        self.position = position
    }
}

extension ListStore {
    /// A window on the items of the list `list`: the rows from `before` rows before row
    /// `index` to `after` rows from it on (clamped to the list), with the list and its counts,
    /// all read together. When `item` is still on the list the window is around it instead,
    /// and `keptIndex` says where it is.
    ///
    /// Costs the rows read plus the distance walked to the first of them: from whichever is
    /// nearest of the list's start, its end and `known` (row positions are indexed, but an
    /// index in the list is found only by counting). Finding `item`'s index counts from an
    /// end of the list.
    package func itemWindow(
        of list: UUID, around index: Int, keeping item: UUID? = nil, before: Int, after: Int, near known: KnownRow? = nil
    ) throws(StoreError) -> ItemWindow {
        try read { db in
            let list = try Lookup.list(.id(list), db)
            let (count, done) = try Lookup.counts(list.id, db)
            var center = min(max(index, 0), max(count - 1, 0))
            var keptIndex: Int?
            if let item, let row = try ListItem.fetch(db, id: item), row.listID == list.id {
                keptIndex = try Window.index(of: row.position, in: list.id, count: count, db)
                center = keptIndex!
            }
            let start = max(0, center - max(0, before))
            let end = min(count, center + max(0, after))
            let items = try Window.rows(of: list.id, from: start, limit: end - start, count: count, near: known, db)
            return ItemWindow(
                summary: ListSummary(list: list, itemCount: count, completedCount: done),
                start: start, items: items, keptIndex: keptIndex)
        }
    }
}

enum Window {
    /// The index of the row at `position`: the rows before it, counted from the nearer end
    /// (the rows after it are counted first, at most half the list).
    static func index(of position: Double, in list: UUID, count: Int, _ db: Database) throws -> Int {
        let half = count / 2 + 1
        let after = try Int.fetchOne(
            db, cached: """
                SELECT count(*) FROM (SELECT 1 FROM items WHERE list_id = ? AND position >= ? LIMIT ?)
                """, arguments: [list.key, position, half]) ?? 0
        if after < half { return max(0, count - after) }
        return try Int.fetchOne(
            db, cached: "SELECT count(*) FROM items WHERE list_id = ? AND position < ?",
            arguments: [list.key, position]) ?? 0
    }

    /// `limit` rows from the 0-based row `start`, in order.
    static func rows(
        of list: UUID, from start: Int, limit: Int, count: Int, near known: KnownRow?, _ db: Database
    ) throws -> [ListItem] {
        guard limit > 0, start < count else { return [] }
        let from = try position(ofRow: start, in: list, count: count, near: known, db)
            ?? position(ofRow: start, in: list, count: count, near: nil, db)
        guard let from else { return [] }
        return try ListItem.fetchAll(
            db, cached: """
                SELECT \(ListItem.columns) FROM items WHERE list_id = ? AND position >= ? ORDER BY position LIMIT ?
                """, arguments: [list.key, from, limit])
    }

    /// The position of the 0-based row `row`, walking the position index from the nearest of
    /// the list's start, its end and `known`. Nil when there is no such row (or `known` is
    /// out of date and the walk from it runs off the list).
    private static func position(
        ofRow row: Int, in list: UUID, count: Int, near known: KnownRow?, _ db: Database
    ) throws -> Double? {
        let fromStart = row
        let fromEnd = count - 1 - row
        if let known, abs(row - known.index) < min(fromStart, fromEnd) {
            if row >= known.index {
                return try Double.fetchOne(
                    db, cached: """
                        SELECT position FROM items WHERE list_id = ? AND position >= ? ORDER BY position LIMIT 1 OFFSET ?
                        """, arguments: [list.key, known.position, row - known.index])
            }
            return try Double.fetchOne(
                db, cached: """
                    SELECT position FROM items WHERE list_id = ? AND position < ? ORDER BY position DESC LIMIT 1 OFFSET ?
                    """, arguments: [list.key, known.position, known.index - row - 1])
        }
        if fromStart <= fromEnd {
            return try Double.fetchOne(
                db, cached: "SELECT position FROM items WHERE list_id = ? ORDER BY position LIMIT 1 OFFSET ?",
                arguments: [list.key, fromStart])
        }
        return try Double.fetchOne(
            db, cached: "SELECT position FROM items WHERE list_id = ? ORDER BY position DESC LIMIT 1 OFFSET ?",
            arguments: [list.key, max(0, fromEnd)])
    }
}
