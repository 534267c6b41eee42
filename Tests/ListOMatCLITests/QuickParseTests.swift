import ArgumentParser
import Testing
@testable import listomat

/// `QuickParse` makes the commonest commands without ArgumentParser: whatever it accepts,
/// ArgumentParser must read the same way, and what it does not accept it leaves alone.
@Suite("Quick parsing of plain commands")
struct QuickParseTests {
    /// The command as text: its type and every value it holds.
    private func describe(_ command: ParsableCommand) -> String {
        switch command {
        case let c as QuickCommand:
            switch c.name {
            case "lists": "lists dir=\(c.dataDir ?? "-") json=\(c.json)"
            case "show": "show \(c.list) dir=\(c.dataDir ?? "-") json=\(c.json)"
            case "add": "add \(c.list) \(c.items) at=- dir=\(c.dataDir ?? "-")"
            default: "\(c.name) \(c.list) \(c.items) dir=\(c.dataDir ?? "-")"
            }
        case let c as Lists: "lists dir=\(c.global.dataDir ?? "-") json=\(c.output.json)"
        case let c as Show: "show \(c.list) dir=\(c.global.dataDir ?? "-") json=\(c.output.json)"
        case let c as Add: "add \(c.list) \(c.items) at=\(c.at.map(String.init) ?? "-") dir=\(c.global.dataDir ?? "-")"
        case let c as Done: "done \(c.list) \(c.items) dir=\(c.global.dataDir ?? "-")"
        case let c as Undone: "undone \(c.list) \(c.items) dir=\(c.global.dataDir ?? "-")"
        case let c as Remove: "rm \(c.list) \(c.items) dir=\(c.global.dataDir ?? "-")"
        case let c as Ask:
            "ask \(c.utterance) dir=\(c.global.dataDir ?? "-") json=\(c.json) dry=\(c.dryRun) locale=\(c.locale ?? "-") "
                + "choose=\(c.choose.map(String.init) ?? "-") yes=\(c.yes) no=\(c.no) explain=\(c.explain)"
        default: "other \(type(of: command))"
        }
    }

    @Test(arguments: [
        ["lists"], ["lists", "--json"], ["lists", "--data-dir", "/tmp/x y"], ["lists", "--json", "--data-dir", "d"],
        ["show", "groc"], ["show", "Grocery Store", "--json"], ["show", "--data-dir", "d", "groc"],
        ["add", "groc", "milk"], ["add", "groc", "milk", "eggs", "crème fraîche"], ["add", "--data-dir", "d", "groc", "x"],
        ["done", "groc", "1", "milk"], ["undone", "groc", "milk"], ["rm", "groc", "milk", "2"],
        ["add", "groc", "", " "], ["show", "lists"], ["add", "add", "add"],
        ["ask", "add milk to groceries"], ["ask", "add", "milk", "--yes"], ["ask", "--json", "--dry-run", "what's on it"],
        ["ask", "--explain", "--data-dir", "d", "show my lists"], ["ask", "--json"], ["ask"],
        ["ask", "--locale", "en", "x"], ["ask", "--dry-run", "--locale", "zh_CN.UTF-8", "加牛奶"], ["ask", "x", "--locale", "th"],
        ["ask", "--locale", "fr", "--data-dir", "d", "--json", "ajoute du lait"],
    ])
    func plainCommandsAreReadAsArgumentParserReadsThem(_ arguments: [String]) throws {
        let quick = try #require(QuickParse.command(arguments))
        let parsed = try ListOMat.parseAsRoot(arguments)
        #expect(describe(quick) == describe(parsed))
    }

    /// A command made on the quick path has no help lines (their words are not read for a
    /// command that is only run); help made afterwards, by ArgumentParser, has them all.
    @Test func helpMadeAfterAQuickCommandHasItsWords() throws {
        let quick = try #require(QuickParse.command(["ask", "--data-dir", "d", "show my lists"]) as? Ask)
        #expect(quick.global.dataDir == "d")
        #expect(CLIWords.helpShown)
        let help = Ask.helpMessage(columns: 200)
        for key in ["cli.abstract.ask", "cli.help.askJSON", "cli.help.askLocale", "cli.help.utterance", "cli.help.dataDir"] {
            #expect(help.contains(CLIWords.text(key)), "\(key)")
        }
        _ = try #require(QuickParse.command(["show", "groc", "--json"]) as? QuickCommand)
        #expect(ListOMat.helpMessage(for: Show.self, columns: 200).contains(CLIWords.text("cli.help.json")))
        #expect(ListOMat.helpMessage(for: Add.self, columns: 200).contains(CLIWords.text("cli.help.items")))
    }

    /// Anything else goes to ArgumentParser: options, dashes, help, a missing or extra
    /// argument, a repeated option, other commands.
    @Test(arguments: [
        [], ["lists", "x"], ["lists", "--help"], ["lists", "-h"], ["show"], ["show", "a", "b"], ["add", "groc"],
        ["add", "groc", "x", "--at", "1"], ["add", "groc", "--", "-5"], ["add", "groc", "-5"], ["add", "groc", "x", "--json"],
        ["done", "groc"], ["lists", "--data-dir"], ["lists", "--data-dir", "--json"], ["lists", "--json", "--json"],
        ["lists", "--data-dir", "a", "--data-dir", "b"], ["lists", "--data-dir=d"], ["--data-dir", "d", "lists"],
        ["help", "add"], ["new", "A"], ["rm-list", "groc"], ["Lists"], ["lists", "--yes"], ["add", "groc", "x", "--explain"],
        ["ask", "--no", "delete it"], ["ask", "--choose", "2", "x"], ["ask", "--yes", "--yes", "x"],
        ["ask", "--locale", "en", "--locale", "fr", "x"], ["ask", "--locale"], ["ask", "--locale", "--json", "x"],
        ["ask", "--locale=fr", "x"], ["lists", "--locale", "fr"], ["add", "groc", "x", "--locale", "fr"],
        ["ask", "-h"], ["ask", "--json=true", "x"],
    ])
    func everythingElseIsLeftToArgumentParser(_ arguments: [String]) {
        #expect(QuickParse.command(arguments) == nil)
    }
}
