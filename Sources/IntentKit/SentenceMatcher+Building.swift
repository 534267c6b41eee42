import Foundation

/// Compiling a language's templates into a matcher: each template expanded into its paths,
/// the paths merged into a trie node by node, then flattened; and the checks a template must
/// pass (known rules, a word between two slots).
extension SentenceMatcher {
    package convenience init(
        groups: [SentenceGroup], rules: [String: String], entityLists: Set<String>, refusals: [String: EntityRefusal] = [:],
        listWords: Set<String> = []
    ) throws(TemplateError) {
        let parsedRules = try Self.parse(rules: rules)
        var builder = Builder()
        for (groupIndex, group) in groups.enumerated() {
            for (templateIndex, template) in group.templates.enumerated() {
                let node = try TemplateParser.parse(template)
                for path in try TemplateExpander.paths(node, rules: parsedRules, intern: { builder.intern($0) }, template: template) {
                    try Self.check(path, template, entityLists)
                    builder.insert(path, group: groupIndex, template: templateIndex, groups)
                }
            }
        }
        self.init(trie: builder.trie(), groups: groups, entityLists: entityLists, refusals: refusals, listWords: listWords)
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
            // Built as arrays, then made the trie's columns.
            var (wordStart, wordEdgeWord, wordEdgeChild): ([Int32], [Int32], [Int32]) = ([0], [], [])
            var (slotStart, slotEdgeSlot, slotEdgeChild): ([Int32], [Int32], [Int32]) = ([0], [], [])
            var (endStart, nodeEnds): ([Int32], [Int32]) = ([0], [])
            for node in nodes {
                for edge in node.words {
                    wordEdgeWord.append(Int32(edge.word))
                    wordEdgeChild.append(Int32(edge.child))
                }
                wordStart.append(Int32(wordEdgeWord.count))
                for edge in node.slots {
                    slotEdgeSlot.append(Int32(edge.slot))
                    slotEdgeChild.append(Int32(edge.child))
                }
                slotStart.append(Int32(slotEdgeSlot.count))
                nodeEnds += node.ends.map { Int32($0) }
                endStart.append(Int32(nodeEnds.count))
            }
            var (endGroup, endTemplate, endLiterals): ([Int32], [Int32], [Int32]) = ([], [], [])
            var (endSlotStart, endSlots): ([Int32], [Int32]) = ([0], [])
            for end in ends {
                endGroup.append(Int32(end.group))
                endTemplate.append(Int32(end.template))
                endLiterals.append(Int32(end.literals))
                endSlots += end.slots.map { Int32($0) }
                endSlotStart.append(Int32(endSlots.count))
            }
            (trie.wordStart, trie.wordEdgeWord, trie.wordEdgeChild) = (.init(wordStart), .init(wordEdgeWord), .init(wordEdgeChild))
            (trie.slotStart, trie.slotEdgeSlot, trie.slotEdgeChild) = (.init(slotStart), .init(slotEdgeSlot), .init(slotEdgeChild))
            (trie.endStart, trie.nodeEnds) = (.init(endStart), .init(nodeEnds))
            (trie.endGroup, trie.endTemplate, trie.endLiterals) = (.init(endGroup), .init(endTemplate), .init(endLiterals))
            (trie.endSlotStart, trie.endSlots) = (.init(endSlotStart), .init(endSlots))
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
    /// `entityLists`: value lists of names (lists, items); a slot of one may stand beside a
    /// text slot ("добавь в {list} {items}"), as the person's names decide where it ends.
    static func check(
        _ template: String, _ node: TemplateNode, rules: [String: TemplateNode], entityLists: Set<String> = []
    ) throws(TemplateError) {
        var words: [String: Int] = [:]
        for path in try TemplateExpander.paths(node, rules: rules, intern: { word in
            if let id = words[word] { return id }
            words[word] = words.count
            return words.count - 1
        }, template: template) {
            try check(path, template, entityLists)
        }
    }

    /// Two slots side by side could split their words anywhere: templates must put a word
    /// between, unless one of them takes names (the split where it is a name wins).
    private static func check(_ path: TemplatePath, _ template: String, _ entityLists: Set<String>) throws(TemplateError) {
        guard !path.elements.isEmpty else { throw TemplateError(message: "template “\(template)” can match nothing") }
        for (a, b) in zip(path.elements, path.elements.dropFirst()) {
            if case .slot(_, let first) = a, case .slot(_, let second) = b,
               !entityLists.contains(first) && !entityLists.contains(second) || first == second {
                throw TemplateError(message: "template “\(template)” has two slots with no word between them")
            }
        }
    }
}
