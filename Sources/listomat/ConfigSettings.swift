import Foundation
import ListOMatApp
import Settings
import TerminalKit

// What config.toml sets, as the commands use it (read by the Settings target).

/// The terminal UI's settings: the config file, then `--theme`, then NO_COLOR.
struct TUISettings {
    var theme: Theme
    var keymap: Keymap
    var mouse: Bool
    /// `default_list`: the list the assistant means when a request names none.
    var defaultList: String?
    /// `[sync]`: the background sync's server and account (nil: not set up).
    var sync: SyncSettings?

    static func load(theme flag: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> TUISettings {
        let config: Config
        do {
            config = try Config.load(environment: environment, actions: Keymap.actionNames)
        } catch {
            throw Failure("\(error)", .usage)
        }
        let library = ThemeLibrary(environment: environment)
        var theme: Theme
        do {
            theme = try library.load(flag ?? config.theme ?? ThemeLibrary.defaultName)
        } catch {
            throw Failure("\(error)", .usage)
        }
        if Theme.noColorRequested(environment: environment) { theme = theme.monochrome() }
        return TUISettings(
            theme: theme, keymap: Keymap(overrides: config.keys), mouse: config.mouse ?? false, defaultList: config.defaultList,
            sync: config.sync)
    }
}

/// `default_list` in config.toml: the list the assistant means when a request names none, for
/// the commands other than the TUI (`ask`, `shortcuts`, `mcp`). A config file that cannot be
/// read is said on stderr, and the assistant asks instead.
enum DefaultList {
    static func configured(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        do {
            return try Config.load(environment: environment, actions: Keymap.actionNames).defaultList
        } catch {
            Output.error("\(error); the assistant will ask which list you mean")
            return nil
        }
    }
}
