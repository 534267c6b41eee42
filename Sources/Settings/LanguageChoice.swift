import Foundation

/// Which of the installed languages a person gets, decided in one place for the assistant and
/// every word on screen: `--locale` when given, else `language` in config.toml, else the
/// environment's `LC_ALL`, `LC_MESSAGES`, `LANG` (the first one set), else English.
///
/// A tag may be BCP 47 (`zh-Hans`, `fr-CA`, `ko-KR`) or POSIX (`zh_CN.UTF-8`, `ru_RU@euro`);
/// it maps to the nearest installed language: the same tag, else the same language and
/// script ("zh-CN", "zh-SG" and "zh-TW" are Chinese, written as the installed Chinese is),
/// else the same language. `C` and `POSIX` are English.
package enum LanguageChoice {
    package static let fallback = "en"

    /// Where the choice came from, for messages.
    package enum Source: Equatable, Sendable {
        case option, config, environment(String), fallback
    }

    package struct Choice: Equatable, Sendable {
        package var locale: String
        package var source: Source
    }

    package struct Unknown: Error, CustomStringConvertible, Equatable {
        package var asked: String
        package var available: [String]
        package var source: Source
        package var description: String {
            let list = available.joined(separator: ", ")
            switch source {
            case .config: return "language = “\(asked)” in config.toml is not a language ListOMat speaks (available: \(list))"
            default: return "no language “\(asked)” (available: \(list))"
            }
        }
    }

    /// The language for `option` (`--locale`), `configured` (config.toml's `language`) and the
    /// environment. A tag given on purpose (the option or the file) that maps to no installed
    /// language is an error; the environment's falls back to English quietly, as `C` does.
    package static func choose(
        option: String?, configured: String?, environment: [String: String], available: [String]
    ) throws(Unknown) -> Choice {
        if let option {
            guard let locale = nearest(option, among: available) else { throw Unknown(asked: option, available: available, source: .option) }
            return Choice(locale: locale, source: .option)
        }
        if let configured {
            guard let locale = nearest(configured, among: available) else {
                throw Unknown(asked: configured, available: available, source: .config)
            }
            return Choice(locale: locale, source: .config)
        }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return Choice(locale: nearest(value, among: available) ?? fallback, source: .environment(name))
        }
        return Choice(locale: fallback, source: .fallback)
    }

    /// The installed language nearest to `tag`; nil when none speaks its language.
    package static func nearest(_ tag: String, among available: [String]) -> String? {
        guard let wanted = Tag(tag) else { return nil }
        let installed = available.compactMap { name in Tag(name).map { (name, $0) } }
        if let same = installed.first(where: { $0.1 == wanted }) { return same.0 }
        let sameLanguage = installed.filter { $0.1.language == wanted.language }
        if let script = wanted.script, let sameScript = sameLanguage.first(where: { $0.1.script == script }) { return sameScript.0 }
        return sameLanguage.min { ($0.1.region != nil ? 1 : 0, $0.0) < ($1.1.region != nil ? 1 : 0, $1.0) }?.0
    }

    /// A language tag taken apart: language, script and region, lowercased; the script implied
    /// by a Chinese region when none is given.
    struct Tag: Equatable {
        var language: String
        var script: String?
        var region: String?

        init?(_ text: String) {
            var text = Self.trimmed(text)
            // POSIX: language_REGION.codeset@modifier
            if let cut = text.firstIndex(where: { $0 == "." || $0 == "@" }) { text = String(text[..<cut]) }
            if text == "C" || text == "POSIX" { text = "en" }
            let parts = text.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
            guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                return nil
            }
            language = first
            for part in parts.dropFirst() {
                if part.count == 4, part.allSatisfy(\.isLetter) { script = script ?? part }
                else if part.count == 2 || (part.count == 3 && part.allSatisfy(\.isNumber)) { region = region ?? part }
            }
            if language == "zh", script == nil, let region {
                script = ["tw", "hk", "mo"].contains(region) ? "hant" : "hans"
            }
        }

        /// `text` without the spaces and tabs around it: what `trimmingCharacters(in:
        /// .whitespaces)` takes off (Foundation's list: tab, the space separators and U+200B).
        /// Foundation's character sets cost every process that picks its language a third of
        /// a millisecond the first time.
        static func trimmed(_ text: String) -> String {
            func isBlank(_ scalar: Unicode.Scalar) -> Bool {
                switch scalar.value {
                case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
                default: false
                }
            }
            var scalars = Substring(text).unicodeScalars
            while let first = scalars.first, isBlank(first) { scalars.removeFirst() }
            while let last = scalars.last, isBlank(last) { scalars.removeLast() }
            return String(scalars)
        }
    }
}
