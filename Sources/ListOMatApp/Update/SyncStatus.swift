import Foundation
import IntentKit
import ListStore
import TerminalKit

// The sync key, and the background sync's state read on a tick.

/// The sync key: sync now, when sync is set up; a failure shown in the footer is said whole.
func syncKey(_ model: inout AppModel) -> [Effect] {
    guard var shown = model.sync else {
        model.status = StatusMessage(text: model.screen.words("sync.notSetUp"), isError: true)
        return []
    }
    shown.requested = true
    model.sync = shown
    let words = model.screen.words
    switch shown.indicator.activity {
    case .failed(let reason):
        model.status = StatusMessage(text: words("sync.failedRetry", ["reason": .text(SyncShown.sentence(reason))]), isError: true)
    case .syncing:
        model.status = StatusMessage(text: words("sync.already"), isError: false)
    case .idle:
        model.status = StatusMessage(text: words("sync.started"), isError: false)
    }
    return [.syncNow]
}

/// The sync's state read again. When a sync has just ended, the message line says which
/// changes lost a conflict, or, after the sync key, what the sync did or why it failed.
func syncRead(_ model: inout AppModel, _ indicator: SyncIndicator, _ now: Date) {
    guard var shown = model.sync else { return }
    let ended = indicator.finished != shown.indicator.finished
    shown.indicator = indicator
    shown.now = now
    if ended {
        let words = model.screen.words
        var message: StatusMessage?
        if let first = indicator.conflicts.first {
            let more = indicator.conflicts.count - 1
            let text = App.sentence(first) + (more > 0 ? words("sync.moreConflicts", ["count": .number(more)]) : "")
            message = StatusMessage(text: Sanitizer.sanitized(text), isError: false)
        } else if shown.requested {
            switch indicator.activity {
            case .failed(let reason):
                let text = words("sync.failed", ["reason": .text(SyncShown.sentence(reason))])
                message = StatusMessage(text: Sanitizer.sanitized(text), isError: true)
            default:
                message = StatusMessage(text: Sanitizer.sanitized(indicator.summary ?? words("sync.done")), isError: false)
            }
        }
        shown.requested = false
        // Not over what the person is typing or answering.
        if let message, model.commandBar.purpose == nil, model.listsPane.confirmingDelete == nil { model.status = message }
    }
    model.sync = shown
}
