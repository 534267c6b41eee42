/// Answers given before the questions are asked, by a caller that cannot ask the person in
/// between: `listomat ask --choose 2 --yes`, or an MCP client's `choices` and `confirm`.
/// Each answer is used once, for the first question of its kind.
package struct PresetAnswers: Sendable, Equatable {
    /// Menu picks, from 1, one per menu, in the order the menus come.
    package var choices: [Int]
    /// The answer to the first yes/no question.
    package var confirm: Bool?
    /// Whether a "did you mean …?" takes the next of `choices` (1 = yes, anything else = no)
    /// rather than `confirm`, which is then kept for "are you sure?" (the MCP tools' contract).
    package var guessesTakeChoices: Bool

    package init(choices: [Int] = [], confirm: Bool? = nil, guessesTakeChoices: Bool = false) {
        self.choices = choices
        self.confirm = confirm
        self.guessesTakeChoices = guessesTakeChoices
    }

    /// The answer to the question `turn` asks, used up; nil when none was given for it.
    package mutating func answer(_ turn: Turn) -> ConversationInput? {
        switch turn.state {
        case .disambiguation:
            guard !choices.isEmpty else { return nil }
            return .pick(choices.removeFirst() - 1)
        case .confirmation where guessesTakeChoices && turn.parameter != nil:
            guard !choices.isEmpty else { return nil }
            return choices.removeFirst() == 1 ? .yes : .no
        case .confirmation:
            guard let yes = confirm else { return nil }
            confirm = nil
            return yes ? .yes : .no
        default:
            return nil
        }
    }
}
