import Foundation
import Testing
import Settings
import TerminalKit

@Suite struct ConfigTests {
    static let actions: Set<String> = ["undo", "down", "up", "quit", "help"]

    private func parse(_ text: String) throws -> Config {
        try Config.parse(text, file: "config.toml", actions: Self.actions)
    }

    /// The error `text` gives as "config.toml", or nil when it parses.
    private func problem(_ text: String) -> ConfigFileError? {
        do {
            _ = try Config.parse(text, file: "config.toml", actions: Self.actions)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsEverySetting() throws {
        let config = try parse("""
            # my settings
            theme = "nord"
            mouse = true
            default_list = "Shopping List"

            [keys]
            undo = "u"
            down = ["j", "down", "ctrl-n", "j"]
            up = [
              "k",
              "up",
            ]
            quit = []
            help = "?"
            """)
        #expect(config.theme == "nord")
        #expect(config.mouse == true)
        #expect(config.defaultList == "Shopping List")
        #expect(config.keys == [
            "undo": [.character("u")],
            "down": [.character("j"), .down, .control("n")],
            "up": [.character("k"), .up],
            "quit": [],
            "help": [.character("?")],
        ])
    }

    @Test func everySettingIsOptional() throws {
        #expect(try parse("") == .empty)
        #expect(try parse("mouse = false") == Config(mouse: false))
        #expect(try parse("theme = \"~/my.toml\"").theme == "~/my.toml")
    }

    @Test(arguments: [
        ("theme = 1", 1, "config.toml:1: theme must be a theme's name or a path in quotes"),
        ("theme = \"\"", 1, "theme must be a theme's name"),
        ("\nmouse = \"yes\"", 2, "config.toml:2: mouse must be true or false, not a string"),
        ("default_list = 3", 1, "default_list must be a list's name in quotes"),
        ("default_list = \"  \"", 1, "default_list must be a list's name in quotes"),
        ("colour = \"red\"", 1, "unknown setting 'colour'; the settings are theme, mouse, default_list, language, [keys] and [sync]"),
        ("keys = 1", 1, "keys must be a table"),
        ("[keys]\nundo = 1", 2, "undo must be a key name or an array of key names, such as undo = [\"j\", \"down\"], not an integer"),
        ("[keys]\nredo = \"r\"", 2, "unknown action 'redo' in [keys]; the actions are down, help, quit, undo, up"),
        ("[keys]\n\nundo = \"ctrl-1\"", 3, "config.toml:3: unknown key 'ctrl-1' for undo; use a single character"),
        ("[keys]\ndown = [\"j\", \"downn\"]", 2, "unknown key 'downn' for down"),
        ("[keys]\ndown = [\"j\", 2]", 2, "the keys for down must be key names in quotes, not an integer"),
        ("[keys]\ndown = [[\"j\"]]", 2, "not an array"),
        ("mouse = yes", 1, "config.toml:1: 'yes' is not a value"),
        ("[keys]\nundo = \"u\"\nundo = \"z\"", 3, "duplicate key 'undo'"),
        // A key given to two actions is refused, naming both.
        ("[keys]\nup = [\"k\", \"x\"]\ndown = [\"j\", \"x\"]", 3, "the key 'x' is bound to both up and down; give each key one action"),
        ("[keys]\nundo = \"ctrl-z\"\nquit = \"ctrl-z\"", 3, "the key 'ctrl-z' is bound to both undo and quit"),
    ])
    func reportsProblemsWithFileAndLine(text: String, line: Int, message: String) {
        let error = problem(text)
        #expect(error?.file == "config.toml")
        #expect(error?.line == line, "\(String(describing: error))")
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test func defaultPathFollowsXDG() {
        #expect(Config.defaultPath(environment: ["HOME": "/home/ann"]) == "/home/ann/.config/listomat/config.toml")
        #expect(Config.defaultPath(environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "/cfg"]) == "/cfg/listomat/config.toml")
        #expect(Config.defaultPath(environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": ""]) == "/home/ann/.config/listomat/config.toml")
        #expect(Config.defaultPath(environment: [:]) == nil)
    }

    @Test func aMissingFileIsAnEmptyConfig() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        #expect(try Config.load(path: folder.at("none/config.toml"), actions: Self.actions) == .empty)
        #expect(try Config.load(environment: ["HOME": folder.at("home")], actions: Self.actions) == .empty)
        #expect(try Config.load(environment: [:], actions: Self.actions) == .empty)
    }

    @Test func loadsTheFileFromTheConfigFolder() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try folder.write("xdg/listomat/config.toml", "theme = \"high-contrast\"\n[keys]\nundo = [\"u\", \"ctrl-z\"]\n")
        let config = try Config.load(environment: ["XDG_CONFIG_HOME": folder.at("xdg")], actions: Self.actions)
        #expect(config == Config(theme: "high-contrast", keys: ["undo": [.character("u"), .control("z")]]))
    }

    @Test func unreadableFilesAreErrors() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.at("config.toml"), withIntermediateDirectories: true)
        #expect(throws: ConfigFileError(file: folder.at("config.toml"), line: nil, message: "is a folder, not a file")) {
            try Config.load(path: folder.at("config.toml"), actions: Self.actions)
        }
        try Data([0x6D, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: folder.at("latin1.toml")))
        #expect(throws: ConfigFileError(file: folder.at("latin1.toml"), line: nil, message: "is not UTF-8 text")) {
            try Config.load(path: folder.at("latin1.toml"), actions: Self.actions)
        }
    }

    /// A config cut short, or with any one character swapped for one that means something in
    /// TOML, gives a config or an error naming the file, never a crash.
    @Test func damagedFilesNeverCrash() {
        let text = Array("""
            theme = "nord"
            mouse = true
            default_list = "Shopping List"
            [keys]
            down = ["j", "down", "ctrl-n"]
            [sync]
            url = "https://cloud.example.com/dav"
            password_env = "PASSWORD"
            interval = 300
            """)
        let replacements = Array("[]{}=,.#\"'\\ \n-_0123456789abtrue")
        var damaged: [String] = (0...text.count).map { String(text.prefix($0)) }
        for position in text.indices {
            for character in replacements {
                var changed = text
                changed[position] = character
                damaged.append(String(changed))
            }
        }
        for text in damaged {
            if let error = problem(text) { #expect(error.file == "config.toml") }
        }
    }
}
