import Foundation

/// The folded words of a store's names, and each name's stemmed core words, kept in a file
/// between runs (`MatcherCache.names(locale:catalogKey:)`): a single `listomat ask` with a
/// thousand lists spent a fifth to a half of its instructions tokenising and folding every
/// name (and, in Russian, stemming them all for the first look-up by stems) to answer one
/// request. The file holds the names as given, and is used only when they are the same names,
/// byte for byte and in the same order; else it is written again. Its checksum covers the
/// bytes (`MatcherCache.unwrap`), so its texts are read without checking each again.
public struct NameCache: Sendable {
    let cache: MatcherCache
    let file: URL
    let key: UInt64

    /// What the file holds for these names: each name's folded words (`NameMatchingRules.words`),
    /// its keys in the matcher's tables (`NameMatcher.Keys`) and, when `stems`, its stemmed
    /// core (`NameMatcher.stemmedCore`). Nil: no file, another key, other names, damaged.
    func read(_ names: [String], stems: Bool) -> (folded: [[String]], keys: [NameMatcher.Keys], cores: [String]?)? {
        MatcherCache.withMappedContents(of: file.path) { bytes -> (folded: [[String]], keys: [NameMatcher.Keys], cores: [String]?)? in
            guard let payload = MatcherCache.unwrap(bytes, key: key) else { return nil }
            var reader = CacheReader(bytes: payload)
            return try? Self.decode(&reader, names, stems: stems)
        } ?? nil
    }

    private static func decode(
        _ reader: inout CacheReader, _ names: [String], stems: Bool
    ) throws(CacheReader.Damaged) -> (folded: [[String]], keys: [NameMatcher.Keys], cores: [String]?) {
        guard try reader.count(size: 4) == names.count, try reader.u8() == (stems ? 1 : 0) else { throw CacheReader.Damaged() }
        var folded: [[String]] = []
        folded.reserveCapacity(names.count)
        var keys: [NameMatcher.Keys] = []
        keys.reserveCapacity(names.count)
        var cores: [String] = []
        if stems { cores.reserveCapacity(names.count) }
        for name in names {
            let stored = try reader.take(try reader.count())
            guard same(name, stored) else { throw CacheReader.Damaged() }
            let count = try reader.count(size: 4)
            var words: [String] = []
            words.reserveCapacity(count)
            for _ in 0..<count { words.append(try text(&reader)) }
            folded.append(words)
            let exact = try text(&reader)
            let parts = try reader.u8()
            guard parts < 4 else { throw CacheReader.Damaged() }
            var together: String?
            var core: String?
            if parts & 1 != 0 { together = try text(&reader) }
            if parts & 2 != 0 { core = try text(&reader) }
            keys.append(NameMatcher.Keys(exact: exact, together: together, core: core))
            if stems { cores.append(try text(&reader)) }
        }
        guard reader.remaining == 0 else { throw CacheReader.Damaged() }
        return (folded, keys, stems ? cores : nil)
    }

    /// A text as written (valid UTF-8: the checksum says the bytes are the ones written).
    private static func text(_ reader: inout CacheReader) throws(CacheReader.Damaged) -> String {
        String(decoding: try reader.take(try reader.count()), as: UTF8.self)
    }

    /// Whether a name is these bytes.
    private static func same(_ name: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var name = name
        return name.withUTF8 { utf8 in
            utf8.count == bytes.count && (utf8.isEmpty || memcmp(utf8.baseAddress!, bytes.baseAddress!, utf8.count) == 0)
        }
    }

    /// Stores what `read` gives back for these names; any failure only means no cache.
    func write(_ names: [String], folded: [[String]], keys: [NameMatcher.Keys], cores: [String]?) {
        var writer = CacheWriter()
        writer.count(names.count)
        writer.u8(cores == nil ? 0 : 1)
        func add(_ text: String) {
            writer.count(text.utf8.count)
            writer.bytes.append(contentsOf: text.utf8)
        }
        for (index, name) in names.enumerated() {
            add(name)
            writer.count(folded[index].count)
            for word in folded[index] { add(word) }
            let key = keys[index]
            add(key.exact)
            writer.u8((key.together == nil ? 0 : 1) | (key.core == nil ? 0 : 2))
            if let together = key.together { add(together) }
            if let core = key.core { add(core) }
            if let cores { add(cores[index]) }
        }
        cache.store(writer.bytes, key: key, to: file)
    }
}
