import Foundation
import ListStore
import TerminalKit

extension App {
    /// Carries out a feature's effect. Returns its message, and whether it wrote to the
    /// store (so the runtime forgets what it read before: the assistant's names, the
    /// suggestions).
    func performFeature(_ effect: FeatureEffect) -> (Msg?, wrote: Bool) {
        switch effect {
        case .readView(let request):
            do {
                return (try readView(request), false)
            } catch {
                return (.failed(Self.sentence("\(error)"), reload: true), false)
            }
        case .sortList(let list):
            do {
                let changed = try store.sortItems(in: .id(list))
                guard changed.recorded else {
                    let name = (try? store.list(.id(list)).name) ?? "The list"
                    let already = "\(name) is already sorted by name, checked items last; nothing changed."
                    return (.changed(summary: already, undoable: false, Target(list: list, item: nil)), false)
                }
                return (.changed(summary: Self.sentence(changed.summary), undoable: true, Target(list: list, item: nil)), true)
            } catch {
                return (.failed(Self.sentence("\(error)"), reload: true), true)
            }
        case .moveItem(let item, let to):
            do {
                let changed = try store.moveItems([.id(item.id)], from: .id(item.listID), to: .id(to))
                let target = (model.features.allLists + model.lists.map(\.list)).first { $0.id == to }?.name ?? "the other list"
                if let moved = changed.value.moved.first {
                    // The panes follow the row: off this list, onto the other's count.
                    let rows = [RowChange(before: item, after: moved)]
                    return (.itemsChanged(list: item.listID, .restored(rows), summary: "Moved \(item.name) to \(target)", undoable: true), true)
                }
                // Merged into the same name there: read again.
                return (.changed(summary: "Moved \(item.name) to \(target) (it was there already: one \(item.name) now)", undoable: true,
                                 Target(list: item.listID, item: nil)), true)
            } catch {
                return (.failed(Self.sentence("\(error)"), reload: true), true)
            }
        case .complete(let fragments, let list):
            for fragment in fragments {
                let names = (try? store.names(startingWith: fragment, preferring: list, limit: 12)) ?? []
                // The fragment itself, typed whole, is no completion.
                let candidates = names.filter { $0 != fragment }
                if !candidates.isEmpty { return (.feature(.completions(fragment: fragment, candidates: candidates)), false) }
            }
            return (.feature(.completions(fragment: fragments.last ?? "", candidates: [])), false)
        case .loadHistory:
            return (.feature(.historyLoaded(historyFile.map(Self.readHistory) ?? [])), false)
        case .saveHistory(let entries):
            if let historyFile { Self.writeHistory(entries, to: historyFile) }
            return (nil, false)
        }
    }

    /// The rows the items pane shows for a search and/or a view order.
    private func readView(_ request: ViewRequest) throws -> Msg {
        let all = try store.summaries()
        var lists = all
        if let search = request.search {
            let found = Set(try store.searchLists(matching: search).map(\.list))
            lists = all.filter { found.contains($0.list.id) }
        }
        let shown = lists.first { $0.list.id == request.list }
            ?? (lists.isEmpty ? nil : lists[min(max(0, request.listIndex), lists.count - 1)])
        guard let shown else {
            return .feature(.viewRows(ViewRows(request: request, lists: lists, allLists: all.map(\.list), list: nil, items: [], complete: true)))
        }
        var items: [ListItem]
        var complete = true
        if let search = request.search {
            let matches = try store.searchItems(in: shown.list.id, matching: search, limit: Features.searchLimit)
            items = matches.items
            complete = matches.complete
        } else if shown.itemCount > Features.sortLimit {
            return .feature(.viewRefused(Features.tooLong(shown.itemCount)))
        } else {
            items = try store.items(in: .id(shown.list.id))
        }
        if let order = request.order { items = order.sorted(items) }
        return .feature(.viewRows(ViewRows(request: request, lists: lists, allLists: all.map(\.list), list: shown, items: items, complete: complete)))
    }

    // MARK: - The command bar's history

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
