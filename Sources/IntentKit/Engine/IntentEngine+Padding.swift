import Foundation

/// The language's words around a request: polite padding ("please", "can you", "thanks"),
/// question starts ("what's", "tell me") and negations ("don't", "never").
extension IntentEngine {
    /// Removes "please", "can you", "thanks"… from both ends.
    func stripPadding(_ tokens: ArraySlice<Token>) -> ArraySlice<Token> {
        var tokens = tokens
        while true {
            if let n = prefixes.match(tokens, keep: 1) {
                tokens = tokens.dropFirst(n)
            } else if let n = suffixes.match(tokens, keep: 1) {
                tokens = tokens.dropLast(n)
            } else {
                return tokens
            }
        }
    }

    /// Whether the request is turned down in its first words ("don't add milk", "never delete
    /// it"): then no guess may read it as the thing not wanted.
    func isNegated(_ tokens: ArraySlice<Token>) -> Bool {
        negations.match(tokens) != nil || (!language.negationEnds.isEmpty && negationEnds.match(stripPadding(tokens)) != nil)
    }

    /// Whether the text is put as a question: a question's first words, or a question mark at
    /// its end (a value typed at a prompt is not taken, if it is).
    public func isQuestion(_ text: String) -> Bool {
        text.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("?") || isQuestion(language.tokenize(text)[...])
    }

    /// Whether the words are put as a question: one of the language's question starts, at the
    /// beginning or after padding ("please tell me what…", "can you tell me…").
    func isQuestion(_ tokens: ArraySlice<Token>) -> Bool {
        if !language.questionEnds.isEmpty, questionEnds.match(stripPadding(tokens)) != nil { return true }
        var tokens = tokens
        while true {
            if questions.match(tokens) != nil { return true }
            guard let padding = prefixes.match(tokens, keep: 1) else { return false }
            tokens = tokens.dropFirst(padding)
        }
    }
}
