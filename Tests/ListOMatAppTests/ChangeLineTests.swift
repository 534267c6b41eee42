import Foundation
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// The footer's line after a change and after undoing it, in the interface's language: the
/// store records what a change did as data, and the TUI words it.
@Suite struct ChangeLineTests {
    @Test func aChangeUndoneInFrenchSaysSoInFrench() throws {
        let pilot = try LanguageScreenTests.pilot("fr")
        // Épicerie, then œufs (the second item), deleted, then undone.
        try pilot.press("enter j d")
        #expect(pilot.text.contains("Retiré œufs de la liste Épicerie — u pour annuler"))
        try pilot.press("u")
        #expect(pilot.text.contains("Annulé : retiré œufs de la liste Épicerie"))
        #expect(try pilot.store.items(in: .name("Épicerie")).map(\.name).contains("œufs"))
        assertSnapshot(of: pilot, as: .screen, named: "fr-undone")
        LanguageScreenTests.expectRowsFit(pilot, "fr undone")
        try pilot.press("ctrl-r")
        #expect(pilot.text.contains("Rétabli : retiré œufs de la liste Épicerie"))
    }

    /// In every language: no English left in the line, and every row its width.
    @Test func theUndoLineIsInEveryLanguage() throws {
        let expected = [
            "en": "Undid: removed eggs from Grocery Store",
            "ru": "Отменено — удалено из Продукты: яйца",
            "zh-Hans": "已撤销：已从 杂货店 删除 鸡蛋",
            "ko": "실행 취소: 장보기에서 계란 삭제함",
            "th": "เลิกทำแล้ว: ลบ ไข่ ออกจาก ร้านขายของชำ แล้ว",
        ]
        for (locale, line) in expected {
            let pilot = try LanguageScreenTests.pilot(locale)
            try pilot.press("enter j d u")
            #expect(pilot.text.contains(line), "\(locale): \(pilot.screen.lines().suffix(2))")
            LanguageScreenTests.expectRowsFit(pilot, "\(locale) undone")
        }
    }
}

/// What the store refuses, in the footer, in the interface's language.
@Suite struct StoreErrorLineTests {
    @Test func nothingToUndoInFrench() throws {
        let pilot = try LanguageScreenTests.pilot("fr")
        // The first undoes the import that made the lists; the second finds nothing.
        try pilot.press("u")
        #expect(pilot.text.contains("Annulé : importé 2 listes avec 4 articles"))
        try pilot.press("u")
        #expect(pilot.text.contains("Rien à annuler."))
        LanguageScreenTests.expectRowsFit(pilot, "fr nothing to undo")
    }
}
