/// A yes-or-no question: "Delete the list Grocery Store and its 5 items? [Y/n]".
///
/// y/Y answer yes, n/N no, Enter gives the default answer (shown in capitals in the hint),
/// Esc cancels. Without a default, Enter does nothing and the hint is "[y/n]".
public struct YesNoPrompt: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        case yes, no, cancelled
        /// Not a key the prompt answers to.
        case ignored
    }

    public var question: String
    /// What Enter answers: true for yes, false for no, nil for nothing.
    public var defaultAnswer: Bool?

    public init(question: String, defaultAnswer: Bool? = true) {
        self.question = question
        self.defaultAnswer = defaultAnswer
    }

    /// "[Y/n]", "[y/N]" or "[y/n]".
    public var hint: String {
        switch defaultAnswer {
        case true?: "[Y/n]"
        case false?: "[y/N]"
        case nil: "[y/n]"
        }
    }

    public func handle(_ key: Key) -> Outcome {
        switch key {
        case .character("y"), .character("Y"): .yes
        case .character("n"), .character("N"): .no
        case .enter: defaultAnswer.map { $0 ? .yes : .no } ?? .ignored
        case .escape: .cancelled
        default: .ignored
        }
    }

    /// The rows the prompt takes at `width` columns, to lay it out before drawing.
    public func height(width: Int) -> Int {
        layout(width: width).count
    }

    /// Draws the question wrapped to the rect's width in `style`, with the hint in
    /// `hintStyle` after its last line (or on a line of its own when it does not fit there).
    /// In a rect with too few rows the hint still shows: the last row holds the rest of the
    /// question, cut with "…", and the hint.
    public func draw(into buffer: inout CellBuffer, in rect: Rect, style: Style, hintStyle: Style) {
        guard !rect.isEmpty else { return }
        buffer.fill(rect, style: style)
        let rows = layout(width: rect.width)
        let hintWidth = CellBuffer.width(of: hint)
        for (index, row) in rows.prefix(rect.height).enumerated() {
            let y = rect.y + index
            if index == rect.height - 1, rows.count > rect.height {
                // The last row there is room for: the rest of the question, then the hint.
                let rest = rows[index...].map(\.text).filter { !$0.isEmpty }.joined(separator: " ")
                let textWidth = rect.width - hintWidth - 1
                var x = rect.x
                if textWidth > 0, !rest.isEmpty {
                    x += buffer.write(rest, x: x, y: y, maxWidth: textWidth, style: style) + 1
                }
                buffer.write(hint, x: x, y: y, maxWidth: rect.maxX - x, style: hintStyle)
                return
            }
            let used = buffer.write(row.text, x: rect.x, y: y, maxWidth: rect.width, style: style)
            if row.hasHint {
                let x = rect.x + used + (used > 0 ? 1 : 0)
                buffer.write(hint, x: x, y: y, maxWidth: rect.maxX - x, style: hintStyle)
            }
        }
    }

    /// The question's lines, and which one ends with the hint.
    private func layout(width: Int) -> [(text: String, hasHint: Bool)] {
        guard width > 0 else { return [] }
        var rows = TextWrap.wrap(question, width: width).map { (text: $0, hasHint: false) }
        let lastWidth = CellBuffer.width(of: rows.last?.text ?? "")
        if rows.isEmpty || (lastWidth > 0 && lastWidth + 1 + CellBuffer.width(of: hint) > width) {
            rows.append((text: "", hasHint: true))
        } else {
            rows[rows.count - 1].hasHint = true
        }
        return rows
    }
}
