import Foundation
import ICalendar
import ListStore

/// What a sync did (or, with `dryRun`, would do), each way. Its lines are data
/// (`SyncMessages.swift`), worded where the report is shown; `--json` gives their English.
package struct SyncReport: Sendable, Encodable, Equatable {
    package struct Counts: Sendable, Codable, Equatable {
        package var listsAdded = 0
        package var listsRenamed = 0
        package var listsDeleted = 0
        package var itemsAdded = 0
        package var itemsChanged = 0
        package var itemsDeleted = 0

        package var isEmpty: Bool { self == Counts() }
    }

    package var dryRun: Bool
    /// Changes made to the lists here.
    package var here = Counts()
    /// Changes sent to the server.
    package var server = Counts()
    /// The same thing changed on both sides: what was kept and what lost.
    package var conflicts: [SyncConflict] = []
    /// Anything else a person should know: an item kept against a deletion, an unreadable
    /// to-do skipped, a change that waits for the next sync.
    package var noteLines: [StoreMessage] = []
    /// Each change ("here: add “milk” to Groceries"), in the order made.
    package var actionLines: [StoreMessage] = []
    /// Items that could not be read, written or matched, each by name with the reason
    /// ("“milk” on Groceries: the server refused it (400)"). Each is left as it is on both
    /// sides and said again at every sync until it goes through or is settled.
    package var problemLines: [StoreMessage] = []

    /// The lines in English.
    package var notes: [String] { noteLines.map(\.english) }
    package var actions: [String] { actionLines.map(\.english) }
    package var problems: [String] { problemLines.map(\.english) }

    package init(dryRun: Bool) {
        self.dryRun = dryRun
    }

    private enum CodingKeys: String, CodingKey {
        case dryRun, here, server, conflicts, notes, actions, problems
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(dryRun, forKey: .dryRun)
        try container.encode(here, forKey: .here)
        try container.encode(server, forKey: .server)
        try container.encode(conflicts, forKey: .conflicts)
        try container.encode(notes, forKey: .notes)
        try container.encode(actions, forKey: .actions)
        try container.encode(problems, forKey: .problems)
    }
}

/// Two-way sync of every list with a calendar collection of to-dos (one VTODO per item).
///
/// Each sync compares both sides with the state the last one left (kept in the store):
/// a side that changed a field wins it; both sides changing the same field is a conflict,
/// won by the later change and recorded; an edit against a deletion keeps the item.
/// Server writes are conditional (`If-Match`, `If-None-Match: *`), and the state of each item
/// is saved as soon as the server took it, so a sync cut anywhere resumes without duplicates.
package struct SyncEngine: Sendable {
    let store: ListStore
    let account: SyncAccount

    package init(store: ListStore, account: SyncAccount) {
        self.store = store
        self.account = account
    }

    /// Syncs; `progress` hears about long steps ("Groceries: 1,200 of 10,000 sent").
    package func run(
        dryRun: Bool = false, progress: (@Sendable (StoreMessage) -> Void)? = nil
    ) async throws(SyncError) -> SyncReport {
        // One sync at a time per data folder (the TUI's background sync and `listomat sync`).
        let lock = try SyncLock(store: store)
        defer { lock?.release() }
        let client = try DAVClient(account: account)
        do {
            var session = Session(store: store, client: client, account: account, dryRun: dryRun, progress: progress)
            let report = try await session.run()
            await client.shutdown()
            return report
        } catch {
            await client.shutdown()
            if let error = error as? SyncError { throw error }
            if let error = error as? StoreError { throw SyncError(.store, error.message) }
            throw SyncError(.store, "\(error)")
        }
    }
}

/// An exclusive `flock` on `sync.lock` beside the database, held for one sync; nil for a
/// store in memory.
final class SyncLock {
    private let descriptor: Int32

    init?(store: ListStore) throws(SyncError) {
        guard let path = store.path else { return nil }
        let lockPath = (path as NSString).deletingLastPathComponent + "/sync.lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw SyncError(.store, "cannot open \(lockPath): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw SyncError(.busy, StoreMessage(
                "sync.error.busy",
                english: "another sync of these lists is running (the terminal UI's, or another listomat sync); try again when it is done"))
        }
        self.descriptor = descriptor
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

/// X-APPLE-SORT-ORDER ↔ position: the store's positions are small numbers with fractions
/// (only their order matters), the property an integer; a thousandth keeps the order of
/// positions placed between others several times over.
enum SortOrder {
    static func of(_ position: Double) -> Int64 {
        let scaled = (position * 1000).rounded()
        guard scaled.isFinite, abs(scaled) < 9e15 else { return 0 }
        return Int64(scaled)
    }

    static func position(_ sortOrder: Int64) -> Double { Double(sortOrder) / 1000 }
}

/// Names from the server, made acceptable here (the store refuses control characters and
/// names over 500 characters): control characters become visible symbols, never executed.
enum LocalName {
    static func from(_ remote: String, fallback: String = "(untitled)") -> String {
        var scalars = String.UnicodeScalarView()
        // What is shown is cut to 500 characters: a huge name is not copied whole first.
        for scalar in remote.unicodeScalars.prefix(NameRules.maximumLength * 4) {
            switch scalar.value {
            case 0x00...0x1F: scalars.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
            case 0x7F: scalars.append("\u{2421}")
            case 0x80...0x9F: scalars.append("\u{FFFD}")
            case 0x2028, 0x2029: scalars.append(" ")
            default: scalars.append(scalar)
            }
        }
        var name = NameRules.trimmed(String(scalars))
        if name.count > NameRules.maximumLength { name = String(name.prefix(NameRules.maximumLength - 1)) + "…" }
        return name.isEmpty ? fallback : name
    }
}

/// An item's three fields as this side keeps them.
struct Fields: Equatable {
    var name: String
    var done: Bool
    var position: Double

    init(name: String, done: Bool, position: Double) {
        self.name = name
        self.done = done
        self.position = position
    }

    init(_ item: ListItem) { self.init(name: item.name, done: item.done, position: item.position) }

    /// A to-do's fields in this side's terms; `position` when it has no sort order.
    init(_ todo: VTodo, position: Double) {
        self.init(name: LocalName.from(todo.summary), done: todo.isCompleted,
                  position: todo.sortOrder.map(SortOrder.position) ?? position)
    }
}
