import Foundation
import Testing
@testable import TerminalKit

/// The checkout's Themes folder, from this file's place in Tests/TerminalKitTests.
let shippedThemesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("Themes").path

/// The shipped theme files' names without ".toml", sorted.
func shippedThemeNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: shippedThemesDirectory)
        .filter { $0.hasSuffix(".toml") }
        .map { String($0.dropLast(5)) }
        .sorted()
}

@Suite struct ThemeTests {
    /// The error `text` gives as a theme file called "t.toml", or nil when it loads.
    private func problem(_ text: String) -> ConfigFileError? {
        do {
            _ = try Theme.parse(text, file: "t.toml")
            return nil
        } catch {
            return error
        }
    }

    @Test func defaultFileDescribesTheBuiltInTheme() throws {
        let path = (shippedThemesDirectory as NSString).appendingPathComponent("default.toml")
        let fromFile = try Theme.load(path: path)
        #expect(fromFile.name == Theme.defaultTheme.name)
        #expect(fromFile.description == Theme.defaultTheme.description)
        for role in Role.allCases {
            #expect(fromFile[role] == Theme.defaultTheme[role], "\(role)")
        }
        #expect(fromFile == Theme.defaultTheme)
    }

    @Test func builtInThemeUsesOnlyTheTerminalsOwnColours() {
        for role in Role.allCases {
            for color in [Theme.defaultTheme[role].foreground, Theme.defaultTheme[role].background] {
                switch color {
                case .terminalDefault: break
                case .ansi(let index): #expect(index < 16)
                case .palette: Issue.record("\(role) uses a palette colour")
                }
            }
        }
    }

    @Test func shipsTheExpectedThemes() throws {
        let names = try shippedThemeNames()
        #expect(names == ["default", "high-contrast", "nord", "solarized-dark", "solarized-light"])
    }

    @Test func everyShippedThemeLoadsWithAVisibleSelection() throws {
        for name in try shippedThemeNames() {
            let path = (shippedThemesDirectory as NSString).appendingPathComponent(name + ".toml")
            let theme = try Theme.load(path: path)
            #expect(!theme.name.isEmpty, "\(name)")
            #expect(!theme.description.isEmpty, "\(name)")
            #expect(theme[.selection] != theme[.normal], "\(name): selection looks like normal")
            let monochrome = theme.monochrome()
            #expect(monochrome[.selection] != monochrome[.normal], "\(name): monochrome selection looks like normal")
        }
    }

    @Test func highContrastIsWhiteOnBlackWithReverseSelection() throws {
        let theme = try Theme.load(path: (shippedThemesDirectory as NSString).appendingPathComponent("high-contrast.toml"))
        #expect(theme[.normal] == Style(foreground: .ansi(15), background: .ansi(0), attributes: .bold))
        #expect(theme[.selection] == Style(foreground: .ansi(15), background: .ansi(0), attributes: [.bold, .reverse]))
        #expect(theme[.accent].foreground == .ansi(11))
    }

    @Test func rolesStartAsACopyOfNormal() throws {
        let theme = try Theme.parse("""
            name = "T"
            [roles]
            selection = { reverse = true }
            normal = { fg = "white", bg = 17, bold = true }
            title = { underline = true, bold = false }
            error = { fg = "bright-red" }
            """, file: "t.toml")
        let normal = Style(foreground: .ansi(7), background: .palette(17), attributes: .bold)
        #expect(theme[.normal] == normal)
        #expect(theme[.selection] == Style(foreground: .ansi(7), background: .palette(17), attributes: [.bold, .reverse]))
        #expect(theme[.title] == Style(foreground: .ansi(7), background: .palette(17), attributes: .underline))
        #expect(theme[.error] == Style(foreground: .ansi(9), background: .palette(17), attributes: .bold))
        #expect(theme[.hint] == normal)
        #expect(theme.description == "")
    }

    @Test func readsEveryColourName() {
        #expect(Theme.color(named: "default") == .terminalDefault)
        #expect(Theme.color(named: "Default") == .terminalDefault)
        for (index, name) in Theme.colorNames.enumerated() {
            #expect(Theme.color(named: name) == .ansi(UInt8(index)))
        }
        #expect(Theme.color(named: "bright-white") == .ansi(15))
        #expect(Theme.color(named: "purple") == nil)
    }

    @Test func readsEveryAttribute() throws {
        let theme = try Theme.parse("""
            name = "T"
            [roles.selection]
            bold = true
            dim = true
            italic = true
            underline = true
            reverse = true
            """, file: "t.toml")
        #expect(theme[.selection].attributes == [.bold, .dim, .italic, .underline, .reverse])
    }

    @Test(arguments: [
        ("[roles]\nselection = { reverse = true }", nil as Int?, "t.toml: the theme has no name"),
        ("name = \"\"", 1, "name must be a non-empty string"),
        ("name = \"T\"\ncolour = 1", 2, "unknown key 'colour'; a theme has name, description and [roles]"),
        ("name = \"T\"\ndescription = 3", 2, "description must be a string, not an integer"),
        ("name = \"T\"\nroles = 1", 2, "roles must be a table"),
        ("name = \"T\"\n[roles]\nselected = { reverse = true }", 3, "unknown role 'selected'; the roles are normal, selection, focus"),
        ("name = \"T\"\n[roles]\nselection = \"cyan\"", 3, "role 'selection' must be a table such as"),
        ("name = \"T\"\n[roles]\nselection = { fgg = \"red\" }", 3, "unknown key 'fgg' in role 'selection'; the keys are fg, bg, bold"),
        ("name = \"T\"\n[roles]\n\nselection = { fg = \"purple\" }", 4, "unknown colour 'purple' for fg in role 'selection'; use \"default\""),
        ("name = \"T\"\n[roles]\nselection = { bg = 256 }", 3, "colour 256 for bg in role 'selection' is out of range; palette colours are 0–255"),
        ("name = \"T\"\n[roles]\nselection = { bg = -1 }", 3, "out of range"),
        ("name = \"T\"\n[roles]\nselection = { bg = true }", 3, "bg in role 'selection' must be a colour, not a boolean"),
        ("name = \"T\"\n[roles]\nselection = { bold = \"yes\" }", 3, "bold in role 'selection' must be true or false, not a string"),
        ("name = \"T\"\n[roles]\nnormal = { fg = \"red\" }", 2, "the selection looks exactly like normal text"),
        ("name = \"T\"\n[roles]\nnormal = { fg = \"red\" }\nselection = { fg = \"red\" }", 4, "the selection looks exactly like normal text"),
        ("name = \"T\"", nil, "the selection looks exactly like normal text"),
        ("name = \"T\"\n[roles]\nselection = { reverse = true }\nselection = {}", 4, "t.toml:4: duplicate key 'selection'"),
    ])
    func reportsProblemsWithFileAndLine(text: String, line: Int?, message: String) {
        let error = problem(text)
        #expect(error?.file == "t.toml")
        #expect(error?.line == line, "\(String(describing: error))")
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test func missingFileIsAnError() {
        #expect(throws: ConfigFileError(file: "/nonexistent/x.toml", line: nil, message: "no such theme file")) {
            try Theme.load(path: "/nonexistent/x.toml")
        }
    }

    @Test func monochromeDropsColoursAndKeepsRolesApart() {
        let theme = Theme.defaultTheme.monochrome()
        for role in Role.allCases {
            #expect(theme[role].foreground == .terminalDefault, "\(role)")
            #expect(theme[role].background == .terminalDefault, "\(role)")
        }
        #expect(theme[.normal] == .plain)
        #expect(theme[.selection].attributes == [.bold, .reverse])  // its own bold is kept
        #expect(theme[.focus].attributes.contains(.bold))
        #expect(theme[.error].attributes.contains(.bold))
        #expect(theme[.dim].attributes.contains(.dim))
        #expect(theme[.checked].attributes.contains(.dim))
        #expect(theme[.accent].attributes.contains(.underline))
        #expect(theme[.title].attributes == .bold)
        #expect(theme[.hint] == .plain)
        #expect(theme.name == Theme.defaultTheme.name)
    }

    @Test func monochromeSelectionStaysVisibleWhenNormalIsReversed() {
        let theme = Theme(name: "Odd", styles: [
            .normal: Style(foreground: .ansi(1), attributes: .reverse),
            .selection: Style(foreground: .ansi(2), attributes: .reverse),
        ]).monochrome()
        #expect(theme[.normal] == Style(attributes: .reverse))
        #expect(theme[.selection] != theme[.normal])
    }

    @Test func initGivesMissingRolesNormalsStyle() {
        let normal = Style(foreground: .ansi(3))
        let theme = Theme(name: "T", styles: [.normal: normal, .selection: Style(attributes: .reverse)])
        #expect(theme[.title] == normal)
        #expect(theme[.selection] == Style(attributes: .reverse))
        #expect(Theme(name: "Empty", styles: [:])[.hint] == .plain)
    }

    /// Shipped theme files cut short or with characters swapped give a theme or an error.
    @Test func damagedThemeFilesNeverCrash() throws {
        var generator = SplitMix64(seed: 0x7E4E)
        let replacements = Array("[]{}=,.#\"'\\ \n-_0123456789abtrue")
        for name in try shippedThemeNames() {
            let path = (shippedThemesDirectory as NSString).appendingPathComponent(name + ".toml")
            let text = Array(try String(contentsOfFile: path, encoding: .utf8))
            for _ in 0..<300 {
                var damaged = Array(text.prefix(Int(generator.next() % UInt64(text.count + 1))))
                for _ in 0..<Int(generator.next() % 4) where !damaged.isEmpty {
                    let position = Int(generator.next() % UInt64(damaged.count))
                    damaged[position] = replacements[Int(generator.next() % UInt64(replacements.count))]
                }
                _ = try? Theme.parse(String(damaged), file: name)
            }
        }
    }

    @Test func noColorNeedsANonEmptyValue() {
        #expect(!Theme.noColorRequested(environment: [:]))
        #expect(!Theme.noColorRequested(environment: ["NO_COLOR": ""]))
        #expect(Theme.noColorRequested(environment: ["NO_COLOR": "1"]))
        #expect(Theme.noColorRequested(environment: ["NO_COLOR": "0"]))
    }
}
