import Foundation
import Testing

/// The command line's own messages, usage errors and `--help` lines in the language `LANG`
/// chooses, its sort by the language's collation, and a copy named with the language's date.
@Suite struct LanguageMessagesCLITests {
    static let french = ["LANG": "fr_FR.UTF-8"]
    static let russian = ["LANG": "ru_RU.UTF-8"]
    static let chinese = ["LANG": "zh_CN.UTF-8"]
    static let korean = ["LANG": "ko_KR.UTF-8"]
    static let thai = ["LANG": "th_TH.UTF-8"]

    /// Today's medium date in `locale`, as a copy's name says it.
    static func today(_ locale: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        return formatter.string(from: Date())
    }

    @Test func whatChangedNothingIsSaidInTheLanguage() throws {
        let cli = CLI()
        try cli.run("new", "Épicerie", "lait", "œufs")
        try cli.run("done", "Épicerie", "lait")
        let again = try cli.run(["done", "Épicerie", "lait"], environment: Self.french)
        #expect(again.status == 0)
        #expect(again.stdout == "Déjà coché ; rien n'a changé.\n")
        try cli.run("sort", "Épicerie")  // œufs, then lait (checked)
        #expect(try cli.run(["sort", "Épicerie"], environment: Self.korean).stdout == "이미 정렬되어 있습니다. 바뀐 것은 없습니다.\n")
        #expect(try cli.run(["add", "Épicerie", "œufs"], environment: Self.chinese).stdout == "œufs 已在 Épicerie 上，未勾选；没有改动。\n")
        #expect(try cli.run(["move", "Épicerie", "lait", "9"], environment: Self.thai).stdout
            == "lait อยู่ท้ายสุดของ Épicerie แล้ว (ตำแหน่ง 2 จาก 2) ไม่มีอะไรเปลี่ยน\n")
        // English, as it was.
        #expect(try cli.run("done", "Épicerie", "lait").stdout == "Already checked off; nothing changed.\n")
    }

    @Test func usageErrorsOfOurOwnAreInTheLanguageAndChangeNothing() throws {
        let cli = CLI()
        try cli.run("new", "Продукты", "хлеб")
        let move = try cli.run(["move", "Продукты", "хлеб", "0"], environment: Self.russian)
        #expect(move.status == 2)
        #expect(move.stderr.hasPrefix("listomat: Позиции начинаются с 1."), "\(move.stderr)")
        let delete = try cli.run(["rm-list", "Продукты"], environment: Self.russian)
        #expect(delete.status == 2)
        #expect(delete.stderr.contains("rm-list удаляет Продукты со всеми пунктами; добавьте --yes"), "\(delete.stderr)")
        let ask = try cli.run(["ask", "--yes", "--no", "покажи списки"], environment: Self.russian)
        #expect(ask.status == 2)
        #expect(ask.stderr.contains("--yes и --no нельзя использовать вместе."), "\(ask.stderr)")
        #expect(try cli.run("lists").stdout == "Продукты (0 of 1 completed)\n")
    }

    @Test func importSaysWhatItDidInTheLanguage() throws {
        let cli = CLI()
        let file = cli.dataDir + "-import.md"
        try "## Продукты\n- [ ] хлеб\n- [x] сыр\nпросто текст\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try cli.run(["import", file], environment: Self.russian)
        #expect(result.status == 0)
        #expect(result.stdout == "Импортировано новых списков: 1, пунктов: 2; опущено 1 строка — ни список, ни пункт (строка 4).\n")
        let missing = try cli.run(["import", cli.dataDir + "-nothing.md"], environment: Self.korean)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("을(를) 읽을 수 없습니다: 파일이 없습니다"), "\(missing.stderr)")
    }

    @Test func aFileThatCannotBeImportedIsSaidInTheLanguageAndChangesNothing() throws {
        let cli = CLI()
        let file = cli.dataDir + "-bad.json"
        try #"[{"name": "Courses"}]"#.write(toFile: file, atomically: true, encoding: .utf8)
        let missing = try cli.run(["import", file], environment: Self.french)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("JSON List-o-Mat invalide") && missing.stderr.contains(#"("items" manque dans [0])"#), "\(missing.stderr)")
        try #"{"name": 3}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let top = try cli.run(["import", file], environment: Self.korean)
        #expect(top.stderr.contains("(최상위의 형식이 잘못됨)"), "\(top.stderr)")
        try Data([0x5B, 0xFF, 0x5D]).write(to: URL(fileURLWithPath: file))
        let bytes = try cli.run(["import", "--format", "json", file], environment: Self.thai)
        #expect(bytes.status == 2)
        #expect(bytes.stderr.contains("ไฟล์ไม่ใช่ UTF-8 ที่ถูกต้อง"), "\(bytes.stderr)")
        // English, as it was.
        let english = try cli.run("import", file)
        #expect(english.stderr.contains("file is not valid UTF-8"), "\(english.stderr)")
        #expect(try cli.run("export").stdout == "[]\n")
    }

    @Test func helpLinesAreInTheLanguage() throws {
        let cli = CLI()
        let add = try cli.run(["add", "--help"], environment: Self.french)
        #expect(add.status == 0)
        #expect(add.stdout.contains("Un ou plusieurs articles."), "\(add.stdout)")
        #expect(add.stdout.contains("Insérer avant l'article à cette position"))
        #expect(add.stdout.contains("Le dossier des données"))
        // ArgumentParser's own headings stay as they are.
        #expect(add.stdout.contains("USAGE:") && add.stdout.contains("OPTIONS:"))
        let root = try cli.run(["--help"], environment: Self.korean)
        #expect(root.stdout.contains("목록") && root.stdout.contains("실행 취소"), "\(root.stdout)")
        #expect(try cli.run(["show", "--help"], environment: Self.thai).stdout.contains("พิมพ์ JSON"))
        #expect(try cli.run(["add", "--help"]).stdout.contains("One or more items."))
    }

    @Test func sortFollowsTheLanguagesCollation() throws {
        let cli = CLI()
        try cli.run("new", "ตลาด", "นม", "ไก่", "ข้าว", "เกลือ")
        let sorted = try cli.run(["sort", "ตลาด"], environment: Self.thai)
        #expect(sorted.status == 0)
        // The leading vowels เ and ไ are passed over: เกลือ and ไก่ sort under ก.
        #expect(try cli.run("show", "ตลาด").stdout.hasSuffix("1 [ ] เกลือ\n2 [ ] ไก่\n3 [ ] ข้าว\n4 [ ] นม\n"))
    }

    @Test func aCopyIsNamedWithTheCopiersDate() throws {
        let cli = CLI()
        try cli.run("new", "Épicerie", "lait")
        try cli.run("new", "ตลาด", "นม")
        #expect(try cli.run(["copy", "Épicerie"], environment: Self.french).status == 0)
        #expect(try cli.run(["copy", "ตลาด"], environment: Self.thai).status == 0)
        let names = try cli.run("lists").stdout
        #expect(names.contains("Épicerie (\(Self.today("fr")))"), "\(names)")
        #expect(names.contains("ตลาด (\(Self.today("th")))"), "\(names)")
    }
}
