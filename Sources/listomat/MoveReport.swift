import ListStore

/// What `listomat move` says: what happened, not what was asked. Moving an item where it
/// already is changes nothing (and, like `done` on a checked item, still exits 0); a position
/// past the end puts the item last, and says so.
enum MoveReport {
    static func line(_ changed: Changed<ListItem>, askedFor position: Int, store: ListStore) throws -> String {
        let item = changed.value
        guard let (list, index, count) = try store.place(ofItem: item.id), list.id == item.listID else {
            return Output.sentence(changed.change)  // gone already (another process): say what we did
        }
        let now = index + 1
        let isLast = now == count
        let clamped = position > now && isLast
        if !changed.recorded {
            if clamped {
                return "\(item.name) is already last on \(list.name) (position \(now) of \(count)); nothing changed."
            }
            return "\(item.name) is already at position \(now) on \(list.name); nothing changed."
        }
        if clamped {
            return "Moved \(item.name) to the end of \(list.name) (position \(now); there is no position \(position))."
        }
        return Output.sentence(changed.change)
    }
}
