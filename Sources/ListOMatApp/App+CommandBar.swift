import Foundation
import ListStore
import TerminalKit

// The command bar's completion and its history, kept beside the database.

extension App {
    /// The names that complete the longest of `fragments` any name starts with (the
    /// fragment itself, typed whole, is no completion).
    func complete(_ fragments: [String], preferring list: UUID?) -> Msg {
        for fragment in fragments {
            let names = (try? store.names(startingWith: fragment, preferring: list, limit: 12)) ?? []
            let candidates = names.filter { $0 != fragment }
            if !candidates.isEmpty { return .completion(.candidates(fragment: fragment, candidates)) }
        }
        return .completion(.candidates(fragment: fragments.last ?? "", []))
    }

    func loadHistory() -> Msg {
        .history(.loaded(historyFile.map(Self.readHistory) ?? []))
    }

    func saveHistory(_ entries: [String]) {
        if let historyFile { Self.writeHistory(entries, to: historyFile) }
    }

    /// Where the requests typed to the assistant are kept: beside the database (none for a
    /// store in memory, as `listomat screen` and the tests use).
    private var historyFile: String? {
        store.path.map { ($0 as NSString).deletingLastPathComponent + "/command-history" }
    }

    private static func readHistory(_ path: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map { TextInput(text: String($0)).text }.filter { !$0.isEmpty }
            .suffix(CommandHistory.limit).map { $0 }
    }

    /// Writes the history, private to its owner (0600); a file that cannot be written just
    /// means no history next time.
    private static func writeHistory(_ entries: [String], to path: String) {
        let text = entries.suffix(CommandHistory.limit).joined(separator: "\n") + "\n"
        let temporary = path + ".tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else { return }
        if rename(temporary, path) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
    }
}
