import Foundation

/// A model's feature names (`IntentClassifier`, `ValueTagger`) looked up by their UTF-8 bytes,
/// so a request's features are written into one reused buffer (`FeatureKey`) rather than
/// made into a `String` each and hashed by `Hasher` for a `[String: Int32]`.
///
/// Open addressing over FNV-1a 64 hashes; a hit is always confirmed by comparing the bytes,
/// so two names of the same hash are told apart and the answer is exactly the dictionary's.
/// The names are folded text (`TextNormalizer`: NFKC, then folded), in one form, so equal
/// bytes and `String`'s canonical equality are the same answer for them (as for `FoldedKey`).
struct FeatureTable: Sendable {
    /// Index into `hashes`/`rows`/`starts` + 1 of each slot; 0 is empty. A power of two long.
    private let slots: [Int32]
    private let hashes: [UInt64]
    private let rows: [Int32]
    /// Name `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private let starts: [Int32]
    private let bytes: [UInt8]

    init(_ names: [String: Int32]) {
        var hashes: [UInt64] = [], rows: [Int32] = [], starts: [Int32] = [0], bytes: [UInt8] = []
        hashes.reserveCapacity(names.count)
        rows.reserveCapacity(names.count)
        starts.reserveCapacity(names.count + 1)
        var capacity = 16
        while capacity < names.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        for (name, row) in names {
            var name = name
            let hash = name.withUTF8 { Self.hash($0) }
            name.withUTF8 { bytes.append(contentsOf: $0) }
            var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            hashes.append(hash)
            rows.append(row)
            starts.append(Int32(bytes.count))
            slots[slot] = Int32(hashes.count)
        }
        self.slots = slots
        self.hashes = hashes
        self.rows = rows
        self.starts = starts
        self.bytes = bytes
    }

    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return value
    }

    /// The row of the feature whose name is `key`'s bytes, or nil.
    func row(_ key: UnsafeBufferPointer<UInt8>) -> Int32? {
        let hash = Self.hash(key)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        return slots.withUnsafeBufferPointer { slots in
            bytes.withUnsafeBufferPointer { bytes in
                while slots[slot] != 0 {
                    let i = Int(slots[slot]) - 1
                    if hashes[i] == hash {
                        let start = Int(starts[i]), end = Int(starts[i + 1])
                        if end - start == key.count, key.count == 0 || memcmp(bytes.baseAddress! + start, key.baseAddress!, key.count) == 0 {
                            return rows[i]
                        }
                    }
                    slot = (slot + 1) & mask
                }
                return nil
            }
        }
    }
}

/// A feature's name written byte by byte into a buffer kept from one feature to the next.
struct FeatureKey {
    private(set) var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(64) }

    mutating func start(_ prefix: StaticString) {
        bytes.removeAll(keepingCapacity: true)
        add(prefix)
    }

    mutating func add(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func add(_ text: ArraySlice<UInt8>) { bytes.append(contentsOf: text) }

    mutating func add(byte: UInt8) { bytes.append(byte) }

    /// The row of this key in `table`.
    func row(in table: FeatureTable) -> Int32? {
        bytes.withUnsafeBufferPointer { table.row($0) }
    }
}
