import Foundation
@testable import IntentKit
import ListIntents
import Testing
import Yams

/// The interface's catalogs (`Resources/<locale>/interface.yaml`): every language has every key
/// English has and no other, names only the arguments English names, writes each plural with
/// as many forms as its rule has; the files are plain YAML; lookups fall back to English.
@Suite struct InterfaceCatalogTests {
    /// Every language with an interface catalog (English included).
    static func locales() throws -> [String] {
        let resources = try Assistant.resourcesDirectory()
        let folders = try FileManager.default.contentsOfDirectory(atPath: resources.path)
        return folders.filter {
            FileManager.default.fileExists(atPath: resources.appendingPathComponent("\($0)/\(MessageCatalog.interfaceFileName)").path)
        }.sorted()
    }

    static let english: [String: String] = {
        do { return try MessageCatalog.interfaceTexts("en") } catch { fatalError("the English catalog: \(error)") }
    }()

    @Test func theSixLanguagesHaveCatalogs() throws {
        #expect(Set(try Self.locales()).isSuperset(of: ["en", "fr", "ru", "zh-Hans", "ko", "th"]))
    }

    @Test(arguments: try locales())
    func aLanguageHasEveryKeyEnglishHasAndNoOther(locale: String) throws {
        let texts = try MessageCatalog.interfaceTexts(locale)
        let missing = Set(Self.english.keys).subtracting(texts.keys).sorted()
        let unknown = Set(texts.keys).subtracting(Self.english.keys).sorted()
        #expect(missing.isEmpty, "\(locale) lacks \(missing)")
        #expect(unknown.isEmpty, "\(locale) has keys English lacks: \(unknown)")
    }

    @Test(arguments: try locales())
    func aLanguageNamesOnlyTheArgumentsEnglishNames(locale: String) throws {
        for (key, text) in try MessageCatalog.interfaceTexts(locale) {
            guard let english = Self.english[key] else { continue }
            let extra = Set(ResponseTemplate.names(text)).subtracting(ResponseTemplate.names(english))
            #expect(extra.isEmpty, "\(locale) \(key) names \(extra.sorted()), which English does not")
        }
    }

    @Test(arguments: try locales())
    func pluralsHaveTheFormsOfTheLanguagesRule(locale: String) throws {
        let rule = PluralRule(locale: locale)
        for (key, text) in try MessageCatalog.interfaceTexts(locale) {
            for forms in Self.pluralForms(text) {
                // One form would read as `${name|or}` (a list joined): a language with one form
                // writes the number without a plural.
                #expect(rule != .none, "\(locale) \(key): a language with one form needs no ${count|…}")
                #expect(forms.count == rule.formCount || rule == .none, "\(locale) \(key): \(forms) is not \(rule.formCount) forms")
            }
        }
    }

    /// The forms of each `${count|one|other}` of a text.
    static func pluralForms(_ text: String) -> [[Substring]] {
        var found: [[Substring]] = []
        var rest = text[...]
        while let open = rest.range(of: "${"), let close = rest[open.upperBound...].firstIndex(of: "}") {
            let parts = rest[open.upperBound..<close].split(separator: "|", omittingEmptySubsequences: false)
            if parts.count >= 3 { found.append(Array(parts.dropFirst())) }
            rest = rest[rest.index(after: close)...]
        }
        return found
    }

    /// The files are read by a small reader of their own (for start-up); Yams reads each the same.
    @Test(arguments: try locales())
    func yamsReadsTheSameTexts(locale: String) throws {
        let file = try Assistant.resourcesDirectory().appendingPathComponent("\(locale)/\(MessageCatalog.interfaceFileName)")
        let yams = try Yams.load(yaml: try String(contentsOf: file, encoding: .utf8)) as? [String: String]
        #expect(yams == (try MessageCatalog.interfaceTexts(locale)))
    }

    @Test func aMissingKeyIsSaidInEnglishAndAnUnknownOneAsItself() {
        let catalog = MessageCatalog(locale: "fr", texts: ["lists.title": "Listes"], fallback: Self.english)
        #expect(catalog("lists.title") == "Listes")
        #expect(catalog("items.title") == "Items")
        #expect(catalog("no.such.key") == "no.such.key")
    }

    @Test func argumentsAndPluralsAreRenderedByTheLanguagesRule() {
        let russian = MessageCatalog.interface("ru")
        let counts = [1, 2, 5, 21].map { russian("search.foundIn", ["text": .text("чай"), "count": .number($0)]) }
        #expect(counts == [
            "«чай» найдено в 1 списке", "«чай» найдено в 2 списках", "«чай» найдено в 5 списках", "«чай» найдено в 21 списке",
        ])
        let english = MessageCatalog.interface("en")
        #expect(english("delete.ask", ["name": .text("Pet Shop"), "count": .number(1)]) == "Delete Pet Shop and its 1 item?")
        #expect(english("delete.ask", ["name": .text("Pet Shop"), "count": .number(2)]) == "Delete Pet Shop and its 2 items?")
        #expect(MessageCatalog.interface("fr")("ago.days", ["count": .number(1)]) == "il y a 1 jour")
        #expect(MessageCatalog.interface("ko")("ago.days", ["count": .number(3)]) == "3일 전")
    }

    /// A complete language never reads English's file (start-up): only a missing key does, once.
    @Test func englishIsReadOnlyWhenAKeyIsMissing() {
        final class Reads: @unchecked Sendable { var count = 0 }
        let reads = Reads()
        let catalog = MessageCatalog(locale: "fr", texts: ["a": "A"], fallback: {
            reads.count += 1
            return ["b": "B"]
        })
        #expect(catalog("a") == "A")
        #expect(reads.count == 0)
        #expect(catalog("b") == "B" && catalog("b") == "B")
        #expect(reads.count == 1)
    }

    /// `ask` reads only the line of the text it shows (`interface(_:only:)`): the same text as
    /// the whole catalog gives, with and without arguments, for keys across the file (every
    /// seventh, the list's heading, one the catalog lacks).
    @Test(arguments: try locales())
    func oneKeysLineSaysWhatTheWholeCatalogSays(locale: String) throws {
        let whole = MessageCatalog.interface(locale)
        let values: [String: TemplateValue] = [
            "name": .text("Hiking Gear"), "done": .number(1), "total": .number(4), "count": .number(2), "text": .text("rope"),
        ]
        let keys = Self.english.keys.sorted().enumerated().filter { $0.offset % 7 == 0 }.map(\.element) + ["cli.list.title", "not.a.key"]
        for key in keys {
            let line = MessageCatalog.interfaceLine(locale, key: key)
            #expect(line.locale == whole.locale)
            #expect(line(key) == whole(key), "\(locale) \(key)")
            #expect(line(key, values) == whole(key, values), "\(locale) \(key) with values")
        }
        #expect(MessageCatalog.interfaceLine(locale, key: "cli.list.title")("cli.list.title", values).contains("Hiking Gear"))
    }

    @Test func oneKeysLineOfALanguageWithoutACatalogIsEnglish() {
        let catalog = MessageCatalog.interfaceLine("xx-none", key: "cli.list.title")
        #expect(catalog.locale == "en")
        #expect(catalog("cli.list.title", ["name": .text("Tools"), "done": .number(0), "total": .number(3)]) == "Tools (0 of 3 completed)")
    }

    @Test func aLanguageWithoutACatalogSpeaksEnglish() {
        let catalog = MessageCatalog.interface("xx-none")
        #expect(catalog.locale == "en")
        #expect(catalog("lists.title") == "Lists")
    }

    @Test func aBadLineIsRefusedWithItsLine() throws {
        let cases: [(String, String)] = [
            ("a: \"one\"\nb: two\n", "f:2: the text of “b” must be in double quotes"),
            ("a: \"one\"\n  b: \"two\"\n", "f:2: a line starts with its key, not with spaces"),
            ("a: \"one\n", "f:1: the text of “a” has no closing quote"),
            ("a: \"one\"\na: \"two\"\n", "f:2: “a” appears twice"),
            ("a: \"o\\tne\"\n", "f:1: unknown escape \\t in “a” (use \\\" \\\\ or \\n)"),
            ("a b: \"one\"\n", "f:1: a key is made of letters, digits, dots, - and _ (got “a b”)"),
            ("a: \"one\" two\n", "f:1: unexpected “two” after the text of “a”"),
        ]
        for (text, message) in cases {
            #expect(throws: CatalogError(message: message)) { try MessageCatalog.parse(text, file: "f") }
        }
        #expect(try MessageCatalog.parse("# c\n\na: \"say \\\"hi\\\"\" # note\n", file: "f") == ["a": "say \"hi\""])
        #expect(try MessageCatalog.parse("a: \"one\"\r\nb: \"two\"\r\n", file: "f") == ["a": "one", "b": "two"])
    }
}
