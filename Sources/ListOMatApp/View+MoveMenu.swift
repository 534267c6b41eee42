import IntentKit
import ListStore
import TerminalKit

// The "move to" menu, over the panes.

extension View {
    static func moveMenu(_ buffer: inout CellBuffer, _ open: MoveMenu, _ model: AppModel, _ theme: Theme) {
        let size = model.screen.size
        guard size.width >= 8, size.height >= 5 else { return }
        let longest = open.targets.map { CellBuffer.width(of: $0.name) }.max() ?? 0
        let title = model.screen.words("move.title", ["item": .text(open.item.name)])
        let width = min(size.width - 2, max(24, min(CellBuffer.width(of: title) + 4, 60), longest + 8))
        let height = min(size.height - 2, open.targets.count + 2)
        let rect = Rect(x: (size.width - width) / 2, y: max(0, (size.height - 2 - height) / 2), width: width, height: height)
        buffer.fill(rect, style: theme[.normal])
        Panel(title: title, borderStyle: theme[.focus], titleStyle: theme[.focus]).draw(into: &buffer, in: rect)
        let inner = Panel.innerRect(of: rect)
        guard !inner.isEmpty else { return }
        var menu = open.menu
        MenuList(styles: listStyles(theme)).draw(into: &buffer, in: inner, state: &menu)
    }
}
