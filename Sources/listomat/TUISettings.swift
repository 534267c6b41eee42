import Foundation
import ListOMatApp
import TerminalKit

/// The terminal UI's settings: the config file, then `--theme`, then NO_COLOR.
struct TUISettings {
    var theme: Theme
    var keymap: Keymap
    var mouse: Bool

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
        return TUISettings(theme: theme, keymap: Keymap(overrides: config.keys), mouse: config.mouse ?? false)
    }
}
