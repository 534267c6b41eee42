import Testing
@testable import NcursesBackend

/// The character set asked for, when the locale itself is not installed (the screen then
/// takes C.UTF-8's).
@Suite struct TerminalLocaleTests {
    @Test func aUTF8LocaleIsToldFromItsName() {
        #expect(TerminalLocale.asksForUTF8(["LANG": "ko_KR.UTF-8"]))
        #expect(TerminalLocale.asksForUTF8(["LANG": "th_TH.utf8"]))
        #expect(TerminalLocale.asksForUTF8(["LANG": "C", "LC_ALL": "sr_RS.UTF-8@latin"]))
        #expect(!TerminalLocale.asksForUTF8(["LANG": "C"]))
        #expect(!TerminalLocale.asksForUTF8(["LANG": "ru_RU.KOI8-R"]))
        #expect(!TerminalLocale.asksForUTF8([:]))
        // LC_ALL wins over LANG, as setlocale reads them; an empty one is not set.
        #expect(!TerminalLocale.asksForUTF8(["LC_ALL": "POSIX", "LANG": "fr_FR.UTF-8"]))
        #expect(TerminalLocale.asksForUTF8(["LC_ALL": "", "LANG": "fr_FR.UTF-8"]))
    }
}
