import IntentKit
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
        let words: [String: TemplateValue] = [
            "item": .text(item.name), "list": .text(list.name), "position": .number(now), "count": .number(count),
            "asked": .number(position),
        ]
        if !changed.recorded {
            return CLIWords.text(clamped ? "cli.move.alreadyLast" : "cli.move.alreadyAt", words)
        }
        if clamped {
            return CLIWords.text("cli.move.toEnd", words)
        }
        return Output.sentence(changed.change)
    }
}
