import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Everyday phrasings in each language beyond its corpus lines (registers, word orders, the
/// object particle left out, the list said first, redo in other words), each read as a dry
/// run over the language's corpus fixture: the intent, the state, and the values.
@Suite("Phrasings of our own in every language")
struct OwnPhrasingInEveryLanguageTests {
    struct Phrasing: CustomTestStringConvertible, Sendable {
        let locale: String
        let text: String
        /// "Intent state" and the values the scorer reads: "list: a, b" (list then items).
        let expected: String
        init(_ locale: String, _ text: String, _ expected: String) {
            (self.locale, self.text, self.expected) = (locale, text, expected)
        }
        var testDescription: String { "\(locale): \(text)" }
    }

    static let phrasings: [Phrasing] = [
        // French: a partitive after "et" is an item, not a list things move from; deleting
        // "la liste des courses"; undone undone.
        Phrasing("fr", "mets du lait et des œufs dans les courses", "AddTasks ready Courses: lait, œufs"),
        Phrasing("fr", "mets du lait, des œufs et du pain dans les courses", "AddTasks ready Courses: lait, œufs, pain"),
        Phrasing("fr", "passe du beurre et des piles aux courses", "AddTasks ready Courses: beurre, piles"),
        Phrasing("fr", "passe les piles de Courses à Bricolage", "MoveTasks ready Bricolage: piles"),
        Phrasing("fr", "supprime la liste des courses", "DeleteTaskList confirmation Courses:"),
        Phrasing("fr", "remets le pain en non fait", "SetTaskAttribute ready Courses: pain"),
        Phrasing("fr", "remets ce que tu viens d'annuler", "RedoChange ready :"),
        Phrasing("fr", "refais la dernière action", "RedoChange ready :"),
        // Russian: a list no longer needed; an item no longer needed; "есть у меня …?".
        Phrasing("ru", "список аптека больше не нужен", "DeleteTaskList confirmation Аптека:"),
        Phrasing("ru", "мне больше не нужна аптека", "DeleteTaskList confirmation Аптека:"),
        Phrasing("ru", "молоко больше не нужно", "DeleteTasks ready Покупки: молоко"),
        Phrasing("ru", "хлеб мне уже не нужен", "DeleteTasks ready Покупки: хлеб"),
        Phrasing("ru", "есть у меня хлеб", "SearchForNotebookItems ready :"),
        Phrasing("ru", "выполни весь список покупок", "SetTaskAttribute ready Покупки: all"),
        Phrasing("ru", "хлеб записан?", "SearchForNotebookItems ready :"),
        Phrasing("ru", "не забыл ли я про хлеб", "SearchForNotebookItems ready :"),
        Phrasing("ru", "создай список Рыбалка и добавь в него удочку и червей", "CreateTaskList ready Рыбалка: удочку, червей"),
        Phrasing("ru", "создай список Рыбалка, добавь удочку", "CreateTaskList ready Рыбалка: удочку"),
        // Chinese: the verb first then the list's thing; everything on a list; a name after a colon; redo.
        Phrasing("zh-Hans", "勾掉购物清单上的牛奶", "SetTaskAttribute ready 购物清单: 牛奶"),
        Phrasing("zh-Hans", "划掉购物清单里的面包", "SetTaskAttribute ready 购物清单: 面包"),
        Phrasing("zh-Hans", "删除购物清单里所有项目", "DeleteTasks confirmation 购物清单: all"),
        Phrasing("zh-Hans", "清空购物清单里的所有东西", "DeleteTasks confirmation 购物清单: all"),
        Phrasing("zh-Hans", "建个清单：周末", "CreateTaskList ready 周末:"),
        Phrasing("zh-Hans", "把刚才撤销的恢复", "RedoChange ready :"),
        Phrasing("zh-Hans", "交水电费搞定了", "SetTaskAttribute ready 待办事项: 交水电费"),
        // Korean: the object particle left out; everything on a list; a place without a verb;
        // a list no longer needed; a new list's name between "새 리스트" and the verb.
        Phrasing("ko", "김치 장보기에 추가해 줘", "AddTasks ready 장보기: 김치"),
        Phrasing("ko", "김치하고 사과 장보기에 추가", "AddTasks ready 장보기: 김치, 사과"),
        Phrasing("ko", "장보기 다 지워 줘", "DeleteTasks confirmation 장보기: all"),
        Phrasing("ko", "장보기에 있는 거 다 지워", "DeleteTasks confirmation 장보기: all"),
        Phrasing("ko", "우유 다 지워", "DeleteTasks ready 장보기: 우유"),
        Phrasing("ko", "우유 맨 위로 올려 줘", "MoveTaskToPosition ready 장보기:"),
        Phrasing("ko", "장보기에서 우유 맨 위로", "MoveTaskToPosition ready 장보기:"),
        Phrasing("ko", "우유를 두 번째로", "MoveTaskToPosition ready 장보기:"),
        Phrasing("ko", "장보기 두부 맨 위로", "MoveTaskToPosition ready 장보기:"),
        Phrasing("ko", "라면을 장보기 맨 앞으로", "MoveTaskToPosition ready 장보기:"),
        Phrasing("ko", "장보기에서 두부를 제일 위에 놔 줘", "MoveTaskToPosition ready 장보기:"),
        Phrasing("ko", "두부 맨 끝으로 보내", "MoveTaskToPosition ready 장보기:"),
        Phrasing("ko", "두부를 1번으로", "MoveTaskToPosition ready 장보기:"),
        Phrasing("ko", "장보기 리스트 필요 없어", "DeleteTaskList confirmation 장보기:"),
        Phrasing("ko", "새 리스트 캠핑 만들어 줘", "CreateTaskList ready 캠핑:"),
        Phrasing("ko", "관리비 내기 다 했어", "SetTaskAttribute ready 할 일: 관리비 내기"),
        // Thai: "clear" empties (a menu), never finishes; everything off with ออก after the
        // list; the list first; redo said with อีกที; an item said done with เรียบร้อย.
        Phrasing("th", "เคลียร์ลิสต์ซื้อของ", "DeleteTasks disambiguation ซื้อของ: clear"),
        Phrasing("th", "ลบทุกรายการในลิสต์ซื้อของออก", "DeleteTasks confirmation ซื้อของ: all"),
        Phrasing("th", "ซื้อของลบให้หมดเลย", "DeleteTasks confirmation ซื้อของ: all"),
        Phrasing("th", "ทำซ้ำอีกที", "RedoChange ready :"),
        Phrasing("th", "ย้อนกลับการเลิกทำ", "RedoChange ready :"),
        Phrasing("th", "นมเรียบร้อย", "SetTaskAttribute ready ซื้อของ: นม"),
        Phrasing("th", "ลบของในลิสต์ซื้อของทั้งหมด", "DeleteTasks confirmation ซื้อของ: all"),
        Phrasing("th", "เอาของออกจากซื้อของให้หมด", "DeleteTasks confirmation ซื้อของ: all"),
        Phrasing("th", "ลบของทุกชิ้นในซื้อของ", "DeleteTasks confirmation ซื้อของ: all"),
        Phrasing("th", "ติ๊กว่าซื้อนมแล้ว", "SetTaskAttribute ready ซื้อของ: นม"),
        Phrasing("th", "ทำซ้ำสิ่งที่เพิ่งยกเลิก", "RedoChange ready :"),
        Phrasing("th", "มีฟีเจอร์อะไรบ้าง", "Help ready :"),
        Phrasing("th", "จ่ายค่าไฟเสร็จแล้ว", "SetTaskAttribute ready สิ่งที่ต้องทำ: จ่ายค่าไฟ"),
    ]

    @Test(arguments: phrasings)
    func readAsMeant(phrasing: Phrasing) throws {
        let folder = CorpusTests.corpusDirectory.appendingPathComponent(phrasing.locale)
        let store = try ListStore.inMemory()
        try store.importDocument(try Interchange.decode(try Data(contentsOf: folder.appendingPathComponent("fixture.json")), format: .json))
        let assistant = try Assistant.shared(phrasing.locale)
        var conversation = Conversation(dryRun: true)
        let turn = conversation.receive(.utterance(phrasing.text), engine: assistant.engine, domain: try assistant.domain(store))
        let values = Dictionary(turn.parameters.map { ($0.name, $0.values) }) { first, _ in first }
        let list = CorpusTests.listParameters.lazy.compactMap { values[$0]?.first }.first ?? ""
        let items = CorpusTests.taskParameters.lazy.compactMap { values[$0] }.first { !$0.isEmpty } ?? []
        let said = "\(turn.intent ?? "-") \(turn.state) \(list): \(items.joined(separator: ", "))"
        #expect(said.trimmingCharacters(in: .whitespaces) == phrasing.expected, "\(turn.response)")
    }
}
