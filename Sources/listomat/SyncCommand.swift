import ArgumentParser
import CalDAVSync
import Foundation
import ListOMatApp
import ListStore
import Settings

/// `listomat sync`: two-way sync of the lists with a CalDAV server (docs/sync.md).
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: CLIWords.text("cli.abstract.sync"),
        discussion: """
            Set up in the [sync] section of config.toml: url, username, and password_command or \
            password_env (see docs/sync.md). Each list is a task list (a calendar of to-dos) on the \
            server; each item a to-do. A change made on both sides to the same thing keeps the later \
            one and says which lost.
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: CLIWords.help("cli.help.syncStatus"))
    var status = false
    @Flag(name: .long, help: CLIWords.help("cli.help.syncDryRun"))
    var dryRun = false
    @Flag(name: .long, help: CLIWords.help("cli.help.syncForget"))
    var forget = false
    @OptionGroup var output: JSONFlag

    func validate() throws {
        if [status, dryRun, forget].filter({ $0 }).count > 1 {
            throw ValidationError("choose one of --status, --dry-run and --forget")
        }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        if status { return try showStatus(environment) }
        let store = try global.openForWriting(settlingEachChange: false)
        if forget {
            try store.forgetSyncState()
            Output.line("Forgot the sync state; the next sync pairs your lists with the server's by name.")
            return
        }
        let settings = try Self.settings(environment)
        let account = Self.account(settings, environment, password: try Self.password(settings, environment))
        let engine = SyncEngine(store: store, account: account)
        let showProgress = !output.json && Output.isTerminal(STDERR_FILENO)
        let outcome = Box<Result<SyncReport, SyncError>>()
        let finished = DispatchSemaphore(value: 0)
        let dryRun = self.dryRun
        Task {
            do {
                outcome.value = .success(try await engine.run(dryRun: dryRun) { line in
                    if showProgress { Output.hint(line) }
                })
            } catch let error as SyncError {
                outcome.value = .failure(error)
            } catch {
                outcome.value = .failure(SyncError(.store, "\(error)"))
            }
            finished.signal()
        }
        finished.wait()
        switch outcome.value {
        case .success(let report)?:
            if output.json { return try Output.json(report) }
            Self.print(report, url: settings.url)
        case .failure(let error)?:
            let resumable: Set<SyncError.Kind> = [.network, .server, .protocolError, .store]
            throw Failure(SyncWords.failed(error, resumable: resumable.contains(error.kind)), error.kind == .configuration ? .usage : .refused)
        case nil:
            throw Failure("sync failed", .refused)
        }
    }

    static func settings(_ environment: [String: String]) throws -> SyncSettings {
        let config: Config
        do {
            config = try Config.load(environment: environment, actions: Keymap.actionNames)
        } catch {
            throw Failure("\(error)", .usage)
        }
        guard let sync = config.sync else {
            let path = Config.defaultPath(environment: environment) ?? "~/.config/listomat/config.toml"
            throw Failure("sync is not set up: add a [sync] section with url, username and password_command to \(path) (see docs/sync.md)", .usage)
        }
        return sync
    }

    /// Where and as whom to sync; `SSL_CERT_FILE` is the CA file when `ca_file` is not set.
    static func account(_ settings: SyncSettings, _ environment: [String: String], password: String?) -> SyncAccount {
        let caFile = settings.caFile ?? environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        return SyncAccount(
            url: settings.url, username: settings.username, password: password, timeout: Double(settings.timeout), caFile: caFile)
    }

    /// The password from `password_command` (its first line) or `password_env`; never printed.
    static func password(
        _ settings: SyncSettings, _ environment: [String: String], command: PasswordCommand? = nil
    ) throws -> String? {
        if let name = settings.passwordEnvironment {
            guard let value = environment[name], !value.isEmpty else {
                throw Failure("password_env in [sync] names \(name), which is not set", .usage)
            }
            return value
        }
        guard let commandLine = settings.passwordCommand else { return nil }
        return try (command ?? PasswordCommand(commandLine, timeout: Double(settings.timeout), diesWithUs: true)).run()
    }

    static func print(_ report: SyncReport, url: String) {
        for action in report.actions { Output.line(Output.safe(action)) }
        for conflict in report.conflicts { Output.line(Output.safe(describe(conflict))) }
        for note in report.notes { Output.line(Output.safe("note: " + note)) }
        for problem in report.problems { Output.line(Output.safe("not synced: " + problem)) }
        Output.line(SyncWords.line(report, url: url))
    }

    /// "conflict: “milk” on Groceries: kept “oat milk” (changed here later); the server's “soy milk” lost"
    static func describe(_ conflict: SyncConflict) -> String {
        let subject = conflict.item.isEmpty ? "the list \(conflict.list)" : "“\(conflict.item)” on \(conflict.list)"
        let keptSide = conflict.lostSide == .server ? "here" : "on the server"
        let lostSide = conflict.lostSide == .server ? "the server's" : "this side's"
        switch conflict.field {
        case "deleted":
            return "conflict: \(subject) was \(conflict.lost) but changed \(keptSide); it is kept"
        default:
            return "conflict: \(subject), \(conflict.field): kept “\(conflict.kept)” (changed \(keptSide) later); \(lostSide) “\(conflict.lost)” lost"
        }
    }

    func showStatus(_ environment: [String: String]) throws {
        let settings = try? Self.settings(environment)
        let store = try global.openForReading()
        let status = try SyncStatus.read(store)
        if output.json {
            struct JSONStatus: Encodable {
                var url: String?
                var lastSync: Date?
                var lastError: String?
                var listsSynced: Int
                var waiting: Int
                var conflicts: [SyncConflict]
                var problems: [String]
            }
            return try Output.json(JSONStatus(
                url: settings?.url, lastSync: status.lastSync, lastError: status.lastError, listsSynced: status.listsSynced,
                waiting: status.waiting, conflicts: status.conflicts, problems: status.problems))
        }
        Output.line(settings.map { "Server: \($0.url)\($0.username.map { " as \($0)" } ?? "")" } ?? "Sync is not set up (see docs/sync.md).")
        if let last = status.lastSync {
            Output.line("Last sync: \(last.formatted(date: .abbreviated, time: .standard))")
        } else {
            Output.line("Last sync: never")
        }
        if let error = status.lastError { Output.line(Output.safe("Last error: \(error)")) }
        Output.line("Lists synced: \(status.listsSynced); changes here waiting to be sent: \(status.waiting)")
        for problem in status.problems { Output.line(Output.safe("not synced: " + problem)) }
        for conflict in status.conflicts.prefix(10) {
            Output.line(Output.safe("\(conflict.date.formatted(date: .abbreviated, time: .shortened)) \(Self.describe(conflict))"))
        }
    }
}

private final class Box<Value>: @unchecked Sendable {
    var value: Value?
}
