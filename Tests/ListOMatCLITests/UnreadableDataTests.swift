import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A data folder or database the person may not read is an error (exit 5, with the reason),
/// never an empty store: a backup script must not write an empty backup.
///
/// The fault is real: the folder or file is made unreadable with chmod for the user who runs
/// `listomat`. Root ignores file modes, so when the tests run as root the data is given to
/// `nobody` and `listomat` runs as `nobody` through `setpriv`.
@Suite struct UnreadableDataTests {
    static let nobody: uid_t = 65534
    static let setpriv = "/usr/bin/setpriv"
    static var canRunAsSomeoneOrdinary: Bool {
        getuid() != 0 || FileManager.default.isExecutableFile(atPath: setpriv)
    }

    let cli = CLI()

    /// `listomat ARGS --data-dir D` as the data's owner, who is not root.
    private func runAsOwner(_ arguments: [String], environment extra: [String: String] = [:]) throws -> CLI.Result {
        let command = [CLI.binary] + arguments + ["--data-dir", cli.dataDir]
        let environment = ["XDG_CONFIG_HOME": cli.dataDir + "/config"].merging(extra) { $1 }
        guard getuid() == 0 else { return try CLI.exec(command, environment: environment) }
        let ordinary = [Self.setpriv, "--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups"]
        return try CLI.exec(ordinary + command, environment: environment)
    }

    /// Lists with items, owned by the user `runAsOwner` runs as.
    private func makeData() throws {
        try cli.run("new", "Groceries", "milk", "eggs")
        guard getuid() == 0 else { return }
        for path in try [cli.dataDir] + FileManager.default.contentsOfDirectory(atPath: cli.dataDir).map({ cli.dataDir + "/" + $0 }) {
            #expect(chown(path, Self.nobody, Self.nobody) == 0)
        }
    }

    @Test(.enabled(if: canRunAsSomeoneOrdinary))
    func anUnreadableDataFolderIsAnErrorForEveryCommand() throws {
        try makeData()
        defer {
            chmod(cli.dataDir, 0o700)
            cli.cleanUp()
        }
        let before = try cli.export()
        #expect(chmod(cli.dataDir, 0) == 0)
        for arguments in [["lists"], ["lists", "--json"], ["export"], ["show", "Groceries"], ["add", "Groceries", "rice"]] {
            let result = try runAsOwner(arguments)
            #expect(result.status == 5, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            #expect(result.stderr == "listomat: cannot read the data folder \(cli.dataDir): Permission denied\n", "\(arguments)")
        }
        #expect(chmod(cli.dataDir, 0o700) == 0)
        #expect(try cli.export() == before)
    }

    @Test(.enabled(if: canRunAsSomeoneOrdinary))
    func anUnreadableDatabaseIsAnErrorForEveryCommand() throws {
        try makeData()
        defer { cli.cleanUp() }
        let before = try cli.export()
        #expect(chmod(cli.databasePath, 0) == 0)
        for arguments in [["lists"], ["export"], ["add", "Groceries", "rice"]] {
            let result = try runAsOwner(arguments)
            #expect(result.status == 5, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            #expect(result.stderr.contains("cannot open \(cli.databasePath)"), "\(arguments): \(result.stderr)")
        }
        #expect(chmod(cli.databasePath, 0o600) == 0)
        #expect(try cli.export() == before)
    }

    /// The same refusal with `LANG` set: our words in the language, the system's reason
    /// (strerror's) as the system gives it; the exit code as in English.
    @Test(.enabled(if: canRunAsSomeoneOrdinary), arguments: [
        ("fr_FR.UTF-8", "impossible de lire le dossier de données "), ("ru_RU.UTF-8", "не удаётся прочитать папку данных "),
        ("zh_CN.UTF-8", "无法读取数据文件夹 "), ("ko_KR.UTF-8", "데이터 폴더 "), ("th_TH.UTF-8", "อ่านโฟลเดอร์ข้อมูล "),
    ])
    func anUnreadableDataFolderIsSaidInTheLanguageWithTheSystemsReason(lang: String, words: String) throws {
        try makeData()
        defer {
            chmod(cli.dataDir, 0o700)
            cli.cleanUp()
        }
        #expect(chmod(cli.dataDir, 0) == 0)
        let result = try runAsOwner(["lists"], environment: ["LANG": lang])
        #expect(result.status == 5, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("listomat: \(words)"), "\(result.stderr)")
        #expect(result.stderr.contains(cli.dataDir) && !result.stderr.contains("cannot read"), "\(result.stderr)")
    }
}
