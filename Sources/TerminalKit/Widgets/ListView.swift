/// The state of a scrolling list with one selected row: which row is selected and which is
/// the first one shown. It holds no items: the caller keeps them and gives `draw` the text of
/// a row when asked, so a list of 100,000 items costs only the rows on screen.
public struct ListView: Hashable, Sendable {
    /// How many rows the list has. Setting it clamps the selection and the scroll position
    /// (a list that shrank to 0 has no selection).
    public var count: Int {
        didSet { clamp() }
    }
    /// The selected row, or nil when the list is empty.
    public private(set) var selected: Int?
    /// The first row shown.
    public private(set) var offset: Int

    /// Colours for drawing, resolved by the caller from its theme.
    public struct Styles: Hashable, Sendable {
        /// The background of the list's area (rows' own text keeps its segments' styles).
        public var normal: Style
        /// The selected row while the list has focus.
        public var selection: Style
        /// The selected row while something else has focus (dimmer, but still visible).
        public var inactiveSelection: Style
        /// The ↑ and ↓ that say there are rows above or below.
        public var indicator: Style

        public init(normal: Style = .plain, selection: Style = Style(attributes: .reverse),
                    inactiveSelection: Style = Style(attributes: .dim), indicator: Style = .plain) {
            self.normal = normal
            self.selection = selection
            self.inactiveSelection = inactiveSelection
            self.indicator = indicator
        }
    }

    public init(count: Int = 0, selected: Int = 0) {
        self.count = max(0, count)
        self.selected = selected
        offset = 0
        clamp()
    }

    /// Selects row `index` (clamped to the list). Call `scrollToSelection` to bring it into view.
    public mutating func select(_ index: Int) {
        guard count > 0 else { return }
        selected = min(max(0, index), count - 1)
    }

    /// Moves the selection for ↑/↓, k/j, g/G and Home/End (first/last), PgUp/PgDn (a page
    /// of `pageSize` rows), then scrolls it into a view of `pageSize` rows. Returns whether
    /// the key is one the list handles (true even when the selection is already at the end it
    /// moves towards), so the caller knows not to look for another use for it.
    @discardableResult
    public mutating func handle(_ key: Key, pageSize: Int) -> Bool {
        let page = max(1, pageSize)
        let current = selected ?? 0
        switch key {
        case .up, .character("k"): select(current - 1)
        case .down, .character("j"): select(current + 1)
        case .home, .character("g"): select(0)
        case .end, .character("G"): select(count - 1)
        case .pageUp: select(current - page)
        case .pageDown: select(current + page)
        default: return false
        }
        scrollToSelection(visibleRows: pageSize)
        return true
    }

    /// Scrolls as little as possible to show the selection in `visibleRows` rows, and
    /// no further down than needed to fill them (after the list shrank).
    public mutating func scrollToSelection(visibleRows: Int) {
        offset = visibleOffset(rows: visibleRows)
    }

    /// The rows shown in a view of `rows` rows.
    public func visibleRange(rows: Int) -> Range<Int> {
        let top = visibleOffset(rows: rows)
        return top..<min(count, top + max(0, rows))
    }

    /// The first row shown in a view of `rows` rows: `offset`, moved as little as needed to
    /// show the selection. Drawing uses it, so a view is right even before `scrollToSelection`.
    func visibleOffset(rows: Int) -> Int {
        guard rows > 0, count > 0 else { return min(offset, max(0, count - 1)) }
        var top = min(offset, max(0, count - rows))
        if let selected {
            if selected < top {
                top = selected
            } else if selected >= top + rows {
                top = selected - rows + 1
            }
        }
        return max(0, top)
    }

    /// Draws the visible rows into `rect`, one row per line, asking `row` for the segments
    /// of only those rows. The selected row is restyled across the whole width (`selection`
    /// when `focused`, `inactiveSelection` otherwise). When the list is longer than the rect,
    /// the last column is kept for "↑" (top row: rows above) and "↓" (bottom row: rows
    /// below); in a one-row rect "↕" says both.
    public func draw(into buffer: inout CellBuffer, in rect: Rect, styles: Styles, focused: Bool,
                     row: (Int) -> [Segment]) {
        guard !rect.isEmpty else { return }
        buffer.fill(rect, style: styles.normal)
        let shown = visibleRange(rows: rect.height)
        let hasGutter = count > rect.height && rect.width > 1
        let textWidth = hasGutter ? rect.width - 1 : rect.width
        for index in shown {
            let y = rect.y + index - shown.lowerBound
            Segment.write(row(index), into: &buffer, x: rect.x, y: y, maxWidth: textWidth)
            if index == selected {
                let bar = Rect(x: rect.x, y: y, width: rect.width, height: 1)
                buffer.setStyle(focused ? styles.selection : styles.inactiveSelection, in: bar)
            }
        }
        guard hasGutter else { return }
        let above = shown.lowerBound > 0
        let below = shown.upperBound < count
        let gutterX = rect.maxX - 1
        if rect.height == 1 {
            let mark = above && below ? "↕" : above ? "↑" : below ? "↓" : ""
            buffer.write(mark, x: gutterX, y: rect.y, maxWidth: 1, style: styles.indicator)
        } else {
            if above { buffer.write("↑", x: gutterX, y: rect.y, maxWidth: 1, style: styles.indicator) }
            if below { buffer.write("↓", x: gutterX, y: rect.maxY - 1, maxWidth: 1, style: styles.indicator) }
        }
    }

    private mutating func clamp() {
        if count < 0 { count = 0 }
        guard count > 0 else {
            selected = nil
            offset = 0
            return
        }
        selected = min(max(0, selected ?? 0), count - 1)
        offset = min(max(0, offset), count - 1)
    }
}
