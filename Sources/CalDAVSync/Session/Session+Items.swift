import Foundation
import ICalendar
import ListStore

/// A list's items merged with the server's to-dos: what changed on either side since the
/// last sync, and what is new on either side.
extension Session {
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
}
