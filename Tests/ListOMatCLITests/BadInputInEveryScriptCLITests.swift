import Foundation
import Testing

/// `listomat ask` in French, Russian, Chinese, Korean and Thai given text that is no request: bytes that
/// are not UTF-8 on stdin, half a Hangul syllable, Thai marks with no consonant, right-to-left
/// marks, scripts mixed. Each gets an answer in the language asked for, and nothing changes.
@Suite("listomat ask: bad input in every script")
struct BadInputInEveryScriptCLITests {
    let cli = CLI()

    init() throws {
        try cli.run("new", "Courses", "lait")
        try cli.run("new", "장보기", "우유")
        try cli.run("new", "Покупки", "молоко")
    }

    func answers(_ result: CLI.Result) throws -> [[String: Any]] {
        try result.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    @Test("a line that is not UTF-8 is answered in the language asked for, and changes nothing", arguments: [
        ("fr", "Cette ligne n'est pas de l'UTF-8 valide : rien n'a changé."),
        ("ru", "Эта строка — не корректный UTF-8: ничего не изменилось."),
        ("zh-Hans", "这一行不是有效的 UTF-8，没有改动。"),
        ("ko", "이 줄은 올바른 UTF-8이 아니에요. 바뀐 것은 없어요."),
        ("th", "บรรทัดนี้ไม่ใช่ UTF-8 ที่ถูกต้อง ไม่มีอะไรเปลี่ยน"),
    ])
    func invalidUTF8(locale: String, said: String) throws {
        defer { cli.cleanUp() }
        let before = try cli.export()
        var bytes = Data("ajoute ".utf8) + Data([0xFF, 0xFE]) + Data(" aux courses\n".utf8)
        bytes += Data("장보기에 ".utf8) + Data([0xED, 0xA0, 0x80]) + Data(" 추가\n".utf8)  // a lone surrogate
        let result = try cli.run(["ask", "--locale", locale, "--json"], stdin: bytes)
        #expect(result.status == 2)
        let lines = try answers(result)
        #expect(lines.count == 2)
        for line in lines {
            #expect(line["state"] as? String == "notUnderstood")
            #expect(line["response"] as? String == said)
            #expect(line["locale"] as? String == locale)
        }
        #expect(try cli.export() == before)
    }

    @Test("in a batch, an empty line and one that is not UTF-8 are answered in their place, the other lines are done, and the exit status is 2",
          arguments: [
        ("fr", "ajoute du beurre aux courses", "Cette ligne est vide : rien n'a été demandé."),
        ("ru", "добавь хлеб в покупки", "Эта строка пустая: ничего не спросили."),
        ("zh-Hans", "把苹果加到 Courses", "这一行是空的，没有要做的事。"),
        ("ko", "장보기에 빵 추가해 줘", "이 줄은 비어 있어요. 요청한 것이 없어요."),
        ("th", "เพิ่มไข่ลงใน Courses", "บรรทัดนี้ว่าง ไม่ได้ขออะไร"),
    ])
    func emptyAndBadLinesInABatch(locale: String, request: String, empty: String) throws {
        defer { cli.cleanUp() }
        var bytes = Data("\n".utf8) + Data("   \t \r\n".utf8) + Data([0x61, 0xC3, 0x0A])
        bytes += Data((request + "\n").utf8)
        let result = try cli.run(["ask", "--locale", locale, "--json", "--dry-run"], stdin: bytes)
        #expect(result.status == 2, "\(result.stderr)")
        let lines = try answers(result)
        #expect(lines.count == 4)
        #expect(lines.prefix(3).map { $0["state"] as? String } == ["notUnderstood", "notUnderstood", "notUnderstood"])
        #expect(lines[0]["response"] as? String == empty)
        #expect(lines[1]["response"] as? String == empty)
        #expect(lines[2]["response"] as? String != empty)
        #expect(lines[3]["intent"] as? String == "AddTasks", "\(lines[3])")
        // Good lines alone: exit 0, as before.
        let good = try cli.run(["ask", "--locale", locale, "--json", "--dry-run"], stdin: Data((request + "\n").utf8))
        #expect(good.status == 0)
    }

    @Test("half a syllable, marks alone, right-to-left marks and mixed scripts: an answer, never a change", arguments: [
        ("ko", "장보기에 ㄷ 추가"), ("ko", "ㅏㅏㅏ"), ("ko", "\u{200F}장보기\u{200F} 지워"), ("th", "\u{0E31}\u{0E34}\u{0E48}"),
        ("th", "ลบ\u{200F}ลิสต์\u{202E}ซื้อของ"), ("zh-Hans", "把\u{200F}\u{200E}删掉"), ("zh-Hans", "删掉 Courses 장보기 清单"),
        ("fr", "supprime la liste \u{202E}sesruoC"), ("fr", "ajoute \u{0E48}\u{0E49} aux courses"),
        ("ru", "добавь \u{0E48}\u{0E49} в покупки"), ("ru", "удали \u{202E}иквопуП"), ("ru", "\u{200F}покупки\u{200F} удали"),
        ("ru", "удали ลิสต์ 清单 Покупки"), ("ru", "добавь ㄷ в покупки"), ("ru", "\u{200E}\u{200F}"),
    ])
    func marksAndMixedScripts(locale: String, text: String) throws {
        defer { cli.cleanUp() }
        let before = try cli.export()
        let result = try cli.run("ask", "--locale", locale, "--json", text)
        let answer = try #require(try answers(result).first)
        #expect(answer["state"] as? String != "completed", "\(text): \(answer["response"] ?? "")")
        #expect(!((answer["response"] as? String) ?? "").isEmpty)
        #expect(try cli.export() == before)
    }

    @Test("a request that is not UTF-8 on the command line is refused with exit 2, in every language, and changes nothing",
          arguments: ["fr", "ru", "zh-Hans", "ko", "th"])
    func invalidUTF8Argument(locale: String) throws {
        defer { cli.cleanUp() }
        let before = try cli.export()
        let result = try CLI.exec(["/bin/sh", "-c", "\"$0\" --data-dir \"$1\" ask --locale \"$2\" \"$(printf 'ajoute \\377 aux courses')\"",
                                   CLI.binary, cli.dataDir, locale])
        #expect(result.status == 2)
        #expect(result.stderr.contains("is not valid UTF-8; nothing was changed"))
        #expect(try cli.export() == before)
    }
}
