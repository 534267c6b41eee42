import ArgumentParser
import Foundation
import ListIntents
import ListOMatApp
import ListStore
import NcursesBackend

/// `listomat`: the root command.
struct ListOMat: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "listomat",
            abstract: CLIWords.text("cli.abstract.root", ["version": .text(ListOMatVersion.current)]),
            discussion: CLIWords.text("cli.discussion.root"),
            version: ListOMatVersion.current,
            subcommands: chosen.map { [$0] } ?? [],
            groupedSubcommands: chosen == nil ? groups : []
        )
    }

    /// The subcommands as `--help` shows them, by what they work on.
    static let groups: [CommandGroup] = [
        CommandGroup(name: CLIWords.text("cli.group.lists"), subcommands: [
            Lists.self, New.self, RenameList.self, MoveList.self, Copy.self, Reset.self, ClearDone.self, Sort.self,
            RemoveList.self,
        ]),
        CommandGroup(name: CLIWords.text("cli.group.items"), subcommands: [
            Show.self, Add.self, Done.self, Undone.self, Remove.self, RenameItem.self, Move.self, MoveTo.self,
        ]),
        CommandGroup(name: CLIWords.text("cli.group.undo"), subcommands: [Undo.self, Redo.self]),
        CommandGroup(name: CLIWords.text("cli.group.assistant"), subcommands: [Ask.self, ShortcutsCommand.self, TrainClassifier.self]),
        CommandGroup(name: CLIWords.text("cli.group.sharing"), subcommands: [
            Import.self, Export.self, SyncCommand.self, MCPCommand.self, Screen.self,
        ]),
    ]

    static let all: [ParsableCommand.Type] = groups.flatMap(\.subcommands)

    /// The subcommand the arguments name, when they name one: ArgumentParser then builds the
    /// parser of that command only, not of all 25 (its reflection costs milliseconds, most
    /// of a short command's run). Help, completion and errors read the same either way.
    nonisolated(unsafe) static var chosen: ParsableCommand.Type?

    /// Finds the subcommand without parsing: the first word that is not an option of the root
    /// command (or an option's value).
    static func choose(from arguments: [String]) {
        chosen = nil
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" { return }
            if argument == "--data-dir" || argument == "--theme" {
                index += 2
                continue
            }
            if argument.hasPrefix("-") {
                index += 1
                continue
            }
            chosen = all.first { $0.configuration.commandName == argument }
            return
        }
    }

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp(CLIWords.text("cli.help.theme"), valueName: "name"))
    var theme: String?

    @Flag(name: .long, help: CLIWords.help("cli.help.mouse"))
    var mouse = false

    /// No subcommand: the terminal UI.
    func run() throws {
        guard Output.isTerminal(STDIN_FILENO), Output.isTerminal(STDOUT_FILENO) else {
            throw Failure(CLIWords.text("cli.tui.needsTerminal"), .usage)
        }
        let settings = try TUISettings.load(theme: theme)
        let store: ListStore
        do {
            store = try global.openForWriting(settlingEachChange: false)
        } catch let error as StoreError {
            // A database we may not write is still worth reading: the UI says it is read-only.
            guard case .storage = error else { throw error }
            store = try global.openForReading()
        }
        // Nothing runs yet: the sync's loop (and its password_command) starts with the UI, in the background.
        let location = global.location
        let sync = TUISync.make(settings.sync) { try ListStore.open(location, access: .readWrite) }
        let terminal: NcursesTerminal
        do {
            terminal = try NcursesTerminal(mouse: mouse || settings.mouse)
        } catch {
            throw Failure(CLIWords.text("cli.tui.cannotStart", ["error": .text("\(error)")]), .storage)
        }
        defer { terminal.shutdown() }
        let app = App(
            store: store, assistant: { [defaultList = settings.defaultList, locale = settings.locale] in
                var assistant = try? Assistant(locale: locale, matcherCache: Assistant.matcherCache())
                assistant?.defaultList = defaultList
                return assistant
            }, size: terminal.size,
            keymap: settings.keymap, theme: settings.theme, sync: sync, locale: settings.locale)
        // What this session changed goes into the database file itself when the command
        // ends (`WritingStores`; see docs/architecture.md: several processes, one database).
        app.run(on: terminal)
    }
}

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: CLIWords.help("cli.help.dataDir", valueName: "dir"))
    var dataDir: String?

    var folder: DataFolder { DataFolder(dataDir: dataDir) }
    var location: StoreLocation { folder.location }

    func openForWriting(settlingEachChange: Bool = true) throws -> ListStore {
        try folder.openForWriting(settlingEachChange: settlingEachChange)
    }

    func openForReading() throws -> ListStore {
        try folder.openForReading()
    }
}

/// The data folder a command works in (`--data-dir`, or the default), and its store.
struct DataFolder {
    var dataDir: String?

    var location: StoreLocation { StoreLocation.resolve(dataDir: dataDir, environment: ProcessEnvironment.current) }

    /// The store for a command that changes data. Each change is in the database file
    /// itself, synced, before the command says it is done (`ListStore.settleEachChange`:
    /// two syncs a change). A command that writes many times (the TUI, `sync`) passes
    /// `settlingEachChange: false`: each commit is synced, and what it wrote is in the
    /// database file when it ends (`WritingStores.finish`).
    func openForWriting(settlingEachChange: Bool = true) throws -> ListStore {
        let store = try ListStore.open(location, access: .readWrite)
        if settlingEachChange { store.settleEachChange() }
        WritingStores.opened(store)
        return store
    }

    /// The store for a command that only reads: opened read-only, never written.
    func openForReading() throws -> ListStore {
        let store = try ListStore.open(location, access: .readOnly)
        KeptUntilExit.keep(store)
        return store
    }
}

/// A `--json` flag for read commands.
struct JSONFlag: ParsableArguments {
    @Flag(name: .long, help: CLIWords.help("cli.help.json"))
    var json = false
}

/// The stores this command opened for writing. When it ends, each gives large free space back
/// and copies its write-ahead log into the database file and empties it
/// (`ListStore.finishWriting`, which waits for nobody), so the database file alone, as a
/// backup or a file-sync tool copies it, holds every change made, and the next process does
/// not read the log again.
enum WritingStores {
    /// Only the command's own thread opens stores through `GlobalOptions`.
    nonisolated(unsafe) private static var stores: [ListStore] = []

    static func opened(_ store: ListStore) {
        stores.append(store)
    }

    static func finish() {
        for store in stores { store.finishWriting() }
        stores.forEach(KeptUntilExit.keep)
        stores = []
    }
}

/// What a command keeps until the process exits rather than freeing piece by piece just
/// before it does. The stores it opened: closing one changes nothing on disk (SQLite's
/// checkpoint at close is off, see `ListStore.configuration`, and the file locks end with the
/// process), but releasing it costs a short command a tenth of its own work: GRDB's clean-up
/// looks types up at run time, the first such look-up a scan of every conformance in the
/// program. The assistant's session in `ask`: its tables (a thousand names' matchers, the
/// compiled sentences) are nobody else's, and freeing them object by object cost a single
/// `ask` about 5% of its instructions.
enum KeptUntilExit {
    nonisolated(unsafe) private static var kept: [AnyObject] = []

    static func keep(_ object: AnyObject) {
        kept.append(object)
    }
}
