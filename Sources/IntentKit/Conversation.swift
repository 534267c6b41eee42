/// Supplies each intent's handler and the person's names; the only place a conversation
/// reaches outside itself.
public protocol IntentDomain: Sendable {
    func handler(for intent: String) -> (any IntentHandler)?
    var vocabulary: Vocabulary { get }
}

/// The conversation state machine: a value that holds the request being resolved and the
/// question asked, and moves on each input. It does no I/O of its own: the domain's handlers
/// read and change data.
public struct Conversation: Sendable {
    /// The question the assistant is waiting on.
    package enum Question: Equatable, Sendable {
        case value(parameter: String, index: Int)
        case pick(parameter: String, index: Int, options: [ParameterValue])
        case confirmValue(parameter: String, index: Int, value: ParameterValue, prompt: String = "confirmation")
        case confirmIntent(code: String, data: [String: TemplateValue])
    }

    package private(set) var request: IntentRequest?
    package private(set) var question: Question?
    /// Answers that could not be used for the current question.
    public private(set) var retries = 0
    /// Unusable answers in a row after which the assistant gives up: after the first it asks
    /// again, after the second it gives up politely (as the README says).
    public static let maximumRetries = 2

    /// Stop before handling: resolve and confirm only, change nothing.
    public var dryRun = false
    /// Requests said after the one in hand ("… and also add screws"): each started once the
    /// one before it is done.
    package internal(set) var queued: [String] = []
    /// The request just done, when the next one was said in the same sentence: a value the
    /// next one leaves out is that one's value of the same type ("remove glue from the
    /// hardware store and add screws" adds screws to Hardware Store).
    var saidBefore: IntentRequest?

    public init(dryRun: Bool = false) {
        self.dryRun = dryRun
    }

    public var isWaiting: Bool { question != nil }

    /// Moves the conversation on by one input. A sentence of two requests starts the first;
    /// `next(after:)` goes on with the second.
    public mutating func receive(_ input: ConversationInput, engine: IntentEngine, domain: any IntentDomain) -> Turn {
        let language = engine.language
        switch input {
        case .cancel:
            return cancelled(engine)
        case .utterance(let text):
            if isWaiting, language.cancelWords.contains(language.fold(text)) { return cancelled(engine) }
            // "Thanks" or "hello" alone is answered in kind before any reading: no model's guess
            // at a request ("ขอบคุณมากค่ะ" read as a check-off) comes of it.
            if !isWaiting, let talk = Self.smallTalk(text, language, cancel: false) {
                return Turn(state: .notUnderstood, intent: nil, parameter: nil, options: [], parameters: [],
                            response: talk, snippet: nil)
            }
            let parse = engine.parse(text, vocabulary: domain.vocabulary)
            // "Cancel" or "stop" alone with nothing asked: there is nothing to cancel. Not a
            // request whose verb it can be that asks what to delete; a cancel word that is a
            // whole request of its own (French "annule": undo the last change) stays one.
            // ("Forget it" reads as a removal of "it": a cancel phrase whole is no request either.)
            if !isWaiting, let parse, parse.match.slots.isEmpty || language.cancelWords.contains(language.fold(text)),
               engine.schemas[parse.request.intent]?.parameters.contains(where: \.required) == true,
               let talk = Self.smallTalk(text, language) {
                return Turn(state: .notUnderstood, intent: nil, parameter: nil, options: [], parameters: [],
                            response: talk, snippet: nil)
            }
            if let parse, startsOver(parse, text, engine, domain.vocabulary) {
                return startOver(parse, engine.firstOfTwoRequests(parse, in: text, vocabulary: domain.vocabulary), engine, domain)
            }
            // Nothing reads all the words, but they are two requests, each a sentence of its own.
            if !isWaiting, let split = engine.firstOfTwoRequests(nil, in: text, vocabulary: domain.vocabulary) {
                return startOver(split.first, split, engine, domain)
            }
            guard isWaiting else {
                return Turn(state: .notUnderstood, intent: nil, parameter: nil, options: [], parameters: [],
                            response: Self.smallTalk(text, language) ?? language.message("notUnderstood"), snippet: nil)
            }
            return answer(text, engine, domain)
        case .answer(let text):
            guard isWaiting else {
                return Turn(state: .notUnderstood, intent: nil, parameter: nil, options: [], parameters: [],
                            response: language.message("notUnderstood"), snippet: nil)
            }
            return answer(text, engine, domain)
        case .pick(let index):
            guard case .pick(let parameter, let element, let options)? = question else { return unusable(engine, domain) }
            guard options.indices.contains(index) else { return unusable(engine, domain) }
            set(parameter, element, .unresolved(.chosen(options[index])))
            return advance(engine, domain)
        case .yes:
            switch question {
            case .confirmValue(let parameter, let element, let value, _)?:
                set(parameter, element, .unresolved(.chosen(value)))
                return advance(engine, domain)
            case .confirmIntent?:
                request?.userConfirmed = true
                return advance(engine, domain)
            default:
                return unusable(engine, domain)
            }
        case .no:
            switch question {
            case .confirmValue(let parameter, let element, _, _)?:
                // Not that one: ask for the value instead.
                question = .value(parameter: parameter, index: element)
                retries = 0
                return questionTurn(engine, .needsValue, parameter: parameter, kind: "needsValue", options: [])
            case .confirmIntent?:
                return end(engine, message: "declined")
            default:
                return unusable(engine, domain)
            }
        }
    }

    /// A new request, from words said: the first of two said in one sentence (`split`) is done first.
    private mutating func startOver(
        _ whole: IntentEngine.Parse, _ split: (first: IntentEngine.Parse, rest: String)?, _ engine: IntentEngine, _ domain: any IntentDomain
    ) -> Turn {
        var parse = whole
        queued = []
        if let (first, rest) = split {
            parse = first
            queued = [rest]
        }
        var request = parse.request
        if let before = saidBefore { carryOver(from: before, into: &request, engine) }
        var turn = start(request, engine, domain)
        if isWaiting, !queued.isEmpty {
            // Asked first: the request after it is said, so it is not lost if this one ends here.
            turn.response = Turn.sentences(turn.response, engine.language.message("thenNext", ["request": .list(queued)]))
        }
        turn.path = parse.path.rawValue
        // A guess matters only for what would change something.
        turn.guess = engine.schemas[parse.request.intent]?.changes ?? true ? parse.guessReason : nil
        turn.confidence = parse.confidence
        return turn
    }

    /// Whether a sentence typed while a question waits is a new command rather than the answer.
    /// Asked for a value ("What should I add?"), "get milk" is an answer even though "get …"
    /// can show a list: only a sentence with two literal words, a known name, or no slot at
    /// all ("what can you do") starts over.
    /// Asked which list, "the packing list" is the answer, not a request to show that list: the
    /// whole answer is a name of the kind asked for, with only the words around a name.
    private func startsOver(_ parse: IntentEngine.Parse, _ text: String, _ engine: IntentEngine, _ vocabulary: Vocabulary) -> Bool {
        guard isWaiting else { return true }
        // Only words a sentence takes whole start over: a guess is the answer's own words.
        guard parse.path == .template || parse.path == .phrase else { return false }
        guard case .value(let asked, _)? = question else { return true }
        if let type = engine.schemas[request?.intent ?? ""]?.parameter(asked)?.type, engine.language.entityLists.contains(type),
           vocabulary.contains(type, folded: engine.language.fold(text)) {
            return false
        }
        let match = parse.match
        return match.score.literalWords >= 2 || match.score.knownEntities > 0 || match.slots.isEmpty
    }

    /// Starts a new request (a command typed at a prompt replaces the one asked about).
    package mutating func start(_ newRequest: IntentRequest, _ engine: IntentEngine, _ domain: any IntentDomain) -> Turn {
        request = newRequest
        question = nil
        retries = 0
        return advance(engine, domain)
    }

    /// Ends the request without doing it (cancelled, declined, gave up): state failed, with
    /// the parameters as they stood.
    mutating func end(_ engine: IntentEngine, message: String) -> Turn {
        guard let request else {
            return Turn(state: .failed, intent: nil, parameter: nil, options: [], parameters: [],
                        response: engine.language.message(message), snippet: nil)
        }
        var turn = parametersTurn(.failed, request, engine)
        turn.response = engine.language.message(message)
        reset()
        return turn
    }

    private mutating func reset() {
        request = nil
        question = nil
        retries = 0
    }

    /// An answer in words to the question asked.
    private mutating func answer(_ text: String, _ engine: IntentEngine, _ domain: any IntentDomain) -> Turn {
        let language = engine.language
        let folded = language.fold(text)
        switch question {
        case .value(let parameter, let element)?:
            // "What is on it already?" asked back is no value to take.
            guard !folded.isEmpty, !engine.isQuestion(text) else { return unusable(engine, domain) }
            let multiple = engine.schemas[request?.intent ?? ""]?.parameter(parameter)?.multiple ?? false
            let values = multiple ? engine.split(text) : [text.trimmingCharacters(in: .whitespacesAndNewlines)]
            guard var states = request?.parameters[parameter], states.indices.contains(element), !values.isEmpty else {
                return unusable(engine, domain)
            }
            states.replaceSubrange(element...element, with: values.map { .unresolved(.spoken($0)) })
            request?.parameters[parameter] = states
            return advance(engine, domain, answered: true)
        case .pick(_, _, let options)?:
            if let index = Self.choice(folded, options: options, language: language) {
                return receive(.pick(index), engine: engine, domain: domain)
            }
            return unusable(engine, domain)
        case .confirmValue?, .confirmIntent?:
            if language.yesWords.contains(folded) { return receive(.yes, engine: engine, domain: domain) }
            if language.noWords.contains(folded) { return receive(.no, engine: engine, domain: domain) }
            return unusable(engine, domain)
        case nil:
            return Turn(state: .notUnderstood, intent: nil, parameter: nil, options: [], parameters: [],
                        response: language.message("notUnderstood"), snippet: nil)
        }
    }

    /// "Thanks", "hello", or "never mind" with nothing asked: what a person says back, in a
    /// language that has the words and the message; nil for anything else. Nothing is done.
    static func smallTalk(_ text: String, _ language: Language, cancel: Bool = true) -> String? {
        let said = TextNormalizer.tokenize(text).map(\.folded).joined(separator: " ")
        let key = language.thanksWords.contains(said) ? "smallTalk.thanks"
            : language.greetingWords.contains(said) ? "smallTalk.greeting"
            : cancel && language.cancelWords.contains(said) ? "smallTalk.nothingToCancel" : nil
        guard let key, language.messages[key] != nil else { return nil }
        return language.message(key)
    }

    /// "2", "the second one", "second", or a name matching one option.
    static func choice(_ folded: String, options: [ParameterValue], language: Language) -> Int? {
        let matcher = NameMatcher(names: options.map(\.display), rules: language.nameRules)
        let named = matcher.match(folded)
        // An option's own name first: "week 1" among "Week 3", "Week 2", "Week 1" is "Week 1".
        if case .exact(let i) = named { return i }
        // The whole answer as one ordinal: the characters of one in a script without spaces ("อันที่สอง").
        if let index = language.place(of: folded, among: options.count) { return index }
        let words = folded.split(separator: " ").map(String.init)
        for word in words {
            if let n = Int(word), n >= 1, n <= options.count { return n - 1 }
            if let index = language.place(of: word, among: options.count) { return index }
        }
        switch named {
        case .contained(let c) where c.count == 1: return c[0]
        case .words(let i): return i
        case .similar(let c) where c.count == 1: return c[0]
        default: return nil
        }
    }

    /// The answer could not be used: ask again once, then give up politely.
    private mutating func unusable(_ engine: IntentEngine, _ domain: any IntentDomain) -> Turn {
        guard question != nil else {
            return Turn(state: .notUnderstood, intent: nil, parameter: nil, options: [], parameters: [],
                        response: engine.language.message("notUnderstood"), snippet: nil)
        }
        retries += 1
        if retries >= Self.maximumRetries { return giveUp(engine) }
        var turn = repeatQuestion(engine)
        turn.response = Turn.sentences(engine.language.message("notUsable"), turn.response)
        return turn
    }

    private mutating func giveUp(_ engine: IntentEngine) -> Turn {
        end(engine, message: "gaveUp")
    }

    private func repeatQuestion(_ engine: IntentEngine) -> Turn {
        switch question {
        case .value(let parameter, _)?:
            return questionTurn(engine, .needsValue, parameter: parameter, kind: "needsValue", options: [])
        case .pick(let parameter, _, let options)?:
            return questionTurn(engine, .disambiguation, parameter: parameter, kind: "disambiguation", options: options)
        case .confirmValue(let parameter, _, let value, let prompt)?:
            return questionTurn(engine, .confirmation, parameter: parameter, kind: prompt, options: [value])
        case .confirmIntent(let code, let data)?:
            return intentConfirmationTurn(engine, code: code, data: data)
        case nil:
            return Turn(state: .notUnderstood, intent: nil, parameter: nil, options: [], parameters: [],
                        response: engine.language.message("notUnderstood"), snippet: nil)
        }
    }

    private mutating func set(_ parameter: String, _ index: Int, _ state: ParameterState) {
        guard var states = request?.parameters[parameter], states.indices.contains(index) else { return }
        states[index] = state
        request?.parameters[parameter] = states
    }

    /// Resolves what is left in schema order, then confirms, then handles (unless dry-run).
    /// `answered`: the person just answered a question, so a repeated question counts as a retry.
    private mutating func advance(_ engine: IntentEngine, _ domain: any IntentDomain, answered: Bool = false) -> Turn {
        guard var request, let schema = engine.schemas[request.intent], let handler = domain.handler(for: request.intent) else {
            reset()
            return Turn(state: .notUnderstood, intent: nil, parameter: nil, options: [], parameters: [],
                        response: engine.language.message("notUnderstood"), snippet: nil)
        }
        let previousQuestion = question
        do {
            if let turn = try resolveValues(&request, schema, handler, previousQuestion, answered, engine) { return turn }
            self.request = request
            var outcome = try handler.confirm(request)
            if case .ready = outcome, schema.confirms {
                // The schema says this intent destroys data: ask even if the handler did not.
                outcome = .needsUserConfirmation(code: "confirm", data: [:])
            }
            if case .ready = outcome, request.isGuess, schema.changes {
                // Never act on a guess: say what it would do, and do it only on a yes.
                outcome = .needsUserConfirmation(code: "guess", data: ["action": .text(engine.title(handler.described(request)))])
            }
            switch outcome {
            case .failure(let code, let data):
                reset()
                return finish(.failed, intent: request.intent, code: code, data: data, snippet: nil, request, engine)
            case .needsUserConfirmation(let code, let data) where !request.userConfirmed:
                question = .confirmIntent(code: code, data: data)
                retries = previousQuestion == question && answered ? retries + 1 : 0
                if retries >= Self.maximumRetries { return giveUp(engine) }
                return intentConfirmationTurn(engine, code: code, data: data)
            case .ready, .needsUserConfirmation:
                break
            }
            if dryRun {
                reset()
                var turn = parametersTurn(.ready, request, engine)
                turn.response = readyText(handler.described(request), engine)
                turn.resolved = request
                return turn
            }
            let response = try handler.handle(request)
            reset()
            var turn = finish(response.succeeded ? .completed : .failed, intent: request.intent, code: response.code,
                              data: response.data, snippet: response.snippet, request, engine)
            if response.succeeded { turn.resolved = request }
            return turn
        } catch {
            reset()
            var turn = parametersTurn(.failed, request, engine)
            turn.response = engine.language.message("error", ["error": .text("\(error)")])
            return turn
        }
    }

    /// Resolves the request's values in schema order, each parameter's one by one: nil when
    /// all are resolved (or not needed), else the turn that asks for one or says it cannot be used.
    private mutating func resolveValues(
        _ request: inout IntentRequest, _ schema: IntentSchema, _ handler: any IntentHandler,
        _ previousQuestion: Question?, _ answered: Bool, _ engine: IntentEngine
    ) throws -> Turn? {
        for parameter in schema.parameters {
            var states = request.parameters[parameter.name] ?? [.unresolved(.missing)]
            var index = 0
            while index < states.count {
                guard case .unresolved(let input) = states[index] else {
                    index += 1
                    continue
                }
                let resolution = try handler.resolve(parameter.name, input, in: request)
                switch resolution {
                case .success(let value):
                    states[index] = .resolved(value)
                case .several(let values) where parameter.multiple && !values.isEmpty:
                    states.replaceSubrange(index...index, with: values.map { .resolved($0) })
                    index += values.count
                    continue
                case .several:
                    request.parameters[parameter.name] = states
                    return ask(.value(parameter: parameter.name, index: index), request, previousQuestion, answered, engine)
                case .notRequired:
                    states[index] = .absent
                case .needsValue where !parameter.required:
                    states[index] = .absent
                case .needsValue, .needsOptionalValue:
                    // Words that are no value ("start a list": "a") are not shown as one.
                    if resolution == .needsValue, case .spoken = input { states[index] = .unresolved(.missing) }
                    request.parameters[parameter.name] = states
                    return ask(.value(parameter: parameter.name, index: index), request, previousQuestion, answered, engine)
                case .disambiguation(let options) where options.count == 1:
                    request.parameters[parameter.name] = states
                    return ask(.confirmValue(parameter: parameter.name, index: index, value: options[0]),
                               request, previousQuestion, answered, engine)
                case .disambiguation(let options):
                    request.parameters[parameter.name] = states
                    return ask(.pick(parameter: parameter.name, index: index, options: options),
                               request, previousQuestion, answered, engine)
                case .confirmationRequired(let value, let prompt):
                    request.parameters[parameter.name] = states
                    return ask(.confirmValue(parameter: parameter.name, index: index, value: value, prompt: prompt ?? "confirmation"),
                               request, previousQuestion, answered, engine)
                case .unsupported(let reason):
                    request.parameters[parameter.name] = states
                    // A retry only when this same value was the one just asked for.
                    let retried = answered && previousQuestion == .value(parameter: parameter.name, index: index)
                    return unsupported(parameter.name, index: index, reason: reason, request, retried, engine)
                }
                index += 1
            }
            request.parameters[parameter.name] = states
        }
        return nil
    }

    private mutating func ask(
        _ newQuestion: Question, _ request: IntentRequest, _ previous: Question?, _ answered: Bool, _ engine: IntentEngine
    ) -> Turn {
        self.request = request
        retries = (answered && Self.sameKind(previous, newQuestion)) ? retries + 1 : 0
        question = newQuestion
        if retries >= Self.maximumRetries { return giveUp(engine) }
        var turn = repeatQuestion(engine)
        if retries > 0 { turn.response = Turn.sentences(engine.language.message("notUsable"), turn.response) }
        return turn
    }

    private mutating func unsupported(
        _ parameter: String, index: Int, reason: String?, _ request: IntentRequest, _ answered: Bool, _ engine: IntentEngine
    ) -> Turn {
        // Say why, then wait for a better value for the same parameter.
        self.request = request
        let newQuestion = Question.value(parameter: parameter, index: index)
        retries = answered ? retries + 1 : 0
        question = newQuestion
        if retries >= Self.maximumRetries { return giveUp(engine) }
        let spoken: String
        switch request.parameters[parameter]?[index] {
        case .unresolved(.spoken(let s))?: spoken = s
        case .unresolved(.chosen(let value))?: spoken = value.display  // picked, then gone
        default: spoken = ""
        }
        var turn = questionTurn(engine, .unsupported, parameter: parameter, kind: "unsupported", options: [],
                                extra: ["spoken": .text(spoken), "reason": .text(reason ?? "")])
        if let reason, !reason.isEmpty, turn.response.isEmpty { turn.response = reason }
        return turn
    }

    private func questionTurn(
        _ engine: IntentEngine, _ state: ConversationState, parameter: String, kind: String,
        options: [ParameterValue], extra: [String: TemplateValue] = [:]
    ) -> Turn {
        guard let request else {
            return Turn(state: .notUnderstood, intent: nil, parameter: nil, options: [], parameters: [], response: "", snippet: nil)
        }
        var turn = parametersTurn(state, request, engine)
        turn.parameter = parameter
        turn.options = options.map(\.display)
        // A value a sentence fixed ("finish the list": every item, after a yes) is shown as the
        // value asked about, its case's name ("all"), not the name of what the sentence said.
        if state == .confirmation, options.count == 1, options[0].kind == .enumeration,
           let shown = turn.parameters.firstIndex(where: { $0.name == parameter }),
           case let said = request.spoken(parameter), !said.isEmpty, said.allSatisfy({ $0.hasPrefix("@") }) {
            turn.parameters[shown].values = [options[0].id]
        }
        var data = templateData(request, engine)
        data["options"] = .list(options.map(\.display))
        if let first = options.first { data["value"] = .text(first.display) }
        data["optionCount"] = .number(options.count)
        data.merge(extra) { $1 }
        let prompts = engine.language.intents[request.intent]?.prompts[parameter]
        var kind = kind
        // "Show all lists", "how many lists": a menu of every one may be worded as such.
        if kind == "disambiguation", prompts?["disambiguationAll"] != nil,
           case .unresolved(.spoken(let said))? = request.parameters[parameter]?.first,
           engine.language.nameRules.allWords.contains(engine.language.fold(said)) {
            kind = "disambiguationAll"
        }
        // "What's on my rap playlist" with no such list: a menu of the person's lists, saying why.
        if kind == "disambiguation", prompts?["disambiguationNotFound"] != nil,
           case .unresolved(.spoken(let said))? = request.parameters[parameter]?.first,
           !engine.language.nameRules.isUnnamed(said),
           case .none = NameMatcher(names: options.map(\.display), rules: engine.language.nameRules).match(said) {
            kind = "disambiguationNotFound"
            data["spoken"] = .text(said)
        }
        // A question of the domain's own ("offerNewList") that a language lacks is asked as "Did you mean …?".
        let fallback = state == .confirmation ? prompts?["confirmation"] ?? engine.language.messages["prompt.confirmation"] : nil
        let template = prompts?[kind] ?? engine.language.messages["prompt." + kind] ?? fallback ?? ""
        turn.response = engine.language.render(
            Self.withoutEmptyValues(template, kind: kind, parameter: parameter, request, data, engine), data)
        return turn
    }

    private func intentConfirmationTurn(_ engine: IntentEngine, code: String, data: [String: TemplateValue]) -> Turn {
        guard let request else {
            return Turn(state: .notUnderstood, intent: nil, parameter: nil, options: [], parameters: [], response: "", snippet: nil)
        }
        var turn = parametersTurn(.confirmation, request, engine)
        var all = templateData(request, engine)
        all.merge(data) { $1 }
        let template = engine.language.intents[request.intent]?.responses[code] ?? engine.language.messages[code] ?? code
        turn.response = engine.language.render(template, all)
        return turn
    }

    private func finish(
        _ state: ConversationState, intent: String, code: String, data: [String: TemplateValue], snippet: Snippet?,
        _ request: IntentRequest, _ engine: IntentEngine
    ) -> Turn {
        var turn = parametersTurn(state, request, engine)
        var all = templateData(request, engine)
        all.merge(data) { $1 }
        let template = engine.language.intents[intent]?.responses[code] ?? engine.language.messages[code] ?? code
        turn.response = engine.language.render(template, all)
        turn.snippet = snippet
        return turn
    }

    /// "Add peaches to Farmers Market": the parameter-combination title for what is ready.
    private func readyText(_ request: IntentRequest, _ engine: IntentEngine) -> String {
        engine.language.message("ready", ["action": .text(engine.title(request))])
    }

    private func templateData(_ request: IntentRequest, _ engine: IntentEngine) -> [String: TemplateValue] {
        engine.templateData(request)
    }

    private func parametersTurn(_ state: ConversationState, _ request: IntentRequest, _ engine: IntentEngine) -> Turn {
        let parameters = (engine.schemas[request.intent]?.parameters ?? []).map { parameter in
            // A value a sentence fixed ("@this") stands for something: it is never shown, but
            // where it stands for several values ("@checked", "@all"), its name says which ones
            // before they are resolved (JSON: "checked", as once resolved), so a question for the
            // list does not look as if what to do with it was lost.
            (name: parameter.name, values: request.spoken(parameter.name).compactMap { value in
                guard value.hasPrefix("@") else { return value }
                // "Them", "it": the items they stand for are asked for, not named.
                let pointsBack = value == ResolutionInput.sameAsBefore || value == ResolutionInput.sameOneAsBefore
                return parameter.multiple && !pointsBack ? String(value.dropFirst()) : nil
            }, multiple: parameter.multiple)
        }
        var turn = Turn(state: state, intent: request.intent, parameter: nil, options: [], parameters: parameters,
                        response: "", snippet: nil)
        turn.changesData = engine.schemas[request.intent]?.changes ?? true
        return turn
    }

    static func sameKind(_ a: Question?, _ b: Question) -> Bool {
        switch (a, b) {
        case (.value(let p, let i)?, .value(let q, let j)): return p == q && i == j
        case (.pick(let p, _, _)?, .pick(let q, _, _)): return p == q
        case (.confirmValue(let p, _, _, _)?, .confirmValue(let q, _, _, _)): return p == q
        case (.confirmIntent?, .confirmIntent): return true
        default: return false
        }
    }
}
