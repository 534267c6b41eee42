import IntentKit
import ListStore
import TerminalKit

// A search in force, on screen: what it found highlighted in both panes, the pane's title
// saying how many, the bar saying where and how to leave.

extension View {
    /// The items pane's title: the list's name, and what the pane shows of it.
    static func itemsTitle(_ model: AppModel) -> String? {
        guard let name = model.itemsPane.list?.name else { return nil }
        let words = model.screen.words
        var parts = [name]
        if model.search.query != nil {
            let count = model.itemsPane.view.count
            parts.append(words(model.search.incomplete ? "search.firstFound" : "search.found", ["count": .number(count)]))
        }
        if let order = model.itemsPane.order { parts.append(order.phrase(words)) }
        if model.itemsPane.hideChecked { parts.append(words("search.checkedHidden")) }
        return parts.joined(separator: " · ")
    }

    /// Draws the search in force over the panes drawn.
    static func drawSearch(_ buffer: inout CellBuffer, _ layout: Layout, _ model: AppModel, _ search: String, _ theme: Theme) {
        if let rect = layout.lists { highlightLists(&buffer, rect, model, search, theme) }
        if let rect = layout.items { highlightItems(&buffer, rect, model, search, theme) }
        if model.commandBar.purpose == nil { searchLine(&buffer, layout.bar, model, search, theme) }
    }

    /// A pane with nothing found: what to do, wrapped, in place of its rows.
    private static func message(_ text: String, _ buffer: inout CellBuffer, _ inner: Rect, _ theme: Theme) {
        buffer.fill(inner, style: theme[.normal])
        for (row, line) in TextWrap.wrap(text, width: inner.width).prefix(inner.height).enumerated() {
            buffer.write(line, x: inner.x, y: inner.y + row, maxWidth: inner.width, style: theme[.dim])
        }
    }

    private static func highlightLists(_ buffer: inout CellBuffer, _ rect: Rect, _ model: AppModel, _ search: String, _ theme: Theme) {
        let inner = Panel.innerRect(of: rect)
        guard !inner.isEmpty else { return }
        guard !model.listsPane.lists.isEmpty else {
            message(model.screen.words("search.noneAnywhere", ["text": .text(search)]), &buffer, inner, theme)
            return
        }
        // The rows the pane draws (see View: its first row is the view's visible range's).
        let first = model.listsPane.view.visibleRange(rows: inner.height).lowerBound
        for row in 0..<inner.height {
            let index = first + row
            guard index < model.listsPane.lists.count else { break }
            let summary = model.listsPane.lists[index]
            // The name's columns (the count "2 of 5" is drawn at the right when there is room).
            let countWidth = CellBuffer.width(of: listCount(summary, model.screen.words))
            let nameWidth = inner.width - countWidth - 1 >= 4 ? inner.width - countWidth - 1 : inner.width
            highlight(&buffer, x: inner.x, y: inner.y + row, width: nameWidth, search, theme)
        }
    }

    private static func highlightItems(_ buffer: inout CellBuffer, _ rect: Rect, _ model: AppModel, _ search: String, _ theme: Theme) {
        let inner = Panel.innerRect(of: rect)
        guard !inner.isEmpty, model.itemsPane.list != nil else { return }
        guard model.itemsPane.view.count > 0 else {
            message(model.screen.words("search.noneHere", ["text": .text(search)]), &buffer, inner, theme)
            return
        }
        let first = model.itemsPane.view.visibleRange(rows: inner.height).lowerBound
        for row in 0..<inner.height {
            let index = first + row
            guard index < model.itemsPane.view.count, model.itemsPane.item(at: index) != nil else { continue }
            // After the "[ ] " mark.
            highlight(&buffer, x: inner.x + 4, y: inner.y + row, width: inner.width - 4, search, theme)
        }
    }

    /// Restyles where `search` shows in the row's cells from `x`, `width` columns: whatever
    /// was drawn there (cut short or not), as it reads on screen.
    private static func highlight(_ buffer: inout CellBuffer, x: Int, y: Int, width: Int, _ search: String, _ theme: Theme) {
        guard width > 0, y >= 0, y < buffer.size.height else { return }
        var characters: [String] = []
        var columns: [(x: Int, width: Int)] = []
        var column = max(0, x)
        let end = min(buffer.size.width, x + width)
        while column < end {
            let cell = buffer[column, y]
            let cellWidth = max(1, Int(cell.width))
            if !cell.isContinuation {
                characters.append(cell.text)
                columns.append((column, cellWidth))
            }
            column += cellWidth
        }
        for range in SearchText.matches(of: search, in: characters) {
            for index in range {
                let cell = columns[index]
                buffer.setStyle(theme[.match], in: Rect(x: cell.x, y: y, width: min(cell.width, end - cell.x), height: 1))
            }
        }
    }

    /// The bar while a search is in force and nothing is typed: what it found, how to leave.
    private static func searchLine(_ buffer: inout CellBuffer, _ rect: Rect, _ model: AppModel, _ search: String, _ theme: Theme) {
        guard !rect.isEmpty else { return }
        buffer.fill(rect, style: theme[.normal])
        let lists = model.listsPane.lists.count
        let words = model.screen.words
        let found = words(lists == 0 ? "search.nothing" : "search.foundIn", ["text": .text(search), "count": .number(lists)])
        let used = buffer.write(found, x: rect.x, y: rect.y, maxWidth: rect.width, style: theme[.accent])
        // The way out, when it fits whole.
        let hint = words("search.escHint")
        if used + CellBuffer.width(of: hint) <= rect.width {
            buffer.write(hint, x: rect.x + used, y: rect.y, maxWidth: rect.width - used, style: theme[.hint])
        }
    }

}
