import Foundation
import GRDB
@testable import ListStore

/// A fresh data directory under the system temp folder, removed at deinit.
final class TempDir {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "listomat-test-" + UUID().uuidString
    }

    var location: StoreLocation { StoreLocation(directory: path) }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A clock tests move by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date = Date(timeIntervalSince1970: 1_795_000_000)) { current = start }

    var now: Date { lock.withLock { current } }
    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
    var closure: @Sendable () -> Date { { [self] in now } }
}

extension ListStore {
    /// "Grocery Store: [ ] milk, [x] eggs" — the whole store as one string, for compact asserts.
    func dump() throws -> String {
        try summaries().map { summary in
            let items = try items(in: .id(summary.list.id)).map { "[\($0.done ? "x" : " ")] \($0.name)" }
            return "\(summary.list.name): " + items.joined(separator: ", ")
        }.joined(separator: "\n")
    }

    func itemNames(_ list: String) throws -> [String] {
        try items(in: .name(list)).map(\.name)
    }

    func rawCount(_ sql: String) throws -> Int {
        try read { db in try Int.fetchOne(db, sql: sql) ?? 0 }
    }
}
