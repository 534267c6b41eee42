import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// A list with one item, in every language: "all 1 are checked off" is no sentence anyone
/// says, so each language says "its only item" in its own words (a `=1` form), and still
/// counts when there are more (Russian's "one" form is 21 too).
@Suite("One item, said as one, in every language")
struct OneItemInEveryLanguageTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let locale: String
        let list: String
        let checkAll: String
        let removeAll: String
        /// Checking everything off, with one item and with two.
        let checkedOne: String
        let checkedTwo: String
        /// The question before removing everything, with one item.
        let removeOne: String
        var testDescription: String { locale }
    }

    static let cases = [
        Case(locale: "fr", list: "Bricolage", checkAll: "coche tout dans Bricolage", removeAll: "vide la liste Bricolage",
             checkedOne: "Coché : 1 élément sur Bricolage ; c'était son seul élément.",
             checkedTwo: "Coché : 2 éléments sur Bricolage ; les deux sont cochés maintenant.",
             removeOne: "Tout retirer de Bricolage (1 élément) ?"),
        Case(locale: "ru", list: "Ремонт", checkAll: "отметь всё в списке Ремонт", removeAll: "удали всё из списка Ремонт",
             checkedOne: "Отметил: 1 пункт в списке Ремонт, других пунктов в нём нет.",
             checkedTwo: "Отметил: 2 пункта в списке Ремонт, теперь оба — отмечено.",
             removeOne: "Удалить единственный пункт из списка Ремонт?"),
        Case(locale: "ko", list: "철물점", checkAll: "철물점 전부 체크해줘", removeAll: "철물점 항목 전부 빼줘",
             checkedOne: "철물점: 1개 체크했어요. 하나뿐인 항목이 이제 완료 상태예요.",
             checkedTwo: "철물점: 2개 체크했어요. 이제 2개 모두 완료 상태예요.",
             removeOne: "철물점의 하나뿐인 항목을 뺄까요?"),
        Case(locale: "th", list: "ฮาร์ดแวร์", checkAll: "ติ๊กทั้งหมดในฮาร์ดแวร์", removeAll: "ลบทุกอย่างในฮาร์ดแวร์",
             checkedOne: "ติ๊ก 1 รายการใน ฮาร์ดแวร์ แล้ว: เป็นรายการเดียวที่มีในลิสต์",
             checkedTwo: "ติ๊ก 2 รายการใน ฮาร์ดแวร์ แล้ว: ทั้ง 2 รายการติ๊กแล้ว",
             removeOne: "ลบรายการเดียวที่มีออกจาก ฮาร์ดแวร์ ใช่ไหม"),
        Case(locale: "zh-Hans", list: "五金店", checkAll: "把五金店上的都勾掉", removeAll: "把五金店清空",
             checkedOne: "已把五金店上的1项勾掉：这是清单上唯一的一项。",
             checkedTwo: "已把五金店上的2项勾掉：全部2项现在都已完成。",
             removeOne: "要删掉五金店上唯一的一项吗？"),
    ]

    func session(_ locale: String, _ list: String, items: [String]) throws -> (AssistantSession, ListStore) {
        let store = try ListStore.inMemory()
        try store.createList(named: list, items: items)
        let assistant = try Assistant.shared(locale)
        return (AssistantSession(assistant: assistant, store: store, source: "assistant", donations: DonationLog(store: store, timing: .now)), store)
    }

    @Test(arguments: cases)
    func checkingOffEverythingOnAListOfOne(_ language: Case) throws {
        for (items, said) in [(["a"], language.checkedOne), (["a", "b"], language.checkedTwo)] {
            let (session, store) = try session(language.locale, language.list, items: items)
            var conversation = Conversation()
            let turn = try session.receive(.utterance(language.checkAll), in: &conversation)
            #expect(turn.state == .completed)
            #expect(turn.response == said)
            #expect(try store.items(in: .name(language.list)).allSatisfy(\.done))
        }
    }

    @Test(arguments: cases)
    func removingEverythingFromAListOfOneAsksAboutItsOnlyItem(_ language: Case) throws {
        let (session, store) = try session(language.locale, language.list, items: ["a"])
        var conversation = Conversation()
        let turn = try session.receive(.utterance(language.removeAll), in: &conversation)
        #expect(turn.state == .confirmation)
        #expect(turn.response == language.removeOne)
        #expect(try store.items(in: .name(language.list)).map(\.name) == ["a"])
    }
}
