import Foundation
import Testing

/// What is wrong in config.toml or a theme, said in the language `LANG` chooses (config.toml
/// that cannot be read cannot choose one), "file:line: " as it is, the exit code as in English.
@Suite struct SettingsWordsCLITests {
    /// A bad config.toml and an unknown theme, said in the language `LANG` chooses (the file
    /// cannot choose one then), with the file and line as they are and the same exit code.
    @Test(arguments: [
        ("fr_FR.UTF-8", "mouse doit valoir true ou false, pas une chaîne", "thème inconnu 'nope' ; disponibles : "),
        ("ru_RU.UTF-8", "mouse должен быть true или false, а не строка", "неизвестная тема 'nope'; доступны: "),
        ("zh_CN.UTF-8", "mouse 必须是 true 或 false，不能是字符串", "未知的主题 'nope'；可用："),
        ("ko_KR.UTF-8", "mouse는 true나 false여야 합니다 (문자열 아님)", "알 수 없는 테마 'nope'; 사용 가능: "),
        ("th_TH.UTF-8", "mouse ต้องเป็น true หรือ false ไม่ใช่สตริง", "ไม่รู้จักธีม 'nope' ที่มี: "),
        ("C.UTF-8", "mouse must be true or false, not a string", "unknown theme 'nope'; available: "),
    ])
    func aBadConfigFileAndAnUnknownThemeAreSaidInTheLanguage(lang: String, config: String, theme: String) throws {
        let cli = CLI()
        try cli.run("new", "Épicerie", "lait")
        let folder = cli.dataDir + "/config/listomat"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/config.toml"
        try "\nmouse = \"yes\"\n".write(toFile: file, atomically: true, encoding: .utf8)
        for command in [["screen"], ["sync"], ["ask", "show my lists"]] {
            let result = try cli.run(command, environment: ["LANG": lang])
            #expect(result.status == 2, "\(lang) \(command): \(result.stderr)")
            #expect(result.stderr.contains("\(file):2: \(config)"), "\(lang) \(command): \(result.stderr)")
        }
        try FileManager.default.removeItem(atPath: file)
        let unknown = try cli.run(["screen", "--theme", "nope"], environment: ["LANG": lang])
        #expect(unknown.status == 2, "\(unknown.stderr)")
        #expect(unknown.stderr.contains(theme), "\(lang): \(unknown.stderr)")
        #expect(try cli.run("show", "Épicerie").stdout.contains("lait"))
    }
}
