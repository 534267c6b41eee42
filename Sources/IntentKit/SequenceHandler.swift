/// Runs a custom intent: its steps, each a built-in intent, one after the other, through the
/// built-in intents' own handlers. Generic: it knows steps, not lists.
///
/// - **resolve**: the custom intent's own parameters are resolved by the handler of the first
///   step that slots them in, under that step's parameter name — so "weekly shop for {list}"
///   asks "which list?" exactly as resetting a list would.
/// - **confirm**: asks "are you sure?" (the intent's `confirm` template) when any step's intent
///   confirms, since the steps run without asking again.
/// - **handle**: for each step, fixed values are resolved as if the person had said them and
///   must resolve outright (`success`); the slotted values are passed on already resolved;
///   then the step is confirmed and handled. The first step that cannot go on stops the rest,
///   and the failure says which step, which value, and which steps were already done — a
///   sequence stopped half-way has changed things, and the person must know what.
package struct SequenceHandler: IntentHandler {
    /// The handler of a built-in intent. Called for each step as it runs, so a domain can
    /// hand out handlers over fresh data: the steps before may have changed it.
    package typealias Handlers = @Sendable (String) throws -> (any IntentHandler)?

    package let definition: IntentDefinition
    let schemas: [String: IntentSchema]
    let language: Language
    let handlers: Handlers

    /// `schemas` and `language`: the engine's (the steps' parameters and response templates).
    package init(definition: IntentDefinition, schemas: [String: IntentSchema], language: Language, handlers: @escaping Handlers) {
        self.definition = definition
        self.schemas = schemas
        self.language = language
        self.handlers = handlers
    }

    package func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        for step in definition.steps {
            guard let target = step.parameters.first(where: { $0.value == .slot(parameter) }) else { continue }
            guard let handler = try handlers(step.intent), let schema = schemas[step.intent] else {
                return .unsupported(reason: nil)
            }
            // The step's other values, as far as they go, for resolutions that depend on them
            // (an item is looked up on the list already resolved).
            var stepRequest = IntentRequest(intent: step.intent)
            for other in schema.parameters where other.name != target.name {
                switch step.value(other.name) {
                case .fixed(let values)?:
                    stepRequest.parameters[other.name] = try values.map { value -> ParameterState in
                        if case .success(let resolved) = try handler.resolve(other.name, .spoken(value), in: stepRequest) {
                            return .resolved(resolved)
                        }
                        return .unresolved(.spoken(value))
                    }
                case .slot(let own)?:
                    stepRequest.parameters[other.name] = request.parameters[own]
                case nil:
                    break
                }
            }
            stepRequest.parameters[target.name] = request.parameters[parameter]
            return try handler.resolve(target.name, input, in: stepRequest)
        }
        return .unsupported(reason: nil)
    }

    package func confirm(_ request: IntentRequest) throws -> ConfirmOutcome {
        definition.schema.confirms ? .needsUserConfirmation(code: "confirm", data: [:]) : .ready
    }

    // A little over 60 lines: each step's values, confirmation and handling share the step's
    // `failure`, which names the step and the steps already done, so they stay in one loop.
    package func handle(_ request: IntentRequest) throws -> IntentResponse {
        var done: [String] = []
        var snippet: Snippet?
        for (index, step) in definition.steps.enumerated() {
            let stop = Stop(number: index + 1, title: language.intents[step.intent]?.title ?? step.intent)
            func failure(_ key: String, _ values: [String: TemplateValue] = [:]) -> IntentResponse {
                self.failure(stop, key, values, done: done, request, snippet: snippet)
            }
            do {
                guard let handler = try handlers(step.intent), let schema = schemas[step.intent] else {
                    return failure("sequence.noHandler")
                }
                var stepRequest = IntentRequest(intent: step.intent)
                stepRequest.userConfirmed = request.userConfirmed
                for parameter in schema.parameters {
                    var states: [ParameterState] = []
                    switch step.value(parameter.name) {
                    case .fixed(let values)?:
                        if let problem = try resolveFixed(values, parameter, handler, stepRequest, into: &states) {
                            return failure(problem.key, problem.values)
                        }
                    case .slot(let own)?:
                        // Resolved with the person before handling: passed on as they are.
                        states = (request.parameters[own] ?? []).filter { if case .resolved = $0 { true } else { false } }
                    case nil:
                        break
                    }
                    if states.isEmpty {
                        // Nothing given: what the step does without it (a default, or nothing).
                        switch try handler.resolve(parameter.name, .missing, in: stepRequest) {
                        case .success(let resolved): states = [.resolved(resolved)]
                        case .notRequired: states = [.absent]
                        case .needsValue where !parameter.required: states = [.absent]
                        default: return failure("sequence.missingValue", ["parameter": .text(parameter.name)])
                        }
                    }
                    stepRequest.parameters[parameter.name] = states
                }
                switch try handler.confirm(stepRequest) {
                case .failure(let code, let data):
                    return failure("sequence.stepFailed", ["response": .text(render(stepRequest, schema, code, data))])
                case .needsUserConfirmation where !request.userConfirmed:
                    // The person was not asked (the step's schema does not confirm, its
                    // handler does): do not do it unasked.
                    return failure("sequence.notConfirmed")
                case .ready, .needsUserConfirmation:
                    break
                }
                let response = try handler.handle(stepRequest)
                let text = render(stepRequest, schema, response.code, response.data)
                guard response.succeeded else { return failure("sequence.stepFailed", ["response": .text(text)]) }
                done.append(text)
                snippet = response.snippet
            } catch {
                let text = "\(error)"
                return failure("sequence.error", ["error": .text(text.hasSuffix(".") ? text : text + ".")])
            }
        }
        var data = ownValues(request)
        data["steps"] = .text(done.joined(separator: " "))
        return IntentResponse(code: "success", data: data, snippet: snippet)
    }

    /// A step's fixed values, resolved into `states`; or why one cannot be used (ambiguous, or
    /// not a value), as the failure's key and values: a step asks the person nothing.
    private func resolveFixed(
        _ values: [String], _ parameter: IntentSchema.Parameter, _ handler: any IntentHandler, _ stepRequest: IntentRequest,
        into states: inout [ParameterState]
    ) throws -> (key: String, values: [String: TemplateValue])? {
        for value in values {
            let resolution = try handler.resolve(parameter.name, .spoken(value), in: stepRequest)
            switch resolution {
            case .success(let resolved):
                states.append(.resolved(resolved))
            case .several(let resolved) where parameter.multiple:
                states += resolved.map { .resolved($0) }
            case .several(let options):
                return ("sequence.ambiguousValue", [
                    "value": .text(value), "parameter": .text(parameter.name), "options": .list(options.map(\.display)),
                ])
            case .disambiguation(let options):
                return ("sequence.ambiguousValue", [
                    "value": .text(value), "parameter": .text(parameter.name), "options": .list(options.map(\.display)),
                ])
            case .confirmationRequired(_, .some):
                // An offer ("Create it?") is no value for a step to go on with.
                return ("sequence.unusableValue", [
                    "value": .text(value), "parameter": .text(parameter.name), "reason": .text(""),
                ])
            case .confirmationRequired(let guess, nil):
                return ("sequence.ambiguousValue", [
                    "value": .text(value), "parameter": .text(parameter.name), "options": .list([guess.display]),
                ])
            case .unsupported(let reason):
                return ("sequence.unusableValue", [
                    "value": .text(value), "parameter": .text(parameter.name),
                    "reason": .text(reason.map { " " + $0 } ?? ""),
                ])
            case .needsValue, .needsOptionalValue, .notRequired:
                return ("sequence.unusableValue", [
                    "value": .text(value), "parameter": .text(parameter.name), "reason": .text(""),
                ])
            }
        }
        return nil
    }

    /// The step that could not go on.
    private struct Stop {
        var number: Int
        var title: String
    }

    /// The failure response: `reason` says which step stopped, why, and what was done before.
    private func failure(
        _ stop: Stop, _ key: String, _ values: [String: TemplateValue], done: [String], _ request: IntentRequest,
        snippet: Snippet?
    ) -> IntentResponse {
        var values = values
        values["step"] = .number(stop.number)
        values["intent"] = .text(stop.title)
        var reason = message(key, values)
        reason += done.isEmpty
            ? message("sequence.nothingDone", [:])
            : message("sequence.doneBefore", ["steps": .text(done.joined(separator: " ")), "count": .number(done.count)])
        var data = ownValues(request)
        data["reason"] = .text(reason)
        data["steps"] = .text(done.joined(separator: " "))
        data["step"] = .number(stop.number)
        return IntentResponse(code: "failure", data: data, snippet: snippet, succeeded: false)
    }

    /// A step's response in words, as the conversation would have said it had the step been
    /// asked for alone: its parameters as said, then the handler's data.
    private func render(_ request: IntentRequest, _ schema: IntentSchema, _ code: String, _ data: [String: TemplateValue]) -> String {
        var all: [String: TemplateValue] = [:]
        for parameter in schema.parameters {
            let values = request.spoken(parameter.name)
            all[parameter.name] = parameter.multiple ? .list(values) : .text(values.first ?? "")
        }
        all.merge(data) { $1 }
        let template = language.intents[request.intent]?.responses[code] ?? language.messages[code] ?? code
        return language.render(template, all)
    }

    private func ownValues(_ request: IntentRequest) -> [String: TemplateValue] {
        var data: [String: TemplateValue] = [:]
        for parameter in definition.schema.parameters {
            let values = request.spoken(parameter.name)
            data[parameter.name] = parameter.multiple ? .list(values) : .text(values.first ?? "")
        }
        return data
    }

    /// The language's message, else English: a language file written before custom intents
    /// existed still explains a stopped sequence.
    private func message(_ key: String, _ data: [String: TemplateValue]) -> String {
        language.render(language.messages[key] ?? Self.english[key] ?? key, data)
    }

    static let english: [String: String] = [
        "sequence.unusableValue": "Step ${step} (${intent}) can't use “${value}” for ${parameter}.${reason}",
        "sequence.ambiguousValue": "Step ${step} (${intent}) can't tell which “${value}” is meant: ${options|or}.",
        "sequence.missingValue": "Step ${step} (${intent}) has no ${parameter}.",
        "sequence.stepFailed": "Step ${step} (${intent}) failed: ${response}",
        "sequence.notConfirmed": "Step ${step} (${intent}) must be confirmed first.",
        "sequence.noHandler": "Step ${step} (${intent}) can't be done here.",
        "sequence.error": "Step ${step} (${intent}) went wrong: ${error}",
        "sequence.doneBefore": " Already done: ${steps}",
        "sequence.nothingDone": " Nothing was changed.",
    ]
}
