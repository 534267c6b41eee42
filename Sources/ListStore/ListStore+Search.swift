import Foundation
import GRDB

/// How search compares text: ignoring case and diacritics ("cafe" finds "Café", "EGGS" finds
/// "eggs"), as a substring. The same rules for the store's search and for a view's highlight.
package enum SearchText {
    /// `text` folded for comparison: lowercased, diacritics and width differences removed.
    /// "й" stays itself: in Russian (and the other Cyrillic alphabets that have it) it is a
    /// letter of its own, not и with a mark, so "чай" never finds "чаи" nor "чаи" "чай"; "ё" is
    /// е with a mark, which Russian writing often leaves out, so "еж" finds "Ёжик" and "ёж" "ежик".
    package static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        // U+0439 й, U+0419 Й, U+0306 the breve of a decomposed й: only then split around it.
        guard text.unicodeScalars.contains(where: { $0.value == 0x439 || $0.value == 0x419 || $0.value == 0x306 }) else {
            return foldMarks(text)
        }
        return text.split(separator: "й", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "Й", omittingEmptySubsequences: false) }
            .map { foldMarks(String($0)) }.joined(separator: "й")
    }

    private static func foldMarks(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
    }

    /// Whether `text` contains `folded` (a query already passed through `fold`).
    package static func contains(_ text: String, folded query: String) -> Bool {
        if query.isEmpty { return true }
        // Compared as UTF-8 in place: the SQL function runs this once per row searched.
        var haystack = fold(text)
        var needle = query
        return haystack.withUTF8 { h in needle.withUTF8 { n in firstRange(of: n, in: h) != nil } }
    }

    /// Where `query` occurs in `characters` (each folded on its own), as ranges of indices
    /// into `characters`, not overlapping, left to right. For highlighting what is shown.
    package static func matches(of query: String, in characters: [String]) -> [Range<Int>] {
        let needle = Array(fold(query).utf8)
        guard !needle.isEmpty, !characters.isEmpty else { return [] }
        var bytes: [UInt8] = []
        var owner: [Int] = []  // owner[i]: the character byte i comes from
        for (index, character) in characters.enumerated() {
            let folded = fold(character).utf8
            bytes.append(contentsOf: folded)
            owner.append(contentsOf: repeatElement(index, count: folded.count))
        }
        var ranges: [Range<Int>] = []
        var from = 0
        while from < bytes.count, let found = firstRange(of: needle, in: bytes, from: from) {
            let range = owner[found.lowerBound]..<(owner[found.upperBound - 1] + 1)
            if let last = ranges.last, last.upperBound > range.lowerBound {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                ranges.append(range)
            }
            from = found.upperBound
        }
        return ranges
    }

    private static func firstRange<C: RandomAccessCollection<UInt8>>(
        of needle: C, in haystack: C, from start: Int = 0
    ) -> Range<Int>? where C.Index == Int {
        guard !needle.isEmpty, haystack.count - start >= needle.count else { return nil }
        let first = needle[needle.startIndex]
        var index = haystack.startIndex + start
        let last = haystack.endIndex - needle.count
        while index <= last {
            if haystack[index] == first {
                var matched = 1
                while matched < needle.count, haystack[index + matched] == needle[needle.startIndex + matched] { matched += 1 }
                if matched == needle.count { return index - haystack.startIndex..<index - haystack.startIndex + needle.count }
            }
            index += 1
        }
        return nil
    }

    /// The SQL function `listomat_match(name, foldedQuery)`: 1 when the name contains the query.
    static let function = DatabaseFunction("listomat_match", argumentCount: 2, pure: true) { values in
        guard let name = String.fromDatabaseValue(values[0]), let query = String.fromDatabaseValue(values[1]) else {
            return false
        }
        return contains(name, folded: query)
    }

    /// Makes `listomat_match` known to the connection, once.
    static func register(_ db: Database) throws {
        do {
            _ = try db.cachedStatement(sql: "SELECT listomat_match('', '')")
        } catch {
            db.add(function: function)
        }
    }
}

/// Items of one list that match a search, in the list's order.
package struct ItemMatches: Sendable, Equatable {
    package var items: [ListItem]
    /// False when more items match than were asked for (`items` holds the first ones).
    package var complete: Bool
}

/// A list a search found: by its name, or by some of its items.
package struct ListMatch: Sendable, Equatable {
    package var list: UUID
    package var nameMatches: Bool
}

extension ListStore {
    /// The longest query a search takes (characters); more is cut off.
    public static let searchQueryLimit = 200

    /// The items of `list` whose names contain `query` (ignoring case and diacritics), in
    /// order, at most `limit` of them. Reads each item's name once (a scan of the list's
    /// rows in SQL, nothing else held in memory); an empty query matches nothing.
    package func searchItems(in list: UUID, matching query: String, limit: Int) throws(StoreError) -> ItemMatches {
        let folded = SearchText.fold(String(NameRules.trimmed(query).prefix(Self.searchQueryLimit)))
        guard !folded.isEmpty, limit > 0 else { return ItemMatches(items: [], complete: true) }
        return try read { db in
            try SearchText.register(db)
            let rows = try ListItem.fetchAll(
                db, cached: """
                    SELECT \(ListItem.columns) FROM items WHERE list_id = ? AND listomat_match(name, ?)
                    ORDER BY position LIMIT ?
                    """, arguments: [list.key, folded, limit + 1])
            return ItemMatches(items: Array(rows.prefix(limit)), complete: rows.count <= limit)
        }
    }

    /// The lists, in order, whose name or some item's name contains `query` (ignoring case
    /// and diacritics). An empty query matches nothing.
    package func searchLists(matching query: String) throws(StoreError) -> [ListMatch] {
        let folded = SearchText.fold(String(NameRules.trimmed(query).prefix(Self.searchQueryLimit)))
        guard !folded.isEmpty else { return [] }
        return try read { db in
            try SearchText.register(db)
            let rows = try Row.fetchAll(
                db, cached: """
                    SELECT id, listomat_match(name, ?1) FROM lists l
                    WHERE listomat_match(name, ?1)
                       OR EXISTS (SELECT 1 FROM items i WHERE i.list_id = l.id AND listomat_match(i.name, ?1))
                    ORDER BY position
                    """, arguments: [folded])
            return try rows.map { row in ListMatch(list: try decodeID(row, 0), nameMatches: row[1] as Bool? ?? false) }
        }
    }

    /// Names of lists and items that start with `prefix`, for completing what is typed:
    /// list names first (ignoring case and diacritics), then the items of `list`, then those
    /// of the other lists in order (ignoring case, through the index of names: no scan of the
    /// items, however many); no name twice, at most `limit`.
    public func names(startingWith prefix: String, preferring list: UUID?, limit: Int) throws(StoreError) -> [String] {
        let folded = SearchText.fold(String(prefix.prefix(Self.searchQueryLimit)))
        guard !folded.isEmpty, limit > 0 else { return [] }
        let key = NameRules.key(String(prefix.prefix(Self.searchQueryLimit)))
        return try read { db in
            var names: [String] = []
            var seen = Set<String>()
            func take(_ candidates: [String], prefixOnly: Bool) {
                for name in candidates where names.count < limit {
                    guard !prefixOnly || SearchText.fold(name).hasPrefix(folded) || NameRules.key(name).hasPrefix(key) else { continue }
                    if seen.insert(NameRules.key(name)).inserted { names.append(name) }
                }
            }
            let lists = try Row.fetchAll(db, cached: "SELECT id, name FROM lists ORDER BY position")
            take(lists.map { $0[1] as String }, prefixOnly: true)
            var order = lists.map { $0[0] as String }
            if let list, let index = order.firstIndex(of: list.key) { order.insert(order.remove(at: index), at: 0) }
            for id in order where names.count < limit {
                take(try String.fetchAll(
                    db, cached: """
                        SELECT name FROM items WHERE list_id = ? AND name_key >= ? AND name_key < ? ORDER BY name_key LIMIT ?
                        """, arguments: [id, key, key + "\u{10FFFF}", limit]), prefixOnly: false)
            }
            return names
        }
    }
}
