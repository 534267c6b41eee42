import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// A second list said with its preposition again ("… and to the gift list"), "so" between two
/// requests, an aside after a comma, a place said without "item" ("what's second on …"),
/// "undo twice", and words that are no name never shown as one.
@Suite("Repeated prepositions, “so”, asides after a comma, places, undo twice")
struct AsidesAndRepeatsTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try Self.threeShopsAndPacking()
        try store.createList(named: "Gift Shop", items: ["card"])
        assistant = try Assistant.shared("en")
    }

    @Test("“add tape to the hardware list and to the gift list”: the item goes on both", arguments: [
        ("add rope to the hardware list and to the gift list", "rope"),
        ("put rope on the hardware list and on the gift shop list", "rope"),
        ("add rope to hardware store and to gift shop", "rope"),
        ("add rope to hardware store, and gift shop", "rope"),
    ])
    func theSecondListSaidWithItsPreposition(text: String, item: String) throws {
        let turn = try inSession(text)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items("Hardware Store").contains(item), "\(text): \(turn.response)")
        #expect(try items("Gift Shop").contains(item), "\(text): \(turn.response)")
        #expect(try !items("Weekly Groceries").contains(item))
    }

    @Test("“take glue off the hardware list and off the gift list”: off both")
    func removedFromBoth() throws {
        try store.addItems(["glue"], to: .name("Gift Shop"))
        let turn = try inSession("take glue off the hardware list and off the gift list")
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try !items("Hardware Store").contains("glue"))
        #expect(try !items("Gift Shop").contains("glue"))
    }

    @Test("“so” joins two requests: each is done, the first on the list holding its item")
    func soBetweenRequests() throws {
        let turn = try inSession("we need more nails so take glue off the hardware list")
        #expect(try !items("Hardware Store").contains("glue"), "\(turn.response)")
        #expect(try items("Hardware Store").filter { $0 == "nails" }.count == 1, "\(turn.response)")
        // Never an item holding the second request.
        #expect(try everything().allSatisfy { !$0.contains(" so ") }, "\(turn.response)")
    }

    @Test("an aside after a comma is no part of the list's name: asked first, then done", arguments: [
        "cross off the card from the gift list, we got one",
        "check off the card on the gift shop list, got it yesterday",
    ])
    func anAsideAfterAComma(text: String) throws {
        var conversation = Conversation()
        let turn = conversation.receive(.utterance(text), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(turn.state == .confirmation, "\(text): \(turn.response)")
        #expect(turn.response.contains("Gift Shop"), "\(text): \(turn.response)")
        #expect(try checked("Gift Shop").isEmpty)
        let yes = conversation.receive(.yes, engine: assistant.engine, domain: try assistant.domain(store))
        #expect(yes.state == .completed, "\(yes.response)")
        #expect(try checked("Gift Shop") == ["card"])
    }

    @Test("“what's second on the grocery list”: the item at that place", arguments: [
        ("what's second on the grocery list", "butter"), ("what's last on the packing list", "charger"),
        ("what is first on my hardware list", "tape"),
    ])
    func aPlaceSaidAlone(text: String, item: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.response.contains(": \(item)"), "\(text): \(turn.response)")
    }

    @Test("words that are no place show the list", arguments: ["what's left on the grocery list", "what is new on the grocery list"])
    func noPlace(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(!turn.response.contains("Item "), "\(text): \(turn.response)")
    }

    @Test("“undo twice” undoes the last two changes", arguments: ["undo twice", "undo that twice"])
    func undoTwice(text: String) throws {
        _ = try once("add rope to the hardware list")
        _ = try once("add soap to the grocery list")
        _ = try once("add treats to the pet shop list")
        let turn = try once(text)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix("Undid 2 changes"), "\(text): \(turn.response)")
        #expect(try items("Pet Shop") == ["dog food"])
        #expect(try !items("Weekly Groceries").contains("soap"))
        #expect(try items("Hardware Store").contains("rope"))
    }

    @Test("“did I already add milk?” is a look, never an add", arguments: [
        ("did i already add milk", "milk"), ("have i put passport on the packing list yet", "passport"),
        ("did we already add coffee to the grocery list", "coffee"),
    ])
    func alreadyAdded(text: String, item: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix("Yes"), "\(text): \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("“instead”, “as well”, “on second thought” around a request are no part of its names", arguments: [
        "add bread to the grocery list instead", "add bread to the grocery list as well",
        "on second thought add bread to my grocery list",
    ])
    func wordsAroundARequest(text: String) throws {
        let turn = try once(text)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items("Weekly Groceries") == ["milk", "butter", "coffee", "bread"])
    }

    @Test("“show me what's not done on the hardware list” shows it", arguments: [
        "show me what's not done on the hardware list", "list everything i have checked off on the hardware list",
        "tell me what is still left on the hardware list",
    ])
    func showWhatIsDone(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(turn.snippet != nil, "\(text): \(turn.response)")
    }

    @Test("“move butter up” moves it one place, never past the top")
    func moveUpAndDown() throws {
        var turn = try once("move coffee up on the grocery list")
        #expect(turn.response == "Moved coffee to position 2 on Weekly Groceries.")
        #expect(try items("Weekly Groceries") == ["milk", "coffee", "butter"])
        turn = try once("move coffee up one on the grocery list")
        #expect(try items("Weekly Groceries") == ["coffee", "milk", "butter"], "\(turn.response)")
        turn = try once("move coffee up on the grocery list")
        #expect(turn.response == "coffee is already there.")
        turn = try once("push milk down one place on the grocery list")
        #expect(try items("Weekly Groceries") == ["coffee", "butter", "milk"], "\(turn.response)")
    }

    @Test("“passport not packed” unchecks it; “clear completed” removes the checked items of the list asked for")
    func shortStatements() throws {
        var turn = try once("passport not packed")
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try checked("Packing for Lisbon").isEmpty)
        try store.setDone(true, [.name("tape")], in: .name("Hardware Store"))
        var conversation = Conversation()
        turn = conversation.receive(.utterance("clear completed"), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(turn.state == .needsValue || turn.state == .disambiguation, "\(turn.response)")
        turn = conversation.receive(.utterance("the hardware store"), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(try items("Hardware Store") == ["nails", "glue"])
    }

    @Test("“rename the pet shop list pets” and “… to pets” name it “pets”", arguments: [
        "rename the pet shop list pets", "rename the pet shop list to pets", "rename my pet shop list as pets",
    ])
    func renameSaidWithList(text: String) throws {
        let turn = try once(text)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try store.lists().map(\.name).contains("pets"), "\(text): \(turn.response)")
    }

    @Test("“we ran out of coffee” puts it back on the list holding it", arguments: [
        "we ran out of coffee", "we've run out of coffee", "we used up the coffee",
    ])
    func ranOut(text: String) throws {
        try store.setDone(true, [.name("coffee")], in: .name("Weekly Groceries"))
        var conversation = Conversation()
        let turn = conversation.receive(.utterance(text), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(turn.intent == "AddTasks", "\(text): \(turn.response)")
        #expect(turn.state == .confirmation, "\(text): \(turn.response)")
        _ = conversation.receive(.yes, engine: assistant.engine, domain: try assistant.domain(store))
        #expect(try checked("Weekly Groceries").isEmpty, "\(text)")
        #expect(try items("Weekly Groceries") == ["milk", "butter", "coffee"])
    }

    @Test("unsure or wondering is never a change", arguments: [
        "i wonder if there's milk on the list", "we probably need more tape", "forget it", "add nothing",
        "whether we have glue",
    ])
    func notSure(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.state != .completed || turn.intent == "SearchForNotebookItems", "\(text): \(turn.response)")
        #expect(try everything() == before, "\(text): \(turn.response)")
    }

    @Test("a day said after the list is asked about first (a list has no dates)", arguments: [
        ("add rope to the hardware list on friday", "Add rope to Hardware Store?"),
        ("remove glue from the hardware list by friday", "Remove glue from Hardware Store?"),
    ])
    func aDayAfterTheList(text: String, question: String) throws {
        let before = try everything()
        var conversation = Conversation()
        let turn = conversation.receive(.utterance(text), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(turn.state == .confirmation && turn.response == question, "\(text): \(turn.response)")
        #expect(try everything() == before)
        let yes = conversation.receive(.yes, engine: assistant.engine, domain: try assistant.domain(store))
        #expect(yes.state == .completed, "\(text): \(yes.response)")
        #expect(try everything() != before)
    }

    @Test("“i need to start a list”: the name is asked for, and “a” is never shown as one")
    func noNameIsShownAsNone() throws {
        let turn = try once("i need to start a list")
        #expect(turn.intent == "CreateTaskList")
        #expect(turn.state == .needsValue, "\(turn.response)")
        #expect(turn.parameters.first { $0.name == "title" }?.values.isEmpty == true, "\(turn.parameters)")
    }
}

/// "Everything but …": the items kept out of a removal or a check-off of every item.
@Suite("Everything but some items")
struct EverythingButTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try Self.threeShopsAndPacking()
        assistant = try Assistant.shared("en")
    }

    @Test("a removal of everything but some items says what stays, and removes the rest after a yes", arguments: [
        ("remove everything from the hardware list except the glue", ["glue"]),
        ("clear the hardware store except glue and nails", ["nails", "glue"]),
        ("empty my hardware list but keep the tape", ["tape"]),
        ("delete all the items on the hardware store other than nails", ["nails"]),
    ])
    func removeAllBut(text: String, kept: [String]) throws {
        var conversation = Conversation()
        let turn = conversation.receive(.utterance(text), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(turn.state == .confirmation, "\(text): \(turn.response)")
        #expect(turn.response.hasPrefix("Remove everything from Hardware Store but "), "\(text): \(turn.response)")
        #expect(try items("Hardware Store") == ["tape", "nails", "glue"])
        let yes = conversation.receive(.yes, engine: assistant.engine, domain: try assistant.domain(store))
        #expect(yes.state == .completed, "\(text): \(yes.response)")
        #expect(try items("Hardware Store") == ["tape", "nails", "glue"].filter(kept.contains), "\(text): \(yes.response)")
        #expect(try items("Weekly Groceries") == ["milk", "butter", "coffee"])
    }

    @Test("a “no” keeps everything")
    func noKeepsAll() throws {
        var conversation = Conversation()
        _ = conversation.receive(.utterance("remove everything from the hardware list except the glue"),
                                 engine: assistant.engine, domain: try assistant.domain(store))
        let no = conversation.receive(.no, engine: assistant.engine, domain: try assistant.domain(store))
        #expect(no.finished)
        #expect(try items("Hardware Store") == ["tape", "nails", "glue"])
    }

    @Test("checking off everything but some items checks off the others at once", arguments: [
        "check off everything on the hardware list but the glue", "mark everything on the hardware list as done except glue",
        "tick off all items except the glue on my hardware store list",
    ])
    func checkAllBut(text: String) throws {
        let turn = try once(text)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try checked("Hardware Store") == ["tape", "nails"], "\(text): \(turn.response)")
    }

    @Test("an item to keep that the list lacks is asked about, and nothing changes")
    func keptItemNotThere() throws {
        let turn = try once("remove everything from the hardware list except the hammer")
        #expect(turn.state == .unsupported || turn.state == .disambiguation || turn.state == .confirmation, "\(turn.response)")
        #expect(try items("Hardware Store") == ["tape", "nails", "glue"])
    }
}

/// "Everything but …" in French, Russian, Chinese, Korean and Thai: the items kept are said in
/// the question, and stay.
@Suite("Everything but some items, in five languages")
struct EverythingButInOtherLanguagesTests {
    static func conversation(_ locale: String, _ lists: [String: [String]], _ lines: [String]) throws -> (ListStore, [Turn]) {
        let store = try ListStore.inMemory()
        for (name, items) in lists.sorted(by: { $0.key < $1.key }) { try store.createList(named: name, items: items) }
        let assistant = try Assistant.shared(locale)
        var conversation = Conversation()
        var turns: [Turn] = []
        for line in lines {
            let input: ConversationInput = line == "yes" ? .yes : .utterance(line)
            turns.append(conversation.receive(input, engine: assistant.engine, domain: try assistant.domain(store)))
        }
        return (store, turns)
    }

    @Test("French: « enlève tout de la liste bricolage sauf les vis »")
    func french() throws {
        let (store, turns) = try Self.conversation("fr", ["Bricolage": ["vis", "ampoules", "colle"]],
                                                   ["enlève tout de la liste bricolage sauf les vis", "yes"])
        #expect(turns[0].response == "Tout retirer de Bricolage sauf vis (2 éléments) ?", "\(turns[0].response)")
        #expect(try store.items(in: .name("Bricolage")).map(\.name) == ["vis"])
        let (checked, _) = try Self.conversation("fr", ["Bricolage": ["vis", "ampoules", "colle"]], ["coche tout sur bricolage sauf la colle"])
        #expect(try checked.items(in: .name("Bricolage")).filter(\.done).map(\.name) == ["vis", "ampoules"])
    }

    @Test("Russian: «удали всё из списка дача кроме перчаток» (the kept item said in the genitive)")
    func russian() throws {
        let (store, turns) = try Self.conversation("ru", ["Дача": ["семена", "перчатки", "шланг"]],
                                                   ["удали всё из списка дача кроме перчаток", "yes"])
        #expect(turns[0].response == "Удалить из списка Дача всё, кроме: перчатки (2 пункта)?", "\(turns[0].response)")
        #expect(try store.items(in: .name("Дача")).map(\.name) == ["перчатки"])
        let (checked, _) = try Self.conversation("ru", ["Дача": ["семена", "перчатки", "шланг"]], ["отметь всё в списке дача кроме шланга"])
        #expect(try checked.items(in: .name("Дача")).filter(\.done).map(\.name) == ["семена", "перчатки"])
    }

    @Test("Chinese, Korean, Thai: the item kept stays, after a yes", arguments: [
        ("zh-Hans", "购物清单", "把购物清单上除了牛奶以外的都删掉", "要删掉购物清单上除牛奶以外的2项吗？"),
        ("ko", "장보기", "장보기에서 우유 빼고 다 지워 줘", "장보기에서 우유 말고 항목 2개를 모두 뺄까요?"),
        ("th", "ซื้อของ", "ลบทุกอย่างในซื้อของยกเว้นนม", "ลบทุกอย่างยกเว้นนมออกจาก ซื้อของ (2 รายการ) ใช่ไหม"),
    ])
    func spacelessAndKorean(locale: String, list: String, text: String, question: String) throws {
        let milk = ["zh-Hans": "牛奶", "ko": "우유", "th": "นม"][locale]!
        let (store, turns) = try Self.conversation(locale, [list: [milk, "a", "b"]], [text, "yes"])
        #expect(turns[0].response == question, "\(turns[0].response)")
        #expect(try store.items(in: .name(list)).map(\.name) == [milk], "\(turns[1].response)")
    }
}
