import Foundation
import IntentKit
import ListIntents
import ListStore
import TerminalKit

// Reading the store: the lists and a window on the items of one, the snippet's list, and
// changes made by other processes.

extension App {
    /// A window on a list's items, or the failure (the list may be gone, by another
    /// process: everything is read again).
    func readItems(_ request: WindowRequest) -> Msg {
        do {
            return .itemsLoaded(try window(request))
        } catch {
            return .failed(Self.sentence(model.screen.words.error(error)), reload: true)
        }
    }

    /// The first rows of the snippet's list; nil when it cannot be read now (the panel keeps
    /// what it showed until the next change).
    func readSnippet(_ list: UUID, rows: Int) -> Msg? {
        do {
            return .snippetLoaded(list: list, try store.itemWindow(of: list, around: 0, before: 0, after: rows))
        } catch .notFound {
            return .snippetLoaded(list: list, nil)
        } catch {
            return nil
        }
    }

    /// On a tick: logs what was done, checkpoints after writes, and reads the store again when
    /// another process changed it (else ranks the suggestions again when they are stale).
    func checkForChanges() -> Msg? {
        flushDonations()
        if wroteSinceCheckpoint {
            wroteSinceCheckpoint = (try? store.checkpoint()) == nil
        }
        guard let version = try? store.dataVersion(), version != seenVersion else {
            return suggestionsStale ? suggest() : nil
        }
        loadedSession?.storeChanged()
        suggestionsStale = true
        return perform(ItemsSource.read(model, nil))
    }

    /// The store now, or the failure to read it (said in the footer; the panes keep what
    /// they showed).
    func load(_ target: Target?) -> Msg {
        do {
            return .loaded(try snapshot(target), target)
        } catch {
            return .failed(Self.sentence(model.screen.words.error(error)), reload: false)
        }
    }

    /// The lists, and a window on the items of `list` (or of the list selected now, else of
    /// the one now where the selection was, as the lists pane will select it, else of the
    /// first), around the item selected when it is the same list.
    private func snapshot(_ target: Target?) throws -> StoreSnapshot {
        seenVersion = try store.dataVersion()
        var attempt = 0
        while true {
            let lists = try store.summaries()
            let wanted = target?.list ?? model.selectedList?.list.id
            let shown = lists.first { $0.list.id == wanted }?.list.id
                ?? model.listsPane.view.selected.flatMap { lists.isEmpty ? nil : lists[min($0, lists.count - 1)].list.id }
                ?? lists.first?.list.id
            guard let shown else { return StoreSnapshot(lists: lists, items: nil) }
            let item = target?.item ?? (shown == model.itemsPane.listID ? model.selectedItem?.id : nil)
            do {
                let items = try window(windowRequest(model, list: shown, index: model.itemsPane.view.selected ?? 0, item: item))
                return StoreSnapshot(lists: lists, items: items)
            } catch StoreError.notFound(let message) {
                // Removed (by another process) between the two reads: once more.
                attempt += 1
                if attempt > 1 { throw StoreError.notFound(message) }
            }
        }
    }

    func window(_ request: WindowRequest) throws -> ItemWindow {
        try store.itemWindow(
            of: request.list, around: request.index, keeping: request.item, before: request.before,
            after: request.after, near: request.known)
    }
}
