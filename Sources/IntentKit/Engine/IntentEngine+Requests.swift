/// Two requests in one sentence: "remove glue from the hardware store and also add screws".
extension IntentEngine {
    /// The longest sentence looked at for several requests: each place a split could be made
    /// costs two readings, and a sentence of a few requests is far shorter.
    static let maximumWordsToSplit = 60

    /// The first of two requests said in one sentence, and the words of the rest; nil when the
    /// words are one request. A split is made only where the language puts words between
    /// requests (`between_requests`) or after a verb that ends as one that joins requests
    /// (`request_endings`: Korean 고), each side is a sentence of its own (a template or the
    /// person's phrase; the second starts with what it does), and `whole` — the reading of all
    /// the words — did not take those words itself: "add salt and pepper" and "open the list
    /// and add milk" stay one request, "… hardware store and also add screws" (a list name
    /// swallowing a request) does not. `whole` is nil when nothing reads all the words ("make a
    /// camping list and then add a tent to it"): each side read as a sentence is then the answer.
    package func firstOfTwoRequests(_ whole: Parse?, in text: String, vocabulary: Vocabulary) -> (first: Parse, rest: String)? {
        let tokens = language.tokenize(text)
        guard tokens.count >= 3, tokens.count <= Self.maximumWordsToSplit else { return nil }
        let folded = tokens.map(\.folded)
        let wholeIsSentence = whole.map { $0.path == .template || $0.path == .phrase } ?? false
        // Values that are one of the person's names ("Bed and Bath") were read whole on purpose;
        // worked out at the first words between requests (most sentences have none).
        var wholeValues: [String]?
        func values() -> [String] {
            if let wholeValues { return wholeValues }
            var values: [String] = []
            if wholeIsSentence, let request = whole?.request {
                // A value dropped as no name ("take soda off and add tea" read with the list
                // "and add tea", cut at "and") counts as said.
                let dropped = whole?.match.slots.filter { request.spoken($0.name).isEmpty }.map(\.text) ?? []
                values = (request.parameters.keys.flatMap { request.spoken($0) } + dropped)
                    .filter { value in !vocabulary.types.contains { vocabulary.contains($0, folded: TextNormalizer.fold(value)) } }
                    // As the sentence's words are read (particles split off: "체크하고 그다음에"
                    // holds "하고 그다음 에"), to be compared with the words between requests.
                    .map { language.tokenize($0).map(\.folded).joined(separator: " ") }
            }
            wholeValues = values
            return values
        }
        /// Whether a value of the whole reading ends with the word before `start` where the words
        /// before `start`, read alone, take that word as one of a sentence's own: Korean "장보기에 우유
        /// 추가하고 계란 지워 줘" read whole as removing "우유 추가" and 계란 (하고 joins values too),
        /// where "장보기에 우유 추가" adds 우유. "Add salt and pepper": "add salt" takes salt as a value.
        func verbTakenIntoValue(_ start: Int, _ values: [String]) -> Bool {
            let last = folded[start - 1]
            guard values.contains(where: { $0 == last || $0.hasSuffix(" \(last)") }),
                  let first = sentenceParse(String(text[..<tokens[start].range.lowerBound]), vocabulary: vocabulary),
                  first.path == .template, !first.wordsLeftOver
            else { return false }
            let request = first.request
            return !request.parameters.keys.flatMap { request.spoken($0) }.contains { value in
                let words = language.tokenize(value).map(\.folded)
                return words.last == last
            }
        }
        /// The two requests split at `start`, the words between them `words` long; `joined`: the
        /// first request's last word, a verb ending as one that joins requests (`request_endings`).
        func split(at start: Int, between words: [String], joined: String? = nil) -> (first: Parse, rest: String)? {
            let after = start + words.count
            let values = values()
            // A sentence that reads the words whole took them on purpose, unless it left
            // words over, or one of its values holds the start of the second request
            // ("the old list", "start a new one" as two items) or the words between
            // ("纸箱勾掉然后" as a list's name in "把纸箱勾掉然后加上剪刀").
            let secondStart = folded[after..<min(after + 2, folded.count)].joined(separator: " ")
            let between = " \(words.joined(separator: " ")) "
            // A value of the whole reading that ends with the words between ("add rope to
            // hardware store and to gift shop" read with the items "rope to hardware store and")
            // did not take them on purpose.
            let endsAValue = !words.isEmpty && whole?.match.slots.contains { slot in
                let said = language.tokenize(slot.text).map(\.folded)
                return said.count > words.count && said.suffix(words.count).elementsEqual(words)
            } == true
            if wholeIsSentence, whole?.wordsLeftOver == false, !endsAValue,
               !values.contains(where: { value in
                   " \(value) ".contains(" \(secondStart) ") || (!words.isEmpty && " \(value) ".contains(between))
                       // The verb inside a value, words after it: "사과 넣고 두부" read as one item.
                       || joined.map { " \(value) ".contains(" \($0) ") && !value.hasSuffix($0) } == true
               }) && !verbTakenIntoValue(start, values) {
                return nil
            }
            let left = String(text[..<tokens[start].range.lowerBound])
            let right = String(text[tokens[after].range.lowerBound...])
            // Each read whole as a sentence; the second may itself be two ("… and then … and
            // then …"). The second is read first: after "and" it is most often no sentence
            // ("add leeks, carrots and honey"), and then the first need not be read.
            var second = sentenceParse(right, vocabulary: vocabulary), rest = right
            var first: Parse?
            // "… and on the pet shop list" reads alone as a look at that list; starting with a
            // word of the first request (its word before its list), it may be that request again.
            let readAlone = !(second?.wordsLeftOver ?? true)
            if !readAlone || folded[..<start].contains(folded[after]), !words.isEmpty, tokens.count - after >= 3 {
                first = sentenceParse(left, vocabulary: vocabulary)
                if let first, let (said, gapped) = sayingVerbAgain(first, left, right, vocabulary, wordBeforeNameOnly: readAlone) {
                    (second, rest) = (gapped, said)
                }
            } else if second == nil, !words.isEmpty, tokens.count - after <= Self.mostWordsSaidAgain {
                // "Add cheese to the grocery list, oh and also butter": more of the same, on the
                // list the conversation just named.
                first = sentenceParse(left, vocabulary: vocabulary)
                if let first, let (said, gapped) = sayingVerbAgain(first, left, right, vocabulary, onTheSameName: true) {
                    (second, rest) = (gapped, said)
                }
            }
            guard let second, second.match.score.literalWords > 0,
                  // After a comma alone, a request of the kind the whole sentence reads as may be
                  // one of its values ("write pay the nursery, buy a gift on my to do list").
                  !(words.isEmpty && joined == nil && wholeIsSentence && whole?.request.intent == second.request.intent),
                  let first = first ?? sentenceParse(left, vocabulary: vocabulary), !first.wordsLeftOver,
                  !second.wordsLeftOver || firstOfTwoRequests(second, in: rest, vocabulary: vocabulary) != nil
            else { return nil }
            return (sharingName(of: second, with: first), rest)
        }
        if let whole, wholeIsSentence, let each = eachOfTwoNames(whole, in: text, vocabulary: vocabulary) { return each }
        for start in 1..<(tokens.count - 1) {
            // A comma or a semicolon alone between two requests: "remove the nails, add screws";
            // not after a colon, which opens values ("add to the list: buy a leash, get treats").
            if Self.gap(before: tokens[start], in: text).contains(where: { $0 == "," || $0 == ";" || $0 == "，" || $0 == "；" }),
               !text[..<tokens[start].range.lowerBound].contains(where: { $0 == ":" || $0 == "：" }),
               let found = split(at: start, between: []) {
                return found
            }
            // A verb with an ending that joins it to the next request (Korean "넣고", "지우고"):
            // the first request keeps the word, the second starts after it.
            let previous = folded[start - 1]
            if language.requestEndings.contains(where: { previous.count > $0.count && previous.hasSuffix($0) }),
               !language.betweenRequests.contains([previous]),
               let found = split(at: start, between: [], joined: previous) {
                return found
            }
            for words in language.betweenRequests where start + words.count < tokens.count
                && folded[start..<(start + words.count)].elementsEqual(words) {
                if let found = split(at: start, between: words) { return found }
            }
        }
        return nil
    }

    /// "Add paper towels to shopping and grocery": one thing done to each of two names the
    /// person has, said in one value that takes one name (a list). Two requests, the sentence
    /// said once with each name in turn, when each reads whole as the same request with a
    /// name of theirs; never the first name alone with the second dropped.
    func eachOfTwoNames(_ whole: Parse, in text: String, vocabulary: Vocabulary) -> (first: Parse, rest: String)? {
        guard let schema = schema(whole.request.intent) else { return nil }
        for slot in whole.match.slots where language.entityLists.contains(slot.values)
            && schema.parameters.first(where: { $0.name == slot.name })?.multiple == false {
            let words = language.tokenize(slot.text)
            // A name of theirs with "and" inside ("Bed and Bath") is one name.
            guard words.count >= 3, !vocabulary.contains(slot.values, folded: Self.folded(words[...])),
                  let range = text.range(of: slot.text, options: .backwards),
                  let cut = words.indices.dropFirst().dropLast().first(where: { language.separators.contains(words[$0].folded) })
            else { continue }
            let one = String(slot.text[..<words[cut - 1].range.upperBound])
            // "To bed and to bath": the word before the name, said again, is no part of the second.
            let again = cut + 2 < words.count && language.tokenize(String(text[..<range.lowerBound])).last?.folded == words[cut + 1].folded
            let other = String(slot.text[words[cut + (again ? 2 : 1)].range.lowerBound...])
            func reading(_ name: String) -> (Parse, String)? {
                let said = text.replacingCharacters(in: range, with: name)
                guard let parse = sentenceParse(said, vocabulary: vocabulary), parse.request.intent == whole.request.intent,
                      !parse.wordsLeftOver, parse.match.score.knownEntities > 0 else { return nil }
                return (parse, said)
            }
            guard let (first, _) = reading(one), let (_, rest) = reading(other) else { continue }
            return (first, rest)
        }
        return nil
    }

    /// "Put milk on the grocery list and tape on the hardware list": the second request said
    /// without its verb, read with the first one's words before its values ("put"). Only for
    /// the same request, each naming a thing of its own (a list), so "add salt and pepper to
    /// the list" stays one add. The second request's words, and its reading.
    /// The most words of values said again after a request without its verb or its list
    /// ("… and also butter").
    static let mostWordsSaidAgain = 3

    /// `onTheSameName`: the second request names no list of its own and the first one's is
    /// meant ("add cheese to the grocery list and also butter"); only for a change to several
    /// values (items).
    /// `wordBeforeNameOnly`: only the second side that starts with the first's word before its
    /// name ("… and on the pet shop list").
    func sayingVerbAgain(
        _ first: Parse, _ left: String, _ right: String, _ vocabulary: Vocabulary, onTheSameName: Bool = false, wordBeforeNameOnly: Bool = false
    ) -> (String, Parse)? {
        func namesOne(_ parse: Parse) -> Bool { parse.match.slots.contains { isName($0, of: parse) } }
        guard !first.wordsLeftOver, namesOne(first),
              let slot = first.match.slots.min(by: { $0.tokens.lowerBound < $1.tokens.lowerBound }), slot.tokens.lowerBound > 0,
              schema(first.request.intent)?.parameters.first(where: { $0.name == slot.name })?.multiple == true
        else { return nil }
        let leftTokens = language.tokenize(left)
        guard slot.tokens.lowerBound < leftTokens.count else { return nil }
        // "Add tape to the hardware list and to the gift list": the second side starts with the
        // word before the first's name, so it is said again with everything before that word.
        if !onTheSameName, let firstWord = language.tokenize(right).first?.folded,
           let name = first.match.slots.first(where: { isName($0, of: first) }),
           case let before = name.tokens.lowerBound - 1, before > slot.tokens.lowerBound, before < leftTokens.count,
           leftTokens[before].folded == firstWord {
            let said = String(left[..<leftTokens[before].range.lowerBound]) + right
            if let second = sentenceParse(said, vocabulary: vocabulary), second.request.intent == first.request.intent,
               !second.wordsLeftOver, namesOne(second) {
                return (said, second)
            }
        }
        guard !wordBeforeNameOnly else { return nil }
        let said = String(left[..<leftTokens[slot.tokens.lowerBound].range.lowerBound]) + right
        guard let second = sentenceParse(said, vocabulary: vocabulary), second.request.intent == first.request.intent,
              !second.wordsLeftOver, namesOne(second) != onTheSameName,
              !onTheSameName || schema(first.request.intent)?.changes == true else { return nil }
        return (said, second)
    }

    /// Whether `slot` is a name of the person's things taking one value (a list), not values.
    private func isName(_ slot: SlotMatch, of parse: Parse) -> Bool {
        language.entityLists.contains(slot.values)
            && schema(parse.request.intent)?.parameters.first(where: { $0.name == slot.name })?.multiple == false
    }

    /// "Take soda off and add tea to the groceries": the name said once, at the end, is the
    /// first request's too, when the first names none of that type and both are about
    /// changes to several values (items) of a named thing (a list). "Add milk and delete the
    /// hardware list" is not (deleting a list takes no items), nor "add milk and show me the
    /// hardware list" (a look changes nothing).
    func sharingName(of second: Parse, with first: Parse) -> Parse {
        guard let schema = schema(first.request.intent), let other = self.schema(second.request.intent),
              schema.changes, other.changes,
              schema.parameters.contains(where: \.multiple), other.parameters.contains(where: \.multiple)
        else { return first }
        var first = first
        for parameter in schema.parameters where !parameter.multiple && language.entityLists.contains(parameter.type) {
            let states = first.request.parameters[parameter.name] ?? []
            guard states.allSatisfy({ $0 == .unresolved(.missing) || $0 == .absent }) else { continue }
            let said = other.parameters.filter { $0.type == parameter.type && !$0.multiple }.flatMap { second.request.spoken($0.name) }
            guard said.count == 1 else { continue }
            first.request.parameters[parameter.name] = [.unresolved(.spoken(said[0]))]
            first.request.lentNames.insert(said[0])
            if second.request.saidAsList.contains(said[0]) { first.request.saidAsList.insert(said[0]) }
        }
        return first
    }
}
