// Every kind of change the store records, with its values and its English: the catalog's
// `change.*` keys (Resources/<locale>/interface.yaml) word the same values in each language,
// and English's must say exactly what `english` says here (a test compares them).

extension ChangeSummary {
    static func itemsAdded(_ names: [String], to list: String) -> ChangeSummary {
        ChangeSummary("change.items.added", ["items": .names(names), "list": .text(list)],
                      english: "added \(English.names(names)) to \(list)")
    }

    static func itemsUnchecked(_ names: [String], on list: String) -> ChangeSummary {
        ChangeSummary("change.items.unchecked", ["items": .names(names), "list": .text(list)],
                      english: "unchecked \(English.names(names)) on \(list)")
    }

    static func itemsChecked(_ names: [String], on list: String) -> ChangeSummary {
        ChangeSummary("change.items.checked", ["items": .names(names), "list": .text(list)],
                      english: "checked off \(English.names(names)) on \(list)")
    }

    /// What adding did when some names were new and some were there checked off.
    static func itemsAddedAndUnchecked(_ added: [String], _ unchecked: [String], on list: String) -> ChangeSummary {
        ChangeSummary("change.items.addedAndUnchecked", ["items": .names(added), "unchecked": .names(unchecked), "list": .text(list)],
                      english: "added \(English.names(added)) to \(list) and unchecked \(English.names(unchecked)) on \(list)")
    }

    static func nothingAdded(to list: String) -> ChangeSummary {
        ChangeSummary("change.items.addedNothing", ["list": .text(list)], english: "added nothing to \(list)")
    }

    static func itemsRemoved(_ names: [String], from list: String) -> ChangeSummary {
        ChangeSummary("change.items.removed", ["items": .names(names), "list": .text(list)],
                      english: "removed \(English.names(names)) from \(list)")
    }

    static func itemRenamed(_ old: String, to name: String, in list: String) -> ChangeSummary {
        ChangeSummary("change.item.renamed", ["old": .text(old), "name": .text(name), "list": .text(list)],
                      english: "renamed \(old) to \(name) in \(list)")
    }

    /// `position` counts from 1.
    static func itemMoved(_ item: String, to position: Int, on list: String) -> ChangeSummary {
        ChangeSummary("change.item.moved", ["item": .text(item), "position": .number(position), "list": .text(list)],
                      english: "moved \(item) to position \(position) on \(list)")
    }

    static func checkedCleared(_ count: Int, from list: String) -> ChangeSummary {
        ChangeSummary("change.items.cleared", ["count": .number(count), "list": .text(list)],
                      english: "cleared \(English.count(count, "checked item")) from \(list)")
    }

    static func itemsMoved(_ names: [String], from: String, to: String) -> ChangeSummary {
        ChangeSummary("change.items.movedTo", ["items": .names(names), "from": .text(from), "to": .text(to)],
                      english: "moved \(English.names(names)) from \(from) to \(to)")
    }

    static func allChecked(on list: String) -> ChangeSummary {
        ChangeSummary("change.items.allChecked", ["list": .text(list)], english: "checked off every item on \(list)")
    }

    static func allRemoved(_ count: Int, from list: String) -> ChangeSummary {
        ChangeSummary("change.items.allRemoved", ["count": .number(count), "list": .text(list)],
                      english: "removed all \(English.count(count, "item")) from \(list)")
    }

    static func itemsSorted(_ list: String) -> ChangeSummary {
        ChangeSummary("change.items.sorted", ["list": .text(list)], english: "sorted \(list) by name, checked items last")
    }

    static func listCreated(_ list: String, items: [String]) -> ChangeSummary {
        items.isEmpty
            ? ChangeSummary("change.list.created", ["list": .text(list)], english: "created list \(list)")
            : ChangeSummary("change.list.createdWith", ["list": .text(list), "items": .names(items)],
                            english: "created list \(list) with \(English.names(items))")
    }

    static func listRenamed(_ old: String, to name: String) -> ChangeSummary {
        ChangeSummary("change.list.renamed", ["old": .text(old), "name": .text(name)], english: "renamed list \(old) to \(name)")
    }

    static func listDeleted(_ list: String, items: Int) -> ChangeSummary {
        items == 0
            ? ChangeSummary("change.list.deleted", ["list": .text(list)], english: "deleted list \(list)")
            : ChangeSummary("change.list.deletedWith", ["list": .text(list), "count": .number(items)],
                            english: "deleted list \(list) and its \(English.count(items, "item"))")
    }

    /// `position` counts from 1.
    static func listMoved(_ list: String, to position: Int) -> ChangeSummary {
        ChangeSummary("change.list.moved", ["list": .text(list), "position": .number(position)],
                      english: "moved list \(list) to position \(position)")
    }

    static func listCopied(_ list: String, to name: String) -> ChangeSummary {
        ChangeSummary("change.list.copied", ["list": .text(list), "name": .text(name)], english: "copied \(list) to \(name)")
    }

    static func listReset(_ list: String) -> ChangeSummary {
        ChangeSummary("change.list.reset", ["list": .text(list)], english: "reset \(list)")
    }

    static func imported(lists: Int, items: Int) -> ChangeSummary {
        ChangeSummary("change.imported", ["lists": .number(lists), "items": .number(items)],
                      english: "imported \(English.count(lists, "list")) with \(English.count(items, "item"))")
    }
}

/// English phrases for the changes' English ("removed milk and eggs from Grocery Store"); the
/// catalog's `names.*` keys say the same in each language.
enum English {
    /// "milk", "milk and eggs", "milk, eggs and rice", "milk, eggs and 3 more items".
    static func names(_ names: [String]) -> String {
        switch names.count {
        case 0: return "nothing"
        case 1: return names[0]
        case 2, 3: return names.dropLast().joined(separator: ", ") + " and " + names.last!
        default: return names.prefix(2).joined(separator: ", ") + " and " + count(names.count - 2, "more item")
        }
    }

    /// "1 item", "3 items".
    static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }
}
