import Foundation
import IntentKit

// What a person types while a question waits: the answer, or a new request of its own.

extension AssistantSession {
    /// The input `text` is, typed while `conversation` waits on a question: a yes or a no
    /// said in more words than one answer word ("yes do it", "no no"), a new request when it
    /// is a whole sentence of its own and no list's name at a question for a list ("uncheck
    /// eggs" at "Which list?": no list is called that), else the utterance as typed (the
    /// conversation then decides, as it does for every other question).
    func reading(_ text: String, in conversation: Conversation, _ domain: ListsDomain) -> Reading {
        switch conversation.question {
        case .confirmValue?, .confirmIntent?:
            let folded = TextNormalizer.fold(text)
            if Self.isSaid(folded, in: engine.language.yesWords) { return .answer(.yes) }
            if Self.isSaid(folded, in: engine.language.noWords) { return .answer(.no) }
            return .asTyped
        case .value(let parameter, _)?:
            guard let request = conversation.request,
                  engine.schemas[request.intent]?.parameter(parameter)?.type == "list",
                  domain.listNames.match(text) == .none,
                  let parse = engine.parse(text, vocabulary: domain.vocabulary),
                  parse.path == .template || parse.path == .phrase else { return .asTyped }
            return .newRequest
        default:
            return .asTyped
        }
    }

    enum Reading: Equatable {
        case answer(ConversationInput)
        case newRequest
        case asTyped
    }

    /// Whether `folded` is one or more of `words` one after another ("yes do it" is "yes" then
    /// "do it"); a single word of them is the conversation's own case, and counts too.
    package static func isSaid(_ folded: String, in words: Set<String>) -> Bool {
        let tokens = folded.split(separator: " ").map(String.init)
        guard !tokens.isEmpty else { return false }
        // said[i]: the first i words are answer words one after another.
        var said = [true] + Array(repeating: false, count: tokens.count)
        for end in 1...tokens.count {
            said[end] = (0..<end).contains { start in
                said[start] && words.contains(tokens[start..<end].joined(separator: " "))
            }
        }
        return said[tokens.count]
    }
}
