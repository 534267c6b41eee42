import CalDAVSync
import IntentKit
import ListIntents
import ListStore

/// What a sync says to the person, in the command line's language (`sync.report.*`,
/// `sync.count.*`, `sync.error.*` in the interface catalog): the line after `listomat sync` and
/// after the TUI's sync key, why a sync failed, each line of its log (`sync.action.*`,
/// `sync.note.*`, `sync.problem.*`), its progress, a conflict's details (`sync.conflict.*`) and
/// `sync --status`.
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
        reason(error.message)
    }

    /// A failure's message as the store keeps it (`SyncStatus.lastErrorMessage`), in the language.
    static func reason(_ message: StoreMessage) -> String {
        // A failed request's step ("saving …", `sync.step.*`), worded into `${what}` first.
        guard case .text(let step)? = message.values["step"], !message.key.isEmpty, words.has(message.key) else {
            return words.message(message)
        }
        var arguments = words.arguments(message.values)
        arguments["what"] = .text(words("sync.step.\(step)", arguments))
        return words(message.key, arguments)
    }

    /// "sync failed: …", and for a failure the next sync resumes from, that it does.
    static func failed(_ error: SyncError, resumable: Bool) -> String {
        words(resumable ? "sync.report.failedResumable" : "sync.report.failed", ["reason": .text(reason(error))])
    }

    /// One line of a sync's log, its progress or a problem, in the language; an item's changed
    /// fields (`FieldChanges`' values) worded into `${changes}`.
    static func line(_ message: StoreMessage) -> String {
        guard !message.key.isEmpty, words.has(message.key) else { return message.english }
        var arguments = words.arguments(message.values)
        if case .number(let checked)? = message.values["checked"] { arguments["changes"] = .text(changes(message.values, checked: checked)) }
        if let nested = nestedReason(message.values) { arguments["reason"] = .text(reason(nested)) }
        return words(message.key, arguments)
    }

    /// The failure a line carries as `reasonKey` and `reason.<name>` values (`refusedByServer`).
    private static func nestedReason(_ values: [String: ChangeSummary.Value]) -> StoreMessage? {
        guard case .text(let key)? = values["reasonKey"], case .text(let english)? = values["reason"] else { return nil }
        var nested: [String: ChangeSummary.Value] = [:]
        for (name, value) in values where name.hasPrefix("reason.") { nested[String(name.dropFirst("reason.".count))] = value }
        return StoreMessage(key, nested, english: english)
    }

    /// "rename “milk” to “oat milk”, check off “oat milk”", from `FieldChanges`' values.
    private static func changes(_ values: [String: ChangeSummary.Value], checked: Int) -> String {
        func text(_ name: String) -> TemplateValue {
            if case .text(let value)? = values[name] { return .text(value) }
            return .text("")
        }
        var parts: [String] = []
        if values["renamed"] == .number(1) { parts.append(words("sync.fields.rename", ["old": text("old"), "name": text("name")])) }
        if checked != 0 { parts.append(words(checked == 1 ? "sync.fields.check" : "sync.fields.uncheck", ["name": text("name")])) }
        if values["moved"] == .number(1) { parts.append(words("sync.fields.move", ["name": text("name")])) }
        return parts.isEmpty ? words("sync.fields.update", ["item": text("item")]) : parts.joined(separator: words("sync.fields.separator"))
    }

    /// "conflict: “milk” on Groceries, name: kept “oat milk” (changed here later); the server's
    /// “soy milk” lost", in the language. A conflict of a kind this version does not know is
    /// said in English.
    static func conflict(_ conflict: SyncConflict) -> String {
        let side = conflict.lostSide == .server ? "serverLost" : "hereLost"
        var arguments: [String: TemplateValue] = ["item": .text(conflict.item), "list": .text(conflict.list)]
        let key: String
        switch conflict.field {
        case "deleted":
            let deleted = conflict.lostSide == .server ? "deleted on the server" : "deleted here"
            guard conflict.lost == deleted, !conflict.item.isEmpty else { return SyncCommand.describe(conflict) }
            key = "sync.conflict.deleted.\(side)"
        case "name", "done", "position":
            arguments["field"] = .text(words("sync.field.\(conflict.field)"))
            arguments["kept"] = .text(value(conflict.kept, field: conflict.field))
            arguments["lost"] = .text(value(conflict.lost, field: conflict.field))
            key = "sync.conflict.\(conflict.item.isEmpty ? "list" : "item").\(side)"
        default:
            return SyncCommand.describe(conflict)
        }
        return words(key, arguments)
    }

    /// A conflict's value: a name as it is, a check mark in the language.
    private static func value(_ value: String, field: String) -> String {
        guard field == "done", value == "checked" || value == "unchecked" else { return value }
        return words("sync.value.\(value)")
    }
}
