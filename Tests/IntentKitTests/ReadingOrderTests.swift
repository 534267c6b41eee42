import Testing

@testable import IntentKit

@Suite("The order of readings")
struct ReadingOrderTests {
    @Test("every reading is tried, once")
    func everyReadingOnce() {
        #expect(IntentEngine.readingOrder.count == IntentEngine.Reading.allCases.count)
        #expect(Set(IntentEngine.readingOrder) == Set(IntentEngine.Reading.allCases))
    }

    @Test("the person's exact phrases first, their phrases with a typo after the sentences, the model last")
    func phrasesAroundSentences() throws {
        let order = IntentEngine.readingOrder
        #expect(order.first == .exactPhrase)
        #expect(order.last == .model)
        let near = try #require(order.firstIndex(of: .nearPhrase))
        #expect(order.firstIndex(of: .sentence).map { $0 < near } == true)
        #expect(order.firstIndex(of: .sentenceInside).map { $0 < near } == true)
    }
}
