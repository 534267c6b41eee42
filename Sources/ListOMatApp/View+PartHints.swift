import IntentKit
import ListStore
import TerminalKit

// The footer's hints for the parts that take the keyboard or change what the panes show.

extension View {
    /// The footer's hints while the move menu or the command bar has the keyboard, on the
    /// first run, and while a search is in force; nil otherwise.
    static func partHints(_ model: AppModel) -> [KeyHint]? {
        let words = model.screen.words
        if model.itemsPane.moveMenu != nil {
            return [KeyHint("↑↓", words("hints.choose")), KeyHint("1-9", words("hints.pick")), KeyHint("Enter", words("hints.move")),
                    KeyHint("Esc", words("hints.cancel"))]
        }
        switch model.commandBar.purpose {
        case .command?:
            return [KeyHint("Enter", words("hints.send")), KeyHint("↑↓", words("hints.earlier")),
                    KeyHint("Tab", words("hints.complete")), KeyHint("Esc", words("hints.cancel"))]
        case .find?:
            return [KeyHint("Enter", words("hints.find")), KeyHint("Tab", words("hints.complete")), KeyHint("Esc", words("hints.cancel"))]
        case .some:
            return nil
        case nil:
            break
        }
        guard model.assistant.question == nil else { return nil }
        if model.search.query == nil, model.listsPane.lists.isEmpty, !model.screen.readOnly {
            // The first run: only what can be done without a list.
            return [Action.add, .command, .help, .quit].compactMap { action in
                model.screen.keymap.keys(for: action).first.map {
                    KeyHint(KeyName.label(for: $0), action == .add ? words("hints.addList") : action.hint(words))
                }
            }
        }
        guard model.search.query != nil else { return nil }
        let actions: [Action] = model.screen.focus == .items
            ? [.toggle, .rename, .nextMatch, .previousMatch, .find, .moveTo, .undo, .help]
            : [.open, .nextMatch, .previousMatch, .find, .undo, .help]
        return [KeyHint("Esc", words("hints.showAll"))] + actions.compactMap { action in
            model.screen.keymap.keys(for: action).first.map { KeyHint(KeyName.label(for: $0), action.hint(words)) }
        }
    }
}
