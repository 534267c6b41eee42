/// A request typed only in Latin letters to an assistant whose language is written in
/// another script ("add apples to groceries" in a Thai session): its templates may take a
/// loanword ("add") and the rest as a value ("apples to groceries"), which is no clean
/// reading. Such a change is a guess, asked about before anything changes.
extension IntentEngine {
    func askIfForeign(_ parse: inout Parse, _ text: String) {
        guard parse.guessReason == nil, !writtenInLatin, text.unicodeScalars.allSatisfy(\.isASCII) else { return }
        parse.request.isGuess = true
        parse.guessReason = "typed in Latin letters, not in the language's own script"
    }
}
