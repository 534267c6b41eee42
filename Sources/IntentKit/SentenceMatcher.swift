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

/// How good a match is. Better: more slots that are a name exactly as written, more literal
/// words, more slots that are known entities, fewer free-text words.
public struct MatchScore: Comparable, Sendable, CustomStringConvertible {
    public var literalWords: Int
    public var knownEntities: Int
    public var freeTextWords: Int
    /// The sentence group's priority (language data), deciding otherwise equal matches.
    public var priority: Int = 0
    /// Words of entity slots that are a name exactly as written ("The Office", "My Books"):
    /// more beat a reading that takes the name's first word as the template's own ("reset
    /// <the> {list}" would leave "Office", a guess; "copy <the> {list}" would copy "Books"
    /// where "My Books" was typed).
    public var exactNames: Int = 0

    public static func < (a: MatchScore, b: MatchScore) -> Bool {
        if a.exactNames != b.exactNames { return a.exactNames < b.exactNames }
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
/// allow, however many variants the templates have. The trie is kept as a few flat arrays of
/// integers (`Trie`): quick to walk, to write to a cache file and to read back.
public struct SentenceMatcher: Sendable {
    /// The compiled templates, as 32-bit integers (half the memory to fill, read and free). Node `n`'s word edges are `wordEdges[wordStart[n]..<wordStart[n + 1]]`,
    /// sorted by word id (a binary search over a few edges beats hashing, and the walk looks an
    /// edge up for every word it tries); its slot edges and its ends likewise. An end is where
    /// a path stops: which group and template it matched, its literal word count, its slots.
    struct Trie: Equatable, Sendable {
        /// Interned words, by id.
        var words: [String] = []
        /// The distinct slots: (parameter name, value list), by id.
        var slotNames: [String] = []
        var slotValues: [String] = []
        var wordStart: [Int32] = [0]
        var wordEdgeWord: [Int32] = []
        var wordEdgeChild: [Int32] = []
        var slotStart: [Int32] = [0]
        var slotEdgeSlot: [Int32] = []
        var slotEdgeChild: [Int32] = []
        var endStart: [Int32] = [0]
        var nodeEnds: [Int32] = []
        var endGroup: [Int32] = []
        /// The template's index in its group's templates.
        var endTemplate: [Int32] = []
        var endLiterals: [Int32] = []
        var endSlotStart: [Int32] = [0]
        var endSlots: [Int32] = []

        var nodeCount: Int { wordStart.count - 1 }
        var endCount: Int { endGroup.count }
    }

    private let trie: Trie
    private let wordIDs: [String: Int]
    private let groups: [SentenceGroup]
    /// Slot value lists whose slots are entities (matched against the dynamic vocabulary).
    private let entityLists: Set<String>

    public init(groups: [SentenceGroup], rules: [String: String], entityLists: Set<String>) throws(TemplateError) {
        let parsedRules = try Self.parse(rules: rules)
        var builder = Builder()
        for (groupIndex, group) in groups.enumerated() {
            for (templateIndex, template) in group.templates.enumerated() {
                let node = try TemplateParser.parse(template)
                for path in try TemplateExpander.paths(node, rules: parsedRules, intern: { builder.intern($0) }, template: template) {
                    try Self.check(path, template)
                    builder.insert(path, group: groupIndex, template: templateIndex, groups)
                }
            }
        }
        self.init(trie: builder.trie(), groups: groups, entityLists: entityLists)
    }

    /// A matcher over a trie compiled before (read from a cache); nil when the trie does not
    /// fit `groups` (an index out of range) or holds a word twice: never trusted blindly.
    init?(checking trie: Trie, groups: [SentenceGroup], entityLists: Set<String>) {
        guard trie.isWellFormed(templateCounts: groups.map(\.templates.count)) else { return nil }
        self.init(trie: trie, groups: groups, entityLists: entityLists)
        guard wordIDs.count == trie.words.count else { return nil }  // a word twice
    }

    private init(trie: Trie, groups: [SentenceGroup], entityLists: Set<String>) {
        self.trie = trie
        self.groups = groups
        self.entityLists = entityLists
        var ids: [String: Int] = [:]
        ids.reserveCapacity(trie.words.count)
        for (id, word) in trie.words.enumerated() { ids[word] = id }
        wordIDs = ids
    }

    /// The compiled form, for the cache.
    var compiled: Trie { trie }

    /// The slot names each group's templates fill, by group: what the engine checks against
    /// the intents' parameters, without parsing the templates again.
    func filledSlots() -> [[String]] {
        let slotCount = trie.slotNames.count
        var filled = [Bool](repeating: false, count: groups.count * slotCount)
        for end in 0..<trie.endCount {
            let group = Int(trie.endGroup[end])
            for e in Int(trie.endSlotStart[end])..<Int(trie.endSlotStart[end + 1]) {
                filled[group * slotCount + Int(trie.endSlots[e])] = true
            }
        }
        return groups.indices.map { group in
            (0..<slotCount).filter { filled[group * slotCount + $0] }.map { trie.slotNames[$0] }
        }
    }

    /// Builds the trie node by node, then flattens it.
    private struct Builder {
        struct Node {
            var words: [(word: Int, child: Int)] = []
            var slots: [(slot: Int, child: Int)] = []
            var ends: [Int] = []
        }
        struct End {
            var group: Int
            var template: Int
            var literals: Int
            var slots: [Int]
        }
        var words: [String: Int] = [:]
        var wordList: [String] = []
        var slotIDs: [String: Int] = [:]
        var slots: [(name: String, values: String)] = []
        var nodes: [Node] = [Node()]
        var ends: [End] = []

        mutating func intern(_ word: String) -> Int {
            if let id = words[word] { return id }
            let id = wordList.count
            words[word] = id
            wordList.append(word)
            return id
        }

        mutating func slot(_ name: String, _ values: String) -> Int {
            let key = values + ":" + name
            if let id = slotIDs[key] { return id }
            slotIDs[key] = slots.count
            slots.append((name, values))
            return slots.count - 1
        }

        mutating func insert(_ path: TemplatePath, group: Int, template: Int, _ groups: [SentenceGroup]) {
            var end = End(group: group, template: template, literals: 0, slots: [])
            var current = 0
            for element in path.elements {
                switch element {
                case .word(let id):
                    end.literals += 1
                    let edges = nodes[current].words
                    let at = Self.lowerBound(edges, id)
                    if at < edges.count, edges[at].word == id {
                        current = edges[at].child
                    } else {
                        nodes.append(Node())
                        nodes[current].words.insert((id, nodes.count - 1), at: at)
                        current = nodes.count - 1
                    }
                case .slot(let name, let values):
                    let id = slot(name, values)
                    end.slots.append(id)
                    if let edge = nodes[current].slots.first(where: { $0.slot == id }) {
                        current = edge.child
                    } else {
                        nodes.append(Node())
                        nodes[current].slots.append((id, nodes.count - 1))
                        current = nodes.count - 1
                    }
                }
            }
            // The same path twice in one template ("[a|a]") is one match; from two groups, both
            // stay, and the score (priority) decides.
            let text = groups[group].templates[template]
            guard !nodes[current].ends.contains(where: {
                ends[$0].group == group && groups[group].templates[ends[$0].template] == text
            }) else { return }
            ends.append(end)
            nodes[current].ends.append(ends.count - 1)
        }

        static func lowerBound(_ edges: [(word: Int, child: Int)], _ word: Int) -> Int {
            var low = 0
            var high = edges.count
            while low < high {
                let middle = (low + high) / 2
                if edges[middle].word < word { low = middle + 1 } else { high = middle }
            }
            return low
        }

        func trie() -> Trie {
            var trie = Trie()
            trie.words = wordList
            trie.slotNames = slots.map(\.name)
            trie.slotValues = slots.map(\.values)
            for node in nodes {
                for edge in node.words {
                    trie.wordEdgeWord.append(Int32(edge.word))
                    trie.wordEdgeChild.append(Int32(edge.child))
                }
                trie.wordStart.append(Int32(trie.wordEdgeWord.count))
                for edge in node.slots {
                    trie.slotEdgeSlot.append(Int32(edge.slot))
                    trie.slotEdgeChild.append(Int32(edge.child))
                }
                trie.slotStart.append(Int32(trie.slotEdgeSlot.count))
                trie.nodeEnds += node.ends.map { Int32($0) }
                trie.endStart.append(Int32(trie.nodeEnds.count))
            }
            for end in ends {
                trie.endGroup.append(Int32(end.group))
                trie.endTemplate.append(Int32(end.template))
                trie.endLiterals.append(Int32(end.literals))
                trie.endSlots += end.slots.map { Int32($0) }
                trie.endSlotStart.append(Int32(trie.endSlots.count))
            }
            return trie
        }
    }

    /// The expansion rules, parsed.
    static func parse(rules: [String: String]) throws(TemplateError) -> [String: TemplateNode] {
        var parsed: [String: TemplateNode] = [:]
        for (name, text) in rules { parsed[name] = try TemplateParser.parse(text) }
        return parsed
    }

    /// Throws what compiling `template` (parsed as `node`) would: an unknown or circular rule,
    /// too many variants, a path that matches nothing or has two slots side by side.
    static func check(_ template: String, _ node: TemplateNode, rules: [String: TemplateNode]) throws(TemplateError) {
        var words: [String: Int] = [:]
        for path in try TemplateExpander.paths(node, rules: rules, intern: { word in
            if let id = words[word] { return id }
            words[word] = words.count
            return words.count - 1
        }, template: template) {
            try check(path, template)
        }
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
    public var pathCount: Int { trie.endCount }

    /// The interned id of each token (-1: a word no template uses).
    func ids(_ tokens: [Token]) -> [Int] {
        tokens.map { wordIDs[$0.folded] ?? -1 }
    }

    /// The best match of the whole utterance, or nil. `isKnown(valueList, folded)` tells
    /// whether a span is a known entity value (a list's name, say). Only the winner's slots
    /// are built: this is the path every utterance takes.
    public func bestMatch(
        _ tokens: [Token], in text: String, isKnown: (String, String) -> Bool = { _, _ in false },
        isExact: (String, String) -> Bool = { _, _ in false }
    ) -> SentenceMatch? {
        var best: (found: Int, score: MatchScore)?
        let found = paths(tokens)
        for (index, path) in found.enumerated() {
            let score = score(path, tokens, isKnown, isExact)
            // Strictly better only: among equals the first found (shortest slots) wins.
            if best.map({ score > $0.score }) ?? true { best = (index, score) }
        }
        return best.map { match(found[$0.found], tokens, text, $0.score) }
    }

    /// Every way the utterance matches, best first. Among equally good matches of one
    /// template, the one whose slots end earliest comes first: free text stops at the next
    /// literal word.
    public func allMatches(
        _ tokens: [Token], in text: String, isKnown: (String, String) -> Bool = { _, _ in false },
        isExact: (String, String) -> Bool = { _, _ in false }
    ) -> [SentenceMatch] {
        let matches = paths(tokens).map { match($0, tokens, text, score($0, tokens, isKnown, isExact)) }
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
        _ path: (end: Int, spans: [Range<Int>]), _ tokens: [Token], _ isKnown: (String, String) -> Bool,
        _ isExact: (String, String) -> Bool
    ) -> MatchScore {
        let end = path.end
        var score = MatchScore(
            literalWords: Int(trie.endLiterals[end]), knownEntities: 0, freeTextWords: 0,
            priority: groups[Int(trie.endGroup[end])].priority)
        for (slot, span) in zip(trie.slots(end), path.spans) {
            let values = trie.slotValues[slot]
            if entityLists.contains(values) {
                let folded = span.count == 1 ? tokens[span.lowerBound].folded : tokens[span].map(\.folded).joined(separator: " ")
                if isKnown(values, folded) {
                    score.knownEntities += 1
                    if isExact(values, folded) { score.exactNames += span.count }
                }
            } else {
                score.freeTextWords += span.count
            }
        }
        return score
    }

    private func match(
        _ path: (end: Int, spans: [Range<Int>]), _ tokens: [Token], _ text: String, _ score: MatchScore
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
    /// more, shortest first, up to a word its next node can take (or to the end).
    private func walk(
        _ node: Int, _ t: Int, _ ids: [Int], _ spans: inout [Range<Int>], _ found: inout [(end: Int, spans: [Range<Int>])]
    ) {
        if t == ids.count {
            for end in trie.nodeEnds[Int(trie.endStart[node])..<Int(trie.endStart[node + 1])] { found.append((Int(end), spans)) }
            return
        }
        if let next = trie.child(node, ids[t]) { walk(next, t + 1, ids, &spans, &found) }
        for e in Int(trie.slotStart[node])..<Int(trie.slotStart[node + 1]) {
            let child = Int(trie.slotEdgeChild[e])
            for j in (t + 1)...ids.count {
                if j == ids.count ? trie.endStart[child] < trie.endStart[child + 1] : trie.child(child, ids[j]) != nil {
                    spans.append(t..<j)
                    walk(child, j, ids, &spans, &found)
                    spans.removeLast()
                }
            }
        }
    }
}

extension SentenceMatcher.Trie {
    /// The node the word edge `word` of `node` leads to, if there is one (binary search).
    func child(_ node: Int, _ word: Int) -> Int? {
        var low = Int(wordStart[node])
        let end = Int(wordStart[node + 1])
        var high = end
        while low < high {
            let middle = (low + high) / 2
            if Int(wordEdgeWord[middle]) < word { low = middle + 1 } else { high = middle }
        }
        return low < end && Int(wordEdgeWord[low]) == word ? Int(wordEdgeChild[low]) : nil
    }

    /// The slots of the path that ends at `end`, in order.
    func slots(_ end: Int) -> [Int] {
        endSlots[Int(endSlotStart[end])..<Int(endSlotStart[end + 1])].map { Int($0) }
    }

    /// Whether every index points where it may, so that walking the trie can never go out of
    /// bounds: each node's edges and ends within their arrays, edges to nodes that exist, ends
    /// and slots in range, templates within `templateCounts` (each group's number of
    /// templates), and every edge leading forward, to a later node, as the compiler makes them:
    /// an edge back would let a slot's every split point loop, a walk exponential in the
    /// utterance's length. (The order of a node's word edges is not checked: out of order, the
    /// binary search misses, no more; the file's checksum is what catches damage.)
    /// Runs over every array at every start from the cache, so over their buffers, without a
    /// bounds check per element (the offsets' own checks come first).
    func isWellFormed(templateCounts: [Int]) -> Bool {
        // Each check gathers a flag over the whole buffer rather than stopping at the first
        // fault: a loop without branches, which the compiler turns into vector instructions.
        func offsets(_ starts: [Int32], _ count: Int, _ total: Int) -> Bool {
            starts.count == count + 1 && starts.first == 0 && starts.last == Int32(truncatingIfNeeded: total)
                && starts.withUnsafeBufferPointer { starts in
                    var descending: UInt8 = 0
                    for index in 1..<starts.count { descending |= starts[index - 1] > starts[index] ? 1 : 0 }
                    return descending == 0
                }
        }
        func within(_ values: [Int32], _ count: Int) -> Bool {
            let limit = UInt32(truncatingIfNeeded: count)
            // A negative value is a large unsigned one: one comparison checks both ends.
            return values.withUnsafeBufferPointer { values in
                var outside: UInt8 = 0
                for value in values { outside |= UInt32(bitPattern: value) >= limit ? 1 : 0 }
                return outside == 0
            }
        }
        let nodes = nodeCount
        guard nodes >= 1, nodes < Int(Int32.max), words.count < Int(Int32.max),
              offsets(wordStart, nodes, wordEdgeWord.count), wordEdgeChild.count == wordEdgeWord.count,
              offsets(slotStart, nodes, slotEdgeSlot.count), slotEdgeChild.count == slotEdgeSlot.count,
              offsets(endStart, nodes, nodeEnds.count),
              endTemplate.count == endCount, endLiterals.count == endCount, offsets(endSlotStart, endCount, endSlots.count),
              slotNames.count == slotValues.count,
              within(wordEdgeWord, words.count), within(wordEdgeChild, nodes), within(slotEdgeSlot, slotNames.count),
              within(slotEdgeChild, nodes), within(nodeEnds, endCount), within(endSlots, slotNames.count),
              within(endLiterals, Int(Int32.max)), within(endGroup, templateCounts.count)
        else { return false }
        // Every edge leads to a later node (the offsets, checked above, keep the ranges in bounds).
        func forward(_ starts: [Int32], _ children: [Int32]) -> Bool {
            // An edge's node is the number of nodes after the first whose edges start at or
            // before it: each node's start is marked, then counted in one running sum.
            var marks = [Int32](repeating: 0, count: children.count + 1)
            return starts.withUnsafeBufferPointer { starts in
                children.withUnsafeBufferPointer { children in
                    marks.withUnsafeMutableBufferPointer { marks in
                        for node in 1..<nodes { marks[Int(starts[node])] &+= 1 }
                        var parent: Int32 = 0
                        var backward: UInt8 = 0
                        for edge in 0..<children.count {
                            parent &+= marks[edge]
                            backward |= children[edge] <= parent ? 1 : 0
                        }
                        return backward == 0
                    }
                }
            }
        }
        guard forward(wordStart, wordEdgeChild), forward(slotStart, slotEdgeChild) else { return false }
        // Each end's template is one of its group's.
        return endGroup.withUnsafeBufferPointer { groups in
            endTemplate.withUnsafeBufferPointer { templates in
                templateCounts.withUnsafeBufferPointer { counts in
                    var outside: UInt8 = 0
                    for end in 0..<groups.count {
                        outside |= UInt(bitPattern: Int(templates[end])) >= UInt(bitPattern: counts[Int(groups[end])]) ? 1 : 0
                    }
                    return outside == 0
                }
            }
        }
    }
}
