import Foundation
import Testing

/// `listomat ask` answers a thanks or a hello in each of the five languages in kind, changes
/// nothing, and passes a hello over before a request.
@Suite("listomat ask: thanks and hello in five languages")
struct SmallTalkCLITests {
    let cli = CLI()

    init() throws {
        try cli.run("new", "Courses", "lait")
        try cli.run("new", "장보기", "우유")
    }

    func answer(_ result: CLI.Result) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
    }

    @Test func thanksAndHelloAreAnsweredInTheLanguageAndChangeNothing() throws {
        defer { cli.cleanUp() }
        let before = try cli.export()
        let said: [(String, String, String)] = [
            ("fr", "merci beaucoup", "Avec plaisir !"), ("fr", "salut", "Bonjour !"),
            ("ru", "спасибо!", "Пожалуйста!"), ("ru", "привет", "Здравствуйте!"),
            ("zh-Hans", "谢谢你", "不客气！"), ("zh-Hans", "你好", "你好！"),
            ("ko", "고마워요", "천만에요!"), ("ko", "안녕하세요", "안녕하세요!"),
            ("th", "ขอบคุณครับ", "ด้วยความยินดี"), ("th", "สวัสดีค่ะ", "สวัสดี"),
        ]
        for (locale, text, start) in said {
            let json = try answer(try cli.run("ask", "--locale", locale, "--json", text))
            #expect(json["state"] as? String == "notUnderstood", "\(text)")
            #expect((json["response"] as? String ?? "").hasPrefix(start), "\(text): \(json["response"] ?? "")")
            #expect(json["locale"] as? String == locale)
        }
        #expect(try cli.export() == before)
    }

    @Test func aHelloBeforeARequestIsPassedOver() throws {
        defer { cli.cleanUp() }
        let json = try answer(try cli.run("ask", "--locale", "ko", "--json", "안녕하세요, 장보기에 두부 추가해 주세요"))
        #expect(json["state"] as? String == "completed", "\(json["response"] ?? "")")
        #expect(try cli.run("show", "장보기").stdout.contains("두부"))
        let french = try answer(try cli.run("ask", "--locale", "fr", "--json", "bonsoir, ajoute du pain aux courses"))
        #expect(french["state"] as? String == "completed", "\(french["response"] ?? "")")
        #expect(try cli.run("show", "Courses").stdout.contains("pain"))
    }
}
