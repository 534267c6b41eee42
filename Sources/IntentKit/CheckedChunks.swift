import Synchronization

/// The compiled tries' integers in a mapped cache file, checked chunk by chunk the first time
/// a value in the chunk is read (`MatcherCache.readsInPlace`), not all at every start: a
/// single `listomat ask` reads a few dozen of the file's thousands of chunks, and checking
/// the whole file (6–11 MB in most languages) was a fifth of its instructions.
///
/// Each chunk of `size` bytes has its checksum in the file (the table itself checked with the
/// file's head at the start). A value from a chunk whose checksum does not match is never
/// used: the read gives 0 and the file is marked damaged, and whoever walked the tries throws
/// away what the walk found and asks the matcher compiled from the templates instead
/// (`SentenceMatcher.bestMatch`). Reads are safe from any thread: a chunk's state is atomic,
/// and two threads checking one chunk at once only both check it.
final class CheckedChunks: @unchecked Sendable {
    /// A page: a chunk read is a page faulted in, and no more.
    static let size = 4096

    /// The mapped file, kept mapped while a column uses it.
    let file: MappedFile
    private let body: UnsafeRawBufferPointer
    private let sums: UnsafeRawBufferPointer
    /// Per chunk: 0 not checked yet, 1 as written, 2 damaged.
    private let states: UnsafeMutablePointer<Atomic<UInt8>>
    private let chunkCount: Int
    private let damaged = Atomic<Bool>(false)

    /// `body`: the integers, in `file`; `sums`: one checksum (u64) per chunk of `body`, the
    /// last chunk short, checked before this is made.
    init(file: MappedFile, body: UnsafeRawBufferPointer, sums: UnsafeRawBufferPointer) {
        self.file = file
        self.body = body
        self.sums = sums
        chunkCount = Self.chunks(body.count)
        states = .allocate(capacity: chunkCount)
        for chunk in 0..<chunkCount { (states + chunk).initialize(to: Atomic(0)) }
    }

    deinit {
        states.deinitialize(count: chunkCount)
        states.deallocate()
    }

    /// How many chunks `bytes` bytes make.
    static func chunks(_ bytes: Int) -> Int { (bytes + size - 1) / size }

    /// Whether a value read came from a damaged chunk.
    var isDamaged: Bool { damaged.load(ordering: .relaxed) }

    /// `values[index]` (`values` lie in the body), its chunk checked first; 0 for an index out
    /// of range or a damaged chunk.
    @inline(__always)
    func value(_ values: UnsafeBufferPointer<Int32>, _ index: Int) -> Int32 {
        guard index >= 0, index < values.count, let base = values.baseAddress else {
            damaged.store(true, ordering: .relaxed)
            return 0
        }
        let chunk = body.baseAddress!.distance(to: UnsafeRawPointer(base + index)) / Self.size
        return isGood(chunk) ? base[index] : 0
    }

    /// Whether every chunk `values` lie in is as it was written (checked now where not yet).
    func checkAll(_ values: UnsafeBufferPointer<Int32>) -> Bool {
        guard let base = values.baseAddress, !values.isEmpty else { return true }
        let first = body.baseAddress!.distance(to: UnsafeRawPointer(base)) / Self.size
        let last = body.baseAddress!.distance(to: UnsafeRawPointer(base + values.count - 1)) / Self.size
        return (first...last).allSatisfy { isGood($0) }
    }

    private func isGood(_ chunk: Int) -> Bool {
        switch states[chunk].load(ordering: .acquiring) {
        case 1: return true
        case 2: return false
        default:
            let start = chunk * Self.size
            let bytes = UnsafeRawBufferPointer(rebasing: body[start..<min(start + Self.size, body.count)])
            let good = MatcherCache.checksum(bytes) == UInt64(littleEndian: sums.loadUnaligned(fromByteOffset: chunk * 8, as: UInt64.self))
            states[chunk].store(good ? 1 : 2, ordering: .releasing)
            if !good { damaged.store(true, ordering: .relaxed) }
            return good
        }
    }
}
