import Foundation
import ICalendar
import ListStore

/// One sync run: pairs lists with collections, then merges each pair.
struct Session {
    let store: ListStore
    let client: DAVClient
    let account: SyncAccount
    let dryRun: Bool
    let progress: (@Sendable (String) -> Void)?
    var report: SyncReport
    var snapshot: SyncSnapshot
    /// Local list names taken, by key, as lists are created and renamed during the run.
    var takenNames: Set<String> = []
    /// Steps made but not yet written to the store.
    var pending: [SyncStep] = []
    /// The to-dos, with their data, of collections met for the first time this run (see `firstListing`).
    var firstListings: [String: [DAVClient.Member]] = [:]
    let now: Date

    init(store: ListStore, client: DAVClient, account: SyncAccount, dryRun: Bool, progress: (@Sendable (String) -> Void)?) {
        self.store = store
        self.client = client
        self.account = account
        self.dryRun = dryRun
        self.progress = progress
        self.report = SyncReport(dryRun: dryRun)
        self.snapshot = SyncSnapshot()
        // Whole milliseconds, as the store keeps times.
        self.now = Date(timeIntervalSince1970: (store.now.timeIntervalSince1970 * 1000).rounded() / 1000)
    }

    mutating func run() async throws -> SyncReport {
        do {
            return try await runOnce()
        } catch {
            // What the server already took is remembered, so the next sync goes on from there.
            try? flush()
            if !dryRun { try? store.setSyncMeta(["last_error": "\(error)"]) }
            throw error
        }
    }

    private mutating func runOnce() async throws -> SyncReport {
        // The calendar home found last time saves the discovery's round trips. Its collections
        // are asked for first, and the store is read while the server answers (a sync with
        // nothing to do is then about as long as that one request).
        let meta = try store.syncMeta()
        let knownHome = meta["account"] == account.identity ? meta["home"] : nil
        let client = self.client
        async let early = Self.collections(in: knownHome, client)
        snapshot = try store.syncSnapshot()
        let earlyCollections = await early
        if let previous = snapshot.meta["account"], previous != account.identity {
            // Another server or user: its state says nothing of this one. Lists pair by name.
            report.notes.append("the sync state was for \(previous); this sync pairs your lists with \(account.identity)'s by name")
            if !dryRun { try store.forgetSyncState() }
            snapshot.syncedLists = [:]
            snapshot.syncedItems = [:]
        }
        takenNames = Set(snapshot.lists.map { NameRules.key($0.name) })
        // The home found last time, unless it is gone; else found again.
        let home: String
        let collections: [RemoteCollection]
        let synced = snapshot.syncedLists.values
        let noneLeft = { (collections: [RemoteCollection]) in
            !synced.isEmpty && !synced.contains { list in collections.contains { $0.href == list.href } }
        }
        if let known = knownHome, snapshot.meta["account"] == account.identity,
           let found = earlyCollections, !noneLeft(found) {
            home = known
            collections = found
        } else {
            home = try await client.calendarHome()
            collections = try await client.collections(in: home)
        }
        // Every list synced before gone at once is more likely a moved home or another account
        // than deletions: nothing is deleted on that guess.
        if synced.count >= 2 && noneLeft(collections) {
            throw SyncError(.protocolError, "none of the \(synced.count) lists synced before are on the server any more (\(home)); nothing was changed. If they were deleted there, delete them here too, or run `listomat sync --forget` to start over")
        }
        if !dryRun { try store.setSyncMeta(["account": account.identity, "home": home]) }

        var byHref: [String: RemoteCollection] = [:]
        for collection in collections { byHref[collection.href] = collection }
        var localByID: [UUID: TaskList] = [:]
        for list in snapshot.lists { localByID[list.id] = list }

        // Pairs the last sync made.
        var pairedHrefs: Set<String> = []
        var pairedLists: Set<UUID> = []
        for synced in snapshot.syncedLists.values.sorted(by: { $0.href < $1.href }) {
            let local = localByID[synced.listID]
            let remote = byHref[synced.href]
            pairedHrefs.insert(synced.href)
            pairedLists.insert(synced.listID)
            switch (local, remote) {
            case let (local?, remote?):
                try await merge(local, synced, remote)
            case let (local?, nil):
                try await deletedOnServer(local, synced, home: home)
            case let (nil, remote?):
                try await deletedHere(synced, remote)
            case (nil, nil):
                try commit([SyncStep([.forgetList(synced.listID)])])
            }
            try flush()
        }
        // Lists new on either side; a name on both is one list (a first sync, or a second device).
        var unpairedRemote = collections.filter { !pairedHrefs.contains($0.href) }
        for local in snapshot.lists where !pairedLists.contains(local.id) {
            if let index = unpairedRemote.firstIndex(where: { NameRules.key(remoteName($0)) == NameRules.key(local.name) }) {
                let remote = unpairedRemote.remove(at: index)
                try await merge(local, nil, remote)
            } else {
                try await createOnServer(local, home: home)
            }
            try flush()
        }
        for remote in unpairedRemote {
            // A general calendar with no to-dos is not a list.
            if remote.eventsToo, try await firstListing(remote).isEmpty { continue }
            try await createHere(remote)
            try flush()
        }
        if !dryRun {
            try store.setSyncMeta(["last_sync": String(now.timeIntervalSince1970), "last_error": nil])
        }
        return report
    }

    /// The collections of a home, or nil (no home known, or the server did not answer).
    static func collections(in home: String?, _ client: DAVClient) async -> [RemoteCollection]? {
        guard let home else { return nil }
        return try? await client.collections(in: home)
    }

    // MARK: - Lists

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
        note("here: create the list \(name)")
        report.here.listsAdded += 1
        try commit([SyncStep([.createList(list)])])
        try await mergeItems(list: list, synced: nil, remote: remote, created: true)
    }

    mutating func createOnServer(_ local: TaskList, home: String) async throws {
        let href = (home.hasSuffix("/") ? home : home + "/") + local.id.key + "/"
        note("server: create the list \(local.name)")
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
            note("here: delete the list \(local.name) (deleted on the server)")
            report.here.listsDeleted += 1
            try commit([SyncStep([.deleteList(local.id), .forgetList(local.id)])])
        } else {
            report.notes.append("kept the list \(local.name): it was deleted on the server after it changed here, so it is created there again")
            try commit([SyncStep([.forgetList(local.id)])])
            snapshot.syncedItems[local.id] = nil
            try await createOnServer(local, home: home)
        }
    }

    mutating func deletedHere(_ synced: SyncedList, _ remote: RemoteCollection) async throws {
        let name = remoteName(remote)
        if try await unchangedSince(synced, remote) {
            note("server: delete the list \(name)")
            report.server.listsDeleted += 1
            if !dryRun { try await client.delete(remote.href, ifMatch: nil) }
            try commit([SyncStep([.forgetList(synced.listID)])])
        } else {
            report.notes.append("kept the list \(name): it changed on the server after you deleted it here, so it is back")
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
        progress?("\(remoteName(remote)): reading its items from the server")
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
                    note("here: rename the list \(local.name) to \(name)")
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
                    note("server: rename the list \(theirs) to \(local.name)")
                    report.server.listsRenamed += 1
                    if !dryRun { try await client.setDisplayName(remote.href, local.name) }
                    remoteNameNow = local.name
                }
            }
        }
        try await mergeItems(list: list, synced: synced, remote: remote, created: false, remoteName: remoteNameNow)
    }

    // MARK: - Items

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
        let given = members.filter { $0.data != nil && wantedSet.contains($0.href) }
        let givenHrefs = Set(given.map(\.href))
        let toRead = wanted.filter { !givenHrefs.contains($0) }
        if toRead.count > 200 { progress?("\(remoteName(remote)): reading \(toRead.count) items from the server") }
        let changed = try await client.multiget(remote.href, hrefs: toRead)
        return RemoteChanges(changed: given + changed, removed: removed, token: token)
    }

    /// A change to send to the server, and what to write here once it took it.
    struct Push {
        enum Request {
            case put(ics: String, condition: DAVClient.Condition)
            case delete(ifMatch: String?)
        }

        var href: String
        var request: Request
        /// Written after the server took the change; the state's etag comes from its answer.
        var operations: [SyncStep.Operation]
        var state: SyncedItem?
        var description: String
    }

    mutating func mergeItems(
        list: TaskList, synced: SyncedList?, remote: RemoteCollection, created: Bool, newCollection: Bool = false,
        remoteName remoteNameNow: String? = nil
    ) async throws {
        let states = snapshot.syncedItems[list.id] ?? [:]
        let changes = try await remoteChanges(remote, synced: synced, states: states, newCollection: newCollection)
        let items = created && !newCollection ? [] : (snapshot.items[list.id] ?? [])
        var localByID: [UUID: ListItem] = [:]
        for item in items { localByID[item.id] = item }
        var stateByHref: [String: SyncedItem] = [:]
        var stateByItem: [UUID: SyncedItem] = [:]
        for state in states.values {
            stateByHref[state.href] = state
            stateByItem[state.itemID] = state
        }
        var local: [SyncStep] = []
        var pushes: [Push] = []
        var handled: Set<UUID> = []
        var nextPosition = (items.map(\.position).max() ?? -1) + 1
        let collection = remote.href

        // What the server changed, item by item.
        var remoteNew: [(DAVClient.Member, VTodo)] = []
        for member in changes.changed {
            // Events and journal entries in a calendar that holds to-dos too are not ours.
            guard let data = member.data, data.range(of: "BEGIN:VTODO", options: .caseInsensitive) != nil else { continue }
            let todo: VTodo
            do {
                todo = try VTodo(data: Array(data.utf8))
            } catch {
                report.notes.append("skipped an unreadable to-do on the server (\(member.href)): \(error)")
                continue
            }
            if let state = stateByHref[member.href] ?? states[todo.uid] {
                handled.insert(state.itemID)
                let item = localByID[state.itemID]
                mergeChanged(list: list, state: state, item: item, member: member, todo: todo, &local, &pushes)
            } else {
                remoteNew.append((member, todo))
            }
        }
        // Taken by the server from items that have no state yet: a sync cut after the
        // server took an item (its UID is the item's id), or a first sync pairing by name.
        var unpaired = Set(items.lazy.filter { stateByItem[$0.id] == nil }.map(\.id))
        var unpairedByName: [String: [UUID]] = [:]
        if synced == nil {
            for item in items where unpaired.contains(item.id) {
                unpairedByName[NameRules.key(item.name), default: []].append(item.id)
            }
        }
        for (member, todo) in remoteNew {
            var match = UUID(key: todo.uid.lowercased()).flatMap { unpaired.contains($0) ? $0 : nil }
            if match == nil, synced == nil {
                let key = NameRules.key(LocalName.from(todo.summary))
                while let candidate = unpairedByName[key]?.first, match == nil {
                    unpairedByName[key]?.removeFirst()
                    if unpaired.contains(candidate) { match = candidate }
                }
            }
            if let id = match, let item = localByID[id] {
                unpaired.remove(id)
                handled.insert(item.id)
                let base = SyncedItem(
                    listID: list.id, uid: todo.uid, itemID: item.id, href: member.href, etag: nil, baseName: "",
                    baseDone: false, basePosition: .nan, ics: "")
                mergeChanged(list: list, state: base, item: item, member: member, todo: todo, firstPairing: true, &local, &pushes)
            } else {
                let fields = Fields(todo, position: nextPosition)
                nextPosition = max(nextPosition, fields.position) + 1
                let item = ListItem(listID: list.id, name: fields.name, done: fields.done, position: fields.position,
                                    created: now, modified: todo.lastModified ?? now)
                note("here: add “\(item.name)” to \(list.name)")
                report.here.itemsAdded += 1
                local.append(SyncStep([.putItem(item, expected: nil), .saveItem(state(list, todo.uid, item, member, todo))]))
            }
        }
        // What the server removed.
        for href in changes.removed {
            guard let state = stateByHref[href], !handled.contains(state.itemID) else { continue }
            handled.insert(state.itemID)
            if let item = localByID[state.itemID] {
                if Fields(item) == Fields(name: state.baseName, done: state.baseDone, position: state.basePosition) {
                    note("here: delete “\(item.name)” from \(list.name)")
                    report.here.itemsDeleted += 1
                    local.append(SyncStep([.deleteItem(item), .forgetItem(list: list.id, uid: state.uid)]))
                } else {
                    // Changed here after the server deleted it: kept, and sent again.
                    record(SyncConflict(date: now, list: list.name, item: item.name, field: "deleted", kept: item.name,
                                        lost: "deleted on the server", lostSide: .server))
                    var todo = (try? VTodo(text: state.ics)) ?? VTodo.make(
                        uid: state.uid, summary: item.name, completed: item.done, sortOrder: SortOrder.of(item.position), now: now)
                    todo.update(summary: item.name, completed: item.done, sortOrder: SortOrder.of(item.position), now: now)
                    pushes.append(Push(
                        href: href, request: .put(ics: todo.serialized(), condition: .absent), operations: [],
                        state: baseState(list, item: item, uid: state.uid, href: href, ics: todo.serialized()),
                        description: "server: add “\(item.name)” to \(list.name) again"))
                    report.server.itemsAdded += 1
                }
            } else {
                local.append(SyncStep([.forgetItem(list: list.id, uid: state.uid)]))
            }
        }
        // What changed here, for items the server did not change.
        for state in states.values where !handled.contains(state.itemID) {
            if let item = localByID[state.itemID] {
                let base = Fields(name: state.baseName, done: state.baseDone, position: state.basePosition)
                let fields = Fields(item)
                guard fields != base else { continue }
                guard var todo = try? VTodo(text: state.ics) else { continue }
                let moved = SortOrder.of(fields.position) != SortOrder.of(base.position)
                guard todo.update(
                    summary: fields.name != base.name ? item.name : todo.summary,
                    completed: fields.done != base.done ? item.done : todo.isCompleted,
                    sortOrder: moved ? SortOrder.of(item.position) : nil, now: now)
                else {
                    local.append(SyncStep([.saveItem(baseState(list, item: item, uid: state.uid, href: state.href,
                                                               ics: state.ics, etag: state.etag))]))
                    continue
                }
                let ics = todo.serialized()
                pushes.append(Push(
                    href: state.href, request: .put(ics: ics, condition: state.etag.map { .version($0) } ?? .exists), operations: [],
                    state: baseState(list, item: item, uid: state.uid, href: state.href, ics: ics),
                    description: "server: \(describe(base, fields, item: item.name)) on \(list.name)"))
                report.server.itemsChanged += 1
            } else {
                // Deleted here (or moved to another list), unchanged on the server.
                pushes.append(Push(
                    href: state.href, request: .delete(ifMatch: state.etag), operations: [.forgetItem(list: list.id, uid: state.uid)],
                    state: nil, description: "server: delete “\(state.baseName)” from \(list.name)"))
                report.server.itemsDeleted += 1
            }
        }
        // New here.
        for item in items where unpaired.contains(item.id) && !handled.contains(item.id) {
            let uid = item.id.key
            let href = collection + uid + ".ics"
            let todo = VTodo.make(uid: uid, summary: item.name, completed: item.done, sortOrder: SortOrder.of(item.position), now: now)
            let ics = todo.serialized()
            pushes.append(Push(
                href: href, request: .put(ics: ics, condition: .absent), operations: [],
                state: baseState(list, item: item, uid: uid, href: href, ics: ics),
                description: "server: add “\(item.name)” to \(list.name)"))
            report.server.itemsAdded += 1
        }

        try commit(local)
        try await send(pushes, listName: list.name)
        let name = remoteNameNow ?? remoteName(remote)
        try commit([SyncStep([.saveList(SyncedList(
            listID: list.id, href: remote.href, baseName: list.name, remoteName: newCollection ? list.name : name,
            ctag: newCollection ? nil : remote.ctag, syncToken: changes.token))])])
    }

    /// An item the server changed (or, with `firstPairing`, one both sides have without a
    /// common past): field by field.
    mutating func mergeChanged(
        list: TaskList, state: SyncedItem, item: ListItem?, member: DAVClient.Member, todo: VTodo, firstPairing: Bool = false,
        _ local: inout [SyncStep], _ pushes: inout [Push]
    ) {
        guard let item else {
            // Deleted here, changed on the server: the change wins, the item comes back.
            let fields = Fields(todo, position: state.basePosition.isNaN ? 0 : state.basePosition)
            let restored = ListItem(listID: list.id, name: fields.name, done: fields.done, position: fields.position,
                                    created: now, modified: todo.lastModified ?? now)
            record(SyncConflict(date: now, list: list.name, item: restored.name, field: "deleted", kept: restored.name,
                                lost: "deleted here", lostSide: .here))
            note("here: add “\(restored.name)” to \(list.name) again (changed on the server after you deleted it)")
            report.here.itemsAdded += 1
            local.append(SyncStep([.putItem(restored, expected: nil), .saveItem(self.state(list, todo.uid, restored, member, todo))]))
            return
        }
        let here = Fields(item)
        let base = firstPairing ? nil : Fields(name: state.baseName, done: state.baseDone, position: state.basePosition)
        let remoteBase = firstPairing ? nil : (try? VTodo(text: state.ics)).map { Fields($0, position: state.basePosition) }
        let there = Fields(todo, position: remoteBase?.position ?? here.position)
        let hereIsLater = item.modified >= (todo.lastModified ?? .distantPast)
        var merged = here
        var sendName = false, sendDone = false, sendPosition = false

        func decide<T: Equatable>(
            _ field: String, _ mine: T, _ theirs: T, _ baseMine: T?, _ baseTheirs: T?, quiet: Bool = false, show: (T) -> String
        ) -> Bool? {
            let changedHere = baseMine.map { $0 != mine } ?? true
            let changedThere = baseTheirs.map { $0 != theirs } ?? true
            if !changedThere { return changedHere ? true : nil }
            if !changedHere { return false }
            if show(mine) == show(theirs) { return nil }
            // An order is not something typed: the later one wins without a word.
            if quiet { return hereIsLater }
            record(SyncConflict(date: now, list: list.name, item: item.name, field: field,
                                kept: show(hereIsLater ? mine : theirs), lost: show(hereIsLater ? theirs : mine),
                                lostSide: hereIsLater ? .server : .here))
            return hereIsLater
        }
        // true: this side's value goes to the server; false: the server's comes here; nil: same.
        switch decide("name", here.name, there.name, base?.name, remoteBase?.name, show: { $0 }) {
        case true?: sendName = true
        case false?: merged.name = there.name
        case nil: break
        }
        switch decide("done", here.done, there.done, base?.done, remoteBase?.done, show: { $0 ? "checked" : "unchecked" }) {
        case true?: sendDone = true
        case false?: merged.done = there.done
        case nil: break
        }
        let positionHere = SortOrder.of(here.position), positionThere = SortOrder.of(there.position)
        switch decide("position", positionHere, positionThere, base.map { SortOrder.of($0.position) },
                      remoteBase.map { SortOrder.of($0.position) }, quiet: true, show: { String($0) }) {
        case true?: sendPosition = todo.sortOrder != positionHere
        case false?: merged.position = there.position
        case nil: break
        }
        if firstPairing && todo.sortOrder == nil { sendPosition = false; merged.position = here.position }

        var updated = todo
        let changedThere = updated.update(
            summary: sendName ? here.name : todo.summary, completed: sendDone ? here.done : todo.isCompleted,
            sortOrder: sendPosition ? positionHere : nil, now: now)
        var newItem = item
        newItem.name = merged.name
        newItem.done = merged.done
        newItem.position = merged.position
        let changedHere = newItem != item
        if changedHere {
            newItem.modified = now
            note("here: \(describe(here, merged, item: item.name)) on \(list.name)")
            report.here.itemsChanged += 1
        }
        let ics = updated.serialized()
        let newState = SyncedItem(
            listID: list.id, uid: todo.uid, itemID: item.id, href: member.href, etag: member.etag, baseName: merged.name,
            baseDone: merged.done, basePosition: merged.position, ics: changedThere ? ics : (member.data ?? ics))
        let write: [SyncStep.Operation] = changedHere ? [.putItem(newItem, expected: item)] : []
        if changedThere {
            report.server.itemsChanged += 1
            pushes.append(Push(
                href: member.href, request: .put(ics: ics, condition: member.etag.map { .version($0) } ?? .exists), operations: write,
                state: newState, description: "server: \(describe(there, merged, item: todo.summary)) on \(list.name)"))
        } else {
            local.append(SyncStep(write + [.saveItem(newState)]))
        }
    }

    func state(_ list: TaskList, _ uid: String, _ item: ListItem, _ member: DAVClient.Member, _ todo: VTodo) -> SyncedItem {
        SyncedItem(listID: list.id, uid: uid, itemID: item.id, href: member.href, etag: member.etag, baseName: item.name,
                   baseDone: item.done, basePosition: item.position, ics: member.data ?? todo.serialized())
    }

    func baseState(_ list: TaskList, item: ListItem, uid: String, href: String, ics: String, etag: String? = nil) -> SyncedItem {
        SyncedItem(listID: list.id, uid: uid, itemID: item.id, href: href, etag: etag, baseName: item.name,
                   baseDone: item.done, basePosition: item.position, ics: ics)
    }

    /// "check off “milk”", "rename “milk” to “oat milk”", "move “milk”".
    func describe(_ from: Fields, _ to: Fields, item: String) -> String {
        var parts: [String] = []
        if from.name != to.name { parts.append("rename “\(from.name)” to “\(to.name)”") }
        if from.done != to.done { parts.append("\(to.done ? "check off" : "uncheck") “\(to.name)”") }
        if SortOrder.of(from.position) != SortOrder.of(to.position) { parts.append("move “\(to.name)”") }
        return parts.isEmpty ? "update “\(item)”" : parts.joined(separator: ", ")
    }

    // MARK: - Sending and saving

    mutating func send(_ pushes: [Push], listName: String) async throws {
        var sent = 0
        for push in pushes {
            note(push.description)
            if dryRun { continue }
            do {
                switch push.request {
                case .put(let ics, let condition):
                    let etag = try await client.put(push.href, ics: ics, condition: condition)
                    var operations = push.operations
                    if var state = push.state {
                        state.etag = etag
                        operations.append(.saveItem(state))
                    }
                    pending.append(SyncStep(operations))
                case .delete(let ifMatch):
                    try await client.delete(push.href, ifMatch: ifMatch)
                    pending.append(SyncStep(push.operations))
                }
            } catch {
                // Someone else changed it since we read it: merged at the next sync.
                guard error.kind == .changedMeanwhile else { throw error }
                report.notes.append("“\(push.href.split(separator: "/").last ?? "")” on \(listName) changed on the server during the sync; it is merged at the next sync")
            }
            sent += 1
            if pending.count >= 200 { try flush() }
            if pushes.count > 200, sent % 500 == 0 { progress?("\(listName): \(sent) of \(pushes.count) changes sent") }
        }
    }

    mutating func commit(_ steps: [SyncStep]) throws {
        pending.append(contentsOf: steps)
        if pending.count >= 500 { try flush() }
    }

    mutating func flush() throws {
        defer { pending = [] }
        guard !dryRun, !pending.isEmpty else { return }
        let skipped = try store.applySync(pending)
        if skipped > 0 {
            report.notes.append("\(skipped) change\(skipped == 1 ? "" : "s") from the server waited: the item changed here during the sync (merged at the next sync)")
        }
    }

    mutating func record(_ conflict: SyncConflict) {
        report.conflicts.append(conflict)
        pending.append(SyncStep([.conflict(conflict)]))
    }

    mutating func note(_ action: String) {
        report.actions.append(action)
    }
}
