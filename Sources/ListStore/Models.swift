import Foundation

/// A list, like the original List-o-Mat's `List`: a name and an ordered set of items.
public struct TaskList: Identifiable, Hashable, Sendable, Codable {
    public var id: UUID
    public var name: String
    /// Sort key among lists. Only the order matters: it is not contiguous.
    public var position: Double
    public var created: Date
    public var modified: Date

    public init(id: UUID = .random(), name: String, position: Double, created: Date, modified: Date) {
        self.id = id
        self.name = name
        self.position = position
        self.created = created
        self.modified = modified
    }
}

/// One entry of a list ("milk"), checked off or not.
public struct ListItem: Identifiable, Hashable, Sendable, Codable {
    public var id: UUID
    public var listID: UUID
    public var name: String
    public var done: Bool
    /// Sort key within its list. Only the order matters: it is not contiguous.
    public var position: Double
    public var created: Date
    public var modified: Date

    public init(
        id: UUID = .random(), listID: UUID, name: String, done: Bool = false,
        position: Double, created: Date, modified: Date
    ) {
        self.id = id
        self.listID = listID
        self.name = name
        self.done = done
        self.position = position
        self.created = created
        self.modified = modified
    }
}

/// A list with its counts, as the lists table shows it: "Grocery Store (2 of 5 completed)".
public struct ListSummary: Hashable, Sendable {
    public var list: TaskList
    public var itemCount: Int
    package var completedCount: Int

    package init(list: TaskList, itemCount: Int, completedCount: Int) {
        self.list = list
        self.itemCount = itemCount
        self.completedCount = completedCount
    }

    /// "Grocery Store (2 of 5 completed)"
    package var title: String { "\(list.name) (\(completedCount) of \(itemCount) completed)" }
}

extension Date {
    /// The store keeps times as whole milliseconds since 1970; this is the one conversion,
    /// so a time read back from the database equals the one written.
    init(millis: Int64) { self.init(timeIntervalSince1970: Double(millis) / 1000) }
    var millis: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
    /// This date truncated to what the store can keep.
    var storable: Date { Date(millis: millis) }
}
