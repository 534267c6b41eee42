import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Conversations in Russian, as a person has them: a menu, a confirmation, a "did you mean",
/// several items at once, a question, lists and items said in other cases, bad input.
@Suite("The assistant in Russian")
struct RussianConversationTests {
    let store: ListStore
    let session: AssistantSession

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "Покупки", items: ["молоко", "хлеб", "гречка", "мёд"])
        try store.createList(named: "Дача", items: ["перчатки", "шланг"])
        try store.createList(named: "Ремонт на кухне", items: ["плитка", "затирка"])
        try store.createList(named: "Ремонт в ванной", items: ["плитка", "смеситель"])
        let assistant = try Assistant.shared("ru")
        session = AssistantSession(assistant: assistant, store: store, source: "assistant",
                                   donations: DonationLog(store: store, timing: .now))
    }

    func items(_ list: String) throws -> [String] { try store.items(in: .name(list)).map(\.name) }
    func done(_ list: String) throws -> [String] { try store.items(in: .name(list)).filter(\.done).map(\.name) }

    @Test func aListSaidInAnotherCaseIsFoundAndANewItemIsStoredAsSaid() throws {
        var conversation = Conversation()
        let added = try session.receive(.utterance("Добавь колбасу в список покупок"), in: &conversation)
        #expect(added.state == .completed)
        #expect(added.response == "Добавил в список Покупки: колбасу.")
        conversation = Conversation()
        #expect(try session.receive(.utterance("на даче нужны грабли"), in: &conversation).state == .completed)
        #expect(try items("Покупки").last == "колбасу")
        #expect(try items("Дача").last == "грабли")
    }

    @Test func aReasonAfterTheRequestIsSetAside() throws {
        var conversation = Conversation()
        let added = try session.receive(.utterance("добавь сыр в список покупок, потому что он закончился"), in: &conversation)
        #expect(added.state == .completed, "\(added.response)")
        #expect(try items("Покупки").last == "сыр")
        conversation = Conversation()
        let asked = try session.receive(.utterance("удали список дача, так как сезон закончился"), in: &conversation)
        #expect(asked.state == .confirmation, "\(asked.response)")
        #expect(try store.lists().map(\.name).contains("Дача"))
    }

    @Test func newItemsSaidInTheAccusativeAreStoredAsSaid() throws {
        var conversation = Conversation()
        let turn = try session.receive(.utterance("закинь в покупки воду и рыбу, зубную пасту, красную рыбу и синюю краску"), in: &conversation)
        #expect(turn.state == .completed)
        #expect(try items("Покупки").suffix(5) == ["воду", "рыбу", "зубную пасту", "красную рыбу", "синюю краску"])
        // Other genders and things to do stay as said too.
        for text in ["добавь рагу в покупки", "добавь кофе в покупки", "добавь в покупки свежий творог",
                     "добавь в покупки пасту для зубов", "запиши на дачу купить лопату"] {
            conversation = Conversation()
            #expect(try session.receive(.utterance(text), in: &conversation).state == .completed, "\(text)")
        }
        #expect(try items("Покупки").suffix(4) == ["рагу", "кофе", "свежий творог", "пасту для зубов"])
        #expect(try items("Дача").last == "купить лопату")
    }

    @Test func checkedOffAsDoneSaidWithTheLongFormAfterTheList() throws {
        var conversation = Conversation()
        #expect(try session.receive(.utterance("пометь перчатки на даче как купленные"), in: &conversation).state == .completed)
        #expect(try done("Дача") == ["перчатки"])
        conversation = Conversation()
        let all = try session.receive(.utterance("отметь все пункты в списке для дачи как сделанные"), in: &conversation)
        #expect(all.state == .completed)
        #expect(try done("Дача") == ["перчатки", "шланг"])
    }

    @Test func askedWhetherSomethingIsAnywhereOnTheListsOnlyAnswers() throws {
        for text in ["Есть где-нибудь в списках гречка?", "а в моих списках есть плитка?", "есть ли где-нибудь смеситель"] {
            var conversation = Conversation()
            let turn = try session.receive(.utterance(text), in: &conversation)
            #expect(turn.intent == "SearchForNotebookItems", "\(text)")
            #expect(turn.state == .completed, "\(text)")
        }
        #expect(try items("Покупки") == ["молоко", "хлеб", "гречка", "мёд"])
        #expect(try done("Покупки").isEmpty)
    }

    @Test func theListAskedForIsAskedWithTheItemAsSaidAndTheItemStoredAsSaid() throws {
        var conversation = Conversation()
        let asked = try session.receive(.utterance("купи колбасу"), in: &conversation)
        #expect(asked.state == .needsValue)
        #expect(asked.response == "В какой список добавить колбасу?")
        let done = try session.receive(.answer("Покупки"), in: &conversation)
        #expect(done.state == .completed)
        #expect(done.response == "Добавил в список Покупки: колбасу.")
        #expect(try items("Покупки").last == "колбасу")
    }

    @Test func anItemAlreadyThereSaidInTheAccusativeIsNotAddedTwice() throws {
        var conversation = Conversation()
        let turn = try session.receive(.utterance("добавь гречку в покупки"), in: &conversation)
        #expect(turn.state == .completed)
        #expect(try items("Покупки") == ["молоко", "хлеб", "гречка", "мёд"])
    }

    @Test func anItemStoredInTheNominativeIsFoundFromTheAccusativeAndBack() throws {
        _ = try store.addItemsUnlessPresent(["колбаса", "картошку"], to: .name("Покупки"))
        for text in ["вычеркни колбасу в покупках", "отметь картошка в покупках"] {
            var conversation = Conversation()
            #expect(try session.receive(.utterance(text), in: &conversation).state == .completed, "\(text)")
        }
        #expect(try done("Покупки") == ["колбаса", "картошку"])
        var conversation = Conversation()
        #expect(try session.receive(.utterance("добавь колбасу в покупки"), in: &conversation).state == .completed)
        #expect(try items("Покупки") == ["молоко", "хлеб", "гречка", "мёд", "колбаса", "картошку"])
    }

    @Test func aNewListWithItemsSaidInTheInstrumentalPluralStoresTheirNominative() throws {
        var conversation = Conversation()
        let turn = try session.receive(.utterance("создай список Пикник с бутербродами, салфетками и холодными напитками"), in: &conversation)
        #expect(turn.state == .completed)
        #expect(try items("Пикник") == ["бутерброды", "салфетки", "холодные напитки"])
    }

    @Test func severalItemsAtOnce() throws {
        var conversation = Conversation()
        let turn = try session.receive(.utterance("добавь в покупки творог, бананы и кефир"), in: &conversation)
        #expect(turn.state == .completed)
        #expect(try items("Покупки").suffix(3) == ["творог", "бананы", "кефир"])
        #expect(turn.response.contains("3 пункта"))
    }

    @Test func anItemInAnotherFormIsTheOneOnTheListAndЁIsЕ() throws {
        var conversation = Conversation()
        #expect(try session.receive(.utterance("Купил гречку"), in: &conversation).state == .completed)
        conversation = Conversation()
        #expect(try session.receive(.utterance("отметь мед"), in: &conversation).state == .completed)
        #expect(try done("Покупки") == ["гречка", "мёд"])
        conversation = Conversation()
        #expect(try session.receive(.utterance("вычеркни молока из покупок"), in: &conversation).state == .completed)
        #expect(try done("Покупки") == ["молоко", "гречка", "мёд"])
    }

    @Test func theAddVerbsInEveryMoodAndRegisterAdd() throws {
        let said = ["добавь сыр в покупки": "сыр", "добавьте, пожалуйста, творог в покупки": "творог",
                    "закинь бананы в покупки": "бананы", "внеси кефир в список покупок": "кефир",
                    "можешь добавить соль в покупки?": "соль", "не могла бы ты записать в покупки чай": "чай",
                    "надо купить сахар для покупок": "сахар", "давай добавим рис в покупки": "рис"]
        for (text, item) in said.sorted(by: { $0.key < $1.key }) {
            var conversation = Conversation()
            let turn = try session.receive(.utterance(text), in: &conversation)
            #expect(turn.intent == "AddTasks", "\(text)")
            #expect(turn.state == .completed, "\(text)")
            #expect(try items("Покупки").last == item, "\(text)")
        }
        #expect(try items("Дача") == ["перчатки", "шланг"])
    }

    @Test func checkedOffAsBoughtAndWhatIsLeftToBuyOnlyAnswers() throws {
        var conversation = Conversation()
        #expect(try session.receive(.utterance("отметь хлеб как купленный"), in: &conversation).state == .completed)
        #expect(try done("Покупки") == ["хлеб"])
        conversation = Conversation()
        let left = try session.receive(.utterance("что ещё осталось купить?"), in: &conversation)
        #expect(left.intent == "SearchForNotebookItems")
        #expect(left.snippet?.items.map(\.name) == ["молоко", "хлеб", "гречка", "мёд"])
        #expect(try done("Покупки") == ["хлеб"])
    }

    @Test func aNewListsNameThenAColonThenItsItems() throws {
        var conversation = Conversation()
        let made = try session.receive(.utterance("Создай список Шашлыки: мясо, уголь и кетчуп"), in: &conversation)
        #expect(made.state == .completed)
        #expect(try items("Шашлыки") == ["мясо", "уголь", "кетчуп"])
        // A time is no colon between a name and its items.
        conversation = Conversation()
        #expect(try session.receive(.utterance("создай список Встреча в 10:30"), in: &conversation).state == .completed)
        #expect(try store.lists().map(\.name).contains("Встреча в 10:30"))
    }

    @Test func aWordInTwoListNamesIsAMenuAnsweredByAnOrdinal() throws {
        var conversation = Conversation()
        let menu = try session.receive(.utterance("добавь валик в ремонт"), in: &conversation)
        #expect(menu.state == .disambiguation)
        #expect(menu.options == ["Ремонт на кухне", "Ремонт в ванной"])
        #expect(try session.receive(.utterance("второй"), in: &conversation).state == .completed)
        #expect(try items("Ремонт в ванной").last == "валик")
        #expect(try items("Ремонт на кухне") == ["плитка", "затирка"])
    }

    @Test func deletingAListAsksFirstNoChangesNothingYesDeletes() throws {
        var conversation = Conversation()
        let asked = try session.receive(.utterance("удали список Дача"), in: &conversation)
        #expect(asked.state == .confirmation)
        #expect(asked.response == "Удалить список Дача и его 2 пункта?")
        #expect(try session.receive(.utterance("нет"), in: &conversation).state == .failed)
        #expect(try store.lists().count == 4)
        #expect(try session.receive(.utterance("удали список Дача"), in: &conversation).state == .confirmation)
        #expect(try session.receive(.utterance("да, конечно"), in: &conversation).state == .completed)
        #expect(try store.lists().map(\.name) == ["Покупки", "Ремонт на кухне", "Ремонт в ванной"])
    }

    @Test func aMisspeltListIsADidYouMeanThatAYesAnswers() throws {
        var conversation = Conversation()
        let guess = try session.receive(.utterance("Добавь сыр в покупкм"), in: &conversation)
        #expect(guess.state == .confirmation)
        #expect(guess.response == "Вы имели в виду Покупки?")
        #expect(try items("Покупки").count == 4)
        #expect(try session.receive(.utterance("да"), in: &conversation).state == .completed)
        #expect(try items("Покупки").last == "сыр")
    }

    @Test("a list whose name holds the word for list, that word misspelt: a did you mean, not the rest of the name", arguments: [
        "открой списко вещей", "покажи спсиок вещей", "добавь зонт в списко вещей",
    ])
    func aNameWithItsListWordMisspeltIsADidYouMean(text: String) throws {
        try store.createList(named: "Список вещей", items: ["паспорт"])
        var conversation = Conversation()
        let guess = try session.receive(.utterance(text), in: &conversation)
        #expect(guess.state == .confirmation, "\(text): \(guess.response)")
        #expect(guess.response == "Вы имели в виду Список вещей?")
        #expect(try items("Список вещей") == ["паспорт"])
    }

    @Test func aQuestionChangesNothing() throws {
        let before = try store.undoDepth()
        for question in ["Молоко есть в списке покупок?", "а хлеб в покупках есть?", "Я не забыл добавить шланг на дачу?",
                         "сколько осталось в покупках?", "какие у меня списки?"] {
            var conversation = Conversation()
            let turn = try session.receive(.utterance(question), in: &conversation)
            #expect(turn.intent == "SearchForNotebookItems" || turn.state != .completed, "\(question)")
        }
        #expect(try store.undoDepth() == before)
        #expect(try done("Покупки").isEmpty)
    }

    @Test func aRefusalIsNeverDone() throws {
        for refusal in ["не добавляй молоко в покупки", "не удаляй список Дача"] {
            var conversation = Conversation()
            #expect(try session.receive(.utterance(refusal), in: &conversation).state == .notUnderstood, "\(refusal)")
        }
        #expect(try store.lists().count == 4)
        #expect(try items("Покупки") == ["молоко", "хлеб", "гречка", "мёд"])
    }

    @Test func badInputInCyrillicGetsAClearAnswerAndChangesNothing() throws {
        let before = try store.undoDepth()
        for text in ["ъъъ ьь ыыы", "добавь\u{200F} в покупки", "\u{0301}\u{0308}", "Добавь milk в 购物", "добавь \u{0000} в покупки"] {
            var conversation = Conversation()
            let turn = try session.receive(.utterance(text), in: &conversation)
            #expect(turn.state != .completed, "\(text)")
            #expect(!turn.response.isEmpty, "\(text)")
        }
        #expect(try store.undoDepth() == before)
    }

    @Test func aNameTypedWithIForShortIIsAGuessToConfirm() throws {
        try store.createList(named: "Чайная", items: ["майонез"])
        var conversation = Conversation()
        let guess = try session.receive(.utterance("добавь сахар в чаиная"), in: &conversation)
        #expect(guess.state == .confirmation)
        #expect(try items("Чайная") == ["майонез"])
        let done = try session.receive(.utterance("да"), in: &conversation)
        #expect(done.state == .completed)
        #expect(try items("Чайная") == ["майонез", "сахар"])
        conversation = Conversation()
        // Said in another case, with й as it is: found as said.
        #expect(try session.receive(.utterance("добавь мёд в чайную"), in: &conversation).state == .completed)
        #expect(try items("Чайная") == ["майонез", "сахар", "мёд"])
    }

    func everything() throws -> [[String]] { try store.lists().map { list in try store.items(in: .id(list.id)).map { "\($0.name)\($0.done ? " ✓" : "")" } } }

    func once(_ text: String) throws -> Turn {
        var conversation = Conversation()
        return try session.receive(.utterance(text), in: &conversation)
    }

    @Test("asked whether something is done: да when checked off, ещё нет when not, none when on no list", arguments: [
        ("я купил хлеб?", "Да: хлеб — в списке Покупки, отмечено."),
        ("хлеб уже купили?", "Да: хлеб — в списке Покупки, отмечено."),
        ("мы взяли гречку или нет?", "Ещё нет: гречка — в списке Покупки, ещё не отмечено."),
        ("перчатки уже купили?", "Ещё нет: перчатки — в списке Дача, ещё не отмечено."),
        ("я купил кефир?", "Нет, ни в одном из ваших списков такого нет: кефир."),
    ])
    func doneQuestions(text: String, answer: String) throws {
        try store.setDone(true, [.name("хлеб")], in: .name("Покупки"))
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text)")
        #expect(turn.response == answer, "\(text)")
        #expect(try everything() == before)
    }

    @Test("the item at a place: answered with it, or checked off and removed by its place")
    func itemAtAPlace() throws {
        #expect(try once("какой последний пункт в списке покупок").response == "Пункт 4 из 4 в списке Покупки: мёд.")
        #expect(try once("что я добавил последним в список покупок").response == "Пункт 4 из 4 в списке Покупки: мёд.")
        #expect(try once("отметь первый пункт в списке покупок").state == .completed)
        #expect(try done("Покупки") == ["молоко"])
        #expect(try once("удали второй пункт из списка покупок").state == .completed)
        #expect(try items("Покупки") == ["молоко", "гречка", "мёд"])
    }

    @Test("deleting every list: one at a time, the lists counted and offered, nothing deleted", arguments: [
        "удали все списки", "сотри все мои списки разом",
    ])
    func deletingEveryList(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "DeleteTaskList", "\(text)")
        #expect(turn.response.hasPrefix("Я удаляю списки по одному и сначала спрашиваю. У вас 4 списка: "), "\(turn.response)")
        #expect(turn.options.count == 4)
        #expect(try store.lists().count == 4)
    }

    @Test("undo said in other words takes back the newest change", arguments: [
        "отмени то, что ты только что сделал", "отмени моё последнее действие",
    ])
    func undoInOtherWords(text: String) throws {
        var conversation = Conversation()
        #expect(try session.receive(.utterance("добавь лейку в дачу"), in: &conversation).state == .completed)
        let undone = try once(text)
        #expect(undone.intent == "UndoChange", "\(text)")
        #expect(try items("Дача") == ["перчатки", "шланг"], "\(text)")
    }

    @Test func aMissingListOnAnAddIsOfferedAndRemovingWhatIsNotThereIsSaidSo() throws {
        let offer = try once("добавь карандаши в список школа")
        #expect(offer.state == .confirmation, "\(offer.response)")
        #expect(offer.response.hasPrefix("Списка Школа нет. Создать его"), "\(offer.response)")
        #expect(try store.lists().count == 4)
        let none = try once("удали кефир из покупок")
        #expect(none.state == .completed)
        #expect(none.response == "В списке Покупки нечего удалять (не найдено: кефир).")
        let one = try once("удали молоко и кефир из покупок")
        #expect(one.response == "Удалил из списка Покупки: молоко. Не было в списке: кефир.")
        #expect(try items("Покупки") == ["хлеб", "гречка", "мёд"])
    }

    @Test("a guess with no item asks which list, with no gap")
    func aGuessWithNoItemAsksWithoutAGap() throws {
        let asked = try once("отметь")
        #expect(asked.state == .needsValue)
        #expect(asked.response == "Какой список?")
    }
}
