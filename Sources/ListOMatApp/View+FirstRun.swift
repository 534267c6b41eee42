import IntentKit
import ListStore
import TerminalKit

// The first run: with no lists, what to press, in the panes' place.

extension View {
    /// When there are no lists: what to press, in the lists' (and items') place, wrapped at
    /// spaces, lines that do not fit left out whole.
    // Over 60 lines: the entries, then fitting them (long texts give way), then drawing;
    // kept together as one layout.
    static func firstRun(_ buffer: inout CellBuffer, _ layout: Layout, _ model: AppModel, _ theme: Theme) {
        guard let lists = layout.lists else { return }
        var rect = lists
        if let items = layout.items, items.y == lists.y, items.x == lists.maxX { rect.width += items.width }
        let words = model.screen.words
        Panel(title: words("lists.title"), borderStyle: theme[.focus], titleStyle: theme[.focus], fillStyle: theme[.normal])
            .draw(into: &buffer, in: rect)
        let inner = Panel.innerRect(of: rect)
        guard !inner.isEmpty else { return }
        func key(_ action: Action, _ fallback: String) -> String {
            model.screen.keymap.keys(for: action).first.map { KeyName.label(for: $0) } ?? fallback
        }
        // (key, what it does at length, in short): long texts give way to short ones, the
        // longest first, then the blank line, then the last entries, until all fits.
        var entries: [(key: String, full: String, short: String)] = [
            ("", words(model.screen.readOnly ? "firstRun.readOnly" : "firstRun.welcome"), words("lists.empty")),
            (key(.add, "a"), words("firstRun.add"), words("firstRun.addShort")),
            (key(.command, "/"), words("firstRun.ask"), words("firstRun.askShort")),
            (key(.help, "?"), words("firstRun.help"), words("firstRun.help")),
            (key(.quit, "q"), words("firstRun.quit"), words("firstRun.quit")),
        ]
        if model.screen.readOnly { entries = [entries[0], entries[3], entries[4]] }
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

}
