import Foundation
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

    static func update(_ model: inout AppModel, _ msg: Msg) {
        switch msg {
        case .candidates(let fragment, let candidates):
            complete(&model, fragment, candidates)
        }
    }

    /// Tab: the next candidate when cycling, else asks for the names that complete the last
    /// one to four words before the cursor, longest first ("hardware st" → "Hardware Store").
    static func tab(_ model: inout AppModel) -> [Effect] {
        if var completion = model.completion, completion.shown == model.bar.text, completion.candidates.count > 1 {
            completion.index = (completion.index + 1) % completion.candidates.count
            apply(&model, &completion)
            return []
        }
        let characters = Array(model.bar.text)
        let cursor = min(model.bar.cursor, characters.count)
        let before = String(characters[..<cursor])
        guard let last = before.last, !last.isWhitespace else {
            model.status = StatusMessage(text: "Tab completes list and item names: type their first letters.", isError: false)
            return []
        }
        let words = before.split(separator: " ", omittingEmptySubsequences: true)
        var fragments: [String] = []
        for count in stride(from: min(4, words.count), through: 1, by: -1) {
            let start = words[words.count - count].startIndex
            fragments.append(String(before[start...]))
        }
        model.completion = nil
        return [.complete(fragments: fragments, list: model.selectedList?.list.id)]
    }

    private static func complete(_ model: inout AppModel, _ fragment: String, _ candidates: [String]) {
        guard model.barPurpose != nil else { return }
        let characters = Array(model.bar.text)
        let cursor = min(model.bar.cursor, characters.count)
        let before = String(characters[..<cursor])
        guard !candidates.isEmpty, before.hasSuffix(fragment) else {
            model.status = StatusMessage(text: "No list or item name starts with “\(fragment)”.", isError: false)
            return
        }
        var completion = Completion(
            before: String(before.dropLast(fragment.count)), after: String(characters[cursor...]),
            candidates: candidates, index: 0, shown: "")
        apply(&model, &completion)
    }

    private static func apply(_ model: inout AppModel, _ completion: inout Completion) {
        let candidate = completion.candidates[completion.index]
        model.bar.setText(completion.before + candidate + completion.after)
        for _ in 0..<completion.after.count { _ = model.bar.handle(.left) }
        completion.shown = model.bar.text
        model.completion = completion
        if completion.candidates.count > 1 {
            let others = completion.candidates.enumerated().map { $0.offset == completion.index ? "[\($0.element)]" : $0.element }
            model.status = StatusMessage(text: "Tab: " + others.joined(separator: "  "), isError: false)
        } else {
            model.status = nil
        }
    }
}
