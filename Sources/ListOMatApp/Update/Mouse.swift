import Foundation
import IntentKit
import ListStore
import TerminalKit

// Clicks and the wheel.

func mouse(_ model: inout AppModel, _ action: MouseAction, _ x: Int, _ y: Int) -> [Effect] {
    let layout = Layout.of(model)
    let point = Point(x: x, y: y)
    func contains(_ rect: Rect?) -> Bool {
        guard let rect else { return false }
        return x >= rect.x && x < rect.maxX && y >= rect.y && y < rect.maxY
    }
    let pane: Pane? = contains(layout.lists) ? .lists : contains(layout.items) ? .items : contains(layout.panel) ? .assistant : nil
    guard let pane else { return [] }
    switch action {
    case .wheelUp, .wheelDown:
        model.screen.focus = pane
        if pane == .assistant {
            scrollPanel(&model, action == .wheelUp ? .up : .down)
            return []
        }
        return move(&model, action == .wheelUp ? .up : .down, Layout.contentRows(pane == .items ? layout.items : layout.lists))
    case .press:
        model.screen.focus = pane
        guard let rect = pane == .lists ? layout.lists : pane == .items ? layout.items : nil else { return [] }
        let row = point.y - rect.y - 1
        guard row >= 0, row < rect.height - 2 else { return [] }
        if pane == .lists {
            let before = model.selectedList?.list.id
            model.listsPane.view.select(model.listsPane.view.visibleRange(rows: rect.height - 2).lowerBound + row)
            if let now = model.selectedList?.list.id, now != before {
                return [ItemsSource.read(model, list: now, index: model.itemsPane.view.selected ?? 0)]
            }
        } else {
            model.itemsPane.view.select(model.itemsPane.view.visibleRange(rows: rect.height - 2).lowerBound + row)
        }
        return []
    }
}
