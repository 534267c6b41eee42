import Foundation
import Testing
@testable import ListStore

/// Sorting names by a language's collation (ICU's), and a copied list's date in the language.
@Suite("Collation")
struct CollationTests {
    private func sorted(_ names: [String], _ locale: String) -> [String] {
        let order = NameCollation(locale: locale).order(names)
        return order.map { names[$0] }
    }

    @Test func frenchSortsAccentedLettersWithTheirBase() {
        #expect(sorted(["zèbre", "été", "Eclair", "œuf", "école", "fraise", "crème", "Café"], "fr")
            == ["Café", "crème", "Eclair", "école", "été", "fraise", "œuf", "zèbre"])
    }

    @Test func englishIgnoresCaseAndAccentsAndReadsNumbersByValue() {
        #expect(sorted(["item 10", "Apples", "item 2", "éclairs", "eggs", "apples"], "en")
            == ["Apples", "apples", "éclairs", "eggs", "item 2", "item 10"])
    }

    @Test func russianKeepsYoWithYeAndOrdersTheAlphabet() {
        #expect(sorted(["яблоко", "Жёлудь", "ёлка", "еда", "арбуз", "хлеб", "йогурт", "икра"], "ru")
            == ["арбуз", "еда", "ёлка", "Жёлудь", "икра", "йогурт", "хлеб", "яблоко"])
    }

    @Test func thaiPassesOverLeadingVowels() {
        // ไก่ (chicken), เกลือ (salt), แกง (curry), โกโก้ (cocoa) all sort under ก.
        #expect(sorted(["ไข่", "ไก่", "ขนมปัง", "เกลือ", "นม", "แกง", "กาแฟ", "โกโก้"], "th")
            == ["กาแฟ", "เกลือ", "แกง", "โกโก้", "ไก่", "ขนมปัง", "ไข่", "นม"])
    }

    @Test func chineseSortsByPinyin() {
        // ài (爱), bái (白), cài (菜), dàmǐ (大米), jīdàn (鸡蛋), niúnǎi (牛奶), píngguǒ (苹果), yán (盐)
        #expect(sorted(["苹果", "盐", "牛奶", "鸡蛋", "大米", "白菜", "菜", "爱"], "zh-Hans")
            == ["爱", "白菜", "菜", "大米", "鸡蛋", "牛奶", "苹果", "盐"])
    }

    @Test func koreanSortsByHangulThenLatin() {
        #expect(sorted(["우유", "사과", "apple", "가지", "바나나", "나물", "달걀"], "ko")
            == ["가지", "나물", "달걀", "바나나", "사과", "우유", "apple"])
    }

    @Test func equalNamesKeepTheirOrder() {
        // Same letters for the collation: case and accents aside.
        #expect(NameCollation(locale: "fr").order(["Côte", "cote", "côté", "COTE"]) == [0, 1, 2, 3])
        #expect(NameCollation(locale: "th").order(["ไก่", "ไก"]) == [0, 1])
    }

    @Test func unknownLanguageSortsAsTheRootCollation() {
        #expect(sorted(["b", "A", "ä"], "xx") == ["A", "ä", "b"])
    }

    @Test func sortingAStoredListUsesTheCallersLanguage() throws {
        let store = try ListStore.inMemory()
        try store.createList(named: "ตลาด", items: ["นม", "ไก่", "ข้าว", "กาแฟ"])
        try store.setDone(true, [.name("กาแฟ")], in: .name("ตลาด"))
        #expect(try store.sortItems(in: .name("ตลาด"), collation: NameCollation(locale: "th")).recorded)
        #expect(try store.itemNames("ตลาด") == ["ไก่", "ข้าว", "นม", "กาแฟ"])
    }

    /// 27 November 2026 at noon UTC: the same day in every time zone a test machine has.
    private let day = Date(timeIntervalSince1970: 1_795_780_800)

    @Test func copyDayIsTheLanguagesMediumDate() {
        #expect(ListStore.copyDay(day, locale: "en") == "Nov 27, 2026")
        #expect(ListStore.copyDay(day, locale: "fr") == "27 nov. 2026")
        // ICU puts a narrow no-break space before the Russian "г." (year).
        #expect(ListStore.copyDay(day, locale: "ru") == "27 нояб. 2026\u{202F}г.")
        #expect(ListStore.copyDay(day, locale: "zh-Hans") == "2026年11月27日")
        #expect(ListStore.copyDay(day, locale: "ko") == "2026. 11. 27.")
        // Thai counts years from the Buddha (2026 + 543).
        #expect(ListStore.copyDay(day, locale: "th") == "27 พ.ย. 2569")
    }

    @Test func copiedListIsNamedInTheCopiersLanguage() throws {
        let store = try ListStore.inMemory(clock: { Date(timeIntervalSince1970: 1_795_780_800) })
        try store.createList(named: "Épicerie", items: ["lait"])
        try store.createList(named: "ตลาด", items: ["นม"])
        #expect(try store.copyList(.name("Épicerie"), dateLocale: "fr").value.name == "Épicerie (27 nov. 2026)")
        #expect(try store.copyList(.name("Épicerie"), dateLocale: "fr").value.name == "Épicerie (27 nov. 2026 #2)")
        #expect(try store.copyList(.name("ตลาด"), dateLocale: "th").value.name == "ตลาด (27 พ.ย. 2569)")
    }
}

/// `find` in each language: case, accents and full-width letters folded away, as Foundation
/// folds them for every locale (folding with a locale gives the same text in these six).
@Suite("Search in each language")
struct LanguageSearchTests {
    @Test func findFoldsAsEachLanguageExpects() throws {
        let store = try ListStore.inMemory()
        try store.createList(named: "Courses", items: ["Crème fraîche", "Ёжики", "우유 1리터", "ไก่ย่าง", "纯牛奶", "ＴＯＦＵ"])
        let list = try store.list(.name("Courses")).id
        func found(_ query: String) throws -> [String] {
            try store.searchItems(in: list, matching: query, limit: 10).items.map(\.name)
        }
        #expect(try found("creme FRAICHE") == ["Crème fraîche"])
        #expect(try found("ежик") == ["Ёжики"])
        #expect(try found("우유") == ["우유 1리터"])
        #expect(try found("ไก่") == ["ไก่ย่าง"])
        #expect(try found("牛奶") == ["纯牛奶"])
        #expect(try found("tofu") == ["ＴＯＦＵ"])
        #expect(SearchText.fold("Ёжики") == "ежики")
    }

    /// Russian: "й" is a letter of its own, "ё" is е with a mark. A person looking for tea
    /// ("чай") must not get teas ("чаи") alone, nor the other way round; "йогурт" is found by
    /// "йогурт" and "Йогурт"; "ёж" and "еж" find each other.
    @Test func russianFindKeepsShortIAndFoldsYo() throws {
        let store = try ListStore.inMemory()
        try store.createList(named: "Продукты", items: ["чай зелёный", "чаи в пакетиках", "Йогурт", "ежевика", "Ёлка", "сок"])
        let list = try store.list(.name("Продукты")).id
        func found(_ query: String) throws -> [String] {
            try store.searchItems(in: list, matching: query, limit: 10).items.map(\.name)
        }
        #expect(try found("чай") == ["чай зелёный"])
        #expect(try found("чаи") == ["чаи в пакетиках"])
        #expect(try found("йогурт") == ["Йогурт"])
        #expect(try found("ЙОГУРТ") == ["Йогурт"])
        #expect(try found("иогурт").isEmpty)
        #expect(try found("ёжевика") == ["ежевика"])
        #expect(try found("елка") == ["Ёлка"])
        #expect(try found("зеленый") == ["чай зелёный"])
        // A й typed as и and a combining breve is the same letter.
        #expect(try found("ча\u{0438}\u{0306}") == ["чай зелёный"])
        #expect(SearchText.fold("ЧАЙ") == "чай")
        #expect(SearchText.matches(of: "чай", in: "Чаи, чай".map(String.init)) == [5..<8])
        #expect(try store.searchLists(matching: "йог").count == 1)
    }
}
