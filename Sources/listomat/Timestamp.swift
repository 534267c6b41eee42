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
        var text = [UInt8]()
        text.reserveCapacity(24)
        append(year, digits: 4, to: &text)
        text.append(UInt8(ascii: "-"))
        append(month, digits: 2, to: &text)
        text.append(UInt8(ascii: "-"))
        append(day, digits: 2, to: &text)
        text.append(UInt8(ascii: "T"))
        append(inDay / 3_600_000, digits: 2, to: &text)
        text.append(UInt8(ascii: ":"))
        append(inDay / 60_000 % 60, digits: 2, to: &text)
        text.append(UInt8(ascii: ":"))
        append(inDay / 1000 % 60, digits: 2, to: &text)
        text.append(UInt8(ascii: "."))
        append(inDay % 1000, digits: 3, to: &text)
        text.append(UInt8(ascii: "Z"))
        return String(decoding: text, as: UTF8.self)
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

    private static func append(_ value: Int, digits: Int, to text: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            text.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}
