import ArgumentParser
import CalDAVSync
import Foundation
import IntentKit
import ListOMatApp
import ListStore
import Settings

/// `listomat sync`: two-way sync of the lists with a CalDAV server (docs/sync.md).
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: CLIWords.text("cli.abstract.sync"),
        discussion: CLIWords.text("cli.discussion.sync"))

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
            throw CLIWords.invalid("cli.sync.chooseOne")
        }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        if status { return try showStatus(environment) }
        let store = try global.openForWriting(settlingEachChange: false)
        if forget {
            try store.forgetSyncState()
            Output.line(CLIWords.text("cli.sync.forgot"))
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
                    if showProgress { Output.hint(SyncWords.line(line)) }
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
            throw Failure(CLIWords.text("cli.sync.failed"), .refused)
        }
    }

    static func settings(_ environment: [String: String]) throws -> SyncSettings {
        let config: Config
        do {
            config = try Config.load(environment: environment, actions: Keymap.actionNames)
        } catch {
            throw Failure(CLIWords.settings(error), .usage)
        }
        guard let sync = config.sync else {
            let path = Config.defaultPath(environment: environment) ?? "~/.config/listomat/config.toml"
            throw Failure(CLIWords.text("cli.sync.notSetUp", ["file": .text(path)]), .usage)
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
                throw Failure(CLIWords.text("cli.sync.passwordEnvUnset", ["name": .text(name)]), .usage)
            }
            return value
        }
        guard let commandLine = settings.passwordCommand else { return nil }
        return try (command ?? PasswordCommand(commandLine, timeout: Double(settings.timeout), diesWithUs: true)).run()
    }

    static func print(_ report: SyncReport, url: String) {
        for action in report.actionLines { Output.line(Output.safe(SyncWords.line(action))) }
        for conflict in report.conflicts { Output.line(Output.safe(SyncWords.conflict(conflict))) }
        for note in report.noteLines { Output.line(Output.safe(CLIWords.text("cli.sync.note", ["note": .text(SyncWords.line(note))]))) }
        for problem in report.problemLines { Output.line(Output.safe(notSynced(problem))) }
        Output.line(SyncWords.line(report, url: url))
    }

    /// "not synced: “milk” on Groceries: …" in the language.
    static func notSynced(_ problem: StoreMessage) -> String {
        CLIWords.text("cli.sync.notSynced", ["problem": .text(SyncWords.line(problem))])
    }

    /// A conflict in English, for one of a kind `SyncWords.conflict` does not know:
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
        let text = CLIWords.text
        if let settings {
            let server: [String: TemplateValue] = ["url": .text(settings.url), "user": .text(settings.username ?? "")]
            Output.line(text(settings.username == nil ? "cli.sync.status.server" : "cli.sync.status.serverAs", server))
        } else {
            Output.line(text("cli.sync.status.notSetUp", [:]))
        }
        if let last = status.lastSync {
            Output.line(text("cli.sync.status.last", ["date": .text(Self.date(last, time: .standard))]))
        } else {
            Output.line(text("cli.sync.status.never", [:]))
        }
        if let error = status.lastErrorMessage { Output.line(Output.safe(text("cli.sync.status.error", ["reason": .text(SyncWords.reason(error))]))) }
        Output.line(text("cli.sync.status.counts", ["lists": .number(status.listsSynced), "waiting": .number(status.waiting)]))
        for problem in status.problemMessages { Output.line(Output.safe(Self.notSynced(problem))) }
        for conflict in status.conflicts.prefix(10) {
            Output.line(Output.safe("\(Self.date(conflict.date, time: .shortened)) \(SyncWords.conflict(conflict))"))
        }
    }

    /// A date as the language writes it (English as the system does).
    static func date(_ date: Date, time: Date.FormatStyle.TimeStyle) -> String {
        let locale = CLIWords.catalog.locale
        guard locale != "en" else { return date.formatted(date: .abbreviated, time: time) }
        return date.formatted(Date.FormatStyle(date: .abbreviated, time: time).locale(Locale(identifier: locale)))
    }
}

private final class Box<Value>: @unchecked Sendable {
    var value: Value?
}
