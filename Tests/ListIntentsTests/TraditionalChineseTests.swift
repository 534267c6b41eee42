import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Traditional characters typed to the Chinese assistant (a person in Taiwan or Hong Kong):
/// understood as the simplified templates say, lists found whichever form they are named in,
/// values kept as typed; and the language's table of characters checked against ICU.
@Suite("The Chinese assistant reads traditional characters")
struct TraditionalChineseTests {
    let store: ListStore
    let session: AssistantSession

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "购物清单", items: ["牛奶", "鸡蛋"])
        try store.createList(named: "搬家", items: ["纸箱"])
        try store.createList(named: "露營裝備", items: ["帳篷"])
        session = AssistantSession(
            assistant: try Assistant.shared("zh-Hans"), store: store, source: "assistant",
            donations: DonationLog(store: store, timing: .now))
    }

    func items(_ list: String) throws -> [String] { try store.items(in: .name(list)).map(\.name) }

    func say(_ text: String, _ conversation: inout Conversation) throws -> Turn {
        try session.receive(.utterance(text), in: &conversation)
    }

    @Test("a request in traditional characters finds the simplified list and keeps the item as typed")
    func requestsInTraditional() throws {
        var conversation = Conversation()
        let shown = try say("打開購物清單", &conversation)
        #expect(shown.state == .completed)
        #expect(shown.intent == "SearchForNotebookItems")
        #expect(shown.response.hasPrefix("购物清单"))
        conversation = Conversation()
        let added = try say("幫我把麵包和蘋果加到購物清單裡", &conversation)
        #expect(added.state == .completed)
        #expect(try items("购物清单") == ["牛奶", "鸡蛋", "麵包", "蘋果"])
        conversation = Conversation()
        #expect(try say("雞蛋買好了", &conversation).state == .completed)
        #expect(try store.items(in: .name("购物清单")).first { $0.name == "鸡蛋" }?.done == true)
    }

    @Test("a list named in traditional characters is found from simplified ones, and the other way")
    func listNamedInTraditional() throws {
        var conversation = Conversation()
        #expect(try say("往露营装备里加上睡袋", &conversation).state == .completed)
        #expect(try items("露營裝備") == ["帳篷", "睡袋"])
        conversation = Conversation()
        #expect(try say("把帐篷勾掉", &conversation).state == .completed)
        #expect(try store.items(in: .name("露營裝備")).first { $0.name == "帳篷" }?.done == true)
    }

    @Test("answers in traditional characters: a yes deletes, a question changes nothing")
    func answersAndQuestions() throws {
        var conversation = Conversation()
        #expect(try say("刪除搬家清單", &conversation).state == .confirmation)
        #expect(try say("確定", &conversation).state == .completed)
        #expect(try store.lists().map(\.name) == ["购物清单", "露營裝備"])
        let before = try store.lists().map { try items($0.name) }
        for question in ["購物清單裡有牛奶嗎？", "我有沒有把醬油加到購物清單裡？"] {
            conversation = Conversation()
            let turn = try say(question, &conversation)
            #expect(turn.state != .completed || turn.intent == "SearchForNotebookItems", "\(question): \(turn.response)")
        }
        #expect(try store.lists().map { try items($0.name) } == before)
    }

    @Test("every pair of the table is what ICU's Hant-Hans transform makes of its character")
    func tableAgreesWithICU() throws {
        let fold = try Assistant.shared("zh-Hans").engine.language.nameRules.characterFold
        let pairs = fold.pairs.split(separator: " ")
        #expect(pairs.count > 3_000)
        let disagreeing = pairs.filter { pair in
            let scalars = Array(pair.unicodeScalars)
            return String(scalars[0]).applyingTransform(StringTransform("Hant-Hans"), reverse: false) != String(scalars[1])
        }
        #expect(disagreeing.isEmpty, "\(disagreeing.prefix(10))")
    }

    @Test("no word of the Chinese language data is a character the table folds")
    func dataIsSimplified() throws {
        let resources = try Assistant.checkoutResourcesDirectory ?? Assistant.resourcesDirectory()
        let fold = try Assistant.shared("zh-Hans").engine.language.nameRules.characterFold
        let files = ["zh-Hans/language.yaml", "zh-Hans/classifier.yaml", "intents/CopyList.yaml", "intents/ResetList.yaml"]
        for file in files {
            let text = try String(contentsOf: resources.appendingPathComponent(file), encoding: .utf8)
            // The table itself, and comments, may hold traditional characters.
            let data = text.components(separatedBy: "\nfold_characters:")[0].split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }.joined(separator: "\n")
            let folded = data.unicodeScalars.filter { fold.fold($0) != $0 }
            #expect(folded.isEmpty, "\(file): \(String(String.UnicodeScalarView(folded.prefix(20))))")
        }
    }
}
