import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Thanks and hello in the five languages (answered in kind, nothing done; skipped before a
/// request), short forms of a list's name, and requests of our own that were misread.
@Suite("Small talk, short names and own requests in five languages")
struct SmallTalkInFiveLanguagesTests {
    static func session(_ locale: String, _ lists: KeyValuePairs<String, [String]>) throws -> (ListStore, AssistantSession) {
        try OwnPhrasingsInFiveLanguagesTests.session(locale, lists)
    }
    static func done(_ text: String, _ intent: String, _ session: AssistantSession) throws {
        try OwnPhrasingsInFiveLanguagesTests.done(text, intent, session)
    }
    static func items(_ store: ListStore, _ list: String) throws -> [String] { try OwnPhrasingsInFiveLanguagesTests.items(store, list) }

    static func say(_ text: String, _ session: AssistantSession, in conversation: inout Conversation) throws -> Turn {
        try session.receive(.utterance(text), in: &conversation)
    }

    /// (locale, a list and item, thanks said alone, hello said alone, a request after a hello, its list, its new item)
    static let cases: [(String, String, String, [String], [String], String, String)] = [
        ("fr", "Courses", "lait", ["merci", "Merci beaucoup !", "super, merci", "je vous remercie"],
         ["bonjour", "Salut !", "coucou", "bonsoir"], "bonsoir, ajoute du fromage aux courses", "fromage"),
        ("ru", "Покупки", "хлеб", ["спасибо", "Спасибо большое!", "спс", "благодарю"],
         ["привет", "Здравствуйте!", "добрый вечер", "приветик"], "здравствуйте, добавь сыр в покупки", "сыр"),
        ("zh-Hans", "购物清单", "牛奶", ["谢谢", "谢谢你！", "多谢了", "好的谢谢"],
         ["你好", "您好！", "早上好", "哈喽"], "早上好，帮我把面包加到购物清单", "面包"),
        ("ko", "장보기", "우유", ["고마워요", "감사합니다!", "정말 고마워", "고마워 ㅎㅎ"],
         ["안녕하세요", "안녕!", "하이", "반가워요"], "안녕하세요, 장보기에 두부 추가해 주세요", "두부"),
        ("th", "ซื้อของ", "นม", ["ขอบคุณครับ", "ขอบคุณมากค่ะ", "ขอบใจนะ", "แต๊งกิ้ว"],
         ["สวัสดีค่ะ", "หวัดดีครับ", "สวัสดี", "ฮัลโหล"], "สวัสดีครับ เพิ่มไข่ในซื้อของ", "ไข่"),
    ]

    @Test("Thanks and hello alone get a short answer in the language and change nothing",
          arguments: cases.map { $0.0 })
    func thanksAndHello(locale: String) throws {
        let (_, list, item, thanks, hello, _, _) = Self.cases.first { $0.0 == locale }!
        let (store, session) = try Self.session(locale, [list: [item]])
        let assistant = try Assistant.shared(locale)
        let language = assistant.engine.language
        for (said, key) in thanks.map({ ($0, "smallTalk.thanks") }) + hello.map({ ($0, "smallTalk.greeting") }) {
            var conversation = Conversation()
            let turn = try Self.say(said, session, in: &conversation)
            #expect(turn.state == .notUnderstood && turn.intent == nil, "\(said): \(turn.response)")
            #expect(turn.response == language.message(key), "\(said): \(turn.response)")
            #expect(!conversation.isWaiting, "\(said)")
        }
        #expect(try Self.items(store, list) == [item])
        #expect(try store.lists().count == 1)
    }

    @Test("A hello before a request is passed over", arguments: cases.map { $0.0 })
    func helloBeforeARequest(locale: String) throws {
        let (_, list, item, _, _, request, added) = Self.cases.first { $0.0 == locale }!
        let (store, session) = try Self.session(locale, [list: [item]])
        try Self.done(request, "AddTasks", session)
        #expect(try Self.items(store, list) == [item, added])
    }

    @Test("A thanks after a question was asked is no answer to it, and a thanks after a request is answered in kind")
    func thanksInAConversation() throws {
        let (store, session) = try Self.session("fr", ["Courses": ["lait"], "Bricolage": ["vis"]])
        var conversation = Conversation()
        var turn = try Self.say("ajoute du pain", session, in: &conversation)
        #expect(turn.state == .disambiguation || turn.state == .needsValue, "\(turn.response)")
        turn = try Self.say("les courses", session, in: &conversation)
        #expect(turn.state == .completed, "\(turn.response)")
        turn = try Self.say("merci !", session, in: &conversation)
        #expect(turn.response == "Avec plaisir !")
        #expect(try Self.items(store, "Courses") == ["lait", "pain"])
    }

    @Test("A list's short form in the language's words is that list, with no «did you mean»")
    func shortNames() throws {
        let (zhStore, zh) = try Self.session("zh-Hans", ["待办事项": ["交房租"], "购物清单": ["牛奶"]])
        try Self.done("往待办里加一条修水管", "AddTasks", zh)
        try Self.done("待办还剩啥", "SearchForNotebookItems", zh)
        #expect(try Self.items(zhStore, "待办事项") == ["交房租", "修水管"])
        let (thStore, th) = try Self.session("th", ["สิ่งที่ต้องทำ": ["จ่ายค่าน้ำ"], "ซื้อของ": ["นม"]])
        try Self.done("เพิ่มซ่อมพัดลมในที่ต้องทำ", "AddTasks", th)
        try Self.done("ดูลิสต์ต้องทำหน่อย", "SearchForNotebookItems", th)
        #expect(try Self.items(thStore, "สิ่งที่ต้องทำ") == ["จ่ายค่าน้ำ", "ซ่อมพัดลม"])
    }

    @Test("Russian: a new list's items after «с» in soft, -ие and neuter nouns are stored in the dictionary form")
    func russianInstrumentalNouns() throws {
        let (store, session) = try Self.session("ru", ["Покупки": ["молоко"]])
        try Self.done("создай список Баня с шампунем, полотенцем и удобрением", "CreateTaskList", session)
        #expect(try Self.items(store, "Баня") == ["шампунь", "полотенце", "удобрение"])
        try Self.done("заведи список Полдник с повидлом, салом и чаем", "CreateTaskList", session)
        #expect(try Self.items(store, "Полдник") == ["повидло", "сало", "чай"])
        try Self.done("создай список Окна с фильтром и стеклом", "CreateTaskList", session)
        #expect(try Self.items(store, "Окна") == ["фильтр", "стекло"])
    }

    @Test("Own requests that were misread: questions stay questions, an item is not a count word")
    func ownMisreads() throws {
        let (ruStore, ru) = try Self.session("ru", ["Покупки": ["сметана"], "Аптека": ["йод"]])
        for text in ["нет ли в покупках сметаны?", "а нету ли йода в аптеке"] {
            var conversation = Conversation()
            let turn = try Self.say(text, ru, in: &conversation)
            #expect(turn.intent == "SearchForNotebookItems" && turn.state == .completed, "\(text): \(turn.response)")
        }
        #expect(try Self.items(ruStore, "Покупки") == ["сметана"])
        let (_, ko) = try Self.session("ko", ["장보기": ["우유", "두부"]])
        for text in ["장보기에 몇 개 있어?", "장보기 목록에 항목이 몇 개 있어요?"] {
            var conversation = Conversation()
            let turn = try Self.say(text, ko, in: &conversation)
            #expect(turn.intent == "SearchForNotebookItems" && turn.state == .completed, "\(text): \(turn.response)")
            #expect(!turn.response.contains("몇"), "\(text): \(turn.response)")
        }
        let (frStore, fr) = try Self.session("fr", ["Courses": ["beurre"], "Fête de Zoé": ["gâteau"]])
        try fr.store.setDone(true, [.name("gâteau")], in: .name("Fête de Zoé"))
        try Self.done("décoche le gâteau pour la fête de Zoé", "SetTaskAttribute", fr)
        #expect(try OwnPhrasingsInFiveLanguagesTests.checked(frStore, "Fête de Zoé") == [])
        var conversation = Conversation()
        let turn = try Self.say("est-ce qu'il reste du beurre sur la liste des courses ?", fr, in: &conversation)
        #expect(turn.intent == "SearchForNotebookItems" && turn.state == .completed, "\(turn.response)")
        #expect(try Self.items(frStore, "Courses") == ["beurre"])
    }

    @Test("French: «coche-les» with nothing said before asks, and never checks or adds an item «les»")
    func frenchThemAsks() throws {
        let (store, session) = try Self.session("fr", ["Courses": ["lait", "œufs"]])
        for text in ["coche-les", "décoche-les", "coche-les dans les courses", "marque-les comme faits"] {
            var conversation = Conversation()
            let turn = try Self.say(text, session, in: &conversation)
            #expect(turn.state != .completed, "\(text): \(turn.response)")
            #expect(!turn.response.contains("« les »"), "\(text): \(turn.response)")
        }
        #expect(try Self.items(store, "Courses") == ["lait", "œufs"])
        #expect(try OwnPhrasingsInFiveLanguagesTests.checked(store, "Courses") == [])
    }

    @Test("More own requests: a question without «ли», the word for an entry, the list after what is checked, the item before the list")
    func moreOwnRequests() throws {
        let (ruStore, ru) = try Self.session("ru", ["Аптека": ["бинт"], "Дела": ["помыть окна"]])
        var conversation = Conversation()
        let question = try Self.say("есть в аптеке бинт?", ru, in: &conversation)
        #expect(question.intent == "SearchForNotebookItems" && question.state == .completed, "\(question.response)")
        try Self.done("добавь задачу оплатить свет в дела", "AddTasks", ru)
        #expect(try Self.items(ruStore, "Дела") == ["помыть окна", "оплатить свет"])
        let (zhStore, zh) = try Self.session("zh-Hans", ["待办事项": ["交房租", "洗车"], "购物清单": ["牛奶"]])
        try zhStore.setDone(true, [.name("洗车")], in: .name("待办事项"))
        try Self.done("清除已完成的待办", "DeleteTasks", zh)
        #expect(try Self.items(zhStore, "待办事项") == ["交房租"])
        var asked = Conversation()
        let zhQuestion = try Self.say("购物清单里面有牛奶不", zh, in: &asked)
        #expect(zhQuestion.intent == "SearchForNotebookItems" && zhQuestion.state == .completed, "\(zhQuestion.response)")
        let (koStore, ko) = try Self.session("ko", ["장보기": ["우유", "라면"]])
        try Self.done("라면 장보기에서 빼 줘", "DeleteTasks", ko)
        #expect(try Self.items(koStore, "장보기") == ["우유"])
        try Self.done("새 리스트 만들어 줘 등산", "CreateTaskList", ko)
        #expect(try koStore.lists().map(\.name).contains("등산"))
    }
}
