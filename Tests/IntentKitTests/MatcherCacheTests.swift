import Foundation
import Testing

@testable import IntentKit

/// The cache file of compiled sentence matchers: what it holds is what compiling gives, and
/// anything wrong with it (damage, another version, changed templates, a folder that cannot
/// be written) only means compiling again.
@Suite("Matcher cache")
struct MatcherCacheTests {
    /// A fresh folder of the test's own (never ~/.cache).
    private func folder() -> URL {
        URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("listomat-matcher-cache-" + UUID().uuidString)
    }

    /// `checked`: as an engine whose catalog came from the cache is made (see `IntentEngine.init`).
    private func engine(_ cache: MatcherCache?, language yaml: String = ordersLanguageYAML, checked: Bool = false) throws -> IntentEngine {
        try IntentEngine(
            language: try Language.load(yaml: yaml, file: "orders.yaml"),
            schemas: try IntentSchema.load(yaml: ordersSchemaYAML, file: "intents.yaml"), matcherCache: cache, checked: checked)
    }

    private func cacheFile(_ cache: MatcherCache) -> URL { cache.file("xx")! }

    /// What the engine makes of each utterance, in words (intent, template, slots, score, path).
    private func readings(_ engine: IntentEngine) -> [String] {
        var vocabulary = Vocabulary()
        vocabulary.register("store", [.init(id: "1", name: "Pizza Palace"), .init(id: "2", name: "Sushi Bar")])
        return utterances.map { utterance in
            guard let parse = engine.parse(utterance, vocabulary: vocabulary) else { return "\(utterance): nothing" }
            let parameters = parse.request.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return "\(utterance): \(engine.explain(parse)) \(parameters)"
        }
    }

    let utterances = [
        "order pizza and salad from pizza palace", "in ListOMat order soup from sushi bar",
        "order a large pizza from pizza palace", "show pizza palace", "delete the order at sushi bar",
        "hey list o mat show sushi bar", "order from", "what", "order sushi from the corner shop please",
    ]

    @Test("an engine read from the cache understands exactly what a freshly compiled one does")
    func cachedEqualsFresh() throws {
        let cache = MatcherCache(directory: folder())
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let fresh = try engine(nil)
        let first = try engine(cache)  // compiles, writes the file
        #expect(FileManager.default.fileExists(atPath: cacheFile(cache).path))
        let permissions = try FileManager.default.attributesOfItem(atPath: cache.directory.path)[.posixPermissions] as? Int
        #expect(permissions == 0o700)
        let cached = try engine(cache)  // reads it
        #expect(cached.sentences.compiled == fresh.sentences.compiled)
        #expect(cached.invocations.compiled == fresh.invocations.compiled)
        #expect(readings(cached) == readings(fresh))
        #expect(readings(first) == readings(fresh))
    }

    @Test("tries read where they lie in the mapped file are the tries compiled, and a change copies them")
    func readInPlace() throws {
        var cache = MatcherCache(directory: folder())
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let fresh = try engine(nil)
        _ = try engine(cache)  // compiles, writes the file
        let copied = try engine(cache)
        cache.readsInPlace = true
        let mapped = try engine(cache)
        #expect(!copied.sentences.compiled.wordStart.isMapped)
        #expect(mapped.sentences.compiled.wordStart.isMapped && mapped.invocations.compiled.endSlots.isMapped)
        #expect(mapped.sentences.compiled == fresh.sentences.compiled)
        #expect(mapped.invocations.compiled == fresh.invocations.compiled)
        #expect(readings(mapped) == readings(fresh))
        // A column changed is copied first: the file stays as it was.
        let file = try Data(contentsOf: cacheFile(cache))
        var trie = mapped.sentences.compiled
        trie.wordEdgeChild[0] = 0
        trie.endSlots.removeLast()
        #expect(!trie.wordEdgeChild.isMapped && trie.wordStart.isMapped)
        #expect(trie != mapped.sentences.compiled)
        #expect(try Data(contentsOf: cacheFile(cache)) == file)
        #expect(readings(mapped) == readings(fresh))
    }

    @Test("a file written and read back gives the same tries")
    func roundTrip() throws {
        let fresh = try engine(nil)
        let tries = [fresh.sentences.compiled, fresh.invocations.compiled]
        #expect(MatcherCache.decode(MatcherCache.encode(tries, key: 42), key: 42) == tries)
        #expect(MatcherCache.decode(MatcherCache.encode(tries, key: 42), key: 43) == nil)
    }

    @Test("a damaged, truncated, foreign or other-version file is ignored and written again")
    func damagedFilesAreReplaced() throws {
        let cache = MatcherCache(directory: folder())
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let expected = readings(try engine(nil))
        _ = try engine(cache)
        let good = try Data(contentsOf: cacheFile(cache))
        var otherVersion = good
        otherVersion[8] = otherVersion[8] &+ 1
        var flipped = good
        flipped[good.count / 2] ^= 0x10
        var random = SystemRandomNumberGenerator()
        let damaged: [(String, Data)] = [
            ("empty", Data()),
            ("truncated", good.prefix(good.count / 3)),
            ("one byte short", good.dropLast()),
            ("one byte more", good + [0]),
            ("random bytes", Data((0..<good.count).map { _ in UInt8.random(in: 0...255, using: &random) })),
            ("another format version", otherVersion),
            ("a bit flipped", flipped),
            ("text", Data("not a cache".utf8)),
        ]
        for (what, bytes) in damaged {
            try bytes.write(to: cacheFile(cache))
            let engine = try engine(cache)
            #expect(readings(engine) == expected, "\(what)")
            #expect(try Data(contentsOf: cacheFile(cache)) == good, "\(what): written again")
        }
        // A folder where the file should be: nothing to read, nothing written, still no harm.
        try FileManager.default.removeItem(at: cacheFile(cache))
        try FileManager.default.createDirectory(at: cacheFile(cache), withIntermediateDirectories: true)
        #expect(readings(try engine(cache)) == expected)
    }

    @Test("tries read in place are checked as they are walked: a damaged chunk gives the compiled answers and the file again")
    func damageFoundWhileWalking() throws {
        var cache = MatcherCache(directory: folder())
        cache.readsInPlace = true
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let expected = readings(try engine(nil))
        _ = try engine(cache)
        let good = try Data(contentsOf: cacheFile(cache))
        let sound = try engine(cache, checked: true)
        #expect(sound.sentences.compiled.checkedChunks != nil)
        #expect(readings(sound) == expected)
        #expect(sound.sentences.compiled.checkedChunks?.isDamaged == false)
        // The body (the tries' integers: its length is the header's sixth field) ends the
        // file; every walk reads its first chunk (the root's edges).
        let bodyStart = good.count - Int(good[32..<40].reversed().reduce(0) { $0 << 8 | UInt64($1) })
        let firstChunkEnd = min(good.count, bodyStart + CheckedChunks.size) - 1
        for (what, offset) in [("the first integer", bodyStart), ("the chunk's last byte", firstChunkEnd), ("one inside", (bodyStart + firstChunkEnd) / 2)] {
            var flipped = good
            flipped[offset] ^= 0x04
            try flipped.write(to: cacheFile(cache))
            let engine = try engine(cache, checked: true)
            #expect(readings(engine) == expected, "\(what)")
            #expect(engine.sentences.compiled.checkedChunks?.isDamaged == true, "\(what): found while walking")
            #expect(try Data(contentsOf: cacheFile(cache)) == good, "\(what): written again")
        }
        // Damage outside the body (the header, the chunks' sums, the words) is found at the start.
        for (what, offset) in [("the header", 20), ("the sums", MatcherCache.headerSize), ("the words", MatcherCache.headerSize + 40)] {
            var flipped = good
            flipped[offset] ^= 0x01
            try flipped.write(to: cacheFile(cache))
            let engine = try engine(cache, checked: true)
            #expect(engine.sentences.compiled.checkedChunks == nil, "\(what): compiled")
            #expect(readings(engine) == expected, "\(what)")
            #expect(try Data(contentsOf: cacheFile(cache)) == good, "\(what): written again")
        }
        for (what, bytes) in [("truncated", good.prefix(good.count / 3)), ("one byte short", good.dropLast()), ("one byte more", good + [0])] {
            try bytes.write(to: cacheFile(cache))
            #expect(readings(try engine(cache, checked: true)) == expected, "\(what)")
            #expect(try Data(contentsOf: cacheFile(cache)) == good, "\(what): written again")
        }
    }

    @Test("a chunk read damaged gives zeros and marks the file, never a crash; sound chunks give their values")
    func checkedChunksReadSafely() throws {
        let tries = [try engine(nil).sentences.compiled]
        let good = MatcherCache.encode(tries, key: 1)
        let path = folder().path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var damaged = good
        damaged[damaged.count - 1] ^= 0x80
        for (bytes, isDamaged) in [(good, false), (damaged, true)] {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let file = try #require(MappedFile(path: path))
            let trie = try #require(MatcherCache.decode(file.bytes, key: 1, reading: .checkedAsRead(file))?.first)
            #expect(trie.checkedChunks?.isDamaged == false)
            let last = trie.endSlots.count - 1
            #expect(trie.endSlots[last] == (isDamaged ? 0 : tries[0].endSlots[last]))
            #expect(trie.checkedChunks?.isDamaged == isDamaged)
            #expect(trie.isIntact == !isDamaged)
            #expect(trie.endSlots[last + 1] == 0 && trie.endSlots[-1] == 0)  // out of range: 0, marked damaged
            #expect(trie.checkedChunks?.isDamaged == true)
        }
    }

    @Test("the checksum sees a change in any bit, the top bits of two words included")
    func checksumSeesEveryBit() {
        let bytes = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let original = MatcherCache.checksum(bytes[...])
        for bit in [0, 7, 63, 64 + 63, 8 * 63 + 7] {
            var changed = bytes
            changed[bit / 8] ^= 1 << (bit % 8)
            #expect(MatcherCache.checksum(changed[...]) != original, "bit \(bit)")
        }
        // The top bit of two words at once: plain FNV-1a over words lets these cancel out
        // (words 0 and 1 go to two lanes; words 0 and 4 to one).
        for (first, second) in [(7, 15), (7, 39)] {
            var both = bytes
            both[first] ^= 0x80
            both[second] ^= 0x80
            #expect(MatcherCache.checksum(both[...]) != original)
        }
        // Two words swapped, within a lane or across lanes.
        for (first, second) in [(0, 1), (0, 4)] {
            var swapped = bytes
            for offset in 0..<8 { swapped.swapAt(first * 8 + offset, second * 8 + offset) }
            #expect(MatcherCache.checksum(swapped[...]) != original)
        }
    }

    @Test("tries whose edges lead back are refused: a walk over them could loop through a slot's splits")
    func edgesLeadingBackAreRefused() throws {
        let groups = [SentenceGroup(intent: "PlaceOrder", templates: ["order {dishes} from {store} [please]"])]
        let matcher = try SentenceMatcher(groups: groups, rules: [:], entityLists: ["store"])
        #expect(SentenceMatcher(checking: matcher.compiled, groups: groups, entityLists: ["store"]) != nil)
        var trie = matcher.compiled
        trie.wordEdgeChild[trie.wordEdgeChild.count - 1] = 0
        #expect(SentenceMatcher(checking: trie, groups: groups, entityLists: ["store"]) == nil)
        trie = matcher.compiled
        trie.slotEdgeChild[0] = 0
        #expect(SentenceMatcher(checking: trie, groups: groups, entityLists: ["store"]) == nil)
        // A word edge to its own node.
        trie = matcher.compiled
        for node in 0..<trie.nodeCount where trie.wordStart[node] < trie.wordStart[node + 1] {
            trie.wordEdgeChild[Int(trie.wordStart[node])] = Int32(node)
            break
        }
        #expect(SentenceMatcher(checking: trie, groups: groups, entityLists: ["store"]) == nil)
        // Word edges out of order are not looked for: the binary search misses, the walk ends.
        trie = matcher.compiled
        trie.wordEdgeWord.reverse()
        let unordered = try #require(SentenceMatcher(checking: trie, groups: groups, entityLists: ["store"]))
        let text = String(repeating: "order soup from ", count: 8) + "Luigi's please"
        _ = unordered.allMatches(TextNormalizer.tokenize(text), in: text)
    }

    @Test("well-checksummed tries whose indices point nowhere are refused")
    func badIndicesAreRefused() throws {
        let fresh = try engine(nil)
        let groups = [SentenceGroup(intent: "PlaceOrder", templates: ["order {dishes} from {store}"])]
        let matcher = try SentenceMatcher(groups: groups, rules: [:], entityLists: ["store"])
        #expect(SentenceMatcher(checking: matcher.compiled, groups: groups, entityLists: ["store"]) != nil)
        var trie = matcher.compiled
        trie.wordEdgeChild[0] = 10_000
        #expect(SentenceMatcher(checking: trie, groups: groups, entityLists: ["store"]) == nil)
        trie = matcher.compiled
        trie.endTemplate[0] = 1
        #expect(SentenceMatcher(checking: trie, groups: groups, entityLists: ["store"]) == nil)
        trie = matcher.compiled
        trie.endSlotStart.removeLast()
        #expect(SentenceMatcher(checking: trie, groups: groups, entityLists: ["store"]) == nil)
        trie = matcher.compiled
        trie.words[1] = trie.words[0]  // one word twice: its id would be ambiguous
        #expect(SentenceMatcher(checking: trie, groups: groups, entityLists: ["store"]) == nil)
        trie = matcher.compiled
        trie.endGroup[0] = 1  // a group there is not
        #expect(SentenceMatcher(checking: trie, groups: groups, entityLists: ["store"]) == nil)
        // The tries of one set of groups do not fit fewer groups.
        #expect(SentenceMatcher(checking: fresh.sentences.compiled, groups: groups, entityLists: []) == nil)
    }

    @Test("a changed language text compiles afresh")
    func changedTextInvalidates() throws {
        let cache = MatcherCache(directory: folder())
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        _ = try engine(cache)
        let before = try Data(contentsOf: cacheFile(cache))
        let changed = ordersLanguageYAML.replacingOccurrences(of: "(ask|tell) <app>", with: "(ask|tell|beg) <app>")
        #expect(changed != ordersLanguageYAML)
        let engine = try engine(cache, language: changed)
        #expect(try Data(contentsOf: cacheFile(cache)) != before)
        var vocabulary = Vocabulary()
        vocabulary.register("store", [.init(id: "1", name: "Pizza Palace")])
        let parse = engine.parse("beg ListOMat to show pizza palace", vocabulary: vocabulary)
        #expect(parse?.request.intent == "ShowStore")
        #expect(parse?.path == .template)
        // Another program (build) compiles afresh too.
        let other = MatcherCache(directory: cache.directory, build: "another build")
        let key = cache.key(locale: "xx", groups: [], invocations: [], rules: [:])
        #expect(other.key(locale: "xx", groups: [], invocations: [], rules: [:]) != key)
    }

    @Test("a folder that cannot be made or written means no cache, not an error")
    func unwritableFolder() throws {
        let blocker = folder()
        try Data("a file, not a folder".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let cache = MatcherCache(directory: blocker.appendingPathComponent("listomat"))
        let expected = readings(try engine(nil))
        #expect(readings(try engine(cache)) == expected)
        #expect(readings(try engine(cache)) == expected)
        #expect(!FileManager.default.fileExists(atPath: cacheFile(cache).path))
    }

    @Test("the folder: XDG_CACHE_HOME when absolute, else ~/.cache; none without HOME")
    func defaultDirectory() {
        #expect(MatcherCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/h"])?.path == "/x/cache/listomat")
        #expect(MatcherCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"])?.path == "/h/.cache/listomat")
        #expect(MatcherCache.defaultDirectory(environment: ["HOME": "/h"])?.path == "/h/.cache/listomat")
        #expect(MatcherCache.defaultDirectory(environment: ["HOME": ""]) == nil)
        #expect(MatcherCache.defaultDirectory(environment: [:]) == nil)
        let cache = MatcherCache(directory: URL(fileURLWithPath: "/c"))
        #expect(cache.file("en")?.path == "/c/matchers-en.bin")
        #expect(cache.file("../en") == nil)
        #expect(cache.file("") == nil)
    }
}
