import IntentKit
import ListStore

/// An order the items pane shows a list in, other than the stored one, without changing
/// the list (`s`); `S` sorts the list itself the same way (`ListStore.sortItems`).
package enum ItemOrder: String, Sendable, Equatable, CaseIterable {
    /// Unchecked items first, then checked ones, each by name in the language's order
    /// (ignoring case and accents, numbers by value): what `ListStore.sortItems` makes the
    /// stored order.
    case nameDoneLast

    /// `items` (in stored order) in this order.
    package func sorted(_ items: [ListItem], collation: NameCollation) -> [ListItem] {
        switch self {
        case .nameDoneLast: ListStore.sortedByName(items, collation: collation)
        }
    }

    /// For the pane's title: "by name, done last".
    package func phrase(_ words: MessageCatalog) -> String { words("order." + rawValue) }
}

extension ItemOrder {
    /// The longest list the items pane shows in another order (it is read whole to sort it).
    package static let sortLimit = 10_000

    /// Why a list is not shown in another order.
    static func tooLong(_ words: MessageCatalog) -> String {
        words("order.tooLong", ["limit": .number(sortLimit)])
    }

    /// Why a list shows its checked items although they are hidden (it is read whole to leave them out).
    static func tooLongToHide(_ words: MessageCatalog) -> String {
        words("order.tooLongToHide", ["limit": .number(sortLimit)])
    }

    /// `s`: the next view order (after the last, the stored order again).
    static func cycle(_ model: inout AppModel) -> [Effect] {
        let next: ItemOrder? = model.itemsPane.order == nil ? .nameDoneLast : nil
        if next != nil, model.search.query == nil, let summary = model.selectedList, summary.itemCount > sortLimit {
            model.status = StatusMessage(text: tooLong(model.screen.words), isError: true)
            return []
        }
        model.itemsPane.order = next
        model.status = StatusMessage(
            text: next.map { model.screen.words("order.showing", ["order": .text($0.phrase(model.screen.words))]) }
                ?? model.screen.words("order.stored"),
            isError: false)
        if next == nil, model.search.query == nil, let list = model.selectedList?.list.id {
            return [ItemsSource.read(model, Target(list: list, item: model.selectedItem?.id))]
        }
        return [ItemsSource.read(model, nil)]
    }

    /// `S`: sorts the list itself, which makes the stored order the one viewed.
    static func sortList(_ model: inout AppModel) -> [Effect] {
        guard let list = model.selectedList?.list else { return [] }
        model.itemsPane.order = nil
        return [.sortList(list.id)]
    }

    /// A view order (or hiding checked items) that cannot be had (the list is too long): the
    /// stored order again, every item shown.
    static func refused(_ model: inout AppModel, _ message: String) -> [Effect] {
        model.itemsPane.order = nil
        model.itemsPane.hideChecked = false
        model.status = StatusMessage(text: message, isError: true)
        guard model.search.query == nil else { return ItemsSource.topUp(model) }
        return [ItemsSource.read(model, Target(list: model.selectedList?.list.id, item: nil))]
    }
}
