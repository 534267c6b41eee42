import ArgumentParser

/// The commands people type most, in their plain forms, parsed without ArgumentParser.
///
/// ArgumentParser finds a command's arguments by reflection, and in this binary that costs
/// about 2 ms, a third of a whole `listomat lists`. `lists`, `show`, `add`, `done`, `undone`,
/// `rm` and `ask` with only their positional arguments, `--data-dir DIR` and their own flags
/// (`--json`; for `ask` also `--yes`, `--dry-run`, `--explain` and `--locale LANGUAGE`) are made here; anything else
/// (another option, a `-` word, help, a missing argument) returns nil and goes to
/// ArgumentParser, so every error and help text stays ArgumentParser's. What this does that
/// ArgumentParser cannot is only to be fast: it knows no grammar ArgumentParser does not
/// declare, and `QuickParseTests` checks that both make the same command from the same words.
/// All but `ask` are made as a `QuickCommand`, which runs what the real command runs.
enum QuickParse {
    static func command(_ arguments: [String]) -> ParsableCommand? {
        guard let name = arguments.first, let words = Words(arguments.dropFirst()) else { return nil }
        // Each command takes only the flags it has. Arrays, not sets: the first `Set<String>`
        // of a process costs a scan of every conformance in the program (about a tenth of a
        // short command's own work), and `show --json` would make none other.
        let allowed: [String] = switch name {
        case "lists", "show": ["--json"]
        case "ask": ["--json", "--yes", "--dry-run", "--explain"]
        default: []
        }
        guard words.flags.allSatisfy(allowed.contains), words.locale == nil || name == "ask" else { return nil }
        switch name {
        case "lists", "show": return reading(name, words)
        case "add", "done", "undone", "rm": return changing(name, words)
        case "ask": return ask(words)
        default: return nil
        }
    }

    /// The words after the command's name: `--data-dir DIR`, `--locale LANGUAGE`, flags, and the
    /// rest in order; nil for anything the quick path leaves to ArgumentParser (another option,
    /// a flag or an option twice).
    private struct Words {
        var dataDir: String?
        var locale: String?
        var flags: [String] = []
        var positional: [String] = []

        init?(_ arguments: ArraySlice<String>) {
            var index = arguments.startIndex
            while index < arguments.endIndex {
                let argument = arguments[index]
                if argument == "--data-dir" || argument == "--locale" {
                    // ArgumentParser takes the next word as the value, unless it looks like an option.
                    guard (argument == "--data-dir" ? dataDir : locale) == nil, index + 1 < arguments.endIndex,
                          !arguments[index + 1].hasPrefix("-") else { return nil }
                    if argument == "--data-dir" { dataDir = arguments[index + 1] } else { locale = arguments[index + 1] }
                    index += 2
                    continue
                }
                if QuickParse.flags.contains(argument), !flags.contains(argument) {
                    flags.append(argument)
                } else if argument.hasPrefix("-") {
                    return nil
                } else {
                    positional.append(argument)
                }
                index += 1
            }
        }
    }

    /// `lists` and `show LIST`.
    private static func reading(_ name: String, _ words: Words) -> ParsableCommand? {
        guard words.positional.count == (name == "lists" ? 0 : 1) else { return nil }
        return QuickCommand(name: name, dataDir: words.dataDir, list: words.positional.first ?? "", json: words.flags.contains("--json"))
    }

    /// `add`, `done`, `undone` and `rm` with a list and one or more items.
    private static func changing(_ name: String, _ words: Words) -> ParsableCommand? {
        guard words.positional.count >= 2 else { return nil }
        return QuickCommand(name: name, dataDir: words.dataDir, list: words.positional[0], items: Array(words.positional.dropFirst()))
    }

    /// `ask` with its words and the flags that need no value.
    private static func ask(_ words: Words) -> ParsableCommand {
        // The command made here is only run, never shown in help: its help lines stay empty.
        CLIWords.helpShown = false
        defer { CLIWords.helpShown = true }
        var command = Ask()
        command.global = GlobalOptions()
        command.global.dataDir = words.dataDir
        command.json = words.flags.contains("--json")
        command.dryRun = words.flags.contains("--dry-run")
        command.locale = words.locale
        command.choose = nil
        command.yes = words.flags.contains("--yes")
        command.no = false
        command.explain = words.flags.contains("--explain")
        command.utterance = words.positional
        return command
    }

    /// The flags (options without a value) the quick path knows.
    private static let flags = ["--json", "--yes", "--dry-run", "--explain"]
}

/// `lists`, `show`, `add`, `done`, `undone` or `rm` as `QuickParse` reads it: what the command
/// of that name runs, made without its ArgumentParser properties. Making those costs more than
/// the rest of the parse: each `@Option` makes a set of names, and the first such set of a
/// process costs a scan of every conformance in the program. ArgumentParser never sees this
/// type: help and errors are the real commands'.
struct QuickCommand: ParsableCommand {
    var name = ""
    var dataDir: String?
    var list = ""
    var items: [String] = []
    var json = false

    func run() throws {
        let folder = DataFolder(dataDir: dataDir)
        switch name {
        case "lists": try Lists.run(folder, json: json)
        case "show": try Show.run(list, folder, json: json)
        case "add": try Add.run(list, items, at: nil, folder)
        case "done", "undone": try setDone(name == "done", items, list, folder)
        default: try Remove.run(list, items, folder)
        }
    }
}
