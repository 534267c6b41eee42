import Foundation
import IntentKit
import TerminalKit

/// Tab completion in the command bar: the text around the completed fragment and the
/// candidates, while Tab cycles through them.
public struct Completion: Sendable, Equatable {
    /// The bar's text before the fragment, and after the cursor.
    package var before: String
    package var after: String
    package var candidates: [String]
    package var index: Int
    /// The bar's text right after the last completion (another Tab cycles only if unchanged).
    package var shown: String

    public enum Msg: Sendable, Equatable {
        /// Tab's candidates for `fragment` (the words before the cursor that they complete).
        case candidates(fragment: String, [String])
    }

    /// Tab's candidates arrived: the first put in the bar (the state cycling through them
    /// kept in `completion`). Returns the footer's message: the candidates, or why there is
    /// none (nil: nothing to say).
    static func update(_ completion: inout Completion?, _ msg: Msg, bar: inout TextInput, words: MessageCatalog) -> StatusMessage? {
        switch msg {
        case .candidates(let fragment, let candidates):
            let characters = Array(bar.text)
            let cursor = min(bar.cursor, characters.count)
            let before = String(characters[..<cursor])
            guard !candidates.isEmpty, before.hasSuffix(fragment) else {
                return StatusMessage(text: words("complete.none", ["text": .text(fragment)]), isError: false)
            }
            var next = Completion(
                before: String(before.dropLast(fragment.count)), after: String(characters[cursor...]),
                candidates: candidates, index: 0, shown: "")
            let status = apply(&next, &bar)
            completion = next
            return status
        }
    }

    /// Tab: the next candidate when cycling, else asks for the names that complete the last
    /// one to four words before the cursor, longest first ("hardware st" → "Hardware Store").
    static func tab(_ model: inout AppModel) -> [Effect] {
        if var completion = model.commandBar.completion, completion.shown == model.commandBar.input.text,
           completion.candidates.count > 1 {
            completion.index = (completion.index + 1) % completion.candidates.count
            model.status = apply(&completion, &model.commandBar.input)
            model.commandBar.completion = completion
            return []
        }
        let characters = Array(model.commandBar.input.text)
        let cursor = min(model.commandBar.input.cursor, characters.count)
        let before = String(characters[..<cursor])
        guard let last = before.last, !last.isWhitespace else {
            model.status = StatusMessage(text: model.screen.words("complete.howTo"), isError: false)
            return []
        }
        let words = before.split(separator: " ", omittingEmptySubsequences: true)
        var fragments: [String] = []
        for count in stride(from: min(4, words.count), through: 1, by: -1) {
            let start = words[words.count - count].startIndex
            fragments.append(String(before[start...]))
        }
        model.commandBar.completion = nil
        return [.complete(fragments: fragments, list: model.selectedList?.list.id)]
    }

    /// Puts the candidate chosen in the bar, the cursor where it was; the footer lists the
    /// candidates when there are several (nil: nothing to say).
    private static func apply(_ completion: inout Completion, _ bar: inout TextInput) -> StatusMessage? {
        let candidate = completion.candidates[completion.index]
        bar.setText(completion.before + candidate + completion.after)
        for _ in 0..<completion.after.count { _ = bar.handle(.left) }
        completion.shown = bar.text
        guard completion.candidates.count > 1 else { return nil }
        let others = completion.candidates.enumerated().map { $0.offset == completion.index ? "[\($0.element)]" : $0.element }
        return StatusMessage(text: "Tab: " + others.joined(separator: "  "), isError: false)
    }
}
