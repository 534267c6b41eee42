/// The plural categories of a language (CLDR, for whole numbers), and which word form a count
/// takes: "1 list, 2 lists"; "1 список, 2 списка, 5 списков"; French takes the singular for 0
/// and 1; Chinese, Korean and Thai have one form.
package enum PluralRule: String, Sendable, CaseIterable {
    /// one (n = 1), other: English and most languages written with these rules.
    case oneOther
    /// one (n = 0 or 1), other: French.
    case zeroOneOther
    /// one (…1 but not …11), few (…2–4 but not …12–14), many: Russian, Ukrainian, Belarusian.
    case oneFewMany
    /// One form for every count: Chinese, Japanese, Korean, Thai, Vietnamese.
    case none

    /// The rule of a language tag ("ru", "fr-CA", "zh-Hans"); English's for one it does not know.
    package init(locale: String) {
        let language = locale.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        switch language {
        case "fr": self = .zeroOneOther
        case "ru", "uk", "be": self = .oneFewMany
        case "zh", "ja", "ko", "th", "vi", "lo", "km", "my", "id", "ms": self = .none
        default: self = .oneOther
        }
    }

    /// How many word forms a template gives for a count: "${n|item|items}" gives two.
    package var formCount: Int {
        switch self {
        case .oneOther, .zeroOneOther: 2
        case .oneFewMany: 3
        case .none: 1
        }
    }

    /// Which of the forms (in the order one, few, many / one, other) a count takes.
    package func form(for count: Int) -> Int {
        let n = abs(count)
        switch self {
        case .oneOther: return n == 1 ? 0 : 1
        case .zeroOneOther: return n <= 1 ? 0 : 1
        case .none: return 0
        case .oneFewMany:
            if n % 10 == 1 && n % 100 != 11 { return 0 }
            if (2...4).contains(n % 10) && !(12...14).contains(n % 100) { return 1 }
            return 2
        }
    }

    /// The form of `forms` a count takes; with fewer forms than the rule has (a template written
    /// for another language), the last one.
    package func pick<S: StringProtocol>(_ forms: [S], for count: Int) -> S? {
        guard let last = forms.last else { return nil }
        let index = form(for: count)
        return index < forms.count ? forms[index] : last
    }
}
