import Foundation

#if canImport(_FoundationICU)
import _FoundationICU
#endif

/// How names are put in order in a language: its collation (ICU's, the one Foundation's
/// `compare(_:options:range:locale:)` uses), ignoring case and accents, numbers by value
/// ("item 2" before "item 10"). In French "é" sorts with "e"; in Thai the leading vowels
/// เ แ โ ใ ไ are passed over ("ไก่" sorts under ก); Chinese sorts by pinyin (ICU's default
/// for zh-Hans); Korean puts Hangul before Latin letters.
///
/// On Linux each name's ICU sort key is made once and the keys are compared as bytes: the
/// same order as `compare(…, locale:)`, which does the whole collation again for every
/// comparison (0.9–2.5 s for 10,000 names, against 17–79 ms here; docs/performance.md).
package struct NameCollation: Sendable, Equatable {
    /// A language tag (`fr`, `zh-Hans`, `th`).
    package var locale: String

    package init(locale: String) { self.locale = locale }

    /// English: what a store sorts by when the caller says no language.
    package static let english = NameCollation(locale: "en")

    /// The indices of `names` in collation order; equal names keep their order.
    package func order(_ names: [String]) -> [Int] {
        #if canImport(_FoundationICU)
        if let keys = SortKeys(locale: locale)?.keys(names) {
            return names.indices.sorted { a, b in
                let order = SortKeys.compare(keys[a], keys[b])
                return order != 0 ? order < 0 : a < b
            }
        }
        #endif
        let locale = Locale(identifier: locale)
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive, .numeric]
        return names.indices.sorted { a, b in
            switch names[a].compare(names[b], options: options, range: nil, locale: locale) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: a < b
            }
        }
    }
}

#if canImport(_FoundationICU)
/// An ICU collator at primary strength (base letters only: no case, no accents) with
/// numeric ordering, opened for one sort and closed after it. ICU's functions carry a
/// `swift_` prefix in the copy of ICU that Foundation ships.
private final class SortKeys {
    private let collator: OpaquePointer

    init?(locale: String) {
        var status = U_ZERO_ERROR
        guard let collator = swift_ucol_open(locale.replacingOccurrences(of: "-", with: "_"), &status), status.rawValue <= 0
        else { return nil }
        swift_ucol_setStrength(collator, UCOL_PRIMARY)
        swift_ucol_setAttribute(collator, UCOL_NUMERIC_COLLATION, UCOL_ON, &status)
        self.collator = collator
    }

    deinit { swift_ucol_close(collator) }

    /// Each name's sort key (bytes that compare as the names collate).
    func keys(_ names: [String]) -> [[UInt8]] {
        var buffer = [UInt8](repeating: 0, count: 256)
        return names.map { name in
            let text = Array(name.utf16)
            var length = Int(swift_ucol_getSortKey(collator, text, Int32(text.count), &buffer, Int32(buffer.count)))
            if length > buffer.count {
                buffer = [UInt8](repeating: 0, count: length)
                length = Int(swift_ucol_getSortKey(collator, text, Int32(text.count), &buffer, Int32(buffer.count)))
            }
            return Array(buffer.prefix(length))
        }
    }

    /// Negative, zero or positive as `a` sorts before, with or after `b`.
    static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int32 {
        a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in
                guard let first = a.baseAddress, let second = b.baseAddress else { return Int32(a.count) - Int32(b.count) }
                let order = memcmp(first, second, min(a.count, b.count))
                return order != 0 ? order : Int32(a.count) - Int32(b.count)
            }
        }
    }
}
#endif
