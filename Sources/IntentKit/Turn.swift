/// What the person does next.
public enum ConversationInput: Equatable, Sendable {
    /// Words typed or said: a new command, or an answer to the question asked.
    case utterance(String)
    /// A menu choice, 0-based.
    case pick(Int)
    case yes
    case no
    /// A free-text answer to the question asked (not tried as a new command).
    case answer(String)
    case cancel
}

/// Where a request stands after a turn: the states of the JSON contract.
package enum ConversationState: String, Sendable, Codable {
    case needsValue, disambiguation, confirmation, ready, completed, failed, unsupported, notUnderstood
}

/// What the assistant answers in one turn.
public struct Turn: Sendable {
    package var state: ConversationState
    package var intent: String?
    /// The parameter a question is about (nil for "are you sure?").
    package var parameter: String?
    /// The menu's choices, or the single guess to confirm.
    package var options: [String]
    /// Parameter → resolved values (or what was said while unresolved), in schema order.
    package var parameters: [(name: String, values: [String], multiple: Bool)]
    /// What the assistant says.
    package var response: String
    package var snippet: Snippet?
    /// The request with every value resolved, in a completed turn (what a donation records)
    /// and in a dry run's ready turn (what a phrase stores).
    package var resolved: IntentRequest?
    /// How the words that started this request were understood (`IntentEngine.Path`), in
    /// the turn that answers them; nil in turns that answer a question.
    package var path: String?
    /// Why the request is only a guess (asked about before anything changes), if it is.
    package var guess: String?
    /// The model's confidence, when the fallback understood the words.
    package var confidence: Double?
    /// Whether the request may change data once its question is answered yes (a "did you
    /// mean …?" about a request that only shows something does not).
    package var changesData = true
    package init(
        state: ConversationState, intent: String?, parameter: String?, options: [String],
        parameters: [(name: String, values: [String], multiple: Bool)], response: String, snippet: Snippet?
    ) {
        self.state = state
        self.intent = intent
        self.parameter = parameter
        self.options = options
        self.parameters = parameters
        self.response = response
        self.snippet = snippet
    }

    /// Whether the request is over: completed, failed (also cancelled, declined, gave up),
    /// not understood, or ready (a dry run stops there).
    package var finished: Bool {
        switch state {
        case .completed, .failed, .notUnderstood: return true
        case .ready: return true
        default: return false
        }
    }
}

extension Turn {
    /// Two requests said in one sentence, the first done: the second's turn, after what the
    /// first said ("Removed glue from Hardware Store. Added screws to Hardware Store.").
    init(combining first: Turn, with second: Turn) {
        self = second
        response = Self.sentences(first.response, second.response)
    }

    /// Two sentences one after the other: a space between, except after a full-width stop
    /// ("。", "！", "？"), which carries its own space ("已勾掉。已加上。").
    static func sentences(_ first: String, _ second: String) -> String {
        guard let last = first.last else { return second }
        return "。！？）」".contains(last) ? first + second : first + " " + second
    }
}
