import Foundation
import IntentKit
import ListStore
import TerminalKit

// Keys, pastes and resizes, and the command bar being typed in.

func handleInput(_ model: inout AppModel, _ event: InputEvent) -> [Effect] {
    switch event {
    case .resize(let size):
        model.screen.size = size
        scrollIntoView(&model)
        return []
    case .paste(let text):
        return paste(&model, text)
    case .mouse(let action, let x, let y):
        return mouse(&model, action, x, y)
    case .hangUp:
        model.screen.quitting = true
        return [.quit]
    case .key(let key):
        if key == .control("c") {
            model.screen.quitting = true
            return [.quit]
        }
        // Ctrl-Z (or the Ctrl key bound to suspend) works anywhere, the bar included.
        if case .control = key, model.screen.keymap.action(for: key) == .suspend { return [.suspend] }
        if model.itemsPane.shownItem != nil {
            // Any key closes the whole name, and is not acted on.
            model.itemsPane.shownItem = nil
            return []
        }
        if let summary = model.listsPane.confirmingDelete {
            model.listsPane.confirmingDelete = nil
            if key == .character("y") || key == .character("Y") { return [.deleteList(summary.list.id)] }
            model.status = StatusMessage(text: model.screen.words("delete.kept", ["name": .text(summary.list.name)]), isError: false)
            return []
        }
        if model.screen.showingHelp {
            // ↑↓ PgUp PgDn g G scroll it when it does not fit; any other key closes it (and is
            // not acted on).
            let page = max(1, model.screen.size.height - 3)
            switch model.screen.keymap.action(for: key) {
            case .up?: model.screen.helpScroll -= 1
            case .down?: model.screen.helpScroll += 1
            case .pageUp?: model.screen.helpScroll -= page
            case .pageDown?: model.screen.helpScroll += page
            case .top?: model.screen.helpScroll = 0
            case .bottom?: model.screen.helpScroll = View.helpLineCount(model)
            default:
                model.screen.showingHelp = false
                return []
            }
            model.screen.helpScroll = min(max(0, model.screen.helpScroll), View.helpScrollLimit(model))
            return []
        }
        if let effects = partKey(&model, key) { return effects }
        if let question = model.assistant.question, model.commandBar.purpose == nil || model.commandBar.purpose == .answer {
            if let effects = answer(&model, question, key) { return effects }
        }
        if model.commandBar.purpose != nil { return edit(&model, key) }
        model.status = nil
        guard let action = model.screen.keymap.action(for: key) else { return suggestion(&model, key) }
        return perform(&model, action)
    }
}

/// A paste is text for whatever is being typed, never keys to run. Names follow one rule
/// everywhere (the store's, which the CLI and imports obey too): no control characters. A
/// paste holding one (an escape sequence, a bell) is refused whole, in the footer, naming
/// it; line breaks separate lines and tabs become spaces. Into "add items" each line is an
/// item (what was typed before the paste starts the first); elsewhere the lines join with
/// spaces.
func paste(_ model: inout AppModel, _ text: String) -> [Effect] {
    guard let purpose = model.commandBar.purpose else {
        model.status = StatusMessage(text: model.screen.words("paste.nowhere"), isError: true)
        return []
    }
    if let scalar = TextInput.forbiddenInPaste(text) {
        let code = String(scalar.value, radix: 16, uppercase: true)
        let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
        model.status = StatusMessage(
            text: model.screen.words("paste.control", ["code": .text(padded)]), isError: true)
        return []
    }
    var lines = TextInput.lines(of: text)
    guard case .newItem(let list) = purpose else {
        model.commandBar.input.insert(text)
        return []
    }
    // Lines of a Markdown list ("- [ ] sandals", "* tent", "1. stove") are the items without
    // their bullets and boxes.
    lines = lines.map(itemName(pasted:))
    guard lines.count > 1 else {
        model.commandBar.input.insert(lines.first ?? "")
        return []
    }
    var names = lines
    names[0] = model.commandBar.input.text + names[0]
    names = names.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    // A line the store would refuse (too long) refuses the paste here, before the bar is
    // emptied: what was typed before it stays.
    for name in names {
        do throws(StoreError) {
            _ = try NameRules.validate(name, kind: "item")
        } catch {
            model.status = StatusMessage(text: model.screen.words("paste.refused", ["reason": .text("\(error)")]), isError: true)
            return []
        }
    }
    model.commandBar.input.clear()
    return names.isEmpty ? [] : [.addItems(list: list, names)]
}

/// A pasted line without the Markdown list marker it starts with: a bullet ("- ", "* ",
/// "+ ", "1. ", "1) ") and a checkbox ("[ ] ", "[x] "). Checked or not, the item is added to do
/// ("add" adds things to do). A line that is only a marker stays as it is.
func itemName(pasted line: String) -> String {
    var rest = Substring(line.drop { $0 == " " })
    if let first = rest.first, "-*+".contains(first), rest.dropFirst().first == " " {
        rest = rest.dropFirst(2)
    } else {
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        let after = rest.dropFirst(digits.count)
        if !digits.isEmpty, digits.count <= 9, let mark = after.first, mark == "." || mark == ")", after.dropFirst().first == " " {
            rest = after.dropFirst(2)
        }
    }
    for box in ["[ ] ", "[x] ", "[X] "] where rest.hasPrefix(box) {
        rest = rest.dropFirst(box.count)
        break
    }
    let name = rest.drop { $0 == " " }
    return name.isEmpty ? line : String(name)
}

/// Keys while the command bar is being typed in.
func edit(_ model: inout AppModel, _ key: Key) -> [Effect] {
    guard let purpose = model.commandBar.purpose else { return [] }
    // Enter on an empty line ends what the bar was doing (the editor itself ignores it).
    if key == .enter, model.commandBar.input.text.isEmpty { return submit(&model, purpose, "") }
    switch model.commandBar.input.handle(key) {
    case .submitted(let text):
        return submit(&model, purpose, text.trimmingCharacters(in: .whitespaces))
    case .cancelled:
        model.commandBar.purpose = nil
        model.commandBar.input.clear()
        if purpose == .answer || (purpose == .command && model.assistant.conversation.isWaiting) {
            model.assistant.question = nil
            return [.converse(.cancel)]
        }
        return []
    case .edited, .moved, .ignored:
        return []
    }
}

func submit(_ model: inout AppModel, _ purpose: BarPurpose, _ text: String) -> [Effect] {
    switch purpose {
    case .command, .answer:
        guard !text.isEmpty else {
            if purpose == .command { model.commandBar.purpose = nil }
            return []
        }
        model.commandBar.purpose = nil
        say(&model, .person, text)
        model.assistant.question = nil
        model.assistant.questionAskedByKey = false
        return [.converse(.utterance(text))]
    case .newList:
        model.commandBar.purpose = nil
        guard !text.isEmpty else { return [] }
        model.commandBar.submittedName = (purpose, text)
        return [.createList(text)]
    case .newItem(let list):
        // Stay in "add" for the next item; an empty line (or Esc) ends it.
        guard !text.isEmpty else {
            model.commandBar.purpose = nil
            return []
        }
        return [.addItems(list: list, [text])]
    case .renameList(let id):
        model.commandBar.purpose = nil
        guard !text.isEmpty else { return [] }
        model.commandBar.submittedName = (purpose, text)
        return [.renameList(id, text)]
    case .renameItem(let list, let item):
        model.commandBar.purpose = nil
        guard !text.isEmpty else { return [] }
        model.commandBar.submittedName = (purpose, text)
        return [.renameItem(list: list, item: item, text)]
    case .newPhrase:
        model.commandBar.purpose = nil
        guard !text.isEmpty, let request = model.assistant.lastRequest?.request else { return [] }
        return [.addPhrase(text, for: request)]
    case .find:
        return Search.submit(&model, text)
    }
}

func startEditing(_ model: inout AppModel, _ purpose: BarPurpose, text: String = "") {
    model.commandBar.purpose = purpose
    model.commandBar.input.clear()
    if !text.isEmpty { model.commandBar.input.setText(text) }
    model.status = nil
}

/// Keys taken before anything else: the move menu's while it is open, the command bar's ↑ ↓
/// and Tab, Esc ending a search; nil when the key is not theirs.
func partKey(_ model: inout AppModel, _ key: Key) -> [Effect]? {
    model.itemsPane.rowAtKey = model.itemsPane.view.selected
    if var open = model.itemsPane.moveMenu {
        let outcome = model.screen.keymap.menuOutcome(key, &open.menu)
        model.itemsPane.moveMenu = open
        return MoveMenu.update(&model.itemsPane.moveMenu, outcome)
    }
    if let purpose = model.commandBar.purpose { return commandBarKey(&model, purpose, key) }
    if key == .escape, model.search.query != nil, model.assistant.question == nil, !model.screen.showingHelp {
        return Search.end(&model)
    }
    return nil
}

/// The command bar's own keys: Tab completes names (for the assistant and "Find:"); ↑ ↓ go
/// through what was typed to the assistant, and Enter records it (the bar then sends it as
/// usual). Nil: the bar's editor takes the key.
func commandBarKey(_ model: inout AppModel, _ purpose: BarPurpose, _ key: Key) -> [Effect]? {
    let completing = purpose == .command || purpose == .answer || purpose == .find
    if key == .tab, completing { return Completion.tab(&model) }
    if key != .tab { model.commandBar.completion = nil }
    guard purpose == .command else { return nil }
    switch key {
    case .up, .down:
        if let text = model.commandBar.history.browse(older: key == .up, from: model.commandBar.input.text) {
            model.commandBar.input.setText(text)
        }
        return []
    case .enter:
        let line = model.commandBar.input.text.trimmingCharacters(in: .whitespaces)
        guard !line.isEmpty else { return nil }
        model.commandBar.history.record(line)
        return nil
    default:
        model.commandBar.history.index = nil
        return nil
    }
}
