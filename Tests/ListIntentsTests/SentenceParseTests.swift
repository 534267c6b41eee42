import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// `IntentEngine.sentenceParse`, which two requests said in one sentence are each read by: the
/// answer `parse` gives when it reads the words as a sentence of their own (a template or one
/// of the person's phrases), and nil when it reads them another way or not at all — with the
/// person's phrases and without, on every line of the English corpora and on the words after
/// each "and" of them.
@Suite("Reading words as a sentence of their own")
struct SentenceParseTests {
    static let assistant = Result { try Assistant.shared("en") }

    /// `parse`'s answer kept only when it is a sentence's, in words.
    func expected(_ text: String, _ engine: IntentEngine, _ vocabulary: Vocabulary) -> String {
        guard let parse = engine.parse(text, vocabulary: vocabulary), parse.path == .template || parse.path == .phrase
        else { return "nothing" }
        return described(parse, engine)
    }

    func described(_ parse: IntentEngine.Parse, _ engine: IntentEngine) -> String {
        let parameters = parse.request.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return "\(engine.explain(parse)) \(parameters) \(parse.wordsLeftOver) \(parse.guessReason ?? "-")"
    }

    /// Each line of the corpus, and its words after each " and ".
    func texts(_ corpus: URL) throws -> [String] {
        let text = try String(contentsOf: corpus, encoding: .utf8)
        var texts: [String] = []
        for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let utterance = (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["u"] as? String
            else { continue }
            texts.append(utterance)
            var rest = utterance[...]
            while let and = rest.range(of: " and ") {
                rest = rest[and.upperBound...]
                texts.append(String(rest))
            }
        }
        return texts
    }

    @Test("the same answer as parse's sentence, or none, with and without the person's phrases", arguments: [
        ("fixture_en.json", "utterances_en.jsonl"), ("fixture2_en.json", "utterances2_en.jsonl"),
    ])
    func sameAsParse(fixture: String, corpus: String) throws {
        let assistant = try Self.assistant.get()
        let folder = CorpusTests.corpusDirectory
        let store = try ListStore.inMemory()
        try store.importDocument(try Interchange.decode(try Data(contentsOf: folder.appendingPathComponent(fixture)), format: .json))
        let plain = try assistant.domain(store).vocabulary
        var withPhrases = plain
        withPhrases.phrases = PhraseBook([
            PersonalPhrase(phrase: "stock up the pantry", intent: "SearchForNotebookItems", parameters: [:]),
            PersonalPhrase(phrase: "add milk", intent: "SearchForNotebookItems", parameters: [:]),
        ])
        var compared = 0
        var sentences = 0
        for text in try texts(folder.appendingPathComponent(corpus)) + ["stock up the pantri", "add milk", "ad milk"] {
            for vocabulary in [plain, withPhrases] {
                let got = assistant.engine.sentenceParse(text, vocabulary: vocabulary).map { described($0, assistant.engine) } ?? "nothing"
                let want = expected(text, assistant.engine, vocabulary)
                #expect(got == want, "\(text)")
                compared += 1
                if want != "nothing" { sentences += 1 }
            }
        }
        #expect(compared > 80 && sentences > 20 && sentences < compared, "\(compared) compared, \(sentences) sentences")
    }
}
