/// A slot filled by a match: which words of the utterance it took.
package struct SlotMatch: Equatable, Sendable {
    package var name: String
    /// The value list the slot draws from (an entity type, an enumeration or free text).
    package var values: String
    /// Token indices into the utterance.
    package var tokens: Range<Int>
    /// The words as the person wrote them, punctuation inside kept.
    package var text: String
}

/// How good a match is. Better: more slots that are a name exactly as written, more literal
/// words, more slots that are known entities, fewer free-text words.
package struct MatchScore: Comparable, Sendable, CustomStringConvertible {
    package var literalWords: Int
    package var knownEntities: Int
    package var freeTextWords: Int
    /// The sentence group's priority (language data), deciding otherwise equal matches.
    package var priority: Int = 0
    /// Words of entity slots that are a name exactly as written ("The Office", "My Books"):
    /// more beat a reading that takes the name's first word as the template's own ("reset
    /// <the> {list}" would leave "Office", a guess; "copy <the> {list}" would copy "Books"
    /// where "My Books" was typed).
    package var exactNames: Int = 0
    /// Entity slots whose words only point at one without naming it ("my list"): better than
    /// words that name nothing ("add a gift for dad to my list" is no list "dad to my list").
    package var references: Int = 0

    package static func < (a: MatchScore, b: MatchScore) -> Bool {
        if a.exactNames != b.exactNames { return a.exactNames < b.exactNames }
        if a.literalWords != b.literalWords { return a.literalWords < b.literalWords }
        if a.knownEntities != b.knownEntities { return a.knownEntities < b.knownEntities }
        if a.references != b.references { return a.references < b.references }
        if a.freeTextWords != b.freeTextWords { return a.freeTextWords > b.freeTextWords }
        return a.priority < b.priority
    }

    package var description: String {
        "literal words \(literalWords), known entities \(knownEntities), free-text words \(freeTextWords)"
            + (priority == 0 ? "" : ", priority \(priority)")
    }
}

/// What values of an entity type never are when they name nothing the person has (the
/// language's `values.<type>.never` and `numbers: false`): "pick up the kids at 5", "buy milk at
/// noon" name no list "5" or "noon", so a reading taking them for one does not stand.
package struct EntityRefusal: Sendable, Equatable {
    /// Folded words; a value made only of these (and of numbers, when refused) is refused.
    package var words: Set<String>
    /// A word that begins with a digit ("5", "6pm", "10:30" as "10", "30").
    package var numbers: Bool

    package init(words: Set<String>, numbers: Bool) {
        self.words = words
        self.numbers = numbers
    }

    func refuses(_ tokens: ArraySlice<Token>) -> Bool {
        !tokens.isEmpty && tokens.allSatisfy { token in
            if numbers, let first = token.folded.utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") { return true }
            return words.contains(token.folded)
        }
    }
}

/// Whether words are a name of a type, asked once per match: many paths through the templates
/// take the same words for the same slot type, and each asked again folded the words into a
/// string and hashed it.
struct SpanNames {
    enum Known: UInt8 { case unasked, no, yes, exactly, reference }
    private var states: [Known]
    private let side: Int

    init(tokens: Int, types: Int) {
        side = tokens + 1
        // A very long request keeps no table: each span is asked again, as before.
        states = tokens <= 64 ? [Known](repeating: .unasked, count: types * side * side) : []
    }

    subscript(type: Int, span: Range<Int>) -> Known {
        get { states.isEmpty ? .unasked : states[(type * side + span.lowerBound) * side + span.upperBound] }
        set { if !states.isEmpty { states[(type * side + span.lowerBound) * side + span.upperBound] = newValue } }
    }
}

/// A sentence the matcher recognised.
package struct SentenceMatch: Sendable {
    package var intent: String
    /// The template as the language file wrote it, for `--explain`.
    package var template: String
    package var slots: [SlotMatch]
    /// Slot values the sentence group fixes (e.g. status: completed for "check off …").
    package var fixedSlots: [String: String]
    package var score: MatchScore
    /// The sentence asks for a change in the form of a question (`SentenceGroup.askedAsQuestion`).
    package var askedAsQuestion = false
}

/// A group of templates for one intent, with slot values they fix.
package struct SentenceGroup: Sendable {
    package var intent: String
    package var templates: [String]
    package var fixedSlots: [String: String]
    /// Decides between matches that are otherwise equally good (higher wins).
    package var priority: Int
    /// A change asked for in the form of a question ("is milk on my list? if not add it"):
    /// kept as the change (not swapped for an answer), and only a guess, asked about first.
    package var askedAsQuestion: Bool
    /// The sentences stand only where every name slot names something the person has (Thai
    /// "เอา X ไปใส่ใน Y" moves X from where it is; X on no list is put in by another sentence).
    package var onlyKnownNames = false
    /// The sentences' free text holds a thing said bare, with no word of the language's own
    /// around it (`plain: true`: French "ajoute une note lait écrémé à courses"): a reading whose
    /// free text begins or ends with one of `refusedEdgeWords` (the language's
    /// `function_words`, filled in by the engine) does not stand ("une note pour acheter du
    /// lait" is read by the sentence that says "pour").
    package var plainValues = false
    package var refusedEdgeWords: Set<String> = []

    package init(
        intent: String, templates: [String], fixedSlots: [String: String] = [:], priority: Int = 0, askedAsQuestion: Bool = false,
        onlyKnownNames: Bool = false, plainValues: Bool = false
    ) {
        self.onlyKnownNames = onlyKnownNames
        self.plainValues = plainValues
        self.intent = intent
        self.templates = templates
        self.fixedSlots = fixedSlots
        self.priority = priority
        self.askedAsQuestion = askedAsQuestion
    }
}

/// Every template of a language, compiled once: each template is expanded into its linear
/// paths (alternatives and optional words spelled out, rules inlined, words interned), and
/// the paths are merged into a trie, so an utterance walks only the branches its own words
/// allow, however many variants the templates have. The trie is kept as a few flat arrays of
/// integers (`Trie`): quick to walk, to write to a cache file and to read back.
/// A class: the engine hands its matchers to every reading of every request, and a struct of
/// a dozen arrays would be copied (each array retained and released) each time.
///
/// This file holds the matcher and the matching; compiling the templates is in
/// `SentenceMatcher+Building.swift`, the compiled form in `SentenceMatcher+Trie.swift`.
package final class SentenceMatcher: Sendable {
    private let trie: Trie
    /// Compared by their bytes (`FoldedKey`): the template's words and the utterance's are folded.
    private let wordIDs: [FoldedKey: Int]
    private let groups: [SentenceGroup]
    /// Slot value lists whose slots are entities (matched against the dynamic vocabulary).
    private let entityLists: Set<String>
    /// By slot id: whether the slot's values are an entity list (`entityLists`), looked up once
    /// here rather than hashing the list's name for every slot of every path scored.
    private let slotIsEntity: [Bool]
    /// By slot id: the index of its entity type among `entityTypes` (0 for a slot of free text).
    private let slotEntityType: [Int]
    /// How many entity types the slots name.
    private let entityTypes: Int
    /// By slot id: what its entity type never is, unless it is a name the person has
    /// (`EntityRefusal`); nil for most.
    private let slotRefusal: [EntityRefusal?]
    /// By slot id: the type that asks whether its words only point at one (`Vocabulary.reference`),
    /// made once rather than for every span asked about.
    private let slotReferenceType: [String]
    /// The language's words for "list" (`names.list_words`): words that only point at a list
    /// are a few and end in one ("my list", "all of my lists"), so no other span is asked about.
    private let listWords: FoldedWordSet
    /// By group: its priority and `onlyKnownNames`, read for every path scored without
    /// copying the group (its arrays and dictionary retained and released).
    private let groupPriority: [Int]
    private let groupOnlyKnown: [Bool]
    /// By group: the words its free text may not begin or end with (`SentenceGroup.plainValues`).
    private let groupRefusedEdges: [Set<String>]

    /// When the trie is read from a cache file chunk by chunk as it is walked: the matcher
    /// compiled from the templates, asked instead once a damaged chunk was read.
    private let recompiled: (@Sendable () -> SentenceMatcher?)?

    /// A matcher over a trie compiled before (read from a cache); nil when the trie does not
    /// fit `groups` (an index out of range), holds a word twice or is damaged: never trusted
    /// blindly. Every integer is checked now.
    convenience init?(
        checking trie: Trie, groups: [SentenceGroup], entityLists: Set<String>, refusals: [String: EntityRefusal] = [:],
        listWords: Set<String> = []
    ) {
        guard trie.isIntact, trie.isWellFormed(templateCounts: groups.map(\.templates.count)) else { return nil }
        self.init(trie: trie, groups: groups, entityLists: entityLists, refusals: refusals, listWords: listWords)
        guard wordIDs.count == trie.words.count else { return nil }  // a word twice
    }

    /// A matcher over a trie this program wrote to a cache file for these very groups (the
    /// file's key says so), read where it lies and checked chunk by chunk as the walk reads it
    /// (`CheckedChunks`): a request that reads a damaged chunk is answered by `recompiled`'s
    /// matcher instead. nil when the trie holds a word twice (its words are all read now).
    convenience init?(
        checkingAsRead trie: Trie, groups: [SentenceGroup], entityLists: Set<String>, refusals: [String: EntityRefusal] = [:],
        listWords: Set<String> = [], recompiled: @escaping @Sendable () -> SentenceMatcher?
    ) {
        self.init(trie: trie, groups: groups, entityLists: entityLists, refusals: refusals, listWords: listWords, recompiled: recompiled)
        guard wordIDs.count == trie.words.count else { return nil }  // a word twice
    }

    init(
        trie: Trie, groups: [SentenceGroup], entityLists: Set<String>, refusals: [String: EntityRefusal] = [:],
        listWords: Set<String> = [], recompiled: (@Sendable () -> SentenceMatcher?)? = nil
    ) {
        self.trie = trie
        self.groups = groups
        self.entityLists = entityLists
        self.recompiled = recompiled
        slotIsEntity = trie.slotValues.map { entityLists.contains($0) }
        let types = Array(Set(trie.slotValues.filter { entityLists.contains($0) })).sorted()
        slotEntityType = trie.slotValues.map { types.firstIndex(of: $0) ?? 0 }
        entityTypes = max(types.count, 1)
        slotRefusal = trie.slotValues.map { refusals[$0] }
        slotReferenceType = trie.slotValues.map(Vocabulary.reference)
        self.listWords = FoldedWordSet(listWords)
        groupPriority = groups.map(\.priority)
        groupOnlyKnown = groups.map(\.onlyKnownNames)
        groupRefusedEdges = groups.map(\.refusedEdgeWords)
        var ids: [FoldedKey: Int] = [:]
        ids.reserveCapacity(trie.words.count)
        for (id, word) in trie.words.enumerated() { ids[FoldedKey(word)] = id }
        wordIDs = ids
    }

    /// The compiled form, for the cache.
    var compiled: Trie { trie }

    /// Whether some template has this folded word as one of its own (not a slot's) words.
    func isTemplateWord(_ folded: String) -> Bool { wordIDs[FoldedKey(folded)] != nil }

    /// The slot names each group's templates fill, by group: what the engine checks against
    /// the intents' parameters, without parsing the templates again.
    func filledSlots() -> [[String]] {
        let slotCount = trie.slotNames.count
        var filled = [Bool](repeating: false, count: groups.count * slotCount)
        // Over the columns' buffers: every end of the trie is read at every start (hundreds of
        // thousands in some languages), and a subscript per value would check it each time.
        trie.endGroup.withUnsafeBufferPointer { endGroup in
            trie.endSlotStart.withUnsafeBufferPointer { endSlotStart in
                trie.endSlots.withUnsafeBufferPointer { endSlots in
                    for end in 0..<endGroup.count {
                        let row = Int(endGroup[end]) * slotCount
                        for e in Int(endSlotStart[end])..<Int(endSlotStart[end + 1]) {
                            filled[row + Int(endSlots[e])] = true
                        }
                    }
                }
            }
        }
        return groups.indices.map { group in
            (0..<slotCount).filter { filled[group * slotCount + $0] }.map { trie.slotNames[$0] }
        }
    }

    /// How many distinct paths the templates expanded into.
    package var pathCount: Int { trie.endCount }

    /// The interned id of each token (-1: a word no template uses).
    func ids(_ tokens: [Token]) -> [Int] {
        tokens.map { wordIDs[FoldedKey($0.folded)] ?? -1 }
    }

    /// The best match of the whole utterance, or nil. `isKnown(valueList, folded)` tells
    /// whether a span is a known entity value (a list's name, say). Only the winner's slots
    /// are built: this is the path every utterance takes.
    package func bestMatch(
        _ tokens: [Token], in text: String, isKnown: (String, String) -> Bool = { _, _ in false },
        isExact: (String, String) -> Bool = { _, _ in false }
    ) -> SentenceMatch? {
        if let replacement { return replacement?.bestMatch(tokens, in: text, isKnown: isKnown, isExact: isExact) }
        var best: (found: Int, score: MatchScore)?
        let found = paths(tokens)
        var names = SpanNames(tokens: tokens.count, types: entityTypes)
        for (index, path) in found.enumerated() {
            guard let score = score(path, tokens, isKnown, isExact, &names) else { continue }
            // Strictly better only: among equals the first found (shortest slots) wins.
            if best.map({ score > $0.score }) ?? true { best = (index, score) }
        }
        let result = best.map { match(found[$0.found], tokens, text, $0.score) }
        if let replacement { return replacement?.bestMatch(tokens, in: text, isKnown: isKnown, isExact: isExact) }
        return result
    }

    /// The matcher compiled from the templates, once a damaged chunk of this one's cache file
    /// was read (.some(nil) when compiling failed: no match); nil while this one is sound.
    private var replacement: SentenceMatcher?? {
        guard let recompiled, trie.checkedChunks?.isDamaged == true else { return nil }
        return .some(recompiled())
    }

    /// Every way the utterance matches, best first. Among equally good matches of one
    /// template, the one whose slots end earliest comes first: free text stops at the next
    /// literal word.
    package func allMatches(
        _ tokens: [Token], in text: String, isKnown: (String, String) -> Bool = { _, _ in false },
        isExact: (String, String) -> Bool = { _, _ in false }
    ) -> [SentenceMatch] {
        if let replacement { return replacement?.allMatches(tokens, in: text, isKnown: isKnown, isExact: isExact) ?? [] }
        var names = SpanNames(tokens: tokens.count, types: entityTypes)
        let matches = paths(tokens).compactMap { path in score(path, tokens, isKnown, isExact, &names).map { match(path, tokens, text, $0) } }
        if let replacement { return replacement?.allMatches(tokens, in: text, isKnown: isKnown, isExact: isExact) ?? [] }
        // A stable sort keeps, among equals, the order found: shortest slots first.
        return matches.enumerated().sorted { a, b in
            a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset
        }.map(\.element)
    }

    /// The ways through the trie that take every word: a template's end and its slots' spans,
    /// the first (shortest slots) for each end; every split for an end whose template has a
    /// slot beside a slot (the scores choose where the name ends). The other splits of an end
    /// come too, marked `onlyIfExact`: one stands only where a name slot of it is a name
    /// exactly as written, or an item the person has ("rename books to read to reading list":
    /// the list "Books to Read", not "books"; "remove bread from the bakery from …").
    private func paths(_ tokens: [Token]) -> [(end: Int, spans: [Range<Int>], onlyIfExact: Bool)] {
        guard !tokens.isEmpty else { return [] }
        var found: [(end: Int, spans: [Range<Int>])] = []
        var spans: [Range<Int>] = []
        // A few ends each (a request finds a handful of paths): searched in turn, not hashed.
        var everySplit: [Int] = []
        walk(0, 0, ids(tokens), &spans, &found, &everySplit, besideSlot: false)
        var seen: [Int] = []
        return found.map { path in
            let first = !seen.contains(path.end)
            if first { seen.append(path.end) }
            return (path.end, path.spans, !everySplit.contains(path.end) && !first)
        }
    }

    private func score(
        _ path: (end: Int, spans: [Range<Int>], onlyIfExact: Bool), _ tokens: [Token], _ isKnown: (String, String) -> Bool,
        _ isExact: (String, String) -> Bool, _ names: inout SpanNames
    ) -> MatchScore? {
        let end = path.end
        let group = Int(trie.endGroup[end])
        let onlyKnown = groupOnlyKnown[group]
        var score = MatchScore(
            literalWords: Int(trie.endLiterals[end]), knownEntities: 0, freeTextWords: 0,
            priority: groupPriority[group])
        var pointsAtOne = false
        // The end's slots read in place (`trie.slots(end)` would make an array for each path).
        for (e, span) in zip(trie.run(trie.endSlotStart, end), path.spans) {
            let slot = Int(trie.endSlots[e])
            if slotIsEntity[slot] {
                let values = trie.slotValues[slot]
                // Many paths take the same words for a name of the same type: asked once.
                var known = names[slotEntityType[slot], span]
                var folded: String?
                if known == .unasked {
                    let words = span.count == 1 ? tokens[span.lowerBound].folded : tokens[span].foldedText
                    folded = words
                    known = isKnown(values, words) ? (isExact(values, words) ? .exactly : .yes)
                        : span.count <= 4 && listWords.contains(tokens[span.upperBound - 1].folded)
                            && isKnown(slotReferenceType[slot], words) ? .reference : .no
                    names[slotEntityType[slot], span] = known
                }
                if known == .reference {
                    // Words that only point at a list ("my list"): a later split stands on them
                    // as on a name ("add a gift for dad to my list" adds "a gift for dad").
                    score.references += 1
                    pointsAtOne = true
                    continue
                }
                if known != .no {
                    score.knownEntities += 1
                    if known == .exactly { score.exactNames += span.count }
                    continue
                }
                let said = folded ?? (span.count == 1 ? tokens[span.lowerBound].folded : tokens[span].foldedText)
                if path.onlyIfExact, isKnown(Vocabulary.held(values), said) {
                    // A later split stands on an item the person has, named whole.
                    score.knownEntities += 1
                    score.exactNames += span.count
                } else if onlyKnown, !isKnown(Vocabulary.held(values), said) {
                    return nil
                } else if let refusal = slotRefusal[slot], refusal.refuses(tokens[span]) {
                    return nil
                }
            } else {
                let refused = groupRefusedEdges[group]
                if !refused.isEmpty, refused.contains(tokens[span.lowerBound].folded) || refused.contains(tokens[span.upperBound - 1].folded) {
                    return nil
                }
                score.freeTextWords += span.count
            }
        }
        if path.onlyIfExact, score.exactNames == 0, !pointsAtOne { return nil }
        return score
    }

    private func match(
        _ path: (end: Int, spans: [Range<Int>], onlyIfExact: Bool), _ tokens: [Token], _ text: String, _ score: MatchScore
    ) -> SentenceMatch {
        let end = path.end
        let group = groups[Int(trie.endGroup[end])]
        let slots = zip(trie.slots(end), path.spans).map { slot, span in
            let slotText = String(text[tokens[span.lowerBound].range.lowerBound..<tokens[span.upperBound - 1].range.upperBound])
            return SlotMatch(name: trie.slotNames[slot], values: trie.slotValues[slot], tokens: span, text: slotText)
        }
        return SentenceMatch(
            intent: group.intent, template: group.templates[Int(trie.endTemplate[end])], slots: slots, fixedSlots: group.fixedSlots,
            score: score,
            askedAsQuestion: group.askedAsQuestion)
    }

    /// Depth-first walk of the trie: a word edge takes its word; a slot edge takes one word or
    /// more, shortest first, up to a word its next node can take, a slot right after it (a
    /// name followed by free text: every place is tried, scores choose), or the end.
    private func walk(
        _ node: Int, _ t: Int, _ ids: [Int], _ spans: inout [Range<Int>], _ found: inout [(end: Int, spans: [Range<Int>])],
        _ everySplit: inout [Int], besideSlot: Bool
    ) {
        if t == ids.count {
            for end in trie.nodeEnds[trie.run(trie.endStart, node)] {
                found.append((Int(end), spans))
                if besideSlot, !everySplit.contains(Int(end)) { everySplit.append(Int(end)) }
            }
            return
        }
        if let next = trie.child(node, ids[t]) { walk(next, t + 1, ids, &spans, &found, &everySplit, besideSlot: besideSlot) }
        for e in trie.run(trie.slotStart, node) {
            let child = Int(trie.slotEdgeChild[e])
            // A slot may follow at once (beside a name slot): then every split is tried.
            let slotFollows = trie.slotStart[child] < trie.slotStart[child + 1]
            let ends = trie.endStart[child] < trie.endStart[child + 1]
            for j in (t + 1)...ids.count {
                let next = j == ids.count ? ends : slotFollows || trie.child(child, ids[j]) != nil
                if next {
                    spans.append(t..<j)
                    walk(child, j, ids, &spans, &found, &everySplit, besideSlot: besideSlot || slotFollows)
                    spans.removeLast()
                }
            }
        }
    }
}
