import ArgumentParser
import Foundation
import IntentKit
import ListIntents
import ListStore

struct New: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "new", abstract: CLIWords.text("cli.abstract.new"))

    @OptionGroup var global: GlobalOptions
    @Argument(help: CLIWords.help("cli.help.newListName")) var list: String
    @Argument(help: CLIWords.help("cli.help.newListItems")) var items: [String] = []

    func run() throws {
        let store = try global.openForWriting()
        let changed = try store.createList(named: list, items: items) { list, items in
            Shortcuts.record(Shortcuts.createList(list, items: items.map(\.name), source: "cli", at: Date()))
        }
        Output.line(Output.sentence(changed.change))
    }
}

struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: CLIWords.text("cli.abstract.add"))

    @OptionGroup var global: GlobalOptions
    @Argument(help: CLIWords.help("cli.help.list")) var list: String
    @Argument(help: CLIWords.help("cli.help.items")) var items: [String]
    @Option(name: .long, help: CLIWords.help("cli.help.addAt"))
    var at: Int?

    func validate() throws {
        if let at, at < 1 { throw CLIWords.invalid("cli.add.atFromOne") }
    }

    func run() throws {
        try Self.run(list, items, at: at, global.folder)
    }

    static func run(_ list: String, _ items: [String], at: Int?, _ folder: DataFolder) throws {
        let store = try folder.openForWriting()
        // The one rule for adding (ListStore.addItemsUnlessPresent): a name already on the
        // list unchecked is not added twice; a checked one is unchecked again.
        let changed = try store.addItemsUnlessPresent(items, to: .name(list), at: at.map { $0 - 1 }) { list, added in
            Shortcuts.record(Shortcuts.addItems(added, to: list, source: "cli", at: Date()))
        }
        let there = changed.value.alreadyThere.map(\.name)
        if changed.recorded { Output.line(Output.sentence(changed.change)) }
        if !there.isEmpty {
            let listName = (try? store.list(.id(changed.value.alreadyThere[0].listID)).name) ?? list
            Output.line(CLIWords.text(
                changed.recorded ? "cli.add.alreadyThere" : "cli.add.alreadyThereNothingChanged",
                ["names": .text(CLIWords.names(there)), "count": .number(there.count), "list": .text(listName)]))
        }
    }
}

struct Done: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "done", abstract: CLIWords.text("cli.abstract.done"))

    @OptionGroup var global: GlobalOptions
    @Argument(help: CLIWords.help("cli.help.list")) var list: String
    @Argument(help: CLIWords.help("cli.help.itemRefs")) var items: [String]

    func run() throws {
        try setDone(true, items, list, global.folder)
    }
}

struct Undone: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "undone", abstract: CLIWords.text("cli.abstract.undone"))

    @OptionGroup var global: GlobalOptions
    @Argument(help: CLIWords.help("cli.help.list")) var list: String
    @Argument(help: CLIWords.help("cli.help.itemRefs")) var items: [String]

    func run() throws {
        try setDone(false, items, list, global.folder)
    }
}

/// `done` and `undone`.
func setDone(_ done: Bool, _ items: [String], _ list: String, _ folder: DataFolder) throws {
    let store = try folder.openForWriting()
    let changed = try store.setDone(done, items.map(ItemRef.name), in: .name(list)) { list, changed in
        Shortcuts.record(Shortcuts.setDone(done, changed, in: list, source: "cli", at: Date()))
    }
    if changed.recorded {
        Output.line(Output.sentence(changed.change))
    } else {
        Output.line(CLIWords.text(done ? "cli.done.already" : "cli.undone.already"))
    }
}

struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: CLIWords.text("cli.abstract.rm"))

    @OptionGroup var global: GlobalOptions
    @Argument(help: CLIWords.help("cli.help.list")) var list: String
    @Argument(help: CLIWords.help("cli.help.itemRefs")) var items: [String]

    func run() throws {
        try Self.run(list, items, global.folder)
    }

    static func run(_ list: String, _ items: [String], _ folder: DataFolder) throws {
        let changed = try folder.openForWriting().deleteItems(items.map(ItemRef.name), from: .name(list))
        Output.line(Output.sentence(changed.change))
    }
}

struct RenameItem: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename-item", abstract: CLIWords.text("cli.abstract.renameItem"))

    @OptionGroup var global: GlobalOptions
    @Argument(help: CLIWords.help("cli.help.list")) var list: String
    @Argument(help: CLIWords.help("cli.help.itemRef")) var item: String
    @Argument(help: CLIWords.help("cli.help.newName")) var newName: String

    func run() throws {
        let changed = try global.openForWriting().renameItem(.name(item), in: .name(list), to: newName)
        Output.line(Output.sentence(changed.change))
    }
}

struct Move: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "move", abstract: CLIWords.text("cli.abstract.move"))

    @OptionGroup var global: GlobalOptions
    @Argument(help: CLIWords.help("cli.help.list")) var list: String
    @Argument(help: CLIWords.help("cli.help.itemRef")) var item: String
    @Argument(help: CLIWords.help("cli.help.newPosition")) var position: Int

    func validate() throws {
        if position < 1 { throw CLIWords.invalid("cli.positionsFromOne") }
    }

    func run() throws {
        let store = try global.openForWriting()
        let changed = try store.moveItem(.name(item), in: .name(list), to: position - 1)
        Output.line(try MoveReport.line(changed, askedFor: position, store: store))
    }
}

struct MoveTo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move-to",
        abstract: CLIWords.text("cli.abstract.moveTo"),
        discussion: CLIWords.text("cli.discussion.moveTo"))

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp(CLIWords.text("cli.help.moveToWords"),
                                 valueName: "list> <item>... <target-list"))
    var words: [String]

    func validate() throws {
        if words.count < 3 { throw CLIWords.invalid("cli.moveTo.usage") }
    }

    func run() throws {
        let changed = try global.openForWriting().moveItems(
            words.dropFirst().dropLast().map(ItemRef.name), from: .name(words[0]), to: .name(words[words.count - 1]))
        Output.line(Output.sentence(changed.change))
        let merged = changed.value.merged.map(\.name)
        if !merged.isEmpty {
            Output.line(CLIWords.text("cli.moveTo.merged", ["names": .text(CLIWords.names(merged)), "count": .number(merged.count)]))
        }
    }
}

struct Sort: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sort",
        abstract: CLIWords.text("cli.abstract.sort"))

    @OptionGroup var global: GlobalOptions
    @Argument(help: CLIWords.help("cli.help.list")) var list: String

    func run() throws {
        let changed = try global.openForWriting().sortItems(in: .name(list), collation: CLIWords.collation)
        Output.line(changed.recorded ? Output.sentence(changed.change) : CLIWords.text("cli.sort.already"))
    }
}

struct RemoveList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm-list",
        abstract: CLIWords.text("cli.abstract.rmList"),
        discussion: CLIWords.text("cli.discussion.rmList"))

    @OptionGroup var global: GlobalOptions
    @Argument(help: CLIWords.help("cli.help.list")) var list: String
    @Flag(name: [.short, .long], help: CLIWords.help("cli.help.yesDelete")) var yes = false

    func run() throws {
        if !yes, !Output.isTerminal(STDIN_FILENO) {
            let named = (try? global.openForReading().list(.name(list)).name) ?? list
            throw Failure(CLIWords.text("cli.rmList.needsYes", ["name": .text(named)]), .usage)
        }
        let store = try global.openForWriting()
        let (target, items) = try store.listWithItems(.name(list))
        if !yes {
            // The terminal UI's question, in the same words.
            let question = CLIWords.text(
                items.isEmpty ? "delete.askEmpty" : "delete.ask", ["name": .text(target.name), "count": .number(items.count)])
            guard Output.confirm(question) else {
                throw Failure(CLIWords.text("cli.nothingDeleted"), .refused)
            }
        }
        let changed = try store.deleteList(.id(target.id))
        Output.line(Output.sentence(changed.change))
        Output.hint(CLIWords.text("cli.undoHint"))
    }
}

struct RenameList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename-list", abstract: CLIWords.text("cli.abstract.renameList"))

    @OptionGroup var global: GlobalOptions
    @Argument(help: CLIWords.help("cli.help.list")) var list: String
    @Argument(help: CLIWords.help("cli.help.newName")) var newName: String

    func run() throws {
        let changed = try global.openForWriting().renameList(.name(list), to: newName)
        Output.line(Output.sentence(changed.change))
    }
}

struct MoveList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "move-list", abstract: CLIWords.text("cli.abstract.moveList"))

    @OptionGroup var global: GlobalOptions
    @Argument(help: CLIWords.help("cli.help.list")) var list: String
    @Argument(help: CLIWords.help("cli.help.newPosition")) var position: Int

    func validate() throws {
        if position < 1 { throw CLIWords.invalid("cli.positionsFromOne") }
    }

    func run() throws {
        let changed = try global.openForWriting().moveList(.name(list), to: position - 1)
        Output.line(Output.sentence(changed.change))
    }
}

struct Copy: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: CLIWords.text("cli.abstract.copy"),
        discussion: CLIWords.text("cli.discussion.copy"))

    @OptionGroup var global: GlobalOptions
    @Argument(help: CLIWords.help("cli.help.list")) var list: String
    @Argument(help: CLIWords.help("cli.help.copyName")) var name: String?

    func run() throws {
        let store = try global.openForWriting()
        let changed = try store.copyList(.name(list), named: name, dateLocale: CLIWords.catalog.locale) { source, _ in
            Shortcuts.record(Shortcuts.copyList(source, source: "cli", at: Date()))
        }
        Output.line(Output.sentence(changed.change))
    }
}

struct Reset: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reset", abstract: CLIWords.text("cli.abstract.reset"))

    @OptionGroup var global: GlobalOptions
    @Argument(help: CLIWords.help("cli.help.list")) var list: String

    func run() throws {
        let store = try global.openForWriting()
        let changed = try store.resetList(.name(list)) { list, _ in
            Shortcuts.record(Shortcuts.resetList(list, source: "cli", at: Date()))
        }
        Output.line(changed.recorded
            ? CLIWords.text("cli.reset.done", ["summary": .text(Output.sentence(changed.change)), "count": .number(changed.value)])
            : CLIWords.text("cli.nothingChecked"))
    }
}

struct ClearDone: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear-done", abstract: CLIWords.text("cli.abstract.clearDone"))

    @OptionGroup var global: GlobalOptions
    @Argument(help: CLIWords.help("cli.help.list")) var list: String

    func run() throws {
        let changed = try global.openForWriting().clearDone(in: .name(list))
        Output.line(changed.recorded ? Output.sentence(changed.change) : CLIWords.text("cli.nothingChecked"))
    }
}

struct Undo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: CLIWords.text("cli.abstract.undo"))

    @OptionGroup var global: GlobalOptions

    func run() throws {
        Output.line(Output.stepped(try global.openForWriting().undoStep(reportingUpTo: 0)))
    }
}

struct Redo: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "redo", abstract: CLIWords.text("cli.abstract.redo"))

    @OptionGroup var global: GlobalOptions

    func run() throws {
        Output.line(Output.stepped(try global.openForWriting().redoStep(reportingUpTo: 0)))
    }
}
