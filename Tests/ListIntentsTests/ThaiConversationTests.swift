import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Conversations in Thai through the session the CLI, the TUI and the MCP server share: a
/// menu, a confirmation, a "did you mean", several items, a question, Thai numerals and bad
/// input in Thai script. Each checks the store afterwards.
@Suite("The assistant in Thai")
struct ThaiConversationTests {
    let store: ListStore
    let session: AssistantSession

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "ซื้อของ", items: ["นม", "ไข่ไก่", "ขนมปัง"])
        try store.createList(named: "ปาร์ตี้วันเกิดแม่", items: ["เค้ก"])
        try store.createList(named: "ปาร์ตี้ปีใหม่", items: ["เบียร์"])
        try store.createList(named: "ร้านขายยา", items: ["ยาดม"])
        let assistant = try Assistant.shared("th")
        session = AssistantSession(assistant: assistant, store: store, source: "assistant", donations: DonationLog(store: store, timing: .now))
    }

    func names(_ list: String) throws -> [String] { try store.items(in: .name(list)).map(\.name) }

    @Test func aNameInTwoListsIsAMenuAndTheChoiceAdds() throws {
        var conversation = Conversation()
        let menu = try session.receive(.utterance("เพิ่ม ขนม ใน ลิสต์ ปาร์ตี้"), in: &conversation)
        #expect(menu.state == .disambiguation)
        #expect(menu.options == ["ปาร์ตี้ปีใหม่", "ปาร์ตี้วันเกิดแม่"])
        #expect(menu.response == "จะเพิ่ม ขนม ลงลิสต์ไหน: ปาร์ตี้ปีใหม่ หรือ ปาร์ตี้วันเกิดแม่")
        let done = try session.receive(.answer("อันที่สอง"), in: &conversation)
        #expect(done.state == .completed)
        #expect(try names("ปาร์ตี้วันเกิดแม่") == ["เค้ก", "ขนม"])
        #expect(try names("ปาร์ตี้ปีใหม่") == ["เบียร์"])
    }

    @Test("the list said first, then what was bought: checked off there", arguments: [
        "ในลิสต์ซื้อของ ไข่ไก่ซื้อแล้วนะ", "ในลิสต์ซื้อของไข่ไก่ซื้อแล้ว",
    ])
    func theListSaidFirstThenBought(text: String) throws {
        var conversation = Conversation()
        let turn = try session.receive(.utterance(text), in: &conversation)
        #expect(turn.intent == "SetTaskAttribute" && turn.state == .completed, "\(text): \(turn.response)")
        #expect(try store.items(in: .name("ซื้อของ")).filter(\.done).map(\.name) == ["ไข่ไก่"])
    }

    @Test func helpSaidAsOneWordIsHelpNotPoliteHelpingPlusAWord() throws {
        for text in ["ช่วยเหลือ", "ช่วยเหลือหน่อยครับ", "ขอความช่วยเหลือหน่อยค่ะ"] {
            var conversation = Conversation()
            let turn = try session.receive(.utterance(text), in: &conversation)
            #expect(turn.intent == "Help", "\(text)")
            #expect(turn.state == .completed, "\(text)")
        }
        // The polite ช่วย before a verb is still padding.
        var conversation = Conversation()
        #expect(try session.receive(.utterance("ช่วยเพิ่มนมในรายการซื้อของหน่อย"), in: &conversation).state == .completed)
        conversation = Conversation()
        #expect(try session.receive(.utterance("ช่วยเพิ่มกล้วยในซื้อของหน่อย"), in: &conversation).state == .completed)
        #expect(try names("ซื้อของ") == ["นม", "ไข่ไก่", "ขนมปัง", "กล้วย"])
    }

    @Test func deletingAListAsksAndNoChangesNothing() throws {
        var conversation = Conversation()
        let asked = try session.receive(.utterance("ลบ ลิสต์ ร้านขายยา"), in: &conversation)
        #expect(asked.state == .confirmation)
        #expect(asked.response == "ลบ ร้านขายยา และของ 1 รายการในลิสต์ ใช่ไหม")
        let refused = try session.receive(.answer("ไม่"), in: &conversation)
        #expect(refused.state == .failed)
        #expect(try store.lists().map(\.name).contains("ร้านขายยา"))

        conversation = Conversation()
        _ = try session.receive(.utterance("ลบ ลิสต์ ร้านขายยา"), in: &conversation)
        let deleted = try session.receive(.answer("ใช่ค่ะ"), in: &conversation)
        #expect(deleted.state == .completed)
        #expect(try !store.lists().map(\.name).contains("ร้านขายยา"))
    }

    @Test func aMisspeltListIsAGuessToConfirm() throws {
        var conversation = Conversation()
        let asked = try session.receive(.utterance("เพิ่ม สบู่ ใน ลิสต์ ซื้อขอ"), in: &conversation)
        #expect(asked.state == .confirmation)
        #expect(asked.options == ["ซื้อของ"])
        #expect(try names("ซื้อของ") == ["นม", "ไข่ไก่", "ขนมปัง"])
        let done = try session.receive(.answer("ใช่"), in: &conversation)
        #expect(done.state == .completed)
        #expect(try names("ซื้อของ") == ["นม", "ไข่ไก่", "ขนมปัง", "สบู่"])
    }

    @Test func severalItemsAtOnceWithPoliteParticles() throws {
        var conversation = Conversation()
        let done = try session.receive(.utterance("รบกวน เพิ่ม หมูสับ, ผักกาด และ ซอสหอยนางรม ใน ซื้อของ หน่อย ค่ะ"), in: &conversation)
        #expect(done.state == .completed)
        #expect(try names("ซื้อของ") == ["นม", "ไข่ไก่", "ขนมปัง", "หมูสับ", "ผักกาด", "ซอสหอยนางรม"])
    }

    @Test func questionsChangeNothing() throws {
        let before = try store.lists().map { try names($0.name) }
        for question in ["ใน ซื้อของ มี นม ไหม", "ใส่ สบู่ ใน ลิสต์ ซื้อของ หรือยัง", "ยาดม อยู่ ลิสต์ ไหน"] {
            var conversation = Conversation()
            let turn = try session.receive(.utterance(question), in: &conversation)
            #expect(turn.intent == "SearchForNotebookItems", "\(question)")
            #expect(turn.state == .completed, "\(question)")
        }
        #expect(try store.lists().map { try names($0.name) } == before)
    }

    @Test func thaiNumeralsPlaceAnItem() throws {
        var conversation = Conversation()
        let done = try session.receive(.utterance("ย้าย ขนมปัง ไป อันดับ ๑ ใน ซื้อของ"), in: &conversation)
        #expect(done.state == .completed)
        #expect(try names("ซื้อของ") == ["ขนมปัง", "นม", "ไข่ไก่"])
    }

    @Test func badInputInThaiScriptChangesNothing() throws {
        let before = try store.lists().map { try names($0.name) }
        // Vowel marks with no consonant, a bare tone mark, Thai mixed with other scripts, and
        // right-to-left marks around a removal.
        for text in ["\u{0E31}\u{0E34}", "\u{0E48}\u{0E49}\u{0E4A}", "ลบ ลิสต์ Покупки购物", "ลบ\u{0E31}\u{0E34}",
                     "\u{200F}ลิสต์\u{202E}\u{200F}"] {
            var conversation = Conversation()
            let turn = try session.receive(.utterance(text), in: &conversation)
            #expect(![.completed, .ready].contains(turn.state), "\(text)")
            #expect(!turn.response.isEmpty)
        }
        #expect(try store.lists().map { try names($0.name) } == before)
    }

    @Test func puttingInWithEoAndPoliteEndingsAdds() throws {
        for request in ["เอากาแฟใส่ลิสต์ซื้อของหน่อยครับ", "ขอใส่น้ำตาลในซื้อของนะคะ", "ลิสต์ซื้อของ เติมเกลือด้วยจ้า",
                        "ช่วยเพิ่มพริกลงในซื้อของให้หน่อยนะ", "แอดกระเทียมเข้าซื้อของที"] {
            var conversation = Conversation()
            #expect(try session.receive(.utterance(request), in: &conversation).state == .completed, "\(request)")
        }
        #expect(try names("ซื้อของ") == ["นม", "ไข่ไก่", "ขนมปัง", "กาแฟ", "น้ำตาล", "เกลือ", "พริก", "กระเทียม"])
    }

    @Test func notingDownWithWaAsksForTheListAndAdds() throws {
        var conversation = Conversation()
        let asked = try session.receive(.utterance("จดไว้หน่อยว่าต้องซื้อถ่าน"), in: &conversation)
        #expect(asked.state == .needsValue)
        let done = try session.receive(.answer("ซื้อของ"), in: &conversation)
        #expect(done.state == .completed)
        // What is to be bought, not the verb: "ถ่าน" (an errand, "ไปซื้อถ่าน", would keep it).
        #expect(try names("ซื้อของ").last == "ถ่าน")
    }

    @Test func checkingOffWithWaAndADeedDone() throws {
        var conversation = Conversation()
        #expect(try session.receive(.utterance("ช่วยติ๊กว่าขนมปังซื้อแล้วนะครับ"), in: &conversation).state == .completed)
        #expect(try store.items(in: .name("ซื้อของ")).first { $0.name == "ขนมปัง" }?.done == true)
        conversation = Conversation()
        #expect(try session.receive(.utterance("ขีดฆ่านมออกจากซื้อของ"), in: &conversation).state == .completed)
        #expect(try store.items(in: .name("ซื้อของ")).first { $0.name == "นม" }?.done == true)
        // The list said first, then whether it is done: a question, never a change.
        conversation = Conversation()
        let asked = try session.receive(.utterance("ในลิสต์ปาร์ตี้ปีใหม่ เบียร์ซื้อแล้วหรือยัง"), in: &conversation)
        #expect(asked.intent == "SearchForNotebookItems")
        #expect(try store.items(in: .name("ปาร์ตี้ปีใหม่")).first?.done == false)
    }

    @Test func notingDownWhatToBuyAddsTheThingNotTheVerb() throws {
        var conversation = Conversation()
        let asked = try session.receive(.utterance("จดไว้หน่อยว่าต้องซื้อน้ำยาล้างจาน"), in: &conversation)
        #expect(asked.state == .disambiguation || asked.state == .needsValue)
        let done = try session.receive(.utterance("ซื้อของ"), in: &conversation)
        #expect(done.state == .completed)
        #expect(try names("ซื้อของ") == ["นม", "ไข่ไก่", "ขนมปัง", "น้ำยาล้างจาน"])
    }

    @Test func askingWhatIsLeftToBuyOrWhetherItWasBoughtChangesNothing() throws {
        for text in ["ต้องซื้ออะไรบ้างนะ", "ขนมปังซื้อรึยัง", "นมยังอยู่ไหม"] {
            var conversation = Conversation()
            let turn = try session.receive(.utterance(text), in: &conversation)
            #expect(turn.intent == "SearchForNotebookItems", "\(text)")
        }
        #expect(try names("ซื้อของ") == ["นม", "ไข่ไก่", "ขนมปัง"])
        #expect(try store.items(in: .name("ซื้อของ")).filter(\.done).isEmpty)
    }

    @Test func noLongerWantedTakesItOffAndARefusalDoesNothing() throws {
        var conversation = Conversation()
        let kept = try session.receive(.utterance("ไม่เอาขนมปัง"), in: &conversation)
        #expect(kept.state == .notUnderstood)
        #expect(try names("ซื้อของ") == ["นม", "ไข่ไก่", "ขนมปัง"])
        conversation = Conversation()
        let removed = try session.receive(.utterance("ไม่เอาขนมปังแล้ว"), in: &conversation)
        #expect(removed.intent == "DeleteTasks")
        #expect(removed.state == .completed)
        #expect(try names("ซื้อของ") == ["นม", "ไข่ไก่"])
    }

    @Test func takingSomethingOverToAListMovesItAndPuttingItInAdds() throws {
        var conversation = Conversation()
        // "เอา X ไปใส่ใน Y": take it from where it is over to Y.
        let moved = try session.receive(.utterance("เอาขนมปังไปใส่ในลิสต์ปาร์ตี้ปีใหม่"), in: &conversation)
        #expect(moved.intent == "MoveTasks")
        #expect(moved.state == .completed)
        #expect(try names("ปาร์ตี้ปีใหม่") == ["เบียร์", "ขนมปัง"])
        #expect(try names("ซื้อของ") == ["นม", "ไข่ไก่"])
        conversation = Conversation()
        // "เอา X ใส่ Y", no ไป: put it in.
        let added = try session.receive(.utterance("เอาน้ำแข็งใส่ลิสต์ปาร์ตี้ปีใหม่"), in: &conversation)
        #expect(added.intent == "AddTasks")
        #expect(try names("ปาร์ตี้ปีใหม่") == ["เบียร์", "ขนมปัง", "น้ำแข็ง"])
    }

    @Test func takingOverSomethingOnNoListPutsItIn() throws {
        // "เอา X ไปใส่ใน Y" with X on none of the lists: nothing to move, so X is put in Y.
        var conversation = Conversation()
        let added = try session.receive(.utterance("เอาถ่านไปใส่ในลิสต์ซื้อของ"), in: &conversation)
        #expect(added.intent == "AddTasks")
        #expect(added.state == .completed)
        #expect(try names("ซื้อของ") == ["นม", "ไข่ไก่", "ขนมปัง", "ถ่าน"])
        conversation = Conversation()
        let polite = try session.receive(.utterance("เอากาแฟไปใส่ในร้านขายยาหน่อยครับ"), in: &conversation)
        #expect(polite.intent == "AddTasks")
        #expect(try names("ร้านขายยา") == ["ยาดม", "กาแฟ"])
        // On a list already, it is taken over (moved), as before.
        conversation = Conversation()
        let moved = try session.receive(.utterance("เอายาดมไปใส่ในลิสต์ซื้อของ"), in: &conversation)
        #expect(moved.intent == "MoveTasks")
        #expect(try names("ร้านขายยา") == ["กาแฟ"])
        #expect(try names("ซื้อของ") == ["นม", "ไข่ไก่", "ขนมปัง", "ถ่าน", "ยาดม"])
    }

    func everything() throws -> [[String]] { try store.lists().map { list in try store.items(in: .id(list.id)).map { "\($0.name)\($0.done ? " ✓" : "")" } } }

    func once(_ text: String) throws -> Turn {
        var conversation = Conversation()
        return try session.receive(.utterance(text), in: &conversation)
    }

    @Test("asked whether something is done: ใช่ when checked off, ยังเลย when not, none when on no list", arguments: [
        ("ซื้อไข่ไก่แล้วหรือยัง", "ใช่: ไข่ไก่ อยู่ใน ซื้อของ ติ๊กแล้ว"),
        ("ซื้อนมแล้วหรือยัง", "ยังเลย: นม อยู่ใน ซื้อของ ยังไม่ได้ติ๊ก"),
        ("ยาดมซื้อแล้วหรือยัง", "ยังเลย: ยาดม อยู่ใน ร้านขายยา ยังไม่ได้ติ๊ก"),
    ])
    func doneQuestions(text: String, answer: String) throws {
        try store.setDone(true, [.name("ไข่ไก่")], in: .name("ซื้อของ"))
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text)")
        #expect(turn.response == answer, "\(text)")
        #expect(try everything() == before)
    }

    @Test("the item at a place: answered with it, or removed by it (รายการ for both item and list)")
    func itemAtAPlace() throws {
        #expect(try once("รายการสุดท้ายในลิสต์ซื้อของคืออะไร").response == "รายการที่ 3 จาก 3 ใน ซื้อของ: ขนมปัง")
        #expect(try once("อันที่สองในลิสต์ซื้อของคืออะไร").response == "รายการที่ 2 จาก 3 ใน ซื้อของ: ไข่ไก่")
        #expect(try once("ลบรายการที่สองในรายการซื้อของ").state == .completed)
        #expect(try names("ซื้อของ") == ["นม", "ขนมปัง"])
        #expect(try store.lists().count == 4)
    }

    @Test("deleting every list: one at a time, the lists counted and offered, nothing deleted", arguments: [
        "ลบลิสต์ทั้งหมด", "ลบทุกลิสต์ทิ้งเลย",
    ])
    func deletingEveryList(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "DeleteTaskList", "\(text)")
        #expect(turn.response.hasPrefix("ลบได้ทีละลิสต์ และจะถามก่อนทุกครั้ง ตอนนี้มี 4 ลิสต์: "), "\(turn.response)")
        #expect(turn.options.count == 4)
        #expect(try store.lists().count == 4)
    }

    @Test func undoInOtherWordsAndAMissingListOffered() throws {
        #expect(try once("เพิ่มพลาสเตอร์ในร้านขายยา").state == .completed)
        #expect(try once("ย้อนกลับสิ่งที่เพิ่งทำไปหน่อย").intent == "UndoChange")
        #expect(try names("ร้านขายยา") == ["ยาดม"])
        let offer = try once("เพิ่มดินสอในลิสต์โรงเรียน")
        #expect(offer.state == .confirmation, "\(offer.response)")
        #expect(offer.response.hasPrefix("ยังไม่มีลิสต์ โรงเรียน"), "\(offer.response)")
        #expect(try store.lists().count == 4)
    }

    @Test func removingWhatIsNotThereIsSaidSo() throws {
        let one = try once("ลบนมกับข้าวโพดออกจากซื้อของ")
        #expect(one.response == "ลบ นม ออกจาก ซื้อของ แล้ว ส่วน ข้าวโพด ไม่ได้อยู่ในลิสต์อยู่แล้ว")
        #expect(try names("ซื้อของ") == ["ไข่ไก่", "ขนมปัง"])
    }
}

/// The shipped Thai classifier model (Resources/th/classifier.tsv).
@Suite("Shipped Thai classifier model")
struct ThaiClassifierModelTests {
    @Test("the shipped th model is trained from the current training data (else run `swift run listomat train-classifier --locale th`)")
    func modelIsUpToDate() throws {
        let assistant = try Assistant.shared("th")
        #expect(assistant.warnings.isEmpty)
        let model = try #require(assistant.engine.classifier, "no th classifier model")
        #expect(model.source == IntentClassifier.source(of: try Assistant.classifierExamples(locale: "th")))
    }

    @Test("the model guesses Thai requests no template reads, and asks before acting on one")
    func guessesAndAsks() throws {
        let engine = try Assistant.shared("th").engine
        #expect(engine.classifier?.predict(words("นมใกล้หมดแล้วล่ะ")).intent == "AddTasks")
        #expect(engine.classifier?.predict(words("ตั้งปลุกหกโมงเช้า")).intent == "none")
    }

    func words(_ text: String) -> [String] { TextNormalizer.tokenize(text).map(\.folded) }

}
