/// Which character set the terminal is asked to use, from the locale's variables.
enum TerminalLocale {
    /// Whether the locale in force (LC_ALL, else LC_CTYPE, else LANG, as setlocale reads them)
    /// names UTF-8: "ko_KR.UTF-8", "th_TH.utf8".
    static func asksForUTF8(_ environment: [String: String]) -> Bool {
        let name = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let codeset = name.lowercased().split(separator: ".").dropFirst().first?.split(separator: "@").first ?? ""
        return codeset == "utf-8" || codeset == "utf8"
    }
}
