import CalDAVSync
import IntentKit
import ListIntents
import Foundation
import ListOMatApp
import ListStore
import Settings

/// The terminal UI's background sync: with `[sync]` set up, a first sync when the
/// UI starts, then one every `interval` seconds (none in the background at 0; the sync key
/// still syncs), on a task of its own, never on the key path, one at a time. It writes
/// through a store connection of its own, so the UI sees its changes as another process's
/// (`ListStore.dataVersion()`). Between syncs it reads what waits to be sent again when the
/// store changes, at most every two seconds.
final class TUISync: BackgroundSync, @unchecked Sendable {
    let settings: SyncSettings
    private let environment: [String: String]
    /// `password_command`, run at the start of the loop (never before the UI starts: a command
    /// that hangs would keep it blank), killed with its process group when the UI quits.
    private let passwordCommand: PasswordCommand?
    private let openStore: @Sendable () throws -> ListStore
    private let pollNanoseconds: UInt64

    private let lock = NSLock()
    private var current: SyncIndicator
    private var requested = false
    private var task: Task<Void, Never>?
    /// How many syncs were run (the tests count them).
    private var runs = 0

    /// The background sync for `settings`, or nil when sync is not set up (nothing runs then).
    /// The password is resolved by the loop; one that cannot be had is the failed state, not an error.
    static func make(
        _ settings: SyncSettings?, environment: [String: String] = ProcessInfo.processInfo.environment,
        pollInterval: TimeInterval = 0.25, openStore: @escaping @Sendable () throws -> ListStore
    ) -> TUISync? {
        guard let settings else { return nil }
        return TUISync(settings: settings, environment: environment, pollInterval: pollInterval, openStore: openStore)
    }

    private init(
        settings: SyncSettings, environment: [String: String], pollInterval: TimeInterval,
        openStore: @escaping @Sendable () throws -> ListStore
    ) {
        self.settings = settings
        self.environment = environment
        // Its error output would land on the UI's screen: it goes nowhere.
        passwordCommand = settings.passwordCommand.map { PasswordCommand($0, timeout: Double(settings.timeout), quietErrors: true) }
        self.openStore = openStore
        pollNanoseconds = UInt64(max(0.01, pollInterval) * 1e9)
        current = SyncIndicator(settings.interval > 0 ? .syncing(progress: nil) : .idle)
    }

    /// The account, with its password from `password_command` (on a thread of its own: it may
    /// take up to `timeout`) or `password_env`; nil, with the failed state set, when there is none.
    private func resolveAccount() async -> SyncAccount? {
        let settings = self.settings, environment = self.environment, command = passwordCommand
        let password: Result<String?, Failure> = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                do {
                    continuation.resume(returning: .success(try SyncCommand.password(settings, environment, command: command)))
                } catch let failure as Failure {
                    continuation.resume(returning: .failure(failure))
                } catch {
                    continuation.resume(returning: .failure(Failure("\(error)", .usage)))
                }
            }
        }
        switch password {
        case .success(let password):
            return SyncCommand.account(settings, environment, password: password)
        case .failure(let failure):
            update { $0.activity = .failed(failure.message) }
            return nil
        }
    }

    var status: SyncIndicator {
        lock.withLock { current }
    }

    /// How many syncs have run.
    var syncCount: Int {
        lock.withLock { runs }
    }

    func start() {
        lock.withLock {
            guard task == nil else { return }
            task = Task.detached { [self] in await loop() }
        }
    }

    func syncNow() {
        lock.withLock { requested = true }
    }

    func stop() {
        let running = lock.withLock {
            defer { task = nil }
            return task
        }
        running?.cancel()
        passwordCommand?.cancel()
    }

    /// Waits until the loop has ended (the tests; the UI does not wait).
    func waitUntilStopped() async {
        let running = lock.withLock { task }
        await running?.value
    }

    private func update(_ change: (inout SyncIndicator) -> Void) {
        lock.withLock { change(&current) }
    }

    private func takeRequest() -> Bool {
        lock.withLock {
            defer { requested = false }
            return requested
        }
    }

    // MARK: - The loop

    private func loop() async {
        let store: ListStore
        do {
            store = try openStore()
        } catch {
            let reason = CLIWords.catalog.error(error)
            update { $0.activity = .failed(CLIWords.text("cli.sync.cannotOpen", ["reason": .text(reason)])) }
            return await failedLoop()
        }
        guard let account = await resolveAccount() else { return await failedLoop() }
        let engine = SyncEngine(store: store, account: account)
        let interval = TimeInterval(settings.interval)
        var nextSync: Date? = interval > 0 ? Date() : nil
        var seenVersion: Int?
        var lastRead = Date.distantPast
        readStatus(store, failedBefore: true)
        while !Task.isCancelled {
            let due = nextSync.map { Date() >= $0 } ?? false
            if takeRequest() || due {
                await sync(engine, store)
                nextSync = interval > 0 ? Date().addingTimeInterval(interval) : nil
                seenVersion = try? store.dataVersion()
                lastRead = Date()
                continue
            }
            // Changes made meanwhile (in the UI or elsewhere): how many wait to be sent.
            if Date().timeIntervalSince(lastRead) >= 2, let version = try? store.dataVersion(), version != seenVersion {
                seenVersion = version
                lastRead = Date()
                readStatus(store, failedBefore: false)
            }
            try? await Task.sleep(nanoseconds: pollNanoseconds)
        }
    }

    /// Sync cannot run at all: each request says so again (a new outcome for the sync key).
    private func failedLoop() async {
        while !Task.isCancelled {
            if takeRequest() { update { $0.finished += 1 } }
            try? await Task.sleep(nanoseconds: pollNanoseconds)
        }
    }

    private func sync(_ engine: SyncEngine, _ store: ListStore) async {
        update { $0.activity = .syncing(progress: nil) }
        lock.withLock { runs += 1 }
        let outcome: Result<SyncReport, SyncError>
        do {
            outcome = .success(try await engine.run(dryRun: false) { [weak self] line in
                self?.update { $0.activity = .syncing(progress: SyncWords.line(line)) }
            })
        } catch {
            outcome = .failure(error)  // typed: a SyncError
        }
        let status = try? SyncStatus.read(store)
        update { indicator in
            indicator.finished += 1
            if let status {
                indicator.lastSync = status.lastSync
                indicator.waiting = status.waiting
            }
            switch outcome {
            case .success(let report):
                indicator.activity = .idle
                indicator.summary = SyncWords.summary(report)
                indicator.conflicts = report.conflicts.map(SyncWords.conflict)
            case .failure(let error):
                indicator.activity = .failed(SyncWords.reason(error))
                indicator.summary = nil
                indicator.conflicts = []
            }
        }
    }

    /// The store's sync state outside a sync: when it last synced, what waits; at start, a
    /// failure the last sync left (`listomat sync` in another terminal) shows until a sync goes well.
    private func readStatus(_ store: ListStore, failedBefore: Bool) {
        guard let status = try? SyncStatus.read(store) else { return }
        update { indicator in
            indicator.lastSync = status.lastSync
            indicator.waiting = status.waiting
            if failedBefore, case .idle = indicator.activity, let error = status.lastErrorMessage {
                indicator.activity = .failed(SyncWords.reason(error))
            }
        }
    }

}
