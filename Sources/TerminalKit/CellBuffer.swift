/// One terminal cell: a grapheme and its style. A wide grapheme (2 columns) is followed by a
/// continuation cell (`width` 0, empty text) that the terminal covers with the same glyph.
package struct Cell: Hashable, Sendable {
    package var text: String
    package var width: UInt8
    package var style: Style

    package init(text: String, width: UInt8, style: Style) {
        self.text = text
        self.width = width
        self.style = style
    }

    package static func blank(_ style: Style = .plain) -> Cell { Cell(text: " ", width: 1, style: style) }
    package var isContinuation: Bool { width == 0 }
}

/// A screen's worth of cells that views draw into. Every piece of text goes through
/// `write`, which sanitises it, measures it with `DisplayWidth`, clips it with "…" and never
/// leaves half a wide glyph behind.
public struct CellBuffer: Hashable, Sendable {
    package let size: Size
    package private(set) var cells: [Cell]
    /// Where the terminal's cursor should show (a text input being edited), or nil: hidden.
    package var cursor: Point?

    package init(size: Size, style: Style = .plain) {
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
        cells = Array(repeating: .blank(style), count: self.size.width * self.size.height)
    }

    package var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    package subscript(x: Int, y: Int) -> Cell {
        cells[y * size.width + x]
    }

    /// Fills `rect` (clipped to the buffer) with blanks in `style`.
    package mutating func fill(_ rect: Rect, style: Style) {
        let area = clip(rect)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { put(.blank(style), x: x, y: y) }
        }
    }

    /// Restyles the cells of `rect`, keeping their text (a selection bar over a row).
    package mutating func setStyle(_ style: Style, in rect: Rect) {
        let area = clip(rect)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { cells[y * size.width + x].style = style }
        }
    }

    /// Writes `text` on row `y` from column `x`, in at most `maxWidth` columns (and never past
    /// the buffer's edge). Text that does not fit ends in "…", right after the last glyph that
    /// fits with it. A wide glyph is never cut in half: it goes to the "…" at the right edge,
    /// and where `x` is left of the buffer (text scrolled out on the left) the half still in
    /// the buffer is a blank. Returns the columns of the buffer the text covers.
    @discardableResult
    package mutating func write(_ text: String, x: Int, y: Int, maxWidth: Int? = nil, style: Style) -> Int {
        guard y >= 0, y < size.height, x < size.width else { return 0 }
        if let maxWidth, maxWidth <= 0 { return 0 }
        // No text is wider than this: keeps the sums below from overflowing.
        let origin = max(x, Int.min / 4)
        var rightEdge = size.width
        if let maxWidth, maxWidth < size.width - origin { rightEdge = origin + maxWidth }
        guard rightEdge > 0 else { return 0 }
        // Columns from `origin` to the edge, the ones left of the buffer included.
        let available = rightEdge - origin
        let end = writeASCII(text, origin: origin, available: available, y: y, style: style)
            ?? writeGlyphs(text, origin: origin, available: available, y: y, style: style)
        return max(0, end) - max(0, origin)
    }

    /// The common case, printable ASCII, without grapheme breaking or a glyph list: one cell per
    /// byte. Returns the column after the text, or nil (and draws nothing) if the bytes that
    /// could show are not all printable ASCII.
    private mutating func writeASCII(_ text: String, origin: Int, available: Int, y: Int, style: Style) -> Int? {
        // Look at one byte more than fits, to know whether the text does. An ASCII byte
        // followed by another is a grapheme of its own, so these bytes are the glyphs.
        var count = 0
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F else { return nil }
            count += 1
            if count > available { break }
        }
        let fits = count <= available
        var column = origin
        for byte in text.utf8.prefix(fits ? count : available - 1) {
            place(Self.asciiText[Int(byte) - 0x20], width: 1, column: column, y: y, style: style)
            column += 1
        }
        if !fits {
            place("…", width: 1, column: column, y: y, style: style)
            column += 1
        }
        return column
    }

    /// Any text: sanitised, split into glyphs, measured only as far as the edge (and one glyph
    /// past it, to know whether "…" is needed). Returns the column after the text.
    private mutating func writeGlyphs(_ text: String, origin: Int, available: Int, y: Int, style: Style) -> Int {
        var glyphs: [Glyph] = []
        glyphs.reserveCapacity(min(available, 256) + 1)
        var measured = 0
        for character in text {
            let before = glyphs.count
            Self.appendGlyphs(of: character, to: &glyphs)
            for glyph in glyphs[before...] { measured += glyph.width }
            if measured > available { break }
        }
        let fits = measured <= available
        // Without "…": every glyph; with it: glyphs while they leave it a column.
        let room = fits ? available : available - 1
        var column = origin
        for glyph in glyphs {
            guard column - origin + glyph.width <= room else { break }
            place(glyph.text, width: glyph.width, column: column, y: y, style: style)
            column += glyph.width
        }
        if !fits {
            place("…", width: 1, column: column, y: y, style: style)
            column += 1
        }
        return column
    }

    /// A piece of text drawn in one cell (`width` 1) or two (`width` 2).
    struct Glyph {
        var text: String
        var width: Int
    }

    /// The cells' text for printable ASCII, made once (each a small string: no allocation).
    private static let asciiText: [String] = (0x20..<0x7F).map { String(UnicodeScalar(UInt8($0))) }

    /// Appends the glyphs that draw `character`: unsafe scalars as placeholders, nothing for a
    /// cluster with no width, the cluster itself when it fits two columns.
    static func appendGlyphs(of character: Character, to glyphs: inout [Glyph]) {
        let utf8 = character.utf8
        if utf8.count == 1, let byte = utf8.first, byte >= 0x20, byte < 0x7F {
            glyphs.append(Glyph(text: asciiText[Int(byte) - 0x20], width: 1))
        } else if Sanitizer.containsUnsafe(character) {
            for shown in Sanitizer.displayCharacters(character) { appendSafeGlyphs(of: shown, to: &glyphs) }
        } else {
            appendSafeGlyphs(of: character, to: &glyphs)
        }
    }

    private static func appendSafeGlyphs(of character: Character, to glyphs: inout [Glyph]) {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return }
        if DisplayWidth.of(first) == 0 {
            // Marks with no base before them (at the start of the text, or after a control)
            // would join whatever the terminal drew in the cell before: they are left out, and
            // the rest is drawn as the graphemes it makes.
            let rest = String(String.UnicodeScalarView(scalars.drop(while: { DisplayWidth.of($0) == 0 })))
            for part in rest { appendSafeGlyphs(of: part, to: &glyphs) }
            return
        }
        let width = DisplayWidth.of(character)
        if width <= 2 {
            glyphs.append(Glyph(text: String(character), width: width))
            return
        }
        // Wider than a wide cell (a letter with a stray skin tone, a run of leading jamo):
        // split where a terminal measuring code point by code point moves on.
        var piece = String.UnicodeScalarView()
        var pieceWidth = 0
        for scalar in scalars {
            let scalarWidth = DisplayWidth.of(scalar)
            if scalarWidth > 0, pieceWidth > 0 {
                glyphs.append(Glyph(text: String(piece), width: pieceWidth))
                piece = String.UnicodeScalarView()
            }
            if scalarWidth > 0 { pieceWidth = scalarWidth }
            piece.append(scalar)
        }
        glyphs.append(Glyph(text: String(piece), width: pieceWidth))
    }

    /// Text as glyphs to draw: sanitised, each with its width (zero-width clusters dropped).
    static func glyphs(_ text: String) -> [(text: String, width: Int)] {
        var glyphs: [Glyph] = []
        for character in text { appendGlyphs(of: character, to: &glyphs) }
        return glyphs.map { ($0.text, $0.width) }
    }

    /// The columns `text` takes when written (sanitised), however wide.
    package static func width(of text: String) -> Int {
        var glyphs: [Glyph] = []
        var width = 0
        for character in text {
            glyphs.removeAll(keepingCapacity: true)
            appendGlyphs(of: character, to: &glyphs)
            for glyph in glyphs { width += glyph.width }
        }
        return width
    }

    /// Puts a glyph whose left column is `column` (which may be left of the buffer; the glyph
    /// ends inside it). The half of a wide glyph still in the buffer is a blank.
    private mutating func place(_ text: String, width: Int, column: Int, y: Int, style: Style) {
        if column >= 0 {
            put(Cell(text: text, width: UInt8(width), style: style), x: column, y: y)
            if width == 2 { put(Cell(text: "", width: 0, style: style), x: column + 1, y: y) }
        } else if column + width > 0 {
            put(.blank(style), x: 0, y: y)
        }
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

    /// The part of `rect` inside the buffer (a rectangle reaching past Int.max included).
    private func clip(_ rect: Rect) -> Rect {
        let (right, rightOverflows) = rect.x.addingReportingOverflow(rect.width)
        let (bottom, bottomOverflows) = rect.y.addingReportingOverflow(rect.height)
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = rightOverflows ? size.width : min(size.width, right)
        let y1 = bottomOverflows ? size.height : min(size.height, bottom)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    // MARK: - Reading back (snapshots, `listomat screen`)

    /// The text grid, one string per row, trailing spaces kept (every row is `width` columns).
    package func lines() -> [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width where !self[x, y].isContinuation { line += self[x, y].text }
            return line
        }
    }
}
