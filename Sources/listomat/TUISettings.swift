import Foundation
import ListOMatApp
import Settings
import TerminalKit

/// The terminal UI's settings: the config file, then `--theme`, then NO_COLOR.
struct TUISettings {
    var theme: Theme
    var keymap: Keymap
    var mouse: Bool
    /// `default_list`: the list the assistant means when a request names none.
    var defaultList: String?
    /// `[sync]`: the background sync's server and account (nil: not set up).
    var sync: SyncSettings?

    /// The assistant's `default_list` for commands other than the TUI: a config file that
    /// cannot be read is said on stderr, and the assistant asks instead.
    static func defaultList(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        do {
            return try Config.load(environment: environment, actions: Keymap.actionNames).defaultList
        } catch {
            Output.error("\(error); the assistant will ask which list you mean")
            return nil
        }
    }

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
