import Yams

/// Where an intent's words were in their file, for messages about them found later (a
/// sentence that does not compile, a response that is missing) when only the parsed words
/// are left.
struct IntentTextLines: Sendable {
    /// The intent's mapping.
    var line = 0
    /// Each sentence template (first occurrence) → its line.
    var sentences: [String: Int] = [:]
    /// Each sentence group's fixed slots (group index in `IntentText.sentences` → slot → line).
    var fixedSlots: [Int: [String: Int]] = [:]
    var responsesKey: Int?
    var responses: [String: Int] = [:]
    /// Parameter → line; "parameter.kind" → line.
    var prompts: [String: Int] = [:]
    var combinations: [String: Int] = [:]
}

/// Reads one intent's words (title, description, samples, sentences, prompts, responses,
/// combinations) from YAML nodes. The one reader for both places words live: an intent under
/// `intents:` in a language file, and a language under `languages:` in an intent definition
/// file; `path` says which in messages ("intents.AddTasks", "languages.en").
struct IntentTextReader {
    static let keys = ["title", "description", "samples", "sentences", "prompts", "responses", "combinations"]
    static let groupKeys = ["sentences", "slots", "priority", "question", "known", "plain"]
    static let promptKinds = ["needsValue", "disambiguation", "confirmation", "unsupported"]

    var name: String
    var path: String
    /// A language file must list sentences; a definition may leave them out (and is told
    /// more usefully, later, that nobody could then ask for it).
    var sentencesRequired: Bool

    func read(_ node: Node) throws(YAMLProblem) -> (text: Language.IntentText, lines: IntentTextLines) {
        var lines = IntentTextLines(line: YAMLNodes.line(node))
        let entries = try YAMLNodes.entries(node, path)
        try YAMLNodes.checkKeys(entries, allowed: Self.keys, in: path)
        func value(_ key: String) -> Node? { entries.first { $0.key == key }?.value }

        let groups = try readSentences(value("sentences"), &lines)
        var sentenceGroups: [SentenceGroup] = []
        for (index, group) in groups.enumerated() {
            sentenceGroups.append(SentenceGroup(
                intent: name, templates: group.templates, fixedSlots: group.fixedSlots, priority: group.priority,
                askedAsQuestion: group.question, onlyKnownNames: group.known, plainValues: group.plain))
            if !group.slotLines.isEmpty { lines.fixedSlots[index] = group.slotLines }
        }

        var prompts: [String: [String: String]] = [:]
        for parameter in try YAMLNodes.entries(value("prompts"), "\(path).prompts") {
            var kinds: [String: String] = [:]
            lines.prompts[parameter.key] = parameter.line
            for kind in try YAMLNodes.entries(parameter.value, "\(path).prompts.\(parameter.key)") {
                kinds[kind.key] = try YAMLNodes.text(kind.value, "\(path).prompts.\(parameter.key).\(kind.key)")
                lines.prompts["\(parameter.key).\(kind.key)"] = kind.line
            }
            prompts[parameter.key] = kinds
        }
        var responses: [String: String] = [:]
        lines.responsesKey = entries.first { $0.key == "responses" }?.line
        for code in try YAMLNodes.entries(value("responses"), "\(path).responses") {
            responses[code.key] = try YAMLNodes.text(code.value, "\(path).responses.\(code.key)")
            lines.responses[code.key] = code.line
        }
        var combinations: [String: String] = [:]
        for combination in try YAMLNodes.entries(value("combinations"), "\(path).combinations") {
            combinations[combination.key] = try YAMLNodes.text(combination.value, "\(path).combinations.\(combination.key)")
            lines.combinations[combination.key] = combination.line
        }
        let text = Language.IntentText(
            title: try value("title").map { node throws(YAMLProblem) in try YAMLNodes.text(node, "\(path).title") } ?? name,
            description: try value("description").map { node throws(YAMLProblem) in
                try YAMLNodes.text(node, "\(path).description")
            } ?? "",
            samples: try YAMLNodes.texts(value("samples"), "\(path).samples").map(\.text),
            sentences: sentenceGroups, prompts: prompts, responses: responses, combinations: combinations)
        return (text, lines)
    }

    /// The sentences: plain templates first, as one group, then each group as written.
    private func readSentences(_ sentences: Node?, _ lines: inout IntentTextLines) throws(YAMLProblem) -> [Language.SentenceGroupText] {
        var groups: [Language.SentenceGroupText] = []
        if let sentences {
            guard case .sequence(let list) = sentences else {
                throw YAMLProblem(line: YAMLNodes.line(sentences), message: "\(path).sentences must be a list")
            }
            var plain: [String] = []
            for entry in list {
                switch entry {
                case .scalar(let scalar) where YAMLNodes.isString(entry):
                    plain.append(scalar.string)
                    lines.sentences[scalar.string] = lines.sentences[scalar.string] ?? YAMLNodes.line(entry)
                case .mapping:
                    groups.append(try group(entry, &lines))
                default:
                    throw YAMLProblem(
                        line: YAMLNodes.line(entry),
                        message: "\(path).sentences holds something that is neither text nor a group")
                }
            }
            if !plain.isEmpty { groups.insert(.init(templates: plain, fixedSlots: [:], priority: 0, question: false, line: 0), at: 0) }
        } else if sentencesRequired {
            throw YAMLProblem(line: lines.line, message: "\(path).sentences must be a list")
        }
        return groups
    }

    /// `{sentences: [...], slots: {status: completed}, priority: -1, question: true}`; `question`:
    /// a change asked for as a question ("is milk on my list? if not add it"): taken as it
    /// is, not swapped for an answer, but only as a guess (asked about first); `known: true`:
    /// the sentences stand only where every name slot names something the person has; `plain:
    /// true`: only where no free text begins or ends with one of the language's function words.
    private func group(_ node: Node, _ lines: inout IntentTextLines) throws(YAMLProblem) -> Language.SentenceGroupText {
        let entries = try YAMLNodes.entries(node, "\(path).sentences")
        try YAMLNodes.checkKeys(entries, allowed: Self.groupKeys, in: "a sentence group of \(path)")
        func value(_ key: String) -> Node? { entries.first { $0.key == key }?.value }
        let templates = try YAMLNodes.texts(value("sentences"), "\(path).sentences")
        for template in templates { lines.sentences[template.text] = lines.sentences[template.text] ?? template.line }
        var fixed: [String: String] = [:]
        var slotLines: [String: Int] = [:]
        for slot in try YAMLNodes.entries(value("slots"), "\(path).sentences.slots") {
            fixed[slot.key] = try YAMLNodes.text(slot.value, "\(path).sentences.slots.\(slot.key)")
            slotLines[slot.key] = slot.line
        }
        let priority = try value("priority").map { node throws(YAMLProblem) in try YAMLNodes.int(node, "\(path).sentences.priority") }
        let question = try value("question").map { node throws(YAMLProblem) in try YAMLNodes.bool(node, "\(path).sentences.question") }
        let known = try value("known").map { node throws(YAMLProblem) in try YAMLNodes.bool(node, "\(path).sentences.known") }
        let plain = try value("plain").map { node throws(YAMLProblem) in try YAMLNodes.bool(node, "\(path).sentences.plain") }
        return .init(
            templates: templates.map(\.text), fixedSlots: fixed, priority: priority ?? 0, question: question ?? false,
            known: known ?? false, plain: plain ?? false, line: YAMLNodes.line(node), slotLines: slotLines)
    }
}

extension Language {
    /// A sentence group while it is read, with the lines of its fixed slots.
    struct SentenceGroupText {
        var templates: [String]
        var fixedSlots: [String: String]
        var priority: Int
        var question: Bool
        /// Every name slot must name something the person has (`SentenceGroup.onlyKnownNames`).
        var known = false
        /// Free text said bare, no function word at its edges (`SentenceGroup.plainValues`).
        var plain = false
        var line: Int
        var slotLines: [String: Int] = [:]
    }
}
