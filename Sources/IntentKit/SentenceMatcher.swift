/// A slot filled by a match: which words of the utterance it took.
public struct SlotMatch: Equatable, Sendable {
    public var name: String
    /// The value list the slot draws from (an entity type, an enumeration or free text).
    public var values: String
    /// Token indices into the utterance.
    public var tokens: Range<Int>
    /// The words as the person wrote them, punctuation inside kept.
    public var text: String
}

/// How good a match is. Better: more literal words, more slots that are known entities,
/// fewer free-text words.
public struct MatchScore: Comparable, Sendable, CustomStringConvertible {
    public var literalWords: Int
    public var knownEntities: Int
    public var freeTextWords: Int
    /// The sentence group's priority (language data), deciding otherwise equal matches.
    public var priority: Int = 0

    public static func < (a: MatchScore, b: MatchScore) -> Bool {
        if a.literalWords != b.literalWords { return a.literalWords < b.literalWords }
        if a.knownEntities != b.knownEntities { return a.knownEntities < b.knownEntities }
        if a.freeTextWords != b.freeTextWords { return a.freeTextWords > b.freeTextWords }
        return a.priority < b.priority
    }

    public var description: String {
        "literal words \(literalWords), known entities \(knownEntities), free-text words \(freeTextWords)"
            + (priority == 0 ? "" : ", priority \(priority)")
    }
}

/// A sentence the matcher recognised.
public struct SentenceMatch: Sendable {
    public var intent: String
    /// The template as the language file wrote it, for `--explain`.
    public var template: String
    public var slots: [SlotMatch]
    /// Slot values the sentence group fixes (e.g. status: completed for "check off …").
    public var fixedSlots: [String: String]
    public var score: MatchScore
}

/// A group of templates for one intent, with slot values they fix.
public struct SentenceGroup: Sendable {
    public var intent: String
    public var templates: [String]
    public var fixedSlots: [String: String]
    /// Decides between matches that are otherwise equally good (higher wins).
    public var priority: Int

    public init(intent: String, templates: [String], fixedSlots: [String: String] = [:], priority: Int = 0) {
        self.intent = intent
        self.templates = templates
        self.fixedSlots = fixedSlots
        self.priority = priority
    }
}

/// Every template of a language, compiled once into linear paths over interned words, with
/// an index by first word (the literal prefilter) so that an utterance is compared only with
/// paths that can match it.
public struct SentenceMatcher: Sendable {
    struct CompiledPath: Sendable {
        var group: Int
        var template: String
        var elements: [TemplatePath.Element]
        var literalCount: Int
        /// Every literal word the path needs, sorted: all must occur in the utterance.
        var required: [Int]
    }

    private var words: [String: Int] = [:]
    private var paths: [CompiledPath] = []
    private var byFirstWord: [Int: [Int]] = [:]
    private var startingWithSlot: [Int] = []
    private let groups: [SentenceGroup]
    /// Slot value lists whose slots are entities (matched against the dynamic vocabulary).
    private let entityLists: Set<String>

    public init(groups: [SentenceGroup], rules: [String: String], entityLists: Set<String>) throws(TemplateError) {
        self.groups = groups
        self.entityLists = entityLists
        var parsedRules: [String: TemplateNode] = [:]
        for (name, text) in rules { parsedRules[name] = try TemplateParser.parse(text) }
        var words: [String: Int] = [:]
        func intern(_ word: String) -> Int {
            if let id = words[word] { return id }
            let id = words.count
            words[word] = id
            return id
        }
        for (groupIndex, group) in groups.enumerated() {
            for template in group.templates {
                let node = try TemplateParser.parse(template)
                for path in try TemplateExpander.paths(node, rules: parsedRules, intern: intern, template: template) {
                    try Self.check(path, template)
                    var literals: [Int] = []
                    for case .word(let id) in path.elements { literals.append(id) }
                    let compiled = CompiledPath(
                        group: groupIndex, template: template, elements: path.elements,
                        literalCount: literals.count, required: Array(Set(literals)).sorted())
                    let index = paths.count
                    paths.append(compiled)
                    if case .word(let first)? = path.elements.first {
                        byFirstWord[first, default: []].append(index)
                    } else {
                        startingWithSlot.append(index)
                    }
                }
            }
        }
        self.words = words
    }

    /// Two slots side by side could split their words anywhere: templates must put a word between.
    private static func check(_ path: TemplatePath, _ template: String) throws(TemplateError) {
        guard !path.elements.isEmpty else { throw TemplateError(message: "template “\(template)” can match nothing") }
        for (a, b) in zip(path.elements, path.elements.dropFirst()) {
            if case .slot = a, case .slot = b {
                throw TemplateError(message: "template “\(template)” has two slots with no word between them")
            }
        }
    }

    public var pathCount: Int { paths.count }

    /// The interned id of each token (-1: a word no template uses).
    func ids(_ tokens: [Token]) -> [Int] {
        tokens.map { words[$0.folded] ?? -1 }
    }

    /// The best match of the whole utterance, or nil. `isKnown(valueList, folded)` tells
    /// whether a span is a known entity value (a list's name, say).
    public func bestMatch(
        _ tokens: [Token], in text: String, isKnown: (String, String) -> Bool = { _, _ in false }
    ) -> SentenceMatch? {
        allMatches(tokens, in: text, isKnown: isKnown).first
    }

    /// Every way the utterance matches, best first.
    public func allMatches(
        _ tokens: [Token], in text: String, isKnown: (String, String) -> Bool = { _, _ in false }
    ) -> [SentenceMatch] {
        guard !tokens.isEmpty else { return [] }
        let ids = ids(tokens)
        let present = Set(ids)
        var candidates = startingWithSlot
        if let first = ids.first, first >= 0, let indexed = byFirstWord[first] { candidates += indexed }
        var matches: [SentenceMatch] = []
        var spans: [Range<Int>] = []
        for pathIndex in candidates {
            let path = paths[pathIndex]
            guard path.literalCount <= ids.count, path.required.allSatisfy(present.contains) else { continue }
            spans.removeAll(keepingCapacity: true)
            guard Self.match(path.elements, ids, 0, 0, &spans) else { continue }
            var slots: [SlotMatch] = []
            var score = MatchScore(
                literalWords: path.literalCount, knownEntities: 0, freeTextWords: 0, priority: groups[path.group].priority)
            var spanIndex = 0
            for case .slot(let name, let values) in path.elements {
                let span = spans[spanIndex]
                spanIndex += 1
                let slotText = String(text[tokens[span.lowerBound].range.lowerBound..<tokens[span.upperBound - 1].range.upperBound])
                if entityLists.contains(values) {
                    let folded = tokens[span].map(\.folded).joined(separator: " ")
                    if isKnown(values, folded) { score.knownEntities += 1 }
                } else {
                    score.freeTextWords += span.count
                }
                slots.append(SlotMatch(name: name, values: values, tokens: span, text: slotText))
            }
            let group = groups[path.group]
            matches.append(SentenceMatch(
                intent: group.intent, template: path.template, slots: slots, fixedSlots: group.fixedSlots, score: score))
        }
        return matches.sorted { $0.score > $1.score }
    }

    /// Anchored match of one path: words must be equal; a slot takes at least one word, as few
    /// as let the rest match (so free text stops at the next literal word).
    private static func match(
        _ elements: [TemplatePath.Element], _ ids: [Int], _ e: Int, _ t: Int, _ spans: inout [Range<Int>]
    ) -> Bool {
        if e == elements.count { return t == ids.count }
        switch elements[e] {
        case .word(let id):
            guard t < ids.count, ids[t] == id else { return false }
            return match(elements, ids, e + 1, t + 1, &spans)
        case .slot:
            guard t < ids.count else { return false }
            if e + 1 == elements.count {
                spans.append(t..<ids.count)
                return true
            }
            guard case .word(let next) = elements[e + 1] else { return false }
            var j = t + 1
            while j < ids.count {
                if ids[j] == next {
                    spans.append(t..<j)
                    if match(elements, ids, e + 1, j, &spans) { return true }
                    spans.removeLast()
                }
                j += 1
            }
            return false
        }
    }
}
