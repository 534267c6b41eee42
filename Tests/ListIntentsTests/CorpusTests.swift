import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Scores the assistant on corpora of utterances with expected outcomes, in process, the way
/// the shared eval-utterances tool does through `listomat ask --json --dry-run`. The corpora
/// are copies kept in Corpus/ (the first is the shared one), so a clone needs nothing else.
@Suite("Utterance corpora")
struct CorpusTests {
    static let corpusDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    @Test(arguments: [("fixture_en.json", "utterances_en.jsonl"), ("fixture2_en.json", "utterances2_en.jsonl")])
    func everyUtteranceGetsItsExpectedOutcome(fixture: String, corpus: String) throws {
        let store = try ListStore.inMemory()
        let data = try Data(contentsOf: Self.corpusDirectory.appendingPathComponent(fixture))
        try store.importDocument(try Interchange.decode(data, format: .json))
        let assistant = try Assistant(locale: "en", userIntentsDirectory: nil)
        let domain = try assistant.domain(store)
        let lines = try String(contentsOf: Self.corpusDirectory.appendingPathComponent(corpus), encoding: .utf8)
            .split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(lines.count > 30)
        var failures: [String] = []
        for line in lines {
            let case_ = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            let utterance = case_["u"] as! String
            var conversation = Conversation(dryRun: true)
            let turn = conversation.receive(.utterance(utterance), engine: assistant.engine, domain: domain)
            let outcomes = (case_["accept"] as? [[String: Any]]) ?? [case_]
            let reasons = outcomes.map { outcome -> String in
                var expected = outcome
                if expected["intent"] == nil, case_.keys.contains("intent") { expected["intent"] = case_["intent"] ?? NSNull() }
                return Self.check(expected, turn)
            }
            if !reasons.contains("") { failures.append("\(utterance): \(reasons[0])") }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(lines.count) failed:\n\(failures.joined(separator: "\n"))")
        // Nothing was changed by the dry run.
        #expect(try store.undoDepth().undo == 1)
    }

    /// Real phrasings people wrote for other assistants, scored strictly (giving up is a
    /// miss). The floors are what the assistant reaches today, so a change that loses ground
    /// fails; a question or an off-topic line must never be answered with a change.
    @Test(arguments: [
        ("ha-intents_fixture_en.json", "ha-intents-templates_en.jsonl", 0.95),
        ("hwu64_fixture_en.json", "hwu64_en.jsonl", 0.68),
        ("clinc150_fixture_en.json", "clinc150_en.jsonl", 0.83),
    ])
    func realPhrasings(fixture: String, corpus: String, floor: Double) throws {
        let folder = Self.corpusDirectory.appendingPathComponent("external")
        let store = try ListStore.inMemory()
        try store.importDocument(try Interchange.decode(try Data(contentsOf: folder.appendingPathComponent(fixture)), format: .json))
        let assistant = try Assistant(locale: "en", userIntentsDirectory: nil)
        let domain = try assistant.domain(store)
        let lines = try String(contentsOf: folder.appendingPathComponent(corpus), encoding: .utf8)
            .split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        var good = 0
        var changes: [String] = []
        for line in lines {
            let case_ = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            let utterance = case_["u"] as! String
            var conversation = Conversation(dryRun: true)
            let turn = conversation.receive(.utterance(utterance), engine: assistant.engine, domain: domain)
            var outcomes = (case_["accept"] as? [[String: Any]]) ?? [case_]
            let strict = outcomes.filter { !["unsupported", "failed"].contains($0["state"] as? String ?? "") }
            if case_["accept"] != nil, !strict.isEmpty { outcomes = strict }
            let expected = outcomes.map { outcome -> [String: Any] in
                var expected = outcome
                if expected["intent"] == nil, case_.keys.contains("intent") { expected["intent"] = case_["intent"] ?? NSNull() }
                return expected
            }
            if expected.contains(where: { Self.check($0, turn) == "" }) { good += 1 }
            // Lines that only ask (or ask for nothing we do) must not become a change.
            let intents = expected.map { $0["intent"] as? String }
            let asksOnly = intents.allSatisfy { $0 == nil || $0 == "SearchForNotebookItems" || $0 == "Help" }
            let changing = turn.intent.map { assistant.engine.schemas[$0]?.changes ?? true } ?? false
            if asksOnly, [.ready, .completed].contains(turn.state), changing { changes.append(utterance) }
        }
        let accuracy = Double(good) / Double(lines.count)
        #expect(accuracy >= floor, "\(corpus): \(good) of \(lines.count) (\(Int(accuracy * 1000)) ‰), below \(floor)")
        #expect(changes.isEmpty, "questions answered with a change: \(changes)")
        #expect(try store.undoDepth().undo == 1)
    }

    static let listParameters = ["title", "targetTaskList", "taskList", "list"]
    static let taskParameters = ["taskTitles", "tasks"]

    static func norm(_ s: String) -> String {
        var s = s.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespaces).lowercased()
        for article in ["a ", "an ", "the ", "some "] where s.hasPrefix(article) {
            s = String(s.dropFirst(article.count))
            break
        }
        return s
    }

    /// "" when the turn satisfies the expectation, else why not (the scorer's rules).
    static func check(_ expected: [String: Any], _ turn: Turn) -> String {
        if expected.keys.contains("intent") {
            let intent = expected["intent"] as? String
            if turn.intent != intent { return "intent \(turn.intent ?? "nil") != \(intent ?? "nil")" }
        }
        if let state = expected["state"] as? String, turn.state.rawValue != state {
            return "state \(turn.state.rawValue) != \(state)"
        }
        func values(_ names: [String]) -> [String]? {
            for name in names {
                if let p = turn.parameters.first(where: { $0.name == name }), !p.values.isEmpty { return p.values }
            }
            return nil
        }
        if expected.keys.contains("param") {
            let want = expected["param"] as? String
            let got = turn.parameter
            let ok = (want == nil && got == nil) || (want == "list" && listParameters.contains(got ?? ""))
                || (want == "tasks" && taskParameters.contains(got ?? ""))
            if !ok { return "parameter \(got ?? "nil") is not the \(want ?? "nil") parameter" }
        }
        if let list = expected["list"] as? String {
            guard let got = values(listParameters)?.first, norm(got) == norm(list) else {
                return "list \(values(listParameters) ?? []) != \(list)"
            }
        }
        if let tasks = expected["tasks"] as? [String] {
            let got = (values(taskParameters) ?? []).map(norm)
            if got != tasks.map(norm) { return "tasks \(got) != \(tasks)" }
        }
        if let status = expected["status"] as? String {
            guard let got = values(["status"])?.first, norm(got) == norm(status) else { return "status != \(status)" }
        }
        if let options = expected["options"] as? [String] {
            if turn.options.map(norm).sorted() != options.map(norm).sorted() { return "options \(turn.options) != \(options)" }
        }
        return ""
    }
}
