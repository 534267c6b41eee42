import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Whole conversations in Korean over a real (in-memory) store: particles glued to names and
/// values, spacing variants, a menu, a confirmation, a "did you mean", questions that change
/// nothing, and bad input in Hangul.
@Suite("The Lists domain in Korean")
struct KoreanConversationTests {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "장보기", items: ["우유", "계란"])
        try store.createList(named: "할 일", items: ["관리비 내기"])
        try store.createList(named: "제주도 여행", items: ["충전기"])
        try store.createList(named: "부산 여행", items: ["우산"])
        assistant = try Assistant.shared("ko")
    }

    func say(_ text: String, _ conversation: inout Conversation) throws -> Turn {
        conversation.receive(.utterance(text), engine: assistant.engine, domain: try assistant.domain(store))
    }

    func items(_ list: String) throws -> [String] { try store.items(in: .name(list)).map(\.name) }

    @Test("“우유를 장보기에서 두 번째로 옮겨 줘”: a place on the list, never a list called “두 번째”", arguments: [
        "우유를 장보기에서 두 번째로 옮겨 줘", "우유를 장보기 리스트 두 번째로 옮겨 주세요",
    ])
    func aPlaceIsNoList(text: String) throws {
        try store.addItems(["두부", "라면"], to: .name("장보기"))
        var conversation = Conversation()
        let turn = try say(text, &conversation)
        #expect(turn.intent == "MoveTaskToPosition" && turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items("장보기") == ["계란", "우유", "두부", "라면"], "\(text): \(turn.response)")
        #expect(try items("할 일") == ["관리비 내기"])
    }

    @Test func aNameEndingInASyllableThatIsAlsoAParticleKeepsIt() throws {
        try store.createList(named: "울릉도", items: [])
        var conversation = Conversation()
        // 도 never comes before 에: "울릉도에" is the list 울릉도, not "울릉" with two particles.
        #expect(try say("울릉도에 오징어 추가해 줘", &conversation).state == .completed)
        #expect(try items("울릉도") == ["오징어"])
        conversation = Conversation()
        let shown = try say("울릉도 목록 보여줘", &conversation)
        #expect(shown.state == .completed)
        #expect(shown.snippet?.items.map(\.name) == ["오징어"])
        conversation = Conversation()
        // 도 as "also" after an item still comes off.
        #expect(try say("장보기에 두부도 넣어 줘", &conversation).state == .completed)
        #expect(try items("장보기") == ["우유", "계란", "두부"])
    }

    @Test func aNewNameBeforeTheWordForListKeepsItsLastSyllable() throws {
        // 도, 가, 이 at the end of a name said before 목록/리스트 are the name's own: a name
        // compounded with "list" takes no particle there.
        for (request, name) in [("제주도 목록 만들어 줘", "제주도"), ("여름휴가 리스트 만들어", "여름휴가"),
                                ("울릉도 목록을 새로 만들어 줘", "울릉도"), ("강아지 목록 만들어", "강아지"),
                                ("학교 준비물 목록 만들어줘", "학교 준비물"), ("여행 가방 리스트 새로 만들어", "여행 가방")] {
            var conversation = Conversation()
            let made = try say(request, &conversation)
            #expect(made.intent == "CreateTaskList", "\(request)")
            #expect(made.state == .completed, "\(request)")
            #expect(try store.lists().map(\.name).contains(name), "\(request)")
        }
        // Before a word for "list" said as a place (목록에), 가 and 도 are still particles.
        var conversation = Conversation()
        let asked = try say("우유가 목록에 있어?", &conversation)
        #expect(asked.intent == "SearchForNotebookItems")
        #expect(asked.state == .completed)
        #expect(try items("장보기") == ["우유", "계란"])
    }

    @Test func particlesAreNeverPartOfWhatIsAdded() throws {
        var conversation = Conversation()
        let done = try say("장보기에 사과랑 배를 추가해 줘", &conversation)
        #expect(done.state == .completed)
        // 사과 ends in 과, which follows only a final consonant: it stays an apple.
        #expect(try items("장보기") == ["우유", "계란", "사과", "배"])
        conversation = Conversation()
        #expect(try say("할일에 은행 가기와 서류 제출하기를 넣어주세요", &conversation).state == .completed)
        #expect(try items("할 일") == ["관리비 내기", "은행 가기", "서류 제출하기"])
    }

    @Test func severalItemsAtOnceSplitOnKoreanAnd() throws {
        var conversation = Conversation()
        let done = try say("리스토맷, 장보기 목록에 두부하고 대파, 그리고 라면 추가해줘", &conversation)
        #expect(done.state == .completed)
        #expect(try items("장보기") == ["우유", "계란", "두부", "대파", "라면"])
    }

    @Test func aWordInTwoListNamesGetsAMenu() throws {
        var conversation = Conversation()
        let menu = try say("여행 리스트에 모자 추가해 줘", &conversation)
        #expect(menu.state == .disambiguation)
        #expect(menu.options == ["제주도 여행", "부산 여행"])
        let done = try say("두 번째", &conversation)
        #expect(done.state == .completed)
        #expect(try items("부산 여행") == ["우산", "모자"])
    }

    @Test func deletingAListAsksFirst() throws {
        var conversation = Conversation()
        let asked = try say("부산 여행 리스트 삭제해 주세요", &conversation)
        #expect(asked.state == .confirmation)
        #expect(try say("아니", &conversation).state != .completed)
        #expect(try store.lists().count == 4)
        conversation = Conversation()
        #expect(try say("부산 여행 리스트 삭제해 주세요", &conversation).state == .confirmation)
        #expect(try say("응", &conversation).state == .completed)
        #expect(try store.lists().map(\.name).sorted() == ["장보기", "제주도 여행", "할 일"])
    }

    @Test func aMisspeltListNameIsAGuessToConfirm() throws {
        var conversation = Conversation()
        // One jamo off (ㅗ for ㅏ), and two syllables with one jamo off: "did you mean" both.
        let asked = try say("장바기에 두부 추가해 줘", &conversation)
        #expect(asked.state == .confirmation)
        #expect(asked.response == "장보기 말씀이세요?")
        #expect(try items("장보기") == ["우유", "계란"])
        #expect(try say("네", &conversation).state == .completed)
        #expect(try items("장보기") == ["우유", "계란", "두부"])
    }

    @Test func spacingVariantsFindTheSameList() throws {
        for spoken in ["할일 보여줘", "할 일 목록 보여 줘", "할일목록 보여 주세요"] {
            var conversation = Conversation()
            let shown = try say(spoken, &conversation)
            #expect(shown.intent == "SearchForNotebookItems", "\(spoken)")
            #expect(shown.parameters.first?.values == ["할 일"], "\(spoken)")
        }
    }

    @Test func aQuestionChangesNothing() throws {
        for question in ["장보기에 우유 있어?", "내가 장보기에 대파 넣었던가?", "충전기 어느 리스트에 있어?"] {
            var conversation = Conversation()
            let answered = try say(question, &conversation)
            #expect(answered.intent == "SearchForNotebookItems", "\(question)")
        }
        var conversation = Conversation()
        // A change asked as a question only asks.
        #expect(try say("장보기에 두부 있어? 없으면 추가해 줘", &conversation).state == .confirmation)
        #expect(try items("장보기") == ["우유", "계란"])
    }

    @Test func aRequestTurnedDownAtTheEndIsNotDone() throws {
        var conversation = Conversation()
        let refused = try say("장보기 리스트 지우지 마", &conversation)
        #expect(refused.state != .completed && refused.state != .confirmation)
        #expect(try store.lists().count == 4)
    }

    @Test func badHangulInputGetsAnAnswerAndChangesNothing() throws {
        // Half a syllable (a lone jamo, alone or at a word's end), mixed scripts, right-to-left
        // marks, emoji: an answer (not understood, or a question back), never a change.
        for text in ["ㅈ", "ㅏㅏㅏ", "장보기에 ㄷ 추가", "장보기에 우유ㄹ 추가해 줘", "\u{200F}장보기\u{200F} 보여 줘",
                     "장보기 mixed العربية 추가", "🛒🛒"] {
            var conversation = Conversation(dryRun: true)
            let turn = try say(text, &conversation)
            #expect(turn.state != .completed || turn.intent == "SearchForNotebookItems", "\(text)")
            #expect(!turn.response.isEmpty, "\(text)")
        }
        var conversation = Conversation()
        let asked = try say("장보기에 ㄷ 추가", &conversation)
        #expect(asked.state == .needsValue)
        #expect(asked.response == "장보기에 무엇을 추가할까요?")
        #expect(try items("장보기") == ["우유", "계란"])
        #expect(try store.lists().count == 4)
    }

    @Test func anItemAndAListSideBySideBeforeRoMoves() throws {
        var conversation = Conversation()
        let moved = try say("우산 장보기로 옮겨줘", &conversation)
        #expect(moved.state == .completed)
        #expect(try store.items(in: .name("장보기")).map(\.name) == ["우유", "계란", "우산"])
        #expect(try store.items(in: .name("부산 여행")).map(\.name) == [])
        conversation = Conversation()
        #expect(try say("우산 장보기에서 할 일로 옮겨 주세요", &conversation).state == .completed)
        #expect(try store.items(in: .name("할 일")).map(\.name) == ["관리비 내기", "우산"])
    }

    func everything() throws -> [[String]] { try store.lists().map { list in try store.items(in: .id(list.id)).map { "\($0.name)\($0.done ? " ✓" : "")" } } }

    func once(_ text: String) throws -> Turn {
        var conversation = Conversation()
        return try say(text, &conversation)
    }

    @Test("asked whether something is done: 네 when checked off, 아직이요 when not, none when on no list", arguments: [
        ("계란 샀어?", "네, 계란: 장보기에 있어요 (체크됨)."),
        ("계란 벌써 샀나?", "네, 계란: 장보기에 있어요 (체크됨)."),
        ("우유 샀어?", "아직이요, 우유: 장보기에 있어요 (아직 체크 안 됨)."),
        ("충전기 챙겼어?", "아직이요, 충전기: 제주도 여행에 있어요 (아직 체크 안 됨)."),
    ])
    func doneQuestions(text: String, answer: String) throws {
        try store.setDone(true, [.name("계란")], in: .name("장보기"))
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text)")
        #expect(turn.response == answer, "\(text)")
        #expect(try everything() == before)
        // Said as a statement, not asked: checked off.
        #expect(try once("우유 샀어").intent == "SetTaskAttribute")
    }

    @Test("the item at a place: answered with it, or removed and checked off by it")
    func itemAtAPlace() throws {
        #expect(try once("장보기 목록 마지막 항목 뭐야").response == "장보기의 2개 중 2번째: 계란.")
        #expect(try once("장보기 두 번째 거 뭐야").response == "장보기의 2개 중 2번째: 계란.")
        #expect(try once("장보기 목록 첫 번째 항목 체크해 줘").state == .completed)
        #expect(try store.items(in: .name("장보기")).filter(\.done).map(\.name) == ["우유"])
        #expect(try once("장보기 목록 두 번째 항목 지워 줘").state == .completed)
        #expect(try items("장보기") == ["우유"])
    }

    @Test("deleting every list: one at a time, the lists counted and offered, nothing deleted", arguments: [
        "리스트 전부 삭제해 줘", "모든 리스트 다 지워",
    ])
    func deletingEveryList(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "DeleteTaskList", "\(text)")
        #expect(turn.response.hasPrefix("리스트는 한 번에 하나씩, 먼저 여쭤보고 삭제해요. 리스트가 4개 있어요: "), "\(turn.response)")
        #expect(turn.options.count == 4)
        #expect(try store.lists().count == 4)
    }

    @Test("undo said in other words takes back the newest change", arguments: ["방금 한 거 취소해 줘", "방금 작업 되돌려 줘"])
    func undoInOtherWords(text: String) throws {
        #expect(try once("할 일에 빨래 추가해 줘").state == .completed)
        let undone = try once(text)
        #expect(undone.intent == "UndoChange", "\(text)")
        #expect(try items("할 일") == ["관리비 내기"], "\(text)")
    }

    @Test func aMissingListOnAnAddIsOfferedAndRemovingWhatIsNotThereIsSaidSo() throws {
        let offer = try once("학교 리스트에 연필 추가해 줘")
        #expect(offer.state == .confirmation, "\(offer.response)")
        #expect(offer.response == "학교 리스트가 없어요. 새로 만들어서 연필 추가할까요?")
        #expect(try store.lists().count == 4)
        let one = try once("장보기에서 우유랑 옥수수 빼 줘")
        #expect(one.response == "장보기에서 뺐어요: 우유. 옥수수: 원래 없었어요.")
        #expect(try items("장보기") == ["계란"])
    }

    @Test func aGuessWithNoItemAsksWhichListWithoutAGap() throws {
        // (Said with its verb: the bare noun "체크" is no longer guessed since the model stopped
        // learning from sentences that are values alone.)
        let asked = try once("체크해 줘")
        #expect(asked.state == .needsValue)
        #expect(asked.response == "어느 리스트요?")
    }
}

/// The particle splitter itself: the final-consonant alternations and the word endings.
@Suite("Korean particles")
struct KoreanParticleTests {
    let language = try! Assistant.shared("ko").engine.language

    func words(_ text: String) -> [String] { language.tokenize(text).map(\.folded) }

    @Test func particlesFollowTheFinalConsonantRule() {
        #expect(words("우유를 박스를") == ["우유", "를", "박스", "를"])
        #expect(words("폭죽을") == ["폭죽", "을"])
        #expect(words("사과") == ["사과"])  // 과 only after a final consonant
        #expect(words("과자와 연고하고") == ["과자", "와", "연고", "하고"])
        #expect(words("준비물로 여행으로") == ["준비물", "로", "여행", "으로"])  // 로 after ㄹ
        #expect(words("ListOMat으로") == ["listomat", "으로"])
    }

    @Test func wordEndingsStayAfterOneSyllable() {
        #expect(words("포도") == ["포도"])
        #expect(words("선글라스도") == ["선글라스", "도"])
        #expect(words("새로") == ["새로"])
        #expect(words("장보기목록에") == ["장보기", "목록", "에"])
        // The polite 요 and helper verbs come off a verb; a word that is itself one stays whole.
        #expect(words("추가해요 넣어줘") == ["추가해", "요", "넣어", "줘"])
        #expect(words("주세요 필요") == ["주세요", "필요"])
    }

    @Test func aValueKeepsItsTextAsTyped() throws {
        let text = "캠핑 준비물에서 모기 기피제를"
        let tokens = language.tokenize(text)
        #expect(tokens.map { String(text[$0.range]) } == ["캠핑", "준비물", "에서", "모기", "기피제", "를"])
    }

    /// The templates' words are written as the splitter reads an utterance ("들어 가 있어",
    /// not "들어가 있어"): a template word it would split could never match.
    @Test func noTemplateWordIsOneTheSplitterWouldSplit() throws {
        var texts = Array(language.rules.values)
        for intent in language.intents.values { texts += intent.sentences.flatMap(\.templates) }
        var split: [String] = []
        for text in texts {
            func walk(_ node: TemplateNode) {
                switch node {
                case .word(let word):
                    let tokens = language.tokenize(word)
                    if tokens.count != 1, !language.particles.contains(word) { split.append(word) }
                case .sequence(let nodes), .alternatives(let nodes): nodes.forEach(walk)
                case .optional(let inner): walk(inner)
                case .slot, .rule: break
                }
            }
            walk(try TemplateParser.parse(text))
        }
        #expect(split.isEmpty, "\(Set(split).sorted())")
    }

}
