import Foundation
import Testing

@testable import IntentKit

/// The Orders domain with the person's phrases in its vocabulary.
private struct PhrasedDomain: IntentDomain {
    let base: OrdersDomain
    let phrases: [PersonalPhrase]

    func handler(for intent: String) -> (any IntentHandler)? { base.handler(for: intent) }

    var vocabulary: Vocabulary {
        var vocabulary = base.vocabulary
        vocabulary.phrases = PhraseBook(phrases)
        return vocabulary
    }
}

@Suite("Suggestions from donations")
struct SuggesterTests {
    /// UTC, so times of day and weekdays are the same on every machine.
    let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
    /// Saturday 2026-11-21 18:00 UTC.
    let now = Date(timeIntervalSince1970: 1_795_284_000)
    let pizza = ParameterValue.entity(id: "p1", name: "Pizza Place")
    let sushi = ParameterValue.entity(id: "s1", name: "Sushi Bar")

    func show(_ store: ParameterValue, daysAgo: Double, hoursEarlier: Double = 0) -> Donation {
        Donation(
            intent: "ShowStore", parameters: ["store": [store]], group: store.id,
            date: now - daysAgo * 86_400 - hoursEarlier * 3_600, source: "test")
    }

    @Test("more often ranks higher, all else equal")
    func frequency() {
        let log = [show(pizza, daysAgo: 7), show(pizza, daysAgo: 14), show(sushi, daysAgo: 7)]
        let ranked = Suggester.rank(log, at: now, calendar: calendar)
        #expect(ranked.map(\.parameters) == [["store": [pizza]], ["store": [sushi]]])
        #expect(ranked.map(\.count) == [2, 1])
    }

    @Test("more recent ranks higher")
    func recency() {
        let log = [show(pizza, daysAgo: 28), show(sushi, daysAgo: 7)]
        #expect(Suggester.rank(log, at: now, calendar: calendar).first?.parameters == ["store": [sushi]])
    }

    @Test("the same time of day outweighs a little recency")
    func timeOfDay() {
        // Sushi a day later, but at 6 in the morning; pizza at this hour.
        let log = [show(pizza, daysAgo: 7), show(sushi, daysAgo: 6, hoursEarlier: 12)]
        #expect(Suggester.rank(log, at: now, calendar: calendar).first?.parameters == ["store": [pizza]])
    }

    @Test("the same weekday outweighs a little recency")
    func weekday() {
        // Both at this hour; sushi more recent but on a Friday.
        let log = [show(pizza, daysAgo: 7), show(sushi, daysAgo: 1)]
        let ranked = Suggester.rank(log, at: now, calendar: calendar)
        #expect(ranked.first?.parameters == ["store": [pizza]])
    }

    @Test("the same log and clock give the same ranking, whatever the log's order")
    func deterministic() {
        var log: [Donation] = []
        for day in 0..<30 {
            log.append(show(day % 3 == 0 ? pizza : sushi, daysAgo: Double(day), hoursEarlier: Double(day % 5)))
        }
        let first = Suggester.rank(log, at: now, calendar: calendar)
        #expect(Suggester.rank(log.reversed(), at: now, calendar: calendar) == first)
        #expect(Suggester.rank(log.shuffled(), at: now, calendar: calendar) == first)
        // Equal scores: the one done last first, then a fixed order.
        let tied = [show(pizza, daysAgo: 7), show(sushi, daysAgo: 7)]
        #expect(Suggester.rank(tied, at: now, calendar: calendar) == Suggester.rank(tied.reversed(), at: now, calendar: calendar))
    }

    @Test("donations after the ranking time are not seen")
    func asOf() {
        let log = [show(pizza, daysAgo: 7), show(sushi, daysAgo: -1)]
        #expect(Suggester.rank(log, at: now, calendar: calendar).map(\.parameters) == [["store": [pizza]]])
    }

    @Test("what no longer makes sense is skipped, and the limit still filled")
    func validity() {
        let burger = ParameterValue.entity(id: "b1", name: "Burger Barn")
        let log = [show(pizza, daysAgo: 1), show(sushi, daysAgo: 2), show(burger, daysAgo: 3)]
        let ranked = Suggester.rank(log, at: now, calendar: calendar, limit: 2) { $0.parameters["store"] != [pizza] }
        #expect(ranked.map(\.parameters) == [["store": [sushi]], ["store": [burger]]])
    }

    @Test("a suggestion's request has every value chosen, to be checked again when run")
    func request() {
        let suggestion = Suggester.rank([show(pizza, daysAgo: 1)], at: now, calendar: calendar)[0]
        #expect(suggestion.request.parameters["store"] == [.unresolved(.chosen(pizza))])
    }

    @Test("the same values in another case or order are one interaction")
    func interactionKey() {
        let a = Donation(intent: "PlaceOrder", parameters: ["store": [pizza], "dishes": [.text("Soup")]], group: nil, date: now, source: "t")
        let b = Donation(intent: "PlaceOrder", parameters: ["dishes": [.text("soup")], "store": [pizza]], group: nil, date: now, source: "t")
        #expect(a.interactionKey == b.interactionKey)
    }
}

@Suite("Personal phrases")
struct PhraseTests {
    let engine: IntentEngine
    let language: Language
    let pizza = ParameterValue.entity(id: "p1", name: "Pizza Place")
    init() throws {
        engine = try makeOrdersEngine()
        language = try makeOrdersLanguage()
    }

    var pizzaNight: PersonalPhrase {
        PersonalPhrase(phrase: "Pizza night!", intent: "ShowStore", parameters: ["store": [pizza]])
    }

    @Test("a phrase is matched with the sentences' normalisation and small typos")
    func matching() {
        let book = PhraseBook([pizzaNight])
        #expect(book.match("pizza night") == pizzaNight)
        #expect(book.match("PIZZA   Night.") == pizzaNight)
        #expect(book.match("piza night") == pizzaNight)
        #expect(book.match("pizza nights") == pizzaNight)
        #expect(book.match("pizza") == nil)
        #expect(book.match("pasta night out") == nil)
        #expect(book.match("pasta day") == nil)
    }

    @Test("a typo that fits two phrases matches neither")
    func ambiguousTypo() {
        let book = PhraseBook([
            PersonalPhrase(phrase: "bake time", intent: "ShowStore", parameters: [:]),
            PersonalPhrase(phrase: "take time", intent: "ShowStore", parameters: [:]),
        ])
        #expect(book.match("bake time")?.phrase == "bake time")
        #expect(book.match("cake time") == nil)
    }

    @Test("a phrase close to another collides with it")
    func collision() {
        let book = PhraseBook([pizzaNight])
        #expect(book.collision(with: "pizza night") == pizzaNight)
        #expect(book.collision(with: "Pizza nigt") == pizzaNight)
        #expect(book.collision(with: "sushi night") == nil)
    }

    @Test("phrases come before the sentence templates, after the app's name and padding")
    func beforeTemplates() throws {
        var vocabulary = Vocabulary()
        vocabulary.phrases = PhraseBook([
            pizzaNight,
            // Also a sentence of the language ("show the sushi bar"): the phrase wins.
            PersonalPhrase(phrase: "show the sushi bar", intent: "ShowStore", parameters: ["store": [pizza]]),
        ])
        let parse = try #require(engine.parse("please pizza night thanks", vocabulary: vocabulary))
        #expect(parse.request.intent == "ShowStore")
        #expect(parse.request.parameters["store"] == [.unresolved(.chosen(pizza))])
        #expect(parse.match.template == "your phrase “Pizza night!”")
        #expect(engine.parse("show the sushi bar", vocabulary: vocabulary)?.request.parameters["store"] == [.unresolved(.chosen(pizza))])
    }

    @Test("a phrase with a typo never takes a sentence over; padding words may be part of a phrase")
    func neverOverSentences() throws {
        var vocabulary = Vocabulary()
        vocabulary.phrases = PhraseBook([
            // One edit from "show the sushi bar": only that typo, typed, runs the phrase.
            PersonalPhrase(phrase: "shaw the sushi bar", intent: "ShowStore", parameters: ["store": [pizza]]),
            PersonalPhrase(phrase: "please order now", intent: "ShowStore", parameters: ["store": [pizza]]),
        ])
        let sentence = try #require(engine.parse("show the sushi bar", vocabulary: vocabulary))
        #expect(sentence.request.parameters["store"] == [.unresolved(.spoken("sushi bar"))])
        #expect(engine.parse("shaw the sushi bar", vocabulary: vocabulary)?.match.template == "your phrase “shaw the sushi bar”")
        // "please" and "now" are padding, stripped before sentences are matched; the phrase
        // is matched as typed too.
        #expect(engine.parse("please order now", vocabulary: vocabulary)?.match.template == "your phrase “please order now”")
    }

    @Test("a phrase runs through the conversation like a sentence, its values checked again")
    func runs() throws {
        let world = OrdersWorld()
        let domain = PhrasedDomain(base: OrdersDomain(world: world, language: language), phrases: [pizzaNight])
        var conversation = Conversation()
        let turn = conversation.receive(.utterance("pizza night"), engine: engine, domain: domain)
        #expect(turn.state == .completed)
        #expect(turn.response == "Here is Pizza Place.")
        #expect(turn.resolved?.value("store") == pizza)
        #expect(world.resolves(of: "store") == [.chosen(pizza)])

        // The store is gone: the assistant says so and asks for another, as for a name it
        // cannot find.
        world.removeStore("p1")
        var again = Conversation()
        let gone = again.receive(.utterance("pizza night"), engine: engine, domain: domain)
        #expect(gone.state == .unsupported)
        #expect(again.isWaiting)
    }

    @Test("an engine's title for a request fills the combination template")
    func title() throws {
        var request = IntentRequest(intent: "PlaceOrder")
        request.parameters = ["store": [.resolved(pizza)], "dishes": [.resolved(.text("soup")), .resolved(.text("bread"))]]
        #expect(engine.title(request) == "Order soup and bread from Pizza Place")
        #expect(engine.title(IntentRequest(intent: "ShowStore", parameters: ["store": [.resolved(pizza)]])) == "Show a store")
    }
}
