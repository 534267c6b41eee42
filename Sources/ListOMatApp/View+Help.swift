import IntentKit
import TerminalKit

// The help overlay (`?`): every key of the keymap and what it does, scrolled when it does not fit.

extension View {
    /// The help overlay's lines: each key and what it does, then the keys of the assistant
    /// panel and a note; (keys, text, style role). A text longer than its column goes on
    /// under itself (`keys` nil), never cut off.
    static func helpLines(_ model: AppModel) -> [(keys: String?, text: String, role: Role)] {
        let words = model.screen.words
        let textWidth = max(1, helpWidth(model) - 2 - 17)
        var entries = model.screen.keymap.bindings.map { action, keys in
            (keys: keys.map { KeyName.label(for: $0) }.joined(separator: " "), text: action.summary(words))
        }
        entries.append((keys: "1-\(App.suggestionCount)", text: words("help.suggestion")))
        var lines: [(keys: String?, text: String, role: Role)] = []
        for entry in entries {
            for (index, line) in TextWrap.wrap(entry.text, width: textWidth).enumerated() {
                lines.append((keys: index == 0 ? entry.keys : nil, text: line, role: .normal))
            }
        }
        for note in words(["help.panelNote", "help.closeNote"]) {
            lines += TextWrap.wrap(note, width: max(1, helpWidth(model) - 2)).map { (keys: "", text: $0, role: .dim) }
        }
        return lines
    }

    /// The help overlay's width: up to 60 columns.
    static func helpWidth(_ model: AppModel) -> Int { min(model.screen.size.width, 60) }

    static func helpLineCount(_ model: AppModel) -> Int { helpLines(model).count }

    /// The overlay's rectangle: up to 60 columns, as tall as its lines and border, within the screen.
    static func helpRect(_ model: AppModel) -> Rect {
        let size = model.screen.size
        let width = helpWidth(model)
        let height = min(size.height, helpLines(model).count + 2)
        return Rect(x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
    }

    /// How far the help scrolls: its lines beyond what its rectangle shows.
    static func helpScrollLimit(_ model: AppModel) -> Int {
        max(0, helpLines(model).count - max(0, helpRect(model).height - 2))
    }

    static func help(_ buffer: inout CellBuffer, _ model: AppModel, _ theme: Theme) {
        let rect = helpRect(model)
        buffer.fill(rect, style: theme[.normal])
        Panel(title: model.screen.words("help.title"), borderStyle: theme[.focus], titleStyle: theme[.focus]).draw(into: &buffer, in: rect)
        let inner = Panel.innerRect(of: rect)
        guard !inner.isEmpty else { return }
        let lines = helpLines(model)
        let first = min(max(0, model.screen.helpScroll), helpScrollLimit(model))
        for (row, line) in lines.dropFirst(first).prefix(inner.height).enumerated() {
            let y = inner.y + row
            if line.keys?.isEmpty == true {
                buffer.write(line.text, x: inner.x, y: y, maxWidth: inner.width, style: theme[line.role])
            } else {
                if let keys = line.keys { buffer.write(keys, x: inner.x, y: y, maxWidth: 16, style: theme[.accent]) }
                buffer.write(line.text, x: inner.x + 17, y: y, maxWidth: max(0, inner.width - 17), style: theme[line.role])
            }
        }
        // Arrows on the border say there is more above or below.
        if first > 0 { buffer.write("↑", x: inner.maxX - 1, y: inner.y - 1, style: theme[.focus]) }
        if first + inner.height < lines.count { buffer.write("↓", x: inner.maxX - 1, y: inner.maxY, style: theme[.focus]) }
    }
}
