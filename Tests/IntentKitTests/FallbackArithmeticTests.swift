import Foundation
import Testing

@testable import IntentKit

/// Repeatable pseudo-random numbers (SplitMix64).
private struct Numbers {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// The model's fallback's hand-made pieces give what the code they replace gave.
@Suite("Fallback arithmetic")
struct FallbackArithmeticTests {
    @Test("a confidence written with two decimals, as String(format: \"%.2f\") writes it")
    func twoDecimals() {
        var values: [Double] = [0, 1, 0.5, 0.125, 0.005, 0.015, 0.025, 0.285, 0.995, 0.994999, 1e-300, .leastNonzeroMagnitude]
        // Each half-hundredth and the doubles beside it, where rounding could go either way.
        for k in 0..<100 {
            let half = (Double(k) + 0.5) / 100
            values += [half, half.nextUp, half.nextDown, half.nextUp.nextUp, half.nextDown.nextDown, Double(k) / 100]
        }
        var random = Numbers(42)
        for _ in 0..<20_000 { values.append(Double(random.next() >> 11) / Double(1 << 53)) }
        for x in values {
            #expect(IntentEngine.twoDecimals(x) == String(format: "%.2f", x), "\(x)")
        }
        // Outside 0…1, Foundation's own.
        for x in [-0.0, -0.25, 1.5, 12.345, .nan, .infinity] {
            #expect(IntentEngine.twoDecimals(x) == String(format: "%.2f", x), "\(x)")
        }
    }

    @Test("one slip, counted in place, as the list of differing places said")
    func oneSlipAsBefore() {
        func before(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
            guard a != b else { return false }
            if a.count == b.count {
                let differ = a.indices.filter { a[$0] != b[$0] }
                if differ.count == 1 { return true }
                return differ.count == 2 && differ[1] == differ[0] + 1 && a[differ[0]] == b[differ[1]] && a[differ[1]] == b[differ[0]]
            }
            let (short, long) = a.count < b.count ? (a, b) : (b, a)
            guard long.count == short.count + 1 else { return false }
            let first = short.indices.first { short[$0] != long[$0] } ?? short.count
            return short[first...] == long[(first + 1)...]
        }
        let letters: [Unicode.Scalar] = ["a", "b", "c", "é"]
        var random = Numbers(7)
        func word() -> [Unicode.Scalar] { (0..<random.next(below: 6)).map { _ in letters[random.next(below: letters.count)] } }
        for _ in 0..<20_000 {
            let a = word()
            // Half the pairs one edit apart, so both answers come up often.
            var b = a
            if random.next(below: 2) == 0, !b.isEmpty { b[random.next(below: b.count)] = letters[random.next(below: letters.count)] } else { b = word() }
            #expect(SentenceMatcher.isOneSlip(a, b) == before(a, b), "\(a) \(b)")
        }
    }
}
