import TerminalKit

/// What a key does in the panes. The raw values are the names people use in
/// `config.toml`'s `[keys]` table.
package enum Action: String, CaseIterable, Sendable {
    case up, down, top, bottom, pageUp, pageDown
    case open, back
    case add, rename, delete, toggle, copy, reset
    case undo, redo
    case command, addPhrase, copyAnswer, cycleFocus, help, quit
    case find, nextMatch, previousMatch, sortView, sortList, moveTo
    case moveUp, moveDown, hideChecked, showItem
    case sync, suspend

    /// The word the footer shows for the action.
    package var hint: String {
        switch self {
        case .toggle: "check"
        case .open: "open"
        case .back: "back"
        case .command: "ask"
        case .addPhrase: "phrase"
        case .copyAnswer: "copy answer"
        case .cycleFocus: "panel"
        case .copy: "copy"
        case .reset: "reset"
        case .find: "find"
        case .nextMatch: "next list"
        case .previousMatch: "previous"
        case .sortView: "sort view"
        case .sortList: "sort list"
        case .moveTo: "move to"
        case .sync: "sync"
        case .moveUp: "item up"
        case .moveDown: "item down"
        case .hideChecked: "hide checked"
        case .showItem: "whole name"
        case .suspend: "suspend"
        default: summary
        }
    }

    /// What the help screen says the action does.
    package var summary: String {
        switch self {
        case .up: "move up"
        case .down: "move down"
        case .top: "go to the top"
        case .bottom: "go to the bottom"
        case .pageUp: "page up"
        case .pageDown: "page down"
        case .open: "open the list"
        case .back: "back to the lists"
        case .add: "add"
        case .rename: "rename"
        case .delete: "delete"
        case .toggle: "check off / uncheck"
        case .copy: "copy the list"
        case .reset: "reset the list (uncheck all)"
        case .undo: "undo"
        case .redo: "redo"
        case .command: "ask the assistant"
        case .addPhrase: "add a phrase for the request just done"
        case .copyAnswer: "copy the assistant's last answer"
        case .cycleFocus: "next pane / assistant panel"
        case .help: "help"
        case .quit: "quit"
        case .find: "find in every list (Esc shows all again)"
        case .nextMatch: "next list with what was found"
        case .previousMatch: "previous list with what was found"
        case .sortView: "view by name, done last (again: stored order)"
        case .sortList: "sort the list itself: by name, done last"
        case .moveTo: "move the item to another list"
        case .moveUp: "move the item up the list (u undoes)"
        case .moveDown: "move the item down the list (u undoes)"
        case .hideChecked: "hide / show the checked items"
        case .showItem: "show the item's whole name"
        case .sync: "sync with the server now (see [sync])"
        case .suspend: "suspend to the shell (fg resumes)"
        }
    }
}

/// Keys to actions: the defaults, with the person's overrides from the config file.
/// Ctrl-C is not in the table: it always quits.
public struct Keymap: Sendable {
    package private(set) var bindings: [(action: Action, keys: [Key])]
    private var lookup: [Key: Action]

    package static let defaultBindings: [(action: Action, keys: [Key])] = [
        (.up, [.up, .character("k")]),
        (.down, [.down, .character("j")]),
        (.top, [.character("g"), .home]),
        (.bottom, [.character("G"), .end]),
        (.pageUp, [.pageUp]),
        (.pageDown, [.pageDown]),
        (.open, [.enter, .right, .character("l")]),
        (.back, [.escape, .left, .character("h")]),
        (.add, [.character("a")]),
        (.rename, [.character("r")]),
        (.delete, [.character("d")]),
        (.toggle, [.character(" "), .character("x")]),
        (.copy, [.character("c")]),
        (.reset, [.character("R")]),
        (.undo, [.character("u")]),
        (.redo, [.control("r")]),
        (.command, [.character("/"), .character(":")]),
        (.addPhrase, [.character("p")]),
        (.copyAnswer, [.character("y")]),
        (.cycleFocus, [.tab]),
        (.help, [.character("?")]),
        (.quit, [.character("q")]),
        (.find, [.character("f")]),
        (.nextMatch, [.character("n")]),
        (.previousMatch, [.character("N")]),
        (.sortView, [.character("s")]),
        (.sortList, [.character("S")]),
        (.moveTo, [.character("m")]),
        (.moveUp, [.character("K")]),
        (.moveDown, [.character("J")]),
        (.hideChecked, [.character("H")]),
        (.showItem, [.character("v")]),
        (.sync, [.control("s")]),
        (.suspend, [.control("z")]),
    ]

    public init(overrides: [String: [Key]] = [:]) {
        var bindings = Self.defaultBindings
        for (name, keys) in overrides {
            guard let action = Action(rawValue: name), let index = bindings.firstIndex(where: { $0.action == action }) else {
                continue
            }
            bindings[index].keys = keys
        }
        // A key given to an action by the person is taken away from the defaults of others.
        let overridden = Set(overrides.values.flatMap { $0 })
        for index in bindings.indices where overrides[bindings[index].action.rawValue] == nil {
            bindings[index].keys.removeAll { overridden.contains($0) }
        }
        self.bindings = bindings
        var lookup: [Key: Action] = [:]
        for (action, keys) in bindings {
            for key in keys where lookup[key] == nil && key != .control("c") { lookup[key] = action }
        }
        self.lookup = lookup
    }

    package func action(for key: Key) -> Action? { lookup[key] }

    package func keys(for action: Action) -> [Key] {
        bindings.first { $0.action == action }?.keys ?? []
    }

    /// What `key` does in a menu (the assistant's question, "move to"): the keys bound to up
    /// and down move the selection, so a rebinding reaches menus too; Enter chooses, a digit
    /// 1–9 picks that option, Esc cancels. Any other key is no menu key.
    func menuOutcome(_ key: Key, _ menu: inout Menu) -> Menu.Outcome {
        switch action(for: key) {
        case .up?: return menu.selectPrevious() ? .moved : .ignored
        case .down?: return menu.selectNext() ? .moved : .ignored
        default: break
        }
        switch key {
        case .enter: return menu.choose()
        case .escape: return .cancelled
        case .character(let character) where character.isASCII:
            return character.wholeNumberValue.map { menu.pick($0) } ?? .ignored
        default: return .ignored
        }
    }

    /// The names config files may use.
    package static var actionNames: Set<String> { Set(Action.allCases.map(\.rawValue)) }
}
