import Foundation
import Testing

/// What the command line says around the language itself, in the language chosen: the longer
/// notes under a command's `--help`, and an unknown `--locale` (in the language config.toml or
/// `LANG` chose; English when config.toml's own `language` is the unknown one).
@Suite struct LanguageNotesCLITests {
    static let languages = ["fr_FR.UTF-8", "ru_RU.UTF-8", "zh_CN.UTF-8", "ko_KR.UTF-8", "th_TH.UTF-8"]

    @Test(arguments: [
        ("fr_FR.UTF-8", "Codes de sortie : 0 réussite", "Se configure dans la section [sync] de config.toml"),
        ("ru_RU.UTF-8", "Коды выхода: 0 успех", "Настраивается в разделе [sync] файла config.toml"),
        ("zh_CN.UTF-8", "退出码：0 成功", "在 config.toml 的 [sync] 部分设置"),
        ("ko_KR.UTF-8", "종료 코드: 0 성공", "config.toml의 [sync] 섹션에서 설정합니다"),
        ("th_TH.UTF-8", "รหัสออก: 0 สำเร็จ", "ตั้งค่าในส่วน [sync] ของ config.toml"),
    ])
    func theNotesUnderHelpAreInTheLanguage(lang: String, root: String, sync: String) throws {
        let cli = CLI()
        let environment = ["LANG": lang]
        let help = try cli.run(["--help"], environment: environment)
        #expect(help.status == 0)
        #expect(help.stdout.contains(root), "\(help.stdout)")
        #expect(!help.stdout.contains("Exit codes"), "\(help.stdout)")
        let syncHelp = try cli.run(["sync", "--help"], environment: environment).stdout
        #expect(syncHelp.contains(sync), "\(syncHelp)")
        for command in [["ask"], ["import"], ["export"], ["mcp"], ["screen"], ["move-to"], ["rm-list"], ["copy"], ["shortcuts"],
                        ["shortcuts", "suggest"], ["shortcuts", "forget"], ["shortcuts", "add"]] {
            let notes = try cli.run(command + ["--help"], environment: environment).stdout
            for english in ["On a terminal", "Formats: json", "cannot hold a list", "Started by an MCP client", "Works on a copy",
                            "The last argument", "Asks first", "Without NAME", "Every change made", "Ranked by", "The ids are",
                            "The words after"] {
                #expect(!notes.contains(english), "\(lang) \(command): \(notes)")
            }
        }
    }

    @Test func theNotesInEnglishAreAsTheyWere() throws {
        let help = try CLI().run(["--help"]).stdout
        #expect(help.contains("Exit codes: 0 success, 1 refused (name taken, nothing to undo, answered no),"), "\(help)")
        #expect(try CLI().run(["screen", "--help"]).stdout.contains("Works on a copy of your lists in memory"))
    }

    @Test func anUnknownLocaleIsSaidInTheLanguageLangChose() throws {
        let cli = CLI()
        let expected = [
            "fr_FR.UTF-8": "aucune langue « xx » (disponibles : ",
            "ru_RU.UTF-8": "нет языка «xx» (доступны: ",
            "zh_CN.UTF-8": "没有“xx”这种语言（可用：",
            "ko_KR.UTF-8": "“xx” 언어가 없습니다 (사용 가능: ",
            "th_TH.UTF-8": "ไม่มีภาษา “xx” (ที่มี: ",
        ]
        for lang in Self.languages {
            let result = try cli.run(["ask", "--locale", "xx", "show my lists"], environment: ["LANG": lang])
            #expect(result.status == 2, "\(lang): \(result.stderr)")
            #expect(result.stderr.contains(expected[lang]!), "\(lang): \(result.stderr)")
        }
        let english = try cli.run(["ask", "--locale", "xx", "show my lists"])
        #expect(english.status == 2)
        #expect(english.stderr.contains("no language “xx” (available: "), "\(english.stderr)")
    }

    @Test func anUnknownLanguageInTheConfigFileIsSaidInEnglish() throws {
        let cli = CLI()
        let config = cli.dataDir + "/config/listomat"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "language = \"xx\"\n".write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        let result = try cli.run(["ask", "show my lists"], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("language = “xx” in config.toml is not a language ListOMat speaks"), "\(result.stderr)")
    }
}
