import Foundation
import GRDB

/// How lists and items map to rows. Columns are read by index, in `columns` order.
protocol StoredRow: Codable, Equatable, Sendable, FetchableRecord {
    static var table: String { get }
    static var columns: String { get }
    /// `makeInsertSQL()` and `makeUpsertSQL()`, made once (an import inserts 100,000 rows).
    static var insertSQL: String { get }
    static var upsertSQL: String { get }
    var id: UUID { get }
    var arguments: StatementArguments { get }
    /// The row as the undo log keeps it (see `Snapshot`).
    var snapshot: String { get }
}

extension StoredRow {
    static var entity: String { table }

    static func fetch(_ db: Database, id: UUID) throws -> Self? {
        try fetchOne(db, cached: "SELECT \(columns) FROM \(table) WHERE id = ?", arguments: [id.key])
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
        columns.split(separator: ",").map { String($0.filter { $0 != " " }) }
    }

    static func makeInsertSQL() -> String {
        let placeholders = Array(repeating: "?", count: columnNames.count).joined(separator: ", ")
        return "INSERT INTO \(table) (\(columns)) VALUES (\(placeholders))"
    }

    static func makeUpsertSQL() -> String {
        let updates = columnNames.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        return makeInsertSQL() + " ON CONFLICT(id) DO UPDATE SET \(updates)"
    }

    /// Cached like the others: preparing a delete compiles the table's triggers into it,
    /// which costs more than the delete (deleting a list of 100,000 items one by one).
    static func delete(_ db: Database, id: UUID) throws {
        try db.cachedStatement(sql: "DELETE FROM \(table) WHERE id = ?").execute(arguments: [id.key])
    }
}

extension UUID {
    /// A new id: a version 7 UUID (RFC 9562), the time in milliseconds first, then a counter
    /// and random bits, so that ids made one after another sort one after another. SQLite then
    /// adds each new row's id at the end of the id index rather than at a random place in it,
    /// which an import of 100,000 items notices. The random bits come from `RandomBytes`, which
    /// asks the kernel for 4 KB at a time (Foundation's `UUID()` reads /dev/urandom for each id).
    public static func random() -> UUID {
        var bytes = RandomBytes.shared.next16Ordered()
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = raw[6] & 0x0F | 0x70  // version 7
            raw[8] = raw[8] & 0x3F | 0x80  // RFC 4122 variant
            return UUID(uuid: raw.load(as: uuid_t.self))
        }
    }

    /// How ids are stored and shown: lowercase text with dashes, readable with the sqlite3
    /// shell. (Written by hand: `uuidString` goes through snprintf and `UUID(uuidString:)`
    /// through sscanf, and every row read and every resolved name passes an id.)
    public var key: String {
        // A hex digit by arithmetic, not from an array made at each call.
        func digit(_ value: UInt8) -> UInt8 { value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") - 10 + value }
        return withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { out in
                var at = 0
                for (i, byte) in bytes.enumerated() {
                    if i == 4 || i == 6 || i == 8 || i == 10 { out[at] = UInt8(ascii: "-"); at += 1 }
                    out[at] = digit(byte >> 4)
                    out[at + 1] = digit(byte & 0xF)
                    at += 2
                }
                return at
            }
        }
    }

    /// Parses an id in the 8-4-4-4-12 hex form, in either case (what `key` and `uuidString` write).
    public init?(key text: String) {
        var text = text
        let parsed: uuid_t? = text.withUTF8 { utf8 -> uuid_t? in
            guard utf8.count == 36 else { return nil }
            var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            let ok = withUnsafeMutableBytes(of: &value) { out -> Bool in
                var at = 0
                for i in 0..<16 {
                    if i == 4 || i == 6 || i == 8 || i == 10 {
                        guard utf8[at] == UInt8(ascii: "-") else { return false }
                        at += 1
                    }
                    guard let high = Self.hexValue(utf8[at]), let low = Self.hexValue(utf8[at + 1]) else { return false }
                    out[i] = high << 4 | low
                    at += 2
                }
                return true
            }
            return ok ? value : nil
        }
        guard let parsed else { return nil }
        self.init(uuid: parsed)
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

func decodeID(_ row: Row, _ index: Int) throws -> UUID {
    let text: String = try row.decode(atIndex: index)
    guard let id = UUID(key: text) else { throw StoreError.storage(.malformedID(String(text.prefix(40)))) }
    return id
}

extension TaskList: StoredRow {
    static let table = "lists"
    static let columns = "id, name, position, created, modified, name_key"
    static let insertSQL = makeInsertSQL()
    static let upsertSQL = makeUpsertSQL()

    public init(row: Row) throws {
        self.init(
            id: try decodeID(row, 0), name: try row.decode(atIndex: 1), position: try row.decode(atIndex: 2),
            created: Date(millis: try row.decode(atIndex: 3)), modified: Date(millis: try row.decode(atIndex: 4)))
    }

    var arguments: StatementArguments {
        [id.key, name, position, created.millis, modified.millis, NameRules.key(name)]
    }

    var snapshot: String {
        """
        {"id":"\(id.key)","name":\(JSONText.quoted(name)),"position":\(position),\
        "created":\(Snapshot.date(created)),"modified":\(Snapshot.date(modified))}
        """
    }
}

extension ListItem: StoredRow {
    static let table = "items"
    static let columns = "id, list_id, name, done, position, created, modified, name_key"
    static let insertSQL = makeInsertSQL()
    static let upsertSQL = makeUpsertSQL()

    public init(row: Row) throws {
        self.init(
            id: try decodeID(row, 0), listID: try decodeID(row, 1), name: try row.decode(atIndex: 2),
            done: try row.decode(atIndex: 3), position: try row.decode(atIndex: 4),
            created: Date(millis: try row.decode(atIndex: 5)), modified: Date(millis: try row.decode(atIndex: 6)))
    }

    var arguments: StatementArguments {
        [id.key, listID.key, name, done, position, created.millis, modified.millis, NameRules.key(name)]
    }

    var snapshot: String {
        """
        {"id":"\(id.key)","listID":"\(listID.key)","name":\(JSONText.quoted(name)),"done":\(done),\
        "position":\(position),"created":\(Snapshot.date(created)),"modified":\(Snapshot.date(modified))}
        """
    }
}

// Fetches through the connection's statement cache: the store runs the same few queries over
// and over, and preparing one (parsing, GRDB's authorizer) costs more than running it.
extension FetchableRecord {
    static func fetchAll(_ db: Database, cached sql: String, arguments: StatementArguments = []) throws -> [Self] {
        try fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }

    static func fetchOne(_ db: Database, cached sql: String, arguments: StatementArguments = []) throws -> Self? {
        try fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
    }
}

extension DatabaseValueConvertible {
    static func fetchAll(_ db: Database, cached sql: String, arguments: StatementArguments = []) throws -> [Self] {
        try fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }

    static func fetchOne(_ db: Database, cached sql: String, arguments: StatementArguments = []) throws -> Self? {
        try fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
    }
}

extension Row {
    static func fetchAll(_ db: Database, cached sql: String, arguments: StatementArguments = []) throws -> [Row] {
        try fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }

    static func fetchOne(_ db: Database, cached sql: String, arguments: StatementArguments = []) throws -> Row? {
        try fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
    }
}

/// Random bytes for ids, taken from the kernel 4 KB at a time (256 ids per system call).
/// Ids are not secrets: they only need to be unique, which 122 random bits make them.
final class RandomBytes: @unchecked Sendable {
    static let shared = RandomBytes()

    private let lock = NSLock()
    private var buffer = [UInt8](repeating: 0, count: 4096)
    private var used = 4096

    /// The next 16 bytes, each pair of words used once.
    func next16() -> (UInt64, UInt64) {
        lock.lock()
        defer { lock.unlock() }
        return take16()
    }

    /// The bytes of a version 7 id, big-endian: 48 bits of Unix time in milliseconds, 12 bits
    /// of counter (the version's 4 bits are set over the counter's top), then random bits.
    /// Within one millisecond, or when the clock goes back, the counter counts on from the
    /// last id, and past its end the time does: every id sorts after the one before it.
    func next16Ordered() -> (UInt64, UInt64) {
        lock.lock()
        defer { lock.unlock() }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let milliseconds = UInt64(max(0, now.tv_sec)) &* 1000 &+ UInt64(max(0, now.tv_nsec)) / 1_000_000
        let random = take16()
        if milliseconds > lastMilliseconds {
            lastMilliseconds = milliseconds
            counter = random.0 & 0x7FF  // a random start, half the range left to count in
        } else if counter < 0xFFF {
            counter += 1
        } else {
            lastMilliseconds += 1
            counter = 0
        }
        let high = (lastMilliseconds & 0xFFFF_FFFF_FFFF) << 16 | counter
        return (high.bigEndian, random.1)
    }

    private var lastMilliseconds: UInt64 = 0
    private var counter: UInt64 = 0

    private func take16() -> (UInt64, UInt64) {
        if used == buffer.count {
            buffer.withUnsafeMutableBytes { arc4random_buf($0.baseAddress!, $0.count) }
            used = 0
        }
        let value = buffer.withUnsafeBytes { raw in
            (raw.loadUnaligned(fromByteOffset: used, as: UInt64.self), raw.loadUnaligned(fromByteOffset: used + 8, as: UInt64.self))
        }
        used += 16
        return value
    }
}
