/// The state of a scrolling list with one selected row: which row is selected and which is
/// the first one shown. It holds no items: the caller keeps them and gives `draw` the text of
/// a row when asked, so a list of 100,000 items costs only the rows on screen.
package struct ListView: Hashable, Sendable {
    /// How many rows the list has. Setting it clamps the selection and the scroll position
    /// (a list that shrank to 0 has no selection).
    package var count: Int {
        didSet { clamp() }
    }
    /// The selected row, or nil when the list is empty.
    package private(set) var selected: Int?
    /// The first row shown.
    package private(set) var offset: Int

    /// Colours for drawing, resolved by the caller from its theme.
    package struct Styles: Hashable, Sendable {
        /// The background of the list's area (rows' own text keeps its segments' styles).
        package var normal: Style
        /// The selected row while the list has focus.
        package var selection: Style
        /// The selected row while something else has focus (dimmer, but still visible).
        package var inactiveSelection: Style
        /// The ↑ and ↓ that say there are rows above or below.
        package var indicator: Style

        package init(normal: Style = .plain, selection: Style = Style(attributes: .reverse),
                    inactiveSelection: Style = Style(attributes: .dim), indicator: Style = .plain) {
            self.normal = normal
            self.selection = selection
            self.inactiveSelection = inactiveSelection
            self.indicator = indicator
        }
    }

    package init(count: Int = 0, selected: Int = 0) {
        self.count = max(0, count)
        self.selected = selected
        offset = 0
        clamp()
    }

    /// Selects row `index` (clamped to the list). Call `scrollToSelection` to bring it into view.
    package mutating func select(_ index: Int) {
        guard count > 0 else { return }
        selected = min(max(0, index), count - 1)
    }

    /// Moves the selection one row up (none above the first); the caller scrolls it into view.
    package mutating func selectPrevious() { select((selected ?? 0) - 1) }

    /// Moves the selection one row down (none past the last).
    package mutating func selectNext() { select((selected ?? 0) + 1) }

    package mutating func selectFirst() { select(0) }

    package mutating func selectLast() { select(count - 1) }

    /// Moves the selection a page of `rows` rows up.
    package mutating func pageUp(rows: Int) { select((selected ?? 0) - max(1, rows)) }

    /// Moves the selection a page of `rows` rows down.
    package mutating func pageDown(rows: Int) { select((selected ?? 0) + max(1, rows)) }

    /// Scrolls as little as possible to show the selection in `visibleRows` rows, and
    /// no further down than needed to fill them (after the list shrank).
    package mutating func scrollToSelection(visibleRows: Int) {
        offset = visibleOffset(rows: visibleRows)
    }

    /// The rows shown in a view of `rows` rows.
    package func visibleRange(rows: Int) -> Range<Int> {
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

/// A scrolling list (ratatui's `List`): draws the rows of a `ListView` that fit in the area,
/// asking for only those, so 100,000 items cost what 40 do. The selected row is filled across
/// the whole width (`selection` when `focused`, `inactiveSelection` otherwise) and drawn in
/// that style; "↑" and "↓" say there are rows above or below.
package struct ScrollingList: StatefulWidget {
    /// Where "↑" and "↓" go.
    package enum Indicators: Sendable {
        /// In the area's last column, kept free for them when the list is longer than the
        /// area ("↕" in a one-row area): a list that stands alone, like a menu.
        case gutter
        /// On the frame around the area (a pane's border), right-aligned above and below it.
        case frame
    }

    package var styles: ListView.Styles
    package var focused: Bool
    package var indicators: Indicators
    /// Whether the area is cleared to `styles.normal` first; false where it is clear already
    /// (a pane's inside on a new frame), which spares a write to every cell of it.
    package var clearing: Bool
    /// Draws row `index` into `area` (one row high) in `style`: the selection's on the
    /// selected row, `styles.normal` on the others.
    package var row: (_ buffer: inout CellBuffer, _ index: Int, _ area: Rect, _ style: Style) -> Void

    package init(
        styles: ListView.Styles, focused: Bool, indicators: Indicators = .gutter, clearing: Bool = true,
        row: @escaping (_ buffer: inout CellBuffer, _ index: Int, _ area: Rect, _ style: Style) -> Void
    ) {
        self.styles = styles
        self.focused = focused
        self.indicators = indicators
        self.clearing = clearing
        self.row = row
    }

    /// Rows given as styled segments: each keeps its own style, but the selected row is in
    /// the selection's style across the whole width.
    package init(styles: ListView.Styles, focused: Bool, indicators: Indicators = .gutter, segments: @escaping (Int) -> [Segment]) {
        self.init(styles: styles, focused: focused, indicators: indicators) { buffer, index, area, style in
            Segment.write(segments(index), into: &buffer, x: area.x, y: area.y, maxWidth: area.width)
            if style != styles.normal { buffer.setStyle(style, in: area) }
        }
    }

    /// Draws the rows that fit, and scrolls `state` to what it drew (as little as needed to
    /// show the selection).
    package func draw(into buffer: inout CellBuffer, in area: Rect, state: inout ListView) {
        guard !area.isEmpty else { return }
        if clearing { buffer.fill(area, style: styles.normal) }
        state.scrollToSelection(visibleRows: area.height)
        let shown = state.visibleRange(rows: area.height)
        let hasGutter = indicators == .gutter && state.count > area.height && area.width > 1
        let textWidth = hasGutter ? area.width - 1 : area.width
        let selection = focused ? styles.selection : styles.inactiveSelection
        for index in shown {
            let y = area.y + index - shown.lowerBound
            let selected = index == state.selected
            if selected { buffer.fill(Rect(x: area.x, y: y, width: area.width, height: 1), style: selection) }
            row(&buffer, index, Rect(x: area.x, y: y, width: textWidth, height: 1), selected ? selection : styles.normal)
        }
        let above = shown.lowerBound > 0
        let below = shown.upperBound < state.count
        switch indicators {
        case .frame:
            if above { buffer.write("↑", x: area.maxX - 1, y: area.y - 1, style: styles.indicator) }
            if below { buffer.write("↓", x: area.maxX - 1, y: area.maxY, style: styles.indicator) }
        case .gutter:
            guard hasGutter else { return }
            let gutterX = area.maxX - 1
            if area.height == 1 {
                let mark = above && below ? "↕" : above ? "↑" : below ? "↓" : ""
                buffer.write(mark, x: gutterX, y: area.y, maxWidth: 1, style: styles.indicator)
            } else {
                if above { buffer.write("↑", x: gutterX, y: area.y, maxWidth: 1, style: styles.indicator) }
                if below { buffer.write("↓", x: gutterX, y: area.maxY - 1, maxWidth: 1, style: styles.indicator) }
            }
        }
    }
}
