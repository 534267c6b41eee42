import Foundation
import IntentKit
import ListIntents
import ListOMatApp
import Settings
import TerminalKit

// What config.toml sets, as the commands use it (read by the Settings target).

/// The process's environment, read once: Foundation makes a new dictionary of every variable
/// each time it is asked (a tenth of a millisecond), and a command asks for its language, its
/// data folder, its config file and its caches.
enum ProcessEnvironment {
    /// Read from `environ` directly: Foundation's `ProcessInfo.environment` cost a plain
    /// command about a twentieth of its time. A name set twice keeps its first value, as
    /// `getenv` reads it.
    static let current: [String: String] = {
        var values: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if values[name] == nil { values[name] = String(text[text.utf8.index(after: equals)...]) }
            }
            entry += 1
        }
        return values
    }()
}

/// The terminal UI's settings: the config file, then `--theme`, then NO_COLOR.
struct TUISettings {
    var theme: Theme
    var keymap: Keymap
    var mouse: Bool
    /// `default_list`: the list the assistant means when a request names none.
    var defaultList: String?
    /// `[sync]`: the background sync's server and account (nil: not set up).
    var sync: SyncSettings?
    /// The language chosen (`ChosenLanguage`): the screen's words and the assistant's.
    var locale = LanguageChoice.fallback

    static func load(theme flag: String?, environment: [String: String] = ProcessEnvironment.current) throws -> TUISettings {
        let config: Config
        do {
            config = try Config.load(environment: environment, actions: Keymap.actionNames)
        } catch {
            throw Failure(CLIWords.settings(error), .usage)
        }
        let library = ThemeLibrary(environment: environment)
        var theme: Theme
        do {
            theme = try library.load(flag ?? config.theme ?? ThemeLibrary.defaultName)
        } catch {
            throw Failure(CLIWords.theme(error), .usage)
        }
        if Theme.noColorRequested(environment: environment) { theme = theme.monochrome() }
        let locale: String
        do {
            locale = try LanguageChoice.choose(
                option: nil, configured: config.language, environment: environment, available: Assistant.availableLocales()).locale
        } catch let error as LanguageChoice.Unknown {
            throw Failure(error.worded, .usage)
        } catch {
            locale = LanguageChoice.fallback  // no language files: the assistant says so when asked
        }
        return TUISettings(
            theme: theme, keymap: Keymap(overrides: config.keys), mouse: config.mouse ?? false, defaultList: config.defaultList,
            sync: config.sync, locale: locale)
    }
}

/// `default_list` in config.toml: the list the assistant means when a request names none, for
/// the commands other than the TUI (`ask`, `shortcuts`, `mcp`). A config file that cannot be
/// read is said on stderr, and the assistant asks instead.
enum DefaultList {
    static func configured(environment: [String: String] = ProcessEnvironment.current) -> String? {
        do {
            return try Config.load(environment: environment, actions: Keymap.actionNames).defaultList
        } catch {
            Output.error(CLIWords.text("cli.config.defaultListUnreadable", ["error": .text(CLIWords.settings(error))]))
            return nil
        }
    }
}

/// The language the assistant (and, as the catalogs arrive, the screen) speaks, chosen as
/// `LanguageChoice` says: `--locale`, else `language` in config.toml, else LC_ALL / LC_MESSAGES /
/// LANG, else English. A tag given on purpose that names no installed language is a usage error.
enum ChosenLanguage {
    static func locale(option: String?, environment: [String: String] = ProcessEnvironment.current) throws -> String {
        // The common case costs no directory listing: an installed language named exactly.
        if let option, (try? Assistant.hasLocale(option)) == true { return option }
        let configured: String?
        do {
            configured = option == nil ? try Config.load(environment: environment, actions: Keymap.actionNames).language : nil
        } catch {
            throw Failure(CLIWords.settings(error), .usage)
        }
        let available: [String]
        do { available = try Assistant.availableLocales() } catch { throw Failure(error.message, .storage) }
        do {
            return try LanguageChoice.choose(option: option, configured: configured, environment: environment, available: available).locale
        } catch {
            throw Failure(error.worded, .usage)
        }
    }

    /// The language of the command line's own words: `locale(option: nil)`'s, except that a
    /// config.toml that cannot be read leaves the choice to the environment (its error is then
    /// said in that language); English when config.toml names a language not installed.
    static func localeForWords(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let configured = (try? Config.load(environment: environment, actions: Keymap.actionNames))?.language
        let available = (try? Assistant.availableLocales()) ?? []
        let choice = try? LanguageChoice.choose(option: nil, configured: configured, environment: environment, available: available)
        return choice?.locale ?? LanguageChoice.fallback
    }
}

extension LanguageChoice.Unknown {
    /// The error in the language the person reads otherwise: for `--locale xx`, the one
    /// config.toml or the environment chose; for config.toml's own `language`, English (the
    /// language it names is the one that is not there).
    var worded: String {
        let words = source == .config ? MessageCatalog.interface(LanguageChoice.fallback) : CLIWords.catalog
        let values: [String: TemplateValue] = ["asked": .text(asked), "available": .text(available.joined(separator: ", "))]
        return words(source == .config ? "cli.language.unknownInConfig" : "cli.language.unknown", values)
    }
}
