import Foundation
import Yams

/// A problem in an intent definition file: the file, the line and what is wrong, so a person
/// can open the file at that line and fix it ("weekly.yaml:7: step 2 names unknown intent
/// “ResetLists”").
package struct DefinitionError: Error, Equatable, Sendable, CustomStringConvertible {
    package var file: String
    /// 1-based; 0 when the place is not known.
    package var line: Int
    package var problem: String

    package init(file: String, line: Int, problem: String) {
        self.file = file
        self.line = line
        self.problem = problem
    }

    package var message: String { line > 0 ? "\(file):\(line): \(problem)" : "\(file): \(problem)" }
    package var description: String { message }
}

/// One intent as data, in one YAML file: its schema (parameters, confirm, response codes) and
/// its words in each language, together, so an intent can be added without touching the
/// shared schema and language files. Two kinds:
///
/// - a **built-in** definition (no `steps`) describes an intent whose handler is Swift code
///   (CopyList, ResetList);
/// - a **custom** intent is a sequence of `steps`, each a built-in intent with fixed values or
///   the custom intent's own parameters slotted in (`"${list}"`); `SequenceHandler` runs it.
///
/// ```yaml
/// intent: WeeklyShop
/// steps:
///   - intent: ResetList
///     parameters: {list: Grocery Store}
///   - intent: AddTasks
///     parameters: {targetTaskList: Grocery Store, taskTitles: [milk, eggs]}
/// languages:
///   en:
///     title: Weekly shop
///     sentences: ["[start|do] [the|my] weekly shop"]
///     responses:
///       success: "${steps}"
///       failure: "The weekly shop stopped: ${reason}"
/// ```
///
/// `load` checks the file on its own (shape, keys, values); `IntentCatalog.add` checks it
/// against the intents and the language already loaded.
public struct IntentDefinition: Sendable {
    /// What a step's parameter gets.
    package enum StepValue: Equatable, Sendable {
        /// Words, resolved when the step runs as if the person had said them (one or several).
        case fixed([String])
        /// One of the custom intent's own parameters, resolved with the person once and
        /// passed on to every step that names it.
        case slot(String)
    }

    package struct StepParameter: Equatable, Sendable {
        package var name: String
        package var value: StepValue
        var line: Int
    }

    /// One built-in intent to run, with the values of its parameters.
    package struct Step: Equatable, Sendable {
        package var intent: String
        /// In file order.
        package var parameters: [StepParameter]
        var line: Int

        package func value(_ parameter: String) -> StepValue? { parameters.first { $0.name == parameter }?.value }
    }

    /// Where things were in the file, for messages from checks made after parsing.
    struct Lines: Sendable {
        var intent = 1
        var parameters: [String: Int] = [:]
        var responses: Int?
        var languages: Int?
        var texts: [String: IntentTextLines] = [:]
    }

    package var file: String
    package var name: String
    /// For a custom intent, `IntentCatalog.add` also makes it confirm when a step does, and
    /// sets its response codes (success, failure, and confirm when it asks first).
    package var schema: IntentSchema
    /// Locale → the intent's words in that language.
    package var texts: [String: Language.IntentText]
    /// Empty for a built-in definition.
    package var steps: [Step]
    package var isSequence: Bool { !steps.isEmpty }
    /// The `responses:` the file gave, if any.
    var declaredCodes: [String]?
    var lines: Lines

    static let keys = ["intent", "parameters", "confirm", "responses", "steps", "languages"]
    static let stepKeys = ["intent", "parameters"]

    /// Parses one definition file. `file` is how messages name it (a path or a file name).
    package static func load(yaml: String, file: String) throws(DefinitionError) -> IntentDefinition {
        do throws(YAMLProblem) {
            var definition = try parse(yaml)
            definition.file = file
            return definition
        } catch {
            throw DefinitionError(file: file, line: error.line, problem: error.message)
        }
    }

    private static func parse(_ yaml: String) throws(YAMLProblem) -> IntentDefinition {
        guard let root = try YAMLNodes.compose(yaml) else {
            throw YAMLProblem(line: 1, message: "the file is empty: a definition needs at least “intent:” and “languages:”")
        }
        guard case .mapping = root else {
            throw YAMLProblem(
                line: YAMLNodes.line(root),
                message: "a definition must be a mapping (intent:, parameters:, steps:, languages:…), not a list or a value")
        }
        let entries = try YAMLNodes.entries(root, "the definition")
        try YAMLNodes.checkKeys(entries, allowed: keys, in: "the definition")
        func entry(_ key: String) -> (key: String, line: Int, value: Node)? { entries.first { $0.key == key } }
        var lines = Lines()

        guard let intent = entry("intent") else {
            throw YAMLProblem(line: 1, message: "no intent name: start the file with “intent: YourIntentName”")
        }
        let name = try YAMLNodes.text(intent.value, "intent")
        lines.intent = intent.line
        guard isIdentifier(name) else {
            throw YAMLProblem(line: intent.line, message: "the intent name “\(name)” must be one word of letters and digits, like WeeklyShop")
        }

        let parameters = try IntentSchema.parameters(entry("parameters")?.value, path: "parameters")
        for parameter in parameters { lines.parameters[parameter.parameter.name] = parameter.line }
        let confirms = try entry("confirm").map { entry throws(YAMLProblem) in try YAMLNodes.bool(entry.value, "confirm") } ?? false
        var declaredCodes: [String]?
        if let responses = entry("responses") {
            declaredCodes = try IntentSchema.responseCodes(responses.value, path: "responses")
            lines.responses = responses.line
        }
        let steps = try entry("steps").map { entry throws(YAMLProblem) in try Self.steps(entry.value) } ?? []

        guard let languages = entry("languages") else {
            throw YAMLProblem(line: 1, message: "no words: add “languages:” with the intent's title, sentences and responses in each language")
        }
        lines.languages = languages.line
        var texts: [String: Language.IntentText] = [:]
        for language in try YAMLNodes.entries(languages.value, "languages") {
            let (text, textLines) = try IntentTextReader(name: name, path: "languages.\(language.key)", sentencesRequired: false)
                .read(language.value)
            texts[language.key] = text
            lines.texts[language.key] = textLines
        }
        guard !texts.isEmpty else {
            throw YAMLProblem(line: languages.line, message: "“languages:” is empty: give the intent's words in at least one language")
        }
        return IntentDefinition(
            file: "", name: name,
            schema: IntentSchema(
                name: name, parameters: parameters.map(\.parameter), confirms: confirms,
                responseCodes: declaredCodes ?? ["success"]),
            texts: texts, steps: steps, declaredCodes: declaredCodes, lines: lines)
    }

    /// `steps:`, a list of `{intent: Name, parameters: {name: value | [values] | "${own}"}}`.
    private static func steps(_ node: Node) throws(YAMLProblem) -> [Step] {
        guard case .sequence(let items) = node else {
            throw YAMLProblem(line: YAMLNodes.line(node), message: "steps must be a list of “- intent: …” entries")
        }
        guard !items.isEmpty else {
            throw YAMLProblem(line: YAMLNodes.line(node), message: "steps is empty: list the built-in intents to run, in order")
        }
        var steps: [Step] = []
        for (index, item) in items.enumerated() {
            let number = index + 1
            let line = YAMLNodes.line(item)
            guard case .mapping = item else {
                throw YAMLProblem(line: line, message: "step \(number) must be a mapping with “intent:” and “parameters:”")
            }
            let entries = try YAMLNodes.entries(item, "step \(number)")
            try YAMLNodes.checkKeys(entries, allowed: stepKeys, in: "step \(number)")
            guard let intent = entries.first(where: { $0.key == "intent" }) else {
                throw YAMLProblem(line: line, message: "step \(number) names no intent: add “intent: AddTasks” (or another built-in intent)")
            }
            var step = Step(intent: try YAMLNodes.text(intent.value, "step \(number)'s intent"), parameters: [], line: intent.line)
            let given = entries.first { $0.key == "parameters" }?.value
            for parameter in try YAMLNodes.entries(given, "step \(number)'s parameters") {
                step.parameters.append(StepParameter(
                    name: parameter.key, value: try value(parameter.value, "step \(number): “\(parameter.key)”"),
                    line: parameter.line))
            }
            steps.append(step)
        }
        return steps
    }

    /// A step parameter's value: words, a list of words, or a whole `${parameter}`.
    private static func value(_ node: Node, _ what: String) throws(YAMLProblem) -> StepValue {
        let line = YAMLNodes.line(node)
        switch node {
        case .scalar(let scalar):
            if let slot = slotName(scalar.string) { return .slot(slot) }
            try checkWords(scalar.string, what, line)
            return .fixed([scalar.string])
        case .sequence(let items):
            guard !items.isEmpty else { throw YAMLProblem(line: line, message: "\(what) is an empty list") }
            var values: [String] = []
            for item in items {
                guard case .scalar(let scalar) = item else {
                    throw YAMLProblem(line: YAMLNodes.line(item), message: "\(what) must hold words, not lists or mappings")
                }
                if slotName(scalar.string) != nil {
                    throw YAMLProblem(
                        line: YAMLNodes.line(item),
                        message: "\(what): a slot such as “\(scalar.string)” must be the whole value, not part of a list")
                }
                try checkWords(scalar.string, what, YAMLNodes.line(item))
                values.append(scalar.string)
            }
            return .fixed(values)
        default:
            throw YAMLProblem(line: line, message: "\(what) must be words, a list of words, or “${parameter}”")
        }
    }

    private static func checkWords(_ text: String, _ what: String, _ line: Int) throws(YAMLProblem) {
        if text.trimmingCharacters(in: .whitespaces).isEmpty { throw YAMLProblem(line: line, message: "\(what) is empty") }
        if text.contains("${") {
            throw YAMLProblem(line: line, message: "\(what): write a slot as the whole value, like “${list}”, not inside other words")
        }
    }

    /// "${list}" → "list".
    static func slotName(_ text: String) -> String? {
        guard text.hasPrefix("${"), text.hasSuffix("}"), text.count > 3 else { return nil }
        let name = String(text.dropFirst(2).dropLast())
        return isIdentifier(name) ? name : nil
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
}
