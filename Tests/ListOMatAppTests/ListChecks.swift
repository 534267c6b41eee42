import Foundation
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// What tests of the panes check after a change: every list and its items, and the rows
/// the items pane holds.
protocol ListChecks {}

extension ListChecks {
    /// Every list and its items, "[x] name", in order.
    func dump(_ store: ListStore) throws -> [String] {
        try store.lists().map { list in
            list.name + ": " + (try store.items(in: .id(list.id))).map { ($0.done ? "[x] " : "[ ] ") + $0.name }.joined(separator: ", ")
        }
    }

    /// The item names the items pane holds, in the order shown.
    func shown(_ pilot: Pilot) -> [String] { pilot.app.model.itemsPane.items.map(\.name) }
}
