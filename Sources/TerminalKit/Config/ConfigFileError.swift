import Foundation

/// A problem in a settings file (a theme or config.toml): the file, the 1-based line when
/// there is one, and what is wrong, shown as "file:line: message". What is wrong is data too
/// (`SettingsMessage`): a catalog key and values, worded in the person's language where it is
/// shown; `message` is its English. A TOML syntax error has no key: the parser's words are
/// shown as they are.
package struct ConfigFileError: Error, Hashable, Sendable, CustomStringConvertible {
    package var file: String
    package var line: Int?
    package var message: String
    /// The catalog key that words `message` (`config.error.*`, `theme.error.*`); empty: none.
    package var key = ""
    /// The values the key's text takes; a value named `kind` is a TOML kind (`config.kind.*`).
    package var values: [String: String] = [:]

    package init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    package init(file: String, line: Int?, _ message: SettingsMessage) {
        self.init(file: file, line: line, message: message.english)
        key = message.key
        values = message.values
    }

    package init(file: String, _ error: TOMLError) {
        self.init(file: file, line: error.line, message: error.message)
    }

    package var description: String {
        line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)"
    }

    /// Two problems are the same when they say the same in English, where.
    package static func == (a: ConfigFileError, b: ConfigFileError) -> Bool {
        a.file == b.file && a.line == b.line && a.message == b.message
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(line)
        hasher.combine(message)
    }
}

/// Reading a settings file's text: theme files here, config.toml in the `Settings` target.
package enum SettingsFile {
    /// The UTF-8 text at `path`, or nil when there is no such file.
    package static func read(_ path: String) throws(ConfigFileError) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        guard !isDirectory.boolValue else {
            throw ConfigFileError(file: path, line: nil, SettingsMessage("config.error.folder", english: "is a folder, not a file"))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigFileError(file: path, line: nil, SettingsMessage("config.error.unreadable", english: "cannot be read (check its permissions)"))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigFileError(file: path, line: nil, SettingsMessage("config.error.notUTF8", english: "is not UTF-8 text"))
        }
        return text
    }

    /// `$XDG_CONFIG_HOME/listomat`, or `$HOME/.config/listomat`; nil when neither is set.
    package static func configDirectory(environment: [String: String]) -> String? {
        // The XDG spec says an empty or relative XDG_CONFIG_HOME is to be ignored.
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return (xdg as NSString).appendingPathComponent("listomat")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return (home as NSString).appendingPathComponent(".config/listomat")
    }

    /// `path` with a leading "~/" made the home folder from `environment`.
    static func expandingTilde(_ path: String, environment: [String: String]) -> String {
        if path == "~" || path.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty {
            return home + path.dropFirst()
        }
        return path
    }
}

/// What is wrong in a settings file, as data: the key of the interface catalog that words it,
/// its values, and its English (see `ConfigFileError`).
package struct SettingsMessage: Hashable, Sendable {
    package var key: String
    package var values: [String: String]
    package var english: String

    package init(_ key: String, _ values: [String: String] = [:], english: String) {
        self.key = key
        self.values = values
        self.english = english
    }
}
