import Foundation
import IntentKit
import ListIntents
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// The main screens in each of the six languages (the interface's catalogs), at 80×24 and
/// 120×40: every row exactly the terminal's width (Chinese and Korean take
/// two columns a character, Thai marks none), names cut without splitting a character or a
/// mark from its base. Snapshots in __Snapshots__/LanguageScreenTests.
@Suite struct LanguageScreenTests {
    static let locales = ["en", "fr", "ru", "zh-Hans", "ko", "th"]

    /// Lists with names in the language, one long enough to be cut.
    static func lists(_ locale: String) -> [(String, [(String, Bool)])] {
        switch locale {
        case "fr": [("Épicerie", [("lait", true), ("œufs", false), ("café moulu très fin pour la cafetière italienne", false)]),
                    ("Quincaillerie", [("clous", false)])]
        case "ru": [("Продукты", [("молоко", true), ("яйца", false), ("молотый кофе очень мелкого помола для гейзерной кофеварки", false)]),
                    ("Хозтовары", [("гвозди", false)])]
        case "zh-Hans": [("杂货店", [("牛奶", true), ("鸡蛋", false), ("给意大利摩卡壶用的非常细的研磨咖啡粉和一些别的东西", false)]),
                         ("五金店", [("钉子", false)])]
        case "ko": [("장보기", [("우유", true), ("계란", false), ("모카포트에 쓸 아주 곱게 간 원두커피와 다른 여러 가지 물건들", false)]),
                    ("철물점", [("못", false)])]
        case "th": [("ร้านขายของชำ", [("นม", true), ("ไข่", false), ("กาแฟบดละเอียดมากสำหรับหม้อต้มกาแฟแบบอิตาลีและของอื่น ๆ อีกหลายอย่าง", false)]),
                    ("ร้านฮาร์ดแวร์", [("ตะปู", false)])]
        default: [("Grocery Store", [("milk", true), ("eggs", false), ("very finely ground coffee for the Italian stovetop pot", false)]),
                  ("Hardware Store", [("nails", false)])]
        }
    }

    /// A word found in the first list of each language.
    static let found = ["en": "eggs", "fr": "œufs", "ru": "яйца", "zh-Hans": "鸡蛋", "ko": "계란", "th": "ไข่"]

    static func pilot(_ locale: String, _ width: Int = 80, _ height: Int = 24) throws -> Pilot {
        try Pilot(lists(locale), size: Size(width: width, height: height), locale: locale)
    }

    /// Every row is exactly the screen's width, as a terminal draws it.
    static func expectRowsFit(_ pilot: Pilot, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let screen = pilot.screen
        for (row, line) in screen.lines().enumerated() {
            #expect(CellBuffer.width(of: line) == screen.size.width, "\(what): row \(row) is \(CellBuffer.width(of: line)) columns: \(line)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test func listsAndItems() throws {
        for locale in Self.locales {
            let pilot = try Self.pilot(locale)
            assertSnapshot(of: pilot, as: .screen, named: "\(locale)-lists")
            Self.expectRowsFit(pilot, "\(locale) lists")
            try pilot.press("enter j j")
            assertSnapshot(of: pilot, as: .screen, named: "\(locale)-items")
            Self.expectRowsFit(pilot, "\(locale) items")
        }
    }

    @Test func help() throws {
        for locale in Self.locales {
            let pilot = try Self.pilot(locale)
            try pilot.press("?")
            assertSnapshot(of: pilot, as: .screen, named: locale)
            Self.expectRowsFit(pilot, "\(locale) help")
            // Scrolled to its end: every line of it reachable at 80×24.
            try pilot.press("G")
            assertSnapshot(of: pilot, as: .screen, named: "\(locale)-end")
            Self.expectRowsFit(pilot, "\(locale) help, end")
        }
    }

    @Test func deletingAListAsksFirst() throws {
        for locale in Self.locales {
            let pilot = try Self.pilot(locale)
            try pilot.press("d")
            assertSnapshot(of: pilot, as: .screen, named: locale)
            Self.expectRowsFit(pilot, "\(locale) delete")
            try pilot.press("n")
            #expect(try pilot.store.summaries().count == 2)
        }
    }

    @Test func find() throws {
        for locale in Self.locales {
            let pilot = try Self.pilot(locale)
            try pilot.press("f")
            pilot.type(Self.found[locale]!)
            assertSnapshot(of: pilot, as: .screen, named: "\(locale)-typing")
            Self.expectRowsFit(pilot, "\(locale) find, typing")
            try pilot.press("enter")
            assertSnapshot(of: pilot, as: .screen, named: "\(locale)-found")
            Self.expectRowsFit(pilot, "\(locale) found")
        }
    }

    @Test func firstRunAndMoveMenu() throws {
        for locale in Self.locales {
            let empty = try Pilot(size: Size(width: 80, height: 24), locale: locale)
            assertSnapshot(of: empty, as: .screen, named: "\(locale)-first-run")
            Self.expectRowsFit(empty, "\(locale) first run")
            let pilot = try Self.pilot(locale)
            try pilot.press("enter j m")
            assertSnapshot(of: pilot, as: .screen, named: "\(locale)-move-menu")
            Self.expectRowsFit(pilot, "\(locale) move menu")
        }
    }

    @Test func wideScreens() throws {
        for locale in Self.locales {
            let pilot = try Self.pilot(locale, 120, 40)
            assertSnapshot(of: pilot, as: .screen, named: "\(locale)-lists")
            Self.expectRowsFit(pilot, "\(locale) lists at 120×40")
            try pilot.press("enter j j")
            assertSnapshot(of: pilot, as: .screen, named: "\(locale)-items")
            Self.expectRowsFit(pilot, "\(locale) items at 120×40")
            try pilot.press("?")
            assertSnapshot(of: pilot, as: .screen, named: "\(locale)-help")
            Self.expectRowsFit(pilot, "\(locale) help at 120×40")
            let other = try Self.pilot(locale, 120, 40)
            try other.press("d")
            assertSnapshot(of: other, as: .screen, named: "\(locale)-delete")
            Self.expectRowsFit(other, "\(locale) delete at 120×40")
            try other.press("n f")
            other.type(Self.found[locale]!)
            try other.press("enter")
            assertSnapshot(of: other, as: .screen, named: "\(locale)-found")
            Self.expectRowsFit(other, "\(locale) found at 120×40")
        }
    }

    /// English from the catalog is what the screen said before the catalog: the other suites'
    /// snapshots pass unchanged; here the words a person reads first.
    @Test func englishIsTheDefault() throws {
        let pilot = try Pilot(Self.lists("en"))
        #expect(pilot.text.contains("Lists"))
        #expect(pilot.text.contains("1 of 3"))
        #expect(pilot.app.model.screen.words.locale == "en")
    }

    /// A word of each language's footer (so a catalog that is not read shows here), and the
    /// help key's hint, which every language's lists footer keeps at 80 columns.
    @Test func theFooterSpeaksTheLanguageAndKeepsTheHelpKey() throws {
        let words = ["en": "add", "fr": "ouvrir", "ru": "открыть", "zh-Hans": "添加", "ko": "추가", "th": "เพิ่ม"]
        let help = ["en": "help", "fr": "aide", "ru": "помощь", "zh-Hans": "帮助", "ko": "도움말", "th": "ช่วยเหลือ"]
        for locale in Self.locales {
            let pilot = try Self.pilot(locale)
            let footer = pilot.screen.lines().last ?? ""
            #expect(footer.contains(words[locale]!), "\(locale): \(footer)")
            #expect(footer.contains("? " + help[locale]!), "\(locale): \(footer)")
        }
    }

    /// "synced 2 min ago" and the days in each language, Russian's three forms among them.
    @Test func relativeTimesInEachLanguage() {
        let day = 86_400.0
        let expected: [String: [String]] = [
            "en": ["just now", "2 min ago", "3 h ago", "1 day ago", "5 days ago"],
            "fr": ["à l'instant", "il y a 2 min", "il y a 3 h", "il y a 1 jour", "il y a 5 jours"],
            "ru": ["только что", "2 мин назад", "3 ч назад", "1 день назад", "5 дней назад"],
            "zh-Hans": ["刚刚", "2 分钟前", "3 小时前", "1 天前", "5 天前"],
            "ko": ["방금", "2분 전", "3시간 전", "1일 전", "5일 전"],
            "th": ["เมื่อสักครู่", "2 นาทีที่แล้ว", "3 ชม. ที่แล้ว", "1 วันที่แล้ว", "5 วันที่แล้ว"],
        ]
        for (locale, texts) in expected {
            let words = MessageCatalog.interface(locale)
            #expect([10, 120, 3 * 3_600, day, 5 * day].map { SyncShown.ago($0, words) } == texts, "\(locale)")
        }
        #expect(SyncShown.ago(2 * day, .interface("ru")) == "2 дня назад")
        #expect(SyncShown.ago(21 * day, .interface("ru")) == "21 день назад")
    }
}
