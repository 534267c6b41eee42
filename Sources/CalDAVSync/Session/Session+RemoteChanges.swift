import Foundation
import ListStore

/// What the server changed in a collection since the last sync, read in as few requests as it allows.
extension Session {
    /// What the server holds that changed since the last sync.
    struct RemoteChanges {
        /// Changed or new, with their data.
        var changed: [DAVClient.Member] = []
        var removed: Set<String> = []
        var token: String?
    }

    mutating func remoteChanges(
        _ remote: RemoteCollection, synced: SyncedList?, states: [String: SyncedItem], newCollection: Bool
    ) async throws -> RemoteChanges {
        if newCollection { return RemoteChanges(token: nil) }
        if let synced {
            if let ctag = remote.ctag, ctag == synced.ctag { return RemoteChanges(token: synced.syncToken) }
            if let token = remote.syncToken, token == synced.syncToken { return RemoteChanges(token: token) }
        }
        let byHref = Dictionary(states.values.map { ($0.href, $0) }, uniquingKeysWith: { first, _ in first })
        var members: [DAVClient.Member] = []
        var removed: Set<String> = []
        var token: String?
        var incremental = false
        if let stored = synced?.syncToken {
            do {
                let answer = try await client.syncCollection(remote.href, token: stored)
                members = answer.changed
                removed = Set(answer.removed)
                token = answer.token
                incremental = true
            } catch {
                guard error.kind == .invalidSyncToken else { throw error }
            }
        }
        if !incremental {
            if synced == nil {
                // A first sync: every to-do with its data, in one calendar-query (Radicale takes
                // 1.7 s for 10,000 to-dos, where listing them and then reading them 500 at a time
                // took 6 s, and an initial sync-collection 4.5 s). The next sync whose ctag
                // changed asks for a token.
                members = try await firstListing(remote)
            } else {
                // Everything, with a token for next time where the server gives one (RFC 6578's
                // initial sync); else the to-dos' entity tags.
                do {
                    let answer = try await client.syncCollection(remote.href, token: nil)
                    members = answer.changed
                    token = answer.token
                } catch {
                    guard error.kind == .protocolError || error.kind == .invalidSyncToken else { throw error }
                    members = try await client.memberTags(remote.href)
                }
            }
            let present = Set(members.map(\.href))
            removed = Set(byHref.keys.filter { !present.contains($0) })
        }
        let wanted = members.filter { member in
            guard let state = byHref[member.href] else { return true }
            return member.etag == nil || member.etag != state.etag
        }.map(\.href)
        // Those whose data came with the listing are not read again.
        let wantedSet = Set(wanted)
        let given = members.filter { ($0.data != nil || $0.tooLarge) && wantedSet.contains($0.href) }
        let givenHrefs = Set(given.map(\.href))
        let toRead = wanted.filter { !givenHrefs.contains($0) }
        if toRead.count > 200 { progress?(.readingItems(toRead.count, of: remoteName(remote))) }
        let changed = try await client.multiget(remote.href, hrefs: toRead)
        return RemoteChanges(changed: given + changed, removed: removed, token: token)
    }
}
