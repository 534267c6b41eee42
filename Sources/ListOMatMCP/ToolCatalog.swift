import Foundation
import IntentKit

/// The MCP tools made from the intents: one tool per intent schema (built-in and the person's
/// own), with a JSON Schema of its parameters under their SiriKit names, and `ask` for a
/// request in plain words. Pure: no store, no server.
package struct ToolCatalog: Sendable {
    package let engine: IntentEngine
    /// The tools, made once: the intents do not change while the server runs.
    package private(set) var tools: [Tool] = []
    /// The intents offered as tools, by tool name.
    package private(set) var intentsByTool: [String: IntentSchema] = [:]

    package init(engine: IntentEngine) {
        self.engine = engine
        for schema in engine.schemas.values { intentsByTool[Self.toolName(schema.name)] = schema }
        tools = [askToolDefinition()] + engine.schemas.values.sorted { $0.name < $1.name }.map(tool(for:))
    }

    /// The tool for requests in plain words.
    package static let askTool = "ask"
    /// The argument that says the person already answered yes to "are you sure?".
    package static let confirmArgument = "confirm"
    /// `ask`'s arguments.
    package static let requestArgument = "request"
    package static let choicesArgument = "choices"

    /// An MCP tool name (letters, digits, `_`, `-`, at most 64) for an intent name.
    package static func toolName(_ intent: String) -> String {
        let allowed = intent.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_" || scalar == "-") ? Character(scalar) : "_"
        }
        return String(String(allowed).prefix(64))
    }

    private func askToolDefinition() -> Tool {
        Tool(
            name: Self.askTool,
            title: "Ask ListOMat",
            description: """
                A request in plain English, as a person would say it: "add apples to the grocery list", \
                "what's on my packing list?", "delete the hardware store list". When the assistant needs \
                a choice or a yes, it asks the person (elicitation) if the client can; otherwise the \
                result is the question (state, question, parameter, options) and nothing changes: ask \
                the person, then call again with the same request and their answers to every \
                question so far in `choices` (a menu: the option's number; "did you mean …?": 1 \
                for yes), or `confirm: true` once they said yes to "are you sure?".
                """,
            inputSchema: .object([
                "type": "object",
                "properties": .object([
                    Self.requestArgument: .object(["type": "string", "description": "What the person asks, in their words."]),
                    Self.choicesArgument: .object([
                        "type": "array", "items": .object(["type": "integer", "minimum": 1]),
                        "description": "The person's answers to the questions earlier calls returned, in order: a menu's option number (1 = the first), 1 for yes to “did you mean …?”.",
                    ]),
                    Self.confirmArgument: .object([
                        "type": "boolean",
                        "description": "true only when the person said yes to the question the previous call returned.",
                    ]),
                ]),
                "required": .array([.string(Self.requestArgument)]),
                "additionalProperties": false,
            ]),
            annotations: .init(destructiveHint: true, openWorldHint: false))
    }

    func tool(for schema: IntentSchema) -> Tool {
        let text = engine.language.intents[schema.name]
        var properties: [String: Value] = [:]
        var required: [Value] = []
        for parameter in schema.parameters {
            properties[parameter.name] = property(for: parameter)
            if parameter.required { required.append(.string(parameter.name)) }
        }
        if schema.changes {
            properties[Self.confirmArgument] = .object([
                "type": "boolean",
                "description": "true only when the person said yes to the “are you sure?” an earlier call returned.",
            ])
        }
        var description = text?.description ?? schema.name
        if let samples = text?.samples, !samples.isEmpty {
            description += " In words: " + samples.prefix(3).map { "“\($0)”" }.joined(separator: ", ") + "."
        }
        if schema.confirms { description += " Asks the person to confirm before it changes anything." }
        return Tool(
            name: Self.toolName(schema.name),
            title: text?.title,
            description: description,
            inputSchema: .object([
                "type": "object",
                "properties": .object(properties),
                "required": .array(required),
                "additionalProperties": false,
            ]),
            annotations: .init(
                readOnlyHint: !schema.changes, destructiveHint: schema.changes ? schema.confirms : nil, openWorldHint: false))
    }

    private func property(for parameter: IntentSchema.Parameter) -> Value {
        var single: [String: Value]
        if let cases = engine.language.enumerations[parameter.type] {
            single = ["type": "string", "enum": .array(cases.keys.sorted().map { .string($0) })]
        } else {
            let what: String
            switch parameter.type {
            case "list": what = "A list's name, as the person says it (matched like the assistant matches names)."
            case "item": what = "An item's name on the list, as the person says it."
            default: what = "Text."
            }
            single = ["type": "string", "description": .string(what)]
        }
        guard parameter.multiple else { return .object(single) }
        return .object(["type": "array", "items": .object(single), "minItems": 1])
    }

    /// What a tool call's arguments ask for: the intent with each given value unresolved, as
    /// if the person had said it (so names are matched, and menus and questions come as usual).
    package func request(intent schema: IntentSchema, arguments: [String: Value]) throws(ArgumentError) -> IntentRequest {
        let known = Set(schema.parameters.map(\.name) + (schema.changes ? [Self.confirmArgument] : []))
        if let unknown = arguments.keys.sorted().first(where: { !known.contains($0) }) {
            throw ArgumentError("unknown argument “\(unknown)”; \(schema.name) takes \(known.sorted().joined(separator: ", "))")
        }
        var request = IntentRequest(intent: schema.name)
        for parameter in schema.parameters {
            guard let value = arguments[parameter.name], !value.isNull else { continue }
            let texts: [String]
            if parameter.multiple, let array = value.arrayValue {
                texts = try array.map { element throws(ArgumentError) in try Self.text(element, parameter.name) }
            } else {
                texts = [try Self.text(value, parameter.name)]
            }
            let cases = engine.language.enumerations[parameter.type]
            var states: [ParameterState] = []
            for text in texts {
                if let cases {
                    guard cases[text] != nil else {
                        throw ArgumentError("\(parameter.name) must be one of \(cases.keys.sorted().joined(separator: ", "))")
                    }
                    states.append(.unresolved(.chosen(.enumeration(text))))
                } else {
                    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                    guard !trimmed.isEmpty else { throw ArgumentError("\(parameter.name) is empty") }
                    states.append(.unresolved(.spoken(trimmed)))
                }
            }
            guard !states.isEmpty else { throw ArgumentError("\(parameter.name) is empty") }
            request.parameters[parameter.name] = parameter.multiple ? states : [states[0]]
        }
        for parameter in schema.parameters where request.parameters[parameter.name] == nil {
            request.parameters[parameter.name] = [.unresolved(.missing)]
        }
        // `confirm` answers the "are you sure?" the server asks (see ListOMatServer.Presets);
        // it is never a yes given in advance.
        if let confirm = arguments[Self.confirmArgument], confirm.boolValue == nil {
            throw ArgumentError("\(Self.confirmArgument) must be true or false")
        }
        return request
    }

    static func text(_ value: Value, _ name: String) throws(ArgumentError) -> String {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        default: throw ArgumentError("\(name) must be text")
        }
    }
}

/// A tool call's arguments cannot be used: said to the caller as an error result.
package struct ArgumentError: Error, Equatable, Sendable {
    package var message: String
    package init(_ message: String) { self.message = message }
}
