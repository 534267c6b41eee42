import Foundation
import ListStore

/// Lists: paired, created, deleted and renamed on either side.
extension Session {
    /// A collection's name in this side's terms.
    func remoteName(_ remote: RemoteCollection) -> String {
        LocalName.from(remote.displayName ?? "", fallback: Self.lastSegment(remote.href))
    }

    static func lastSegment(_ href: String) -> String {
        let segment = href.split(separator: "/").last.map(String.init) ?? "Tasks"
        return LocalName.from(segment.removingPercentEncoding ?? segment, fallback: "Tasks")
    }

    /// `name`, or "name (2)"… when a list here has it; reserves the result.
    mutating func uniqueName(_ name: String, except current: String? = nil) -> String {
        if let current, NameRules.key(current) == NameRules.key(name) { return name }
        var candidate = name
        var number = 2
        while takenNames.contains(NameRules.key(candidate)) {
            candidate = "\(name) (\(number))"
            number += 1
        }
        takenNames.insert(NameRules.key(candidate))
        return candidate
    }

    mutating func createHere(_ remote: RemoteCollection) async throws {
        let name = uniqueName(remoteName(remote))
        let list = TaskList(name: name, position: 0, created: now, modified: now)
        note(.listCreated(name, onServer: false))
        report.here.listsAdded += 1
        try commit([SyncStep([.createList(list)])])
        try await mergeItems(list: list, synced: nil, remote: remote, created: true)
    }

    mutating func createOnServer(_ local: TaskList, home: String) async throws {
        let href = (home.hasSuffix("/") ? home : home + "/") + local.id.key + "/"
        note(.listCreated(local.name, onServer: true))
        report.server.listsAdded += 1
        if !dryRun {
            do {
                try await client.mkcalendar(href, displayName: local.name)
            } catch {
                // Made by a sync that was cut before it could say so: it is there already.
                guard error.kind == .protocolError || error.kind == .forbidden else { throw error }
                let existing = try await client.collections(in: home)
                guard existing.contains(where: { $0.href == href }) else { throw error }
            }
        }
        let remote = RemoteCollection(href: href, displayName: local.name, ctag: nil, syncToken: nil)
        try await mergeItems(list: local, synced: nil, remote: remote, created: true, newCollection: true)
    }

    mutating func deletedOnServer(_ local: TaskList, _ synced: SyncedList, home: String) async throws {
        let items = snapshot.items[local.id] ?? []
        let states = snapshot.syncedItems[local.id] ?? [:]
        let byItem = Dictionary(states.values.map { ($0.itemID, $0) }, uniquingKeysWith: { first, _ in first })
        let unchanged = local.name == synced.baseName && items.count == states.count
            && items.allSatisfy { item in byItem[item.id].map { Fields(item) == Fields(name: $0.baseName, done: $0.baseDone, position: $0.basePosition) } ?? false }
        if unchanged {
            note(.listDeletedHere(local.name))
            report.here.listsDeleted += 1
            try commit([SyncStep([.deleteList(local.id), .forgetList(local.id)])])
        } else {
            report.noteLines.append(.listKeptAgainstServerDeletion(local.name))
            try commit([SyncStep([.forgetList(local.id)])])
            snapshot.syncedItems[local.id] = nil
            try await createOnServer(local, home: home)
        }
    }

    mutating func deletedHere(_ synced: SyncedList, _ remote: RemoteCollection) async throws {
        let name = remoteName(remote)
        if try await unchangedSince(synced, remote) {
            note(.listDeletedOnServer(name))
            report.server.listsDeleted += 1
            if !dryRun { try await client.delete(remote.href, ifMatch: nil) }
            try commit([SyncStep([.forgetList(synced.listID)])])
        } else {
            report.noteLines.append(.listBackFromServer(name))
            try commit([SyncStep([.forgetList(synced.listID)])])
            snapshot.syncedItems[synced.listID] = nil
            try await createHere(remote)
        }
    }

    /// Every to-do of a collection not synced before, with its data: what its first sync reads
    /// anyway. Asked once per run (a general calendar is listed to see whether it holds to-dos,
    /// and its items are merged from the same answer).
    mutating func firstListing(_ remote: RemoteCollection) async throws -> [DAVClient.Member] {
        let href = remote.href
        if let known = firstListings[href] { return known }
        progress?(.readingItems(of: remoteName(remote)))
        let members = try await client.memberTags(href, withData: true)
        firstListings[href] = members
        return members
    }

    /// Whether the server's collection is as the last sync left it: the same sync token or
    /// ctag, else the same members with the same entity tags.
    func unchangedSince(_ synced: SyncedList, _ remote: RemoteCollection) async throws -> Bool {
        if let token = remote.syncToken, token == synced.syncToken { return true }
        if let ctag = remote.ctag, ctag == synced.ctag { return true }
        let states = snapshot.syncedItems[synced.listID] ?? [:]
        let known = Dictionary(states.values.map { ($0.href, $0.etag) }, uniquingKeysWith: { first, _ in first })
        let members = try await client.memberTags(remote.href)
        return members.count == known.count && members.allSatisfy { member in
            guard let etag = known[member.href] else { return false }
            return etag != nil && etag == member.etag
        }
    }

    /// A list paired with a collection: names first, then items.
    mutating func merge(_ local: TaskList, _ synced: SyncedList?, _ remote: RemoteCollection) async throws {
        var list = local
        let theirs = remoteName(remote)
        var remoteNameNow = theirs
        if let synced {
            let changedHere = local.name != synced.baseName
            let changedThere = theirs != synced.remoteName
            if changedThere && !changedHere {
                let name = uniqueName(theirs, except: local.name)
                if name != local.name {
                    note(.listRenamed(local.name, to: name, onServer: false))
                    report.here.listsRenamed += 1
                    try commit([SyncStep([.renameList(local.id, to: name)])])
                    list.name = name
                }
            } else if changedHere {
                if changedThere && theirs != local.name {
                    record(SyncConflict(date: now, list: local.name, item: "", field: "name", kept: local.name,
                                        lost: theirs, lostSide: .server))
                }
                if theirs != local.name {
                    note(.listRenamed(theirs, to: local.name, onServer: true))
                    report.server.listsRenamed += 1
                    if !dryRun { try await client.setDisplayName(remote.href, local.name) }
                    remoteNameNow = local.name
                }
            }
        }
        try await mergeItems(list: list, synced: synced, remote: remote, created: false, remoteName: remoteNameNow)
    }
}
