import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Everyday requests in each of the other languages, over the session the CLI, the TUI and the
/// MCP server share: a list "finished" checks everything off only after a yes, as in English.
/// Making a list the person already has, and checking off a thing the list lacks, are said so
/// and change nothing: what each language's corpus asks for (English, tuned on other corpora,
/// asks what to add and offers the open items instead).
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
        /// Making the list that is there, without and with an item: "there is already a list …".
        let make: String
        let makeWith: String
        /// Checking off a thing the list lacks: "… has no such item".
        let checkMissing: String
        var testDescription: String { locale }
    }

    static let speakers: [Speaker] = [
        Speaker(
            locale: "fr", list: "Courses", items: ["lait", "pain", "beurre"], checked: "œufs", other: "Bricolage",
            finished: ["termine la liste des courses", "j'ai fini les courses", "on a fini la liste des courses",
                       "j'en ai fini avec les courses", "les courses c'est terminé", "finis les courses s'il te plaît"],
            finishPrompt: "Tout cocher sur Courses (4 éléments) ?", yes: "oui",
            make: "crée une liste courses",
            makeWith: "fais une liste Courses avec de la farine",
            checkMissing: "coche le champagne sur la liste des courses"),
        Speaker(
            locale: "ru", list: "Покупки", items: ["молоко", "хлеб", "гречка"], checked: "яйца", other: "Дача",
            finished: ["закончи список покупок", "я закончил с покупками", "мы закончили с покупками",
                       "с покупками всё", "список покупок выполнен", "заверши покупки пожалуйста"],
            finishPrompt: "Отметить все 4 пункта в списке Покупки?", yes: "да",
            make: "создай список покупок",
            makeWith: "заведи список Покупки, в нём кефир",
            checkMissing: "отметь шампанское в покупках"),
        Speaker(
            locale: "zh-Hans", list: "购物清单", items: ["牛奶", "面包", "酱油"], checked: "鸡蛋", other: "搬家",
            finished: ["购物清单完成了", "完成购物清单", "购物清单买完了", "我买完了购物清单", "把购物清单搞定了", "购物清单的东西都搞定了"],
            finishPrompt: "要把购物清单上的全部4项都勾掉吗？", yes: "是",
            make: "新建购物清单",
            makeWith: "建一个购物清单，加上酸奶",
            checkMissing: "把购物清单上的啤酒勾掉"),
        Speaker(
            locale: "ko", list: "장보기", items: ["우유", "대파", "두부"], checked: "계란", other: "약국",
            finished: ["장보기 다 했어", "장보기 끝났어", "장보기 완료", "장보기 리스트 끝", "장보기를 끝냈어", "장보기 끝내 줘"],
            finishPrompt: "장보기의 항목 4개 전부 체크할까요?", yes: "네",
            make: "장보기 리스트 만들어 줘",
            makeWith: "장보기 리스트 만들고 김치 넣어 줘",
            checkMissing: "장보기에서 맥주 체크해 줘"),
        Speaker(
            locale: "th", list: "ซื้อของ", items: ["นม", "ขนมปัง", "น้ำปลา"], checked: "ไข่ไก่", other: "ย้ายบ้าน",
            finished: ["ซื้อของเสร็จแล้ว", "ลิสต์ซื้อของเสร็จแล้ว", "ในซื้อของซื้อครบแล้ว", "ซื้อของเรียบร้อยแล้วนะ",
                       "จัดการลิสต์ซื้อของเสร็จแล้ว"],
            finishPrompt: "ติ๊กทั้ง 4 รายการใน ซื้อของ ว่าเสร็จแล้วใช่ไหม", yes: "ใช่",
            make: "สร้างลิสต์ซื้อของ",
            makeWith: "สร้างลิสต์ซื้อของ ใส่น้ำตาลด้วย",
            checkMissing: "ติ๊กเบียร์ในซื้อของ"),
    ]

    struct Setup {
        let store: ListStore
        let session: AssistantSession

        init(_ speaker: Speaker) throws {
            store = try ListStore.inMemory()
            try store.createList(named: speaker.list, items: speaker.items + [speaker.checked])
            try store.setDone(true, [.name(speaker.checked)], in: .name(speaker.list))
            try store.createList(named: speaker.other, items: ["x"])
            let assistant = try Assistant.shared(speaker.locale)
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

    @Test("making a list that is there, with or without an item, says so and makes no second list", arguments: speakers)
    func makingAnExistingListIsSaidSo(speaker: Speaker) throws {
        let setup = try Setup(speaker)
        let before = try setup.everything()
        for text in [speaker.make, speaker.makeWith] {
            var conversation = Conversation()
            let turn = try setup.say(text, &conversation)
            #expect(turn.intent == "CreateTaskList" && turn.state == .unsupported, "\(text): \(turn.response)")
            #expect(turn.response.contains(speaker.list), "\(text): \(turn.response)")
            #expect(try setup.everything() == before, "\(text)")
        }
    }

    @Test("checking off a thing the list lacks says so and checks nothing off", arguments: speakers)
    func checkingOffAMissingThingIsSaidSo(speaker: Speaker) throws {
        let setup = try Setup(speaker)
        let before = try setup.everything()
        var conversation = Conversation()
        let turn = try setup.say(speaker.checkMissing, &conversation)
        #expect(turn.intent == "SetTaskAttribute" && turn.state == .unsupported, "\(turn.response)")
        #expect(turn.options.isEmpty)
        #expect(try setup.everything() == before)
    }
}
