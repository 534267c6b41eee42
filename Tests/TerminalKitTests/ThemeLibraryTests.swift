import Foundation
import Testing
@testable import TerminalKit

/// A fresh folder under the system's temporary folder (symbolic links resolved, so paths
/// compare equal to resolved ones), removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory()).resolvingSymlinksInPath()
        path = base.appendingPathComponent("terminalkit-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func at(_ relative: String) -> String {
        (path as NSString).appendingPathComponent(relative)
    }

    /// Writes `text` to `relative`, making its folders.
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        let file = at(relative)
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// A small valid theme file whose display name tells where it was found.
func themeFile(named name: String) -> String {
    "name = \"\(name)\"\n[roles]\nselection = { reverse = true }\n"
}

@Suite struct ThemeLibraryTests {
    @Test func searchesTheFoldersInOrder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let library = ThemeLibrary(
            environment: ["HOME": folder.at("home"), "LISTOMAT_THEMES": folder.at("extra")],
            executablePath: folder.at("prefix/bin/listomat"),
            checkoutThemesDirectory: folder.at("checkout/Themes"))
        #expect(library.searchDirectories() == [
            folder.at("home/.config/listomat/themes"),
            folder.at("extra"),
            folder.at("prefix/share/listomat/themes"),
            folder.at("checkout/Themes"),
        ])

        var withXDG = library
        withXDG.environment["XDG_CONFIG_HOME"] = folder.at("xdg")
        #expect(withXDG.searchDirectories().first == folder.at("xdg/listomat/themes"))

        // The XDG spec: a relative XDG_CONFIG_HOME is ignored.
        withXDG.environment["XDG_CONFIG_HOME"] = "relative/config"
        #expect(withXDG.searchDirectories().first == folder.at("home/.config/listomat/themes"))
    }

    @Test func earlierFoldersWin() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let places = [
            ("home/.config/listomat/themes", "config"),
            ("extra", "LISTOMAT_THEMES"),
            ("prefix/share/listomat/themes", "installed"),
            ("checkout/Themes", "checkout"),
        ]
        for (directory, label) in places {
            try folder.write(directory + "/mine.toml", themeFile(named: label))
        }
        let library = ThemeLibrary(
            environment: ["HOME": folder.at("home"), "LISTOMAT_THEMES": folder.at("extra")],
            executablePath: folder.at("prefix/bin/listomat"),
            checkoutThemesDirectory: folder.at("checkout/Themes"))
        for (directory, label) in places {
            #expect(try library.load("mine").name == label)
            #expect(library.locate("mine") == .file(folder.at(directory + "/mine.toml")))
            try FileManager.default.removeItem(atPath: folder.at(directory + "/mine.toml"))
        }
        #expect(library.locate("mine") == nil)
    }

    @Test func followsASymbolicLinkToTheExecutable() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("opt/listomat/bin/listomat", "")
        try folder.write("opt/listomat/share/listomat/themes/installed.toml", themeFile(named: "Installed"))
        try FileManager.default.createDirectory(atPath: folder.at("bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.at("bin/listomat"), withDestinationPath: folder.at("opt/listomat/bin/listomat"))
        let library = ThemeLibrary(environment: [:], executablePath: folder.at("bin/listomat"), checkoutThemesDirectory: nil)
        #expect(try library.load("installed").name == "Installed")
    }

    @Test func defaultIsAlwaysThere() throws {
        let nowhere = ThemeLibrary(environment: [:], executablePath: nil, checkoutThemesDirectory: nil)
        #expect(nowhere.searchDirectories().isEmpty)
        #expect(nowhere.locate("default") == .builtIn)
        #expect(try nowhere.load("default") == Theme.defaultTheme)
        #expect(nowhere.availableThemes() == ["default"])
    }

    @Test func aDefaultFileOverridesTheBuiltInTheme() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("home/.config/listomat/themes/default.toml", themeFile(named: "My default"))
        let library = ThemeLibrary(environment: ["HOME": folder.at("home")], executablePath: nil, checkoutThemesDirectory: nil)
        #expect(try library.load("default").name == "My default")
    }

    @Test func namesWithASlashOrTomlArePaths() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write("somewhere/custom.toml", themeFile(named: "Custom"))
        try folder.write("home/themes/tilde.toml", themeFile(named: "Tilde"))
        // A same-named theme in a search folder must not be picked for a path.
        try folder.write("home/.config/listomat/themes/custom.toml", themeFile(named: "Wrong"))
        let library = ThemeLibrary(environment: ["HOME": folder.at("home")], executablePath: nil, checkoutThemesDirectory: nil)
        #expect(try library.load(file).name == "Custom")
        #expect(try library.load("~/themes/tilde.toml").name == "Tilde")
        #expect(library.locate(file) == .file(file))
        #expect(throws: ThemeLoadError.missingFile(folder.at("somewhere/none.toml"))) {
            try library.load(folder.at("somewhere/none.toml"))
        }
        #expect(throws: ThemeLoadError.missingFile("nord.toml")) { try library.load("nord.toml") }
    }

    @Test func unknownThemeListsTheAvailableOnes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("home/.config/listomat/themes/mine.toml", themeFile(named: "Mine"))
        try folder.write("home/.config/listomat/themes/notes.txt", "not a theme")
        try FileManager.default.createDirectory(
            atPath: folder.at("home/.config/listomat/themes/folder.toml"), withIntermediateDirectories: true)
        let library = ThemeLibrary(
            environment: ["HOME": folder.at("home")], executablePath: nil,
            checkoutThemesDirectory: shippedThemesDirectory)
        let expected = try (shippedThemeNames() + ["mine"]).sorted()
        #expect(library.availableThemes() == expected)
        do throws(ThemeLoadError) {
            _ = try library.load("nope")
            Issue.record("loaded an unknown theme")
        } catch {
            #expect(error == .unknownTheme("nope", available: expected))
            #expect(error.description == "unknown theme 'nope'; available: " + expected.joined(separator: ", "))
            #expect(error.description.hasPrefix("unknown theme 'nope'; available: default, high-contrast, mine, nord"))
        }
        #expect(library.locate("") == nil)
    }

    @Test func invalidThemeFileIsReportedWithItsLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write("t/broken.toml", "name = \"Broken\"\n[roles]\nselection = { fg = \"mauve\" }\n")
        let library = ThemeLibrary(environment: ["LISTOMAT_THEMES": folder.at("t")], executablePath: nil, checkoutThemesDirectory: nil)
        do throws(ThemeLoadError) {
            _ = try library.load("broken")
            Issue.record("loaded a broken theme")
        } catch {
            guard case .invalid(let problem) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(problem.file == file)
            #expect(problem.line == 3)
            #expect(error.description.hasPrefix("\(file):3: unknown colour 'mauve'"))
        }
    }

    @Test func theCheckoutsThemesAreFoundFromTheSource() throws {
        #expect(ThemeLibrary.checkoutThemesDirectory == shippedThemesDirectory)
        #expect(ThemeLibrary.currentExecutablePath() != nil)
        let library = ThemeLibrary(environment: [:], executablePath: nil)
        #expect(library.locate("nord") == .file(ThemeLibrary.checkoutThemesDirectory + "/nord.toml"))
        for name in try shippedThemeNames() {
            #expect(throws: Never.self) { try library.load(name) }
        }
    }
}
