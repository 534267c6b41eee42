import Foundation
import ListStore
import TerminalKit

/// The keys for the item selected in the items pane: move it up or down its list (`K` `J`),
/// hide or show the checked items (`H`), show its whole name (`v`).
enum ItemKeys {
    static func perform(_ model: inout AppModel, _ action: Action) -> [Effect] {
        switch action {
        case .moveUp, .moveDown: return move(&model, by: action == .moveUp ? -1 : 1)
        case .hideChecked: return toggleHidden(&model)
        case .showItem:
            guard model.screen.focus == .items, let item = model.selectedItem else { return [] }
            model.itemsPane.shownItem = item
            return []
        default: return []
        }
    }

    /// Moves the selected item one row in the list's own order: one change, which `u` undoes.
    /// In a search, a sorted view or with checked items hidden the rows shown are not the
    /// list's order, so it says how to get back to it instead.
    static func move(_ model: inout AppModel, by offset: Int) -> [Effect] {
        guard model.screen.focus == .items, let list = model.itemsPane.list, let item = model.selectedItem,
              let row = model.itemsPane.view.selected else { return [] }
        guard !model.screen.readOnly else { return readOnly(&model) }
        guard !model.itemsReadWhole else {
            model.status = StatusMessage(
                text: model.screen.words("move.ownOrder"),
                isError: true)
            return []
        }
        let target = row + offset
        guard target >= 0, target < model.itemsPane.view.count else { return [] }
        return [.moveWithin(list: list.id, item: item.id, to: target)]
    }

    /// `H`: the items pane without its checked items, or with them again.
    static func toggleHidden(_ model: inout AppModel) -> [Effect] {
        model.itemsPane.hideChecked.toggle()
        model.status = StatusMessage(
            text: model.screen.words(model.itemsPane.hideChecked ? "checked.hidden" : "checked.shown"),
            isError: false)
        let target = model.selectedList.map { Target(list: $0.list.id, item: model.selectedItem?.id) }
        return [ItemsSource.read(model, target)]
    }
}
