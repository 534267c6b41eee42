import Foundation

/// Each way of reading words, as `parse` tries them (`IntentEngine+Parse.swift` says in
/// which order): a template's match, a sentence inside more words, a question inside a
/// change, one of the person's phrases, the model's guess.
extension IntentEngine {
    /// Whether an intent changes something (an unknown one is taken to).
    func changes(_ intent: String) -> Bool {
        schema(intent)?.changes ?? true
    }

    /// The fallback: the model names the intent, the values the tagger marks fill the
    /// parameters they can, else a name of the person's found in the words fills the first
    /// name parameter; the rest are asked for. Always a guess: a change is asked about first.
    func classifierParse(_ candidate: ArraySlice<Token>, _ utterance: String, isKnown: (String, String) -> Bool) -> Parse? {
        let words = stripPadding(candidate)
        // Words that say nothing by themselves ("please", "what", "everything") are no request.
        guard let classifier, !isNegated(words),
              words.contains(where: { word in
                  !isFiller(word.folded) && !wordSets.vague.contains(word.folded)
                      && !language.nameRules.allWords.contains(word.folded) && questions.match([word][...]) == nil
              })
        else { return nil }
        let prediction = classifier.predict(words.map(\.folded))
        let saysList = words.contains { wordSets.listWords.contains($0.folded) }
        guard prediction.intent != IntentClassifier.noneLabel,
              prediction.confidence >= (saysList ? Self.minimumConfidenceSaidList : Self.minimumConfidence),
              let schema = schema(prediction.intent)
        else { return nil }
        // The one name a request is about (a list) counts only when the person has it, or was
        // said as one ("onto the grocery list"): a guess asks "which list?" rather than look
        // for a name the tagger made up.
        let tagged = taggedSlots(Array(words), utterance, schema, isKnown: isKnown).filter { slot in
            let span = Array(words)[slot.tokens]
            return !language.entityLists.contains(slot.values) || schema.parameter(slot.name)?.multiple == true
                || isKnown(slot.values, Self.folded(span)) || isKnown(slot.values, Self.folded(nameCore(span)))
                || saidAsName(span[...])
        }
        var slots = tagged
        let marked = SentenceMatch(
            intent: prediction.intent, template: "the tagger", slots: tagged, fixedSlots: [:],
            score: MatchScore(literalWords: 0, knownEntities: 0, freeTextWords: 0))
        var request = self.request(for: marked, Array(words), utterance, isKnown: isKnown).0
        var spotted = tagged.contains { language.entityLists.contains($0.values) }
        for parameter in schema.parameters where !tagged.contains(where: { $0.name == parameter.name }) {
            request.parameters[parameter.name] = [.unresolved(.missing)]
            // One name per request: the first entity parameter takes the name found.
            guard !spotted, !parameter.multiple, language.entityLists.contains(parameter.type) else { continue }
            let whole = words.count > 1 ? nil : words
            guard let name = whole.flatMap({ isKnown(parameter.type, Self.folded($0)) ? $0 : nil })
                ?? spotName(words, parameter.type, isKnown)?.name
            else { continue }
            spotted = true
            let text = Self.text(name, utterance)
            request.parameters[parameter.name] = [.unresolved(.spoken(text))]
            slots.append(SlotMatch(name: parameter.name, values: parameter.type, tokens: name.indices, text: text))
        }
        request.isGuess = true
        let confidence = Self.twoDecimals(prediction.confidence)
        let match = SentenceMatch(
            intent: prediction.intent, template: tagged.isEmpty ? "the model" : "the model and the tagger", slots: slots, fixedSlots: [:],
            score: MatchScore(literalWords: 0, knownEntities: slots.count, freeTextWords: 0))
        return Parse(
            request: request, match: match, command: Self.text(words, utterance), path: .classifier,
            guessReason: "understood only by the model (confidence \(confidence))", confidence: prediction.confidence)
    }

    /// `String(format: "%.2f", x)`, without Foundation's formatter for a probability (0…1):
    /// the exact value of `x` × 100 rounded to the nearest integer. `fma` gives the product's
    /// rounding error, so a product that rounded onto or across a half is still rounded the
    /// way the exact value is; an exact half (a tie, which `%.2f` rounds to even) cannot be
    /// a double over 100 (its denominator holds 25), and would go to Foundation. The formatter
    /// was a twenty-fifth of the model's fallback.
    static func twoDecimals(_ x: Double) -> String {
        guard x.sign == .plus, x <= 1 else { return String(format: "%.2f", x) }
        let product = x * 100
        let error = (-product).addingProduct(x, 100)
        let whole = product.rounded(.down)
        let fraction = product - whole
        guard fraction != 0.5 || error != 0 else { return String(format: "%.2f", x) }
        let hundredths = Int(whole) + (fraction > 0.5 || (fraction == 0.5 && error > 0) ? 1 : 0)
        let cents = hundredths % 100
        return "\(hundredths / 100)." + (cents < 10 ? "0" : "") + String(cents)
    }

    /// Words said as a list's name: a word for "list" at the end, after words that say
    /// something ("the grocery list", not "the list").
    func saidAsName(_ span: ArraySlice<Token>) -> Bool {
        guard let last = span.last, wordSets.listWords.contains(last.folded) else { return false }
        return span.dropLast().contains { !isFiller($0.folded) && !language.nameRules.isNoiseWord($0.folded) && !saysNothing($0.folded) }
    }

    /// The most words set aside at the edges of a request to find a sentence inside it.
    static let maximumSetAside = 5

    /// A sentence inside the words, with as few words set aside at either end as can be
    /// ("let's go through my to do list items please"). It must say enough by itself (one of
    /// the person's names, or three of the template's own words), hold at least one of the
    /// template's words (a name alone inside a sentence is no request: "the hardware store
    /// closes at six"), and cut no value at a function word (`cutsAValue`); a change read
    /// this way is only a guess.
    func spanParse(
        _ words: [Token], _ utterance: String, question: Bool, isKnown: (String, String) -> Bool
    ) -> Parse? {
        guard words.count >= 3, !isNegated(words[...]) else { return nil }
        for setAside in 1...min(Self.maximumSetAside, words.count - 2) {
            var best: (match: SentenceMatch, words: [Token], aside: [ArraySlice<Token>])?
            for lead in 0...setAside {
                let span = stripPadding(words[lead..<(words.count - (setAside - lead))])
                guard !span.isEmpty, let match = sentences.bestMatch(Array(span), in: utterance, isKnown: isKnown),
                      match.score.literalWords > 0,
                      match.score.knownEntities > 0 || match.score.literalWords >= 3,
                      !cutsAValue(match, span, isKnown: isKnown)
                else { continue }
                if best.map({ match.score > $0.match.score }) ?? true {
                    best = (match, Array(span), [words[..<span.startIndex], words[span.endIndex...]].filter { !$0.isEmpty })
                }
            }
            guard let best else { continue }
            var parse = templateParse(best.match, best.words, utterance, question: question, isKnown: isKnown, path: .span)
            if changes(parse.request.intent), !parse.request.isGuess {
                parse.request.isGuess = true
                parse.guessReason = "words set aside: “" + best.aside.map { Self.text($0, utterance) }.joined(separator: "”, “") + "”"
            }
            return parse
        }
        return nil
    }

    /// Whether a value of `match` begins or ends with a function word that is neither filler
    /// around a name, nor vague, nor "all", and is no name the person has: "what books do i
    /// have to read" read inside as "do i have {to read}". Such a span is cut in the wrong place.
    func cutsAValue(_ match: SentenceMatch, _ words: ArraySlice<Token>, isKnown: (String, String) -> Bool) -> Bool {
        func cuts(_ token: Token) -> Bool {
            wordSets.functionWords.contains(token.folded) && !wordSets.filler.contains(token.folded)
                && !wordSets.vague.contains(token.folded) && !wordSets.all.contains(token.folded)
        }
        return match.slots.contains { slot in
            guard !slot.tokens.isEmpty, !language.enumerations.keys.contains(slot.values) else { return false }
            let value = words[(words.startIndex + slot.tokens.lowerBound)..<(words.startIndex + slot.tokens.upperBound)]
            guard cuts(value.first!) || cuts(value.last!) else { return false }
            return !isKnown(slot.values, Self.folded(value))
        }
    }

    /// A template's match as a request. A question ("what's on…", "is milk on…") gets an
    /// answer (`answering`); a question hidden in words read as a change is read as the
    /// question (`embeddedQuestion`).
    func templateParse(
        _ best: SentenceMatch, _ words: [Token], _ utterance: String, question: Bool,
        isKnown: (String, String) -> Bool, path: Path = .template
    ) -> Parse {
        if changes(best.intent), path != .span,
           let asked = embeddedQuestion(words, in: best, utterance, isKnown: isKnown) {
            return asked
        }
        let (match, asked) = answering(best, words, utterance, question: question, isKnown: isKnown)
        var (request, leftover) = request(for: match, words, utterance, isKnown: isKnown)
        let guessReason = asked ?? leftover ?? uncleanValue(request, utterance, isKnown: isKnown)
        request.isGuess = guessReason != nil
        var parse = Parse(request: request, match: match, command: Self.text(words[...], utterance), path: path, guessReason: guessReason)
        parse.wordsLeftOver = leftover != nil
        if path == .template { checkValuesWithTagger(&parse, words, utterance, isKnown: isKnown) }
        return parse
    }

    /// A question gets an answer: when the best reading would change something, a reading
    /// that only answers is taken instead, and if there is none the change is only a guess,
    /// asked about first (as is a change the sentence itself puts as a question).
    func answering(
        _ best: SentenceMatch, _ words: [Token], _ utterance: String, question: Bool, isKnown: (String, String) -> Bool
    ) -> (match: SentenceMatch, guessReason: String?) {
        guard changes(best.intent) else { return (best, nil) }
        if best.askedAsQuestion { return (best, "a change asked for as a question") }
        guard question else { return (best, nil) }
        if let answer = sentences.allMatches(words, in: utterance, isKnown: isKnown).first(where: { !changes($0.intent) }) {
            return (answer, nil)
        }
        return (best, "a question read as a change")
    }

    /// A question inside words read as a change ("i need you to tell me what is on my list"):
    /// from a question's start on, a sentence that only answers, if there is one.
    /// Only where free text was taken can a question hide ("add {items}" taking "for you to
    /// tell me what is").
    func embeddedQuestion(
        _ words: [Token], in match: SentenceMatch, _ utterance: String, isKnown: (String, String) -> Bool
    ) -> Parse? {
        let starts = match.slots.filter { !language.entityLists.contains($0.values) }.flatMap(\.tokens)
        for start in starts where start >= 1 && start < words.count - 1 {
            let rest = words[start...]
            guard questions.match(rest) != nil else { continue }
            let span = Array(stripPadding(rest))
            // The question must name something of the person's ("what's on my shopping list"):
            // "add milk if it is not already on it" is not a question about "it".
            guard !span.isEmpty, let match = sentences.bestMatch(span, in: utterance, isKnown: isKnown),
                  !changes(match.intent), match.score.knownEntities > 0
            else { continue }
            return templateParse(match, span, utterance, question: true, isKnown: isKnown, path: .span)
        }
        return nil
    }

    /// The phrase `find` finds in a candidate, as typed or without the padding.
    func phraseParse(
        _ candidates: [ArraySlice<Token>], _ utterance: String, _ find: ([String]) -> PersonalPhrase?
    ) -> Parse? {
        for candidate in candidates {
            for words in [Array(stripPadding(candidate)), Array(candidate)] where !words.isEmpty {
                guard let phrase = find(words.map(\.folded)), schema(phrase.intent) != nil else { continue }
                let text = String(utterance[words[0].range.lowerBound..<words[words.count - 1].range.upperBound])
                let match = SentenceMatch(
                    intent: phrase.intent, template: "your phrase “\(phrase.phrase)”", slots: [], fixedSlots: [:],
                    score: MatchScore(literalWords: words.count, knownEntities: 0, freeTextWords: 0))
                return Parse(request: phrase.request, match: match, command: text, path: .phrase)
            }
        }
        return nil
    }
}
