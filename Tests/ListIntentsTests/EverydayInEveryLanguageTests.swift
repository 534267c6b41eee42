import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// What English does every day, in each of the other languages, over the session the CLI, the
/// TUI and the MCP server share: a list "finished" checks everything off only after a yes;
/// making a list the person already has asks what to add to it, or adds what was said and
/// says the list was there; checking off a thing the list lacks offers its open items.
@Suite("Everyday requests in every language")
struct EverydayInEveryLanguageTests {
    /// One language's words for the same small store: a list of three open items and one
    /// checked, and a second list.
    struct Speaker: CustomTestStringConvertible, Sendable {
        let locale: String
        let list: String
        let items: [String]
        /// A fourth item, checked off.
        let checked: String
        let other: String
        /// Ways of saying the list is finished; each asks `finishPrompt` first.
        let finished: [String]
        let finishPrompt: String
        let yes: String
        /// Making the list that is there: asked what to add, then `answer` is added.
        let make: String
        let makePrompt: String
        let answer: String
        let answered: String
        /// Making it with an item: added, and said so.
        let makeWith: String
        let madeWith: String
        let madeItem: String
        /// Checking off a thing the list lacks: a menu of its open items.
        let checkMissing: String
        let menuPrompt: String
        var testDescription: String { locale }
    }

    static let speakers: [Speaker] = [
        Speaker(
            locale: "fr", list: "Courses", items: ["lait", "pain", "beurre"], checked: "œufs", other: "Bricolage",
            finished: ["termine la liste des courses", "j'ai fini les courses", "on a fini la liste des courses",
                       "j'en ai fini avec les courses", "les courses c'est terminé", "finis les courses s'il te plaît"],
            finishPrompt: "Tout cocher sur Courses (4 éléments) ?", yes: "oui",
            make: "crée une liste courses", makePrompt: "Vous avez déjà une liste Courses. Que dois-je y ajouter ?",
            answer: "des tomates et du fromage",
            answered: "Vous aviez déjà une liste Courses. 2 éléments ajoutés à Courses : « tomates » et « fromage ».",
            makeWith: "fais une liste Courses avec de la farine",
            madeWith: "Vous aviez déjà une liste Courses. farine ajouté à Courses.", madeItem: "farine",
            checkMissing: "coche le champagne sur la liste des courses",
            menuPrompt: "Courses n'a pas d'élément « champagne ». Lequel dois-je cocher : lait, pain ou beurre ?"),
        Speaker(
            locale: "ru", list: "Покупки", items: ["молоко", "хлеб", "гречка"], checked: "яйца", other: "Дача",
            finished: ["закончи список покупок", "я закончил с покупками", "мы закончили с покупками",
                       "с покупками всё", "список покупок выполнен", "заверши покупки пожалуйста"],
            finishPrompt: "Отметить все 4 пункта в списке Покупки?", yes: "да",
            make: "создай список покупок", makePrompt: "Список Покупки у вас уже есть. Что в него добавить?",
            answer: "сыр и масло", answered: "Список Покупки у вас уже был. Добавил в список Покупки 2 пункта: «сыр» и «масло».",
            makeWith: "заведи список Покупки, в нём кефир",
            madeWith: "Список Покупки у вас уже был. Добавил кефир в список Покупки.", madeItem: "кефир",
            checkMissing: "отметь шампанское в покупках",
            menuPrompt: "В списке Покупки нет пункта «шампанское». Какой отметить: молоко, хлеб или гречка?"),
        Speaker(
            locale: "zh-Hans", list: "购物清单", items: ["牛奶", "面包", "酱油"], checked: "鸡蛋", other: "搬家",
            finished: ["购物清单完成了", "完成购物清单", "购物清单买完了", "我买完了购物清单", "把购物清单搞定了", "购物清单的东西都搞定了"],
            finishPrompt: "要把购物清单上的全部4项都勾掉吗？", yes: "是",
            make: "新建购物清单", makePrompt: "购物清单已经有了，要往里面加点什么？",
            answer: "苹果和香蕉", answered: "购物清单本来就有。已往购物清单加了2项：“苹果”和“香蕉”。",
            makeWith: "建一个购物清单，加上酸奶", madeWith: "购物清单本来就有。已把酸奶加到购物清单。", madeItem: "酸奶",
            checkMissing: "把购物清单上的啤酒勾掉",
            menuPrompt: "购物清单上没有“啤酒”。要勾掉哪一项：牛奶、面包还是酱油？"),
        Speaker(
            locale: "ko", list: "장보기", items: ["우유", "대파", "두부"], checked: "계란", other: "약국",
            finished: ["장보기 다 했어", "장보기 끝났어", "장보기 완료", "장보기 리스트 끝", "장보기를 끝냈어", "장보기 끝내 줘"],
            finishPrompt: "장보기의 항목 4개 전부 체크할까요?", yes: "네",
            make: "장보기 리스트 만들어 줘", makePrompt: "장보기 리스트가 이미 있어요. 뭘 추가할까요?",
            answer: "사과하고 배", answered: "장보기 리스트는 이미 있었어요. 장보기에 2개 추가했어요: “사과” 및 “배”.",
            makeWith: "장보기 리스트 만들고 김치 넣어 줘",
            madeWith: "장보기 리스트는 이미 있었어요. 장보기에 추가했어요: 김치.", madeItem: "김치",
            checkMissing: "장보기에서 맥주 체크해 줘",
            menuPrompt: "장보기에 “맥주” 항목이 없어요. 어느 항목을 체크할까요: 우유, 대파 또는 두부?"),
        Speaker(
            locale: "th", list: "ซื้อของ", items: ["นม", "ขนมปัง", "น้ำปลา"], checked: "ไข่ไก่", other: "ย้ายบ้าน",
            finished: ["ซื้อของเสร็จแล้ว", "ลิสต์ซื้อของเสร็จแล้ว", "ในซื้อของซื้อครบแล้ว", "ซื้อของเรียบร้อยแล้วนะ",
                       "จัดการลิสต์ซื้อของเสร็จแล้ว"],
            finishPrompt: "ติ๊กทั้ง 4 รายการใน ซื้อของ ว่าเสร็จแล้วใช่ไหม", yes: "ใช่",
            make: "สร้างลิสต์ซื้อของ", makePrompt: "มีลิสต์ ซื้อของ อยู่แล้ว จะให้เพิ่มอะไรลงไป",
            answer: "ไข่ กับ น้ำตาล", answered: "มีลิสต์ ซื้อของ อยู่แล้ว เพิ่ม 2 รายการลงใน ซื้อของ แล้ว: “ไข่” และ“น้ำตาล”",
            makeWith: "สร้างลิสต์ซื้อของ ใส่น้ำตาลด้วย", madeWith: "มีลิสต์ ซื้อของ อยู่แล้ว เพิ่ม น้ำตาล ลงใน ซื้อของ แล้ว",
            madeItem: "น้ำตาล",
            checkMissing: "ติ๊กเบียร์ในซื้อของ", menuPrompt: "ใน ซื้อของ ไม่มี “เบียร์” จะให้ติ๊กอันไหน: นม ขนมปัง หรือ น้ำปลา"),
    ]

    struct Setup {
        let store: ListStore
        let session: AssistantSession

        init(_ speaker: Speaker) throws {
            store = try ListStore.inMemory()
            try store.createList(named: speaker.list, items: speaker.items + [speaker.checked])
            try store.setDone(true, [.name(speaker.checked)], in: .name(speaker.list))
            try store.createList(named: speaker.other, items: ["x"])
            let assistant = try Assistant(locale: speaker.locale, userIntentsDirectory: nil)
            session = AssistantSession(assistant: assistant, store: store, source: "assistant",
                                       donations: DonationLog(store: store, timing: .now))
        }

        func everything() throws -> [String] {
            try store.lists().flatMap { list in
                try store.items(in: .id(list.id)).map { "\(list.name): \($0.name)\($0.done ? " ✓" : "")" }
            }
        }

        func say(_ text: String, _ conversation: inout Conversation) throws -> Turn {
            try session.receive(.utterance(text), in: &conversation)
        }
    }

    @Test("a list said finished asks first; no changes nothing, yes checks every item off", arguments: speakers)
    func finishingAListAsksFirst(speaker: Speaker) throws {
        let setup = try Setup(speaker)
        let before = try setup.everything()
        for text in speaker.finished {
            var conversation = Conversation()
            let asked = try setup.say(text, &conversation)
            #expect(asked.intent == "SetTaskAttribute" && asked.state == .confirmation, "\(text): \(asked.response)")
            #expect(asked.response == speaker.finishPrompt, "\(text)")
            #expect(try setup.everything() == before, "\(text)")
            let refused = try setup.session.receive(.no, in: &conversation)
            #expect(refused.state != .completed, "\(text): \(refused.response)")
            #expect(try setup.everything() == before, "\(text)")
        }
        var conversation = Conversation()
        _ = try setup.say(speaker.finished[0], &conversation)
        let done = try setup.session.receive(.answer(speaker.yes), in: &conversation)
        #expect(done.state == .completed, "\(done.response)")
        #expect(try setup.store.items(in: .name(speaker.list)).allSatisfy(\.done))
        #expect(try setup.store.items(in: .name(speaker.other)).allSatisfy { !$0.done })
    }

    @Test("making a list that is there asks what to add to it, then adds it there; no second list", arguments: speakers)
    func makingAnExistingListAsksWhatToAdd(speaker: Speaker) throws {
        let setup = try Setup(speaker)
        var conversation = Conversation()
        let asked = try setup.say(speaker.make, &conversation)
        #expect(asked.state == .needsValue, "\(asked.response)")
        #expect(asked.response == speaker.makePrompt)
        #expect(try setup.store.lists().count == 2)
        let added = try setup.session.receive(.answer(speaker.answer), in: &conversation)
        #expect(added.state == .completed, "\(added.response)")
        #expect(added.response == speaker.answered)
        #expect(try setup.store.lists().count == 2)
        #expect(try setup.store.items(in: .name(speaker.list)).count == 6)
    }

    @Test("making a list that is there with an item adds the item and says the list was there", arguments: speakers)
    func makingAnExistingListWithAnItemAddsIt(speaker: Speaker) throws {
        let setup = try Setup(speaker)
        var conversation = Conversation()
        let turn = try setup.say(speaker.makeWith, &conversation)
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(turn.response == speaker.madeWith)
        #expect(try setup.store.lists().count == 2)
        #expect(try setup.store.items(in: .name(speaker.list)).map(\.name).last == speaker.madeItem)
    }

    @Test("checking off a thing the list lacks offers its open items; a pick checks that one off", arguments: speakers)
    func checkingOffAMissingThingOffersTheOpenItems(speaker: Speaker) throws {
        let setup = try Setup(speaker)
        let before = try setup.everything()
        var conversation = Conversation()
        let menu = try setup.say(speaker.checkMissing, &conversation)
        #expect(menu.state == .disambiguation, "\(menu.response)")
        #expect(menu.options == speaker.items)
        #expect(menu.response == speaker.menuPrompt)
        #expect(try setup.everything() == before)
        let done = try setup.session.receive(.pick(1), in: &conversation)
        #expect(done.state == .completed, "\(done.response)")
        #expect(try setup.store.items(in: .name(speaker.list)).filter(\.done).map(\.name) == [speaker.items[1], speaker.checked])
    }
}
