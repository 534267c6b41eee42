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
enum QuickParse {
    static func command(_ arguments: [String]) -> ParsableCommand? {
        guard let name = arguments.first, let words = Words(arguments.dropFirst()) else { return nil }
        // Each command takes only the flags it has.
        let allowed: Set<String> = switch name {
        case "lists", "show": ["--json"]
        case "ask": ["--json", "--yes", "--dry-run", "--explain"]
        default: []
        }
        guard words.flags.isSubset(of: allowed), words.locale == nil || name == "ask" else { return nil }
        var global = GlobalOptions()
        global.dataDir = words.dataDir
        switch name {
        case "lists", "show": return reading(name, words, global)
        case "add", "done", "undone", "rm": return changing(name, words, global)
        case "ask": return ask(words, global)
        default: return nil
        }
    }

    /// The words after the command's name: `--data-dir DIR`, `--locale LANGUAGE`, flags, and the
    /// rest in order; nil for anything the quick path leaves to ArgumentParser (another option,
    /// a flag or an option twice).
    private struct Words {
        var dataDir: String?
        var locale: String?
        var flags: Set<String> = []
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
                    flags.insert(argument)
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
    private static func reading(_ name: String, _ words: Words, _ global: GlobalOptions) -> ParsableCommand? {
        var output = JSONFlag()
        output.json = words.flags.contains("--json")
        if name == "lists" {
            guard words.positional.isEmpty else { return nil }
            var command = Lists()
            command.global = global
            command.output = output
            return command
        }
        guard words.positional.count == 1 else { return nil }
        var command = Show()
        command.global = global
        command.list = words.positional[0]
        command.output = output
        return command
    }

    /// `add`, `done`, `undone` and `rm` with a list and one or more items.
    private static func changing(_ name: String, _ words: Words, _ global: GlobalOptions) -> ParsableCommand? {
        guard words.positional.count >= 2 else { return nil }
        let list = words.positional[0]
        let items = Array(words.positional.dropFirst())
        switch name {
        case "add":
            var command = Add()
            (command.global, command.list, command.items) = (global, list, items)
            command.at = nil
            return command
        case "done":
            var command = Done()
            (command.global, command.list, command.items) = (global, list, items)
            return command
        case "undone":
            var command = Undone()
            (command.global, command.list, command.items) = (global, list, items)
            return command
        default:
            var command = Remove()
            (command.global, command.list, command.items) = (global, list, items)
            return command
        }
    }

    /// `ask` with its words and the flags that need no value.
    private static func ask(_ words: Words, _ global: GlobalOptions) -> ParsableCommand {
        var command = Ask()
        command.global = global
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
