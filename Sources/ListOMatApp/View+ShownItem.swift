import IntentKit
import ListStore
import TerminalKit

// The whole name of an item (`v`), wrapped, over the panes: a long name is cut with "…" in
// the pane.

extension View {
    static func shownItem(_ buffer: inout CellBuffer, _ item: ListItem, _ model: AppModel, _ theme: Theme) {
        let size = model.screen.size
        guard size.width >= 8, size.height >= 5 else { return }
        let width = min(size.width - 2, 60)
        let textWidth = max(1, width - 2)
        let name = TextWrap.wrap(item.name, width: textWidth)
        let lines: [(String, Role)] = name.map { ($0, .normal) }
            + [(model.screen.words(item.done ? "item.checked" : "item.unchecked"), .dim), (model.screen.words("item.anyKey"), .dim)]
        let height = min(size.height - 2, lines.count + 2)
        let rect = Rect(x: (size.width - width) / 2, y: max(0, (size.height - 2 - height) / 2), width: width, height: height)
        buffer.fill(rect, style: theme[.normal])
        Panel(title: model.itemsPane.list?.name ?? model.screen.words("item.title"), borderStyle: theme[.focus], titleStyle: theme[.focus])
            .draw(into: &buffer, in: rect)
        let inner = Panel.innerRect(of: rect)
        // A name taller than the screen shows its start; the two last lines give way first.
        for (row, line) in lines.prefix(inner.height).enumerated() {
            buffer.write(line.0, x: inner.x, y: inner.y + row, maxWidth: inner.width, style: theme[line.1])
        }
    }
}
