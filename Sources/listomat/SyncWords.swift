import CalDAVSync
import IntentKit
import ListIntents
import ListStore

/// What a sync says to the person, in the command line's language (`sync.report.*`,
/// `sync.count.*`, `sync.error.*` in the interface catalog): the line after `listomat sync` and
/// after the TUI's sync key, and why a sync failed. The log of each thing a sync did (one line
/// per item sent or received) and a conflict's details stay English for now.
enum SyncWords {
    static var words: MessageCatalog { CLIWords.catalog }

    /// "here 2 added; server no change" and what was not synced, for the lines below.
    private static func arguments(_ report: SyncReport, unsynced key: String) -> [String: TemplateValue] {
        let unsynced = report.problems.isEmpty ? "" : words(key, ["count": .number(report.problems.count)])
        return ["here": .text(counts(report.here)), "server": .text(counts(report.server)), "unsynced": .text(unsynced)]
    }

    /// "Synced: here 2 added; server 1 changed." for the message line after the sync key.
    static func summary(_ report: SyncReport) -> String {
        if report.here.isEmpty && report.server.isEmpty && report.problems.isEmpty { return words("sync.report.inStep") }
        return words("sync.report.counts", arguments(report, unsynced: "sync.report.unsyncedStatus"))
    }

    /// "Synced with https://…: here 2 added; server no change." after `listomat sync`.
    static func line(_ report: SyncReport, url: String) -> String {
        var arguments = arguments(report, unsynced: "sync.report.unsyncedAbove")
        arguments["url"] = .text(url)
        if report.here.isEmpty && report.server.isEmpty && report.problems.isEmpty {
            return words(report.dryRun ? "sync.report.wouldNothing" : "sync.report.withInStep", arguments)
        }
        return words(report.dryRun ? "sync.report.would" : "sync.report.with", arguments)
    }

    /// "1 list added, 2 added, 1 changed", or "no change".
    static func counts(_ counts: SyncReport.Counts) -> String {
        let parts = [
            (counts.listsAdded, "sync.count.listsAdded"), (counts.listsRenamed, "sync.count.listsRenamed"),
            (counts.listsDeleted, "sync.count.listsDeleted"), (counts.itemsAdded, "sync.count.added"),
            (counts.itemsChanged, "sync.count.changed"), (counts.itemsDeleted, "sync.count.deleted"),
        ].filter { $0.0 > 0 }.map { words($0.1, ["count": .number($0.0)]) }
        return parts.isEmpty ? words("sync.count.none") : parts.joined(separator: words("sync.count.separator"))
    }

    /// Why a sync failed, in the language (a message without a key in its English).
    static func reason(_ error: SyncError) -> String {
        words.message(error.message)
    }

    /// "sync failed: …", and for a failure the next sync resumes from, that it does.
    static func failed(_ error: SyncError, resumable: Bool) -> String {
        words(resumable ? "sync.report.failedResumable" : "sync.report.failed", ["reason": .text(reason(error))])
    }
}
