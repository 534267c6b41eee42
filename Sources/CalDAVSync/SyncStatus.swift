import Foundation
import ListStore

/// What `listomat sync --status` and the TUI's footer say, read from the store alone.
package struct SyncStatus: Sendable, Equatable {
    package var lastSync: Date?
    /// Why the last sync failed, as data (worded where it is shown); nil after one that went well.
    package var lastErrorMessage: StoreMessage?
    package var lastError: String? { lastErrorMessage?.english }
    package var listsSynced: Int
    /// Changes made here since the last sync: items added, changed or deleted, lists added,
    /// renamed or deleted.
    package var waiting: Int
    package var conflicts: [SyncConflict]
    /// What the last sync could not read, write or match, each with the reason (its report's `problemLines`).
    package var problemMessages: [StoreMessage] = []
    package var problems: [String] { problemMessages.map(\.english) }

    package static func read(_ store: ListStore) throws(StoreError) -> SyncStatus {
        let snapshot = try store.syncSnapshot()
        var waiting = 0
        let present = Set(snapshot.lists.map(\.id))
        for list in snapshot.lists {
            let items = snapshot.items[list.id] ?? []
            guard let synced = snapshot.syncedLists[list.id] else {
                waiting += 1 + items.count
                continue
            }
            if synced.baseName != list.name { waiting += 1 }
            let states = snapshot.syncedItems[list.id] ?? [:]
            var byItem: [UUID: SyncedItem] = [:]
            for state in states.values { byItem[state.itemID] = state }
            for item in items {
                guard let state = byItem.removeValue(forKey: item.id) else { waiting += 1; continue }
                if Fields(item) != Fields(name: state.baseName, done: state.baseDone, position: state.basePosition) {
                    waiting += 1
                }
            }
            waiting += byItem.count
        }
        waiting += snapshot.syncedLists.keys.filter { !present.contains($0) }.count
        return SyncStatus(
            lastSync: snapshot.meta["last_sync"].flatMap(Double.init).map(Date.init(timeIntervalSince1970:)),
            lastErrorMessage: lastError(snapshot.meta),
            listsSynced: snapshot.syncedLists.count, waiting: waiting, conflicts: try store.syncConflicts(limit: 20),
            problemMessages: messages(snapshot.meta, plain: "problems", stored: "problem_messages"))
    }

    /// Why the last sync failed: `last_error_message` (data) when it says what `last_error` (its
    /// English) does, else that English (an older ListOMat wrote only that).
    private static func lastError(_ meta: [String: String]) -> StoreMessage? {
        guard let english = meta["last_error"] else { return nil }
        if let stored = meta["last_error_message"].map(StoreMessage.init(stored:)), stored.english == english { return stored }
        return StoreMessage(plainText: english)
    }

    /// The lines a sync left under `plain` (English, one a line) as messages: from `stored`
    /// (the same as data) when it holds as many, else as the English says them (an older
    /// ListOMat wrote only those).
    private static func messages(_ meta: [String: String], plain: String, stored: String) -> [StoreMessage] {
        guard let text = meta[plain] else { return [] }
        let lines = text.split(separator: "\n").map(String.init)
        let data = meta[stored]?.split(separator: "\n").map { StoreMessage(stored: String($0)) } ?? []
        guard data.count == lines.count, data.map(\.english) == lines else { return lines.map { StoreMessage(plainText: $0) } }
        return data
    }
}
