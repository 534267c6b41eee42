import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Kinds of request that went wrong in French, Russian, Chinese, Korean and Thai: the checked
/// items deleted with no list said, a pronoun for what was just added, a word for "tasks" as
/// the whole item, and "move everything" from an empty list (in English too). Phrasings of our
/// own, said over a real store.
@Suite("Checked items, pronouns and empty lists in every language")
struct CheckedPronounsAndEmptyListsTests {
    static func session(_ locale: String, _ lists: KeyValuePairs<String, [String]>) throws -> (ListStore, AssistantSession) {
        try OwnPhrasingsInFiveLanguagesTests.session(locale, lists)
    }

    static func say(_ text: String, _ session: AssistantSession) throws -> Turn {
        var conversation = Conversation()
        return try session.receive(.utterance(text), in: &conversation)
    }

    static func items(_ store: ListStore, _ list: String) throws -> [String] { try store.items(in: .name(list)).map(\.name) }

    static func values(_ turn: Turn, _ parameter: String) -> [String] {
        turn.parameters.first { $0.name == parameter }?.values ?? []
    }

    /// Two lists, each with one checked item; "delete the checked ones" in each language.
    static let checkedRequests: [(locale: String, lists: [String], items: [String], texts: [String])] = [
        ("fr", ["Courses", "Bricolage"], ["lait", "pain"],
         ["supprime les éléments cochés", "efface tout ce qui est coché", "vire les trucs achetés"]),
        ("ru", ["Покупки", "Дача"], ["молоко", "хлеб"],
         ["удали выполненные", "убери все купленные", "почисти от отмеченных"]),
        ("zh-Hans", ["购物清单", "装修"], ["牛奶", "面包"], ["删除已完成的", "把已经勾掉的都删了"]),
        ("ko", ["장보기", "약국"], ["우유", "두부"], ["완료된 거 지워", "체크한 항목 다 삭제해", "산 거 지워 줘"]),
        ("th", ["ซื้อของ", "ร้านขายยา"], ["นม", "ขนมปัง"], ["ลบที่เสร็จแล้ว", "ลบอันที่ติ๊กแล้วออก", "เคลียร์ที่ซื้อแล้ว"]),
    ]

    @Test("the checked items with no list said: which list is asked, and \"checked\" is kept", arguments: checkedRequests)
    func checkedWithNoListAsksWhichList(_ language: (locale: String, lists: [String], items: [String], texts: [String])) throws {
        let (store, session) = try Self.session(language.locale, [language.lists[0]: language.items, language.lists[1]: language.items])
        for list in language.lists { try store.setDone(true, [.name(language.items[1])], in: .name(list)) }
        for text in language.texts {
            let turn = try Self.say(text, session)
            #expect(turn.intent == "DeleteTasks", "\(text): \(turn.response)")
            #expect(turn.state == .needsValue || turn.state == .disambiguation, "\(text): \(turn.response)")
            #expect(Self.values(turn, "tasks") == ["checked"], "\(text): \(turn.parameters)")
        }
        for list in language.lists { #expect(try Self.items(store, list) == language.items) }
    }

    @Test("the checked items with no list said: those of the list on screen, and only those", arguments: checkedRequests)
    func checkedWithNoListDeletesThoseOfTheListOnScreen(_ language: (locale: String, lists: [String], items: [String], texts: [String])) throws {
        let (store, session) = try Self.session(language.locale, [language.lists[0]: language.items, language.lists[1]: language.items])
        for list in language.lists { try store.setDone(true, [.name(language.items[1])], in: .name(list)) }
        session.listInView = try store.list(.name(language.lists[0])).id
        let turn = try Self.say(language.texts[0], session)
        #expect(turn.state == .completed, "\(language.texts[0]): \(turn.response)")
        #expect(try Self.items(store, language.lists[0]) == [language.items[0]])
        #expect(try Self.items(store, language.lists[1]) == language.items)
    }

    /// What was just added, said again as a pronoun once one of those items is gone: the list
    /// carries over and which items is asked; never an item made of the pronoun. (With all of
    /// them there, the pronoun is those items: PronounsAfterAChangeTests.)
    static let pronounRequests: [(locale: String, list: String, add: String, texts: [String])] = [
        ("fr", "Courses", "ajoute du lait et des œufs aux courses", ["coche-les", "tu peux les cocher", "enlève-les", "supprime-les"]),
        ("ru", "Покупки", "добавь кефир и сыр в покупки", ["отметь их", "удали их", "вычеркни их"]),
        ("zh-Hans", "购物清单", "把香蕉和酸奶加到购物清单", ["把它们勾上", "把这些删掉", "把它们都勾掉"]),
        ("ko", "장보기", "장보기에 양파랑 마늘 추가해줘", ["그것들 체크해줘", "그것들 다 지워", "그거 체크해"]),
        ("th", "ซื้อของ", "เพิ่มส้มกับกล้วยในซื้อของ", ["ติ๊กพวกนั้น", "ลบพวกนั้น", "ติ๊กพวกนี้ให้หน่อย"]),
    ]

    @Test("a pronoun for what was just added, one of them gone since, asks which items, on that list", arguments: pronounRequests)
    func pronounAfterAnAddAsks(_ language: (locale: String, list: String, add: String, texts: [String])) throws {
        let (store, session) = try Self.session(language.locale, [language.list: [], "Other": []])
        #expect(try Self.say(language.add, session).state == .completed)
        #expect(try Self.items(store, language.list).count == 2)
        _ = try store.deleteItems([.name(try Self.items(store, language.list)[0])], from: .name(language.list))
        let added = try Self.items(store, language.list)
        for text in language.texts {
            let turn = try Self.say(text, session)
            #expect(turn.state == .needsValue || turn.state == .disambiguation, "\(text): \(turn.response)")
            #expect(Self.values(turn, "tasks").isEmpty, "\(text): \(turn.parameters)")
            #expect(Self.values(turn, "taskList") == [language.list], "\(text): \(turn.parameters)")
        }
        #expect(try Self.items(store, language.list) == added)
        #expect(try store.items(in: .name(language.list)).allSatisfy { !$0.done })
    }

    @Test func aWordForTasksIsNoItemInRussian() throws {
        let (store, session) = try Self.session("ru", ["Список дел": ["позвонить маме"], "Дача": []])
        for text in ["добавь задачи в список дел", "добавь новую задачу в список дел", "запиши в список дел пункты", "закинь дела на дачу"] {
            let turn = try Self.say(text, session)
            #expect(turn.intent == "AddTasks" && turn.state == .needsValue, "\(text): \(turn.response)")
            #expect(Self.values(turn, "taskTitles").isEmpty, "\(text): \(turn.parameters)")
        }
        #expect(try Self.items(store, "Список дел") == ["позвонить маме"])
        #expect(try Self.items(store, "Дача").isEmpty)
        // A list named so is still made, and a task said after the word is added (without it).
        #expect(try Self.say("создай список Задачи на неделю", session).state == .completed)
        #expect(try Self.say("добавь задачу позвонить в банк в список дел", session).state == .completed)
        #expect(try Self.items(store, "Список дел") == ["позвонить маме", "позвонить в банк"])
    }

    /// "Move everything" and "check everything" on a list with nothing on it.
    static let emptyListRequests: [(locale: String, move: String, check: String, moved: String, checked: String)] = [
        ("en", "move everything from the hardware store list to the gift shop", "check everything on hardware store",
         "Hardware Store has no items to move.", "Hardware Store has no items to mark as checked off."),
        ("fr", "déplace tout de Hardware Store vers Gift Shop", "coche tout dans hardware store",
         "Rien à déplacer de Hardware Store (pas de « éléments » sur la liste).", "Rien à marquer comme cochés : Hardware Store n'a pas d'éléments."),
        ("ru", "перенеси всё из Hardware Store в Gift Shop", "отметь всё в Hardware Store",
         "В списке Hardware Store нечего переносить (не найдено: пункты).", "В списке Hardware Store нет пунктов: отмечать нечего."),
        ("zh-Hans", "把Hardware Store里的东西全部移到Gift Shop", "把Hardware Store全部勾选",
         "Hardware Store上没有可以移动的东西。", "Hardware Store上没有任何项目，无法标为已完成。"),
        ("ko", "Hardware Store 항목 전부 Gift Shop으로 옮겨 줘", "Hardware Store 전부 체크해 줘",
         "Hardware Store에는 옮길 항목이(가) 없어요.", "Hardware Store에는 완료 상태로 바꿀 항목이 없어요."),
        ("th", "ย้ายทั้งหมดจาก Hardware Store ไป Gift Shop", "ติ๊กทั้งหมดใน Hardware Store",
         "ใน Hardware Store ไม่มีรายการให้ย้าย", "ใน Hardware Store ไม่มีรายการให้ทำเครื่องหมายว่าติ๊ก"),
    ]

    @Test("\"move everything\", \"check everything\" on an empty list: said so, nothing changed", arguments: emptyListRequests)
    func emptyList(_ language: (locale: String, move: String, check: String, moved: String, checked: String)) throws {
        let (store, session) = try Self.session(language.locale, ["Hardware Store": [], "Gift Shop": ["tape"]])
        let check = try Self.say(language.check, session)
        #expect(check.intent == "SetTaskAttribute" && check.state == .completed, "\(language.check): \(check.response)")
        #expect(check.response == language.checked)
        let move = try Self.say(language.move, session)
        if move.intent == "MoveTasks" {
            #expect(move.state == .completed, "\(language.move): \(move.response)")
            #expect(move.response == language.moved)
        } else {
            Issue.record("\(language.move): \(move.intent ?? "nil") \(move.response)")
        }
        #expect(try Self.items(store, "Hardware Store").isEmpty)
        #expect(try Self.items(store, "Gift Shop") == ["tape"])
        #expect(try store.items(in: .name("Gift Shop")).allSatisfy { !$0.done })
    }

    // MARK: - Phrasings of our own, one kind of misreading each

    /// Says `text`; the turn must be `intent` in `state`.
    static func expect(_ text: String, _ intent: String, _ state: ConversationState = .completed, session: AssistantSession) throws {
        let turn = try say(text, session)
        #expect(turn.intent == intent, "\(text): \(turn.intent ?? "nil") \(turn.response)")
        #expect(turn.state == state, "\(text): \(turn.state) \(turn.response)")
    }

    static func checked(_ store: ListStore, _ list: String) throws -> [String] {
        try store.items(in: .name(list)).filter(\.done).map(\.name)
    }

    @Test func frenchPhrasings() throws {
        let (store, session) = try Self.session("fr", ["Courses": ["lait", "pain", "tomates", "beurre"], "Bricolage": ["vis", "ampoules"],
                                                        "Vacances à la mer": ["serviettes de plage", "parasol"],
                                                        "Anniversaire de Léa": ["bougies", "gâteau"]])
        // A "de" inside an item's name is no list it comes from.
        try Self.expect("transfère les serviettes de plage dans bricolage", "MoveTasks", session: session)
        try Self.expect("déplace les vis de bricolage vers la liste courses", "MoveTasks", session: session)
        #expect(try Self.items(store, "Bricolage") == ["ampoules", "serviettes de plage"])
        #expect(try Self.items(store, "Courses") == ["lait", "pain", "tomates", "beurre", "vis"])
        try Self.expect("coche tout ce qu'il y a dans anniversaire de léa", "SetTaskAttribute", session: session)
        #expect(try Self.checked(store, "Anniversaire de Léa") == ["bougies", "gâteau"])
        try Self.expect("c'est bon j'ai acheté les tomates et le beurre", "SetTaskAttribute", session: session)
        try Self.expect("est-ce qu'il reste des trucs à acheter sur la liste courses ?", "SearchForNotebookItems", session: session)
        try Self.expect("on en est où avec les courses", "SearchForNotebookItems", session: session)
        // The question word in the middle: a count, not a search for "combien de trucs".
        let count = try Self.say("il y a combien de trucs dans les courses", session)
        #expect(count.intent == "SearchForNotebookItems" && Self.values(count, "content").isEmpty, "\(count.response)")
        session.listInView = try store.list(.name("Courses")).id
        try Self.expect("vire les trucs achetés", "DeleteTasks", session: session)
        #expect(try Self.items(store, "Courses") == ["lait", "pain", "vis"])
        #expect(try Self.items(store, "Anniversaire de Léa") == ["bougies", "gâteau"])
    }

    @Test func russianPhrasings() throws {
        let (store, session) = try Self.session("ru", ["Покупки": ["молоко", "хлеб"], "Поход": ["пластырь", "спички"],
                                                        "Аптека": ["аспирин"], "Ремонт": ["плитка"]])
        try Self.expect("пожалуста добавь сок в покупки", "AddTasks", session: session)
        try Self.expect("закинь в покупки сыр пожалста", "AddTasks", session: session)
        #expect(try Self.items(store, "Покупки") == ["молоко", "хлеб", "сок", "сыр"])
        try Self.expect("у меня где-нибудь есть плитка?", "SearchForNotebookItems", session: session)
        try Self.expect("перенеси пластырь из похода в аптеку", "MoveTasks", session: session)
        #expect(try Self.items(store, "Аптека") == ["аспирин", "пластырь"])
        try Self.expect("отметь всё в походе", "SetTaskAttribute", session: session)
        #expect(try Self.checked(store, "Поход") == ["спички"])
        // A list's name that starts with "новый" is a name.
        try Self.expect("сделай список Новый год", "CreateTaskList", session: session)
        #expect(try store.lists().map(\.name).contains("Новый год"))
        try Self.expect("сними отметку со всех пунктов в походе", "ResetList", session: session)
        #expect(try Self.checked(store, "Поход").isEmpty)
    }

    @Test func chinesePhrasings() throws {
        let (store, session) = try Self.session("zh-Hans", ["购物清单": ["牛奶", "面包"], "装修": ["瓷砖"], "露营装备": ["睡袋", "帐篷"],
                                                             "搬家": ["纸箱", "胶带"]])
        // Whether something was put there is a question, never an addition.
        try Self.expect("我在装修清单里加灯泡了吗", "SearchForNotebookItems", session: session)
        try Self.expect("帐篷加了没有", "SearchForNotebookItems", session: session)
        #expect(try Self.items(store, "装修") == ["瓷砖"])
        try Self.expect("把帐篷放到露营装备第一个", "MoveTaskToPosition", session: session)
        #expect(try Self.items(store, "露营装备") == ["帐篷", "睡袋"])
        try Self.expect("搬家那个清单怎么样了", "SearchForNotebookItems", session: session)
        try Self.expect("把搬家里的东西全部移到装修", "MoveTasks", session: session)
        #expect(try Self.items(store, "搬家").isEmpty)
        #expect(try Self.items(store, "装修") == ["瓷砖", "纸箱", "胶带"])
    }

    @Test func koreanPhrasings() throws {
        let (store, session) = try Self.session("ko", ["장보기": ["우유", "두부"], "약국": ["밴드", "감기약"], "이사 준비": ["박스", "테이프"],
                                                        "할 일": ["관리비 내기"]])
        try Self.expect("리스트 몇 개야?", "SearchForNotebookItems", .disambiguation, session: session)
        try Self.expect("내 목록들 보여줘", "SearchForNotebookItems", .disambiguation, session: session)
        try Self.expect("약국 다 체크해줘", "SetTaskAttribute", session: session)
        #expect(try Self.checked(store, "약국") == ["밴드", "감기약"])
        try Self.expect("이사 준비 항목 전부 할 일로 옮겨 줘", "MoveTasks", session: session)
        #expect(try Self.items(store, "할 일") == ["관리비 내기", "박스", "테이프"])
        try Self.expect("취소 취소", "UndoChange", session: session)
        #expect(try Self.items(store, "이사 준비") == ["박스", "테이프"])
        // An item of theirs "all done" is that item, not the list.
        try Self.expect("두부 다 체크해", "SetTaskAttribute", session: session)
        #expect(try Self.checked(store, "장보기") == ["두부"])
        // "세 개" is part of the item, not padding to cut.
        try Self.expect("장보기에 감자 세 개랑 파 한 단 추가해 줘", "AddTasks", session: session)
        #expect(try Self.items(store, "장보기") == ["우유", "두부", "감자 세 개", "파 한 단"])
        try Self.expect("할 일 중에 안 한 거 뭐야", "SearchForNotebookItems", session: session)
    }

    @Test func thaiPhrasings() throws {
        let (store, session) = try Self.session("th", ["ซื้อของ": ["นม", "ไข่ไก่"], "ย้ายบ้าน": ["กล่องลัง"], "ทำบุญ": ["น้ำดื่ม"]])
        // "All of those" with nothing said before: which list is asked, nothing checked.
        let turn = try Self.say("ติ๊กพวกนั้นทั้งหมด", session)
        #expect(turn.state == .needsValue || turn.state == .disambiguation, "\(turn.response)")
        #expect(try Self.checked(store, "ซื้อของ").isEmpty)
        #expect(try Self.checked(store, "ย้ายบ้าน").isEmpty)
        try Self.expect("ย้ายบ้านเป็นไงบ้าง", "SearchForNotebookItems", session: session)
        try Self.expect("ซื้อของมีทั้งหมดกี่อย่าง", "SearchForNotebookItems", session: session)
        // Two requests joined by แล้ว ("and then"): the first is done, then the second (the turn said last).
        try Self.expect("ติ๊กนมแล้วเปิดซื้อของให้ดู", "SearchForNotebookItems", session: session)
        #expect(try Self.checked(store, "ซื้อของ") == ["นม"])
        try Self.expect("เฮ้ย ยกเลิกอันเมื่อกี้", "UndoChange", session: session)
        #expect(try Self.checked(store, "ซื้อของ").isEmpty)
    }
}
