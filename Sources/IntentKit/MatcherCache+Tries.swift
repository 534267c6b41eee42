/// The file of compiled tries (`matchers-<locale>.bin`): written once, read at every start.
///
/// Layout, little-endian: magic (8 bytes), format version (u32), chunk size (u32), key (u64),
/// the head's length (u64), the body's length (u64), the checksum of what lies between the
/// header and the body (u64); one checksum (u64) per chunk of the body (`CheckedChunks.size` bytes, the last
/// one short); the head; zero bytes up to a multiple of the chunk size; the body.
/// The head: the number of tries (u32), then each trie's strings (words, slot names, slot
/// values: a count (u32), then each string as its UTF-8 length (u32) and bytes) and the counts
/// (u32) of its thirteen integer columns. The body: every trie's columns' i32s, trie by trie,
/// in `Trie`'s order, starting on a page of the file (its columns can be used where they lie).
///
/// At every start everything but the body is checked (a few kilobytes); the body,
/// most of the file, is checked whole only when it is copied, else chunk by chunk as the
/// walk reads it (see docs/architecture.md).
extension MatcherCache {
    /// How the tries' integers are read: copied out of the file (all checked first), or used
    /// where they lie in the mapped file, each chunk checked when first read.
    enum Reading {
        case copied
        case checkedAsRead(MappedFile)
    }

    static let headerSize = 48

    static func encode(_ tries: [SentenceMatcher.Trie], key: UInt64) -> [UInt8] {
        var head = CacheWriter()
        var body: [Int32] = []
        head.count(tries.count)
        for trie in tries {
            for strings in [trie.words, trie.slotNames, trie.slotValues] { head.write(strings) }
            for column in columns(trie) {
                head.count(column.count)
                body += column.array
            }
        }
        let bodyBytes = body.map(\.littleEndian).withUnsafeBytes { Array($0) }
        var sums = CacheWriter()
        for start in stride(from: 0, to: bodyBytes.count, by: CheckedChunks.size) {
            sums.u64(checksum(bodyBytes[start..<min(start + CheckedChunks.size, bodyBytes.count)]))
        }
        var header = CacheWriter()
        header.bytes += magic
        header.u32(formatVersion)
        header.u32(UInt32(CheckedChunks.size))
        header.u64(key)
        header.u64(UInt64(head.bytes.count))
        header.u64(UInt64(bodyBytes.count))
        let beforeBody = headerSize + sums.bytes.count + head.bytes.count
        let padding = [UInt8](repeating: 0, count: (CheckedChunks.size - beforeBody % CheckedChunks.size) % CheckedChunks.size)
        header.u64(checksum((sums.bytes + head.bytes + padding)[...]))
        return header.bytes + sums.bytes + head.bytes + padding + bodyBytes
    }

    static func decode(_ bytes: [UInt8], key: UInt64) -> [SentenceMatcher.Trie]? {
        bytes.withUnsafeBytes { decode($0, key: key, reading: .copied) }
    }

    /// The tries in `bytes` (the mapped file, when `reading` says to read them in place); nil
    /// for another key or version, a wrong length, a damaged header, sums or head, or (copied)
    /// a damaged chunk.
    static func decode(_ bytes: UnsafeRawBufferPointer, key: UInt64, reading: Reading) -> [SentenceMatcher.Trie]? {
        guard let parts = parts(bytes, key: key) else { return nil }
        var reader = CacheReader(bytes: parts.head)
        var columnStart = 0
        let column: (Int) -> Int32Column?
        switch reading {
        case .copied:
            for chunk in 0..<CheckedChunks.chunks(parts.body.count) {
                let start = chunk * CheckedChunks.size
                let bytes = UnsafeRawBufferPointer(rebasing: parts.body[start..<min(start + CheckedChunks.size, parts.body.count)])
                guard checksum(bytes) == UInt64(littleEndian: parts.sums.loadUnaligned(fromByteOffset: chunk * 8, as: UInt64.self))
                else { return nil }
            }
            column = { count in
                defer { columnStart += count * 4 }
                let bytes = UnsafeRawBufferPointer(rebasing: parts.body[columnStart..<(columnStart + count * 4)])
                return Int32Column(CacheReader.copied(bytes, count))
            }
        case .checkedAsRead(let file):
            // Used where they lie only in this byte order, and at an address an Int32 may have.
            #if _endian(big)
            return decode(bytes, key: key, reading: .copied)
            #else
            guard let base = parts.body.baseAddress, Int(bitPattern: base) % MemoryLayout<Int32>.alignment == 0
            else { return decode(bytes, key: key, reading: .copied) }
            let chunks = CheckedChunks(file: file, body: parts.body, sums: parts.sums)
            column = { count in
                defer { columnStart += count * 4 }
                let start = (base + columnStart).bindMemory(to: Int32.self, capacity: count)
                return Int32Column(UnsafeBufferPointer(start: start, count: count), checkedBy: chunks)
            }
            #endif
        }
        guard let tries = try? decodeTries(&reader, bodyCount: parts.body.count / 4, column), reader.remaining == 0 else { return nil }
        return tries
    }

    /// The sums, the head and the body of a file written by `encode` with this key, its
    /// header and head checked (not its body); nil when they do not fit.
    private static func parts(
        _ bytes: UnsafeRawBufferPointer, key: UInt64
    ) -> (sums: UnsafeRawBufferPointer, head: UnsafeRawBufferPointer, body: UnsafeRawBufferPointer)? {
        var reader = CacheReader(bytes: bytes)
        guard (try? reader.take(magic.count)).map(Array.init) == magic, (try? reader.u32()) == formatVersion,
              (try? reader.u32()) == UInt32(CheckedChunks.size), (try? reader.u64()) == key,
              let headLength = try? reader.u64(), let bodyLength = try? reader.u64(), let checksum = try? reader.u64(),
              headLength <= UInt64(bytes.count), bodyLength <= UInt64(bytes.count), bodyLength % 4 == 0
        else { return nil }
        let sumsEnd = headerSize + CheckedChunks.chunks(Int(bodyLength)) * 8
        let headEnd = sumsEnd + Int(headLength)
        let bodyStart = (headEnd + CheckedChunks.size - 1) / CheckedChunks.size * CheckedChunks.size
        guard bodyStart + Int(bodyLength) == bytes.count,
              Self.checksum(UnsafeRawBufferPointer(rebasing: bytes[headerSize..<bodyStart])) == checksum
        else { return nil }
        return (
            UnsafeRawBufferPointer(rebasing: bytes[headerSize..<sumsEnd]), UnsafeRawBufferPointer(rebasing: bytes[sumsEnd..<headEnd]),
            UnsafeRawBufferPointer(rebasing: bytes[bodyStart...])
        )
    }

    /// The tries the head describes, their columns made by `column` from their counts (which
    /// must add up to the body's `bodyCount` integers).
    private static func decodeTries(
        _ reader: inout CacheReader, bodyCount: Int, _ column: (Int) -> Int32Column?
    ) throws(CacheReader.Damaged) -> [SentenceMatcher.Trie] {
        let count = Int(try reader.u32())
        guard count <= 16 else { throw CacheReader.Damaged() }
        var tries: [SentenceMatcher.Trie] = []
        var left = bodyCount
        for _ in 0..<count {
            var trie = SentenceMatcher.Trie()
            trie.words = try reader.read()
            trie.slotNames = try reader.read()
            trie.slotValues = try reader.read()
            var integers: [Int32Column] = []
            for _ in columns(trie) {
                let count = Int(try reader.u32())
                guard count <= left, let made = column(count) else { throw CacheReader.Damaged() }
                left -= count
                integers.append(made)
            }
            (trie.wordStart, trie.wordEdgeWord, trie.wordEdgeChild) = (integers[0], integers[1], integers[2])
            (trie.slotStart, trie.slotEdgeSlot, trie.slotEdgeChild) = (integers[3], integers[4], integers[5])
            (trie.endStart, trie.nodeEnds) = (integers[6], integers[7])
            (trie.endGroup, trie.endTemplate, trie.endLiterals) = (integers[8], integers[9], integers[10])
            (trie.endSlotStart, trie.endSlots) = (integers[11], integers[12])
            tries.append(trie)
        }
        guard left == 0 else { throw CacheReader.Damaged() }
        return tries
    }

    private static func columns(_ trie: SentenceMatcher.Trie) -> [Int32Column] {
        [
            trie.wordStart, trie.wordEdgeWord, trie.wordEdgeChild, trie.slotStart, trie.slotEdgeSlot, trie.slotEdgeChild,
            trie.endStart, trie.nodeEnds, trie.endGroup, trie.endTemplate, trie.endLiterals, trie.endSlotStart, trie.endSlots,
        ]
    }
}
