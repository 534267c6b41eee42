import Foundation

/// The sentence matchers compiled once and kept in a file between runs, so that a single
/// `listomat ask` (and the TUI's first request) reads them instead of compiling every template
/// again. One file per language (`matchers-<locale>.bin` in `directory`), holding the key of
/// what it was compiled from: a hash of every template, rule and group (so a changed
/// language file, intent file or person's own intent), of `build` (the program that wrote
/// it) and of the format's version. A file whose key differs, or that is damaged, truncated or
/// unreadable, is ignored: the matchers are compiled as if there were no cache, and the file
/// is written again. Writing is atomic (a temporary file renamed over the old one), and a
/// folder that cannot be written only means no cache. Safe to delete at any time. The
/// assistant's catalog (its YAML files read and checked) is kept beside it the same way
/// (`catalog-<locale>.bin`, keyed by the files' texts).
public struct MatcherCache: Sendable {
    public let directory: URL
    /// What identifies the program that compiles (e.g. its executable's size and date): a
    /// new build may compile templates differently.
    public let build: String

    /// Whether the matchers are read where they lie in the mapped file, not copied (see
    /// `Int32Column`): for a process that ends soon after (`listomat ask`). The file stays
    /// mapped while the matchers live, so a program other than this one cutting it short
    /// meanwhile would stop the process (SIGBUS): a long-lived one (the TUI, the MCP server)
    /// copies them.
    public var readsInPlace = false

    public init(directory: URL, build: String = "") {
        self.directory = directory
        self.build = build
    }

    /// Bumped whenever the file's layout or the trie's meaning changes.
    static let formatVersion: UInt32 = 24
    static let magic: [UInt8] = Array("LOMATRIE".utf8)

    /// `$XDG_CACHE_HOME/listomat` (an absolute `XDG_CACHE_HOME` only, as the XDG spec says),
    /// else `~/.cache/listomat`; nil when neither is set.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache).appendingPathComponent("listomat")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/listomat")
    }

    /// The file for a language (`matchers-<locale>.bin`, or `<kind>-<locale>.bin`); nil for a
    /// locale that is not a plain name.
    func file(_ locale: String, kind: String = "matchers") -> URL? {
        guard !locale.isEmpty, locale.count <= 32,
              locale.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") })
        else { return nil }
        return directory.appendingPathComponent("\(kind)-\(locale).bin")
    }

    /// The tries stored for `locale` under `key`, or nil (no file, another key, damaged). Read
    /// in place (`readsInPlace`), their integers are checked chunk by chunk as they are read
    /// (`CheckedChunks`); else all are checked now, and copied.
    func tries(_ locale: String, key: UInt64) -> [SentenceMatcher.Trie]? {
        guard let file = file(locale), let mapped = MappedFile(path: file.path) else { return nil }
        return withExtendedLifetime(mapped) { Self.decode(mapped.bytes, key: key, reading: readsInPlace ? .checkedAsRead(mapped) : .copied) }
    }

    /// Stores the tries for `locale` under `key`; any failure only means no cache.
    func store(_ locale: String, key: UInt64, _ tries: [SentenceMatcher.Trie]) {
        guard let file = file(locale) else { return }
        write(Self.encode(tries, key: key), to: file)
    }

    // MARK: The catalog

    /// What the catalog file holds: the catalog, parsed and checked, and the warnings its
    /// files gave (the person's own intent files that were skipped, and why).
    struct StoredCatalog: CacheCodable {
        var catalog: IntentCatalog
        var warnings: [String]

        init(catalog: IntentCatalog, warnings: [String]) {
            self.catalog = catalog
            self.warnings = warnings
        }

        init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
            catalog = try reader.read()
            warnings = try reader.read()
        }

        func write(to writer: inout CacheWriter) {
            writer.write(catalog)
            writer.write(warnings)
        }
    }

    /// The key of a catalog read from these files (each one's path, and its text; nil for
    /// one that could not be read), in the order they were read.
    public func catalogKey(locale: String, files: [(path: String, text: String?)]) -> UInt64 {
        var hash = KeyHash(self, locale: locale)
        hash.add(UInt64(files.count))
        for file in files {
            hash.add(file.path)
            if let text = file.text { hash.add(1); hash.add(text) } else { hash.add(0) }
        }
        return hash.value
    }

    /// The catalog stored for `locale` under `key`, with its warnings; nil when there is none,
    /// it was made from other files, or it is damaged. (`catalog-<locale>.bin`: the tries'
    /// header and checks, then the catalog as `CacheCoding` writes it.) Reading it skips
    /// parsing and checking every YAML file, most of the time a single `listomat ask` took.
    package func catalog(_ locale: String, key: UInt64) -> (catalog: IntentCatalog, warnings: [String])? {
        guard let file = file(locale, kind: "catalog") else { return nil }
        let stored = Self.withMappedContents(of: file.path) { bytes in Self.decodeCatalog(bytes, key: key) } ?? nil
        return stored.map { ($0.catalog, $0.warnings) }
    }

    /// Stores a catalog and its warnings for `locale` under `key`; any failure only means no cache.
    package func store(_ catalog: IntentCatalog, warnings: [String], locale: String, key: UInt64) {
        guard let file = file(locale, kind: "catalog") else { return }
        write(Self.encodeCatalog(StoredCatalog(catalog: catalog, warnings: warnings), key: key), to: file)
    }

    static func encodeCatalog(_ stored: StoredCatalog, key: UInt64) -> [UInt8] {
        var payload = CacheWriter()
        payload.write(stored)
        return wrap(payload.bytes, key: key)
    }

    static func decodeCatalog(_ bytes: UnsafeRawBufferPointer, key: UInt64) -> StoredCatalog? {
        guard let payload = unwrap(bytes, key: key) else { return nil }
        var reader = CacheReader(bytes: payload)
        guard let stored = try? reader.read(StoredCatalog.self), reader.remaining == 0 else { return nil }
        return stored
    }

    /// Writes a cache file atomically; any failure only means no cache.
    private func write(_ bytes: [UInt8], to file: URL) {
        // Private, as the data folder is: the file holds the sentences of the person's own intents.
        try? FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // A name of its own per process: two processes writing at once never share a temporary file.
        let temporary = directory.appendingPathComponent(
            ".\(file.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0...UInt32.max)).tmp")
        guard (try? Data(bytes).write(to: temporary)) != nil else { return }
        if rename(temporary.path, file.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
    }

    /// A file's bytes, mapped read-only for the time of `body` (nil: missing, unreadable, not a
    /// plain file, empty, or larger than a cache file can be). Mapped, not read: the pages come
    /// from the kernel's file cache as they are, with no copy made into fresh memory (a 2 MB
    /// read was a tenth of a single `ask`). A cache file is only ever replaced by a rename,
    /// never written in place, so the mapped file does not change under the reader. (Another
    /// program cutting the file short in the millisecond it is read would stop the process
    /// with SIGBUS; a file already cut short is only ignored.)
    static func withMappedContents<T>(of path: String, _ body: (UnsafeRawBufferPointer) -> T) -> T? {
        guard let file = MappedFile(path: path) else { return nil }
        return withExtendedLifetime(file) { body(file.bytes) }
    }

    // MARK: The names

    /// Where a matcher of a store's names (`NameMatcher`) keeps their folded words between
    /// runs, for the language whose catalog has key `catalogKey` (its files' texts: the name
    /// rules come from them): `names-<locale>.bin`, keyed by the format, the program, the
    /// locale and that key. The names themselves are in the file and compared byte by byte
    /// with the store's, so any rename, new or deleted list makes it miss.
    public func names(locale: String, catalogKey: UInt64) -> NameCache? {
        guard let file = file(locale, kind: "names") else { return nil }
        var hash = KeyHash(self, locale: locale)
        hash.add("names")
        hash.add(catalogKey)
        return NameCache(cache: self, file: file, key: hash.value)
    }

    /// Writes a cache file (for `NameCache`); any failure only means no cache.
    func store(_ payload: [UInt8], key: UInt64, to file: URL) { write(Self.wrap(payload, key: key), to: file) }

    // MARK: The key

    /// FNV-1a over what a cache file is made from, from the format, the program and the
    /// locale on; each text after its length, so that ("ab", "c") and ("a", "bc") differ.
    private struct KeyHash {
        private var hash = FNV1a()

        init(_ cache: MatcherCache, locale: String) {
            add(UInt64(MatcherCache.formatVersion))
            add(cache.build)
            add(locale)
        }

        mutating func add(_ number: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) { hash.add(UInt8(truncatingIfNeeded: number >> shift)) }
        }

        mutating func add(_ text: String) {
            add(UInt64(text.utf8.count))
            hash.add(text)
        }

        var value: UInt64 { hash.value }
    }

    /// What the matchers are compiled from, hashed: the sentence groups (their templates, in
    /// order), the invocations, the rules, the program, the format.
    func key(locale: String, groups: [SentenceGroup], invocations: [String], rules: [String: String]) -> UInt64 {
        var hash = KeyHash(self, locale: locale)
        hash.add(UInt64(groups.count))
        for group in groups {
            hash.add(group.intent)
            hash.add(UInt64(group.templates.count))
            for template in group.templates { hash.add(template) }
        }
        hash.add(UInt64(invocations.count))
        for template in invocations { hash.add(template) }
        hash.add(UInt64(rules.count))
        for (name, text) in rules.sorted(by: { $0.key < $1.key }) {
            hash.add(name)
            hash.add(text)
        }
        return hash.value
    }

    // MARK: The file

    /// A payload behind the header: magic, format version, key, length, checksum.
    static func wrap(_ payload: [UInt8], key: UInt64) -> [UInt8] {
        var header = CacheWriter()
        header.bytes += magic
        header.u32(formatVersion)
        header.u64(key)
        header.u64(UInt64(payload.count))
        header.u64(checksum(payload[...]))
        return header.bytes + payload
    }

    /// The payload behind a header written by `wrap` with this key; nil for another key, a
    /// wrong length or checksum.
    static func unwrap(_ bytes: UnsafeRawBufferPointer, key: UInt64) -> UnsafeRawBufferPointer? {
        var reader = CacheReader(bytes: bytes)
        guard (try? reader.take(magic.count)).map(Array.init) == magic, (try? reader.u32()) == formatVersion,
              (try? reader.u64()) == key, let length = try? reader.u64(), let checksum = try? reader.u64(),
              length == UInt64(reader.remaining)
        else { return nil }
        let payload = UnsafeRawBufferPointer(rebasing: bytes[reader.offset...])
        return Self.checksum(payload) == checksum ? payload : nil
    }

    /// FNV-1a's steps over 8 bytes at a time, in four lanes (word 0 to lane 0, word 1 to lane 1,
    /// …, folded together at the end, then the last few words and bytes one by one), with the
    /// high bits folded back after each step so that a change in any bit reaches every later
    /// one: catches a damaged file, quickly. Four lanes, because each step waits for the one
    /// before it: a single chain took half a millisecond over the 2 MB of tries.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    static func checksum(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        let basis: UInt64 = 0xcbf2_9ce4_8422_2325
        @inline(__always) func step(_ hash: UInt64, _ word: UInt64) -> UInt64 {
            let mixed = (hash ^ word) &* 0x0000_0100_0000_01b3
            return mixed ^ (mixed >> 29)
        }
        @inline(__always) func word(_ index: Int) -> UInt64 {
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
        }
        var lanes = (basis, basis ^ 1, basis ^ 2, basis ^ 3)
        let words = raw.count / 8
        let rounds = words / 4
        for round in 0..<rounds {
            let first = round * 4
            lanes.0 = step(lanes.0, word(first))
            lanes.1 = step(lanes.1, word(first + 1))
            lanes.2 = step(lanes.2, word(first + 2))
            lanes.3 = step(lanes.3, word(first + 3))
        }
        var hash = step(step(step(step(basis, lanes.0), lanes.1), lanes.2), lanes.3)
        for index in (rounds * 4)..<words { hash = step(hash, word(index)) }
        for index in (words * 8)..<raw.count { hash = (hash ^ UInt64(raw[index])) &* 0x0000_0100_0000_01b3 }
        return hash
    }
}
