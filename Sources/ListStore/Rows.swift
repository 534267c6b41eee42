import Foundation
import GRDB

/// How lists and items map to rows. Columns are read by index, in `columns` order.
protocol StoredRow: Codable, Equatable, Sendable, FetchableRecord {
    static var table: String { get }
    static var columns: String { get }
    var id: UUID { get }
    var arguments: StatementArguments { get }
}

extension StoredRow {
    static var entity: String { table }

    static func fetch(_ db: Database, id: UUID) throws -> Self? {
        try fetchOne(db, sql: "SELECT \(columns) FROM \(table) WHERE id = ?", arguments: [id.key])
    }

    func insert(_ db: Database) throws {
        try db.cachedStatement(sql: Self.insertSQL).execute(arguments: arguments)
    }

    /// Insert or overwrite in place. (Not INSERT OR REPLACE: that deletes the old row first,
    /// and deleting a list row would cascade to its items.)
    func replace(_ db: Database) throws {
        try db.cachedStatement(sql: Self.upsertSQL).execute(arguments: arguments)
    }

    private static var columnNames: [String] {
        columns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static var insertSQL: String {
        let placeholders = Array(repeating: "?", count: columnNames.count).joined(separator: ", ")
        return "INSERT INTO \(table) (\(columns)) VALUES (\(placeholders))"
    }

    private static var upsertSQL: String {
        let updates = columnNames.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        return insertSQL + " ON CONFLICT(id) DO UPDATE SET \(updates)"
    }

    static func delete(_ db: Database, id: UUID) throws {
        try db.execute(sql: "DELETE FROM \(table) WHERE id = ?", arguments: [id.key])
    }
}

extension UUID {
    /// How ids are stored: lowercase text, readable with the sqlite3 shell.
    var key: String { uuidString.lowercased() }
}

func decodeID(_ row: Row, _ index: Int) throws -> UUID {
    let text: String = try row.decode(atIndex: index)
    guard let id = UUID(uuidString: text) else { throw StoreError.storage("the database holds a malformed id (\(text.prefix(40)))") }
    return id
}

extension TaskList: StoredRow {
    static let table = "lists"
    static let columns = "id, name, position, created, modified, name_key"

    public init(row: Row) throws {
        self.init(
            id: try decodeID(row, 0), name: try row.decode(atIndex: 1), position: try row.decode(atIndex: 2),
            created: Date(millis: try row.decode(atIndex: 3)), modified: Date(millis: try row.decode(atIndex: 4)))
    }

    var arguments: StatementArguments {
        [id.key, name, position, created.millis, modified.millis, NameRules.key(name)]
    }
}

extension ListItem: StoredRow {
    static let table = "items"
    static let columns = "id, list_id, name, done, position, created, modified, name_key"

    public init(row: Row) throws {
        self.init(
            id: try decodeID(row, 0), listID: try decodeID(row, 1), name: try row.decode(atIndex: 2),
            done: try row.decode(atIndex: 3), position: try row.decode(atIndex: 4),
            created: Date(millis: try row.decode(atIndex: 5)), modified: Date(millis: try row.decode(atIndex: 6)))
    }

    var arguments: StatementArguments {
        [id.key, listID.key, name, done, position, created.millis, modified.millis, NameRules.key(name)]
    }
}
