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
        let home = try Home(config: """
            [sync]
            url = "\(server.url)"
            username = "\(server.user)"
            password_env = "LISTOMAT_TEST_SYNC_PASSWORD"
            """)
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
}
