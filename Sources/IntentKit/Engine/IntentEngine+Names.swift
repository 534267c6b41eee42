import Foundation

/// The person's names in the words: spotting one inside a slot, the words said around a name
/// ("the", "my", "list"), a reference standing for one ("my list"), and the words that never
/// say anything by themselves (filler, vague words such as "it").
extension IntentEngine {
    /// Entities first: the longest run of words (leftmost among equals) that is one of the
    /// person's names, inside a slot that as a whole is not; and the runs of other words
    /// around it that say something (not just "my", "list", "please").
    func spotName(
        _ span: ArraySlice<Token>, _ values: String, _ isKnown: (String, String) -> Bool
    ) -> (name: ArraySlice<Token>, leftover: [ArraySlice<Token>])? {
        guard span.count > 1 else { return nil }
        for length in stride(from: min(span.count - 1, 8), through: 1, by: -1) {
            for start in span.startIndex...(span.endIndex - length) {
                let name = span[start..<(start + length)]
                guard isKnown(values, Self.folded(name)), !isGlued(name, in: span) else { continue }
                let leftover = [span[span.startIndex..<start], span[(start + length)...]].filter { part in
                    part.contains { !isFiller($0.folded) }
                }
                return (name, leftover)
            }
        }
        return nil
    }

    /// Whether the words are a name the person has but for one of its words for "list"
    /// misspelt ("списко дел" for Список дел): the name misspelt, left whole to the name
    /// matcher ("did you mean …?"), not a name ("дел") with a word left over.
    func misspeltListWord(in span: ArraySlice<Token>, _ values: String, _ isKnown: (String, String) -> Bool) -> Bool {
        guard span.count > 1, span.count <= 8 else { return false }
        let listWords = language.nameRules.listWords
        for index in span.indices {
            let word = span[index].folded
            guard word.unicodeScalars.count >= 4, !listWords.contains(word) else { continue }
            for listWord in listWords where EditDistance.distance(word, listWord, limit: 1) != nil {
                var words = span.map(\.folded)
                words[index - span.startIndex] = listWord
                if isKnown(Vocabulary.exact(values), words.joined(separator: " ")) { return true }
            }
        }
        return false
    }

    /// Whether a name found inside a slot runs on, without a space, into characters of a
    /// script written without spaces that say something ("购物" in "购物清丹"): then it is
    /// part of a longer word, likely the name misspelt, not a name with words around it.
    private func isGlued(_ name: ArraySlice<Token>, in span: ArraySlice<Token>) -> Bool {
        func glued(_ a: Token, _ b: Token) -> Bool {
            SpacelessText.isSpaceless(word: a.folded) && SpacelessText.isSpaceless(word: b.folded)
                && a.range.upperBound == b.range.lowerBound
        }
        let before = span[span.startIndex..<name.startIndex]
        let after = span[name.endIndex...]
        if let last = before.last, glued(last, name.first!), phrase(wordSets.fillerPhrases, before, fromEnd: true) == 0 { return true }
        if let next = after.first, glued(name.last!, next), phrase(wordSets.fillerPhrases, after) == 0 { return true }
        return false
    }

    /// Where words said between two requests begin inside a slot's words ("but" in "the movies
    /// list but keep the shopping"), past its first word and with words after them; nil if
    /// none. The words that also join several values ("and") are not looked for: "bits and
    /// bobs" may be one name.
    func requestBreak(in span: ArraySlice<Token>) -> Int? {
        guard span.count > 2 else { return nil }
        for start in (span.startIndex + 1)..<(span.endIndex - 1) {
            for words in language.betweenRequests where start + words.count < span.endIndex
                && !(words.count == 1 && language.separators.contains(words[0])) {
                if words.indices.allSatisfy({ FoldedKey.same(words[$0], span[start + $0].folded) }) { return start }
            }
        }
        return nil
    }

    /// Whether a slot for one name runs on into words said between two requests
    /// (`requestBreak`), as `request(for:)` cuts it.
    func runsIntoAnotherRequest(_ match: SentenceMatch, _ words: [Token]) -> Bool {
        let parameters = schema(match.intent)?.parameters ?? []
        return match.slots.contains { slot in
            language.entityLists.contains(slot.values) && requestBreak(in: words[slot.tokens]) != nil
                && parameters.contains { $0.name == slot.name && !$0.multiple }
        }
    }

    /// The words without those said around a name ("the", "my", "list"), keeping one.
    func nameCore(_ span: ArraySlice<Token>) -> ArraySlice<Token> {
        let core = language.nameRules.coreRange(span.count) { span[span.startIndex + $0].folded }
        return span[(span.startIndex + core.lowerBound)..<(span.startIndex + core.upperBound)]
    }

    /// No name, but a reference to one at the start ("my list, if not add them"): the words
    /// of the reference ("my list"), and the rest left over. Never one that ends in a function
    /// word said before names: in "the list for lisbon" the name follows ("for" leads to it).
    func reference(_ span: ArraySlice<Token>) -> (name: ArraySlice<Token>, leftover: [ArraySlice<Token>])? {
        var end = span.startIndex
        while end < span.endIndex, wordSets.leadingNoise.contains(span[end].folded) || wordSets.trailingNoise.contains(span[end].folded) {
            end += 1
        }
        guard end > span.startIndex, end < span.endIndex, wordSets.trailingNoise.contains(span[end - 1].folded),
              !(wordSets.functionWords.contains(span[end - 1].folded) && wordSets.leadingNoise.contains(span[end - 1].folded))
        else { return nil }
        // In a script without spaces, words running on into what follows ("我的" of "我的待办")
        // say whose the name is, not a list of their own: the name is what follows.
        let last = span[end - 1], next = span[end]
        if SpacelessText.isSpaceless(word: last.folded), SpacelessText.isSpaceless(word: next.folded),
           last.range.upperBound == next.range.lowerBound { return nil }
        return (span[span.startIndex..<end], [span[end...]])
    }

    /// Words that never say anything by themselves: around names, at a value's edges, articles, "and".
    func isFiller(_ word: String) -> Bool {
        wordSets.filler.contains(word)
    }

    /// Whether the words are phrases of `words` (at least one), with only the words said around
    /// names, articles or padding beside them: "them", "all of them" is not ("all" says which).
    func isSaid(_ tokens: ArraySlice<Token>, only words: FoldedWordSet) -> Bool {
        // One word is said only as one of `words` itself (the words beside them say nothing alone).
        if tokens.count == 1 { return phrase(words, tokens) > 0 }
        var rest = tokens
        var said = false
        while !rest.isEmpty {
            if case let n = phrase(words, rest), n > 0 {
                said = true
                rest = rest.dropFirst(n)
                continue
            }
            let n = max(phrase(wordSets.edge, rest), phrase(wordSets.droppedArticles, rest), phrase(wordSets.leadingNoise, rest))
            guard n > 0 else { return false }
            rest = rest.dropFirst(n)
        }
        return said
    }

    /// Whether the words begin or end with a function word that is not "all" or a vague word
    /// ("schedules of the", "any kind of"): a value cut in the wrong place.
    func isCut(_ tokens: ArraySlice<Token>) -> Bool {
        func cuts(_ token: Token) -> Bool {
            wordSets.functionWords.contains(token.folded) && !wordSets.vague.contains(token.folded) && !wordSets.all.contains(token.folded)
        }
        guard let first = tokens.first, let last = tokens.last else { return false }
        return cuts(first) || cuts(last)
    }

    /// Whether the words are a word for "list" and only words said around names or function
    /// words beside it: "from list", "of the list".
    func isListWordOnly(_ tokens: ArraySlice<Token>) -> Bool {
        let listWords = wordSets.listWords
        return tokens.contains { listWords.contains($0.folded) } && tokens.allSatisfy {
            listWords.contains($0.folded) || wordSets.functionWords.contains($0.folded)
                || wordSets.leadingNoise.contains($0.folded) || wordSets.trailingNoise.contains($0.folded)
        }
    }

    /// Whether the words only stand for a value without saying it: "it", "something", "the item".
    /// Each is a phrase of the language's words, so that in a script without spaces "อันนี้"
    /// ("this one"), several characters, is one vague word.
    func isVague(_ tokens: ArraySlice<Token>) -> Bool { isSaid(tokens, only: wordSets.vague) }
}
