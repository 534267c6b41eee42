import IntentKit
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

    /// The word the footer shows for the action (`key.<action>` in the interface's catalog).
    package func hint(_ words: MessageCatalog) -> String { words("key." + rawValue) }

    /// What the help screen says the action does (`help.<action>`).
    package func summary(_ words: MessageCatalog) -> String { words("help." + rawValue) }
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
