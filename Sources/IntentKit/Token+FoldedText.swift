extension Collection where Element == Token {
    /// The folded words joined by single spaces, as `map(\.folded).joined(separator: " ")`
    /// gives them, their bytes copied straight into one string's storage: the sentence matcher
    /// and the values ask about such runs of words many times for each request.
    var foldedText: String {
        guard count > 1 else { return first?.folded ?? "" }
        var length = -1
        for token in self { length += token.folded.utf8.count + 1 }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var at = 0
            var first = true
            for token in self {
                if !first {
                    buffer[at] = UInt8(ascii: " ")
                    at += 1
                }
                first = false
                var word = token.folded
                word.withUTF8 { bytes in
                    guard let source = bytes.baseAddress, bytes.count > 0 else { return }
                    (buffer.baseAddress! + at).update(from: source, count: bytes.count)
                    at += bytes.count
                }
            }
            return at
        }
    }
}
