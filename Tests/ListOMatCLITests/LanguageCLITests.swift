import Foundation
import Testing

/// The command line in the language chosen (`LANG`, or `language` in config.toml): its own
/// lines (`lists`, `show`) and each command's line in `--help`; English as it was by default.
@Suite struct LanguageCLITests {
    /// The built resources with French and Russian installed: the assistant's file of each, if
    /// it is not there yet, a copy of English's (a language is installed when it has one).
    static let resources: String = {
        let built = URL(fileURLWithPath: CLI.binary).deletingLastPathComponent()
            .appendingPathComponent("ListOMat_ListIntents.resources/Resources").path
        let folder = CLI.runFolder + "/resources-" + UUID().uuidString
        let files = FileManager.default
        try? files.copyItem(atPath: built, toPath: folder)
        for locale in ["fr", "ru"] where !files.fileExists(atPath: "\(folder)/\(locale)/language.yaml") {
            try? files.copyItem(atPath: "\(folder)/en/language.yaml", toPath: "\(folder)/\(locale)/language.yaml")
        }
        return folder
    }()

    static func cli() throws -> CLI {
        let cli = CLI()
        try cli.run("new", "Épicerie", "lait", "œufs")
        try cli.run("done", "Épicerie", "lait")
        return cli
    }

    @Test func englishIsAsItWas() throws {
        let cli = try Self.cli()
        #expect(try cli.run("lists").stdout == "Épicerie (1 of 2 completed)\n")
        #expect(try cli.run(["lists", "--help"]).stdout.contains("Show every list with its counts"))
    }

    @Test func langChoosesTheLanguage() throws {
        let cli = try Self.cli()
        let french = ["LANG": "fr_FR.UTF-8", "LISTOMAT_RESOURCES": Self.resources]
        #expect(try cli.run(["lists"], environment: french).stdout == "Épicerie (1 sur 2 coché)\n")
        #expect(try cli.run(["show", "Épicerie"], environment: french).stdout.hasPrefix("Épicerie (1 sur 2 coché)\n"))
        let help = try cli.run(["--help"], environment: french)
        #expect(help.status == 0)
        #expect(help.stdout.contains("Créer une liste, avec des articles si on veut."), "\(help.stdout)")
        #expect(try cli.run(["lists", "--help"], environment: french).stdout.contains("Afficher toutes les listes"))
    }

    @Test func theConfigFileChoosesTheLanguage() throws {
        let cli = try Self.cli()
        let config = cli.dataDir + "/config/listomat"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "language = \"ru\"\n".write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        let result = try cli.run(["lists"], environment: ["LISTOMAT_RESOURCES": Self.resources])
        #expect(result.stdout == "Épicerie (выполнено 1 из 2)\n")
    }
}
