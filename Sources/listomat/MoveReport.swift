import ListStore

/// What `listomat move` says: what happened, not what was asked. Moving an item where it
/// already is changes nothing (and, like `done` on a checked item, still exits 0); a position
/// past the end puts the item last, and says so.
enum MoveReport {
    static func line(_ changed: Changed<ListItem>, askedFor position: Int, store: ListStore) throws -> String {
        let (list, items) = try store.listWithItems(.id(changed.value.listID))
        let item = changed.value
        guard let index = items.firstIndex(where: { $0.id == item.id }) else {
            return Output.sentence(changed.summary)  // gone already (another process): say what we did
        }
        let now = index + 1
        let isLast = now == items.count
        let clamped = position > now && isLast
        if !changed.recorded {
            if clamped {
                return "\(item.name) is already last on \(list.name) (position \(now) of \(items.count)); nothing changed."
            }
            return "\(item.name) is already at position \(now) on \(list.name); nothing changed."
        }
        if clamped {
            return "Moved \(item.name) to the end of \(list.name) (position \(now); there is no position \(position))."
        }
        return Output.sentence(changed.summary)
    }
}
