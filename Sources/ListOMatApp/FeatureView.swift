import ListStore
import TerminalKit

/// What the features of issue 14 add to a frame, drawn over the panes `View` drew: the
/// first-run screen, a search's highlights and its line in the bar, the "move to" menu.
enum FeatureView {
    static func decorate(_ buffer: inout CellBuffer, _ layout: Layout, _ model: AppModel, _ theme: Theme) {
        let search = model.features.search
        if let search {
            if let rect = layout.lists { highlightLists(&buffer, rect, model, search, theme) }
            if let rect = layout.items { highlightItems(&buffer, rect, model, search, theme) }
            if model.barPurpose == nil { searchLine(&buffer, layout.bar, model, search, theme) }
        } else if model.lists.isEmpty, !model.showingHelp {
            firstRun(&buffer, layout, model, theme)
        }
        if let open = model.features.moveMenu, !model.showingHelp { moveMenu(&buffer, open, model, theme) }
    }

    /// The items pane's title: the list's name, and what the pane shows of it.
    static func itemsTitle(_ model: AppModel) -> String? {
        guard let name = model.itemsList?.name else { return nil }
        var parts = [name]
        if model.features.search != nil {
            let count = model.itemsView.count
            parts.append(model.features.incomplete ? "first \(count) found" : count == 1 ? "1 found" : "\(count) found")
        }
        if let order = model.features.order { parts.append(order.phrase) }
        return parts.joined(separator: " · ")
    }

    // MARK: - Search

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
        guard !model.lists.isEmpty else {
            message("No list or item has “\(search)”. Esc shows everything; f finds something else.", &buffer, inner, theme)
            return
        }
        // The rows the pane draws (see View: its first row is the view's visible range's).
        let first = model.listsView.visibleRange(rows: inner.height).lowerBound
        for row in 0..<inner.height {
            let index = first + row
            guard index < model.lists.count else { break }
            let summary = model.lists[index]
            // The name's columns (the count "2 of 5" is drawn at the right when there is room).
            let countWidth = CellBuffer.width(of: "\(summary.completedCount) of \(summary.itemCount)")
            let nameWidth = inner.width - countWidth - 1 >= 4 ? inner.width - countWidth - 1 : inner.width
            highlight(&buffer, x: inner.x, y: inner.y + row, width: nameWidth, search, theme)
        }
    }

    private static func highlightItems(_ buffer: inout CellBuffer, _ rect: Rect, _ model: AppModel, _ search: String, _ theme: Theme) {
        let inner = Panel.innerRect(of: rect)
        guard !inner.isEmpty, model.itemsList != nil else { return }
        guard model.itemsView.count > 0 else {
            message("No item here has “\(search)”. n: the next list with it. Esc shows everything.", &buffer, inner, theme)
            return
        }
        let first = model.itemsView.visibleRange(rows: inner.height).lowerBound
        for row in 0..<inner.height {
            let index = first + row
            guard index < model.itemsView.count, model.item(at: index) != nil else { continue }
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
        let lists = model.lists.count
        let found = lists == 0 ? "Nothing has “\(search)”" : "Found “\(search)” in \(lists == 1 ? "1 list" : "\(lists) lists")"
        let used = buffer.write(found, x: rect.x, y: rect.y, maxWidth: rect.width, style: theme[.accent])
        // The way out, when it fits whole.
        let hint = "  Esc: show everything"
        if used + CellBuffer.width(of: hint) <= rect.width {
            buffer.write(hint, x: rect.x + used, y: rect.y, maxWidth: rect.width - used, style: theme[.hint])
        }
    }

    // MARK: - First run

    /// When there are no lists: what to press, in the lists' (and items') place, wrapped at
    /// spaces, lines that do not fit left out whole.
    private static func firstRun(_ buffer: inout CellBuffer, _ layout: Layout, _ model: AppModel, _ theme: Theme) {
        guard let lists = layout.lists else { return }
        var rect = lists
        if let items = layout.items, items.y == lists.y, items.x == lists.maxX { rect.width += items.width }
        let inner = Panel(title: "Lists", borderStyle: theme[.focus], titleStyle: theme[.focus], fillStyle: theme[.normal])
            .draw(into: &buffer, in: rect)
        guard !inner.isEmpty else { return }
        func key(_ action: Action, _ fallback: String) -> String {
            model.keymap.keys(for: action).first.map { KeyName.label(for: $0) } ?? fallback
        }
        // (key, what it does at length, in short): long texts give way to short ones, the
        // longest first, then the blank line, then the last entries, until all fits.
        var entries: [(key: String, full: String, short: String)] = [
            ("", model.readOnly ? "No lists yet, and the database is read-only." : "Welcome to ListOMat! No lists yet.",
             "No lists yet."),
            (key(.add, "a"), "add a list: type its name, then Enter. Enter again opens it; a there adds items.", "add a list"),
            (key(.command, "/"), "ask the assistant in your words, e.g. “create a list called Groceries”.",
             "ask the assistant"),
            (key(.help, "?"), "every key", "every key"),
            (key(.quit, "q"), "quit", "quit"),
        ]
        if model.readOnly { entries = [entries[0], entries[3], entries[4]] }
        let keyWidth = entries.map { CellBuffer.width(of: $0.key) }.max() ?? 0
        func lines(_ index: Int, short: Bool) -> [String] {
            let entry = entries[index]
            let indent = entry.key.isEmpty ? 0 : keyWidth + 2
            return TextWrap.wrap(short ? entry.short : entry.full, width: inner.width - indent)
        }
        var short = Array(repeating: false, count: entries.count)
        var count = entries.count
        var gap = 1
        func rows() -> Int { (0..<count).reduce(gap) { $0 + lines($1, short: short[$1]).count } }
        while rows() > inner.height {
            let longer = (0..<count).filter { !short[$0] && lines($0, short: true).count < lines($0, short: false).count }
            if let longest = longer.max(by: { lines($0, short: false).count < lines($1, short: false).count }) {
                short[longest] = true
            } else if gap > 0 {
                gap = 0
            } else if count > 1 {
                count -= 1
            } else {
                break
            }
        }
        var row = inner.y
        for index in 0..<count where row < inner.maxY {
            let entry = entries[index]
            let indent = entry.key.isEmpty ? 0 : keyWidth + 2
            if !entry.key.isEmpty { buffer.write(entry.key, x: inner.x, y: row, maxWidth: inner.width, style: theme[.accent]) }
            for line in lines(index, short: short[index]) where row < inner.maxY {
                buffer.write(line, x: inner.x + indent, y: row, maxWidth: inner.width - indent, style: theme[index == 0 ? .title : .normal])
                row += 1
            }
            if index == 0 { row += gap }
        }
    }

    // MARK: - Move to

    private static func moveMenu(_ buffer: inout CellBuffer, _ open: MoveMenu, _ model: AppModel, _ theme: Theme) {
        let size = model.size
        guard size.width >= 8, size.height >= 5 else { return }
        let longest = open.targets.map { CellBuffer.width(of: $0.name) }.max() ?? 0
        let title = "Move “\(open.item.name)” to"
        let width = min(size.width - 2, max(24, min(CellBuffer.width(of: title) + 4, 60), longest + 8))
        let height = min(size.height - 2, open.targets.count + 2)
        let rect = Rect(x: (size.width - width) / 2, y: max(0, (size.height - 2 - height) / 2), width: width, height: height)
        buffer.fill(rect, style: theme[.normal])
        let inner = Panel(title: title, borderStyle: theme[.focus], titleStyle: theme[.focus]).draw(into: &buffer, in: rect)
        guard !inner.isEmpty else { return }
        open.menu.draw(into: &buffer, in: inner, styles: ListView.Styles(
            normal: theme[.normal], selection: theme[.selection],
            inactiveSelection: theme[.selection].inactive, indicator: theme[.dim]))
    }
}
