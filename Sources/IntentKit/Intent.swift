/// A value of a parameter once resolved: an entity (a list), a case of an enumeration
/// (status: completed) or free text (an item to add).
public struct ParameterValue: Hashable, Sendable, Codable {
    package enum Kind: String, Hashable, Sendable, Codable { case entity, enumeration, text }
    package var kind: Kind
    /// Stable identity: an entity's id, an enumeration's case name, or the text itself.
    package var id: String
    /// What to show and say: the entity's name, the case's name, the text.
    package var display: String

    package init(kind: Kind, id: String, display: String) {
        self.kind = kind
        self.id = id
        self.display = display
    }

    package static func text(_ text: String) -> ParameterValue { ParameterValue(kind: .text, id: text, display: text) }
    package static func enumeration(_ name: String) -> ParameterValue { ParameterValue(kind: .enumeration, id: name, display: name) }
    package static func entity(id: String, name: String) -> ParameterValue { ParameterValue(kind: .entity, id: id, display: name) }

    /// What JSON output shows: the case name for enumerations, else the display text.
    package var reported: String { kind == .enumeration ? id : display }
}

/// The six outcomes of resolving one parameter value (SiriKit's, in our words).
public enum Resolution: Equatable, Sendable {
    case success(ParameterValue)
    /// Ask the person to pick one, best first.
    case disambiguation([ParameterValue])
    /// Ask "did you mean …?", or the question the language's prompts name `prompt` for this
    /// parameter ("There's no School list. Create it and add pencils?"); a yes resolves the
    /// value again as chosen.
    case confirmationRequired(ParameterValue, prompt: String? = nil)
    case needsValue
    /// Several values for what was said once ("them": the items just added), in a parameter
    /// that takes several.
    case several([ParameterValue])
    /// Ask for a value of a parameter that is otherwise optional: the request cannot go on
    /// without one now ("start a grocery list" with Grocery there: what should go on it?).
    case needsOptionalValue
    case notRequired
    /// Cannot use what was said; the reason goes into the reply.
    case unsupported(reason: String? = nil)
}

/// What resolution is asked to resolve.
public enum ResolutionInput: Equatable, Sendable {
    /// Said for a value the person means but did not name: "this list", "it", "here", and the
    /// value a second request in one sentence takes from the first. The domain resolves it
    /// from what is in view or was just named.
    package static let sameAsBefore = "@this"
    /// Items said as "it" (`Language.onePronouns`): the one item the conversation just named.
    package static let sameOneAsBefore = "@this.one"

    /// Nothing was said for the parameter.
    case missing
    /// The words the person said.
    case spoken(String)
    /// A value the person picked from a menu or confirmed: resolved again, so resolution
    /// must accept its own values (and check they still exist).
    case chosen(ParameterValue)
}

/// A parameter's state while a request is resolved.
package enum ParameterState: Equatable, Sendable {
    case unresolved(ResolutionInput)
    case resolved(ParameterValue)
    case absent
}

/// A request: an intent and its parameters, resolved so far.
public struct IntentRequest: Equatable, Sendable {
    public var intent: String
    /// Single-valued parameters have one element; multi-valued ones one per value.
    package var parameters: [String: [ParameterState]]
    /// The person already said yes to "are you sure?".
    package var userConfirmed = false
    /// Understood only on a guess (the fallback, or a question read as a change): it is
    /// handled only after the person says yes to what it would do.
    package var isGuess = false
    /// Names said with a word for "list" beside them (`names.list_words`: "the trader list"):
    /// a list's short name, which the domain may take as the one list holding those words.
    package var saidAsList: Set<String> = []
    /// Names said in the next request of the same sentence and lent to this one, which named
    /// none ("take soda off and add tea to the groceries"): the domain may prefer what the
    /// request's own values say (the one list holding the items).
    package var lentNames: Set<String> = []

    package init(intent: String, parameters: [String: [ParameterState]] = [:]) {
        self.intent = intent
        self.parameters = parameters
    }

    /// The resolved value of a single-valued parameter.
    package func value(_ name: String) -> ParameterValue? {
        guard case .resolved(let value)? = parameters[name]?.first else { return nil }
        return value
    }

    /// The resolved values of a multi-valued parameter.
    package func values(_ name: String) -> [ParameterValue] {
        (parameters[name] ?? []).compactMap { if case .resolved(let v) = $0 { v } else { nil } }
    }

    /// What to say for a parameter in words (questions, titles): a resolved value's name,
    /// else what was said. Values fixed by a sentence that stand for something ("@all") say nothing.
    package func shown(_ name: String) -> [String] {
        (parameters[name] ?? []).compactMap {
            switch $0 {
            case .resolved(let v): v.display
            case .unresolved(.spoken(let s)): s.hasPrefix("@") ? nil : s
            case .unresolved(.chosen(let v)): v.display
            case .unresolved(.missing), .absent: nil
            }
        }
    }

    /// What the person said for a parameter, resolved or not (for questions and JSON).
    package func spoken(_ name: String) -> [String] {
        (parameters[name] ?? []).compactMap {
            switch $0 {
            case .resolved(let v): v.reported
            case .unresolved(.spoken(let s)): s
            case .unresolved(.chosen(let v)): v.reported
            case .unresolved(.missing), .absent: nil
            }
        }
    }
}

/// The outcome of the confirm stage.
public enum ConfirmOutcome: Equatable, Sendable {
    case ready
    /// Ready, but the person must say yes first; `code` names the question's template.
    case needsUserConfirmation(code: String, data: [String: TemplateValue])
    case failure(code: String, data: [String: TemplateValue])
}

/// A small view of a result that a UI can draw: a list and its items.
package struct Snippet: Equatable, Sendable {
    package struct Item: Equatable, Sendable {
        package var name: String
        package var done: Bool
        package init(name: String, done: Bool) {
            self.name = name
            self.done = done
        }
    }

    package var title: String
    package var items: [Item]
    /// The id of the entity shown (the list), so an app can go to it when the request is over.
    package var id: String?

    package init(title: String, items: [Item], id: String? = nil) {
        self.title = title
        self.items = items
        self.id = id
    }
}

/// What handling returns: a response code (success, failure, or the intent's own) and the
/// data its template needs. The engine, not the handler, turns it into words.
public struct IntentResponse: Equatable, Sendable {
    package var code: String
    package var data: [String: TemplateValue]
    package var snippet: Snippet?
    package var succeeded: Bool

    package init(code: String, data: [String: TemplateValue] = [:], snippet: Snippet? = nil, succeeded: Bool = true) {
        self.code = code
        self.data = data
        self.snippet = snippet
        self.succeeded = succeeded
    }
}

/// An intent's behaviour: resolve each parameter, confirm, handle. Implemented per domain.
public protocol IntentHandler: Sendable {
    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution
    func confirm(_ request: IntentRequest) throws -> ConfirmOutcome
    func handle(_ request: IntentRequest) throws -> IntentResponse
    /// The request whose title says what handling this one will do, for "Ready: …" (a dry run)
    /// and a guess's "Did you mean …?": the request itself, unless the handler does another
    /// intent's work with it (a list to create that is already there gets the items added).
    func described(_ request: IntentRequest) -> IntentRequest
}

extension IntentHandler {
    package func confirm(_ request: IntentRequest) throws -> ConfirmOutcome { .ready }
    package func described(_ request: IntentRequest) -> IntentRequest { request }
}
