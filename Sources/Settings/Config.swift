import Foundation
import TerminalKit

/// The person's settings, from `$XDG_CONFIG_HOME/listomat/config.toml`
/// (`~/.config/listomat/config.toml` when XDG_CONFIG_HOME is unset):
///
///     theme = "nord"          # a theme name or a path to a theme file
///     mouse = true
///     default_list = "Groceries"   # the list the assistant uses when a request names none
///     language = "fr"         # the assistant's and the screen's language (else LC_ALL, LC_MESSAGES, LANG)
///
///     [sync]                  # CalDAV sync (docs/sync.md)
///     url = "https://cloud.example.com/remote.php/dav"
///     username = "ada"
///     password_command = "pass show caldav"   # or password_env = "LISTOMAT_SYNC_PASSWORD"
///     interval = 300          # seconds between the TUI's background syncs; 0: never
///
///     [keys]                  # action = a key name, or an array of key names
///     undo = "u"
///     down = ["j", "down", "ctrl-n"]
///     quit = []               # no key at all
///
/// Every setting is optional; a missing file is an empty config. Unknown settings, unknown
/// actions, key names that name no key and values of the wrong type are errors naming the
/// file, the line and the problem. Key names are those of `KeyName`.
package struct Config: Hashable, Sendable {
    /// The theme to use, by name or path (see `ThemeLibrary`); nil: the app's default.
    package var theme: String?
    /// Whether to turn on mouse reporting; nil: the app's default.
    package var mouse: Bool?
    /// The list the assistant means when a request names none ("we need milk") and there
    /// is more than one; nil: it asks.
    package var defaultList: String?
    /// The language ListOMat speaks, as a BCP 47 or POSIX tag ("fr", "zh_CN.UTF-8"); nil: the
    /// environment's (`LanguageChoice`).
    package var language: String?
    /// Keys for actions the file rebinds, replacing the app's keys for those actions; each
    /// list in the file's order, without repeats.
    package var keys: [String: [Key]]
    /// `[sync]`; nil when the file has none.
    package var sync: SyncSettings?

    package init(
        theme: String? = nil, mouse: Bool? = nil, defaultList: String? = nil, keys: [String: [Key]] = [:],
        sync: SyncSettings? = nil
    ) {
        self.theme = theme
        self.mouse = mouse
        self.defaultList = defaultList
        self.keys = keys
        self.sync = sync
    }

    package static let empty = Config()

    /// Where the config file is for `environment`; nil when neither XDG_CONFIG_HOME nor
    /// HOME is set.
    package static func defaultPath(environment: [String: String]) -> String? {
        SettingsFile.configDirectory(environment: environment).map {
            ($0 as NSString).appendingPathComponent("config.toml")
        }
    }

    /// The config in `text`; `file` names it in messages, `actions` are the action names
    /// `[keys]` may bind.
    package static func parse(_ text: String, file: String, actions: Set<String>) throws(ConfigFileError) -> Config {
        let document: TOMLTable
        do {
            document = try TOML.parse(text)
        } catch {
            throw ConfigFileError(file: file, error)
        }
        func problem(_ line: Int, _ message: SettingsMessage) -> ConfigFileError {
            ConfigFileError(file: file, line: line, message)
        }

        var config = Config()
        for entry in document.entries {
            switch entry.key {
            case "theme":
                guard let name = entry.value.string, !name.isEmpty else {
                    throw problem(entry.line, SettingsMessage("config.error.theme", english: "theme must be a theme's name or a path in quotes, such as theme = \"nord\""))
                }
                config.theme = name
            case "mouse":
                guard let on = entry.value.bool else {
                    throw problem(entry.line, SettingsMessage(
                        "config.error.mouse", ["kind": entry.value.kindName], english: "mouse must be true or false, not \(entry.value.kindDescription)"))
                }
                config.mouse = on
            case "default_list":
                guard let name = entry.value.string, !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw problem(entry.line, SettingsMessage(
                        "config.error.defaultList", english: "default_list must be a list's name in quotes, such as default_list = \"Groceries\""))
                }
                config.defaultList = name
            case "language":
                guard let tag = entry.value.string, !tag.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw problem(entry.line, SettingsMessage(
                        "config.error.language", english: "language must be a language tag in quotes, such as language = \"fr\" or \"zh-Hans\""))
                }
                config.language = tag
            case "keys":
                guard let table = entry.value.table else {
                    throw problem(entry.line, SettingsMessage(
                        "config.error.keysTable", english: "keys must be a table: a [keys] header with lines such as undo = \"u\""))
                }
                config.keys = try keyBindings(table, actions: actions, problem: problem)
            case "sync":
                guard let table = entry.value.table else {
                    throw problem(entry.line, SettingsMessage(
                        "config.error.syncTable", english: "sync must be a table: a [sync] header with lines such as url = \"https://…\""))
                }
                config.sync = try SyncSettings.parse(table, line: entry.line, problem: problem)
            default:
                throw problem(entry.line, SettingsMessage("config.error.unknownSetting", ["setting": entry.key],
                    english: "unknown setting '\(entry.key)'; the settings are theme, mouse, default_list, language, [keys] and [sync]"))
            }
        }
        return config
    }

    /// The config in the file at `path`; an empty config when there is no file.
    package static func load(path: String, actions: Set<String>) throws(ConfigFileError) -> Config {
        guard let text = try SettingsFile.read(path) else { return .empty }
        return try parse(text, file: path, actions: actions)
    }

    /// The config at `defaultPath(environment:)`; an empty config when there is none.
    package static func load(environment: [String: String], actions: Set<String>) throws(ConfigFileError) -> Config {
        guard let path = defaultPath(environment: environment) else { return .empty }
        return try load(path: path, actions: actions)
    }

    private static func keyBindings(
        _ table: TOMLTable, actions: Set<String>, problem: (Int, SettingsMessage) -> ConfigFileError
    ) throws(ConfigFileError) -> [String: [Key]] {
        var bindings: [String: [Key]] = [:]
        // Which action each key was given to, so a key given to two is refused, naming both.
        var boundTo: [Key: String] = [:]
        for entry in table.entries {
            let action = entry.key
            guard actions.contains(action) else {
                let known = actions.sorted().joined(separator: ", ")
                throw problem(entry.line, SettingsMessage("config.error.unknownAction", ["action": action, "actions": known],
                                             english: "unknown action '\(action)' in [keys]; the actions are \(known)"))
            }
            let names: [TOMLValue]
            switch entry.value {
            case .string: names = [entry.value]
            case .array(let items): names = items
            default:
                throw problem(entry.line, SettingsMessage("config.error.keysValue", ["action": action, "kind": entry.value.kindName],
                    english: "\(action) must be a key name or an array of key names, such as \(action) = [\"j\", \"down\"], not \(entry.value.kindDescription)"))
            }
            var keys: [Key] = []
            for item in names {
                guard let name = item.string else {
                    throw problem(entry.line, SettingsMessage("config.error.keyNotText", ["action": action, "kind": item.kindName],
                                                 english: "the keys for \(action) must be key names in quotes, not \(item.kindDescription)"))
                }
                guard let key = KeyName.parse(name) else {
                    throw problem(entry.line, SettingsMessage("config.error.unknownKey", ["key": name, "action": action],
                                                 english: "unknown key '\(name)' for \(action); \(KeyNameError.hint)"))
                }
                if let other = boundTo[key], other != action {
                    throw problem(entry.line, SettingsMessage("config.error.keyTwice", ["key": name, "other": other, "action": action],
                                                 english: "the key '\(name)' is bound to both \(other) and \(action); give each key one action"))
                }
                boundTo[key] = action
                if !keys.contains(key) { keys.append(key) }
            }
            bindings[action] = keys
        }
        return bindings
    }
}
