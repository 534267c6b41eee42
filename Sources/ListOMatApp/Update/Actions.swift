import Foundation
import IntentKit
import ListStore
import TerminalKit

// What an action of the keymap does in the panes.

/// One case per action (over 60 lines: the switch reads best whole; each case is short or
/// calls the function of its concern).
func perform(_ model: inout AppModel, _ action: Action) -> [Effect] {
    let rows = Layout.contentRows(model.screen.focus == .items ? Layout.of(model).items : Layout.of(model).lists)
    switch action {
    case .quit:
        model.screen.quitting = true
        return [.quit]
    case .help:
        model.screen.showingHelp = true
        model.screen.helpScroll = 0
        return []
    case .command:
        let answering: Bool = if case .value? = model.assistant.question { true } else { false }
        startEditing(&model, answering ? .answer : .command)
        return []
    case .addPhrase:
        guard model.assistant.lastRequest != nil else {
            model.status = StatusMessage(text: model.screen.words("phrase.nothing"), isError: true)
            return []
        }
        if model.screen.readOnly { return readOnly(&model) }
        startEditing(&model, .newPhrase)
        return []
    case .copyAnswer:
        guard let answer = model.assistant.transcript.last(where: { $0.speaker == .assistant })?.text else {
            model.status = StatusMessage(text: model.screen.words("copy.nothing"), isError: true)
            return []
        }
        model.status = StatusMessage(text: model.screen.words("copy.done"), isError: false)
        return [.copyToClipboard(answer)]
    case .cycleFocus:
        cycleFocus(&model)
        scrollIntoView(&model)
        return []
    case .undo:
        return model.screen.readOnly ? readOnly(&model) : [.undo]
    case .redo:
        return model.screen.readOnly ? readOnly(&model) : [.redo]
    case .up, .down, .top, .bottom, .pageUp, .pageDown:
        if model.screen.focus == .assistant {
            scrollPanel(&model, action)
            return []
        }
        return move(&model, action, rows)
    case .open:
        guard model.screen.focus == .lists, let list = model.selectedList?.list else { return [] }
        model.screen.focus = .items
        model.assistant.shown = false
        scrollIntoView(&model)
        return model.screen.readOnly ? [] : [.donateShow(list: list.id)]
    case .back:
        if model.screen.focus == .items || model.screen.focus == .assistant {
            model.screen.focus = .lists
            model.assistant.shown = false
            scrollIntoView(&model)
        }
        return []
    case .add, .rename, .delete, .toggle, .copy, .reset:
        if model.screen.focus == .assistant {
            // The panel holds no lists or items to change: say where they are.
            model.status = StatusMessage(
                text: model.screen.words("panel.keys"), isError: true)
            return []
        }
        guard !model.screen.readOnly else { return readOnly(&model) }
        return change(&model, action)
    case .find:
        return Search.open(&model)
    case .nextMatch, .previousMatch:
        return Search.nextList(&model, forward: action == .nextMatch)
    case .sortView:
        return ItemOrder.cycle(&model)
    case .sortList:
        return model.screen.readOnly ? readOnly(&model) : ItemOrder.sortList(&model)
    case .moveTo:
        return model.screen.readOnly ? readOnly(&model) : MoveMenu.open(&model)
    case .moveUp, .moveDown, .hideChecked, .showItem:
        return ItemKeys.perform(&model, action)
    case .sync:
        return syncKey(&model)
    case .suspend:
        return [.suspend]
    }
}

func readOnly(_ model: inout AppModel) -> [Effect] {
    model.status = StatusMessage(text: model.screen.words("readOnly"), isError: true)
    return []
}

func change(_ model: inout AppModel, _ action: Action) -> [Effect] {
    let list = model.selectedList?.list
    let onItems = model.screen.focus == .items
    switch action {
    case .add:
        if onItems, let list {
            startEditing(&model, .newItem(list: list.id))
        } else {
            startEditing(&model, .newList)
        }
        return []
    case .rename:
        if onItems, let list, let item = model.selectedItem {
            startEditing(&model, .renameItem(list: list.id, item: item.id), text: item.name)
        } else if !onItems, let list {
            startEditing(&model, .renameList(list.id), text: list.name)
        }
        return []
    case .delete:
        if onItems, let list, let item = model.selectedItem { return [.deleteItem(list: list.id, item: item.id)] }
        // A whole list (and every item on it) goes only after a y.
        if !onItems, let summary = model.selectedList {
            model.listsPane.confirmingDelete = summary
            return []
        }
        return []
    case .toggle:
        if onItems, let list, let item = model.selectedItem { return [.setDone(list: list.id, item: item.id, !item.done)] }
        if !onItems, model.selectedList != nil {
            model.screen.focus = .items
            return []
        }
        return []
    case .copy:
        return list.map { [.copyList($0.id)] } ?? []
    case .reset:
        return list.map { [.resetList($0.id)] } ?? []
    default:
        return []
    }
}
