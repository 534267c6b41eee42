import Foundation
@testable import IntentKit
import ListIntents
import Testing

/// The catalog's hand-written cache form: every stored property of every part survives the
/// trip to bytes and back, and damaged bytes are refused, never trusted or crashed on.
@Suite("Cache coding of the catalog")
struct CacheCodingTests {
    /// The app's own catalog (language, schemas, built-in intent files) with the README's
    /// custom intents added: sequences, steps of both kinds, lines, several languages.
    static func catalog() throws -> IntentCatalog {
        let resources = try Assistant.resourcesDirectory()
        func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }
        let languageFile = resources.appendingPathComponent("en/language.yaml")
        let schemaFile = resources.appendingPathComponent("intents.yaml")
        var catalog = IntentCatalog(
            language: try Language.load(yaml: try text(languageFile), file: languageFile.path),
            schemas: try IntentSchema.load(yaml: try text(schemaFile), file: schemaFile.path))
        let yaml = { (folder: URL) in
            try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "yaml" }.sorted { $0.path < $1.path }
        }
        for file in try yaml(resources.appendingPathComponent("intents")) {
            try catalog.add(try IntentDefinition.load(yaml: try text(file), file: file.path), builtIn: true)
        }
        for file in try yaml(CustomIntentsTests.examples) {
            try catalog.add(try IntentDefinition.load(yaml: try text(file), file: file.path))
        }
        return catalog
    }

    /// A value described property by property, through reflection (so a property the cache
    /// coding forgot shows up), with dictionaries and sets in sorted order.
    static func describe(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        let children = Array(mirror.children)
        switch mirror.displayStyle {
        case .dictionary:
            let entries = children.map { entry in
                let pair = Mirror(reflecting: entry.value).children.map(\.value)
                return describe(pair[0]) + ": " + describe(pair[1])
            }
            return "[" + entries.sorted().joined(separator: ", ") + "]"
        case .set:
            return "{" + children.map { describe($0.value) }.sorted().joined(separator: ", ") + "}"
        case .optional:
            return children.first.map { "some(" + describe($0.value) + ")" } ?? "nil"
        case .some where !children.isEmpty:
            let fields = children.map { ($0.label.map { $0 + ": " } ?? "") + describe($0.value) }
            return "\(type(of: value))(" + fields.joined(separator: ", ") + ")"
        default:
            return "\(type(of: value)) \(String(reflecting: value))"
        }
    }

    @Test("a catalog read back from its bytes equals the one written, property by property")
    func roundTrip() throws {
        let catalog = try Self.catalog()
        #expect(catalog.sequences.count >= 2, "the examples bring custom intents")
        let stored = MatcherCache.StoredCatalog(catalog: catalog, warnings: ["a.yaml:3: a warning", "b.yaml: another"])
        let bytes = MatcherCache.encodeCatalog(stored, key: 7)
        let read = try #require(bytes.withUnsafeBytes { MatcherCache.decodeCatalog($0, key: 7) })
        let (written, again) = (Self.describe(stored), Self.describe(read))
        #expect(written == again)
        #expect(written.contains("WeeklyShop") && written.contains("StepValue(fixed: ") && written.contains("StepValue(slot: "))
        // The same value is always the same bytes (sets and dictionaries sorted).
        #expect(MatcherCache.encodeCatalog(read, key: 7) == bytes)
        #expect(bytes.withUnsafeBytes { MatcherCache.decodeCatalog($0, key: 8) } == nil)
    }

    @Test("bytes cut short or changed are refused or read as something, never crashed on")
    func damagedBytes() throws {
        var writer = CacheWriter()
        writer.write(MatcherCache.StoredCatalog(catalog: try Self.catalog(), warnings: ["w"]))
        let payload = writer.bytes
        // Past the checksum (a change it misses), straight into the reader.
        func read(_ bytes: [UInt8]) -> Bool {
            bytes.withUnsafeBytes { raw in
                var reader = CacheReader(bytes: raw)
                return (try? reader.read(MatcherCache.StoredCatalog.self)) != nil
            }
        }
        #expect(read(payload))
        for length in stride(from: 0, to: payload.count, by: max(1, payload.count / 997)) {
            #expect(!read(Array(payload.prefix(length))), "cut to \(length) bytes")
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var changed = payload
            changed[Int.random(in: 0..<changed.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            _ = read(changed)
        }
        // A count far larger than the bytes left is refused before anything is reserved (one
        // the bytes allow reserves at most `CacheReader.reservationLimit` elements ahead).
        #expect(!read([0xFF, 0xFF, 0xFF, 0x7F]))
    }

    @Test("a dictionary with one key twice is damage")
    func keyTwice() {
        var writer = CacheWriter()
        writer.count(2)
        for value in [1, 2] {
            writer.write("a")
            writer.write(value)
        }
        writer.bytes.withUnsafeBytes { raw in
            var reader = CacheReader(bytes: raw)
            #expect((try? reader.read([String: Int].self)) == nil)
        }
        // The second key's letter: after the count (4 bytes), the first key (length 4, "a" 1),
        // its value (8) and the second key's length (4).
        writer.bytes[4 + 4 + 1 + 8 + 4] = UInt8(ascii: "b")
        writer.bytes.withUnsafeBytes { raw in
            var reader = CacheReader(bytes: raw)
            #expect((try? reader.read([String: Int].self)) == ["a": 1, "b": 2])
        }
    }
}
