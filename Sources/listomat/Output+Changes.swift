import IntentKit
import ListIntents
import ListStore

extension Output {
    /// "Removed milk from Grocery Store.": what a change did, as a sentence in the command
    /// line's language (`change.*` in the interface catalog).
    static func sentence(_ change: ChangeSummary) -> String {
        let text = CLIWords.catalog.change(change)
        let capitalized = text.first.map { $0.uppercased() + text.dropFirst() } ?? text
        return CLIWords.text("change.sentence", ["change": .text(capitalized)])
    }

    /// "Undid: removed milk from Grocery Store", in the command line's language.
    static func stepped(_ step: UndoStep) -> String {
        CLIWords.catalog.step(step)
    }
}
