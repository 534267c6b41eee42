extension Collection where Element == Token {
    /// The folded words joined by single spaces, as `map(\.folded).joined(separator: " ")`
    /// gives them, written into one string with no array between: the sentence matcher and
    /// the values ask about such runs of words many times for each request.
    var foldedText: String {
        var count = 0
        for token in self { count += token.folded.utf8.count + 1 }
        var text = ""
        text.reserveCapacity(count)
        var first = true
        for token in self {
            if !first { text.append(" ") }
            first = false
            text.append(token.folded)
        }
        return text
    }
}
