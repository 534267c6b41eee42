import Foundation
import Testing

@testable import Settings

@Suite("Choosing the language")
struct LanguageChoiceTests {
    let installed = ["en", "fr", "ko", "ru", "th", "zh-Hans"]

    @Test(arguments: [
        ("fr", "fr"), ("fr-CA", "fr"), ("fr_FR.UTF-8", "fr"), ("FR_be", "fr"), ("ru_RU.UTF-8", "ru"), ("ru_RU@euro", "ru"),
        ("zh-CN", "zh-Hans"), ("zh_CN.UTF-8", "zh-Hans"), ("zh-SG", "zh-Hans"), ("zh-Hans", "zh-Hans"), ("zh", "zh-Hans"),
        ("zh-Hans-CN", "zh-Hans"), ("zh_TW.UTF-8", "zh-Hans"), ("zh-TW", "zh-Hans"), ("zh-Hant", "zh-Hans"),
        ("zh-Hant-HK", "zh-Hans"), ("zh_HK.UTF-8", "zh-Hans"), ("zh-MO", "zh-Hans"),
        ("ko-KR", "ko"), ("ko_KR.UTF-8", "ko"), ("th_TH.UTF-8", "th"),
        ("en_GB.UTF-8", "en"), ("C", "en"), ("C.UTF-8", "en"), ("POSIX", "en"),
    ])
    func aTagMapsToTheNearestInstalledLanguage(tag: String, expected: String) {
        #expect(LanguageChoice.nearest(tag, among: installed) == expected)
    }

    @Test(arguments: [
        " fr_FR.UTF-8 ", "\tko\t", "\u{00A0}th\u{3000}", "\u{2003} ru \u{2009}", "zh-CN\n", "\n en", "", " ", "\t \u{00A0}",
        "fr", " a b ", "\u{200B}fr",
    ])
    func spacesAroundATagAreTrimmedAsFoundationTrimsThem(text: String) {
        #expect(LanguageChoice.Tag.trimmed(text) == text.trimmingCharacters(in: .whitespaces))
    }

    @Test func everyCharacterFoundationTrimsIsTrimmedAndNoOther() {
        let differing = (0...0x3_0000).compactMap(Unicode.Scalar.init).filter { scalar in
            let text = "a\(scalar)"
            return LanguageChoice.Tag.trimmed(text) != text.trimmingCharacters(in: .whitespaces)
        }
        #expect(differing.isEmpty, "\(differing.prefix(5).map { String($0.value, radix: 16) })")
    }

    @Test(arguments: ["de_DE.UTF-8", "tlh", "", "x", "12", "../fr", "fr/../../etc", "\u{0}fr", "français"])
    func aTagOfNoInstalledLanguageMapsToNone(tag: String) {
        #expect(LanguageChoice.nearest(tag, among: installed) == nil)
    }

    @Test func theOptionThenTheFileThenTheEnvironmentThenEnglish() throws {
        let environment = ["LANG": "ru_RU.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8", "LC_ALL": ""]
        func choose(_ option: String?, _ configured: String?, _ environment: [String: String]) throws -> LanguageChoice.Choice {
            try LanguageChoice.choose(option: option, configured: configured, environment: environment, available: installed)
        }
        #expect(try choose("th", "fr", environment) == .init(locale: "th", source: .option))
        #expect(try choose(nil, "fr_CA", environment) == .init(locale: "fr", source: .config))
        // LC_ALL is set but empty, so it is skipped; LC_MESSAGES comes before LANG.
        #expect(try choose(nil, nil, environment) == .init(locale: "ko", source: .environment("LC_MESSAGES")))
        #expect(try choose(nil, nil, ["LANG": "ru_RU.UTF-8", "LC_ALL": "zh_CN.UTF-8"]).locale == "zh-Hans")
        // The environment's language that is not installed is English, quietly; so is none.
        #expect(try choose(nil, nil, ["LANG": "de_DE.UTF-8"]) == .init(locale: "en", source: .environment("LANG")))
        #expect(try choose(nil, nil, [:]) == .init(locale: "en", source: .fallback))
    }

    @Test func aLanguageAskedForOnPurposeThatIsNotInstalledIsAnError() {
        #expect(throws: LanguageChoice.Unknown.self) { try LanguageChoice.choose(option: "de", configured: nil, environment: [:], available: installed) }
        do {
            _ = try LanguageChoice.choose(option: nil, configured: "klingon", environment: ["LANG": "fr_FR.UTF-8"], available: installed)
            Issue.record("a language the file names that is not installed must be refused")
        } catch {
            #expect(error.description == "language = “klingon” in config.toml is not a language ListOMat speaks (available: en, fr, ko, ru, th, zh-Hans)")
        }
    }
}
