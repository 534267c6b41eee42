/// A bordered box with an optional title in its top border:
///
///     ┌ Lists ─────┐
///     │            │
///     └────────────┘
///
/// The caller draws the content in `innerRect(of:)`, the area inside the border.
package struct Panel: Widget, Hashable, Sendable {
    /// The characters of the border: box-drawing lines, or plain ASCII (+ - |) for terminals
    /// and fonts that lack them.
    package enum Border: Hashable, Sendable {
        case line, ascii

        var pieces: (topLeft: String, topRight: String, bottomLeft: String, bottomRight: String, horizontal: String, vertical: String) {
            switch self {
            case .line: ("┌", "┐", "└", "┘", "─", "│")
            case .ascii: ("+", "+", "+", "+", "-", "|")
            }
        }
    }

    package var title: String?
    package var border: Border
    package var borderStyle: Style
    package var titleStyle: Style
    /// The style the inside is cleared to, or nil to leave it as it is.
    package var fillStyle: Style?

    package init(title: String? = nil, border: Border = .line, borderStyle: Style = .plain, titleStyle: Style = .plain,
                fillStyle: Style? = nil) {
        self.title = title
        self.border = border
        self.borderStyle = borderStyle
        self.titleStyle = titleStyle
        self.fillStyle = fillStyle
    }

    /// The area inside the border of a panel drawn in `rect`. A rect narrower or shorter
    /// than 2 has no room for a border: the panel draws none and its inside is all of `rect`.
    package static func innerRect(of rect: Rect) -> Rect {
        rect.width < 2 || rect.height < 2 ? rect : rect.inset(by: 1)
    }

    /// Draws the border (and title, cut with "…" when long, left out when there is no room
    /// for one character of it), and clears the inside to `fillStyle` when there is one.
    package func draw(into buffer: inout CellBuffer, in rect: Rect) {
        let inner = Self.innerRect(of: rect)
        if let fillStyle { buffer.fill(inner, style: fillStyle) }
        guard inner != rect else { return }

        let pieces = border.pieces
        let horizontalRun = String(repeating: pieces.horizontal, count: rect.width - 2)
        buffer.write(pieces.topLeft + horizontalRun + pieces.topRight, x: rect.x, y: rect.y, maxWidth: rect.width, style: borderStyle)
        buffer.write(pieces.bottomLeft + horizontalRun + pieces.bottomRight, x: rect.x, y: rect.maxY - 1, maxWidth: rect.width, style: borderStyle)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            buffer.write(pieces.vertical, x: rect.x, y: y, maxWidth: 1, style: borderStyle)
            buffer.write(pieces.vertical, x: rect.maxX - 1, y: y, maxWidth: 1, style: borderStyle)
        }
        // "┌ Title ─┐": a space either side of the title, inside the corners.
        if let title, CellBuffer.width(of: title) > 0, rect.width >= 5 {
            let used = buffer.write(title, x: rect.x + 2, y: rect.y, maxWidth: rect.width - 4, style: titleStyle)
            buffer.write(" ", x: rect.x + 1, y: rect.y, maxWidth: 1, style: borderStyle)
            buffer.write(" ", x: rect.x + 2 + used, y: rect.y, maxWidth: 1, style: borderStyle)
        }
    }
}
