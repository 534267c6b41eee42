import Foundation
import ListStore
import TerminalKit

/// The open "move to" menu (`m` on an item): the item, its list, and the lists it may go to.
package struct MoveMenu: Sendable {
    package var item: ListItem
    package var from: UUID
    package var targets: [TaskList]
    package var menu: Menu

    /// `m`: opens the menu for the item selected, listing every other list.
    static func open(_ model: inout AppModel) -> [Effect] {
        guard model.screen.focus == .items, let item = model.selectedItem, let from = model.itemsPane.list else {
            model.status = StatusMessage(text: model.screen.words("move.noItem"), isError: false)
            return []
        }
        let lists = model.listsPane.all.isEmpty ? model.listsPane.lists.map(\.list) : model.listsPane.all
        let targets = lists.filter { $0.id != from.id }
        guard !targets.isEmpty else {
            model.status = StatusMessage(text: model.screen.words("move.noOtherList", ["item": .text(item.name)]), isError: true)
            return []
        }
        model.itemsPane.moveMenu = MoveMenu(item: item, from: from.id, targets: targets, menu: Menu(options: targets.map(\.name)))
        return []
    }

    /// What the menu's key did (see `Keymap.menuOutcome`): a list chosen moves the item there;
    /// Esc closes the menu; any other key is the menu's while it is open.
    static func update(_ open: inout MoveMenu?, _ outcome: Menu.Outcome) -> [Effect] {
        guard let shown = open else { return [] }
        switch outcome {
        case .chose(let index):
            open = nil
            guard shown.targets.indices.contains(index) else { return [] }
            return [.moveItem(shown.item, to: shown.targets[index].id)]
        case .cancelled:
            open = nil
        case .moved, .ignored:
            break
        }
        return []
    }
}
