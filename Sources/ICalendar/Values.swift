import Foundation

/// TEXT values (RFC 5545 §3.3.11).
package enum ICalText {
    /// Escapes a TEXT value: backslash, `;` and `,` get a backslash, LF becomes `\n`.
    ///
    /// A CR is left in the value (TEXT has no escape for it) so that the model keeps a string
    /// exactly; the serializer drops it with the other C0 controls, so "a\r\nb" reaches the wire
    /// as `a\nb`.
    package static func escape(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n": result += "\\n"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Unescapes a TEXT value: `\n` and `\N` become LF; `\\`, `\;`, `\,` lose their backslash.
    /// Other backslash sequences are not defined by RFC 5545; peers write `\:` now and then,
    /// which we read as `:`, and anything else (and a final lone backslash) is kept as written.
    package static func unescape(_ value: String) -> String {
        guard value.unicodeScalars.contains("\\") else { return value }
        var result = ""
        var iterator = value.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\\" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            guard let next = iterator.next() else {
                result.unicodeScalars.append(scalar)
                break
            }
            switch next {
            case "n", "N": result.unicodeScalars.append("\n")
            case "\\", ";", ",", ":": result.unicodeScalars.append(next)
            default:
                result.unicodeScalars.append(scalar)
                result.unicodeScalars.append(next)
            }
        }
        return result
    }
}

/// DATE-TIME and DATE values (RFC 5545 §3.3.4, §3.3.5).
package enum ICalDateTime {
    /// The three forms a DATE-TIME can take, plus DATE.
    package enum Form: Sendable, Equatable {
        /// `19980119T070000Z`
        case utc
        /// `19980118T230000`, no zone: "the same hour, minute, second in whatever zone the
        /// observer is in".
        case floating
        /// `TZID=America/New_York:19980119T020000`
        case zoned(tzid: String)
        /// `VALUE=DATE:19970714` (or any 8-digit value)
        case date
    }

    /// Reads a DATE-TIME or DATE property value into an absolute time.
    ///
    /// - UTC (`Z`): exact.
    /// - `TZID=`: resolved with the system time zone database when the TZID is an IANA name
    ///   (also with a leading `/` or a `/mozilla.org/…/` style prefix); a TZID we cannot
    ///   resolve (a custom VTIMEZONE name, Microsoft names) is read as UTC. We do not interpret
    ///   VTIMEZONE components.
    /// - Floating: read as UTC. There is no right answer without the user's zone, and a
    ///   fixed rule keeps results the same on every machine.
    /// - DATE: midnight UTC of that day.
    /// Fractional seconds are not allowed by the RFC and make the value unreadable (nil);
    /// a leap second (60) rolls over into the next minute.
    package static func date(fromValue rawValue: String, tzid: String? = nil) -> Date? {
        parse(rawValue, tzid: tzid)?.date
    }

    /// Reads a property's value, using its `TZID` parameter.
    package static func date(of property: ICalProperty) -> Date? {
        date(fromValue: property.value, tzid: property.parameter("TZID"))
    }

    /// The value and which form it had.
    package static func parse(_ rawValue: String, tzid: String? = nil) -> (date: Date, form: Form)? {
        let digits = Array(rawValue.trimmingASCIIWhitespace().utf8)
        func number(_ range: Range<Int>) -> Int? {
            var result = 0
            for index in range {
                let digit = digits[index]
                guard digit >= 0x30, digit <= 0x39 else { return nil }
                result = result * 10 + Int(digit - 0x30)
            }
            return result
        }
        guard digits.count >= 8, let year = number(0..<4), let month = number(4..<6),
            let day = number(6..<8), (1...12).contains(month),
            (1...daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        if digits.count == 8 {
            return (utcDate(year: year, month: month, day: day, seconds: 0), .date)
        }
        guard digits.count == 15 || digits.count == 16, digits[8] == 0x54 || digits[8] == 0x74,
            let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }
        let secondsOfDay = hour * 3600 + minute * 60 + second
        if digits.count == 16 {
            guard digits[15] == 0x5A || digits[15] == 0x7A else { return nil }
            return (utcDate(year: year, month: month, day: day, seconds: secondsOfDay), .utc)
        }
        if let tzid, !tzid.isEmpty {
            if let zone = timeZone(tzid: tzid) {
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = zone
                let components = DateComponents(
                    year: year, month: month, day: day, hour: hour, minute: minute,
                    second: min(second, 59))
                if let date = calendar.date(from: components) {
                    return (date.addingTimeInterval(second == 60 ? 1 : 0), .zoned(tzid: tzid))
                }
            }
            return (utcDate(year: year, month: month, day: day, seconds: secondsOfDay), .zoned(tzid: tzid))
        }
        return (utcDate(year: year, month: month, day: day, seconds: secondsOfDay), .floating)
    }

    /// A TZID as a system time zone, if it names one.
    static func timeZone(tzid: String) -> TimeZone? {
        let trimmed = tzid.trimmingASCIIWhitespace()
        if trimmed.asciiUppercased == "UTC" || trimmed.asciiUppercased == "Z" || trimmed.asciiUppercased == "GMT" {
            return TimeZone(identifier: "UTC")
        }
        // Only names shaped like IANA ones ("Europe/Berlin"), so a hostile TZID cannot make us
        // look up arbitrary paths; the last two path segments of prefixed forms
        // ("/mozilla.org/20050126_1/Europe/Berlin", "/Europe/Berlin") are tried too.
        let segments = trimmed.split(separator: "/", omittingEmptySubsequences: true)
        var candidates: [String] = []
        if segments.count >= 1 { candidates.append(segments.joined(separator: "/")) }
        if segments.count >= 2 { candidates.append(segments.suffix(2).joined(separator: "/")) }
        if segments.count >= 3 { candidates.append(segments.suffix(3).joined(separator: "/")) }
        for candidate in candidates where candidate.utf8.count <= 64 && !candidate.contains("..")
            && candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "/_-+".contains($0)) })
        {
            if let zone = TimeZone(identifier: candidate) { return zone }
        }
        return nil
    }

    /// `20261123T101500Z`: the form we write (UTC; sub-second precision is truncated).
    package static func utcString(_ date: Date) -> String {
        // Clamped to years 0001...9999 (what four digits can say); NaN reads as the epoch.
        let interval = date.timeIntervalSince1970
        let clamped = interval.isNaN ? 0 : min(max(interval, -62_135_596_800), 253_402_300_799)
        let total = Int64(clamped.rounded(.down))
        var days = total / 86_400
        var seconds = total % 86_400
        if seconds < 0 {
            seconds += 86_400
            days -= 1
        }
        let (year, month, day) = civil(fromDays: days)
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return pad(year, 4) + pad(month, 2) + pad(day, 2) + "T" + pad(seconds / 3600, 2)
            + pad(seconds % 3600 / 60, 2) + pad(seconds % 60, 2) + "Z"
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func utcDate(year: Int, month: Int, day: Int, seconds: Int) -> Date {
        let days = daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        return Date(timeIntervalSince1970: Double(days * 86_400 + Int64(seconds)))
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's algorithm).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of `daysFromCivil`.
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
