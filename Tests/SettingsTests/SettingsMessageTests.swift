import Foundation
import Testing
import Settings
import TerminalKit

/// A problem in config.toml or a theme file carries, besides its English, the catalog key and
/// values that word it in the person's language (the command line words it: `CLIWords.settings`).
@Suite struct SettingsMessageTests {
    static let actions: Set<String> = ["undo", "down", "up", "quit", "help"]

    private func problem(_ text: String) -> ConfigFileError? {
        do {
            _ = try Config.parse(text, file: "config.toml", actions: Self.actions)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("mouse = 3", "config.error.mouse", ["kind": "integer"]),
        ("colour = 1", "config.error.unknownSetting", ["setting": "colour"]),
        ("[keys]\nfly = \"f\"", "config.error.unknownAction", ["action": "fly", "actions": "down, help, quit, undo, up"]),
        ("[keys]\nundo = \"nokey\"", "config.error.unknownKey", ["key": "nokey", "action": "undo"]),
        ("[keys]\nundo = \"u\"\nup = \"u\"", "config.error.keyTwice", ["key": "u", "other": "undo", "action": "up"]),
        ("[sync]\nusername = \"ada\"", "config.error.syncNoURL", [:]),
        ("[sync]\nurl = \"https://example.com/\"\ntimeout = 0", "config.error.syncTimeout", [:]),
    ] as [(String, String, [String: String])])
    func aConfigProblemCarriesItsKeyAndValues(text: String, key: String, values: [String: String]) throws {
        let error = try #require(problem(text))
        #expect(error.key == key, "\(error)")
        #expect(error.values == values, "\(error)")
        #expect(!error.message.isEmpty)
    }

    @Test func aThemeProblemCarriesItsKeyAndValues() throws {
        do {
            _ = try Theme.parse("name = \"x\"\n[roles]\nnormal = { fg = \"mauve\" }\n", file: "x.toml")
            Issue.record("parsed")
        } catch {
            #expect(error.key == "theme.error.unknownColour")
            #expect(error.values == ["colour": "mauve", "key": "fg", "role": "normal"])
        }
    }

    /// A TOML syntax error is the parser's words: no key, shown as it is.
    @Test func aSyntaxErrorHasNoKey() throws {
        let error = try #require(problem("mouse = "))
        #expect(error.key.isEmpty)
    }
}
