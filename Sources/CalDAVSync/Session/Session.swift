import Foundation
import ListStore

/// One sync run: pairs lists with collections, then merges each pair.
struct Session {
    let store: ListStore
    let client: DAVClient
    let account: SyncAccount
    let dryRun: Bool
    let progress: (@Sendable (StoreMessage) -> Void)?
    var report: SyncReport
    var snapshot: SyncSnapshot
    /// Local list names taken, by key, as lists are created and renamed during the run.
    var takenNames: Set<String> = []
    /// Steps made but not yet written to the store.
    var pending: [SyncStep] = []
    /// The to-dos, with their data, of collections met for the first time this run (see `firstListing`).
    var firstListings: [String: [DAVClient.Member]] = [:]
    /// What the server took from this run's changes, by href: the entity tag its answer gave
    /// (nil: none given), or that it deleted the to-do (`Session+Saving.swift`).
    var sent: [String: SentChange] = [:]
    /// Whether a list's sync token was learnt after this run's own changes (`tokenAfterOwnChanges`).
    var learntOwnTokens = false
    let now: Date

    init(store: ListStore, client: DAVClient, account: SyncAccount, dryRun: Bool, progress: (@Sendable (StoreMessage) -> Void)?) {
        self.store = store
        self.client = client
        self.account = account
        self.dryRun = dryRun
        self.progress = progress
        self.report = SyncReport(dryRun: dryRun)
        self.snapshot = SyncSnapshot()
        // Whole milliseconds, as the store keeps times.
        self.now = Date(timeIntervalSince1970: (store.now.timeIntervalSince1970 * 1000).rounded() / 1000)
    }

    mutating func run() async throws -> SyncReport {
        do {
            return try await runOnce()
        } catch {
            // What the server already took is remembered, so the next sync goes on from there.
            try? flush()
            if !dryRun {
                let message = (error as? SyncError)?.message ?? StoreMessage(plainText: "\(error)")
                try? store.setSyncMeta(["last_error": "\(error)", "last_error_message": message.stored])
            }
            throw error
        }
    }

    private mutating func runOnce() async throws -> SyncReport {
        let (home, collections) = try await readBothSides()
        if !dryRun { try store.setSyncMeta(["account": account.identity, "home": home]) }
        let paired = try await syncPaired(collections, home: home)
        try await syncUnpaired(collections, paired: paired, home: home)
        if !dryRun {
            // What could not be synced, for `--status` to say until the next sync.
            try store.setSyncMeta([
                "last_sync": String(now.timeIntervalSince1970), "last_error": nil, "last_error_message": nil,
                // A list whose token this run learnt after its own changes: the next listing asks for tokens.
                "own_tokens": learntOwnTokens ? "1" : nil,
                "problems": report.problems.isEmpty ? nil : report.problems.joined(separator: "\n"),
                // The same as data, each a line, so `--status` words them in its reader's language.
                "problem_messages": report.problems.isEmpty ? nil : report.problemLines.map(\.stored).joined(separator: "\n"),
            ])
        }
        return report
    }

    /// The store's lists and the server's collections, with the calendar home they are in.
    private mutating func readBothSides() async throws -> (home: String, collections: [RemoteCollection]) {
        // The calendar home found last time saves the discovery's round trips. Its collections
        // are asked for first, and the store is read while the server answers (a sync with
        // nothing to do is then about as long as that one request).
        let meta = try store.syncMeta()
        let knownHome = meta["account"] == account.identity ? meta["home"] : nil
        let client = self.client
        let withTokens = meta["own_tokens"] != nil
        async let early = Self.collections(in: knownHome, client, withTokens: withTokens)
        snapshot = try store.syncSnapshot()
        let earlyCollections = await early
        if let previous = snapshot.meta["account"], previous != account.identity {
            // Another server or user: its state says nothing of this one. Lists pair by name.
            report.noteLines.append(.otherAccount(previous, now: account.identity))
            if !dryRun { try store.forgetSyncState() }
            snapshot.syncedLists = [:]
            snapshot.syncedItems = [:]
        }
        takenNames = Set(snapshot.lists.map { NameRules.key($0.name) })
        // The home found last time, unless it is gone; else found again.
        let home: String
        let collections: [RemoteCollection]
        let synced = snapshot.syncedLists.values
        let noneLeft = { (collections: [RemoteCollection]) in
            !synced.isEmpty && !synced.contains { list in collections.contains { $0.href == list.href } }
        }
        if let known = knownHome, snapshot.meta["account"] == account.identity,
           let found = earlyCollections, !noneLeft(found) {
            home = known
            collections = found
        } else {
            home = try await client.calendarHome()
            collections = try await client.collections(in: home, withTokens: withTokens)
        }
        // Every list synced before gone at once is more likely a moved home or another account
        // than deletions: nothing is deleted on that guess.
        if synced.count >= 2 && noneLeft(collections) {
            throw SyncError(.protocolError, StoreMessage("sync.error.listsGone", ["count": .number(synced.count), "home": .text(home)], english:
                "none of the \(synced.count) lists synced before are on the server any more (\(home)); nothing was changed. If they were deleted there, delete them here too, or run `listomat sync --forget` to start over"))
        }
        return (home, collections)
    }

    /// The pairs the last sync made, each merged, or deleted or made again where one side
    /// deleted its half; returns the collections and the lists they pair.
    private mutating func syncPaired(
        _ collections: [RemoteCollection], home: String
    ) async throws -> (hrefs: Set<String>, lists: Set<UUID>) {
        var byHref: [String: RemoteCollection] = [:]
        for collection in collections { byHref[collection.href] = collection }
        var localByID: [UUID: TaskList] = [:]
        for list in snapshot.lists { localByID[list.id] = list }
        var pairedHrefs: Set<String> = []
        var pairedLists: Set<UUID> = []
        for synced in snapshot.syncedLists.values.sorted(by: { $0.href < $1.href }) {
            let local = localByID[synced.listID]
            let remote = byHref[synced.href]
            pairedHrefs.insert(synced.href)
            pairedLists.insert(synced.listID)
            switch (local, remote) {
            case let (local?, remote?):
                try await merge(local, synced, remote)
            case let (local?, nil):
                try await deletedOnServer(local, synced, home: home)
            case let (nil, remote?):
                try await deletedHere(synced, remote)
            case (nil, nil):
                try commit([SyncStep([.forgetList(synced.listID)])])
            }
            try flush()
        }
        return (pairedHrefs, pairedLists)
    }

    /// Lists new on either side; a name on both is one list (a first sync, or a second device).
    private mutating func syncUnpaired(
        _ collections: [RemoteCollection], paired: (hrefs: Set<String>, lists: Set<UUID>), home: String
    ) async throws {
        var unpairedRemote = collections.filter { !paired.hrefs.contains($0.href) }
        for local in snapshot.lists where !paired.lists.contains(local.id) {
            if let index = unpairedRemote.firstIndex(where: { NameRules.key(remoteName($0)) == NameRules.key(local.name) }) {
                let remote = unpairedRemote.remove(at: index)
                try await merge(local, nil, remote)
            } else {
                try await createOnServer(local, home: home)
            }
            try flush()
        }
        for remote in unpairedRemote {
            // A general calendar with no to-dos is not a list.
            if remote.eventsToo, try await firstListing(remote).isEmpty { continue }
            try await createHere(remote)
            try flush()
        }
    }

    /// The collections of a home, or nil (no home known, or the server did not answer).
    static func collections(in home: String?, _ client: DAVClient, withTokens: Bool) async -> [RemoteCollection]? {
        guard let home else { return nil }
        return try? await client.collections(in: home, withTokens: withTokens)
    }
}
