import Foundation

/// Times in JSON: ISO 8601, UTC, with milliseconds ("2026-11-26T18:00:00.123Z").
///
/// Written by hand: `ISO8601DateFormatter` costs about 0.2 ms a call on Linux (through ICU),
/// most of `show --json` at 1,000 items. The digits are the formatter's own for every date
/// from 1583 to 9999 (the test compares them); outside that range (the formatter turns Julian
/// before the Gregorian reform, and a year of five digits has no fixed width) the formatter
/// itself answers, made once.
enum Timestamp {
    static func string(_ date: Date) -> String {
        // Rounded to the nearest millisecond as Foundation does (half a millisecond up).
        let millis = (date.timeIntervalSince1970 * 1000 + 0.5).rounded(.down)
        guard millis >= firstMillis, millis < endMillis else { return fallback.string(from: date) }
        let whole = Int(millis)
        let days = whole >= 0 ? whole / dayMillis : (whole - dayMillis + 1) / dayMillis
        let inDay = whole - days * dayMillis
        let (year, month, day) = civilDate(daysSince1970: days)
        // Straight into the string's own storage: no array to grow and copy (a thousand items
        // of `show --json` write two thousand of these).
        return String(unsafeUninitializedCapacity: 24) { text in
            put(year, digits: 4, at: 0, in: text)
            text[4] = UInt8(ascii: "-")
            put(month, digits: 2, at: 5, in: text)
            text[7] = UInt8(ascii: "-")
            put(day, digits: 2, at: 8, in: text)
            text[10] = UInt8(ascii: "T")
            put(inDay / 3_600_000, digits: 2, at: 11, in: text)
            text[13] = UInt8(ascii: ":")
            put(inDay / 60_000 % 60, digits: 2, at: 14, in: text)
            text[16] = UInt8(ascii: ":")
            put(inDay / 1000 % 60, digits: 2, at: 17, in: text)
            text[19] = UInt8(ascii: ".")
            put(inDay % 1000, digits: 3, at: 20, in: text)
            text[23] = UInt8(ascii: "Z")
            return 24
        }
    }

    private static let dayMillis = 86_400_000
    /// 1583-01-01T00:00:00Z and 10000-01-01T00:00:00Z, in milliseconds since 1970.
    private static let firstMillis = -12_212_553_600_000.0
    private static let endMillis = 253_402_300_800_000.0

    /// Foundation's formatters may be used from several threads at once (only its options
    /// must not change then, and these never do).
    nonisolated(unsafe) private static let fallback: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()

    /// Year, month and day in the proleptic Gregorian calendar (Howard Hinnant's
    /// `civil_from_days`), for days since 1970-01-01.
    private static func civilDate(daysSince1970: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = daysSince1970 + 719_468  // days since 0000-03-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// `value`'s last `digits` decimal digits, zero-padded, at `start`.
    private static func put(_ value: Int, digits: Int, at start: Int, in text: UnsafeMutableBufferPointer<UInt8>) {
        var rest = value
        for index in stride(from: start + digits - 1, through: start, by: -1) {
            text[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }
}
