import Testing

@testable import IntentKit

/// A conversation with the fake Orders domain, and the record of what its handlers saw.
struct Harness {
    let engine: IntentEngine
    let world: OrdersWorld
    let domain: OrdersDomain
    var conversation: Conversation

    init(dryRun: Bool = false, unhandled: Set<String> = []) throws {
        engine = try makeOrdersEngine()
        world = OrdersWorld()
        domain = OrdersDomain(world: world, language: engine.language, unhandled: unhandled)
        conversation = Conversation(dryRun: dryRun)
    }

    @discardableResult
    mutating func say(_ text: String) -> Turn { send(.utterance(text)) }

    @discardableResult
    mutating func send(_ input: ConversationInput) -> Turn {
        conversation.receive(input, engine: engine, domain: domain)
    }

    var store: [ResolutionInput] { world.resolves(of: "store") }
    var dishes: [ResolutionInput] { world.resolves(of: "dishes") }
}

private func parameters(_ turn: Turn) -> [String: [String]] {
    Dictionary(uniqueKeysWithValues: turn.parameters.map { ($0.name, $0.values) })
}

let pizzaPlace = ParameterValue.entity(id: "p1", name: "Pizza Place")
let pizzaPalace = ParameterValue.entity(id: "p2", name: "Pizza Palace")
let sushiBar = ParameterValue.entity(id: "s1", name: "Sushi Bar")

@Suite("Conversation: straight through")
struct ConversationStraightTests {
    @Test("a full command in a dry run is ready: resolved and confirmed, not handled")
    func dryRunReady() throws {
        var h = try Harness(dryRun: true)
        let turn = h.say("order rice from Burger Barn")
        #expect(turn.state == .ready)
        #expect(turn.intent == "PlaceOrder")
        #expect(turn.parameter == nil)
        #expect(turn.response == "Ready: Order rice from Burger Barn.")
        #expect(turn.parameters.map(\.name) == ["store", "dishes", "size"])
        #expect(parameters(turn) == ["store": ["Burger Barn"], "dishes": ["rice"], "size": []])
        #expect(turn.parameters.map(\.multiple) == [false, true, false])
        #expect(turn.finished)
        // Resolution in schema order, then confirm; never handle.
        #expect(h.world.resolves.map(\.parameter) == ["store", "dishes", "size"])
        #expect(h.world.confirms.count == 1)
        #expect(h.world.handles.isEmpty)
        #expect(!h.conversation.isWaiting)
        #expect(h.conversation.request == nil)
    }

    @Test("a fixed slot and the combination title for every parameter present")
    func dryRunWithFixedSlot() throws {
        var h = try Harness(dryRun: true)
        let turn = h.say("order a large pizza from Burger Barn")
        #expect(turn.state == .ready)
        #expect(turn.response == "Ready: Order large pizza from Burger Barn.")
        #expect(h.world.resolves(of: "size") == [.spoken("large")])
    }

    @Test("a full command completes: handled exactly once, answered in words from the template")
    func completed() throws {
        var h = try Harness()
        let turn = h.say("order rice, onions and olives from the burger barn")
        #expect(turn.state == .completed)
        #expect(turn.intent == "PlaceOrder")
        #expect(turn.response == "Ordered rice, onions and olives from Burger Barn.")
        #expect(turn.snippet == Snippet(title: "Burger Barn", items: []))
        #expect(turn.finished)
        #expect(h.world.handles.count == 1)
        let request = try #require(h.world.handles.first)
        #expect(request.value("store")?.id == "b1")
        #expect(request.values("dishes").map(\.display) == ["rice", "onions", "olives"])
        #expect(request.parameters["size"] == [.absent])
        #expect(h.dishes == [.spoken("rice"), .spoken("onions"), .spoken("olives")])
        #expect(!h.conversation.isWaiting)
    }

    @Test("words that are no command are not understood, and nothing is resolved", arguments: [
        "what is the weather", "", "   ", "\u{0}\u{1B}[2J", "🍕", "cancel", "yes", "2",
    ])
    func notUnderstood(text: String) throws {
        var h = try Harness()
        let turn = h.say(text)
        #expect(turn.state == .notUnderstood)
        #expect(turn.intent == nil)
        #expect(turn.response == "Sorry, I didn't get that.")
        #expect(turn.finished)
        #expect(h.world.resolves.isEmpty)
        #expect(!h.conversation.isWaiting)
    }

    @Test("answers with no question asked are not understood", arguments: [
        ConversationInput.answer("Burger Barn"), .pick(0), .yes, .no,
    ])
    func answerWithoutQuestion(input: ConversationInput) throws {
        var h = try Harness()
        #expect(h.send(input).state == .notUnderstood)
        #expect(h.world.resolves.isEmpty)
    }

    @Test("an intent without a handler is not understood")
    func noHandler() throws {
        var h = try Harness(unhandled: ["ShowStore"])
        #expect(h.say("show Burger Barn").state == .notUnderstood)
        #expect(!h.conversation.isWaiting)
    }
}

@Suite("Conversation: missing values")
struct ConversationNeedsValueTests {
    @Test("a missing value is asked for, and the answer fills it")
    func answerFillsValue() throws {
        var h = try Harness()
        let ask = h.say("order rice")
        #expect(ask.state == .needsValue)
        #expect(ask.parameter == "store")
        #expect(ask.response == "Which store should I order rice from?")
        #expect(!ask.finished)
        #expect(h.conversation.isWaiting)
        #expect(h.world.confirms.isEmpty)

        let done = h.say("burger barn")
        #expect(done.state == .completed)
        #expect(done.response == "Ordered rice from Burger Barn.")
        #expect(h.store == [.missing, .spoken("burger barn")])
        #expect(h.world.handles.count == 1)
    }

    @Test("an answer given as .answer works the same")
    func explicitAnswer() throws {
        var h = try Harness()
        h.say("order rice")
        #expect(h.send(.answer("Burger Barn")).state == .completed)
        #expect(h.world.handles.first?.value("store")?.id == "b1")
    }

    @Test("a multi-valued answer is split into its values, each resolved")
    func multiValuedAnswer() throws {
        var h = try Harness()
        let ask = h.say("order from Burger Barn")
        #expect(ask.state == .needsValue)
        #expect(ask.parameter == "dishes")
        #expect(ask.response == "What should I order from Burger Barn?")
        let done = h.say("rice, onions, and a salad")
        #expect(done.state == .completed)
        #expect(h.dishes == [.missing, .spoken("rice"), .spoken("onions"), .spoken("salad")])
        #expect(h.world.handles.first?.values("dishes").map(\.display) == ["rice", "onions", "salad"])
        #expect(parameters(done)["dishes"] == ["rice", "onions", "salad"])
    }

    @Test("an answer to a later question keeps what was already resolved")
    func keepsResolved() throws {
        var h = try Harness()
        h.say("order from Burger Barn")
        h.say("rice")
        // The store was resolved once, before the question; not again after the answer.
        #expect(h.store == [.spoken("Burger Barn")])
    }

    @Test("separators alone in the command: the value is asked for, not taken as none")
    func emptySplitInCommand() throws {
        var h = try Harness()
        let ask = h.say("order and from Burger Barn")
        #expect(ask.state == .needsValue)
        #expect(ask.parameter == "dishes")
        #expect(h.world.handles.isEmpty)
        #expect(h.say("rice").state == .completed)
        #expect(h.world.handles.first?.values("dishes").map(\.display) == ["rice"])
    }

    @Test("separators alone are no answer: asked again")
    func emptySplitAnswer() throws {
        var h = try Harness()
        h.say("order from Burger Barn")
        let again = h.say("and")
        #expect(again.state == .needsValue)
        #expect(again.parameter == "dishes")
        #expect(again.response == "Sorry, I can't use that answer. What should I order from Burger Barn?")
        #expect(h.world.handles.isEmpty)
    }
}

@Suite("Conversation: menus")
struct ConversationDisambiguationTests {
    @Test("a menu, then a pick: the parameter is resolved again with the chosen value")
    func pickReResolves() throws {
        var h = try Harness()
        let menu = h.say("order rice from pizza")
        #expect(menu.state == .disambiguation)
        #expect(menu.parameter == "store")
        #expect(menu.options == ["Pizza Place", "Pizza Palace"])
        #expect(menu.response == "Which store: Pizza Place or Pizza Palace?")
        #expect(parameters(menu)["store"] == ["pizza"])
        #expect(h.conversation.question == .pick(parameter: "store", index: 0, options: [pizzaPlace, pizzaPalace]))

        let done = h.send(.pick(1))
        #expect(done.state == .completed)
        #expect(done.response == "Ordered rice from Pizza Palace.")
        #expect(h.store == [.spoken("pizza"), .chosen(pizzaPalace)])
        #expect(h.world.handles.count == 1)
        #expect(h.world.handles.first?.value("store") == pizzaPalace)
    }

    @Test("a pick typed in words", arguments: [
        ("2", "p2"), ("1", "p1"), ("number 2", "p2"), ("#2", "p2"),
        ("second", "p2"), ("the second one", "p2"), ("the first one", "p1"), ("Last", "p2"),
        ("Pizza Palace", "p2"), ("pizza place", "p1"), ("palace", "p2"), ("the pizza palace", "p2"),
    ])
    func typedPick(text: String, id: String) throws {
        var h = try Harness()
        h.say("order rice from pizza")
        let done = h.say(text)
        #expect(done.state == .completed)
        #expect(h.world.handles.first?.value("store")?.id == id)
        #expect(h.store.last == .chosen(h.world.store(id)))
    }

    @Test("a pick that is not on the menu is asked again", arguments: [
        ConversationInput.pick(2), .pick(-1), .utterance("3"), .utterance("0"), .utterance("pizza"),
        .utterance("banana"), .yes, .no,
    ])
    func badPick(input: ConversationInput) throws {
        var h = try Harness()
        h.say("order rice from pizza")
        let again = h.send(input)
        #expect(again.state == .disambiguation)
        #expect(again.options == ["Pizza Place", "Pizza Palace"])
        #expect(again.response == "Sorry, I can't use that answer. Which store: Pizza Place or Pizza Palace?")
        #expect(h.conversation.retries == 1)
        #expect(h.store == [.spoken("pizza")])
    }

    @Test("multi-valued parameters resolve element by element: the pick lands on its element")
    func elementByElement() throws {
        var h = try Harness()
        let menu = h.say("order rice and pasta and bread from Burger Barn")
        #expect(menu.state == .disambiguation)
        #expect(menu.parameter == "dishes")
        #expect(menu.options == ["Pasta Carbonara", "Pasta Pesto"])
        #expect(h.conversation.question == .pick(
            parameter: "dishes", index: 1, options: [.text("Pasta Carbonara"), .text("Pasta Pesto")]))
        let done = h.say("pesto")
        #expect(done.state == .completed)
        #expect(h.world.handles.first?.values("dishes").map(\.display) == ["rice", "Pasta Pesto", "bread"])
        #expect(h.dishes == [.spoken("rice"), .spoken("pasta"), .chosen(.text("Pasta Pesto")), .spoken("bread")])
    }

    @Test("a chosen value that is gone by now is unsupported, then a good value continues")
    func chosenValueGone() throws {
        var h = try Harness()
        h.say("order rice from pizza")
        h.world.removeStore("p2")
        let turn = h.send(.pick(1))
        #expect(turn.state == .unsupported)
        #expect(turn.parameter == "store")
        #expect(turn.response == "There's no store called “Pizza Palace”. Which store?")
        #expect(h.world.handles.isEmpty)
        #expect(h.say("Burger Barn").state == .completed)
    }
}

@Suite("Conversation: confirmations")
struct ConversationConfirmationTests {
    @Test("“did you mean …?”, yes: the value is resolved again as chosen")
    func confirmValueYes() throws {
        var h = try Harness()
        let question = h.say("order rice from sushi")
        #expect(question.state == .confirmation)
        #expect(question.parameter == "store")
        #expect(question.options == ["Sushi Bar"])
        #expect(question.response == "Did you mean Sushi Bar?")
        let done = h.send(.yes)
        #expect(done.state == .completed)
        #expect(h.store == [.spoken("sushi"), .chosen(sushiBar)])
        #expect(h.world.handles.first?.value("store") == sushiBar)
    }

    @Test("yes in words", arguments: ["yes", "Yeah!", "sure", "go ahead"])
    func confirmValueYesTyped(text: String) throws {
        var h = try Harness()
        h.say("order rice from sushi")
        #expect(h.say(text).state == .completed)
        #expect(h.store.last == .chosen(sushiBar))
    }

    @Test("“did you mean …?”, no: the value is asked for")
    func confirmValueNo() throws {
        var h = try Harness()
        h.say("order rice from sushi")
        let ask = h.say("no")
        #expect(ask.state == .needsValue)
        #expect(ask.parameter == "store")
        #expect(ask.response == "Which store should I order rice from?")
        #expect(h.world.handles.isEmpty)
        let done = h.say("Burger Barn")
        #expect(done.state == .completed)
        #expect(h.world.handles.first?.value("store")?.id == "b1")
        #expect(!h.store.contains(.chosen(sushiBar)))
    }

    @Test("a guess for one value of several uses the language's generic question")
    func confirmElement() throws {
        var h = try Harness()
        let question = h.say("order rice and soup from Burger Barn")
        #expect(question.state == .confirmation)
        #expect(question.parameter == "dishes")
        #expect(question.response == "Did you mean Soup of the Day?")
        #expect(h.send(.yes).state == .completed)
        #expect(h.world.handles.first?.values("dishes").map(\.display) == ["rice", "Soup of the Day"])
    }

    @Test("“are you sure?”, yes: handled once")
    func confirmIntentYes() throws {
        var h = try Harness()
        let question = h.say("delete the order from Burger Barn")
        #expect(question.state == .confirmation)
        #expect(question.intent == "DeleteOrder")
        #expect(question.parameter == nil)
        #expect(question.response == "Delete the order from Burger Barn with 2 dishes?")
        #expect(h.world.handles.isEmpty)
        let done = h.send(.yes)
        #expect(done.state == .completed)
        #expect(done.response == "Deleted the order from Burger Barn.")
        #expect(h.world.handles.count == 1)
        #expect(h.world.handles.first?.userConfirmed == true)
        #expect(!h.conversation.isWaiting)
    }

    @Test("“are you sure?”, yes in words")
    func confirmIntentYesTyped() throws {
        var h = try Harness()
        h.say("delete the order from Burger Barn")
        #expect(h.say("Yes").state == .completed)
        #expect(h.world.handles.count == 1)
    }

    @Test("“are you sure?”, no: failed as declined, never handled", arguments: [
        ConversationInput.no, .utterance("no"), .utterance("Nope."), .answer("no"),
    ])
    func confirmIntentNo(input: ConversationInput) throws {
        var h = try Harness()
        h.say("delete the order from Burger Barn")
        let turn = h.send(input)
        #expect(turn.state == .failed)
        #expect(turn.intent == "DeleteOrder")
        #expect(turn.response == "OK, I won't.")
        #expect(h.world.handles.isEmpty)
        #expect(!h.conversation.isWaiting)
    }

    @Test("a dry run asks “are you sure?” and stops at ready after yes")
    func confirmIntentDryRun() throws {
        var h = try Harness(dryRun: true)
        #expect(h.say("delete the order from Burger Barn").state == .confirmation)
        let turn = h.send(.yes)
        #expect(turn.state == .ready)
        #expect(h.world.handles.isEmpty)
    }

    @Test("confirm can refuse: failed with the reason, never handled")
    func confirmFailure() throws {
        var h = try Harness()
        let turn = h.say("order rice from Closed Diner")
        #expect(turn.state == .failed)
        #expect(turn.response == "I couldn't order from Closed Diner: it is closed")
        #expect(h.world.confirms.count == 1)
        #expect(h.world.handles.isEmpty)
    }
}

/// One utterance for each kind of question, and the state it leaves.
let questions: [(String, ConversationState)] = [
    ("order rice", .needsValue),
    ("order rice from pizza", .disambiguation),
    ("order rice from sushi", .confirmation),
    ("delete the order from Burger Barn", .confirmation),
    ("order rice from taco truck", .unsupported),
    ("order poison from Burger Barn", .unsupported),
]

@Suite("Conversation: cancel and switching")
struct ConversationCancelTests {
    static let cancels: [ConversationInput] = [
        .cancel, .utterance("cancel"), .utterance("Never mind."), .utterance("STOP!"),
    ]

    @Test("cancel from every kind of question", arguments: questions, cancels)
    func cancel(question: (String, ConversationState), input: ConversationInput) throws {
        var h = try Harness()
        #expect(h.say(question.0).state == question.1)
        #expect(h.conversation.isWaiting)
        let turn = h.send(input)
        #expect(turn.state == .failed)
        #expect(turn.response == "OK, cancelled.")
        #expect(turn.intent != nil)
        #expect(!h.conversation.isWaiting)
        #expect(h.conversation.request == nil)
        #expect(h.world.handles.isEmpty)
        // Nothing is left to answer.
        #expect(h.send(.yes).state == .notUnderstood)
        #expect(h.world.handles.isEmpty)
    }

    @Test("a new full command typed at any question starts that command", arguments: questions)
    func switchIntent(question: (String, ConversationState)) throws {
        var h = try Harness()
        #expect(h.say(question.0).state == question.1)
        let turn = h.say("show Burger Barn")
        #expect(turn.state == .completed)
        #expect(turn.intent == "ShowStore")
        #expect(turn.response == "Here is Burger Barn.")
        #expect(h.world.handles.map(\.intent) == ["ShowStore"])
        #expect(!h.conversation.isWaiting)
    }

    @Test("a new command at a question can ask its own questions")
    func switchToAnotherQuestion() throws {
        var h = try Harness()
        h.say("order rice from pizza")
        let question = h.say("delete the order from sushi")
        #expect(question.state == .confirmation)
        #expect(question.intent == "DeleteOrder")
        #expect(question.parameter == "store")
        #expect(h.send(.yes).state == .confirmation)  // now “are you sure?”
        let done = h.send(.yes)
        #expect(done.state == .completed)
        #expect(h.world.handles.map(\.intent) == ["DeleteOrder"])
        #expect(h.world.handles.first?.value("store") == sushiBar)
    }

    @Test("switching starts the count of unusable answers afresh")
    func switchResetsRetries() throws {
        var h = try Harness()
        h.say("order rice from pizza")
        h.say("banana")
        #expect(h.conversation.retries == 1)
        h.say("order bread from pizza")
        #expect(h.conversation.retries == 0)
        #expect(h.say("banana").state == .disambiguation)
        #expect(h.say("palace").state == .completed)
        #expect(h.world.handles.first?.values("dishes").map(\.display) == ["bread"])
    }
}

@Suite("Conversation: unusable answers and unsupported values")
struct ConversationRetryTests {
    /// A question and the state it leaves, an answer that cannot be used there, and the
    /// state the repeated question is in.
    static let cases: [(String, ConversationState, String, ConversationState)] = [
        ("order rice", .needsValue, "", .needsValue),
        ("order rice", .needsValue, "taco truck", .unsupported),
        ("order from Burger Barn", .needsValue, "whatever", .needsValue),
        ("order rice from pizza", .disambiguation, "banana", .disambiguation),
        ("order rice from sushi", .confirmation, "maybe", .confirmation),
        ("delete the order from Burger Barn", .confirmation, "maybe", .confirmation),
        ("order rice from taco truck", .unsupported, "taco truck", .unsupported),
        ("order poison from Burger Barn", .unsupported, "arsenic", .unsupported),
    ]

    @Test("an unusable answer is asked again once; after the second it gives up politely", arguments: cases)
    func boundedRetries(c: (question: String, asked: ConversationState, answer: String, again: ConversationState)) throws {
        var h = try Harness()
        #expect(h.say(c.question).state == c.asked)
        #expect(h.conversation.retries == 0)
        let first = h.say(c.answer)
        #expect(first.state == c.again)
        #expect(h.conversation.retries == 1)
        let second = h.say(c.answer)
        #expect(second.state == .failed)
        #expect(second.response == "Sorry, let's leave it there.")
        #expect(!h.conversation.isWaiting)
        #expect(h.conversation.retries == 0)
        #expect(h.world.handles.isEmpty)
    }

    @Test("an unusable answer, then a good one: done")
    func goodAfterOne() throws {
        var h = try Harness()
        h.say("order rice from pizza")
        h.say("banana")
        #expect(h.say("2").state == .completed)
        #expect(h.world.handles.count == 1)
    }

    @Test("unusable answers to “did you mean …?” keep the same question")
    func confirmRepeats() throws {
        var h = try Harness()
        h.say("order rice from sushi")
        let again = h.send(.pick(0))
        #expect(again.state == .confirmation)
        #expect(again.options == ["Sushi Bar"])
        #expect(again.response == "Sorry, I can't use that answer. Did you mean Sushi Bar?")
    }

    @Test("an unsupported value says why, and a good value continues")
    func unsupportedThenGood() throws {
        var h = try Harness()
        let turn = h.say("order poison from Burger Barn")
        #expect(turn.state == .unsupported)
        #expect(turn.parameter == "dishes")
        #expect(turn.response == "I can't order “poison”: We don't sell that. What else?")
        #expect(h.conversation.isWaiting)
        let done = h.say("rice")
        #expect(done.state == .completed)
        #expect(h.world.handles.first?.values("dishes").map(\.display) == ["rice"])
    }

    @Test("an unsupported store says so, then a good store continues")
    func unsupportedStore() throws {
        var h = try Harness()
        let turn = h.say("order rice from taco truck")
        #expect(turn.state == .unsupported)
        #expect(turn.parameter == "store")
        #expect(turn.response == "There's no store called “taco truck”. Which store?")
        #expect(parameters(turn)["store"] == ["taco truck"])
        #expect(h.say("Burger Barn").state == .completed)
    }

    @Test("with no prompt for it, the handler's reason is the answer")
    func unsupportedReasonOnly() throws {
        var h = try Harness()
        let turn = h.say("show taco truck")
        #expect(turn.state == .unsupported)
        #expect(turn.response == "No such store.")
    }

    @Test("one unsupported value among several: only that one is asked for again")
    func unsupportedElement() throws {
        var h = try Harness()
        let turn = h.say("order rice and poison from Burger Barn")
        #expect(turn.state == .unsupported)
        #expect(h.conversation.question == .value(parameter: "dishes", index: 1))
        let done = h.say("bread and jam")
        #expect(done.state == .completed)
        #expect(h.world.handles.first?.values("dishes").map(\.display) == ["rice", "bread", "jam"])
        #expect(h.dishes == [.spoken("rice"), .spoken("poison"), .spoken("bread"), .spoken("jam")])
    }

    @Test("each usable answer starts the count afresh, across values and parameters")
    func usableAnswersResetCount() throws {
        var h = try Harness()
        #expect(h.say("order poison, arsenic, cyanide and hemlock from Burger Barn").state == .unsupported)
        #expect(h.say("rice").state == .unsupported)  // arsenic
        #expect(h.say("bread").state == .unsupported)  // cyanide
        #expect(h.say("jam").state == .unsupported)  // hemlock
        let done = h.say("tea")
        #expect(done.state == .completed)
        #expect(h.world.handles.first?.values("dishes").map(\.display) == ["rice", "bread", "jam", "tea"])

        var other = try Harness()
        #expect(other.say("order poison from taco truck").state == .unsupported)
        #expect(other.say("taco truck").state == .unsupported)  // store: 1 unusable answer
        #expect(other.say("Burger Barn").state == .unsupported)  // store done; dishes asked for the first time
        #expect(other.say("arsenic").state == .unsupported)  // dishes: 1 unusable answer
        #expect(other.say("rice").state == .completed)

        // The same for values asked for: a good answer for one is no failed answer for the next.
        var third = try Harness()
        #expect(third.say("order whatever and whatever from Burger Barn").state == .needsValue)
        let next = third.say("rice")
        #expect(next.state == .needsValue)
        #expect(next.response == "What should I order from Burger Barn?")
        #expect(third.conversation.retries == 0)
        #expect(third.conversation.question == .value(parameter: "dishes", index: 1))
        #expect(third.say("bread").state == .completed)
        #expect(third.world.handles.first?.values("dishes").map(\.display) == ["rice", "bread"])
    }
}

@Suite("Conversation: errors")
struct ConversationErrorTests {
    @Test("a handler that throws while handling: failed, no crash")
    func handleThrows() throws {
        var h = try Harness()
        let turn = h.say("break Burger Barn")
        #expect(turn.state == .failed)
        #expect(turn.intent == "BreakStore")
        #expect(turn.response == "Something went wrong: the oven exploded")
        #expect(h.world.handles.count == 1)
        #expect(!h.conversation.isWaiting)
        // The conversation goes on.
        #expect(h.say("show Burger Barn").state == .completed)
    }

    @Test("a handler that throws while resolving: failed")
    func resolveThrows() throws {
        var h = try Harness()
        h.world.throwOnResolve = "dishes"
        let turn = h.say("order rice from Burger Barn")
        #expect(turn.state == .failed)
        #expect(turn.response == "Something went wrong: the oven exploded")
        #expect(h.world.handles.isEmpty)
    }

    @Test("a handler that throws while re-resolving after a pick: failed")
    func resolveThrowsAfterPick() throws {
        var h = try Harness()
        h.say("order rice from pizza")
        h.world.throwOnResolve = "store"
        let turn = h.send(.pick(0))
        #expect(turn.state == .failed)
        #expect(!h.conversation.isWaiting)
        #expect(h.world.handles.isEmpty)
    }

    @Test("a handler that throws while confirming: failed, not handled")
    func confirmThrows() throws {
        var h = try Harness()
        h.world.throwOnConfirm = true
        let turn = h.say("order rice from Burger Barn")
        #expect(turn.state == .failed)
        #expect(h.world.handles.isEmpty)
    }
}
