import Foundation
import TerminalKit

/// Requests typed to the assistant in this session (and earlier ones, when the data
/// folder keeps them), for ↑/↓ in the command bar.
public struct CommandHistory: Sendable, Equatable {
    package var entries: [String] = []
    /// The entry shown, or nil for the person's own line.
    package var index: Int?
    /// The person's own line while browsing.
    package var draft = ""
    /// Whether the saved history was asked for.
    package var loaded = false
    /// Whether an entry was added since the history was last saved.
    package var unsaved = false

    static let limit = 200

    public enum Msg: Sendable, Equatable {
        /// The history saved by earlier sessions, read.
        case loaded([String])
    }

    static func update(_ history: inout CommandHistory, _ msg: Msg) {
        switch msg {
        case .loaded(let earlier):
            history.entries = Array((earlier + history.entries).suffix(limit))
        }
    }

    mutating func record(_ line: String) {
        index = nil
        draft = ""
        guard !line.isEmpty, entries.last != line else { return }
        entries.append(line)
        unsaved = true
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
    }

    /// ↑ (older) and ↓ (newer) from the bar's `text`: the text to show instead, or nil when
    /// there is nothing further. Past the newest is the person's own line again.
    mutating func browse(older: Bool, from text: String) -> String? {
        let current = index ?? entries.count
        let next = older ? current - 1 : current + 1
        guard next >= 0, next <= entries.count, next != current else { return nil }
        if index == nil { draft = text }
        if next == entries.count {
            index = nil
            return draft
        }
        index = next
        return entries[next]
    }

    /// The history's work after a message: read what earlier sessions saved once the store
    /// is first read, and save what was added.
    static func effects(_ history: inout CommandHistory, storeRead: Bool) -> [Effect] {
        var effects: [Effect] = []
        if storeRead, !history.loaded {
            history.loaded = true
            effects.append(.loadHistory)
        }
        if history.unsaved {
            history.unsaved = false
            effects.append(.saveHistory(history.entries))
        }
        return effects
    }
}
