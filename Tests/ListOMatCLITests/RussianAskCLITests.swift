import Foundation
import ListStore
import Testing

/// `listomat ask --locale ru` as a person runs it: the answer in Russian, the database after.
@Suite("listomat ask in Russian")
struct RussianAskCLITests {
    let cli = CLI()

    init() throws {
        try cli.run("new", "Покупки", "молоко", "гречка")
        try cli.run("new", "Дача", "шланг")
    }

    @Test func addingToAListSaidInTheGenitiveChangesTheDatabase() throws {
        defer { cli.cleanUp() }
        let result = try cli.run("ask", "--locale", "ru", "добавь хлеб и сыр в список покупок")
        #expect(result.status == 0)
        #expect(result.stdout == "Добавил в список Покупки 2 пункта: «хлеб» и «сыр».\n")
        let store = try cli.store()
        #expect(try store.items(in: .name("Покупки")).map(\.name) == ["молоко", "гречка", "хлеб", "сыр"])
        let checked = try cli.run("ask", "--locale", "ru", "купил гречку")
        #expect(checked.status == 0)
        #expect(try store.items(in: .name("Покупки")).filter(\.done).map(\.name) == ["гречка"])
    }

    @Test func deletingAListAsksAndTheJSONSaysRussianAnswered() throws {
        defer { cli.cleanUp() }
        let result = try cli.run("ask", "--locale", "ru", "--json", "удали список Дача")
        let answer = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect(answer["state"] as? String == "confirmation")
        #expect(answer["locale"] as? String == "ru")
        #expect(answer["response"] as? String == "Удалить список Дача и его 1 пункт?")
        #expect(try cli.store().lists().map(\.name) == ["Покупки", "Дача"])
    }

    /// As in English, "закончи список" checks everything off only on --yes; a list that is
    /// there, or a thing the list lacks, is said so and changes nothing.
    @Test func finishingAsksAndAListThatIsThereOrAMissingThingIsSaidSo() throws {
        defer { cli.cleanUp() }
        let before = try cli.export()
        let asked = try cli.run("ask", "--locale", "ru", "закончи список покупок")
        #expect(asked.stdout.hasPrefix("Отметить все 2 пункта в списке Покупки?"), "\(asked.stdout)")
        let refused = try cli.run("ask", "--locale", "ru", "--no", "закончи список покупок")
        #expect(refused.status == 0)
        #expect(try cli.export() == before)
        let missing = try cli.run("ask", "--locale", "ru", "отметь шампанское в покупках")
        #expect(missing.stdout.hasPrefix("В списке Покупки нет пункта «шампанское»."), "\(missing.stdout)")
        #expect(try cli.export() == before)
        let there = try cli.run("ask", "--locale", "ru", "заведи список Покупки, в нём кефир")
        #expect(there.status == 0)
        #expect(there.stdout.hasPrefix("Список Покупки уже есть."), "\(there.stdout)")
        #expect(try cli.export() == before)
        let done = try cli.run("ask", "--locale", "ru", "--yes", "я закончил с покупками")
        #expect(done.status == 0, "\(done.stderr)")
        let store = try cli.store()
        #expect(try store.lists().map(\.name) == ["Покупки", "Дача"])
        #expect(try store.items(in: .name("Покупки")).map { "\($0.name)\($0.done ? " ✓" : "")" } == ["молоко ✓", "гречка ✓"])
    }

    @Test func badInputIsRefusedAndChangesNothing() throws {
        defer { cli.cleanUp() }
        let before = try cli.export()
        let gibberish = try cli.run("ask", "--locale", "ru", "ъъъ ьь")
        #expect(gibberish.status != 0)
        #expect(gibberish.stdout.contains("не понял"))
        var bytes = Data("добавь ".utf8)
        bytes.append(contentsOf: [0xFF, 0xFE])
        bytes.append(contentsOf: Data(" в покупки\n".utf8))
        let invalid = try cli.run(["ask", "--locale", "ru", "--json"], stdin: bytes)
        let answer = try JSONSerialization.jsonObject(with: Data(invalid.stdout.utf8)) as! [String: Any]
        #expect(answer["state"] as? String == "notUnderstood")
        #expect(try cli.export() == before)
    }
}
