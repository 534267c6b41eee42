import Foundation
import ListStore

/// What `listomat sync --status` and the TUI's footer say, read from the store alone.
package struct SyncStatus: Sendable, Equatable {
    package var lastSync: Date?
    package var lastError: String?
    package var listsSynced: Int
    /// Changes made here since the last sync: items added, changed or deleted, lists added,
    /// renamed or deleted.
    package var waiting: Int
    package var conflicts: [SyncConflict]
    /// What the last sync could not read, write or match, each with the reason (its report's `problems`).
    package var problems: [String] = []

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
            lastError: snapshot.meta["last_error"], listsSynced: snapshot.syncedLists.count, waiting: waiting,
            conflicts: try store.syncConflicts(limit: 20),
            problems: snapshot.meta["problems"].map { $0.split(separator: "\n").map(String.init) } ?? [])
    }
}
