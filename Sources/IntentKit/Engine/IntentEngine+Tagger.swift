import Foundation

/// Values found by the learned tagger (`ValueTagger`): the values of a guess no template
/// made, and a second opinion on the values a template cut out.
extension IntentEngine {
    /// The values the tagger marks in the words, as slots of `schema`'s parameters: a span of
    /// a parameter's own name, else of a name other intents give a value of the same type
    /// ("taskList" for a `list` parameter called "targetTaskList"). Spans that are only
    /// function words or words that say nothing ("it", "the") are no value. Token indices are
    /// into `words`.
    /// The person's names overrule the tagger (`withKnownNames`).
    func taggedSlots(
        _ words: [Token], _ utterance: String, _ schema: IntentSchema, isKnown: (String, String) -> Bool
    ) -> [SlotMatch] {
        guard let tagger, !words.isEmpty else { return [] }
        var spans = tagger.spans(ValueTagger.Word.words(words, in: utterance)).filter { span in
            words[span.range].contains { !saysNothing($0.folded) }
        }
        spans = withKnownNames(spans, words, schema, isKnown: isKnown)
        var slots: [SlotMatch] = []
        for parameter in schema.parameters {
            var own = spans.filter { $0.name == parameter.name }
            if own.isEmpty {
                own = Array(spans.filter { isValue(of: parameter.type, $0.name, in: schema) && schema.parameter($0.name) == nil }.prefix(1))
            }
            guard var range = own.first?.range else { continue }
            // Several values said apart ("milk and eggs" marked as two) are one slot, split as a
            // template's is, when only separators lie between them.
            for span in own.dropFirst() where parameter.multiple {
                guard words[range.upperBound..<span.range.lowerBound].allSatisfy({ saysNothing($0.folded) }) else { continue }
                range = range.lowerBound..<span.range.upperBound
            }
            slots.append(SlotMatch(name: parameter.name, values: parameter.type, tokens: range, text: Self.text(words[range], utterance)))
            spans.removeAll { $0.range.overlaps(range) }
        }
        return slots
    }

    /// The tagger's spans, its marks never taking a name the person has apart: a span of
    /// another kind of value that overlaps one of their names (a list's) is dropped
    /// ("shopping" of "my shopping list's content" is no item or place); a span of that kind
    /// that is no name of theirs but overlaps one becomes that name; and a span of several
    /// values (items) inside an item already on a list ("butter" of "peanut butter") becomes
    /// that item. So a model retrained for something else cannot move these values.
    func withKnownNames(
        _ spans: [ValueTagger.Span], _ words: [Token], _ schema: IntentSchema, isKnown: (String, String) -> Bool
    ) -> [ValueTagger.Span] {
        spans.compactMap { span in
            // The types a span of that name has: its own parameter's, else every intent's
            // parameter of that name ("title" is a list's or a new name): a set, so the answer
            // never depends on the order the intents are kept in.
            let types = schema.parameter(span.name).map { Set([$0.type]) }
                ?? Set(schemas.values.compactMap { $0.parameter(span.name)?.type })
            guard !types.isEmpty else { return span }
            let said = Self.folded(words[span.range])
            if types.contains(where: { isKnown($0, said) || isKnown(Vocabulary.held($0), said) }) { return span }
            for other in language.entityLists.sorted() {
                guard let name = knownRun(overlapping: span.range, words, known: { isKnown(other, $0) }) else { continue }
                return types.contains(other) ? ValueTagger.Span(name: span.name, range: name) : nil
            }
            guard !types.contains(where: { language.enumerations.keys.contains($0) }) else { return span }
            for other in language.entityLists.sorted() {
                guard let item = knownRun(overlapping: span.range, words, longer: true, known: { isKnown(Vocabulary.held(other), $0) })
                else { continue }
                return ValueTagger.Span(name: span.name, range: item)
            }
            return span
        }
    }

    /// The longest run of words (up to 8, leftmost among equals) overlapping `range` that `known`
    /// knows; with `longer`, only runs holding all of `range` and up to two words more on each
    /// side (each asked about costs a look in the store).
    func knownRun(
        overlapping range: Range<Int>, _ words: [Token], longer: Bool = false, known: (String) -> Bool
    ) -> Range<Int>? {
        let reach = 2
        let lower = max(0, range.lowerBound - reach), upper = min(words.count, range.upperBound + reach)
        var runs: [Range<Int>] = []
        if longer {
            for start in lower...range.lowerBound {
                for end in range.upperBound...upper where end - start > range.count && end - start <= 8 { runs.append(start..<end) }
            }
        } else {
            for start in lower..<upper {
                for end in (start + 1)...min(upper, start + 8) where (start..<end).overlaps(range) { runs.append(start..<end) }
            }
        }
        runs.sort { $0.count != $1.count ? $0.count > $1.count : $0.lowerBound < $1.lowerBound }
        return runs.first { known(Self.folded(words[$0])) }
    }

    /// Whether a word begins with a capital letter.
    static func isCapitalized(_ word: Substring) -> Bool { word.first?.isUppercase == true }

    /// Whether a word says nothing as a value by itself: a function word, a vague word, filler at an edge.
    func saysNothing(_ folded: String) -> Bool {
        wordSets.functionWords.contains(folded) || wordSets.vague.contains(folded) || wordSets.edge.contains(folded)
            || wordSets.separators.contains(folded)
    }

    /// Whether a span another intent names (`name`) may be a value of `type` in `schema`: some
    /// intent has a parameter called `name` of that type; or `type` is free text and no other
    /// parameter of `schema` takes the span's type (an item to remove is an item to add).
    func isValue(of type: String, _ name: String, in schema: IntentSchema) -> Bool {
        let types = Set(schemas.values.compactMap { $0.parameter(name)?.type })
        if types.contains(type) { return true }
        guard !language.entityLists.contains(type), !language.enumerations.keys.contains(type) else { return false }
        return !schema.parameters.contains { types.contains($0.type) }
    }

    /// The tagger's doubt about a template's reading of a change: a value of more than one word
    /// that is no name the person has, whose last word is one of the templates' own words
    /// (a particle such as "out", not a word names are matched without, such as "list") that the
    /// tagger leaves out of the value, keeping all the
    /// others ("take nails out from the hardware store list": the template's item "nails out",
    /// the tagger's "nails"). The reason to ask, or nil when the tagger agrees or there is none.
    /// Narrow on purpose: where the tagger cuts a value elsewhere ("ice" of "ice cream") it is
    /// more often wrong than the template.
    /// Only such values are checked, and the tagger is read only for them: a single `ask` a
    /// template answers otherwise ("add peanut butter to …") never reads it.
    func taggerDoubt(
        _ match: SentenceMatch, _ words: [Token], _ utterance: String, isKnown: (String, String) -> Bool
    ) -> (slot: Int, kept: Range<Int>, reason: String)? {
        guard mayHaveTagger else { return nil }
        let doubtful = match.slots.indices.filter { index in
            let slot = match.slots[index]
            let value = trimmed(words[slot.tokens])
            // Words a name is matched without ("list", "please") are the name matcher's to set aside.
            guard value.count > 1, let lastWord = value.last, sentences.isTemplateWord(lastWord.folded),
                  !wordSets.trailingNoise.contains(lastWord.folded),
                  // A word written with a capital after one so written is part of a title ("a Road
                  // Trip list"), never a particle of the sentence.
                  !(Self.isCapitalized(utterance[lastWord.range]) && Self.isCapitalized(utterance[value[value.endIndex - 2].range]))
            else { return false }
            // Only a value that names something the person has (an item to take off, a list):
            // a new one is stored as said ("add rose food …" is never "rose"; "food" is a word of
            // some sentence too).
            guard language.entityLists.contains(slot.values) else { return false }
            // A name the person has, or an item already on a list, is never cut by the tagger.
            return ![slot.values, Vocabulary.held(slot.values)].contains { type in
                isKnown(type, Self.folded(words[slot.tokens])) || isKnown(type, Self.folded(value))
            } && !language.enumerations.keys.contains(slot.values)
        }
        guard !doubtful.isEmpty, let tagger else { return nil }
        let tags = tagger.tags(ValueTagger.Word.words(words, in: utterance))
        for index in doubtful {
            let slot = match.slots[index]
            let value = trimmed(words[slot.tokens])
            let last = value.endIndex - 1
            guard tags[last].dropFirst(2) != slot.name, value.indices.dropLast().allSatisfy({ tags[$0].dropFirst(2) == slot.name })
            else { continue }
            return (index, value.startIndex..<last, "the tagger reads “\(slot.text)” without “\(words[last].folded)”")
        }
        return nil
    }

    /// A change a template read, checked against the tagger (`taggerDoubt`). When the tagger
    /// marks every value the template found, each a clean value (no function word at its edges,
    /// unless it is a name the person has), its reading wins and the change is made as the
    /// template's would be ("take nails out from the hardware store list" removes "nails").
    /// Otherwise the change is only a guess, asked about first.
    func checkValuesWithTagger(_ parse: inout Parse, _ words: [Token], _ utterance: String, isKnown: (String, String) -> Bool) {
        guard changes(parse.request.intent), !parse.request.isGuess, let schema = schema(parse.request.intent),
              let doubt = taggerDoubt(parse.match, words, utterance, isKnown: isKnown)
        else { return }
        let names = Set(parse.match.slots.map(\.name))
        let tagged = taggedSlots(words, utterance, schema, isKnown: isKnown).filter { names.contains($0.name) }
        // Every word of the template's values but the one in doubt is in the tagger's too: it
        // may leave out that word, never others ("create a Road Trip list with snacks, maps…"
        // is no list "Road" with the item "Trip"). A word for "list" after a name may go too
        // ("the hardware store list" marked "the hardware store": the same list).
        var said = Set(parse.match.slots.indices.flatMap { $0 == doubt.slot ? Array(doubt.kept) : Array(parse.match.slots[$0].tokens) })
        said.subtract(tagged.flatMap(\.tokens))
        guard Set(tagged.map(\.name)) == names, tagged.allSatisfy({ isClean($0, words, isKnown: isKnown) }),
              said.allSatisfy({ saysNothing(words[$0].folded) || wordSets.listWords.contains(words[$0].folded) })
        else {
            parse.request.isGuess = true
            parse.guessReason = doubt.reason
            return
        }
        var match = parse.match
        match.slots = tagged
        match.template += " (values as the tagger marks them)"
        let (request, leftover) = request(for: match, words, utterance, isKnown: isKnown)
        parse.request = request
        parse.request.isGuess = leftover != nil
        parse.guessReason = leftover
        parse.match = match
    }

    /// A value that may be acted on: a name the person has (as said, or without the words
    /// around it), or words with no function word at either edge.
    func isClean(_ slot: SlotMatch, _ words: [Token], isKnown: (String, String) -> Bool) -> Bool {
        let span = words[slot.tokens]
        if isKnown(slot.values, Self.folded(span)) || isKnown(slot.values, Self.folded(nameCore(span))) { return true }
        let value = trimmed(span)
        guard let first = value.first, let last = value.last else { return false }
        return !wordSets.functionWords.contains(first.folded) && !wordSets.functionWords.contains(last.folded) && !isVague(value)
    }
}
