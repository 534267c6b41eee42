import Foundation
import ListStore

/// The store the benchmarks run against: `totalItems` items in 10 lists. "Groceries" holds
/// exactly 1,000 of them (the list the benchmarks add to, toggle and load); the other nine
/// lists share the rest.
///
/// package-benchmark runs every benchmark in a process of its own, so the fixture is built
/// once per size into a template folder under the temporary directory, and every benchmark
/// then works on its own copy of that template (`Workspace`). The template is keyed by the
/// benchmark executable's modification time: rebuilding the benchmarks (for example after a
/// change to ListStore) builds new templates and removes the old ones.
public enum Fixture {
    public static let sizes = [10_000, 100_000]
    public static let listName = "Groceries"
    public static let listItemCount = 1_000
    public static let listCount = 10

    /// "10k", "100k".
    public static func label(_ totalItems: Int) -> String { "\(totalItems / 1_000)k" }

    /// The List-o-Mat document the template is imported from.
    public static func document(totalItems: Int) -> ListDocument {
        precondition((totalItems - listItemCount) % (listCount - 1) == 0, "the other lists must be of one size")
        let perOtherList = (totalItems - listItemCount) / (listCount - 1)
        func items(_ count: Int, _ prefix: String) -> [ListDocument.Item] {
            (1...count).map { ListDocument.Item(name: "\(prefix) item \($0)", done: $0 % 3 == 0) }
        }
        var lists = [ListDocument.List(name: listName, items: items(listItemCount, "grocery"))]
        for number in 1..<listCount {
            lists.append(ListDocument.List(name: "Backlog \(number)", items: items(perOtherList, "backlog \(number)")))
        }
        return ListDocument(lists: lists)
    }

    /// The store of one big list: "Everything" with `bigListItemCount` items (a third checked
    /// off), and "Small", a list of ten, to switch to and back from.
    public static let bigListName = "Everything"
    public static let bigListItemCount = 100_000
    public static let smallListName = "Small"

    public static func bigListDocument() -> ListDocument {
        func items(_ count: Int, _ prefix: String) -> [ListDocument.Item] {
            (1...count).map { ListDocument.Item(name: "\(prefix) item \($0)", done: $0 % 3 == 0) }
        }
        return ListDocument(lists: [
            ListDocument.List(name: bigListName, items: items(bigListItemCount, "everything")),
            ListDocument.List(name: smallListName, items: items(10, "small")),
        ])
    }

    /// The folder of the template store for `totalItems`, built on first use.
    public static func template(totalItems: Int) throws -> URL {
        try template(named: label(totalItems), churnList: "Backlog 1", expectedItems: totalItems) {
            document(totalItems: totalItems)
        }
    }

    /// The folder of the template store of one big list (`bigListDocument`), built on first use.
    public static func bigListTemplate() throws -> URL {
        try template(
            named: "one-list-\(label(bigListItemCount))", churnList: smallListName,
            expectedItems: bigListItemCount + 10, bigListDocument)
    }

    private static func template(
        named label: String, churnList: String, expectedItems: Int, _ document: () -> ListDocument
    ) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("listomat-benchmark-fixtures")
        let stamp = Int(executableModificationDate().timeIntervalSince1970)
        let name = "\(label)-\(stamp)"
        let folder = root.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: folder.path) { return folder }

        // Templates of older builds of the benchmarks are stale.
        for old in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        where old.hasPrefix("\(label)-") {
            try? FileManager.default.removeItem(at: root.appendingPathComponent(old))
        }
        // Build beside the final name, then rename, so a half-built template is never reused.
        let partial = root.appendingPathComponent("\(name).partial-\(getpid())")
        try? FileManager.default.removeItem(at: partial)
        try build(document(), churnList: churnList, expectedItems: expectedItems, in: partial.path)
        try FileManager.default.moveItem(at: partial, to: folder)
        return folder
    }

    private static func build(_ document: ListDocument, churnList: String, expectedItems: Int, in directory: String) throws {
        let store = try ListStore.open(StoreLocation(directory: directory), access: .readWrite)
        try store.importDocument(document)
        // The import is one undo group holding a row per item. Push it out of the undo log
        // (which keeps the newest 1,000 groups, ListStore's internal UndoLog.keptGroups) with
        // small changes, as a store in real use has. Otherwise the 1,000th measured change
        // would pay for deleting it. An even count leaves the item as it was.
        let churn = ListRef.name(churnList)
        let item = try store.items(in: churn)[0]
        for change in 0..<1_000 {
            try store.setDone(change % 2 == 0, [.id(item.id)], in: churn)
        }
        let count = try store.summaries().reduce(0) { $0 + $1.itemCount }
        precondition(count == expectedItems, "the fixture holds \(count) items, not \(expectedItems)")
        // The store closes (and checkpoints its WAL) when `store` goes away here.
    }

    private static func executableModificationDate() -> Date {
        let path = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return attributes?[.modificationDate] as? Date ?? Date(timeIntervalSince1970: 0)
    }
}

/// One benchmark's own copy of a fixture template, so that no benchmark sees another's
/// changes. `prepare()` runs in the benchmark's setup, `remove()` in its teardown.
public final class Workspace: @unchecked Sendable {
    public let totalItems: Int
    /// Whether this is the one-big-list store (`Fixture.bigListTemplate`), not the ten lists.
    public let bigList: Bool
    public private(set) var location = StoreLocation(directory: "")
    /// Open read-write after `prepare(openStore: true)`.
    public private(set) var store: ListStore?
    /// The 1,000-item list, and an item in the middle of it.
    public private(set) var list: TaskList?
    public private(set) var item: ListItem?
    /// Whether `item` is checked off now (the toggle benchmark flips it).
    public var itemDone = false

    public init(totalItems: Int) {
        self.totalItems = totalItems
        bigList = false
    }

    /// A copy of the store of one list of `Fixture.bigListItemCount` items.
    public init(bigList: Void) {
        totalItems = Fixture.bigListItemCount + 10
        self.bigList = true
    }

    public func prepare(openStore: Bool) throws {
        let template = try bigList ? Fixture.bigListTemplate() : Fixture.template(totalItems: totalItems)
        let copy = FileManager.default.temporaryDirectory
            .appendingPathComponent("listomat-benchmark-\(template.lastPathComponent)-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: template, to: copy)
        location = StoreLocation(directory: copy.path)

        let store = try ListStore.open(location, access: .readWrite)
        if bigList {
            self.store = openStore ? store : nil
            return
        }
        let (list, items) = try store.listWithItems(.name(Fixture.listName))
        precondition(items.count == Fixture.listItemCount)
        self.list = list
        self.item = items[items.count / 2]
        self.itemDone = items[items.count / 2].done
        // The open benchmark must find no connection open, as a new listomat process does.
        self.store = openStore ? store : nil
    }

    public func remove() throws {
        store = nil
        try FileManager.default.removeItem(atPath: location.directory)
    }
}
