import Foundation
import TerminalKit

/// `[sync]`: where and as whom `listomat sync` syncs. The password is never in the file: it
/// comes from `password_command` (its first line of output) or the variable `password_env` names.
package struct SyncSettings: Hashable, Sendable {
    package var url: String
    package var username: String?
    package var passwordCommand: String?
    package var passwordEnvironment: String?
    /// Seconds between the TUI's background syncs; 0: only `listomat sync` syncs.
    package var interval: Int
    /// Seconds one request to the server may take, whole, and `password_command` may run.
    package var timeout: Int
    /// A PEM file of certificate authorities to trust besides the system's (a private CA).
    package var caFile: String?

    package static let defaultInterval = 300
    package static let defaultTimeout = 120

    package init(url: String, username: String? = nil, passwordCommand: String? = nil, passwordEnvironment: String? = nil,
                interval: Int = SyncSettings.defaultInterval, timeout: Int = SyncSettings.defaultTimeout) {
        self.url = url
        self.username = username
        self.passwordCommand = passwordCommand
        self.passwordEnvironment = passwordEnvironment
        self.interval = interval
        self.timeout = timeout
    }

    static func parse(
        _ table: TOMLTable, line: Int, problem: (Int, SettingsMessage) -> ConfigFileError
    ) throws(ConfigFileError) -> SyncSettings {
        var url: String?
        var urlLine = line
        var settings = SyncSettings(url: "")
        for entry in table.entries {
            func text() throws(ConfigFileError) -> String {
                guard let value = entry.value.string, !value.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw problem(entry.line, SettingsMessage("config.error.syncText", ["setting": entry.key],
                                                 english: "\(entry.key) in [sync] must be text in quotes"))
                }
                return value
            }
            switch entry.key {
            case "url":
                url = try text()
                urlLine = entry.line
            case "username": settings.username = try text()
            case "password_command": settings.passwordCommand = try text()
            case "password_env": settings.passwordEnvironment = try text()
            case "password":
                throw problem(entry.line, SettingsMessage("config.error.syncPassword", english:
                    "[sync] does not keep a password in the file; use password_command = \"pass show caldav\" or password_env = \"VARIABLE\""))
            case "interval":
                guard let seconds = entry.value.integer, seconds >= 0, seconds <= 86_400 else {
                    throw problem(entry.line, SettingsMessage(
                        "config.error.syncInterval", english: "interval in [sync] must be a number of seconds from 0 (never) to 86400"))
                }
                settings.interval = seconds
            case "ca_file": settings.caFile = (try text() as NSString).expandingTildeInPath
            case "timeout":
                guard let seconds = entry.value.integer, seconds >= 1, seconds <= 3600 else {
                    throw problem(entry.line, SettingsMessage(
                        "config.error.syncTimeout", english: "timeout in [sync] must be a number of seconds from 1 to 3600"))
                }
                settings.timeout = seconds
            default:
                throw problem(entry.line, SettingsMessage("config.error.syncUnknown", ["setting": entry.key], english:
                    "unknown setting '\(entry.key)' in [sync]; the settings are url, username, password_command, password_env, interval, timeout and ca_file"))
            }
        }
        guard let url else {
            throw problem(line, SettingsMessage("config.error.syncNoURL", english: "[sync] needs url = \"https://…\", the CalDAV server's address"))
        }
        if settings.passwordCommand != nil && settings.passwordEnvironment != nil {
            throw problem(line, SettingsMessage("config.error.syncBothPasswords", english: "[sync] takes password_command or password_env, not both"))
        }
        // A password in the url would be printed and stored with it: refused like `password =`,
        // without repeating the url.
        if let components = URLComponents(string: url), components.user != nil || components.password != nil {
            throw problem(urlLine, SettingsMessage("config.error.syncURLPassword", english:
                "[sync] url must not hold a user name or password (\"https://name:secret@…\"); set username = \"…\", and password_command or password_env"))
        }
        settings.url = url
        return settings
    }
}
