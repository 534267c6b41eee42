import Foundation

/// The language's words around a request: polite padding ("please", "can you", "thanks"),
/// question starts ("what's", "tell me") and negations ("don't", "never").
extension IntentEngine {
    /// Removes "please", "can you", "thanks"… from both ends.
    func stripPadding(_ tokens: ArraySlice<Token>) -> ArraySlice<Token> {
        var tokens = tokens
        while true {
            if let n = paddingAtStart(tokens) {
                tokens = tokens.dropFirst(n)
            } else if let n = paddingAtEnd(tokens) {
                tokens = tokens.dropLast(n)
            } else {
                return tokens
            }
        }
    }

    /// How many words the padding at the start takes ("please", "can you"): none where the
    /// padding is the first characters of a longer word of the language in a script without
    /// spaces ("ช่วยเหลือ", help, is no "ช่วย" and "เหลือ"; `SpacelessWords`).
    func paddingAtStart(_ tokens: ArraySlice<Token>) -> Int? {
        guard let n = prefixes.match(tokens, keep: 1) else { return nil }
        return cutsWord(tokens, n, fromEnd: false) ? nil : n
    }

    /// How many words a reason said after the request takes ("… because we're out"), with
    /// whatever padding ends it ("… because i'm done with it"); else the padding at the end
    /// ("thanks"), never the end of a longer word.
    func paddingAtEnd(_ tokens: ArraySlice<Token>) -> Int? {
        if let n = reasonAtEnd(tokens) { return n }
        guard let n = suffixes.match(tokens, keep: 1) else { return nil }
        return cutsWord(tokens, n, fromEnd: true) ? nil : n
    }

    /// How many words a reason at the end takes: from the first of the language's reason
    /// openings ("because we", "since i") to the end. At least two words of the request come
    /// before it, so a title that begins so stays whole ("add because i said so to the movie
    /// list"); it asks for nothing, so setting it aside loses nothing.
    private func reasonAtEnd(_ tokens: ArraySlice<Token>) -> Int? {
        guard !language.reasons.isEmpty, tokens.count > 2 else { return nil }
        for start in (tokens.startIndex + 2)..<tokens.endIndex where reasons.match(tokens[start...]) != nil {
            return tokens.endIndex - start
        }
        return nil
    }

    /// Whether `n` words of padding at an edge end inside a longer word of the language: both
    /// sides of the cut are characters of a script without spaces, and one of the language's
    /// words there runs past it.
    private func cutsWord(_ tokens: ArraySlice<Token>, _ n: Int, fromEnd: Bool) -> Bool {
        let inner = fromEnd ? tokens[tokens.endIndex - n] : tokens[tokens.startIndex + n - 1]
        let outer = fromEnd ? tokens[tokens.endIndex - n - 1] : tokens[tokens.startIndex + n]
        guard SpacelessText.isSpaceless(word: inner.folded), SpacelessText.isSpaceless(word: outer.folded),
              let words = spacelessWords.value else { return false }
        return ((fromEnd ? words.atEnd : words.atStart).match(tokens) ?? 0) > n
    }

    /// A free-text slot's words, with the template's words glued to an edge taken in where one
    /// of the language's words (`skip.words`) runs across that edge from inside the slot: in
    /// "สร้างลิสต์ไปเชียงใหม่" the template's optional ใหม่ ("new") ends เชียงใหม่, so the
    /// name is ไปเชียงใหม่, not ไปเชียง. Only in scripts written without spaces, where a
    /// template's word and a value's can run together.
    func withWholeWords(_ tokens: [Token], _ range: Range<Int>) -> Range<Int> {
        guard !range.isEmpty, let words = spacelessWords.value else { return range }
        func glued(_ a: Token, _ b: Token) -> Bool {
            SpacelessText.isSpaceless(word: a.folded) && SpacelessText.isSpaceless(word: b.folded)
                && a.range.upperBound == b.range.lowerBound
        }
        var upper = range.upperBound
        var end = upper
        while end < tokens.count, end - range.upperBound < SpacelessText.longestPhrase, glued(tokens[end - 1], tokens[end]) {
            end += 1
            if let n = words.atEnd.match(tokens[range.lowerBound..<end]), n > end - range.upperBound { upper = end }
        }
        var lower = range.lowerBound
        var start = lower
        while start > 0, range.lowerBound - start < SpacelessText.longestPhrase, glued(tokens[start - 1], tokens[start]) {
            start -= 1
            if let n = words.atStart.match(tokens[start..<upper]), n > range.lowerBound - start { lower = start }
        }
        return lower..<upper
    }

    /// Whether the request is turned down in its first words ("don't add milk", "never delete
    /// it"): then no guess may read it as the thing not wanted.
    func isNegated(_ tokens: ArraySlice<Token>) -> Bool {
        negations.match(tokens) != nil || (!language.negationEnds.isEmpty && negationEnds.match(stripPadding(tokens)) != nil)
    }

    /// Whether a sentence took the words of a refusal as the start of a value: "อย่าลบลิสต์ทำบุญ"
    /// ("don't delete the merit-making list") read as "{list} ลบ {item}" with a list called
    /// "อย่า". No request is read so; one whose negation is a word of the sentence itself
    /// ("don't let me forget to buy bread") still is.
    func isRefusalReadAsValue(_ match: SentenceMatch, _ command: ArraySlice<Token>) -> Bool {
        isNegated(command) && match.slots.contains { $0.tokens.lowerBound == 0 }
    }

    /// Whether the text is put as a question: a question's first words, or a question mark at
    /// its end (a value typed at a prompt is not taken, if it is).
    public func isQuestion(_ text: String) -> Bool {
        Self.endsWithQuestionMark(text) || isQuestion(language.tokenize(text)[...])
    }

    /// Whether the text ends in a question mark ("?" or "？"), white space and line breaks
    /// after it aside: what trimming them (`CharacterSet.whitespacesAndNewlines`) and asking
    /// `hasSuffix` says, without Foundation's trimming, which copies the text through UTF-16.
    static func endsWithQuestionMark(_ text: String) -> Bool {
        for scalar in text.unicodeScalars.reversed() {
            switch scalar.value {
            case 0x09...0x0D, 0x20, 0x85: continue
            case 0x3F, 0xFF1F: return true  // ? ？
            case ..<0x80: return false
            default:
                // Foundation's set, exactly (it holds U+200B too, which Unicode does not call a space).
                guard CharacterSet.whitespacesAndNewlines.contains(scalar) else { return false }
            }
        }
        return false
    }

    /// Whether the words are put as a question: one of the language's question starts, at the
    /// beginning or after padding ("please tell me what…", "can you tell me…").
    func isQuestion(_ tokens: ArraySlice<Token>) -> Bool {
        if !language.questionEnds.isEmpty, questionEnds.match(stripPadding(tokens)) != nil { return true }
        var tokens = tokens
        while true {
            if questions.match(tokens) != nil { return true }
            guard let padding = paddingAtStart(tokens) else { return endsAsQuestion(tokens) }
            tokens = tokens.dropFirst(padding)
        }
    }

    /// Whether the words end as a question (`questionEnds`: Thai "…มีนมไหม"), padding at the
    /// end set aside. Padding longer than the question end wins: "…ให้หน่อยได้ไหม" ("could
    /// you…?") is a request.
    func endsAsQuestion(_ tokens: ArraySlice<Token>) -> Bool {
        var tokens = tokens
        while true {
            let question = questionEnds.match(tokens) ?? 0
            let padding = paddingAtEnd(tokens) ?? 0
            if question > padding { return true }
            guard padding > 0 else { return false }
            tokens = tokens.dropLast(padding)
        }
    }
}
