import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// "Add eggs and milk", then "check them off": a word that points back (`splitting.pronouns`)
/// stands for the items the last request added or changed, in every language, while exactly
/// those are on the list said. Otherwise the assistant asks which, and never makes an item
/// of the pronoun.
@Suite("Pronouns after a change, in every language")
struct PronounsAfterAChangeTests {
    struct Speaker: CustomTestStringConvertible, Sendable {
        let locale: String
        let list: String
        /// Adds the two `added` items to `list`.
        let add: String
        let added: [String]
        /// Check them off / remove them, said with a pronoun and no item.
        let check: [String]
        let remove: [String]
        /// Shows `list` (a request that names no item).
        let show: String
        var testDescription: String { locale }
    }

    static let speakers: [Speaker] = [
        Speaker(locale: "en", list: "Groceries", add: "put oat milk and bagels on my groceries list",
                added: ["oat milk", "bagels"],
                check: ["check them off", "mark those as done please", "tick them off"],
                remove: ["remove them", "delete those"], show: "show me my groceries"),
        Speaker(locale: "fr", list: "Courses", add: "rajoute du beurre et des yaourts à la liste des courses",
                added: ["beurre", "yaourts"],
                check: ["coche-les", "tu peux les cocher", "coche les"],
                remove: ["supprime-les", "enlève-les"], show: "montre-moi les courses"),
        Speaker(locale: "ru", list: "Покупки", add: "добавь в покупки творог и кефир",
                added: ["творог", "кефир"],
                check: ["отметь их", "вычеркни их"],
                remove: ["удали их", "убери их пожалуйста"], show: "покажи покупки"),
        Speaker(locale: "zh-Hans", list: "购物清单", add: "往购物清单里加上酸奶和香蕉",
                added: ["酸奶", "香蕉"],
                check: ["把它们勾掉", "把这些勾掉"],
                remove: ["删掉这些", "把它们删了"], show: "看看购物清单"),
        Speaker(locale: "ko", list: "장보기", add: "장보기에 두유랑 김 넣어줘",
                added: ["두유", "김"],
                check: ["그것들 체크해줘", "그거 체크해 줘"],
                remove: ["그거 지워줘", "그것들 삭제해줘"], show: "장보기 보여줘"),
        Speaker(locale: "th", list: "ซื้อของ", add: "เพิ่มโยเกิร์ตกับกล้วยในซื้อของ",
                added: ["โยเกิร์ต", "กล้วย"],
                check: ["ติ๊กพวกนั้น", "ติ๊กพวกนั้นหน่อย"],
                remove: ["ลบมันออก", "ลบพวกนั้นออก"], show: "ดูซื้อของ"),
    ]

    struct Setup {
        let store: ListStore
        let session: AssistantSession
        let speaker: Speaker

        init(_ speaker: Speaker) throws {
            self.speaker = speaker
            store = try ListStore.inMemory()
            try store.createList(named: speaker.list, items: ["x1", "x2"])
            try store.createList(named: "Other", items: ["y"])
            let assistant = try Assistant.shared(speaker.locale)
            session = AssistantSession(assistant: assistant, store: store, source: "assistant",
                                       donations: DonationLog(store: store, timing: .now))
        }

        func say(_ text: String) throws -> Turn {
            var conversation = Conversation()
            return try session.receive(.utterance(text), in: &conversation)
        }

        func items() throws -> [String: Bool] {
            Dictionary(uniqueKeysWithValues: try store.items(in: .name(speaker.list)).map { ($0.name, $0.done) })
        }
    }

    @Test("after an add, a pronoun checks off exactly the items just added", arguments: speakers)
    func checkingThemOff(speaker: Speaker) throws {
        for text in speaker.check {
            let setup = try Setup(speaker)
            let added = try setup.say(speaker.add)
            #expect(added.state == .completed, "\(speaker.add): \(added.response)")
            let turn = try setup.say(text)
            #expect(turn.intent == "SetTaskAttribute" && turn.state == .completed, "\(text): \(turn.response)")
            let items = try setup.items()
            #expect(speaker.added.allSatisfy { items[$0] == true }, "\(text): \(items)")
            #expect(items["x1"] == false && items["x2"] == false, "\(text): \(items)")
        }
    }

    @Test("after an add, a pronoun removes exactly the items just added", arguments: speakers)
    func removingThem(speaker: Speaker) throws {
        for text in speaker.remove {
            let setup = try Setup(speaker)
            _ = try setup.say(speaker.add)
            var turn = try setup.say(text)
            if turn.state == .confirmation {
                var conversation = Conversation()
                turn = try setup.session.receive(.utterance(text), in: &conversation)
                turn = try setup.session.receive(.yes, in: &conversation)
            }
            #expect(turn.intent == "DeleteTasks" && turn.state == .completed, "\(text): \(turn.response)")
            #expect(try setup.items().keys.sorted() == ["x1", "x2"], "\(text)")
        }
    }

    @Test("with nothing just added, or after a request that named no item, a pronoun is asked about", arguments: speakers)
    func nothingHeldIsAsked(speaker: Speaker) throws {
        let setup = try Setup(speaker)
        let before = try setup.items()
        let cold = try setup.say(speaker.check[0])
        #expect(cold.state != .completed, "\(cold.response)")
        _ = try setup.say(speaker.add)
        let afterAdd = try setup.items()
        _ = try setup.say(speaker.show)
        let turn = try setup.say(speaker.check[0])
        #expect(turn.state != .completed, "\(turn.response)")
        #expect(try setup.items() == afterAdd)
        #expect(before.count + speaker.added.count == afterAdd.count)
        // Never an item called by the pronoun.
        #expect(!(try setup.items().keys.contains { speaker.check[0].contains($0) && !speaker.added.contains($0) }))
    }

    @Test("English “it” after two items asks which; after one, it is that one")
    func singularItNeedsOneItem() throws {
        let setup = try Setup(Self.speakers[0])
        _ = try setup.say("add oat milk and bagels to groceries")
        let asked = try setup.say("check it off")
        #expect(asked.state == .needsValue, "\(asked.response)")
        #expect(try setup.items().values.allSatisfy { !$0 })
        _ = try setup.say("add bagels to groceries")
        _ = try setup.say("add cream cheese to groceries")
        let done = try setup.say("check it off")
        #expect(done.state == .completed, "\(done.response)")
        #expect(try setup.items() == ["x1": false, "x2": false, "oat milk": false, "bagels": false, "cream cheese": true])
    }

    /// A list's name alone shows it; said when "which list?" was asked, it answers that.
    @Test("a list's name alone shows it, and answers “which list?” when that was asked",
          arguments: [("ru", "покупки", "отметь их"), ("zh-Hans", "购物清单", "把它们勾掉"), ("th", "ซื้อของ", "ติ๊กพวกนั้น"),
                      ("ko", "장보기", "그것들 체크해줘"), ("fr", "courses", "coche-les")])
    func aNameAloneShowsOrAnswers(locale: String, name: String, pronounCheck: String) throws {
        let speaker = try #require(Self.speakers.first { $0.locale == locale })
        let setup = try Setup(speaker)
        let shown = try setup.say(name)
        #expect(shown.intent == "SearchForNotebookItems" && shown.state == .completed, "\(name): \(shown.response)")
        // A new session, where no list was just named: which list is asked.
        let fresh = try Setup(speaker)
        var conversation = Conversation()
        let asked = try fresh.session.receive(.utterance(pronounCheck), in: &conversation)
        #expect(asked.state == .needsValue && asked.parameter == "taskList", "\(pronounCheck): \(asked.response)")
        let answered = try fresh.session.receive(.utterance(name), in: &conversation)
        #expect(answered.intent == "SetTaskAttribute" && answered.state == .needsValue, "\(name): \(answered.response)")
        #expect(answered.parameter == "tasks", "\(name): \(answered.response)")
        #expect(try fresh.items().values.allSatisfy { !$0 })
    }

    /// Thai is read character by character: a new list's name that is only a vague word once
    /// the words around a name are set aside ("พวก" of "พวกเรา", "ของ" of "ของฉัน") is asked for.
    @Test("Thai: “make our list” asks for the name; a name said after the noun is made",
          arguments: ["สร้างลิสต์พวกเรา", "สร้างลิสต์ของฉัน", "ช่วยสร้างลิสต์ของเราหน่อย"])
    func thaiOurListAsksForAName(text: String) throws {
        let setup = try Setup(Self.speakers[5])
        let before = try setup.store.lists().map(\.name)
        let turn = try setup.say(text)
        #expect(turn.intent == "CreateTaskList" && turn.state == .needsValue, "\(text): \(turn.response)")
        #expect(try setup.store.lists().map(\.name) == before)
        let made = try setup.say("สร้างลิสต์ปิกนิกริมทะเล")
        #expect(made.state == .completed, "\(made.response)")
        #expect(try setup.store.lists().map(\.name).contains("ปิกนิกริมทะเล"))
    }

    /// Own phrasings of this round, one kind each: where the list comes after the place (ru),
    /// "…ออกให้หมด" after the list (th), "non en fait" before an undo (fr), what is left with no
    /// list said (zh, a look-up, never a check-off).
    @Test("own phrasings: a place before the list, “out, all of them”, “no, actually”, what is left")
    func ownPhrasingsOfThisRound() throws {
        func session(_ locale: String, _ list: String, _ items: [String], checked: String? = nil) throws -> (ListStore, AssistantSession) {
            let store = try ListStore.inMemory()
            try store.createList(named: list, items: items)
            if let checked { try store.setDone(true, [.name(checked)], in: .name(list)) }
            try store.createList(named: "Other", items: ["y"])
            let assistant = try Assistant.shared(locale)
            return (store, AssistantSession(assistant: assistant, store: store, source: "assistant",
                                            donations: DonationLog(store: store, timing: .now)))
        }
        func say(_ session: AssistantSession, _ text: String) throws -> Turn {
            var conversation = Conversation()
            return try session.receive(.utterance(text), in: &conversation)
        }
        do {
            let (store, session) = try session("ru", "Покупки", ["молоко", "хлеб", "мёд"])
            let turn = try say(session, "поставь мёд первым в покупках")
            #expect(turn.intent == "MoveTaskToPosition" && turn.state == .completed, "\(turn.response)")
            #expect(try store.items(in: .name("Покупки")).map(\.name) == ["мёд", "молоко", "хлеб"])
            let last = try say(session, "поставь молоко последним в покупках")
            #expect(last.state == .completed, "\(last.response)")
            #expect(try store.items(in: .name("Покупки")).map(\.name).last == "молоко")
        }
        do {
            let (store, session) = try session("th", "เที่ยวทะเล", ["ครีมกันแดด", "แว่นกันแดด"], checked: "ครีมกันแดด")
            let turn = try say(session, "ลบอันที่ติ๊กแล้วในเที่ยวทะเลออกให้หมด")
            #expect(turn.intent == "DeleteTasks" && turn.state == .completed, "\(turn.response)")
            #expect(try store.items(in: .name("เที่ยวทะเล")).map(\.name) == ["แว่นกันแดด"])
            // "…ไปยัง": ticked yet? A question, answered, nothing checked off.
            let asked = try say(session, "ติ๊กแว่นกันแดดไปยัง")
            #expect(asked.intent == "SearchForNotebookItems" && asked.state == .completed, "\(asked.response)")
            #expect(try store.items(in: .name("เที่ยวทะเล")).allSatisfy { !$0.done })
        }
        do {
            let (store, session) = try session("fr", "Courses", ["lait"])
            _ = try say(session, "ajoute du sel aux courses")
            let turn = try say(session, "non en fait annule")
            #expect(turn.intent == "UndoChange", "\(turn.response)")
            #expect(try store.items(in: .name("Courses")).map(\.name) == ["lait"])
        }
        do {
            // "…하고 그다음에 …": two requests, the words between read with their particles split off.
            let (store, session) = try session("ko", "장보기", ["두부", "우유"])
            let turn = try say(session, "두부 체크하고 그다음에 장보기에 김치 추가해줘")
            #expect(turn.intent == "AddTasks" && turn.state == .completed, "\(turn.response)")
            #expect(try store.items(in: .name("장보기")).map { "\($0.name)\($0.done ? " ✓" : "")" } == ["두부 ✓", "우유", "김치"])
            #expect(try store.lists().count == 2)
        }
        do {
            let (store, session) = try session("zh-Hans", "购物清单", ["牛奶", "鸡蛋"])
            let turn = try say(session, "还剩什么没买")
            #expect(turn.intent == "SearchForNotebookItems", "\(turn.response)")
            #expect(try store.items(in: .name("购物清单")).allSatisfy { !$0.done })
        }
    }

    /// A fourth kind each: "completely" before the list (ru), "tout ce qui est dans" (fr), both
    /// emptying the list only after a yes; "plutôt" (fr) moves a thing the person has; what to
    /// add said first (th "นมใส่ซื้อของด้วยนะ"), with a list the person has.
    @Test("own phrasings: emptying a list completely asks first, “plutôt” moves, Thai items first")
    func emptyingMovingAndItemsFirst() throws {
        func session(_ locale: String, _ lists: [(String, [String])]) throws -> (ListStore, AssistantSession) {
            let store = try ListStore.inMemory()
            for (list, items) in lists { try store.createList(named: list, items: items) }
            let assistant = try Assistant.shared(locale)
            return (store, AssistantSession(assistant: assistant, store: store, source: "assistant",
                                            donations: DonationLog(store: store, timing: .now)))
        }
        for (locale, list, text, yes) in [("ru", "Аптека", "очисти полностью список аптека", "да"),
                                          ("fr", "Pharmacie", "enlève tout ce qui est dans pharmacie", "oui")] {
            let (store, session) = try session(locale, [(list, ["a1", "a2"]), ("Other", ["y"])])
            var conversation = Conversation()
            let asked = try session.receive(.utterance(text), in: &conversation)
            #expect(asked.intent == "DeleteTasks" && asked.state == .confirmation, "\(text): \(asked.response)")
            #expect(try store.items(in: .name(list)).count == 2)
            let done = try session.receive(.answer(yes), in: &conversation)
            #expect(done.state == .completed, "\(text): \(done.response)")
            #expect(try store.items(in: .name(list)).isEmpty)
            #expect(try store.items(in: .name("Other")).count == 1)
        }
        do {
            let (store, session) = try session("fr", [("Vacances", ["parasol", "crème"]), ("Bricolage", ["vis"])])
            var conversation = Conversation()
            let turn = try session.receive(.utterance("tu peux mettre le parasol dans bricolage plutôt"), in: &conversation)
            #expect(turn.intent == "MoveTasks" && turn.state == .completed, "\(turn.response)")
            #expect(try store.items(in: .name("Bricolage")).map(\.name) == ["vis", "parasol"])
            #expect(try store.items(in: .name("Vacances")).map(\.name) == ["crème"])
        }
        do {
            let (store, session) = try session("th", [("ซื้อของ", ["นม"]), ("ย้ายบ้าน", ["กล่อง"])])
            var conversation = Conversation()
            let turn = try session.receive(.utterance("ไข่กับขนมปังใส่ซื้อของด้วยนะ"), in: &conversation)
            #expect(turn.intent == "AddTasks" && turn.state == .completed, "\(turn.response)")
            #expect(try store.items(in: .name("ซื้อของ")).map(\.name) == ["นม", "ไข่", "ขนมปัง"])
            #expect(try store.lists().count == 2)
        }
    }
}
