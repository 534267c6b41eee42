/// SplitMix64: a small, fast PRNG with a fixed seed, so shuffles and samples repeat exactly.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound (bound > 0), without modulo bias worth speaking of for small bounds.
    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// Fisher–Yates.
    mutating func shuffle<T>(_ array: inout [T]) {
        guard array.count > 1 else { return }
        for i in stride(from: array.count - 1, to: 0, by: -1) {
            array.swapAt(i, next(below: i + 1))
        }
    }
}
