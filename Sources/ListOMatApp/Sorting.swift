import ListStore

/// An order the items pane shows a list in, other than the stored one, without changing
/// the list (`s`); `S` sorts the list itself the same way (`ListStore.sortItems`).
public enum ItemOrder: String, Sendable, Equatable, CaseIterable {
    /// Unchecked items first, then checked ones, each by name (ignoring case and accents,
    /// numbers by value): what `ListStore.sortItems` makes the stored order.
    case nameDoneLast

    /// `items` (in stored order) in this order.
    public func sorted(_ items: [ListItem]) -> [ListItem] {
        switch self {
        case .nameDoneLast: ListStore.sortedByName(items)
        }
    }

    /// For the pane's title.
    public var phrase: String {
        switch self {
        case .nameDoneLast: "by name, done last"
        }
    }
}
