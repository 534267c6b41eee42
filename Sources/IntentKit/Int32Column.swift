import Foundation

/// One of a compiled trie's integer arrays (`SentenceMatcher.Trie`): built in memory, or read
/// where it lies in a cache file mapped into memory (`MatcherCache.readsInPlace`), with no
/// copy. A language's tries are up to 8 MB: copying them into new arrays, every page of them
/// faulted in fresh, was a third of a single `listomat ask`. Changing one (the compiler
/// appends; tests spoil a trie on purpose) copies a mapped column into an array first.
struct Int32Column: Equatable, @unchecked Sendable {
    private enum Storage {
        case owned([Int32])
        /// The values in the mapped file, and the file, kept mapped while a column uses it.
        case mapped(UnsafeBufferPointer<Int32>, MappedFile)
        /// The values in the mapped file, each chunk checked when first read (`CheckedChunks`).
        case checked(UnsafeBufferPointer<Int32>, CheckedChunks)
    }

    private var storage: Storage

    init(_ values: [Int32]) {
        storage = .owned(values)
    }

    /// `count` values at `values` in `file`, which must stay mapped and unchanged while the
    /// column lives (a cache file is only ever replaced by a rename).
    init(_ values: UnsafeBufferPointer<Int32>, in file: MappedFile) {
        storage = .mapped(values, file)
    }

    /// `count` values at `values` in the file `chunks` checks, read as `CheckedChunks` says.
    init(_ values: UnsafeBufferPointer<Int32>, checkedBy chunks: CheckedChunks) {
        storage = .checked(values, chunks)
    }

    /// Whether the values are read where they lie in a mapped file.
    var isMapped: Bool {
        if case .owned = storage { false } else { true }
    }

    /// The chunks that check the values as they are read, if they are.
    var checkedChunks: CheckedChunks? {
        if case .checked(_, let chunks) = storage { chunks } else { nil }
    }

    /// The values as an array (copied when mapped).
    var array: [Int32] {
        switch storage {
        case .owned(let values): values
        default: withUnsafeBufferPointer { Array($0) }
        }
    }

    /// The values all at once; from a file checked chunk by chunk, every chunk they lie in is
    /// checked first, and a damaged one gives zeros (the file marked damaged).
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Int32>) throws -> Result) rethrows -> Result {
        switch storage {
        case .owned(let values): return try values.withUnsafeBufferPointer(body)
        case .mapped(let values, _): return try body(values)
        case .checked(let values, let chunks):
            if chunks.checkAll(values) { return try body(values) }
            return try [Int32](repeating: 0, count: values.count).withUnsafeBufferPointer(body)
        }
    }

    static func == (left: Int32Column, right: Int32Column) -> Bool {
        left.withUnsafeBufferPointer { left in right.withUnsafeBufferPointer { right in left.elementsEqual(right) } }
    }
}

extension Int32Column: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    init() {
        storage = .owned([])
    }

    var startIndex: Int { 0 }

    var endIndex: Int {
        switch storage {
        case .owned(let values): values.count
        case .mapped(let values, _): values.count
        case .checked(let values, _): values.count
        }
    }

    subscript(index: Int) -> Int32 {
        get {
            switch storage {
            case .owned(let values):
                return values[index]
            case .mapped(let values, _):
                precondition(index >= 0 && index < values.count, "index out of range")
                return values[index]
            case .checked(let values, let chunks):
                return chunks.value(values, index)
            }
        }
        set {
            var values = takeArray()
            values[index] = newValue
            storage = .owned(values)
        }
    }

    mutating func replaceSubrange<C: Collection<Int32>>(_ range: Range<Int>, with newElements: C) {
        var values = takeArray()
        values.replaceSubrange(range, with: newElements)
        storage = .owned(values)
    }

    /// The values as an array this column no longer holds (so that changing it copies nothing
    /// more than a mapped column's values).
    private mutating func takeArray() -> [Int32] {
        let values = array
        storage = .owned([])
        return values
    }
}

extension CacheWriter {
    /// A trie's column: as `integers`, after zero bytes up to an offset that is a multiple of
    /// 4, so that a reader of a mapped file can use the values where they lie.
    mutating func column(_ column: Int32Column) {
        while bytes.count % 4 != 0 { bytes.append(0) }
        integers(column.array)
    }
}

extension CacheReader {
    /// A column `CacheWriter.column` wrote. With `file` (the mapped file these bytes are in),
    /// its values where they lie; else copied.
    mutating func column(in file: MappedFile?) throws(Damaged) -> Int32Column {
        _ = try take((4 - offset % 4) % 4)
        let count = try count(size: 4)
        let source = try take(count * 4)
        #if _endian(little)
        if let file, let base = source.baseAddress, Int(bitPattern: base) % MemoryLayout<Int32>.alignment == 0 {
            return Int32Column(UnsafeBufferPointer(start: base.bindMemory(to: Int32.self, capacity: count), count: count), in: file)
        }
        #endif
        return Int32Column(Self.copied(source, count))
    }
}

/// A file mapped into memory, read-only, until the last one using it lets go.
final class MappedFile: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer

    /// nil for a file that cannot be opened or mapped, is not a regular file, is empty or is
    /// larger than 256 MB.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0, info.st_size <= 256 << 20
        else { return nil }
        let size = Int(info.st_size)
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else { return nil }
        bytes = UnsafeRawBufferPointer(start: address, count: size)
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}
