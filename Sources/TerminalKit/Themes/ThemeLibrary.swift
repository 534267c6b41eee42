import Foundation

/// Finds themes by name (`listomat --theme NAME`, `theme = "NAME"` in config.toml). The
/// search order:
///
/// 1. A NAME containing "/" or ending in ".toml" is a path to a theme file ("~/" is the
///    home folder; a relative path is from the current folder). Nothing else is searched.
/// 2. `$XDG_CONFIG_HOME/listomat/themes/NAME.toml` (`~/.config/listomat/themes/NAME.toml`
///    when XDG_CONFIG_HOME is unset): the person's own themes.
/// 3. `$LISTOMAT_THEMES/NAME.toml`, when LISTOMAT_THEMES is set.
/// 4. `<folder of the executable>/../share/listomat/themes/NAME.toml` (symbolic links to
///    the executable followed): an installed copy's themes.
/// 5. The checkout's `Themes/` folder, found from this source file's path: `swift run` and
///    `swift test` from a checkout.
/// 6. "default" is always there: when no file named default.toml is found, it is the
///    built-in `Theme.defaultTheme`.
///
/// The environment and the executable's path are inputs, so tests do not depend on the
/// machine they run on.
package struct ThemeLibrary: Sendable {
    /// Where a theme was found.
    package enum Source: Hashable, Sendable {
        case builtIn
        case file(String)
    }

    package var environment: [String: String]
    /// The running executable, for step 4 (nil: skip it).
    package var executablePath: String?
    /// The checkout's Themes folder, for step 5 (nil: skip it).
    package var checkoutThemesDirectory: String?

    package init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String? = ThemeLibrary.currentExecutablePath(),
        checkoutThemesDirectory: String? = ThemeLibrary.checkoutThemesDirectory
    ) {
        self.environment = environment
        self.executablePath = executablePath
        self.checkoutThemesDirectory = checkoutThemesDirectory
    }

    /// The name of the theme that is always there.
    package static let defaultName = "default"

    /// The checkout's Themes folder: this file is Sources/TerminalKit/Themes/ThemeLibrary.swift.
    package static let checkoutThemesDirectory: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Themes
        .deletingLastPathComponent()  // TerminalKit
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // the checkout
        .appendingPathComponent("Themes").path

    /// The running executable's path, as the system reports it.
    package static func currentExecutablePath() -> String? {
        Bundle.main.executablePath
    }

    /// The folders of steps 2–5 that apply, in search order (whether or not they exist).
    package func searchDirectories() -> [String] {
        var directories: [String] = []
        if let config = SettingsFile.configDirectory(environment: environment) {
            directories.append((config as NSString).appendingPathComponent("themes"))
        }
        if let themes = environment["LISTOMAT_THEMES"], !themes.isEmpty {
            directories.append(SettingsFile.expandingTilde(themes, environment: environment))
        }
        if let executablePath, !executablePath.isEmpty {
            let installed = URL(fileURLWithPath: executablePath)
                .resolvingSymlinksInPath()
                .deletingLastPathComponent()
                .appendingPathComponent("../share/listomat/themes")
                .standardizedFileURL
            directories.append(installed.path)
        }
        if let checkoutThemesDirectory, !checkoutThemesDirectory.isEmpty {
            directories.append(checkoutThemesDirectory)
        }
        var seen = Set<String>()
        return directories.filter { seen.insert($0).inserted }
    }

    /// Whether `name` is a path to a file rather than a theme's name.
    package static func isPath(_ name: String) -> Bool {
        name.contains("/") || name.hasSuffix(".toml")
    }

    /// Where the theme `name` comes from, or nil when there is no such theme.
    package func locate(_ name: String) -> Source? {
        guard !name.isEmpty else { return nil }
        if Self.isPath(name) {
            let path = SettingsFile.expandingTilde(name, environment: environment)
            return isFile(path) ? .file(path) : nil
        }
        for directory in searchDirectories() {
            let path = (directory as NSString).appendingPathComponent(name + ".toml")
            if isFile(path) { return .file(path) }
        }
        return name == Self.defaultName ? .builtIn : nil
    }

    /// The theme `name`, read and checked.
    package func load(_ name: String) throws(ThemeLoadError) -> Theme {
        guard let source = locate(name) else {
            if Self.isPath(name) {
                throw .missingFile(SettingsFile.expandingTilde(name, environment: environment))
            }
            throw .unknownTheme(name, available: availableThemes())
        }
        switch source {
        case .builtIn:
            return .defaultTheme
        case .file(let path):
            do {
                return try Theme.load(path: path)
            } catch {
                throw .invalid(error)
            }
        }
    }

    /// The names of every theme in the search folders, and "default", sorted.
    package func availableThemes() -> [String] {
        var names: Set<String> = [Self.defaultName]
        for directory in searchDirectories() {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for file in files where file.hasSuffix(".toml") && !file.hasPrefix(".") {
                let name = String(file.dropLast(".toml".count))
                if !name.isEmpty, isFile((directory as NSString).appendingPathComponent(file)) {
                    names.insert(name)
                }
            }
        }
        return names.sorted()
    }

    private func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}

/// Why a theme could not be loaded.
package enum ThemeLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No theme has this name; `available` lists those there are.
    case unknownTheme(String, available: [String])
    /// The theme was given as a path, and there is no file there.
    case missingFile(String)
    /// The theme's file is there but cannot be read or is wrong.
    case invalid(ConfigFileError)

    package var description: String {
        switch self {
        case .unknownTheme(let name, let available):
            "unknown theme '\(name)'; available: \(available.joined(separator: ", "))"
        case .missingFile(let path):
            "no theme file at '\(path)'"
        case .invalid(let error):
            error.description
        }
    }
}
