import ArgumentParser
import Foundation
import ListStore

/// `listomat`: the root command.
struct ListOMat: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listomat",
        abstract: "A terminal list manager with an assistant.",
        discussion: """
            LIST names a list: its name (any case) or a prefix of exactly one list name.
            ITEM names an item of that list: its name (any case), its position (1, 2, …) or a \
            prefix of exactly one item name.

            Exit codes: 0 success, 1 refused (name taken, nothing to undo, answered no), \
            2 usage or bad input, 3 not found, 4 ambiguous, 5 storage error.
            """,
        subcommands: [
            Lists.self, Show.self, New.self, Add.self, Done.self, Undone.self, Remove.self,
            RenameItem.self, Move.self, RemoveList.self, RenameList.self, MoveList.self,
            Copy.self, Reset.self, ClearDone.self, Undo.self, Redo.self, Import.self, Export.self, Ask.self,
        ]
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
        // The terminal UI comes in a later version; until then, say so and show what there is.
        print("The ListOMat terminal UI is not built yet; the command line below works today.\n")
        print(ListOMat.helpMessage())
    }
}

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The folder holding the data (default: $LISTOMAT_HOME, else $XDG_DATA_HOME/listomat, else ~/.local/share/listomat).",
            valueName: "dir"))
    var dataDir: String?

    var location: StoreLocation { StoreLocation.resolve(dataDir: dataDir) }

    /// The store for a command that changes data.
    func openForWriting() throws -> ListStore {
        try ListStore.open(location, access: .readWrite)
    }

    /// The store for a command that only reads: opened read-only, never written.
    func openForReading() throws -> ListStore {
        try ListStore.open(location, access: .readOnly)
    }
}

/// A `--json` flag for read commands.
struct JSONFlag: ParsableArguments {
    @Flag(name: .long, help: "Print JSON (schema in the README) instead of text.")
    var json = false
}
