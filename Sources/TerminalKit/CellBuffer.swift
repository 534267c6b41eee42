/// One terminal cell: a grapheme and its style. A wide grapheme (2 columns) is followed by a
/// continuation cell (`width` 0, empty text) that the terminal covers with the same glyph.
public struct Cell: Hashable, Sendable {
    public var text: String
    public var width: UInt8
    public var style: Style

    public init(text: String, width: UInt8, style: Style) {
        self.text = text
        self.width = width
        self.style = style
    }

    public static func blank(_ style: Style = .plain) -> Cell { Cell(text: " ", width: 1, style: style) }
    public var isContinuation: Bool { width == 0 }
}

/// A screen's worth of cells that views draw into. Every piece of text goes through
/// `write`, which sanitises it, measures it with `DisplayWidth`, clips it with "…" and never
/// leaves half a wide glyph behind.
public struct CellBuffer: Hashable, Sendable {
    public let size: Size
    public private(set) var cells: [Cell]
    /// Where the terminal's cursor should show (a text input being edited), or nil: hidden.
    public var cursor: Point?

    public init(size: Size, style: Style = .plain) {
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
        cells = Array(repeating: .blank(style), count: self.size.width * self.size.height)
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    public subscript(x: Int, y: Int) -> Cell {
        cells[y * size.width + x]
    }

    /// Fills `rect` (clipped to the buffer) with blanks in `style`.
    public mutating func fill(_ rect: Rect, style: Style) {
        let area = clip(rect)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { put(.blank(style), x: x, y: y) }
        }
    }

    /// Restyles the cells of `rect`, keeping their text (a selection bar over a row).
    public mutating func setStyle(_ style: Style, in rect: Rect) {
        let area = clip(rect)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { cells[y * size.width + x].style = style }
        }
    }

    /// Writes `text` on row `y` from column `x`, in at most `maxWidth` columns (and never past
    /// the buffer's edge). Text that does not fit ends in "…". Returns the columns used.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, maxWidth: Int? = nil, style: Style) -> Int {
        guard y >= 0, y < size.height, x < size.width else { return 0 }
        let start = max(0, x)
        let limit = min(maxWidth.map { x + $0 } ?? size.width, size.width) - start
        guard limit > 0 else { return 0 }
        let glyphs = Self.glyphs(text)
        var total = 0
        for glyph in glyphs { total += glyph.width }
        var column = start
        if total <= limit {
            for glyph in glyphs { column += place(glyph, x: column, y: y, style: style) }
        } else {
            // Room for the ellipsis: glyphs while they fit in limit - 1 columns.
            for glyph in glyphs {
                guard column - start + glyph.width <= limit - 1 else { break }
                column += place(glyph, x: column, y: y, style: style)
            }
            column += place(("…", 1), x: column, y: y, style: style)
        }
        return column - start
    }

    /// Text as glyphs to draw: sanitised, each with its width (zero-width clusters dropped).
    static func glyphs(_ text: String) -> [(text: String, width: Int)] {
        var result: [(text: String, width: Int)] = []
        result.reserveCapacity(text.utf8.count)
        for character in text {
            for shown in Sanitizer.displayCharacters(character) {
                let width = DisplayWidth.of(shown)
                if width > 0 { result.append((String(shown), width)) }
            }
        }
        return result
    }

    /// The columns `text` takes when written (sanitised).
    public static func width(of text: String) -> Int {
        glyphs(text).reduce(0) { $0 + $1.width }
    }

    private mutating func place(_ glyph: (text: String, width: Int), x: Int, y: Int, style: Style) -> Int {
        if glyph.width == 2 {
            // A wide glyph that would hang off the edge becomes a blank.
            guard x + 1 < size.width else {
                put(.blank(style), x: x, y: y)
                return 1
            }
            put(Cell(text: glyph.text, width: 2, style: style), x: x, y: y)
            put(Cell(text: "", width: 0, style: style), x: x + 1, y: y)
            return 2
        }
        put(Cell(text: glyph.text, width: 1, style: style), x: x, y: y)
        return 1
    }

    /// Sets one cell, blanking the other half of any wide glyph it overwrites.
    private mutating func put(_ cell: Cell, x: Int, y: Int) {
        let index = y * size.width + x
        let old = cells[index]
        if old.isContinuation, cell.width != 0, x > 0 {
            cells[index - 1] = .blank(cells[index - 1].style)
        }
        if old.width == 2, cell.width != 2, x + 1 < size.width {
            cells[index + 1] = .blank(cells[index + 1].style)
        }
        cells[index] = cell
    }

    private func clip(_ rect: Rect) -> Rect {
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = min(size.width, rect.maxX), y1 = min(size.height, rect.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    // MARK: - Reading back (snapshots, `listomat screen`)

    /// The text grid, one string per row, trailing spaces kept (every row is `width` columns).
    public func lines() -> [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width where !self[x, y].isContinuation { line += self[x, y].text }
            return line
        }
    }
}
