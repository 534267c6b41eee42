import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// The assistant with its sentence matchers read from the cache file: every line of every
/// corpus is read exactly as by an assistant that compiled them, and the person's own intents
/// are never served from a file compiled without them.
@Suite("Matcher cache, whole assistant")
struct AssistantMatcherCacheTests {
    static let corpora: [(folder: URL, fixture: String, corpus: String)] = {
        let folder = CorpusTests.corpusDirectory
        let external = folder.appendingPathComponent("external")
        return [
            (folder, "fixture_en.json", "utterances_en.jsonl"),
            (folder, "fixture2_en.json", "utterances2_en.jsonl"),
            (external, "ha-intents_fixture_en.json", "ha-intents-templates_en.jsonl"),
            (external, "hwu64_fixture_en.json", "hwu64_en.jsonl"),
            (external, "clinc150_fixture_en.json", "clinc150_en.jsonl"),
        ]
    }()

    /// A cache folder of the test's own, removed after `body`.
    func withCache<T>(_ body: (MatcherCache) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listomat-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(MatcherCache(directory: folder))
    }

    @Test("a cached assistant reads every corpus line as a freshly compiled one does")
    func corporaReadTheSame() throws {
        try withCache { cache in
            let fresh = try Assistant(locale: "en", userIntentsDirectory: nil)
            _ = try Assistant(locale: "en", userIntentsDirectory: nil, matcherCache: cache)
            let file = cache.directory.appendingPathComponent("matchers-en.bin")
            let catalogFile = cache.directory.appendingPathComponent("catalog-en.bin")
            let written = try Data(contentsOf: file)
            let writtenCatalog = try Data(contentsOf: catalogFile)
            let cached = try Assistant(locale: "en", userIntentsDirectory: nil, matcherCache: cache)
            #expect(try Data(contentsOf: file) == written, "read, not written again")
            #expect(try Data(contentsOf: catalogFile) == writtenCatalog, "read, not written again")
            var lines = 0
            for (folder, fixture, corpus) in Self.corpora {
                let store = try ListStore.inMemory()
                try store.importDocument(
                    try Interchange.decode(try Data(contentsOf: folder.appendingPathComponent(fixture)), format: .json))
                let domain = try fresh.domain(store)
                let text = try String(contentsOf: folder.appendingPathComponent(corpus), encoding: .utf8)
                for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                    let utterance = (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["u"] as? String ?? ""
                    #expect(reading(utterance, cached, domain) == reading(utterance, fresh, domain), "\(utterance)")
                    lines += 1
                }
            }
            #expect(lines > 1_000)
        }
    }

    /// How the assistant reads an utterance and what it answers, in words.
    func reading(_ utterance: String, _ assistant: Assistant, _ domain: ListsDomain) -> String {
        let engine = assistant.engine
        let parse = engine.parse(utterance, vocabulary: domain.vocabulary)
        let parameters = parse?.request.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } ?? []
        var conversation = Conversation(dryRun: true)
        let turn = conversation.receive(.utterance(utterance), engine: engine, domain: domain)
        return "\(parse.map(engine.explain) ?? "nothing") \(parameters) → \(turn.state) \(turn.response)"
    }

    @Test("the person's own intents are never read from a file compiled without them")
    func ownIntentsCompileAfresh() throws {
        try withCache { cache in
            let store = try ListStore.inMemory()
            try store.createList(named: "Grocery Store", items: ["milk"])
            _ = try Assistant(locale: "en", userIntentsDirectory: nil, matcherCache: cache)
            let mine = try Assistant(locale: "en", userIntentsDirectory: CustomIntentsTests.examples, matcherCache: cache)
            #expect(mine.engine.parse("do the weekly shop", vocabulary: try mine.domain(store).vocabulary)?.request.intent == "WeeklyShop")
            // And back: the built-in file again, without them.
            let plain = try Assistant(locale: "en", userIntentsDirectory: nil, matcherCache: cache)
            #expect(plain.engine.parse("do the weekly shop", vocabulary: try plain.domain(store).vocabulary)?.request.intent != "WeeklyShop")
        }
    }

    /// A folder of the person's own intents: the examples, one file that is broken and one
    /// that is not UTF-8; removed after `body`.
    func withOwnIntents<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listomat-intents-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: CustomIntentsTests.examples, to: folder)
        try "intent: Broken\nsteps: 12\n".write(to: folder.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
        try Data([0x69, 0x6E, 0xFF, 0xFE]).write(to: folder.appendingPathComponent("binary.yaml"))
        return try body(folder)
    }

    @Test("the parsed catalog comes from the cache with the warnings its files gave, and is made again when a file changes")
    func catalogFromTheCache() throws {
        try withCache { cache in
            try withOwnIntents { intents in
                let store = try ListStore.inMemory()
                try store.createList(named: "Grocery Store", items: ["milk"])
                let fresh = try Assistant(locale: "en", userIntentsDirectory: intents, matcherCache: cache)
                #expect(fresh.warnings.count == 2)
                let catalogFile = cache.directory.appendingPathComponent("catalog-en.bin")
                let written = try Data(contentsOf: catalogFile)
                let cached = try Assistant(locale: "en", userIntentsDirectory: intents, matcherCache: cache)
                #expect(try Data(contentsOf: catalogFile) == written, "read, not written again")
                #expect(cached.warnings == fresh.warnings)
                #expect(cached.sequences.keys.sorted() == fresh.sequences.keys.sorted())
                let domain = try fresh.domain(store)
                for utterance in ["do the weekly shop", "add eggs to the grocery store list", "what's on my grocery store list"] {
                    #expect(reading(utterance, cached, domain) == reading(utterance, fresh, domain), "\(utterance)")
                }

                // The broken file mended: read afresh, without its warning.
                let weekly = try String(contentsOf: intents.appendingPathComponent("weekly-shop.yaml"), encoding: .utf8)
                try weekly.replacingOccurrences(of: "intent: WeeklyShop", with: "intent: MendedShop")
                    .write(to: intents.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
                let mended = try Assistant(locale: "en", userIntentsDirectory: intents, matcherCache: cache)
                #expect(mended.warnings.count == 1)
                #expect(mended.sequences["MendedShop"] != nil)
                #expect(try Data(contentsOf: catalogFile) != written)
            }
        }
    }

    @Test("a damaged or truncated catalog file is ignored and written again")
    func damagedCatalog() throws {
        try withCache { cache in
            _ = try Assistant(locale: "en", userIntentsDirectory: nil, matcherCache: cache)
            let catalogFile = cache.directory.appendingPathComponent("catalog-en.bin")
            let good = try Data(contentsOf: catalogFile)
            var flipped = good
            flipped[good.count - 10] ^= 0x20
            for damaged in [flipped, good.prefix(good.count / 2), Data(), Data(repeating: 0, count: 64)] {
                try damaged.write(to: catalogFile)
                let assistant = try Assistant(locale: "en", userIntentsDirectory: nil, matcherCache: cache)
                #expect(assistant.warnings.isEmpty)
                // Written again (sets and dictionaries come out in any order, so not byte for
                // byte the first file), and read as it is by the next assistant.
                let rewritten = try Data(contentsOf: catalogFile)
                #expect(rewritten != damaged && rewritten.count == good.count)
                _ = try Assistant(locale: "en", userIntentsDirectory: nil, matcherCache: cache)
                #expect(try Data(contentsOf: catalogFile) == rewritten)
            }
        }
    }
}
