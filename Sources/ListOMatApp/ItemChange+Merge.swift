import ListStore

extension ItemChange {
    /// What the items pane follows after adding by the one rule (`addItemsUnlessPresent`):
    /// new rows, rows unchecked again, or both at once (as rows before and after).
    static func merged(_ outcome: MergeOutcome) -> ItemChange {
        if outcome.uncheckedAgain.isEmpty {
            return outcome.added.isEmpty ? .updated(outcome.alreadyThere) : .added(outcome.added)
        }
        if outcome.added.isEmpty { return .updated(outcome.uncheckedAgain) }
        let unchecked = outcome.uncheckedAgain.map { item -> RowChange<ListItem> in
            var before = item
            before.done = true
            return RowChange(before: before, after: item)
        }
        return .restored(unchecked + outcome.added.map { RowChange(before: nil, after: $0) })
    }
}
