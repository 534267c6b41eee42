import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// The assistant in Simplified Chinese, as a person would use it: requests typed without
/// spaces (and with them), a menu, a confirmation, a "did you mean", several items at once,
/// questions that change nothing, and bad input.
@Suite("The assistant in Simplified Chinese")
struct ZhHansConversationTests {
    let store: ListStore
    let session: AssistantSession

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "购物清单", items: ["牛奶", "鸡蛋"])
        try store.createList(named: "生日派对", items: ["蛋糕"])
        try store.createList(named: "生日礼物", items: ["贺卡"])
        try store.createList(named: "搬家", items: ["纸箱", "胶带"])
        session = AssistantSession(
            assistant: try Assistant.shared("zh-Hans"), store: store, source: "assistant",
            donations: DonationLog(store: store, timing: .now))
    }

    func items(_ list: String) throws -> [String] { try store.items(in: .name(list)).map(\.name) }

    func say(_ text: String, _ conversation: inout Conversation) throws -> Turn {
        try session.receive(.utterance(text), in: &conversation)
    }

    @Test func aWordThatBeginsOrEndsLikePaddingIsNeverCut() throws {
        var conversation = Conversation()
        #expect(try session.receive(.utterance("喂猫加到购物清单"), in: &conversation).state == .completed)
        conversation = Conversation()
        #expect(try session.receive(.utterance("行李箱加到搬家"), in: &conversation).state == .completed)
        conversation = Conversation()
        #expect(try session.receive(.utterance("请帮我把面包加到购物清单吧"), in: &conversation).state == .completed)
        #expect(try items("购物清单") == ["牛奶", "鸡蛋", "喂猫", "面包"])
        #expect(try items("搬家") == ["纸箱", "胶带", "行李箱"])
    }

    @Test("a new list with “里面加上 …”: the items whole, none beginning with 上")
    func newListWithItemsInside() throws {
        var conversation = Conversation()
        let made = try say("帮我建个野餐清单，里面加上三明治、水果和饮料", &conversation)
        #expect(made.intent == "CreateTaskList" && made.state == .completed, "\(made.response)")
        #expect(try items("野餐") == ["三明治", "水果", "饮料"])
    }

    @Test("“搬家里胶带打勾了吗”: asked about on the list said first, nothing changes")
    func checkedOnTheListSaidFirst() throws {
        try store.setDone(true, [.name("胶带")], in: .name("搬家"))
        var conversation = Conversation()
        let asked = try say("搬家里胶带打勾了吗", &conversation)
        #expect(asked.intent == "SearchForNotebookItems" && asked.state == .completed, "\(asked.response)")
        #expect(asked.parameters.first { $0.name == "title" }?.values.first?.contains("搬家") == true, "\(asked.parameters)")
        #expect(try store.items(in: .name("搬家")).filter(\.done).map(\.name) == ["胶带"])
    }

    @Test("several items at once, with or without spaces, each whole")
    func severalItems() throws {
        var conversation = Conversation()
        let added = try say("把酸奶、面包和苹果加到购物清单", &conversation)
        #expect(added.state == .completed)
        #expect(try items("购物清单") == ["牛奶", "鸡蛋", "酸奶", "面包", "苹果"])
        #expect(added.response.contains("已往购物清单加了3项"))
        conversation = Conversation()
        #expect(try say("往 搬家 里加 垃圾袋 剪刀", &conversation).state == .completed)
        #expect(try items("搬家") == ["纸箱", "胶带", "垃圾袋", "剪刀"])
        conversation = Conversation()
        #expect(try say("帮我在搬家清单里加上卷尺还有记号笔吧", &conversation).state == .completed)
        #expect(try items("搬家").suffix(2) == ["卷尺", "记号笔"])
        // 还 and 再 begin these items: no filler is cut from them.
        conversation = Conversation()
        #expect(try say("帮我把还信用卡和再生纸加到搬家", &conversation).state == .completed)
        #expect(try items("搬家").suffix(2) == ["还信用卡", "再生纸"])
    }

    @Test("a word in two list names is a menu; a pick does it")
    func menu() throws {
        var conversation = Conversation()
        let menu = try say("往生日清单里加气球", &conversation)
        #expect(menu.state == .disambiguation)
        #expect(menu.options == ["生日派对", "生日礼物"])
        #expect(menu.response == "气球要加到哪个清单：生日派对还是生日礼物？")
        let done = try session.receive(.pick(0), in: &conversation)
        #expect(done.state == .completed)
        #expect(try items("生日派对") == ["蛋糕", "气球"])
        #expect(try items("生日礼物") == ["贺卡"])
    }

    @Test("deleting a list asks first: no changes nothing, yes deletes it")
    func confirmation() throws {
        var conversation = Conversation()
        let asked = try say("删除搬家清单", &conversation)
        #expect(asked.state == .confirmation)
        #expect(asked.response == "确定删除搬家和上面的2项吗？")
        let refused = try say("不要", &conversation)
        #expect(refused.state != .completed)
        #expect(try store.lists().count == 4)
        conversation = Conversation()
        #expect(try say("把搬家这个清单删掉", &conversation).state == .confirmation)
        let deleted = try say("好的，删吧", &conversation)
        #expect(deleted.state == .completed)
        #expect(try store.lists().map(\.name) == ["购物清单", "生日派对", "生日礼物"])
    }

    @Test("a misspelt list name is a guess: asked, and done after a yes")
    func didYouMean() throws {
        var conversation = Conversation()
        let asked = try say("把面包加到购物清丹", &conversation)
        #expect(asked.state == .confirmation)
        #expect(asked.response == "你是说购物清单吗？")
        #expect(try items("购物清单") == ["牛奶", "鸡蛋"])
        let done = try say("是的", &conversation)
        #expect(done.state == .completed)
        #expect(try items("购物清单") == ["牛奶", "鸡蛋", "面包"])
    }

    @Test("questions get an answer and change nothing")
    func questions() throws {
        let before = try store.lists().map { try items($0.name) }
        for question in ["购物清单里有牛奶吗？", "我有没有把酱油加到购物清单里？", "胶带在哪个清单上", "购物清单还剩几样没买", "我有哪些清单"] {
            var conversation = Conversation()
            let turn = try say(question, &conversation)
            #expect(turn.state != .completed || turn.intent == "SearchForNotebookItems", "\(question): \(turn.response)")
        }
        var conversation = Conversation()
        #expect(try say("购物清单里有牛奶吗", &conversation).response.hasPrefix("有：牛奶在购物清单上"))
        #expect(try store.lists().map { try items($0.name) } == before)
    }

    @Test("a refusal, a request that is only filler, and a check-off by the item alone")
    func refusalsAndCheckOff() throws {
        var conversation = Conversation()
        #expect(try say("别把牛奶加到购物清单", &conversation).state == .notUnderstood)
        conversation = Conversation()
        #expect(try say("不要删掉胶带", &conversation).state == .notUnderstood)
        #expect(try items("购物清单") == ["牛奶", "鸡蛋"])
        #expect(try items("搬家") == ["纸箱", "胶带"])
        conversation = Conversation()
        #expect(try say("把牛奶勾掉", &conversation).state == .completed)
        #expect(try store.items(in: .name("购物清单")).first { $0.name == "牛奶" }?.done == true)
    }

    @Test("two requests in one sentence; a new list with a long name and its items")
    func twoRequestsAndANewList() throws {
        var conversation = Conversation()
        let turn = try say("把纸箱勾掉，然后往购物清单里加剪刀", &conversation)
        #expect(turn.state == .completed)
        // No space after a full-width stop.
        #expect(turn.response == "已把搬家上的纸箱勾掉。已把剪刀加到购物清单。")
        #expect(try store.items(in: .name("搬家")).first { $0.name == "纸箱" }?.done == true)
        #expect(try items("购物清单") == ["牛奶", "鸡蛋", "剪刀"])
        conversation = Conversation()
        #expect(try say("新建一个清单叫国庆节出游计划，里面有订酒店和买车票", &conversation).state == .completed)
        #expect(try items("国庆节出游计划") == ["订酒店", "买车票"])
        conversation = Conversation()
        // 上 inside a name is part of it, not the word said after a list's name.
        #expect(try say("创建一个上海旅行清单", &conversation).state == .completed)
        #expect(try store.lists().map(\.name).contains("上海旅行"))
    }

    @Test("把 with a word before the verb, 给…添上, 往…加一条：…, and 帮我记一下 said first")
    func addingConstructions() throws {
        for request in ["把酸奶也加进购物清单", "帮我把葡萄给我加到购物清单里去", "给购物清单添上抽纸",
                        "帮我记一下，购物清单里加香菜", "往搬家里加一条：预约电梯"] {
            var conversation = Conversation()
            #expect(try say(request, &conversation).state == .completed, "\(request)")
        }
        #expect(try items("购物清单") == ["牛奶", "鸡蛋", "酸奶", "葡萄", "抽纸", "香菜"])
        #expect(try items("搬家") == ["纸箱", "胶带", "预约电梯"])
        var conversation = Conversation()
        #expect(try say("帮我列个年货清单，有对联和瓜子", &conversation).state == .completed)
        #expect(try items("年货") == ["对联", "瓜子"])
    }

    @Test("the thing said first: done, not done, and a question that changes nothing")
    func thingSaidFirst() throws {
        var conversation = Conversation()
        #expect(try say("鸡蛋我已经买好了", &conversation).state == .completed)
        #expect(try store.items(in: .name("购物清单")).first { $0.name == "鸡蛋" }?.done == true)
        conversation = Conversation()
        #expect(try say("鸡蛋其实还没买，改回来", &conversation).state == .completed)
        #expect(try store.items(in: .name("购物清单")).first { $0.name == "鸡蛋" }?.done == false)
        let before = try store.lists().map { try items($0.name) }
        for question in ["剪刀是不是已经加到搬家清单了", "剪刀有没有加到搬家里", "帮我看看搬家还差什么"] {
            conversation = Conversation()
            let turn = try say(question, &conversation)
            #expect(turn.intent == "SearchForNotebookItems", "\(question): \(turn.response)")
        }
        #expect(try store.lists().map { try items($0.name) } == before)
    }

    @Test("bad input in Chinese text is answered and changes nothing")
    func badInput() throws {
        let before = try store.lists().map { try items($0.name) }
        for text in ["", "？？？", "、、、，，", "的的的的", "嗯……那个", "\u{200F}\u{200E}", "\u{202E}嗯",
                     "清单清单清单", String(repeating: "把牛奶加到购物清单", count: 300), "\u{0301}\u{0E48}", "\u{0}\u{1B}[2J", "把牛奶和\u{FFFD}\u{FFFD}"] {
            var conversation = Conversation(dryRun: false)
            let turn = try say(text, &conversation)
            #expect(turn.state != .completed || turn.intent == "SearchForNotebookItems", "\(text.prefix(20)): \(turn.response)")
            #expect(!turn.response.isEmpty)
        }
        #expect(try store.lists().map { try items($0.name) } == before)
        // Nothing between 把 and the verb (a zero-width space, Thai marks alone): what to add is asked.
        for text in ["把加到购物清单", "把\u{200B}加到购物清单", "把\u{200F}加到购物清单"] {
            var conversation = Conversation()
            let asked = try say(text, &conversation)
            #expect(asked.state == .needsValue, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(asked.response == "要往购物清单里加什么？")
        }
        #expect(try store.lists().map { try items($0.name) } == before)
    }

    @Test func aQuestionWordInTheMiddleAsksAndChangesNothing() throws {
        for text in ["胶带到底在哪个清单上", "我把牛奶放在哪个清单了", "鸡蛋是在哪个清单里", "搬家还有几件事没做", "还要买什么", "我买过牛奶了吗"] {
            var conversation = Conversation()
            let turn = try say(text, &conversation)
            #expect(turn.intent == "SearchForNotebookItems", "\(text)")
        }
        #expect(try items("购物清单") == ["牛奶", "鸡蛋"])
        #expect(try store.items(in: .name("购物清单")).filter(\.done).isEmpty)
    }

    @Test func whatToBringForAListShowsIt() throws {
        var conversation = Conversation()
        let shown = try say("搬家需要准备什么", &conversation)
        #expect(shown.state == .completed)
        #expect(shown.snippet?.items.map(\.name) == ["纸箱", "胶带"])
    }

    @Test func notingWhatToBuyAndANewListWithWhatGoesInIt() throws {
        var conversation = Conversation()
        let asked = try say("帮我记一下要买酱油", &conversation)
        #expect(asked.state != .completed)
        #expect(try say("购物清单", &conversation).state == .completed)
        #expect(try items("购物清单") == ["牛奶", "鸡蛋", "酱油"])
        conversation = Conversation()
        #expect(try say("建个露营清单，里面放帐篷和睡袋", &conversation).state == .completed)
        #expect(try items("露营") == ["帐篷", "睡袋"])
    }

    @Test("quantities and measure words stay with the thing; fillers around a request are padding")
    func quantitiesAndFillers() throws {
        var conversation = Conversation()
        for text in ["帮我在购物清单里加两斤苹果", "购物清单里再来两瓶可乐", "小助手，帮我把酸奶加到购物清单，谢啦"] {
            conversation = Conversation()
            #expect(try say(text, &conversation).state == .completed, "\(text)")
        }
        #expect(try items("购物清单") == ["牛奶", "鸡蛋", "两斤苹果", "两瓶可乐", "酸奶"])
        conversation = Conversation()
        #expect(try say("算了，撤销吧", &conversation).intent == "UndoChange")
    }

    @Test("noting what to buy adds the thing; asking whether it was noted changes nothing")
    func notedOrAskedWhetherNoted() throws {
        var conversation = Conversation()
        let noted = try say("记一下买面包", &conversation)
        #expect(noted.intent == "AddTasks")
        #expect(noted.parameters.first { $0.name == "taskTitles" }?.values == ["面包"])
        for text in ["我记了买电池没有", "我们有没有加过胶带", "我的购物清单是什么"] {
            conversation = Conversation()
            let turn = try say(text, &conversation)
            #expect(turn.intent == "SearchForNotebookItems", "\(text)")
        }
        #expect(try items("购物清单") == ["牛奶", "鸡蛋"])
        #expect(try items("搬家") == ["纸箱", "胶带"])
    }

    func everything() throws -> [[String]] { try store.lists().map { list in try store.items(in: .id(list.id)).map { "\($0.name)\($0.done ? " ✓" : "")" } } }

    func once(_ text: String) throws -> Turn {
        var conversation = Conversation()
        return try say(text, &conversation)
    }

    @Test("asked whether something is done: 有 when checked off, 还没有 when not, none when on no list", arguments: [
        ("鸡蛋买了吗", "有：鸡蛋在购物清单上，已勾掉。"),
        ("鸡蛋买了没有", "有：鸡蛋在购物清单上，已勾掉。"),
        ("牛奶买了吗", "还没有：牛奶在购物清单上，还没勾掉。"),
        ("纸箱买好了没", "还没有：纸箱在搬家上，还没勾掉。"),
        ("防晒霜带了没", "没有，你的清单上都没有防晒霜。"),
    ])
    func doneQuestions(text: String, answer: String) throws {
        try store.setDone(true, [.name("鸡蛋")], in: .name("购物清单"))
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text)")
        #expect(turn.response == answer, "\(text)")
        #expect(try everything() == before)
    }

    @Test("the item at a place, with or without spaces: answered with it, or removed and checked off by it")
    func itemAtAPlace() throws {
        #expect(try once("购物清单的最后一项是什么").response == "购物清单的第2项（共2项）：鸡蛋。")
        #expect(try once("购物清单上 第一个 是啥").response == "购物清单的第1项（共2项）：牛奶。")
        #expect(try once("把搬家清单的第一项勾掉").state == .completed)
        #expect(try store.items(in: .name("搬家")).filter(\.done).map(\.name) == ["纸箱"])
        #expect(try once("删掉购物清单的第二项").state == .completed)
        #expect(try items("购物清单") == ["牛奶"])
    }

    @Test("deleting every list: one at a time, the lists counted and offered, nothing deleted", arguments: [
        "把所有清单都删了", "删除所有清单", "清单全部删掉",
    ])
    func deletingEveryList(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "DeleteTaskList", "\(text)")
        #expect(turn.response.hasPrefix("我一次只删一个清单，而且会先问你。你有4个清单："), "\(turn.response)")
        #expect(turn.options.count == 4)
        #expect(try store.lists().count == 4)
    }

    @Test("undo said in other words takes back the newest change", arguments: ["把刚才的操作撤销掉", "刚才那步不算"])
    func undoInOtherWords(text: String) throws {
        #expect(try once("往搬家清单加个剪刀").state == .completed)
        let undone = try once(text)
        #expect(undone.intent == "UndoChange", "\(text)")
        #expect(try items("搬家") == ["纸箱", "胶带"], "\(text)")
    }

    @Test func aMissingListOnAnAddIsOfferedAndRemovingWhatIsNotThereIsAsked() throws {
        let offer = try once("把铅笔加到学校清单")
        #expect(offer.state == .confirmation, "\(offer.response)")
        #expect(offer.response == "还没有学校这个清单。要新建它并加上铅笔吗？")
        #expect(try store.lists().count == 4)
        // Chinese has no absentNote: the thing may be on another list, and which one is asked.
        let asked = try once("把蛋糕从购物清单删掉")
        #expect(asked.state == .unsupported)
        #expect(asked.response == "购物清单上没有“蛋糕”。是哪一项？")
        #expect(try items("购物清单") == ["牛奶", "鸡蛋"])
        #expect(try items("生日派对") == ["蛋糕"])
    }

    @Test("a guess with no item asks which list with no gap, then the item, and asks once more before a change")
    func aGuessWithNoItemAsksWithoutAGap() throws {
        var conversation = Conversation()
        let asked = try say("勾掉", &conversation)
        #expect(asked.state == .needsValue)
        #expect(asked.response == "哪个清单？")
        let item = try say("购物清单", &conversation)
        #expect(item.state == .needsValue)
        #expect(!item.response.isEmpty && !item.response.contains("  "))
        #expect(try say("牛奶", &conversation).state == .confirmation)
        #expect(try say("对", &conversation).state == .completed)
        #expect(try store.items(in: .name("购物清单")).filter(\.done).map(\.name) == ["牛奶"])
    }
}
