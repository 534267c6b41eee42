import Foundation
import Testing

/// What `listomat sync` says, in the language chosen: the report's line and why a sync failed,
/// with the same exit codes in every language.
@Suite(.serialized, .enabled(if: Peers.listomat != nil, "needs the listomat binary"))
struct SyncWordsTests {
    typealias Home = SyncCommandTests.Home

    /// Nothing listens on port 9 here: the connection is refused.
    @Test func anUnreachableServerIsSaidInTheLanguage() throws {
        let home = try Home(config: """
            [sync]
            url = "http://127.0.0.1:9/dav/"
            username = "ada"
            password_env = "LISTOMAT_TEST_SYNC_PASSWORD"
            """)
        defer { home.remove() }
        try home.run("new", "Groceries", "milk")
        let password = ["LISTOMAT_TEST_SYNC_PASSWORD": "secret"]
        let french = try home.run("sync", environment: password.merging(["LANG": "fr_FR.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""]) { $1 })
        #expect(french.status == 1)
        #expect(french.error.hasPrefix("listomat: échec de la synchronisation : impossible de joindre http://127.0.0.1:9"), "\(french.error)")
        #expect(french.error.contains(": la connexion a été refusée ; ce qui a déjà été synchronisé est gardé"), "\(french.error)")
        let english = try home.run("sync", environment: password.merging(["LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""]) { $1 })
        #expect(english.status == 1)
        #expect(english.error.hasPrefix("listomat: sync failed: cannot reach http://127.0.0.1:9"), "\(english.error)")
        #expect(english.error.contains(": the connection was refused; what was synced before is kept"), "\(english.error)")
    }

    @Test(.enabled(if: Peers.python != nil, "needs the peers in .venv"))
    func aSyncAndAWrongPasswordInTheLanguage() throws {
        let server = try TestServer()
        defer { server.stop() }
        let home = try Home.syncing(with: server.url, user: server.user)
        defer { home.remove() }
        try home.run("new", "Groceries", "milk", "eggs")
        let wrong = try home.run("sync", environment: ["LISTOMAT_TEST_SYNC_PASSWORD": "not-the-password", "LANG": "ru_RU.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""])
        #expect(wrong.status == 1)
        #expect(wrong.error.contains("отклонил имя пользователя или пароль"), "\(wrong.error)")
        let korean = try home.run("sync", environment: ["LISTOMAT_TEST_SYNC_PASSWORD": server.password, "LANG": "ko_KR.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""])
        #expect(korean.status == 0, "\(korean.error)")
        #expect(korean.output.contains("와(과) 동기화함: 여기 변경 없음; 서버 목록 1개 추가, 2개 추가."), "\(korean.output)")
        #expect(try server.phoneSummaries() == ["Groceries": ["milk", "eggs"]])
    }

    /// Each line of a sync's report, a conflict's details and `sync --status` in French and
    /// Russian, against Radicale: a list and items sent, an item added on the phone, a name
    /// changed on both sides.
    @Test(.enabled(if: Peers.python != nil, "needs the peers in .venv"))
    func eachLineOfTheReportAndTheStatusInTheLanguage() throws {
        let server = try TestServer()
        defer { server.stop() }
        let home = try Home.syncing(with: server.url, user: server.user)
        defer { home.remove() }
        let french = ["LISTOMAT_TEST_SYNC_PASSWORD": server.password, "LANG": "fr_FR.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""]
        let russian = french.merging(["LANG": "ru_RU.UTF-8"]) { $1 }
        try home.run("new", "Groceries", "milk", "eggs")

        let never = try home.run("sync", "--status", environment: russian)
        #expect(never.status == 0, "\(never.error)")
        #expect(never.output.contains("Последняя синхронизация: ещё не было"), "\(never.output)")
        #expect(never.output.contains("Синхронизировано списков: 0; изменений ждут отправки: 3"), "\(never.output)")

        let first = try home.run("sync", environment: french)
        #expect(first.status == 0, "\(first.error)")
        #expect(first.output.contains("serveur : créer la liste Groceries\n"), "\(first.output)")
        #expect(first.output.contains("serveur : ajouter « milk » à Groceries\n"), "\(first.output)")

        try server.phone("add", "Groceries", "bread")
        try server.phone("set", "Groceries", "milk", "SUMMARY", "soy milk")
        try home.run("rename-item", "Groceries", "milk", "oat milk")
        try home.run("done", "Groceries", "eggs")
        let second = try home.run("sync", environment: french)
        #expect(second.status == 0, "\(second.error)")
        #expect(second.output.contains("ici : ajouter « bread » à Groceries\n"), "\(second.output)")
        #expect(second.output.contains("serveur : cocher « eggs » dans Groceries\n"), "\(second.output)")
        #expect(second.output.contains(
            "conflit : « oat milk » dans Groceries, nom : « oat milk » gardé (modifié ici plus tard) ; « soy milk » du serveur écarté"),
            "\(second.output)")
        #expect(!second.output.contains("server:") && !second.output.contains("here:") && !second.output.contains("conflict:"), "\(second.output)")
        #expect(try server.phoneSummaries()["Groceries"].map(Set.init) == ["oat milk", "[x] eggs", "bread"])

        let status = try home.run("sync", "--status", environment: russian)
        #expect(status.status == 0, "\(status.error)")
        #expect(status.output.hasPrefix("Сервер: \(server.url), пользователь \(server.user)\n"), "\(status.output)")
        #expect(status.output.contains("Синхронизировано списков: 1; изменений ждут отправки: 0"), "\(status.output)")
        #expect(status.output.contains(
            "конфликт: «oat milk» в Groceries, название: сохранено «oat milk» (изменено здесь позже); «soy milk» с сервера отброшено"),
            "\(status.output)")
        #expect(!status.output.contains("Last sync") && !status.output.contains("conflict"), "\(status.output)")

        let forgot = try home.run("sync", "--forget", environment: russian)
        #expect(forgot.output == "Состояние синхронизации забыто; следующая синхронизация сопоставит ваши списки с серверными по названию.\n")
        let both = try home.run("sync", "--status", "--forget", environment: french)
        #expect(both.status == 2 && both.error.contains("choisissez une seule option parmi --status, --dry-run et --forget"), "\(both.error)")
    }

    /// The sync url refused before anything is sent, in the language, exit 2 as in English.
    @Test(arguments: [
        ("fr_FR.UTF-8", "l'url de synchronisation doit commencer par https://"),
        ("ko_KR.UTF-8", "동기화 url은 https://로 시작해야 합니다"),
        ("C.UTF-8", "the sync url must start with https://"),
    ])
    func aSyncURLThatIsNotHTTPSIsSaidInTheLanguage(lang: String, words: String) throws {
        let home = try Home(config: "[sync]\nurl = \"http://example.com/dav/\"\n")
        defer { home.remove() }
        try home.run("new", "Groceries", "milk")
        let result = try home.run("sync", environment: ["LANG": lang, "LC_ALL": "", "LC_MESSAGES": ""])
        #expect(result.status == 2, "\(result.error)")
        #expect(result.error.contains(words), "\(result.error)")
    }

    /// A request the server fails: what the request was doing and the failure in the language,
    /// the status as the server gave it; `--status` says it again in another language.
    @Test(.enabled(if: Peers.python != nil, "needs the peers in .venv"))
    func aServerFailureIsSaidWithWhatTheRequestWasDoingInTheLanguage() throws {
        let server = try TestServer()
        let proxy = try FaultyProxy(before: server)
        defer { proxy.stop(); server.stop() }
        let home = try Home.syncing(with: proxy.url, user: server.user)
        defer { home.remove() }
        try home.run("new", "Groceries", "milk")
        try proxy.set([["method": "PROPFIND", "status": 500]])
        let french = ["LISTOMAT_TEST_SYNC_PASSWORD": server.password, "LANG": "fr_FR.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""]
        let failed = try home.run("sync", environment: french)
        #expect(failed.status == 1, "\(failed.error)")
        #expect(failed.error.contains("lecture de /") && failed.error.contains(" : le serveur a échoué (500)"), "\(failed.error)")
        let status = try home.run("sync", "--status", environment: french.merging(["LANG": "ko_KR.UTF-8"]) { $1 })
        #expect(status.output.contains(": 서버 오류 (500)"), "\(status.output)")
        let english = try home.run("sync", "--status")
        #expect(english.output.contains(": the server failed (500)"), "\(english.output)")
    }

    /// An item the server refuses, with the refusal (what the request was doing, the status)
    /// in the language, in the report and in `--status` read in another language.
    @Test(.enabled(if: Peers.python != nil, "needs the peers in .venv"))
    func anItemTheServerRefusesIsSaidWithItsReasonInTheLanguage() throws {
        let server = try TestServer()
        let proxy = try FaultyProxy(before: server)
        defer { proxy.stop(); server.stop() }
        let home = try Home.syncing(with: proxy.url, user: server.user)
        defer { home.remove() }
        let french = ["LISTOMAT_TEST_SYNC_PASSWORD": server.password, "LANG": "fr_FR.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""]
        try home.run("new", "Groceries", "milk", "eggs")
        #expect(try home.run("sync", environment: french).status == 0)
        #expect(try home.run("done", "Groceries", "milk").status == 0)
        try proxy.set([["method": "PUT", "status": 400]])
        let sync = try home.run("sync", environment: french)
        #expect(sync.status == 0, "\(sync.error)")
        #expect(sync.output.contains("non synchronisé : « milk » dans Groceries : le serveur a refusé le changement (enregistrement de /"),
                "\(sync.output)")
        #expect(sync.output.contains(" : le serveur a répondu 400) ; nouvel essai à la prochaine synchronisation"), "\(sync.output)")
        let status = try home.run("sync", "--status", environment: french.merging(["LANG": "zh_CN.UTF-8"]) { $1 })
        #expect(status.output.contains("未同步：Groceries 中的“milk”：服务器拒绝了这次更改（保存 /"), "\(status.output)")
        #expect(status.output.contains("：服务器回答 400）"), "\(status.output)")
    }
}
