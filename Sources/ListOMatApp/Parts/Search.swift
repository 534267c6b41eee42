import Foundation
import ListStore
import TerminalKit

/// The search in force ("milk"): the lists pane shows the lists whose name or items contain
/// it, the items pane the matching items (read whole, at most `limit` a list). `f` starts
/// one, `n`/`N` go to the next or previous list found, Esc ends it.
package struct Search: Sendable, Equatable {
    /// The words searched for; nil when no search is in force.
    package var query: String?
    /// Whether the search found more items than are held (`limit`).
    package var incomplete = false

    /// The most matching items a search holds for one list.
    package static let limit = 1_000

    package init() {}

    package enum Msg: Sendable, Equatable {
        case start(String)
        /// Rows were read for it: all it found, or only the first `limit`.
        case found(complete: Bool)
        case end
    }

    static func update(_ search: inout Search, _ msg: Msg) {
        switch msg {
        case .start(let query): search.query = query
        case .found(let complete): search.incomplete = !complete
        case .end: search = Search()
        }
    }

    // MARK: - Its keys

    /// `f`: the "Find:" bar, holding the search in force.
    static func open(_ model: inout AppModel) -> [Effect] {
        model.commandBar.purpose = .find
        model.commandBar.input.clear()
        if let query = model.search.query { model.commandBar.input.setText(query) }
        model.status = nil
        return []
    }

    /// Enter in the "Find:" bar: an empty line ends the search.
    static func submit(_ model: inout AppModel, _ text: String) -> [Effect] {
        model.commandBar.purpose = nil
        let query = String(text.prefix(ListStore.searchQueryLimit))
        guard !query.isEmpty else { return model.search.query == nil ? [] : end(&model) }
        update(&model.search, .start(query))
        if model.listsPane.all.isEmpty { model.listsPane.all = model.listsPane.lists.map(\.list) }
        return [ItemsSource.read(model, nil)]
    }

    /// Esc: everything shows again, on the same list and item.
    static func end(_ model: inout AppModel) -> [Effect] {
        update(&model.search, .end)
        model.status = nil
        return [ItemsSource.read(model, Target(list: model.selectedList?.list.id, item: model.selectedItem?.id))]
    }

    /// `n` and `N`: the next (or previous) list found, from its first row.
    static func nextList(_ model: inout AppModel, forward: Bool) -> [Effect] {
        guard let query = model.search.query else {
            model.status = StatusMessage(text: model.screen.words("find.nothingToGo"), isError: false)
            return []
        }
        let lists = model.listsPane.lists
        guard lists.count > 1, let current = model.listsPane.view.selected else {
            model.status = StatusMessage(
                text: model.screen.words(lists.isEmpty ? "find.noList" : "find.onlyThis", ["text": .text(query)]), isError: false)
            return []
        }
        let next = (current + (forward ? 1 : -1) + model.listsPane.lists.count) % model.listsPane.lists.count
        model.listsPane.view.select(next)
        model.status = StatusMessage(
            text: model.screen.words(
                "find.position",
                ["list": .text(lists[next].list.name), "n": .number(next + 1), "count": .number(lists.count), "text": .text(query)]), isError: false)
        return [ItemsSource.read(model, list: model.listsPane.lists[next].list.id, index: 0)]
    }
}
