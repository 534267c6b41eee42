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
