import Foundation
import IntentKit
import TerminalKit

/// What a background sync is doing and did last, as the footer shows it. Filled in by the
/// sync (the `listomat` executable's, with CalDAV; a fake in the tests) and read by the App
/// on every tick.
public struct SyncIndicator: Sendable, Equatable {
    package enum Activity: Sendable, Equatable {
        /// Between syncs.
        case idle
        /// A sync is running; `progress` says how far a long one is ("Groceries: 1,200 of 10,000 sent").
        case syncing(progress: String?)
        /// The last sync failed, or sync cannot run at all (a password_command that failed):
        /// the reason, a sentence for a person.
        case failed(String)
    }

    package var activity: Activity
    /// When a sync last finished well.
    package var lastSync: Date?
    /// Changes made here that the next sync sends.
    package var waiting: Int
    /// How many syncs have finished (well or not) since the start: a new outcome is told from
    /// the same one read again.
    package var finished: Int
    /// What the last finished sync did, in a sentence ("Synced: here 2 added; server no change.").
    package var summary: String?
    /// The conflicts the last finished sync settled, a sentence each saying which change lost.
    package var conflicts: [String]

    package init(
        _ activity: Activity = .idle, lastSync: Date? = nil, waiting: Int = 0, finished: Int = 0,
        summary: String? = nil, conflicts: [String] = []
    ) {
        self.activity = activity
        self.lastSync = lastSync
        self.waiting = waiting
        self.finished = finished
        self.summary = summary
        self.conflicts = conflicts
    }
}

/// Sync that runs beside the TUI, never on the key path: `start` when the TUI starts (a first
/// sync, then one every interval), `syncNow` for the sync key (a sync already running is not
/// started twice), `stop` when it quits (a sync in flight may finish or be abandoned).
/// `status` is read from the App's thread on every tick while the sync writes it from its own:
/// implementations make it thread-safe.
public protocol BackgroundSync: AnyObject, Sendable {
    func start()
    func syncNow()
    func stop()
    var status: SyncIndicator { get }
}

/// The sync as the model holds it: the indicator last read and the time it was read at (for
/// "synced 2 min ago").
package struct SyncShown: Sendable, Equatable {
    package var indicator: SyncIndicator
    package var now: Date
    /// The person pressed the sync key: the outcome goes to the message line when it comes.
    package var requested = false

    package init(_ indicator: SyncIndicator, now: Date) {
        self.indicator = indicator
        self.now = now
    }

    /// The footer's words: "⟳ syncing…", "synced 2 min ago", "sync: 3 waiting", "sync failed: …".
    package func footerText(_ words: MessageCatalog) -> String {
        switch indicator.activity {
        case .syncing(let progress?): return "⟳ " + Sanitizer.sanitized(progress)
        case .syncing(nil): return words("sync.syncing")
        case .failed(let reason): return words("sync.failedShort", ["reason": .text(Sanitizer.sanitized(Self.lowercasedFirst(reason)))])
        case .idle: break
        }
        let conflicts = indicator.conflicts.count
        let suffix = conflicts == 0 ? "" : words("sync.conflicts", ["count": .number(conflicts)])
        if indicator.waiting > 0 { return words("sync.waiting", ["count": .number(indicator.waiting)]) + suffix }
        guard let last = indicator.lastSync else { return words("sync.never") }
        return words("sync.synced", ["ago": .text(Self.ago(now.timeIntervalSince(last), words))]) + suffix
    }

    /// "just now", "5 min ago", "3 h ago", "2 days ago".
    static func ago(_ seconds: TimeInterval, _ words: MessageCatalog) -> String {
        let seconds = max(0, seconds)
        if seconds < 60 { return words("ago.now") }
        if seconds < 3_600 { return words("ago.minutes", ["count": .number(Int(seconds / 60))]) }
        if seconds < 86_400 { return words("ago.hours", ["count": .number(Int(seconds / 3_600))]) }
        return words("ago.days", ["count": .number(Int(seconds / 86_400))])
    }

    /// A reason to follow "Sync failed: ", ending in a full stop.
    static func sentence(_ reason: String) -> String {
        let text = lowercasedFirst(reason)
        return text.hasSuffix(".") || text.hasSuffix("?") || text.hasSuffix("!") ? text : text + "."
    }

    /// "The server refused…" → "the server refused…" (not "URL…").
    static func lowercasedFirst(_ text: String) -> String {
        let start = text.prefix(2)
        guard let first = start.first, first.isUppercase, start.count == 2, start.last?.isLowercase == true else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
