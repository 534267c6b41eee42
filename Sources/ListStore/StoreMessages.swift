// The store's messages a person meets, each with its catalog key (`error.*` in
// Resources/<locale>/interface.yaml), its values and its English — a damaged undo log or
// database and a lock file the system refuses too; the system's own reason stays as it gives it.

extension StoreMessage {
    static let listGone = StoreMessage("error.list.gone", english: "That list no longer exists.")
    static let noListName = StoreMessage("error.list.noName", english: "No list name was given.")
    static let noItemName = StoreMessage("error.item.noName", english: "No item name was given.")
    static let noItemNames = StoreMessage("error.items.noNames", english: "no item names were given")
    static let noItemsNamed = StoreMessage("error.items.noneNamed", english: "no items were named")
    static let nothingToUndo = StoreMessage("error.undo.nothing", english: "Nothing to undo.")
    static let nothingToRedo = StoreMessage("error.redo.nothing", english: "Nothing to redo.")
    static let readOnlyStore = StoreMessage("error.store.readOnly", english: "the store was opened read-only")
    static let undoLogUnreadable = StoreMessage("error.undoLog.unreadable", english: "the undo log holds an unreadable entry")
    static let undoLogNotRead = StoreMessage("error.undoLog.notRead", english: "the undo log could not be read")

    static func undoLogUnknown(_ entity: String) -> StoreMessage {
        StoreMessage("error.undoLog.unknown", ["entry": .text(entity)], english: "the undo log holds an unknown entry (\(entity))")
    }

    static func malformedID(_ text: String) -> StoreMessage {
        StoreMessage("error.database.malformedID", ["id": .text(text)], english: "the database holds a malformed id (\(text))")
    }

    static func lockFile(_ path: String, opening: Bool, reason: String) -> StoreMessage {
        opening
            ? StoreMessage("error.lock.open", ["file": .text(path), "reason": .text(reason)],
                           english: "cannot open the lock file \(path): \(reason)")
            : StoreMessage("error.lock.lock", ["file": .text(path), "reason": .text(reason)], english: "cannot lock \(path): \(reason)")
    }

    static func listNotFound(_ query: String) -> StoreMessage {
        StoreMessage("error.list.notFound", ["query": .text(query)], english: "No list matches “\(query)”.")
    }

    static func listsMatching(_ query: String, count: Int) -> StoreMessage {
        StoreMessage("error.list.ambiguous", ["query": .text(query), "count": .number(count)],
                     english: "“\(query)” matches \(count) lists")
    }

    static func listExists(_ name: String) -> StoreMessage {
        StoreMessage("error.list.exists", ["list": .text(name)], english: "A list named “\(name)” already exists.")
    }

    static func noItems(on list: String) -> StoreMessage {
        StoreMessage("error.list.noItems", ["list": .text(list)], english: "\(list) has no items.")
    }

    static func itemGone(from list: String) -> StoreMessage {
        StoreMessage("error.item.gone", ["list": .text(list)], english: "That item is no longer on \(list).")
    }

    static func itemsNamed(_ query: String, count: Int, on list: String) -> StoreMessage {
        StoreMessage("error.item.sameName", ["query": .text(query), "count": .number(count), "list": .text(list)],
                     english: "\(count) items on \(list) are named “\(query)”; name one by its position")
    }

    static func itemNotFound(_ query: String, on list: String) -> StoreMessage {
        StoreMessage("error.item.notFound", ["query": .text(query), "list": .text(list)],
                     english: "Nothing on \(list) matches “\(query)”.")
    }

    static func itemsMatching(_ query: String, on list: String) -> StoreMessage {
        StoreMessage("error.item.ambiguous", ["query": .text(query), "list": .text(list)],
                     english: "“\(query)” matches several items on \(list)")
    }

    /// `count`: how many items the list has, when that is known.
    static func noItem(_ position: Int, on list: String, count: Int?) -> StoreMessage {
        guard let count else {
            return StoreMessage("error.item.positionGone", ["position": .number(position), "list": .text(list)],
                                english: "\(list) has no item \(position).")
        }
        return StoreMessage("error.item.noPosition", ["position": .number(position), "list": .text(list), "count": .number(count)],
                            english: "\(list) has no item \(position) (it has \(count)).")
    }

    static func alreadyOn(_ list: String) -> StoreMessage {
        StoreMessage("error.items.alreadyOn", ["list": .text(list)], english: "The items are already on \(list).")
    }

    static func tooManyCopies(of list: String) -> StoreMessage {
        StoreMessage("error.copy.tooMany", ["list": .text(list)], english: "Too many copies of \(list) today; name the copy yourself.")
    }

    static func phraseExists(_ phrase: String) -> StoreMessage {
        StoreMessage("error.phrase.exists", ["phrase": .text(phrase)], english: "There is already a phrase “\(phrase)”.")
    }

    static func noPhrase(_ phrase: String) -> StoreMessage {
        StoreMessage("error.phrase.notFound", ["phrase": .text(phrase)], english: "There is no phrase “\(phrase)”.")
    }

    /// `kind` is "list", "item" or "phrase" (the key names it); `code` as U+ shows it.
    static func controlCharacter(in kind: String, code: String) -> StoreMessage {
        StoreMessage("error.name.control.\(kind)", ["code": .text(code)],
                     english: "\(kind) names cannot contain control characters (found U+\(code))")
    }

    static func emptyName(_ kind: String) -> StoreMessage {
        StoreMessage("error.name.empty.\(kind)", english: "\(kind) name is empty")
    }

    static func nameTooLong(_ kind: String, length: Int, limit: Int) -> StoreMessage {
        StoreMessage("error.name.tooLong.\(kind)", ["length": .number(length), "limit": .number(limit)],
                     english: "\(kind) name is \(length) characters long; the limit is \(limit)")
    }

    static func notOurs(_ path: String) -> StoreMessage {
        StoreMessage("error.db.notOurs", ["file": .text(path)], english: "\(path) is not a ListOMat database")
    }

    static func newer(_ path: String) -> StoreMessage {
        StoreMessage("error.db.newer", ["file": .text(path)],
                     english: "\(path) was written by a newer version of ListOMat; upgrade listomat to use it")
    }

    // A folder or file the system refuses: our words in the person's language, the system's
    // reason (strerror's) as the system gives it.

    static func folderUnreadable(_ path: String, reason: String) -> StoreMessage {
        StoreMessage("error.db.folderUnreadable", ["folder": .text(path), "reason": .text(reason)],
                     english: "cannot read the data folder \(path): \(reason)")
    }

    static func unreadable(_ path: String, reason: String) -> StoreMessage {
        StoreMessage("error.db.unreadable", ["file": .text(path), "reason": .text(reason)], english: "cannot read \(path): \(reason)")
    }

    static func cannotCreateFolder(_ path: String, reason: String) -> StoreMessage {
        StoreMessage("error.db.cannotCreateFolder", ["folder": .text(path), "reason": .text(reason)],
                     english: "cannot create the data directory \(path): \(reason)")
    }

    static func cannotCreate(_ path: String, reason: String) -> StoreMessage {
        StoreMessage("error.db.cannotCreate", ["file": .text(path), "reason": .text(reason)], english: "cannot create \(path): \(reason)")
    }

    static func notAFolder(_ path: String) -> StoreMessage {
        StoreMessage("error.db.notFolder", ["folder": .text(path)], english: "\(path) is not a directory")
    }

    /// An undo (or redo) of `change` whose rows were changed since; said once the step is out
    /// of the history (`dropped`), with what happens next.
    static func changedSince(_ change: ChangeSummary, redo: Bool) -> StoreMessage {
        let verb = redo ? "redo" : "undo"
        return StoreMessage("", change: change, english: "Cannot \(verb) “\(change)”: it was changed since.")
    }

    /// `changedSince`, with what happens next: for an undo, whether the history holds `more`.
    func dropped(redo: Bool, more: Bool) -> StoreMessage {
        guard let change else {
            let next = redo ? " Nothing is left to redo." : more
                ? " It is out of the undo history now: undo again undoes the change before it."
                : " It is out of the undo history now, which holds nothing more to undo."
            return StoreMessage(plainText: english + next)
        }
        if redo {
            return StoreMessage("error.redo.changed", change: change,
                                english: "Cannot redo “\(change)”: it was changed since. Nothing is left to redo.")
        }
        return more
            ? StoreMessage("error.undo.changedMore", change: change, english: "Cannot undo “\(change)”: it was changed since. "
                + "It is out of the undo history now: undo again undoes the change before it.")
            : StoreMessage("error.undo.changedLast", change: change, english: "Cannot undo “\(change)”: it was changed since. "
                + "It is out of the undo history now, which holds nothing more to undo.")
    }
}
