import ArgumentParser

/// The commands people type most, in their plain forms, parsed without ArgumentParser.
///
/// ArgumentParser finds a command's arguments by reflection, and in this binary that costs
/// about 2 ms, a third of a whole `listomat lists`. `lists`, `show`, `add`, `done`, `undone`,
/// `rm` and `ask` with only their positional arguments, `--data-dir DIR` and their own flags
/// (`--json`; for `ask` also `--yes`, `--dry-run`, `--explain`) are made here; anything else
/// (another option, a `-` word, help, a missing argument) returns nil and goes to
/// ArgumentParser, so every error and help text stays ArgumentParser's. A test checks that both parsers make the same command from the same
/// words.
enum QuickParse {
    static func command(_ arguments: [String]) -> ParsableCommand? {
        guard let name = arguments.first else { return nil }
        var dataDir: String?
        var flags: Set<String> = []
        var positional: [String] = []
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--data-dir" {
                // ArgumentParser takes the next word as the value, unless it looks like an option.
                guard dataDir == nil, index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") else { return nil }
                dataDir = arguments[index + 1]
                index += 2
                continue
            }
            if Self.flags.contains(argument), !flags.contains(argument) {
                flags.insert(argument)
            } else if argument.hasPrefix("-") {
                return nil
            } else {
                positional.append(argument)
            }
            index += 1
        }
        // Each command takes only the flags it has.
        let allowed: Set<String> = switch name {
        case "lists", "show": ["--json"]
        case "ask": ["--json", "--yes", "--dry-run", "--explain"]
        default: []
        }
        guard flags.isSubset(of: allowed) else { return nil }
        let json = flags.contains("--json")
        var global = GlobalOptions()
        global.dataDir = dataDir
        var output = JSONFlag()
        output.json = json
        switch name {
        case "lists":
            guard positional.isEmpty else { return nil }
            var command = Lists()
            command.global = global
            command.output = output
            return command
        case "show":
            guard positional.count == 1 else { return nil }
            var command = Show()
            command.global = global
            command.list = positional[0]
            command.output = output
            return command
        case "add":
            guard positional.count >= 2 else { return nil }
            var command = Add()
            command.global = global
            command.list = positional[0]
            command.items = Array(positional.dropFirst())
            command.at = nil
            return command
        case "done", "undone", "rm":
            guard positional.count >= 2 else { return nil }
            let list = positional[0]
            let items = Array(positional.dropFirst())
            switch name {
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
        case "ask":
            var command = Ask()
            command.global = global
            command.json = json
            command.dryRun = flags.contains("--dry-run")
            command.locale = "en"
            command.choose = nil
            command.yes = flags.contains("--yes")
            command.no = false
            command.explain = flags.contains("--explain")
            command.utterance = positional
            return command
        default:
            return nil
        }
    }

    /// The flags (options without a value) the quick path knows.
    private static let flags = ["--json", "--yes", "--dry-run", "--explain"]
}
