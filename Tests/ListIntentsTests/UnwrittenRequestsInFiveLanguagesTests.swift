import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Kinds of request nobody wrote for us, in each of the five languages, with phrasings of these
/// tests' own: notes said bare (fr, ru), Korean requests joined by a verb in 고, answers that
/// agree with several items, and questions and commands in other words than the corpora's.
@Suite("Unwritten requests in French, Russian, Chinese, Korean and Thai")
struct UnwrittenRequestsInFiveLanguagesTests {
    static func session(_ locale: String, _ lists: KeyValuePairs<String, [String]>) throws -> (ListStore, AssistantSession) {
        try OwnPhrasingsInFiveLanguagesTests.session(locale, lists)
    }

    static func say(_ text: String, _ session: AssistantSession) throws -> Turn {
        var conversation = Conversation()
        return try session.receive(.utterance(text), in: &conversation)
    }

    static func items(_ store: ListStore, _ list: String) throws -> [String] {
        try store.items(in: .name(list)).map { "\($0.name)\($0.done ? " ✓" : "")" }
    }

    @Test("a note said with nothing between the word “note” and its text (fr, ru)")
    func bareNotes() throws {
        let (store, session) = try Self.session("fr", ["Courses": ["pain"], "À faire": ["payer le loyer"]])
        for text in ["ajoute une note yaourts nature à courses", "crée une tâche réparer le vélo dans à faire",
                     "ajoute une note pour racheter du sel aux courses"] {
            let turn = try Self.say(text, session)
            #expect(turn.intent == "AddTasks" && turn.state == .completed, "\(text): \(turn.response)")
        }
        #expect(try Self.items(store, "Courses") == ["pain", "yaourts nature", "racheter du sel"])
        #expect(try Self.items(store, "À faire") == ["payer le loyer", "réparer le vélo"])
        // What follows "une note" begins with a word of the sentence: the note keeps its name.
        let kept = try Self.say("ajoute une note de frais à à faire", session)
        #expect(kept.state == .completed, "\(kept.response)")
        #expect(try Self.items(store, "À faire").last == "note de frais")

        let (ruStore, ruSession) = try Self.session("ru", ["Покупки": ["хлеб"], "Список дел": ["вынести мусор"]])
        for text in ["добавь заметку купить батарейки в покупки", "создай задачу заплатить за свет в список дел"] {
            let turn = try Self.say(text, ruSession)
            #expect(turn.intent == "AddTasks" && turn.state == .completed, "\(text): \(turn.response)")
        }
        #expect(try Self.items(ruStore, "Покупки") == ["хлеб", "купить батарейки"])
        #expect(try Self.items(ruStore, "Список дел") == ["вынести мусор", "заплатить за свет"])
    }

    @Test("Korean: two requests joined by a verb in 고, item names ending in 고 kept whole")
    func koreanJoinedVerbs() throws {
        let (store, session) = try Self.session("ko", ["장보기": ["두부", "계란", "우유"], "캠핑 준비물": ["텐트"]])
        let turn = try Self.say("장보기에 사과 넣고 두부 빼줘", session)
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try Self.items(store, "장보기") == ["계란", "우유", "사과"])
        let second = try Self.say("장보기에서 계란 지우고 우유 체크해 줘", session)
        #expect(second.intent == "SetTaskAttribute" && second.state == .completed, "\(second.response)")
        #expect(try Self.items(store, "장보기") == ["우유 ✓", "사과"])
        // 망고 ends in 고 and is one thing.
        let mango = try Self.say("장보기에 망고 추가해줘", session)
        #expect(mango.intent == "AddTasks" && mango.state == .completed, "\(mango.response)")
        #expect(try Self.items(store, "장보기") == ["우유 ✓", "사과", "망고"])
        #expect(try store.lists().count == 2)
    }

    @Test("Korean: a word that begins a name of two words keeps its last syllable (제주도 여행)")
    func koreanNameOfTwoWords() throws {
        let (store, session) = try Self.session("ko", ["제주도 여행": ["선크림", "충전기"], "부산 여행": ["우산"]])
        let turn = try Self.say("선크림 제주도 여행에서 부산 여행으로 옮겨", session)
        #expect(turn.intent == "MoveTasks" && turn.state == .completed, "\(turn.response)")
        #expect(try Self.items(store, "제주도 여행") == ["충전기"])
        #expect(try Self.items(store, "부산 여행") == ["우산", "선크림"])
    }

    @Test("answers agree with one item and with several (fr “déjà décoché(s)”, ru without gender)")
    func answersAgree() throws {
        let (_, session) = try Self.session("fr", ["Courses": ["lait", "pain", "beurre"]])
        let one = try Self.say("décoche le lait sur la liste de courses", session)
        #expect(one.response.contains("était déjà décoché."), "\(one.response)")
        let two = try Self.say("décoche le lait et le pain sur la liste de courses", session)
        #expect(two.response.contains("étaient déjà décochés."), "\(two.response)")

        let (ruStore, ruSession) = try Self.session("ru", ["Покупки": ["молоко", "сметана"]])
        let added = try Self.say("добавь молоко и сметану в покупки", ruSession)
        #expect(!added.response.contains("был"), "\(added.response)")
        #expect(try Self.items(ruStore, "Покупки") == ["молоко", "сметана"])
    }

    @Test("questions and commands in other words (fr, zh-Hans, ko, th)")
    func otherWords() throws {
        do {
            let (store, session) = try Self.session("fr", ["Bricolage": ["vis", "colle"]])
            let turn = try Self.say("affiche-moi ce qui n'est toujours pas fait dans bricolage", session)
            #expect(turn.intent == "SearchForNotebookItems" && turn.state == .completed, "\(turn.response)")
            #expect(try Self.items(store, "Bricolage") == ["vis", "colle"])
        }
        do {
            let (store, session) = try Self.session("zh-Hans", ["购物清单": ["牛奶", "面包"], "装修": ["灯泡"]])
            try store.setDone(true, [.name("面包")], in: .name("购物清单"))
            let unchecked = try Self.say("把面包标记成未完成", session)
            #expect(unchecked.intent == "SetTaskAttribute" && unchecked.state == .completed, "\(unchecked.response)")
            #expect(try Self.items(store, "购物清单") == ["牛奶", "面包"])
            let left = try Self.say("帮我看看装修还剩哪些没做完", session)
            #expect(left.intent == "SearchForNotebookItems" && left.state == .completed, "\(left.response)")
        }
        do {
            let (store, session) = try Self.session("ko", ["캠핑 준비물": ["텐트", "침낭"]])
            let turn = try Self.say("침낭 캠핑 준비물에 있어?", session)
            #expect(turn.intent == "SearchForNotebookItems" && turn.state == .completed, "\(turn.response)")
            #expect(try Self.items(store, "캠핑 준비물") == ["텐트", "침낭"])
        }
        do {
            let (store, session) = try Self.session("ko", ["장보기": ["두부"], "약국": ["밴드"]])
            let added = try Self.say("약국에 파스 넣어주세용", session)
            #expect(added.intent == "AddTasks" && added.state == .completed, "\(added.response)")
            let asked = try Self.say("약국에 밴드 있는지 말해줘", session)
            #expect(asked.intent == "SearchForNotebookItems" && asked.state == .completed, "\(asked.response)")
            _ = try Self.say("되돌려 줘", session)
            #expect(try Self.items(store, "약국") == ["밴드"])
            let redone = try Self.say("재실행해 줘", session)
            #expect(redone.intent == "RedoChange" && redone.state == .completed, "\(redone.response)")
            #expect(try Self.items(store, "약국") == ["밴드", "파스"])
        }
        do {
            let (store, session) = try Self.session("fr", ["Courses": ["lait"]])
            _ = try Self.say("ajoute du miel aux courses", session)
            _ = try Self.say("annule", session)
            let redone = try Self.say("remets ce que t'as annulé", session)
            #expect(redone.intent == "RedoChange" && redone.state == .completed, "\(redone.response)")
            #expect(try Self.items(store, "Courses") == ["lait", "miel"])
        }
        do {
            // The whole list said with 整个 before 清单: deleting it is asked first.
            let (store, session) = try Self.session("zh-Hans", ["生日礼物": ["耳机"], "购物清单": ["牛奶"]])
            let turn = try Self.say("把生日礼物整个清单删掉", session)
            #expect(turn.intent == "DeleteTaskList" && turn.state == .confirmation, "\(turn.response)")
            #expect(try store.lists().count == 2)
        }
        do {
            let (store, session) = try Self.session("th", ["ย้ายบ้าน": ["กล่องลัง", "เทปกาว"]])
            let turn = try Self.say("เช็คว่าย้ายบ้านยังไม่ได้เตรียมอะไรบ้าง", session)
            #expect(turn.intent == "SearchForNotebookItems" && turn.state == .completed, "\(turn.response)")
            #expect(try Self.items(store, "ย้ายบ้าน") == ["กล่องลัง", "เทปกาว"])
        }
    }
}
