import Foundation

/// The values said in a slot: several split apart ("rice, onions and olives"), quoted titles
/// kept whole, filler trimmed at a value's edges, and the words' text as typed.
extension IntentEngine {
    static func folded(_ tokens: ArraySlice<Token>) -> String { tokens.foldedText }

    /// The words as typed, from the first one's start to the last one's end, and the brackets
    /// right after it that close one opened inside: "eggs (free range)", not "eggs (free range".
    static func text(_ tokens: ArraySlice<Token>, _ text: String) -> String {
        let start = tokens.first!.range.lowerBound
        var end = tokens.last!.range.upperBound
        // Most values hold no bracket: their words as typed, without a walk over their characters.
        guard text.utf8[start..<end].contains(where: { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") }) else {
            return String(text[start..<end])
        }
        var open = 0
        for character in text[start..<end] {
            if "([{".contains(character) { open += 1 } else if ")]}".contains(character), open > 0 { open -= 1 }
        }
        // Signs before the bracket come with it: "milk (2%)".
        while open > 0 {
            var next = end
            while next < text.endIndex, !")]}".contains(text[next]), text[next].isPunctuation || text[next].isSymbol {
                next = text.index(after: next)
            }
            guard next < text.endIndex, ")]}".contains(text[next]) else { break }
            end = text.index(after: next)
            open -= 1
        }
        return String(text[start..<end])
    }

    /// A value of several words, no name the person has, that is wholly two or more of their
    /// names side by side ("milk eggs" with milk and eggs on a list): those names, fewest
    /// first. Nil otherwise. The caller takes it as a guess ("chocolate milk" may be one item).
    func knownParts(of value: String, isName: (ArraySlice<Token>) -> Bool) -> [String]? {
        // One ASCII word ("milk", as the tokenizer reads word bytes) has no parts: not read into words again.
        if value.utf8.allSatisfy({ $0 < 0x80 && TextNormalizer.quickKind(UInt32($0)) == .word }) { return nil }
        let tokens = language.tokenize(value)
        // Words written apart only: in a script without spaces the words are not said side by side.
        guard tokens.count > 1, tokens.count <= 6,
              zip(tokens, tokens.dropFirst()).allSatisfy({ $0.range.upperBound < $1.range.lowerBound }) else { return nil }
        // fewest[i]: the fewest names that make up the first i words.
        var fewest: [[Range<Int>]?] = Array(repeating: nil, count: tokens.count + 1)
        fewest[0] = []
        for end in 1...tokens.count {
            // The whole is asked about last.
            for start in 0..<end where !(start == 0 && end == tokens.count) {
                guard let before = fewest[start], before.count + 1 < (fewest[end]?.count ?? .max),
                      isName(tokens[start..<end]) else { continue }
                fewest[end] = before + [start..<end]
            }
        }
        // The whole, a name itself, is not cut: asked last, since most values have no parts
        // (each look-up may ask the store).
        guard let parts = fewest[tokens.count], parts.count > 1, !isName(tokens[...]) else { return nil }
        return parts.map { Self.text(tokens[$0], value) }
    }

    /// A value without the filler at its edges ("off take out the trash" → "take out the
    /// trash", "milk too" → "milk"), keeping at least one word.
    func trimmed(_ tokens: ArraySlice<Token>) -> ArraySlice<Token> {
        var tokens = tokens
        while case let n = phrase(wordSets.edge, tokens, keep: 1), n > 0 { tokens = tokens.dropFirst(n) }
        while case let n = phrase(wordSets.edge, tokens, fromEnd: true, keep: 1), n > 0 { tokens = tokens.dropLast(n) }
        return tokens
    }

    /// How many words at the start (end) of `tokens` are one phrase of `set`, keeping `keep`:
    /// a word, or several characters of a script written without spaces ("一下").
    func phrase(_ set: FoldedWordSet, _ tokens: ArraySlice<Token>, fromEnd: Bool = false, keep: Int = 0) -> Int {
        let start = tokens.startIndex
        return set.phraseLength(count: tokens.count, fromEnd: fromEnd, keep: keep) { tokens[start + $0].folded }
    }

    /// How many words a separator at the start of `tokens` takes ("and", "和", "还有"); 0 when none.
    private func separatorLength(_ tokens: ArraySlice<Token>) -> Int {
        phrase(wordSets.separators, tokens)
    }

    public func split(_ text: String) -> [String] {
        split(language.tokenize(text)[...], text)
    }

    /// Splits several values said in one slot: "rice, onions and olives",
    /// "rice, onions, and olives", "a collar and a leash". Values that say nothing ("it") are left out.
    /// `isName`: whether words are a name the person has, which keeps an article or a
    /// possessive at its start ("The Hobbit" on a list); by default every value keeps it.
    package func split(
        _ tokens: ArraySlice<Token>, _ text: String, trim: Bool = true, isName: (ArraySlice<Token>) -> Bool = { _ in true }
    ) -> [String] {
        // One word typed plainly ("milk", no quote before it): no title, quote or comma to read.
        if tokens.count == 1, Self.isPlainASCIIWord(tokens[tokens.startIndex], in: text) {
            return separatorLength(tokens) > 0 ? [] : value(tokens, text, quoted: false, trim: trim, isName: isName).map { [$0] } ?? []
        }
        if trim, case let whole = trimmed(tokens), writtenAsTitle(whole, text) { return [Self.text(whole, text)] }
        var values: [String] = []
        var current: [Token] = []
        var previous: Token?
        // Inside quotes ("War and Peace", “Pride and Prejudice”, 'Dune, Part Two') a title
        // stays whole: no separator or comma splits it.
        var quoted = false
        /// Just past the quote that closed the last quoted title: it opens nothing.
        var closedAt: String.Index?
        func flush() {
            if let value = value(current[...], text, quoted: quoted, trim: trim, isName: isName) { values.append(value) }
            current = []
        }
        /// The words of a separator of several characters ("还有") after its first one.
        var inSeparator = 0
        for index in tokens.indices {
            let token = tokens[index]
            if inSeparator > 0 {
                inSeparator -= 1
                previous = token
                continue
            }
            let gap = Self.gap(before: token, after: previous, closedAt: closedAt, in: text)
            if !quoted, opensTitle(gap, afterWords: !current.isEmpty, tokens, at: index, text) {
                if !current.isEmpty { flush() }
                quoted = true
            }
            if quoted {
                let word = Self.withoutClosingQuote(token, in: text)
                current.append(word)
                if let close = Self.closingQuote(after: word, token, in: text) {
                    closedAt = close
                    flush()
                    quoted = false
                }
            } else if case let n = separatorLength(tokens[index...]), n > 0 {
                flush()
                inSeparator = n - 1
            } else {
                if let previous, gap.contains(where: Self.isListPunctuation) && !Self.isDecimalComma(gap, previous, token)
                    || (!language.listFormat.spaced && SpacelessText.spaceSeparates(previous, token, in: text)) {
                    flush()
                }
                current.append(token)
            }
            previous = token
        }
        flush()
        return values
    }

    /// `split`, with the names the person has that hold a separator kept whole wherever they
    /// stand among the values: "dune and of mice and men" is Dune and Of Mice and Men when Of
    /// Mice and Men is on a list. `isKnown` says whether words are such a name. A name begins a
    /// value (the first words, or the words after a separator or a comma) and ends one; the
    /// longest such name from each start is taken. Quoted titles are left to `split`.
    package func split(
        _ tokens: ArraySlice<Token>, _ text: String, trim: Bool = true, isName: (ArraySlice<Token>) -> Bool = { _ in true },
        keepingWhole isKnown: (ArraySlice<Token>) -> Bool
    ) -> [String] {
        guard tokens.count > 2, let first = tokens.first, let last = tokens.last,
              !text[first.range.lowerBound..<last.range.upperBound].contains(where: Self.isOpeningQuote) else {
            return split(tokens, text, trim: trim, isName: isName)
        }
        // Where values may begin and end, and where the separators are.
        var starts = [tokens.startIndex], ends: Set<Int> = [tokens.endIndex], separators: [Range<Int>] = []
        var index = tokens.startIndex
        while index < tokens.endIndex {
            if case let n = separatorLength(tokens[index...]), n > 0 {
                separators.append(index..<index + n)
                ends.insert(index)
                starts.append(index + n)
                index += n
                continue
            }
            if index > tokens.startIndex, Self.gap(before: tokens[index], in: text).contains(where: Self.isListPunctuation) {
                ends.insert(index)
                starts.append(index)
            }
            index += 1
        }
        guard !separators.isEmpty else { return split(tokens, text, trim: trim, isName: isName) }
        var names: [Range<Int>] = []
        for start in starts where start < tokens.endIndex && !(names.last.map { $0.contains(start) } ?? false) {
            let end = ends.sorted(by: >).first { end in
                end > start + 1 && separators.contains { $0.lowerBound > start && $0.upperBound < end }
                    && isKnown(tokens[start..<end])
            }
            if let end { names.append(start..<end) }
        }
        guard !names.isEmpty else { return split(tokens, text, trim: trim, isName: isName) }
        var values: [String] = []
        var rest = tokens.startIndex
        for name in names {
            if rest < name.lowerBound { values += split(tokens[rest..<name.lowerBound], text, trim: trim, isName: isName) }
            values.append(Self.text(tokens[name], text))
            rest = name.upperBound
        }
        if rest < tokens.endIndex { values += split(tokens[rest...], text, trim: trim, isName: isName) }
        return values
    }

    /// Whether words are written as a title in a sentence otherwise typed in lower case ("add
    /// Harry Potter and the Chamber of Secrets to my books list", "put The Old Man and the Sea
    /// on books to read"): then they are one value, kept whole with its article, as if quoted.
    /// Written so: a separator inside and no comma; the first word capitalized, and a
    /// capitalized word after the last separator; no other word in lower case but short ones
    /// ("of", "the"); a function word besides the separator, since names joined by "and" read
    /// the same ("Sarah and Mike", and so "Pride and Prejudice", which quotes keep whole);
    /// and a word typed in lower case outside them, since a sentence Typed All In Capitals
    /// says nothing. Scripts without capitals never read so; quotes are read by `split`.
    private func writtenAsTitle(_ words: ArraySlice<Token>, _ text: String) -> Bool {
        guard words.count >= 3, let first = words.first, let last = words.last,
              text[first.range].first?.isUppercase == true else { return false }
        func isQuote(_ c: Character) -> Bool { Self.isOpeningQuote(c) || Self.isClosingQuote(c) }
        guard !Self.gap(before: first, in: text).contains(where: isQuote),
              !Self.gap(after: last, in: text).contains(where: isQuote) else { return false }
        var separated = false, capitalAfter = false, linked = wordSets.functionWords.contains(first.folded)
        for index in words.indices.dropFirst() {
            let word = text[words[index].range]
            let gap = Self.gap(before: words[index], after: words[index - 1], closedAt: nil, in: text)
            if gap.contains(where: { Self.isListPunctuation($0) || isQuote($0) }) { return false }
            if index != words.index(before: words.endIndex), separatorLength(words[index...]) > 0 {
                separated = true
                capitalAfter = false
            } else if word.first?.isUppercase == true {
                capitalAfter = true
            } else if word.count > 3 {
                return false
            }
            if wordSets.functionWords.contains(words[index].folded), separatorLength(words[index...]) == 0 { linked = true }
        }
        let outside = text[..<first.range.lowerBound] + " " + text[last.range.upperBound...]
        return separated && capitalAfter && linked
            && outside.split(whereSeparator: \.isWhitespace).contains { $0.first?.isLowercase == true }
    }

    /// One value `split` read: a quoted title as written (no article dropped, no edge word
    /// trimmed); other words without the filler at their edges and a leading article (and,
    /// unless they are a name the person has, a leading determiner or possessive: "the
    /// meeting with carla", "my acupuncture appointment"), and nil when they say nothing ("it").
    private func value(
        _ words: ArraySlice<Token>, _ text: String, quoted: Bool, trim: Bool, isName: (ArraySlice<Token>) -> Bool
    ) -> String? {
        if quoted { return words.isEmpty ? nil : Self.text(words, text) }
        var words = trim ? trimmed(words) : words
        // Every leading article: "de la farine", "de l'huile" lose both (a phrase of several
        // characters in a script written without spaces).
        while case let n = phrase(wordSets.droppedArticles, words, keep: 1), n > 0 {
            words = words.dropFirst(n)
        }
        if phrase(wordSets.droppedDeterminers, words, keep: 1) > 0, !isName(words) {
            while case let n = phrase(wordSets.droppedDeterminers, words, keep: 1), n > 0 { words = words.dropFirst(n) }
        }
        guard !words.isEmpty, !isVague(words), !Self.hasLoneJamo(words) else { return nil }
        return Self.text(words, text)
    }

    /// Whether a quote at the end of `gap` opens a title at `tokens[index]`. A quote opens only
    /// right before a word ("kids' toys" opens nothing), and after other words of the same
    /// value only when it closes where the value ends.
    private func opensTitle(_ gap: Substring, afterWords: Bool, _ tokens: ArraySlice<Token>, at index: Int, _ text: String) -> Bool {
        guard let last = gap.last, Self.isOpeningQuote(last), !Self.isElision(gap, in: text) else { return false }
        return !afterWords || gap.contains(where: Self.isListPunctuation) || closesAtValueEnd(tokens, text, from: index)
    }

    /// Whether the quote before `tokens[start]` closes where a value ends (the end, a
    /// comma, "and"): only then does a quote after other words open a title ("milk “War
    /// and Peace”"); inside a name it is the name's ("rock 'n' roll", "Mom's "famous" pie").
    private func closesAtValueEnd(_ tokens: ArraySlice<Token>, _ text: String, from start: Int) -> Bool {
        for index in tokens.indices where index >= start {
            let word = text[tokens[index].range]
            let after = Self.gap(after: tokens[index], in: text)
            let closesInWord = word.count > 1 && (word.last == "'" || word.last == "’")
            guard closesInWord || after.first.map(Self.isClosingQuote) == true else { continue }
            let rest = closesInWord ? after : after.dropFirst()
            let next = tokens.index(after: index)
            return next == tokens.endIndex || rest.contains(where: Self.isListPunctuation)
                || language.separators.contains(tokens[next].folded)
        }
        return false
    }

    /// The characters before `token` that `split` reads: from the word before it (or the
    /// start), but not before the quote that closed the last title.
    private static func gap(before token: Token, after previous: Token?, closedAt: String.Index?, in text: String) -> Substring {
        var gap = previous.map { text[$0.range.upperBound..<token.range.lowerBound] } ?? gap(before: token, in: text)
        if let closedAt, closedAt > gap.startIndex, closedAt <= gap.endIndex { gap = text[closedAt..<gap.endIndex] }
        return gap
    }

    /// A closing ' or ’ right after a word is read as part of it ("Peace'"): the word without it.
    private static func withoutClosingQuote(_ token: Token, in text: String) -> Token {
        var word = token
        if let last = text[token.range].last, last == "'" || last == "’", text[token.range].count > 1 {
            word.range = token.range.lowerBound..<text.index(before: token.range.upperBound)
        }
        return word
    }

    /// Just past the quote right after `word` (`token` without its closing quote) that closes
    /// a title, if there is one.
    private static func closingQuote(after word: Token, _ token: Token, in text: String) -> String.Index? {
        let after = text[word.range.upperBound..<gap(after: token, in: text).endIndex]
        guard let close = after.indices.first, isClosingQuote(after[close]) else { return nil }
        return text.index(after: close)
    }

    /// Whether `token` is typed as ASCII letters and digits only, with no quote right before
    /// it: a word `split` reads as it is.
    private static func isPlainASCIIWord(_ token: Token, in text: String) -> Bool {
        let utf8 = text.utf8
        guard text.utf8[token.range].allSatisfy({ $0 < 0x80 && TextNormalizer.quickKind(UInt32($0)) == .word }) else { return false }
        guard token.range.lowerBound > utf8.startIndex else { return true }
        let before = utf8[utf8.index(before: token.range.lowerBound)]
        return before < 0x80 && before != UInt8(ascii: "\"") && before != UInt8(ascii: "'")
    }

    /// The characters between the word before `token` (or the start) and `token`.
    static func gap(before token: Token, in text: String) -> Substring {
        var start = token.range.lowerBound
        while start > text.startIndex {
            let previous = text.index(before: start)
            if text[previous].isLetter || text[previous].isNumber { break }
            start = previous
        }
        return text[start..<token.range.lowerBound]
    }

    /// The characters between `token` and the next word (or the end).
    static func gap(after token: Token, in text: String) -> Substring {
        var end = token.range.upperBound
        while end < text.endIndex, !(text[end].isLetter || text[end].isNumber) { end = text.index(after: end) }
        return text[token.range.upperBound..<end]
    }

    /// An apostrophe right after a letter, alone between two words: the end of an elided word
    /// ("l'" in "l'huile", `Elision`), which opens no title.
    private static func isElision(_ gap: Substring, in text: String) -> Bool {
        guard gap.count == 1, let mark = gap.first, TextNormalizer.isApostrophe(mark), gap.startIndex > text.startIndex
        else { return false }
        return text[text.index(before: gap.startIndex)].isLetter
    }

    static func isOpeningQuote(_ c: Character) -> Bool {
        c == "\"" || c == "'" || c == "“" || c == "‘" || c == "„" || c == "«" || c == "‚" || c == "「"
    }

    static func isClosingQuote(_ c: Character) -> Bool {
        c == "\"" || c == "'" || c == "”" || c == "’" || c == "»" || c == "“" || c == "」"
    }

    /// A comma inside a number ("3,2%", "1,000"): digits on both sides, nothing else between.
    private static func isDecimalComma(_ gap: Substring, _ before: Token, _ after: Token) -> Bool {
        gap == "," && before.folded.last?.isASCII == true && before.folded.last?.isNumber == true
            && after.folded.first?.isASCII == true && after.folded.first?.isNumber == true
    }

    private static func isListPunctuation(_ c: Character) -> Bool {
        c == "," || c == ";" || c == "、" || c == "，" || c == "；"
    }
}
