import IntentKit
import ListIntents
import ListStore
import Settings

extension Output {
    /// "Removed milk from Grocery Store.": what a change did, as a sentence in the command
    /// line's language (`change.*` in the interface catalog). In English, the store's own
    /// sentence, which says exactly what the catalog's English does
    /// (`ChangeWordsTests.englishSaysWhatTheStoreSays`): a command that prints one line in
    /// English reads no catalog.
    static func sentence(_ change: ChangeSummary) -> String {
        if CLIWords.locale == LanguageChoice.fallback {
            return (change.english.first.map { $0.uppercased() + change.english.dropFirst() } ?? change.english) + "."
        }
        let text = CLIWords.catalog.change(change)
        let capitalized = text.first.map { $0.uppercased() + text.dropFirst() } ?? text
        return CLIWords.text("change.sentence", ["change": .text(capitalized)])
    }

    /// "Undid: removed milk from Grocery Store", in the command line's language.
    static func stepped(_ step: UndoStep) -> String {
        CLIWords.catalog.step(step)
    }
}
