import Foundation

/// The request a sentence match stands for: each parameter's fixed value, the words of its
/// slot (a name found inside them, several values split), or missing.
extension IntentEngine {
    /// The request a match stands for, and why it is only a guess when words were left over
    /// around a name the person has ("shopping list and add milk": Shopping, and "and add
    /// milk" left over).
    func request(
        for match: SentenceMatch, _ tokens: [Token], _ text: String, isKnown: (String, String) -> Bool
    ) -> (IntentRequest, guessReason: String?) {
        var request = IntentRequest(intent: match.intent)
        var guessReason: String?
        guard let schema = schema(match.intent) else { return (request, nil) }
        request.parameters.reserveCapacity(schema.parameters.count)
        for parameter in schema.parameters {
            if let fixed = match.fixedSlots[parameter.name] {
                request.parameters[parameter.name] = [.unresolved(.spoken(fixed))]
            } else if let slot = match.slots.first(where: { $0.name == parameter.name }) {
                // A name is never cut: "Apocalypse Now" keeps its "now"; names are matched with
                // the words around them set aside, the whole name first. Free text loses its filler.
                let isEntity = language.entityLists.contains(slot.values)
                // A name's last syllable read as a particle before a word for "list" stays its own.
                let said = tokens[isEntity ? slot.tokens : withWholeWords(tokens, slot.tokens)]
                let keepsLast = !parameter.multiple && endsInSyllableBeforeListWord(tokens, slot.tokens)
                let words = keepsLast ? said.dropLast() : said
                var span = withoutGluedParticles(isEntity ? words : trimmed(words))
                if keepsLast, span.endIndex == words.endIndex { span = tokens[span.startIndex..<said.endIndex] }
                // A name's folded words, and whether the person has it, worked out again only
                // when the span is cut (each was made anew for every test below).
                var folded = isEntity ? Self.folded(span) : ""
                var known = isEntity && isKnown(slot.values, folded)
                // "Delete the movies list but keep the shopping list": a name the person does not
                // have, running on into words said between two requests, is the words before
                // them; what follows is another request, never the name (asked first).
                if !parameter.multiple, isEntity, !known, let cut = requestBreak(in: span) {
                    guessReason = "another request left over: “\(Self.text(span[cut...], text))”"
                    span = span[..<cut]
                    folded = Self.folded(span)
                    known = isKnown(slot.values, folded)
                }
                // "Cross off the card from the gift list, we got one": a name the person does not
                // have, running on past a comma into words that name none, is the words before
                // it; a guess, asked first.
                if !parameter.multiple, isEntity, !known,
                   let comma = span.indices.dropFirst().first(where: { index in
                       Self.gap(before: span[index], in: text).contains { $0 == "," || $0 == "，" || $0 == "、" } }),
                   case let after = span[comma...], !isKnown(slot.values, Self.folded(after)), spotName(after, slot.values, isKnown) == nil {
                    guessReason = "words after a comma left over: “\(Self.text(after, text))”"
                    span = span[..<comma]
                    folded = Self.folded(span)
                    known = isKnown(slot.values, folded)
                }
                if !parameter.multiple, isEntity, !known, !misspeltListWord(in: span, slot.values, isKnown),
                   let (name, leftover) = spotName(span, slot.values, isKnown) ?? reference(span) {
                    span = name
                    folded = Self.folded(span)
                    known = isKnown(slot.values, folded)
                    if !leftover.isEmpty {
                        guessReason = "words left over around “\(Self.text(name, text))”: “\(leftover.map { Self.text($0, text) }.joined(separator: "”, “"))”"
                    }
                }
                if isEntity, !parameter.multiple, !known {
                    // Not a name as said: what is asked about is the name without the words
                    // around it ("the store list" → "store"), as the name matcher reads it.
                    span = nameCore(span)
                    folded = Self.folded(span)
                    known = isKnown(slot.values, folded)
                }
                // A name the person does not have, cut at a function word ("recite the schedules
                // of the list" read with the list "schedules of the", "remove any kind of list"),
                // names nothing: which one is asked. A single word is left to the name matcher
                // ("my to list" for To Do).
                // A name people give such lists ("to do") is no cut.
                let cutName = isEntity && !parameter.multiple && span.count > 1 && !known && isCut(span)
                    && !language.nameRules.sameNames.contains { $0.contains(folded) }
                // Whatever stands in for it (the list already holding the item, the default list)
                // is a guess: "add milk to the list i made yesterday" is asked about first.
                if cutName { guessReason = guessReason ?? "“\(Self.text(span, text))” names nothing" }
                // A new item keeps "the" or "my" only as part of a name the person has.
                func isName(_ words: ArraySlice<Token>) -> Bool {
                    let folded = Self.folded(words)
                    return isEntity || language.entityLists.contains { isKnown($0, folded) || isKnown(Vocabulary.held($0), folded) }
                }
                // Names the person has are matched before splitting at "and": "Of Mice and Men"
                // on a list is one item, with its list named or not.
                let wholeName = parameter.multiple && isEntity && span.count > 1
                    && (known || isKnown(Vocabulary.held(slot.values), folded))
                // And among several values: "dune and of mice and men".
                func isHeld(_ words: ArraySlice<Token>) -> Bool {
                    let folded = Self.folded(words)
                    return isKnown(slot.values, folded) || isKnown(Vocabulary.held(slot.values), folded)
                }
                // Several values that are only a word for "list" with the words around it ("remove
                // an item from list" read with the item "from list") name no item: asked for.
                var values = parameter.multiple && isListWordOnly(span) ? []
                    : !parameter.multiple || wholeName ? (isVague(span) || cutName ? [] : [Self.text(span, text)])
                    : isEntity ? split(span, text, trim: false, isName: isName, keepingWhole: isHeld)
                    : split(span, text, trim: true, isName: isName)
                // "Add milk eggs and bread": two of the person's items said without "and" between
                // them, read as two (a guess: "chocolate milk" may be one item). Only things on
                // lists: "add grocery shopping to my to do list" names no two lists.
                func isItem(_ words: ArraySlice<Token>) -> Bool {
                    let folded = Self.folded(words)
                    return language.entityLists.contains { isKnown(Vocabulary.held($0), folded) }
                }
                if parameter.multiple, !wholeName, !values.contains(where: { $0.hasPrefix("@") }) {
                    var parted: [String] = []
                    for value in values {
                        if let parts = knownParts(of: value, isName: isEntity ? isHeld : isItem) {
                            parted += parts
                            guessReason = guessReason ?? "“\(value)” read as " + parts.map { "“\($0)”" }.joined(separator: ", ")
                        } else {
                            parted.append(value)
                        }
                    }
                    values = parted
                }
                // "Check them off": things the person has, said as a word that points back at
                // what the conversation just named; the domain says which, or asks.
                if parameter.multiple, isEntity, !wholeName {
                    if isSaid(span, only: wordSets.pronouns) {
                        values = [ResolutionInput.sameAsBefore]
                    } else if isSaid(span, only: wordSets.onePronouns) {
                        values = [ResolutionInput.sameOneAsBefore]
                    }
                }
                // New values said right after a word that puts them in a case of their own (Russian
                // "список Завтрак с соком и хлебом"): in the form the language returns them to.
                if parameter.multiple, !isEntity, slot.tokens.lowerBound > 0,
                   let forms = language.dictionaryForms.after(tokens[slot.tokens.lowerBound - 1].folded) {
                    values = values.map(forms.dictionaryForm(of:))
                }
                if isEntity, !parameter.multiple, let value = values.first, isSaidAsList(tokens, slot.tokens) {
                    request.saidAsList.insert(value)
                }
                // Separators alone ("and"), or only words such as "it" or "something", are no
                // value: ask for one rather than take none.
                request.parameters[parameter.name] = values.isEmpty ? [.unresolved(.missing)] : values.map { .unresolved(.spoken($0)) }
            } else {
                request.parameters[parameter.name] = [.unresolved(.missing)]
            }
        }
        splitAtColon(&request, schema, match, tokens, text)
        return (request, guessReason)
    }

    /// Why a change may not be made at once: a new value (several free-text values, the items
    /// of an add) that begins or ends with a function word ("for you to remove milk", "do
    /// laundry"), unless it is a name the person has or was quoted. Such a value was most likely
    /// cut in the wrong place, or is another request; the change is asked about first. Nil
    /// when every such value is clean.
    func uncleanValue(_ request: IntentRequest, _ utterance: String, isKnown: (String, String) -> Bool) -> String? {
        guard changes(request.intent), let schema = schema(request.intent) else { return nil }
        for parameter in schema.parameters where parameter.multiple && !language.entityLists.contains(parameter.type)
            && !language.enumerations.keys.contains(parameter.type) {
            let values = request.parameters[parameter.name] ?? []
            for case .unresolved(.spoken(let value)) in values {
                let words = language.tokenize(value)
                // A vague word that is also a function word ("новый" of a new list's name) may
                // describe an item ("новый котелок").
                func cuts(_ word: String) -> Bool { wordSets.functionWords.contains(word) && !wordSets.vague.contains(word) }
                // A word said between requests ("but", "then") or a negation ("never") inside: most
                // likely two things, or one not wanted ("bread but not butter").
                func joins(_ word: String) -> Bool { wordSets.joins.contains(word) }
                guard let first = words.first?.folded, let last = words.last?.folded else { continue }
                let inner = words.count > 2 ? words.dropFirst().dropLast().first(where: { joins($0.folded) })?.folded : nil
                // A name of the request's own kind (a list) after a function word inside: "put the
                // card from the gift shop on the pet shop list" is most likely not one new item.
                let named = words.count > 2 ? nameInside(words, of: schema, cuts: cuts, isKnown: isKnown) : nil
                // One of several values that ends in a word pointing back ("dry cleaning, put it on
                // the list" read as the items "dry cleaning" and "put it"): another request's words.
                let pointsBack = values.count > 1 && words.count > 1
                    && (wordSets.pronouns.contains(last) || wordSets.onePronouns.contains(last))
                guard cuts(first) || cuts(last) || inner != nil || named != nil || pointsBack else { continue }
                let folded = Self.folded(words[...])
                if language.entityLists.contains(where: { isKnown($0, folded) || isKnown(Vocabulary.held($0), folded) })
                    || Self.isQuoted(value, in: utterance) { continue }
                if let named { return "“\(value)” holds the name “\(named)”" }
                if let inner, !cuts(first), !cuts(last) { return "“\(value)” has “\(inner)” inside" }
                if pointsBack, !cuts(first), !cuts(last) { return "“\(value)” ends with “\(last)”, which points back" }
                return "“\(value)” has “\(cuts(first) ? first : last)” at an edge"
            }
        }
        // A new name holding, after a function word, a name the person has ("make a toothbrush
        // to the shopping list" read as a new list "toothbrush to the shopping"): most likely
        // not the name meant.
        for parameter in schema.parameters where !parameter.multiple && !language.entityLists.contains(parameter.type)
            && !language.enumerations.keys.contains(parameter.type) {
            for case .unresolved(.spoken(let value)) in request.parameters[parameter.name] ?? [] {
                let words = language.tokenize(value)
                guard words.count > 2, !Self.isQuoted(value, in: utterance) else { continue }
                for index in words.indices.dropFirst().dropLast() where wordSets.functionWords.contains(words[index].folded) {
                    let rest = words[(index + 1)...]
                    for type in language.entityLists.sorted() where isKnown(type, Self.folded(rest)) || spotName(rest, type, isKnown) != nil {
                        return "“\(value)” holds the name of a \(type) after “\(words[index].folded)”"
                    }
                }
            }
        }
        return nil
    }

    /// A name the person has, of the type of `schema`'s single name (a list), said after a
    /// function word inside a new value ("card from the gift shop"): those words, else nil.
    private func nameInside(
        _ words: [Token], of schema: IntentSchema, cuts: (String) -> Bool, isKnown: (String, String) -> Bool
    ) -> String? {
        guard let type = schema.parameters.first(where: { !$0.multiple && language.entityLists.contains($0.type) })?.type else { return nil }
        for index in words.indices.dropFirst().dropLast() where cuts(words[index].folded) {
            let rest = words[(index + 1)...]
            if isKnown(type, Self.folded(rest)) { return rest.map(\.folded).joined(separator: " ") }
            if let (name, _) = spotName(rest, type, isKnown) { return name.map(\.folded).joined(separator: " ") }
        }
        return nil
    }

    /// Whether `value` stands between quotes in the utterance, spaces allowed inside them
    /// ("« note de frais »"): a title, whose edges are its own. The quotes are the ones
    /// `split` reads titles by.
    static func isQuoted(_ value: String, in utterance: String) -> Bool {
        var rest = utterance.startIndex..<utterance.endIndex
        while let found = utterance.range(of: value, range: rest) {
            let before = utterance[..<found.lowerBound].last { $0 != " " }
            let after = utterance[found.upperBound...].first { $0 != " " }
            if let before, let after, isOpeningQuote(before), isClosingQuote(after) { return true }
            rest = found.upperBound..<utterance.endIndex
        }
        return false
    }

    /// Whether a slot's words are said as a list's name: a word for "list" in them or just
    /// beside them ("the trader list", "список подарков"), or a determiner just before them or
    /// first in them ("to the groceries", "my groceries"): then whole words of one list's name
    /// are that list. Bare words ("add lilies to flower") stay a guess.
    func isSaidAsList(_ tokens: [Token], _ slot: Range<Int>) -> Bool {
        let words = wordSets.listWords
        guard !words.isEmpty else { return false }
        let around = max(slot.lowerBound - 1, 0)..<min(slot.upperBound + 1, tokens.count)
        if tokens[around].contains(where: { words.contains($0.folded) }) { return true }
        let leading = max(slot.lowerBound - 1, 0)..<min(slot.lowerBound + 1, slot.upperBound)
        return slot.count > 0 && tokens[leading].contains { wordSets.droppedDeterminers.contains($0.folded) }
    }

    /// Whether a single name's slot ends in a weak particle glued to its last word (도, 이, 가,
    /// 로) and is followed at once by a word for "list" ("제주도 목록 만들어 줘", "여름휴가
    /// 리스트"): a name compounded with that word takes no particle before it, so what was read
    /// as one is the name's own last syllable.
    func endsInSyllableBeforeListWord(_ tokens: [Token], _ slot: Range<Int>) -> Bool {
        let words = wordSets.listWords
        guard !words.isEmpty, slot.count > 1, slot.upperBound < tokens.count,
              words.contains(tokens[slot.upperBound].folded) else { return false }
        let last = tokens[slot.upperBound - 1]
        return language.particles.isWeak(last.folded) && tokens[slot.upperBound - 2].range.upperBound == last.range.lowerBound
    }

    /// "Создай список Шашлыки: мясо, уголь", "nouvelle liste Pique-nique : chips, bières": a
    /// free-text value said with a colon before more words, where the sentence left a
    /// parameter of several free-text values unsaid, is the words before the colon, and the
    /// words after it are those values. A name slot is never cut so (a list's own name may
    /// hold a colon), nor a value with no words before its colon.
    func splitAtColon(
        _ request: inout IntentRequest, _ schema: IntentSchema, _ match: SentenceMatch, _ tokens: [Token], _ text: String
    ) {
        // Whether the sentence says a parameter (a slot of it, or a value it fixes); asked of a
        // few parameters, so without a set made for each request.
        func said(_ name: String) -> Bool { match.slots.contains { $0.name == name } || match.fixedSlots[name] != nil }
        guard let values = schema.parameters.first(where: { $0.type == "text" && $0.multiple && !said($0.name) }),
              let single = schema.parameters.first(where: { $0.type == "text" && !$0.multiple && said($0.name) }),
              let slot = match.slots.first(where: { $0.name == single.name }),
              !language.entityLists.contains(slot.values)
        else { return }
        let span = trimmed(tokens[slot.tokens])
        // A colon and a space: "10:30" is a time.
        let colon = span.indices.dropFirst().first { index in
            let gap = Self.gap(before: tokens[index], in: text)
            return gap.contains(":") && gap.contains(where: \.isWhitespace)
        }
        guard let colon else { return }
        let items = split(span[colon...], text)
        guard !items.isEmpty else { return }
        request.parameters[single.name] = [.unresolved(.spoken(Self.text(span[..<colon], text)))]
        request.parameters[values.name] = items.map { .unresolved(.spoken($0)) }
    }
}
