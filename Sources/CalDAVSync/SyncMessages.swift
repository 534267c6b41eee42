import ListStore

// What a sync says of each thing it did, each with its catalog key (`sync.action.*`,
// `sync.note.*`, `sync.problem.*`, `sync.progress.*` in Resources/<locale>/interface.yaml), its
// values and its English, as the store's messages are (`StoreMessage`): the report keeps them
// as data, and whoever shows the report words them in its reader's language (`SyncWords`).

extension StoreMessage {
    // MARK: - Lists

    static func listCreated(_ list: String, onServer: Bool) -> StoreMessage {
        onServer
            ? StoreMessage("sync.action.server.listCreated", ["list": .text(list)], english: "server: create the list \(list)")
            : StoreMessage("sync.action.here.listCreated", ["list": .text(list)], english: "here: create the list \(list)")
    }

    static func listDeletedHere(_ list: String) -> StoreMessage {
        StoreMessage("sync.action.here.listDeleted", ["list": .text(list)], english: "here: delete the list \(list) (deleted on the server)")
    }

    static func listDeletedOnServer(_ list: String) -> StoreMessage {
        StoreMessage("sync.action.server.listDeleted", ["list": .text(list)], english: "server: delete the list \(list)")
    }

    static func listRenamed(_ old: String, to new: String, onServer: Bool) -> StoreMessage {
        let values: [String: ChangeSummary.Value] = ["old": .text(old), "new": .text(new)]
        return onServer
            ? StoreMessage("sync.action.server.listRenamed", values, english: "server: rename the list \(old) to \(new)")
            : StoreMessage("sync.action.here.listRenamed", values, english: "here: rename the list \(old) to \(new)")
    }

    static func listKeptAgainstServerDeletion(_ list: String) -> StoreMessage {
        StoreMessage("sync.note.listKeptHere", ["list": .text(list)],
                     english: "kept the list \(list): it was deleted on the server after it changed here, so it is created there again")
    }

    static func listBackFromServer(_ list: String) -> StoreMessage {
        StoreMessage("sync.note.listBack", ["list": .text(list)],
                     english: "kept the list \(list): it changed on the server after you deleted it here, so it is back")
    }

    static func otherAccount(_ previous: String, now identity: String) -> StoreMessage {
        StoreMessage("sync.note.otherAccount", ["previous": .text(previous), "account": .text(identity)],
                     english: "the sync state was for \(previous); this sync pairs your lists with \(identity)'s by name")
    }

    static func changesWaited(_ count: Int) -> StoreMessage {
        StoreMessage("sync.note.waited", ["count": .number(count)],
                     english: "\(count) change\(count == 1 ? "" : "s") from the server waited: the item changed here during the sync (merged at the next sync)")
    }

    // MARK: - Items

    static func itemAdded(_ item: String, to list: String, onServer: Bool) -> StoreMessage {
        let values: [String: ChangeSummary.Value] = ["item": .text(item), "list": .text(list)]
        return onServer
            ? StoreMessage("sync.action.server.itemAdded", values, english: "server: add “\(item)” to \(list)")
            : StoreMessage("sync.action.here.itemAdded", values, english: "here: add “\(item)” to \(list)")
    }

    /// An item deleted on one side but changed on the other, added again.
    static func itemRestored(_ item: String, to list: String, onServer: Bool) -> StoreMessage {
        let values: [String: ChangeSummary.Value] = ["item": .text(item), "list": .text(list)]
        return onServer
            ? StoreMessage("sync.action.server.itemRestored", values, english: "server: add “\(item)” to \(list) again")
            : StoreMessage("sync.action.here.itemRestored", values,
                           english: "here: add “\(item)” to \(list) again (changed on the server after you deleted it)")
    }

    static func itemDeleted(_ item: String, from list: String, onServer: Bool) -> StoreMessage {
        let values: [String: ChangeSummary.Value] = ["item": .text(item), "list": .text(list)]
        return onServer
            ? StoreMessage("sync.action.server.itemDeleted", values, english: "server: delete “\(item)” from \(list)")
            : StoreMessage("sync.action.here.itemDeleted", values, english: "here: delete “\(item)” from \(list)")
    }

    /// "here: rename “milk” to “oat milk”, check off “oat milk” on Groceries".
    static func itemChanged(_ changes: FieldChanges, on list: String, onServer: Bool) -> StoreMessage {
        var values = changes.values
        values["list"] = .text(list)
        return onServer
            ? StoreMessage("sync.action.server.itemChanged", values, english: "server: \(changes.english) on \(list)")
            : StoreMessage("sync.action.here.itemChanged", values, english: "here: \(changes.english) on \(list)")
    }

    // MARK: - What could not be synced

    static func tooLargeToSend(_ item: String, on list: String, megabytes: String, most: Int) -> StoreMessage {
        StoreMessage("sync.problem.tooLargeToSend", ["item": .text(item), "list": .text(list), "size": .text(megabytes), "most": .number(most)],
                     english: "“\(item)” on \(list): the to-do is \(megabytes) MB on the server, too large to send back (the most is \(most) MB); the change here is not sent")
    }

    static func changedDuringSync(_ item: String, on list: String) -> StoreMessage {
        StoreMessage("sync.problem.changedMeanwhile", ["item": .text(item), "list": .text(list)],
                     english: "“\(item)” on \(list): changed on the server during the sync; it is merged at the next sync")
    }

    /// `reason`: why, as the failed request's error says it; kept as data too (`reasonKey` and
    /// its values as `reason.<name>`), so that `SyncWords` words it in the reader's language.
    static func refusedByServer(_ item: String, on list: String, reason: StoreMessage) -> StoreMessage {
        var values: [String: ChangeSummary.Value] = ["item": .text(item), "list": .text(list), "reason": .text(reason.english)]
        if !reason.key.isEmpty {
            values["reasonKey"] = .text(reason.key)
            for (name, value) in reason.values { values["reason." + name] = value }
        }
        return StoreMessage("sync.problem.refused", values,
                            english: "“\(item)” on \(list): the server refused the change (\(reason.english)); it is tried again at the next sync")
    }

    static func tooLargeToRead(_ item: String, on list: String, most: Int) -> StoreMessage {
        StoreMessage("sync.problem.tooLargeToRead", ["item": .text(item), "list": .text(list), "most": .number(most)],
                     english: "“\(item)” on \(list): the server's to-do is larger than \(most) MB, too large to sync; it is left as it is there and skipped")
    }

    /// `reason`: the parser's words.
    static func unreadable(_ item: String, on list: String, reason: String) -> StoreMessage {
        StoreMessage("sync.problem.unreadable", ["item": .text(item), "list": .text(list), "reason": .text(reason)],
                     english: "“\(item)” on \(list): the server's to-do cannot be read (\(reason)); it is left as it is there and skipped")
    }

    static func lastCopyUnreadable(_ item: String, on list: String, reason: String, changes: FieldChanges) -> StoreMessage {
        var values = changes.values
        values["list"] = .text(list)
        values["reason"] = .text(reason)
        return StoreMessage("sync.problem.lastCopyUnreadable", values,
                            english: "“\(item)” on \(list): its last copy from the server cannot be read (\(reason)), so the change here (\(changes.english)) is not sent; `listomat sync --forget` pairs it with the server's again")
    }

    // MARK: - Progress

    static func readingItems(of list: String) -> StoreMessage {
        StoreMessage("sync.progress.reading", ["list": .text(list)], english: "\(list): reading its items from the server")
    }

    static func readingItems(_ count: Int, of list: String) -> StoreMessage {
        StoreMessage("sync.progress.readingCount", ["list": .text(list), "count": .number(count)],
                     english: "\(list): reading \(count) items from the server")
    }

    static func sent(_ sent: Int, of count: Int, on list: String) -> StoreMessage {
        StoreMessage("sync.progress.sent", ["list": .text(list), "sent": .number(sent), "count": .number(count)],
                     english: "\(list): \(sent) of \(count) changes sent")
    }
}

/// What changed in one item's fields ("rename “milk” to “oat milk”, check off “oat milk”"), as
/// values a sync's line carries: `item` (the name it is known by), `old` and `name` (before and
/// after), `renamed` and `moved` (0 or 1), `checked` (0: unchanged, 1: checked off, 2:
/// unchecked). `SyncWords` words them in the reader's language.
struct FieldChanges {
    var values: [String: ChangeSummary.Value]
    var english: String

    init(_ from: Fields, _ to: Fields, item: String) {
        let renamed = from.name != to.name
        let checked = from.done == to.done ? 0 : (to.done ? 1 : 2)
        let moved = SortOrder.of(from.position) != SortOrder.of(to.position)
        values = ["item": .text(item), "old": .text(from.name), "name": .text(to.name),
                  "renamed": .number(renamed ? 1 : 0), "checked": .number(checked), "moved": .number(moved ? 1 : 0)]
        var parts: [String] = []
        if renamed { parts.append("rename “\(from.name)” to “\(to.name)”") }
        if checked != 0 { parts.append("\(to.done ? "check off" : "uncheck") “\(to.name)”") }
        if moved { parts.append("move “\(to.name)”") }
        english = parts.isEmpty ? "update “\(item)”" : parts.joined(separator: ", ")
    }
}

extension DAVClient {
    /// What a request was doing, for a message about its answer: `step` names it
    /// (`sync.step.<step>`: "saving ${path}"), `SyncWords` words it into `${what}`.
    struct Step {
        var step: String
        var values: [String: ChangeSummary.Value]
        var english: String

        static func reading(_ path: String) -> Step { Step(step: "reading", values: ["path": .text(path)], english: "reading \(path)") }
        static func readingChanges(_ path: String) -> Step {
            Step(step: "readingChanges", values: ["path": .text(path)], english: "reading the changes of \(path)")
        }
        static func listing(_ path: String) -> Step { Step(step: "listing", values: ["path": .text(path)], english: "listing the items of \(path)") }
        static func readingItems(_ path: String) -> Step { Step(step: "readingItems", values: ["path": .text(path)], english: "reading items of \(path)") }
        static func saving(_ path: String) -> Step { Step(step: "saving", values: ["path": .text(path)], english: "saving \(path)") }
        static func deleting(_ path: String) -> Step { Step(step: "deleting", values: ["path": .text(path)], english: "deleting \(path)") }
        static func creating(_ list: String) -> Step {
            Step(step: "creatingList", values: ["list": .text(list)], english: "creating the list \(list) on the server")
        }
        static func renaming(_ path: String) -> Step { Step(step: "renaming", values: ["path": .text(path)], english: "renaming \(path)") }
    }
}
