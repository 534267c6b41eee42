/// What a change returns: its result, and the words undo will use for it.
public struct Changed<Value> {
    public let value: Value
    /// "removed milk from Grocery Store"
    package let summary: String
    /// False when nothing actually changed (e.g. checking off an item already checked),
    /// so nothing was added to the undo log.
    public let recorded: Bool
}

extension Changed: Sendable where Value: Sendable {}
