import Foundation
import ICalendar
import ListStore

/// One item changed on the server merged field by field with the item here.
extension Session {
    /// What merging one item's fields decided.
    struct FieldMerge {
        /// The item's fields here before the merge.
        var here: Fields
        /// The to-do's fields on the server before the merge.
        var there: Fields
        /// The fields both sides have after it.
        var merged: Fields
        /// Which of this side's values go to the server.
        var sendName = false
        var sendDone = false
        var sendPosition = false
    }

    /// An item the server changed (or, with `firstPairing`, one both sides have without a
    /// common past): field by field.
    mutating func mergeChanged(
        list: TaskList, state: SyncedItem, item: ListItem?, member: DAVClient.Member, todo: VTodo, firstPairing: Bool = false,
        _ local: inout [SyncStep], _ pushes: inout [Push]
    ) {
        guard let item else {
            restoreDeletedHere(list: list, state: state, member: member, todo: todo, &local)
            return
        }
        let outcome = mergeFields(list: list, state: state, item: item, todo: todo, firstPairing: firstPairing)
        writeMerged(outcome, list: list, item: item, member: member, todo: todo, &local, &pushes)
    }

    /// Deleted here, changed on the server: the change wins, the item comes back.
    mutating func restoreDeletedHere(
        list: TaskList, state: SyncedItem, member: DAVClient.Member, todo: VTodo, _ local: inout [SyncStep]
    ) {
        let fields = Fields(todo, position: state.basePosition.isNaN ? 0 : state.basePosition)
        let restored = ListItem(listID: list.id, name: fields.name, done: fields.done, position: fields.position,
                                created: now, modified: todo.lastModified ?? now)
        record(SyncConflict(date: now, list: list.name, item: restored.name, field: "deleted", kept: restored.name,
                            lost: "deleted here", lostSide: .here))
        note(.itemRestored(restored.name, to: list.name, onServer: false))
        report.here.itemsAdded += 1
        local.append(SyncStep([.putItem(restored, expected: nil), .saveItem(self.state(list, todo.uid, restored, member, todo))]))
    }

    /// Each field against the last sync's values on both sides: a field changed on one side
    /// takes that side's value; changed on both, the later change's, and a name or a check
    /// mark lost that way is recorded as a conflict.
    mutating func mergeFields(list: TaskList, state: SyncedItem, item: ListItem, todo: VTodo, firstPairing: Bool) -> FieldMerge {
        let here = Fields(item)
        let base = firstPairing ? nil : Fields(name: state.baseName, done: state.baseDone, position: state.basePosition)
        let remoteBase = firstPairing ? nil : (try? VTodo(text: state.ics)).map { Fields($0, position: state.basePosition) }
        let there = Fields(todo, position: remoteBase?.position ?? here.position)
        let hereIsLater = item.modified >= (todo.lastModified ?? .distantPast)
        var result = FieldMerge(here: here, there: there, merged: here)

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
        case true?: result.sendName = true
        case false?: result.merged.name = there.name
        case nil: break
        }
        switch decide("done", here.done, there.done, base?.done, remoteBase?.done, show: { $0 ? "checked" : "unchecked" }) {
        case true?: result.sendDone = true
        case false?: result.merged.done = there.done
        case nil: break
        }
        let positionHere = SortOrder.of(here.position), positionThere = SortOrder.of(there.position)
        switch decide("position", positionHere, positionThere, base.map { SortOrder.of($0.position) },
                      remoteBase.map { SortOrder.of($0.position) }, quiet: true, show: { String($0) }) {
        case true?: result.sendPosition = todo.sortOrder != positionHere
        case false?: result.merged.position = there.position
        case nil: break
        }
        if firstPairing && todo.sortOrder == nil { result.sendPosition = false; result.merged.position = here.position }
        return result
    }

    /// A merged item: written here, or sent to the server and written once it took it, with
    /// its new state.
    mutating func writeMerged(
        _ fields: FieldMerge, list: TaskList, item: ListItem, member: DAVClient.Member, todo: VTodo,
        _ local: inout [SyncStep], _ pushes: inout [Push]
    ) {
        let here = fields.here, merged = fields.merged
        var updated = todo
        let changedThere = updated.update(
            summary: fields.sendName ? here.name : todo.summary, completed: fields.sendDone ? here.done : todo.isCompleted,
            sortOrder: fields.sendPosition ? SortOrder.of(here.position) : nil, now: now)
        var newItem = item
        newItem.name = merged.name
        newItem.done = merged.done
        newItem.position = merged.position
        let changedHere = newItem != item
        let hereAction = changedHere ? StoreMessage.itemChanged(FieldChanges(here, merged, item: item.name), on: list.name, onServer: false) : nil
        if changedHere { newItem.modified = now }
        let ics = updated.serialized()
        let newState = SyncedItem(
            listID: list.id, uid: todo.uid, itemID: item.id, href: member.href, etag: member.etag, baseName: merged.name,
            baseDone: merged.done, basePosition: merged.position, ics: changedThere ? ics : (member.data ?? ics))
        let write: [SyncStep.Operation] = changedHere ? [.putItem(newItem, expected: item)] : []
        if changedThere {
            // What changes here too is written, said and counted once the server took it.
            pushes.append(Push(
                href: member.href, request: .put(ics: ics, condition: member.etag.map { .version($0) } ?? .exists), operations: write,
                state: newState, description: .itemChanged(FieldChanges(fields.there, merged, item: todo.summary), on: list.name, onServer: true),
                subject: (item.name, list.name),
                counts: [\.server.itemsChanged] + (changedHere ? [\.here.itemsChanged] : []), alsoHere: hereAction))
        } else {
            if let hereAction {
                note(hereAction)
                report.here.itemsChanged += 1
            }
            local.append(SyncStep(write + [.saveItem(newState)]))
        }
    }
}
