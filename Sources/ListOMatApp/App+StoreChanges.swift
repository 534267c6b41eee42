import Foundation
import IntentKit
import ListIntents
import ListStore
import TerminalKit

// The store changes the panes ask for: each one transaction, its summary in the footer, the
// panes following the rows it changed (or reading the store again).

extension App {
    /// Carries out a change to lists or items (or an undo step).
    func change(_ effect: Effect) -> Msg? {
        switch effect {
        case .undo:
            return stepping { try store.undoStep() }
        case .redo:
            return stepping { try store.redoStep() }
        case .createList(let name):
            return changing(nil) {
                let changed = try store.createList(named: name)
                donate(Shortcuts.createList(changed.value, items: [], source: "tui", at: store.now))
                return (changed.value.id, said(changed.change))
            }
        case .renameList(let id, let name):
            return changing(nil) { (id, said(try store.renameList(.id(id), to: name).change)) }
        case .deleteList(let id):
            return changing(nil, undoable: true) { (nil, said(try store.deleteList(.id(id)).change)) }
        case .copyList(let id):
            return changing(nil, undoable: true) {
                let changed = try store.copyList(.id(id), dateLocale: model.screen.words.locale)
                if let source = listNamed(id) { donate(Shortcuts.copyList(source, source: "tui", at: store.now)) }
                return (changed.value.id, said(changed.change))
            }
        case .resetList(let id):
            // Undoable when it unchecked something; a list with nothing checked is left as it was.
            var recorded = false
            let reset = changing(nil, undoable: true) {
                let changed = try store.resetList(.id(id))
                recorded = changed.recorded
                if changed.recorded, let list = listNamed(id) { donate(Shortcuts.resetList(list, source: "tui", at: store.now)) }
                let words = model.screen.words
                return (id, recorded ? said(changed.change) : words("reset.nothing", ["list": .text(listNamed(id)?.name ?? words("reset.theList"))]))
            }
            guard !recorded, case .changed(let summary, _, let target) = reset else { return reset }
            return .changed(summary: summary, undoable: false, target)
        default:
            return changeItems(effect)
        }
    }

    /// What a change did, in the interface's language ("removed milk from Grocery Store").
    func said(_ change: ChangeSummary) -> String {
        model.screen.words.change(change)
    }

    /// Carries out a change to items of one list, which the panes follow.
    private func changeItems(_ effect: Effect) -> Msg? {
        switch effect {
        case .addItems(let list, let names):
            return changingItems(list) {
                let changed = try store.addItemsUnlessPresent(names, to: .id(list))  // the one rule for adding
                if let named = listNamed(list), changed.recorded {
                    donate(Shortcuts.addItems(changed.value.added + changed.value.uncheckedAgain, to: named, source: "tui", at: store.now))
                }
                let already = model.screen.words("add.already", ["names": .text(names.joined(separator: ", "))])
                return (.merged(changed.value), changed.recorded ? said(changed.change) : already)
            }
        case .renameItem(let list, let item, let name):
            return changingItems(list) {
                let changed = try store.renameItem(.id(item), in: .id(list), to: name)
                return (.updated([changed.value]), said(changed.change))
            }
        case .deleteItem(let list, let item):
            return changingItems(list, undoable: true) {
                let changed = try store.deleteItems([.id(item)], from: .id(list))
                return (.removed(changed.value), said(changed.change))
            }
        case .moveWithin(let list, let item, let index):
            return changingItems(list, undoable: true) {
                let changed = try store.moveItem(.id(item), in: .id(list), to: index)
                return (.updated([changed.value]), said(changed.change))
            }
        case .setDone(let list, let item, let done):
            return changingItems(list) {
                let changed = try store.setDone(done, [.id(item)], in: .id(list))
                if let named = listNamed(list) {
                    donate(Shortcuts.setDone(done, changed.value, in: named, source: "tui", at: store.now))
                }
                return (.updated(changed.value), said(changed.change))
            }
        default:
            return nil
        }
    }

    /// Runs a change to items of `list` that the panes follow without reading the store again.
    private func changingItems(
        _ list: UUID, undoable: Bool = false, _ body: () throws -> (ItemChange, String)
    ) -> Msg {
        noteWrite()
        do {
            let (change, summary) = try body()
            return .itemsChanged(list: list, change, summary: Self.sentence(summary), undoable: undoable)
        } catch {
            return .failed(Self.sentence(model.screen.words.error(error)), reload: true)
        }
    }

    /// Undoes or redoes. When only items of one list changed (and the lists' dates), the panes
    /// follow the rows it put back; otherwise they read the store again.
    private func stepping(_ body: () throws -> UndoStep) -> Msg {
        noteWrite()
        do {
            let step = try body()
            let summary = Self.sentence(model.screen.words.step(step))
            if let rows = step.rows, let list = Self.onlyItems(rows) {
                return .itemsChanged(list: list, .restored(rows.items), summary: summary, undoable: false)
            }
            return .changed(summary: summary, undoable: false, nil)
        } catch {
            return .failed(Self.sentence(model.screen.words.error(error)), reload: true)
        }
    }

    /// The list whose items alone an undo step changed (a list row only touched: same name
    /// and place), or nil.
    static func onlyItems(_ rows: (lists: [RowChange<TaskList>], items: [RowChange<ListItem>])) -> UUID? {
        for change in rows.lists {
            guard let before = change.before, let after = change.after, before.id == after.id, before.name == after.name,
                  before.position == after.position else { return nil }
        }
        var lists = Set<UUID>()
        for change in rows.items {
            if let before = change.before { lists.insert(before.listID) }
            if let after = change.after { lists.insert(after.listID) }
        }
        return lists.count == 1 ? lists.first : nil
    }

    /// Runs a change; the footer says what it did. `body` returns the id to select (a list
    /// when `list` is nil, else an item of `list`) and the store's summary.
    private func changing(_ list: UUID?, undoable: Bool = false, _ body: () throws -> (UUID?, String)) -> Msg {
        noteWrite()
        do {
            let (id, summary) = try body()
            let target = list.map { Target(list: $0, item: id) } ?? id.map { Target(list: $0, item: nil) }
            return .changed(summary: Self.sentence(summary), undoable: undoable, target)
        } catch {
            return .failed(Self.sentence(model.screen.words.error(error)), reload: true)
        }
    }
}
