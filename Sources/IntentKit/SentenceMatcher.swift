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
    /// The sentence asks for a change in the form of a question (`SentenceGroup.askedAsQuestion`).
    public var askedAsQuestion = false
}

/// A group of templates for one intent, with slot values they fix.
public struct SentenceGroup: Sendable {
    public var intent: String
    public var templates: [String]
    public var fixedSlots: [String: String]
    /// Decides between matches that are otherwise equally good (higher wins).
    public var priority: Int
    /// A change asked for in the form of a question ("is milk on my list? if not add it"):
    /// kept as the change (not swapped for an answer), and only a guess, asked about first.
    public var askedAsQuestion: Bool

    public init(
        intent: String, templates: [String], fixedSlots: [String: String] = [:], priority: Int = 0, askedAsQuestion: Bool = false
    ) {
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
/// allow, however many variants the templates have.
public struct SentenceMatcher: Sendable {
    /// Where a path ends: what it matched.
    struct PathEnd: Sendable {
        var group: Int
        var template: String
        var literalCount: Int
        /// The path's slots in order: (parameter name, value list).
        var slots: [(name: String, values: String)]
    }

    struct Node: Sendable {
        /// Word edges sorted by word id: a binary search over a few edges beats hashing,
        /// and the walk looks an edge up for every word it tries.
        var words: [(word: Int, child: Int)] = []
        /// Slot edges: the slot and the node after it.
        var slots: [(name: String, values: String, child: Int)] = []
        var ends: [Int] = []

        private func lowerBound(_ word: Int) -> Int {
            var low = 0
            var high = words.count
            while low < high {
                let middle = (low + high) / 2
                if words[middle].word < word { low = middle + 1 } else { high = middle }
            }
            return low
        }

        func child(_ word: Int) -> Int? {
            let at = lowerBound(word)
            return at < words.count && words[at].word == word ? words[at].child : nil
        }

        mutating func add(_ word: Int, _ child: Int) {
            words.insert((word, child), at: lowerBound(word))
        }
    }

    private var words: [String: Int] = [:]
    private var nodes: [Node] = [Node()]
    private var ends: [PathEnd] = []
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
                    insert(path, PathEnd(group: groupIndex, template: template, literalCount: 0, slots: []))
                }
            }
        }
        self.words = words
    }

    private mutating func insert(_ path: TemplatePath, _ end: PathEnd) {
        var end = end
        var current = 0
        for element in path.elements {
            switch element {
            case .word(let id):
                end.literalCount += 1
                if let next = nodes[current].child(id) {
                    current = next
                } else {
                    nodes.append(Node())
                    nodes[current].add(id, nodes.count - 1)
                    current = nodes.count - 1
                }
            case .slot(let name, let values):
                end.slots.append((name, values))
                if let edge = nodes[current].slots.first(where: { $0.name == name && $0.values == values }) {
                    current = edge.child
                } else {
                    nodes.append(Node())
                    nodes[current].slots.append((name, values, nodes.count - 1))
                    current = nodes.count - 1
                }
            }
        }
        // The same path twice in one template ("[a|a]") is one match; from two groups, both
        // stay, and the score (priority) decides.
        guard !nodes[current].ends.contains(where: { ends[$0].group == end.group && ends[$0].template == end.template })
        else { return }
        ends.append(end)
        nodes[current].ends.append(ends.count - 1)
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

    /// How many distinct paths the templates expanded into.
    public var pathCount: Int { ends.count }

    /// The interned id of each token (-1: a word no template uses).
    func ids(_ tokens: [Token]) -> [Int] {
        tokens.map { words[$0.folded] ?? -1 }
    }

    /// The best match of the whole utterance, or nil. `isKnown(valueList, folded)` tells
    /// whether a span is a known entity value (a list's name, say). Only the winner's slots
    /// are built: this is the path every utterance takes.
    public func bestMatch(
        _ tokens: [Token], in text: String, isKnown: (String, String) -> Bool = { _, _ in false }
    ) -> SentenceMatch? {
        var best: (found: Int, score: MatchScore)?
        let found = paths(tokens)
        for (index, path) in found.enumerated() {
            let score = score(path, tokens, isKnown)
            // Strictly better only: among equals the first found (shortest slots) wins.
            if best.map({ score > $0.score }) ?? true { best = (index, score) }
        }
        return best.map { match(found[$0.found], tokens, text, $0.score) }
    }

    /// Every way the utterance matches, best first. Among equally good matches of one
    /// template, the one whose slots end earliest comes first: free text stops at the next
    /// literal word.
    public func allMatches(
        _ tokens: [Token], in text: String, isKnown: (String, String) -> Bool = { _, _ in false }
    ) -> [SentenceMatch] {
        let matches = paths(tokens).map { match($0, tokens, text, score($0, tokens, isKnown)) }
        // A stable sort keeps, among equals, the order found: shortest slots first.
        return matches.enumerated().sorted { a, b in
            a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset
        }.map(\.element)
    }

    /// The ways through the trie that take every word: a template's end and its slots' spans,
    /// the first (shortest slots) for each end.
    private func paths(_ tokens: [Token]) -> [(end: Int, spans: [Range<Int>])] {
        guard !tokens.isEmpty else { return [] }
        var found: [(end: Int, spans: [Range<Int>])] = []
        var spans: [Range<Int>] = []
        walk(0, 0, ids(tokens), &spans, &found)
        var seen = Set<Int>()
        return found.filter { seen.insert($0.end).inserted }
    }

    private func score(
        _ path: (end: Int, spans: [Range<Int>]), _ tokens: [Token], _ isKnown: (String, String) -> Bool
    ) -> MatchScore {
        let end = ends[path.end]
        var score = MatchScore(
            literalWords: end.literalCount, knownEntities: 0, freeTextWords: 0, priority: groups[end.group].priority)
        for (slot, span) in zip(end.slots, path.spans) {
            if entityLists.contains(slot.values) {
                let folded = span.count == 1 ? tokens[span.lowerBound].folded : tokens[span].map(\.folded).joined(separator: " ")
                if isKnown(slot.values, folded) { score.knownEntities += 1 }
            } else {
                score.freeTextWords += span.count
            }
        }
        return score
    }

    private func match(
        _ path: (end: Int, spans: [Range<Int>]), _ tokens: [Token], _ text: String, _ score: MatchScore
    ) -> SentenceMatch {
        let end = ends[path.end]
        let group = groups[end.group]
        let slots = zip(end.slots, path.spans).map { slot, span in
            let slotText = String(text[tokens[span.lowerBound].range.lowerBound..<tokens[span.upperBound - 1].range.upperBound])
            return SlotMatch(name: slot.name, values: slot.values, tokens: span, text: slotText)
        }
        return SentenceMatch(
            intent: group.intent, template: end.template, slots: slots, fixedSlots: group.fixedSlots, score: score,
            askedAsQuestion: group.askedAsQuestion)
    }

    /// Depth-first walk of the trie: a word edge takes its word; a slot edge takes one word or
    /// more, shortest first, up to a word its next node can take (or to the end).
    private func walk(
        _ node: Int, _ t: Int, _ ids: [Int], _ spans: inout [Range<Int>], _ found: inout [(end: Int, spans: [Range<Int>])]
    ) {
        // Nodes are read in place (no copies: this runs for every word of every utterance).
        if t == ids.count {
            for end in nodes[node].ends { found.append((end, spans)) }
            return
        }
        if let next = nodes[node].child(ids[t]) { walk(next, t + 1, ids, &spans, &found) }
        for e in nodes[node].slots.indices {
            let child = nodes[node].slots[e].child
            for j in (t + 1)...ids.count {
                if j == ids.count ? !nodes[child].ends.isEmpty : nodes[child].child(ids[j]) != nil {
                    spans.append(t..<j)
                    walk(child, j, ids, &spans, &found)
                    spans.removeLast()
                }
            }
        }
    }
}
