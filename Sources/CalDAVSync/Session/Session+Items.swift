import Foundation
import ICalendar
import ListStore

/// A list's items merged with the server's to-dos: what changed on either side since the
/// last sync, and what is new on either side.
extension Session {
    /// One list's items while they are merged with a collection's to-dos: what this side has,
    /// the state the last sync left, and the steps and changes decided so far.
    struct ItemMerge {
        let list: TaskList
        let items: [ListItem]
        /// The last sync's states, by the to-do's href (its UID is data: two may share one).
        let states: [String: SyncedItem]
        let localByID: [UUID: ListItem]
        let stateByHref: [String: SyncedItem]
        let stateByItem: [UUID: SyncedItem]
        /// Items here with no state yet, until a to-do on the server is paired with them.
        var unpaired: Set<UUID>
        /// Items whose change or removal on the server is dealt with.
        var handled: Set<UUID> = []
        /// Steps to write here.
        var local: [SyncStep] = []
        /// Changes to send to the server.
        var pushes: [Push] = []

        init(list: TaskList, items: [ListItem], states: [String: SyncedItem]) {
            self.list = list
            self.items = items
            self.states = states
            var localByID: [UUID: ListItem] = [:]
            for item in items { localByID[item.id] = item }
            var stateByHref: [String: SyncedItem] = [:]
            var stateByItem: [UUID: SyncedItem] = [:]
            for state in states.values {
                stateByHref[state.href] = state
                stateByItem[state.itemID] = state
            }
            self.localByID = localByID
            self.stateByHref = stateByHref
            self.stateByItem = stateByItem
            unpaired = Set(items.lazy.filter { stateByItem[$0.id] == nil }.map(\.id))
        }
    }

    /// A list's items and a collection's to-dos merged: the server's changes, new to-dos and
    /// removals, then this side's changes and new items; written here, sent, and the pair's
    /// state saved.
    mutating func mergeItems(
        list: TaskList, synced: SyncedList?, remote: RemoteCollection, created: Bool, newCollection: Bool = false,
        remoteName remoteNameNow: String? = nil
    ) async throws {
        let states = snapshot.syncedItems[list.id] ?? [:]
        let changes = try await remoteChanges(remote, synced: synced, states: states, newCollection: newCollection)
        let items = created && !newCollection ? [] : (snapshot.items[list.id] ?? [])
        var merge = ItemMerge(list: list, items: items, states: states)
        let remoteNew = mergeChangedOnServer(changes.changed, &merge)
        pairOrAdd(remoteNew, firstSync: synced == nil, &merge)
        mergeRemovedOnServer(changes.removed, &merge)
        sendChangedHere(&merge)
        sendNewHere(collection: remote.href, &merge)

        try commit(merge.local)
        sent = [:]
        let refused = try await send(merge.pushes, listName: list.name)
        let name = remoteNameNow ?? remoteName(remote)
        var ctag = newCollection || refused ? nil : remote.ctag
        var token = refused ? nil : changes.token
        if !refused, !sent.isEmpty, let before = token, let after = await tokenAfterOwnChanges(remote.href, since: before) {
            // The collection is as this run left it: the next sync need not read it again.
            (ctag, token) = (nil, after)
            learntOwnTokens = true
        }
        try commit([SyncStep([.saveList(SyncedList(
            listID: list.id, href: remote.href, baseName: list.name, remoteName: newCollection ? list.name : name,
            ctag: ctag, syncToken: token))])])
    }

    /// After changes sent to a collection read with a sync token: the new token, when the
    /// server's changes since `before` are exactly this run's own (each to-do with the entity tag
    /// its PUT answered, each deletion gone). Then the next sync, finding that token, reads
    /// nothing, where it would otherwise ask again for what it sent. Nil when anything else
    /// changed meanwhile, a PUT gave no entity tag, or the server does not answer: the next
    /// sync reads the changes as usual.
    func tokenAfterOwnChanges(_ href: String, since before: String) async -> String? {
        guard sent.values.allSatisfy({ $0 != .saved(etag: nil) }),
              let answer = try? await client.syncCollection(href, token: before), let after = answer.token
        else { return nil }
        var theirs = answer.changed.map { ($0.href, SentChange.saved(etag: $0.etag)) } + answer.removed.map { ($0, SentChange.deleted) }
        theirs.removeAll { sent[$0.0] == $0.1 }
        return theirs.isEmpty ? after : nil
    }

    /// What the server changed, item by item: a to-do with a state from the last sync is
    /// merged with its item; the others are returned, for `pairOrAdd`.
    mutating func mergeChangedOnServer(
        _ changed: [DAVClient.Member], _ merge: inout ItemMerge
    ) -> [(DAVClient.Member, VTodo)] {
        var remoteNew: [(DAVClient.Member, VTodo)] = []
        for member in changed {
            if member.tooLarge {
                problem(.tooLargeToRead(member.href.split(separator: "/").last.map(String.init) ?? member.href, on: merge.list.name,
                                        most: XMLReader.maximumText / 1_000_000))
                continue
            }
            // Events and journal entries in a calendar that holds to-dos too are not ours.
            guard let data = member.data, Self.holdsToDo(data) else { continue }
            let todo: VTodo
            do {
                todo = try VTodo(data: Array(data.utf8))
            } catch {
                problem(.unreadable(Self.looseName(data, href: member.href), on: merge.list.name, reason: "\(error)"))
                continue
            }
            if let state = merge.stateByHref[member.href] {
                merge.handled.insert(state.itemID)
                let item = merge.localByID[state.itemID]
                mergeChanged(list: merge.list, state: state, item: item, member: member, todo: todo, &merge.local, &merge.pushes)
            } else {
                remoteNew.append((member, todo))
            }
        }
        return remoteNew
    }

    /// To-dos without a state here: each paired with an item that has none yet and merged with
    /// it, else added here.
    mutating func pairOrAdd(_ remoteNew: [(DAVClient.Member, VTodo)], firstSync: Bool, _ merge: inout ItemMerge) {
        let list = merge.list
        var nextPosition = (merge.items.map(\.position).max() ?? -1) + 1
        // Taken by the server from items that have no state yet: a sync cut after the
        // server took an item (its UID is the item's id), or a first sync pairing by name.
        var unpairedByName: [String: [UUID]] = [:]
        if firstSync {
            for item in merge.items where merge.unpaired.contains(item.id) {
                unpairedByName[NameRules.key(item.name), default: []].append(item.id)
            }
        }
        for (member, todo) in remoteNew {
            var match = UUID(key: todo.uid.lowercased()).flatMap { merge.unpaired.contains($0) ? $0 : nil }
            if match == nil, firstSync {
                let key = NameRules.key(LocalName.from(todo.summary))
                while let candidate = unpairedByName[key]?.first, match == nil {
                    unpairedByName[key]?.removeFirst()
                    if merge.unpaired.contains(candidate) { match = candidate }
                }
            }
            if let id = match, let item = merge.localByID[id] {
                merge.unpaired.remove(id)
                merge.handled.insert(item.id)
                let base = SyncedItem(
                    listID: list.id, uid: todo.uid, itemID: item.id, href: member.href, etag: nil, baseName: "",
                    baseDone: false, basePosition: .nan, ics: "")
                mergeChanged(list: list, state: base, item: item, member: member, todo: todo, firstPairing: true,
                             &merge.local, &merge.pushes)
            } else {
                let fields = Fields(todo, position: nextPosition)
                nextPosition = max(nextPosition, fields.position) + 1
                let item = ListItem(listID: list.id, name: fields.name, done: fields.done, position: fields.position,
                                    created: now, modified: todo.lastModified ?? now)
                note(.itemAdded(item.name, to: list.name, onServer: false))
                report.here.itemsAdded += 1
                merge.local.append(SyncStep([.putItem(item, expected: nil), .saveItem(state(list, todo.uid, item, member, todo))]))
            }
        }
    }

    /// What the server removed: deleted here too when it did not change here; changed here,
    /// kept and sent again.
    mutating func mergeRemovedOnServer(_ removed: Set<String>, _ merge: inout ItemMerge) {
        let list = merge.list
        for href in removed {
            guard let state = merge.stateByHref[href], !merge.handled.contains(state.itemID) else { continue }
            merge.handled.insert(state.itemID)
            guard let item = merge.localByID[state.itemID] else {
                merge.local.append(SyncStep([.forgetItem(list: list.id, href: state.href)]))
                continue
            }
            if Fields(item) == Fields(name: state.baseName, done: state.baseDone, position: state.basePosition) {
                note(.itemDeleted(item.name, from: list.name, onServer: false))
                report.here.itemsDeleted += 1
                merge.local.append(SyncStep([.deleteItem(item), .forgetItem(list: list.id, href: state.href)]))
            } else {
                // Changed here after the server deleted it: kept, and sent again.
                record(SyncConflict(date: now, list: list.name, item: item.name, field: "deleted", kept: item.name,
                                    lost: "deleted on the server", lostSide: .server))
                var todo = (try? VTodo(text: state.ics)) ?? VTodo.make(
                    uid: state.uid, summary: item.name, completed: item.done, sortOrder: SortOrder.of(item.position), now: now)
                todo.update(summary: item.name, completed: item.done, sortOrder: SortOrder.of(item.position), now: now)
                merge.pushes.append(Push(
                    href: href, request: .put(ics: todo.serialized(), condition: .absent), operations: [],
                    state: baseState(list, item: item, uid: state.uid, href: href, ics: todo.serialized()),
                    description: .itemRestored(item.name, to: list.name, onServer: true), subject: (item.name, list.name),
                    counts: [\.server.itemsAdded]))
            }
        }
    }

    /// What changed here, for items the server did not change: sent; and items deleted here
    /// deleted on the server.
    mutating func sendChangedHere(_ merge: inout ItemMerge) {
        let list = merge.list
        for state in merge.states.values where !merge.handled.contains(state.itemID) {
            guard let item = merge.localByID[state.itemID] else {
                // Deleted here (or moved to another list), unchanged on the server.
                merge.pushes.append(Push(
                    href: state.href, request: .delete(ifMatch: state.etag), operations: [.forgetItem(list: list.id, href: state.href)],
                    state: nil, description: .itemDeleted(state.baseName, from: list.name, onServer: true),
                    subject: (state.baseName, list.name), counts: [\.server.itemsDeleted]))
                continue
            }
            let base = Fields(name: state.baseName, done: state.baseDone, position: state.basePosition)
            let fields = Fields(item)
            guard fields != base else { continue }
            var todo: VTodo
            do {
                todo = try VTodo(text: state.ics)
            } catch {
                // Said at every sync, with the item, until it is settled (`--forget` pairs it again).
                problem(.lastCopyUnreadable(item.name, on: list.name, reason: "\(error)", changes: FieldChanges(base, fields, item: item.name)))
                continue
            }
            let moved = SortOrder.of(fields.position) != SortOrder.of(base.position)
            guard todo.update(
                summary: fields.name != base.name ? item.name : todo.summary,
                completed: fields.done != base.done ? item.done : todo.isCompleted,
                sortOrder: moved ? SortOrder.of(item.position) : nil, now: now)
            else {
                merge.local.append(SyncStep([.saveItem(baseState(list, item: item, uid: state.uid, href: state.href,
                                                                 ics: state.ics, etag: state.etag))]))
                continue
            }
            let ics = todo.serialized()
            merge.pushes.append(Push(
                href: state.href, request: .put(ics: ics, condition: state.etag.map { .version($0) } ?? .exists), operations: [],
                state: baseState(list, item: item, uid: state.uid, href: state.href, ics: ics),
                description: .itemChanged(FieldChanges(base, fields, item: item.name), on: list.name, onServer: true),
                subject: (item.name, list.name), counts: [\.server.itemsChanged], retry: state))
        }
    }

    /// Items new here, sent to the server with the item's id as the to-do's UID.
    mutating func sendNewHere(collection: String, _ merge: inout ItemMerge) {
        let list = merge.list
        for item in merge.items where merge.unpaired.contains(item.id) && !merge.handled.contains(item.id) {
            let uid = item.id.key
            let href = collection + uid + ".ics"
            let todo = VTodo.make(uid: uid, summary: item.name, completed: item.done, sortOrder: SortOrder.of(item.position), now: now)
            let ics = todo.serialized()
            merge.pushes.append(Push(
                href: href, request: .put(ics: ics, condition: .absent), operations: [],
                state: baseState(list, item: item, uid: uid, href: href, ics: ics),
                description: .itemAdded(item.name, to: list.name, onServer: true), subject: (item.name, list.name),
                counts: [\.server.itemsAdded]))
        }
    }

    /// Whether a calendar object's text has a VTODO, in any case, read in place (Foundation's
    /// `range(of:options:)` would copy a large text as UTF-16 first).
    static func holdsToDo(_ text: String) -> Bool {
        let wanted = Array("BEGIN:VTODO".utf8)
        var matched = 0
        for byte in text.utf8 {
            let upper = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
            matched = upper == wanted[matched] ? matched + 1 : (upper == wanted[0] ? 1 : 0)
            if matched == wanted.count { return true }
        }
        return false
    }

    /// A to-do's name for a message when its text cannot be read: its SUMMARY line as it
    /// stands, else the last part of its address.
    static func looseName(_ text: String, href: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first { $0.uppercased().hasPrefix("SUMMARY") }
        if let line, let colon = line.firstIndex(of: ":") {
            return LocalName.from(String(line[line.index(after: colon)...].prefix(80)))
        }
        return href.split(separator: "/").last.map(String.init) ?? href
    }

    func state(_ list: TaskList, _ uid: String, _ item: ListItem, _ member: DAVClient.Member, _ todo: VTodo) -> SyncedItem {
        SyncedItem(listID: list.id, uid: uid, itemID: item.id, href: member.href, etag: member.etag, baseName: item.name,
                   baseDone: item.done, basePosition: item.position, ics: member.data ?? todo.serialized())
    }

    func baseState(_ list: TaskList, item: ListItem, uid: String, href: String, ics: String, etag: String? = nil) -> SyncedItem {
        SyncedItem(listID: list.id, uid: uid, itemID: item.id, href: href, etag: etag, baseName: item.name,
                   baseDone: item.done, basePosition: item.position, ics: ics)
    }
}
