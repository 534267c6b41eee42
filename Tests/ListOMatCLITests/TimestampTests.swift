import Foundation
import Testing
@testable import listomat

/// The times in the JSON output: the hand-written formatter gives, digit for digit, what
/// Foundation's `ISO8601DateFormatter` gives, for any date.
@Suite struct TimestampTests {
    private let foundation: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()

    /// The same pseudo-random numbers on every run, so a failure can be found again.
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
    }

    private func expectSame(_ seconds: [Double]) {
        var mismatches: [String] = []
        for value in seconds {
            let date = Date(timeIntervalSince1970: value)
            let expected = foundation.string(from: date)
            let written = Timestamp.string(date)
            if written != expected, mismatches.count < 5 { mismatches.append("\(value): \(written), not \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test func anyTimeFrom1583To9999IsWrittenAsFoundationWritesIt() {
        var random = Generator(state: 29)
        // 1583-01-01 to 9999-12-31, in seconds since 1970.
        let range = -12_212_553_600.0...253_402_300_799.0
        expectSame((0..<20_000).map { _ in Double.random(in: range, using: &random) })
    }

    @Test func timesAsTheStoreKeepsThemAreWrittenAsFoundationWritesThem() {
        // Whole milliseconds (the store's unit), and exactly between two of them (rounding).
        var random = Generator(state: 7)
        let millis = (0..<20_000).map { _ in Int64.random(in: 0...4_102_444_800_000, using: &random) }
        expectSame(millis.map { Double($0) / 1000 })
        expectSame(millis.prefix(5_000).map { (Double($0) + 0.5) / 1000 })
        expectSame(millis.prefix(5_000).map { (Double($0) - 0.5) / 1000 })
    }

    @Test func boundariesAreWrittenAsFoundationWritesThem() {
        expectSame([
            0, -0.0005, 0.0005, 0.9995, -1.5, 951_782_400,  // 2000-02-29
            4_107_456_000,  // 2100-02-28 (2100 is no leap year)
            1_764_180_000.999_6, -12_212_553_600, -12_212_553_600.000_6, 253_402_300_799.999,
            253_402_300_800,  // year 10000: the formatter's own answer
            -12_219_292_800,  // 1582-10-15, the first Gregorian day: also the formatter's
            -62_135_596_800,  // year 1
        ])
    }
}
