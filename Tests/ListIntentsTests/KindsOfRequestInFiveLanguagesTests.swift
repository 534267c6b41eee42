import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// A third round of requests written for these tests, as people in each language talk to an
/// assistant, each a kind that was misread: a rename said with "appelle", letters of the
/// Ukrainian layout in Russian, imperfective commands, a verb with its result in Chinese ("快递取好了",
/// the item said without its own verb), "一个" as an article, the list said first, checked items
/// said as a clause ("tout ce que j'ai déjà acheté", "всё, что я уже купил", "买过的", "다 산 거"),
/// undo named by what it undid, and Korean counts with the copula glued on ("몇 개야").
@Suite("Kinds of request in French, Russian, Chinese, Korean and Thai (round 12)")
struct KindsOfRequestInFiveLanguagesTests {
    static func session(_ locale: String, _ lists: KeyValuePairs<String, [String]>) throws -> (ListStore, AssistantSession) {
        try OwnPhrasingsInFiveLanguagesTests.session(locale, lists)
    }

    /// Says each text in turn in one conversation; the last turn.
    @discardableResult
    static func say(_ session: AssistantSession, _ texts: String...) throws -> Turn {
        var conversation = Conversation()
        var turn: Turn?
        for text in texts { turn = try session.receive(.utterance(text), in: &conversation) }
        return try #require(turn)
    }

    static func items(_ store: ListStore, _ list: String) throws -> [String] {
        try store.items(in: .name(list)).map { "\($0.name)\($0.done ? " ✓" : "")" }
    }

    @Test("French: “appelle la liste X Y” renames; the list said first; checked items as a clause; undo by name")
    func french() throws {
        let (store, session) = try Self.session("fr", ["Pharmacie": ["pansements"], "Bricolage": ["vis", "colle à bois"],
                                                        "Courses": ["lait", "beurre", "pain"]])
        let renamed = try Self.say(session, "appelle la liste pharmacie Santé")
        #expect(renamed.intent == "RenameTaskList" && renamed.state == .completed, "\(renamed.response)")
        #expect(try store.lists().map(\.name).contains("Santé"))

        try store.setDone(true, [.name("colle à bois")], in: .name("Bricolage"))
        let unchecked = try Self.say(session, "dans bricolage, décoche la colle à bois")
        #expect(unchecked.intent == "SetTaskAttribute" && unchecked.state == .completed, "\(unchecked.response)")
        #expect(try Self.items(store, "Bricolage") == ["vis", "colle à bois"])
        let checked = try Self.say(session, "sur la liste bricolage coche les vis")
        #expect(checked.intent == "SetTaskAttribute", "\(checked.response)")
        #expect(try Self.items(store, "Bricolage") == ["vis ✓", "colle à bois"])

        try store.setDone(true, [.name("beurre")], in: .name("Courses"))
        let cleared = try Self.say(session, "enlève tout ce que j'ai déjà acheté des courses")
        #expect(cleared.intent == "DeleteTasks" && cleared.state == .completed, "\(cleared.response)")
        #expect(try Self.items(store, "Courses") == ["lait", "pain"])

        try Self.say(session, "ajoute du sopalin aux courses")
        let undone = try Self.say(session, "oublie le dernier ajout")
        #expect(undone.intent == "UndoChange" && undone.state == .completed, "\(undone.response)")
        #expect(try Self.items(store, "Courses") == ["lait", "pain"])
        // "oublie" with a thing of the list still removes it.
        let removed = try Self.say(session, "oublie le lait")
        #expect(removed.intent == "DeleteTasks", "\(removed.response)")
    }

    @Test("Russian: Ukrainian-layout letters, imperfective commands, “в” in a new list name, done said as a clause")
    func russian() throws {
        let (store, session) = try Self.session("ru", ["Покупки": ["молоко", "сметана", "мёд"], "Поход": ["палатка"]])
        let added = try Self.say(session, "добавь в покупкі сахар")
        #expect(added.intent == "AddTasks" && added.state == .completed, "\(added.response)")
        #expect(try Self.items(store, "Покупки") == ["молоко", "сметана", "мёд", "сахар"])

        let crossed = try Self.say(session, "вычёркивай сметану")
        #expect(crossed.intent == "SetTaskAttribute" && crossed.state == .completed, "\(crossed.response)")
        let taken = try Self.say(session, "молоко уже взял")
        #expect(taken.intent == "SetTaskAttribute" && taken.state == .completed, "\(taken.response)")
        #expect(try Self.items(store, "Покупки") == ["молоко ✓", "сметана ✓", "мёд", "сахар"])

        let cleared = try Self.say(session, "можешь убрать из покупок всё, что я уже купил?")
        #expect(cleared.intent == "DeleteTasks" && cleared.state == .completed, "\(cleared.response)")
        #expect(try Self.items(store, "Покупки") == ["мёд", "сахар"])
        try store.setDone(true, [.name("мёд")], in: .name("Покупки"))
        let cleaned = try Self.say(session, "очисти выполненные в покупках")
        #expect(cleaned.intent == "DeleteTasks" && cleaned.state == .completed, "\(cleaned.response)")
        #expect(try Self.items(store, "Покупки") == ["сахар"])

        try Self.say(session, "добавляй в покупки кефир")
        #expect(try Self.items(store, "Покупки") == ["сахар", "кефир"])
        let undone = try Self.say(session, "отмени добавление")
        #expect(undone.intent == "UndoChange" && undone.state == .completed, "\(undone.response)")
        #expect(try Self.items(store, "Покупки") == ["сахар"])

        let renamed = try Self.say(session, "переименуй поход в Поход в горы")
        #expect(renamed.intent == "RenameTaskList" && renamed.state == .completed, "\(renamed.response)")
        #expect(try Self.items(store, "Поход в горы") == ["палатка"])
    }

    @Test("Chinese: a verb with its result, an item said without its verb, 一个 as an article, checked items as a clause")
    func chinese() throws {
        let (store, session) = try Self.session("zh-Hans", ["购物清单": ["牛奶", "酱油", "面包"], "待办事项": ["取快递", "交水电费"],
                                                             "露营装备": ["帐篷", "手电筒"], "生日礼物": ["耳机"]])
        let bought = try Self.say(session, "酱油买完了")
        #expect(bought.intent == "SetTaskAttribute" && bought.state == .completed, "\(bought.response)")
        // 取快递 said as "快递取好了": a guess, done after a yes.
        let asked = try Self.say(session, "快递取好了")
        #expect(asked.intent == "SetTaskAttribute" && asked.state == .confirmation, "\(asked.response)")
        #expect(try Self.items(store, "待办事项") == ["取快递", "交水电费"])
        try Self.say(session, "快递取好了", "是的")
        #expect(try Self.items(store, "待办事项") == ["取快递 ✓", "交水电费"])

        try Self.say(session, "生日礼物里再加一个蓝牙音箱")
        try Self.say(session, "给我在购物清单里加两瓶可乐")
        try Self.say(session, "买一斤猪肉，加到购物清单")
        #expect(try Self.items(store, "生日礼物") == ["耳机", "蓝牙音箱"])
        #expect(try Self.items(store, "购物清单") == ["牛奶", "酱油 ✓", "面包", "两瓶可乐", "一斤猪肉"])

        let cleared = try Self.say(session, "把购物清单里买过的删掉")
        #expect(cleared.intent == "DeleteTasks" && cleared.state == .completed, "\(cleared.response)")
        #expect(try Self.items(store, "购物清单") == ["牛奶", "面包", "两瓶可乐", "一斤猪肉"])

        try store.setDone(true, [.name("手电筒")], in: .name("露营装备"))
        let unchecked = try Self.say(session, "把露营装备里的手电筒取消勾选")
        #expect(unchecked.intent == "SetTaskAttribute" && unchecked.state == .completed, "\(unchecked.response)")
        #expect(try Self.items(store, "露营装备") == ["帐篷", "手电筒"])

        try Self.say(session, "露营装备里加个防潮垫")
        let undone = try Self.say(session, "不对，撤销刚才的操作")
        #expect(undone.intent == "UndoChange" && undone.state == .completed, "\(undone.response)")
        #expect(try Self.items(store, "露营装备") == ["帐篷", "手电筒"])
    }

    @Test("Korean: counts with the copula, bought items cleared, undo of what was just added")
    func korean() throws {
        let (store, session) = try Self.session("ko", ["장보기": ["우유", "계란", "대파"], "캠핑 준비물": ["텐트", "침낭"]])
        try store.setDone(true, [.name("계란")], in: .name("장보기"))
        let left = try Self.say(session, "장보기에 아직 안 산 거 몇 개야?")
        #expect(left.intent == "SearchForNotebookItems" && left.state == .completed, "\(left.response)")
        #expect(left.response.contains("2"), "\(left.response)")
        let count = try Self.say(session, "캠핑 준비물 몇 개야?")
        #expect(count.intent == "SearchForNotebookItems" && count.state == .completed, "\(count.response)")

        let cleared = try Self.say(session, "장보기에서 다 산 거 지워")
        #expect(cleared.intent == "DeleteTasks" && cleared.state == .completed, "\(cleared.response)")
        #expect(try Self.items(store, "장보기") == ["우유", "대파"])

        try Self.say(session, "장보기에 콜라 한 병 넣어줘")
        #expect(try Self.items(store, "장보기") == ["우유", "대파", "콜라 한 병"])
        let undone = try Self.say(session, "방금 추가한 거 취소")
        #expect(undone.intent == "UndoChange" && undone.state == .completed, "\(undone.response)")
        #expect(try Self.items(store, "장보기") == ["우유", "대파"])
    }

    @Test("Thai: what is not bought yet, said as a question; undo said as “that was wrong”")
    func thai() throws {
        let (store, session) = try Self.session("th", ["ซื้อของ": ["นม", "ขนมปัง"], "ทำบุญ": ["ดอกไม้ธูปเทียน"]])
        let left = try Self.say(session, "ซื้อของมีอะไรที่ยังไม่ได้ซื้อบ้าง")
        #expect(left.intent == "SearchForNotebookItems" && left.state == .completed, "\(left.response)")
        #expect(try Self.items(store, "ซื้อของ") == ["นม", "ขนมปัง"])

        try Self.say(session, "เพิ่มไข่เค็มกับผักกาดดองในซื้อของ")
        #expect(try Self.items(store, "ซื้อของ") == ["นม", "ขนมปัง", "ไข่เค็ม", "ผักกาดดอง"])
        let undone = try Self.say(session, "เมื่อกี้ไม่ใช่ ย้อนกลับที")
        #expect(undone.intent == "UndoChange" && undone.state == .completed, "\(undone.response)")
        #expect(try Self.items(store, "ซื้อของ") == ["นม", "ขนมปัง"])
    }

    @Test("shortened and padded words: fr “ds”, ru “плиз” said first, fr “mettez … en premier”")
    func shortWords() throws {
        let (store, session) = try Self.session("fr", ["Courses": ["lait"], "Repas de Noël": ["huîtres", "champagne"]])
        let added = try Self.say(session, "mets 2 packs d'eau ds les courses")
        #expect(added.intent == "AddTasks" && added.state == .completed, "\(added.response)")
        #expect(try Self.items(store, "Courses") == ["lait", "2 packs d'eau"])
        let moved = try Self.say(session, "mettez le champagne en premier dans le repas de noël")
        #expect(moved.intent == "MoveTaskToPosition" && moved.state == .completed, "\(moved.response)")
        #expect(try Self.items(store, "Repas de Noël") == ["champagne", "huîtres"])

        let (ruStore, ruSession) = try Self.session("ru", ["Покупки": ["хлеб"]])
        let ruAdded = try Self.say(ruSession, "плиз добавь йогурт в покупки")
        #expect(ruAdded.intent == "AddTasks" && ruAdded.state == .completed, "\(ruAdded.response)")
        #expect(try Self.items(ruStore, "Покупки") == ["хлеб", "йогурт"])
    }

    @Test("what is to be done today: ru the to-do list by its kind, zh a day that is no list")
    func today() throws {
        let (_, session) = try Self.session("ru", ["Список дел": ["позвонить маме"], "Покупки": ["хлеб"]])
        let todo = try Self.say(session, "что мне надо сделать?")
        #expect(todo.intent == "SearchForNotebookItems", "\(todo.response)")
        #expect(todo.response.contains("Список дел"), "\(todo.response)")

        let (_, zhSession) = try Self.session("zh-Hans", ["待办事项": ["交水电费"], "购物清单": ["牛奶"]])
        for text in ["我今天要做什么", "明天我还要买什么"] {
            let turn = try Self.say(zhSession, text)
            #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
            #expect(!turn.response.contains("今天") && !turn.response.contains("明天"), "\(text): \(turn.response)")
        }
    }

    @Test("everything on a list checked (ko “있는 거 싹 다”), and Thai “ยัง” before “มี”")
    func everythingAndStill() throws {
        let (store, session) = try Self.session("ko", ["캠핑 준비물": ["텐트", "침낭"]])
        let all = try Self.say(session, "캠핑 준비물에 있는 거 싹 다 체크해")
        #expect(all.intent == "SetTaskAttribute" && all.state == .completed, "\(all.response)")
        #expect(try Self.items(store, "캠핑 준비물") == ["텐트 ✓", "침낭 ✓"])

        let (thStore, thSession) = try Self.session("th", ["ร้านขายยา": ["พาราเซตามอล", "พลาสเตอร์"]])
        let still = try Self.say(thSession, "ในร้านขายยายังมีพาราเซตามอลอยู่ไหม")
        #expect(still.intent == "SearchForNotebookItems" && still.state == .completed, "\(still.response)")
        #expect(try Self.items(thStore, "ร้านขายยา") == ["พาราเซตามอล", "พลาสเตอร์"])
    }

    @Test("ru commands with “-ка”, a French question about the last thing added, a Chinese “全删了” asked first")
    func particlesAndQuestions() throws {
        let (store, session) = try Self.session("ru", ["Покупки": ["хлеб", "мёд"]])
        let removed = try Self.say(session, "убери-ка мёд")
        #expect(removed.intent == "DeleteTasks" && removed.state == .completed, "\(removed.response)")
        try Self.say(session, "запиши-ка в покупки сыр")
        #expect(try Self.items(store, "Покупки") == ["хлеб", "сыр"])

        let (frStore, frSession) = try Self.session("fr", ["Courses": ["lait", "pain"]])
        let last = try Self.say(frSession, "c'est quoi le dernier truc que j'ai ajouté aux courses")
        #expect(last.intent == "SearchForNotebookItems" && last.state == .completed, "\(last.response)")
        #expect(last.response.contains("pain"), "\(last.response)")
        #expect(try Self.items(frStore, "Courses") == ["lait", "pain"])

        let (zhStore, zhSession) = try Self.session("zh-Hans", ["购物清单": ["牛奶", "面包"]])
        let asked = try Self.say(zhSession, "购物清单里的东西全删了")
        #expect(asked.intent == "DeleteTasks" && asked.state == .confirmation, "\(asked.response)")
        #expect(try Self.items(zhStore, "购物清单") == ["牛奶", "面包"])
        try Self.say(zhSession, "购物清单里的东西全删了", "好的")
        #expect(try Self.items(zhStore, "购物清单").isEmpty)
    }
}
