import Foundation
import GRDB
import Testing

/// What a change did, as the commands print it and as `undo` and `redo` say it, in the
/// language of the process that shows it, whichever process and language made the change.
@Suite struct ChangeWordsCLITests {
    static func cli() throws -> CLI {
        let cli = CLI()
        try cli.run("new", "Grocery Store", "milk", "eggs")
        return cli
    }

    static let russian = ["LANG": "ru_RU.UTF-8"]
    static let french = ["LANG": "fr_FR.UTF-8"]
    static let korean = ["LANG": "ko_KR.UTF-8"]

    @Test func englishIsAsItWas() throws {
        let cli = try Self.cli()
        defer { cli.cleanUp() }
        let removed = try cli.run(["rm", "Grocery Store", "milk"], environment: ["LANG": "C.UTF-8"])
        #expect(removed.stdout == "Removed milk from Grocery Store.\n")
        #expect(try cli.run(["undo"], environment: ["LANG": "C.UTF-8"]).stdout == "Undid: removed milk from Grocery Store\n")
        #expect(try cli.run(["redo"], environment: ["LANG": "C.UTF-8"]).stdout == "Redid: removed milk from Grocery Store\n")
        #expect(try cli.run("undo").stdout == "Undid: removed milk from Grocery Store\n")
        #expect(try cli.run("undo").stdout == "Undid: created list Grocery Store with milk and eggs\n")
    }

    @Test func undoSpeaksRussian() throws {
        let cli = try Self.cli()
        defer { cli.cleanUp() }
        try cli.run("rm", "Grocery Store", "milk")
        let undone = try cli.run(["undo"], environment: Self.russian)
        #expect(undone.status == 0)
        #expect(undone.stdout == "Отменено — удалено из Grocery Store: milk\n")
        #expect(try cli.run(["redo"], environment: Self.russian).stdout == "Повторено — удалено из Grocery Store: milk\n")
        #expect(try cli.store().items(in: .name("Grocery Store")).map(\.name) == ["eggs"])
    }

    /// Made by a French process, undone by a Korean one: worded in Korean.
    @Test func aChangeMadeInOneLanguageIsUndoneInAnother() throws {
        let cli = try Self.cli()
        defer { cli.cleanUp() }
        let done = try cli.run(["done", "Grocery Store", "milk", "eggs"], environment: Self.french)
        #expect(done.stdout == "Coché milk et eggs dans Grocery Store.\n")
        let undone = try cli.run(["undo"], environment: Self.korean)
        #expect(undone.stdout == "실행 취소: Grocery Store에서 milk, eggs 체크함\n")
        #expect(try cli.run(["undo"], environment: Self.russian).stdout
            == "Отменено — создан список Grocery Store: milk и eggs\n")
    }

    /// An older ListOMat stored its summaries as English text: shown as they are, in any language.
    @Test func anOlderDatabasesSummaryIsShownAsItIs() throws {
        let cli = try Self.cli()
        defer { cli.cleanUp() }
        try GRDBHelper.queue(cli.databasePath).write { db in
            try db.execute(sql: "UPDATE undo_groups SET summary = 'created list Grocery Store with milk and eggs'")
        }
        let undone = try cli.run(["undo"], environment: Self.french)
        #expect(undone.stdout == "Annulé : created list Grocery Store with milk and eggs\n")
        #expect(try cli.store().lists().isEmpty)
    }
}
