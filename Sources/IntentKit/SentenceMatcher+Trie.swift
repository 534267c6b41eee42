import Foundation

/// The compiled form of a matcher's templates: the trie as flat arrays, walking it, and the
/// checks that a trie read back from the cache can be walked safely.
extension SentenceMatcher {
    /// The compiled templates, as 32-bit integers (half the memory to fill, read and free; read
    /// where they lie in a mapped cache file, see `Int32Column`). Node `n`'s word edges are `wordEdges[wordStart[n]..<wordStart[n + 1]]`,
    /// sorted by word id (a binary search over a few edges beats hashing, and the walk looks an
    /// edge up for every word it tries); its slot edges and its ends likewise. An end is where
    /// a path stops: which group and template it matched, its literal word count, its slots.
    struct Trie: Equatable, Sendable {
        /// Interned words, by id.
        var words: [String] = []
        /// The distinct slots: (parameter name, value list), by id.
        var slotNames: [String] = []
        var slotValues: [String] = []
        var wordStart = Int32Column([0])
        var wordEdgeWord = Int32Column()
        var wordEdgeChild = Int32Column()
        var slotStart = Int32Column([0])
        var slotEdgeSlot = Int32Column()
        var slotEdgeChild = Int32Column()
        var endStart = Int32Column([0])
        var nodeEnds = Int32Column()
        var endGroup = Int32Column()
        /// The template's index in its group's templates.
        var endTemplate = Int32Column()
        var endLiterals = Int32Column()
        var endSlotStart = Int32Column([0])
        var endSlots = Int32Column()

        var nodeCount: Int { wordStart.count - 1 }
        var endCount: Int { endGroup.count }
    }
}

extension SentenceMatcher.Trie {
    /// The node the word edge `word` of `node` leads to, if there is one (binary search).
    func child(_ node: Int, _ word: Int) -> Int? {
        // A word no template uses (-1) is no edge: not searched for.
        guard word >= 0 else { return nil }
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
        endSlots[run(endSlotStart, end)].map { Int($0) }
    }

    /// `starts[index]..<starts[index + 1]`: a node's edges or ends, an end's slots. Empty when
    /// the second is below the first, which only a damaged chunk read as the walk goes
    /// (`CheckedChunks`, its values 0) can give: that walk's findings are thrown away.
    func run(_ starts: Int32Column, _ index: Int) -> Range<Int> {
        let start = Int(starts[index])
        return start..<max(start, Int(starts[index + 1]))
    }

    /// The chunks that check this trie's integers as they are read, if they are (one file's).
    var checkedChunks: CheckedChunks? { wordStart.checkedChunks }

    /// Whether every integer is as it was written: always for a trie in memory; for one read
    /// from a file chunk by chunk, every chunk checked now.
    var isIntact: Bool {
        [
            wordStart, wordEdgeWord, wordEdgeChild, slotStart, slotEdgeSlot, slotEdgeChild, endStart, nodeEnds, endGroup,
            endTemplate, endLiterals, endSlotStart, endSlots,
        ].allSatisfy { column in column.checkedChunks.map { chunks in column.withUnsafeBufferPointer { _ in !chunks.isDamaged } } ?? true }
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
        let nodes = nodeCount
        guard nodes >= 1, nodes < Int(Int32.max), words.count < Int(Int32.max),
              Self.offsets(wordStart, nodes, wordEdgeWord.count), wordEdgeChild.count == wordEdgeWord.count,
              Self.offsets(slotStart, nodes, slotEdgeSlot.count), slotEdgeChild.count == slotEdgeSlot.count,
              Self.offsets(endStart, nodes, nodeEnds.count),
              endTemplate.count == endCount, endLiterals.count == endCount, Self.offsets(endSlotStart, endCount, endSlots.count),
              slotNames.count == slotValues.count,
              Self.within(wordEdgeWord, words.count), Self.within(wordEdgeChild, nodes), Self.within(slotEdgeSlot, slotNames.count),
              Self.within(slotEdgeChild, nodes), Self.within(nodeEnds, endCount), Self.within(endSlots, slotNames.count),
              Self.within(endLiterals, Int(Int32.max)), Self.within(endGroup, templateCounts.count)
        else { return false }
        // Every edge leads to a later node (the offsets, checked above, keep the ranges in bounds).
        guard Self.forward(wordStart, wordEdgeChild, nodes: nodes), Self.forward(slotStart, slotEdgeChild, nodes: nodes)
        else { return false }
        return templatesWithinGroups(templateCounts)
    }

    // Each check below gathers a flag over the whole buffer rather than stopping at the first
    // fault: a loop without branches, which the compiler turns into vector instructions.

    /// Whether `starts` are the offsets of `count` runs that fill `total` elements: one more
    /// than `count`, from 0 to `total`, never descending.
    private static func offsets(_ starts: Int32Column, _ count: Int, _ total: Int) -> Bool {
        starts.count == count + 1 && starts.first == 0 && starts.last == Int32(truncatingIfNeeded: total)
            && starts.withUnsafeBufferPointer { starts in
                var descending: UInt8 = 0
                for index in 1..<starts.count { descending |= starts[index - 1] > starts[index] ? 1 : 0 }
                return descending == 0
            }
    }

    /// Whether every value is in 0..<count.
    private static func within(_ values: Int32Column, _ count: Int) -> Bool {
        let limit = UInt32(truncatingIfNeeded: count)
        // A negative value is a large unsigned one: one comparison checks both ends.
        return values.withUnsafeBufferPointer { values in
            var outside: UInt8 = 0
            for value in values { outside |= UInt32(bitPattern: value) >= limit ? 1 : 0 }
            return outside == 0
        }
    }

    /// Whether every edge (`children`, run by run as `starts` says, over `nodes` nodes) leads
    /// to a later node than its own.
    private static func forward(_ starts: Int32Column, _ children: Int32Column, nodes: Int) -> Bool {
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

    /// Whether each end's template is one of its group's (the groups checked before).
    private func templatesWithinGroups(_ templateCounts: [Int]) -> Bool {
        endGroup.withUnsafeBufferPointer { groups in
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
