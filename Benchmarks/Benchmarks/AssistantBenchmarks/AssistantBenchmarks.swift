import Benchmark
import Foundation
import IntentKit
import ListIntents
import ListStore

/// The assistant's parse + resolve (+ confirm) of one utterance, as `listomat ask --dry-run`
/// does it, with 1,000 list names registered. One sample is one utterance; the utterances
/// cycle through every intent and resolution band (exact, contained, typo, menu, unknown).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput],
        timeUnits: .microseconds,
        warmupIterations: 100,
        maxDuration: .seconds(5),
        maxIterations: 200_000
    )

    nonisolated(unsafe) var world: AssistantWorld?
    nonisolated(unsafe) var next = 0
    Benchmark("Parse and resolve one utterance (1000 lists)") { _ in
        let world = world!
        let utterance = world.utterances[next % world.utterances.count]
        next += 1
        var conversation = Conversation(dryRun: true)
        blackHole(conversation.receive(.utterance(utterance), engine: world.assistant.engine, domain: world.domain))
    } setup: {
        world = try AssistantWorld(lists: 1_000)
    }

    nonisolated(unsafe) var parseWorld: AssistantWorld?
    Benchmark("Parse only (1000 lists)") { _ in
        let world = parseWorld!
        let utterance = world.utterances[next % world.utterances.count]
        next += 1
        blackHole(world.assistant.engine.parse(utterance, vocabulary: world.domain.vocabulary))
    } setup: {
        parseWorld = try AssistantWorld(lists: 1_000)
    }

    // The names a single `listomat ask` registers before it parses: 1,000 lists indexed for
    // the exact and loose look-ups (the word index is made later, and only when needed).
    let names = (1...1_000).map { "List \($0)" }
    let rules = try! Assistant(locale: "en", userIntentsDirectory: nil).engine.language.nameRules
    Benchmark("Index 1000 list names", configuration: .init(metrics: [.wallClock], timeUnits: .microseconds)) { _ in
        blackHole(NameMatcher(names: names, rules: rules))
    }

    // Building the assistant, as every `listomat ask` and the TUI's first request do: its
    // sentence templates compiled, or read from the cache file (in a folder of the benchmark's
    // own, written in the setup). No lists: the store's part is measured above.
    let building = Benchmark.Configuration(
        metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 3, maxDuration: .seconds(5), maxIterations: 200)
    Benchmark("Build the assistant, compiling its sentences", configuration: building) { _ in
        blackHole(try? Assistant(locale: "en", userIntentsDirectory: nil))
    }
    nonisolated(unsafe) var cache: MatcherCache?
    Benchmark("Build the assistant, its sentences from the cache", configuration: building) { _ in
        blackHole(try? Assistant(locale: "en", userIntentsDirectory: nil, matcherCache: cache))
    } setup: {
        let made = MatcherCache(
            directory: FileManager.default.temporaryDirectory.appendingPathComponent("listomat-benchmark-cache-\(UUID().uuidString)"))
        _ = try Assistant(locale: "en", userIntentsDirectory: nil, matcherCache: made)
        guard FileManager.default.fileExists(atPath: made.directory.appendingPathComponent("matchers-en.bin").path) else {
            throw PathCheckFailed("the cache file was not written in \(made.directory.path)")
        }
        cache = made
    } teardown: {
        if let cache { try? FileManager.default.removeItem(at: cache.directory) }
    }

    // One utterance each, always the same, parsed by one path: what each path costs.
    // The path is checked once in the setup, before anything is measured.

    pathBenchmark("Template hit, parse only (1000 lists)", .template, ["add milk to the grocery store list"])
    pathBenchmark("Fallback (classifier) answer, parse only (1000 lists)", .classifier, [
        "we could use some more rice",
        "gotta get light bulbs",
        "we're gonna want rice",
    ])
    // The same template hit in each other language: the lists of its corpus fixture and
    // numbered copies of them up to 1,000, and the first "add" request of its corpus that a
    // template reads.
    for locale in ["fr", "ru", "zh-Hans", "ko", "th"] { languageBenchmark(locale) }
    pathBenchmark("Span path, parse only (1000 lists)", .span, [
        "i guess add peaches to the grocery store list",
        "honestly add peaches to the grocery store list",
        "let's go ahead and scratch laundry off my to do list please",
    ])
}

/// One utterance said again and again, understood by `path`: the first of `candidates` that
/// takes it, checked in the setup (else the benchmark fails before measuring).
func pathBenchmark(_ name: String, _ path: IntentEngine.Path, _ candidates: [String]) {
    nonisolated(unsafe) var world: AssistantWorld?
    nonisolated(unsafe) var utterance = ""
    Benchmark(name) { _ in
        let world = world!
        blackHole(world.assistant.engine.parse(utterance, vocabulary: world.domain.vocabulary))
    } setup: {
        let made = try AssistantWorld(lists: 1_000)
        // The model is read the first time it is needed: read it here, not in the first sample.
        guard made.assistant.engine.classifier != nil else { throw PathCheckFailed("the English classifier did not load") }
        utterance = try made.first(path, of: candidates)
        world = made
    }
}

/// A template hit in `locale`, with 1,000 lists named in that language.
func languageBenchmark(_ locale: String) {
    nonisolated(unsafe) var world: AssistantWorld?
    nonisolated(unsafe) var utterance = ""
    Benchmark("Template hit, parse only (1000 lists), \(locale)") { _ in
        let world = world!
        blackHole(world.assistant.engine.parse(utterance, vocabulary: world.domain.vocabulary))
    } setup: {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Tests/ListIntentsTests/Corpus/\(locale)").standardized
        let fixture = try JSONSerialization.jsonObject(with: Data(contentsOf: corpus.appendingPathComponent("fixture.json")))
        let names = (fixture as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        let lines = try String(contentsOf: corpus.appendingPathComponent("utterances.jsonl"), encoding: .utf8).split(separator: "\n")
        let adds = lines.compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["cat"] as? String == "add" else { return nil }
            return object["u"] as? String
        }
        let made = try AssistantWorld(names: names + (0..<(1_000 - names.count)).map { "\(names[$0 % names.count]) \($0 / names.count + 2)" },
                                      locale: locale)
        utterance = try made.first(.template, of: adds)
        world = made
    }
}

struct PathCheckFailed: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A store of `lists` lists with plausible two-word names, two items each, and utterances about them.
struct AssistantWorld {
    let assistant: Assistant
    let domain: ListsDomain
    let utterances: [String]

    init(lists count: Int) throws {
        let places = ["Grocery", "Hardware", "Garden", "Pet", "Flower", "Book", "Office", "Camping", "Beach", "Party",
                      "Pharmacy", "Bakery", "Farmers", "Toy", "Music", "Craft", "Wine", "Cheese", "Fish", "Shoe"]
        let kinds = ["Store", "Shop", "Market", "Trip", "Day", "Supplies", "List", "Plan", "Run", "Errands"]
        var names: [String] = []
        var n = 0
        while names.count < count {
            let name = "\(places[n % places.count]) \(kinds[(n / places.count) % kinds.count])"
            names.append(n < places.count * kinds.count ? name : "\(name) \(n / (places.count * kinds.count) + 1)")
            n += 1
        }
        try self.init(names: names, locale: "en")
    }

    /// Lists of these names, two items each, and the assistant in `locale`.
    init(names: [String], locale: String) throws {
        let store = try ListStore.inMemory()
        try store.importDocument(ListDocument(lists: names.map {
            ListDocument.List(name: $0, items: [.init(name: "tomatoes", done: false), .init(name: "honey", done: true)])
        }))
        // No folder of the person's own intents: the machine's user must not change the numbers.
        assistant = try Assistant(locale: locale, userIntentsDirectory: nil)
        domain = try assistant.domain(store)
        utterances = [
            "In ListOMat, add peaches to the Grocery Store list",
            "add leeks, carrots and honey to garden market",
            "put envelopes on my office supplies list",
            "add sunglasses to beach day with List-o-Mat",
            "add ribbons to the toy list",
            "add lilies to flower",
            "add bird seed to the pett shop list",
            "add paper clips to the ofice supplys list",
            "add glue",
            "add popcorn to the cinema list",
            "show my Farmers Market list",
            "what's on the beach day list",
            "show movies",
            "create a list called Birthday",
            "check off honey on the camping trip list",
            "uncheck tomatoes on pharmacy run",
            "remove honey from wine plan",
            "delete the shoe errands list",
            "copy the bakery store list",
            "what can you do",
            "set a timer for ten minutes",
        ]
    }

    /// The first of `candidates` that the engine parses by `path` (said on stderr, with the
    /// path of every candidate tried before it). None: the benchmark fails, before measuring.
    func first(_ path: IntentEngine.Path, of candidates: [String]) throws -> String {
        var tried: [String] = []
        for utterance in candidates {
            let parse = assistant.engine.parse(utterance, vocabulary: domain.vocabulary)
            if parse?.path == path {
                let intent = parse!.request.intent
                FileHandle.standardError.write(Data("\(path.rawValue) path: “\(utterance)” (\(intent))\n".utf8))
                return utterance
            }
            tried.append("“\(utterance)”: \(parse.map { $0.path.rawValue } ?? "not understood")")
        }
        let message = "no utterance takes the \(path.rawValue) path: " + tried.joined(separator: "; ")
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        throw PathCheckFailed(message)
    }
}
