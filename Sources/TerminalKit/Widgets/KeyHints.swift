/// One entry of a footer: the key to press and what it does ("a", "add").
package struct KeyHint: Hashable, Sendable {
    package var key: String
    package var description: String

    package init(_ key: String, _ description: String) {
        self.key = key
        self.description = description
    }
}

/// A footer of key hints, "a add  r rename  d delete  ? help": as many hints as fit in the
/// width, in order, dropping whole hints from the end (a hint is never cut in half).
package struct KeyHints: Widget {
    package var hints: [KeyHint]
    package var keyStyle: Style
    package var descriptionStyle: Style

    package init(_ hints: [KeyHint], keyStyle: Style, descriptionStyle: Style) {
        self.hints = hints
        self.keyStyle = keyStyle
        self.descriptionStyle = descriptionStyle
    }

    /// Draws the hints that fit on the first row of `rect` (cleared to `descriptionStyle`),
    /// keys in `keyStyle`.
    package func draw(into buffer: inout CellBuffer, in rect: Rect) {
        guard !rect.isEmpty else { return }
        buffer.fill(Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), style: descriptionStyle)
        var x = rect.x
        for (index, hint) in hints.prefix(Self.fittingCount(hints, width: rect.width)).enumerated() {
            if index > 0 { x += 2 }
            x += buffer.write(hint.key, x: x, y: rect.y, maxWidth: rect.maxX - x, style: keyStyle)
            if CellBuffer.width(of: hint.description) > 0 {
                x += 1 + buffer.write(hint.description, x: x + 1, y: rect.y, maxWidth: rect.maxX - x - 1, style: descriptionStyle)
            }
        }
    }

    /// How many of `hints`, from the first, fit in `width` columns, two spaces apart.
    package static func fittingCount(_ hints: [KeyHint], width: Int) -> Int {
        var used = 0
        for (index, hint) in hints.enumerated() {
            let needed = (index > 0 ? 2 : 0) + columns(hint)
            guard used + needed <= width else { return index }
            used += needed
        }
        return hints.count
    }

    /// The columns `hints` take, all of them, two spaces apart.
    package static func width(of hints: [KeyHint]) -> Int {
        hints.reduce(0) { $0 + columns($1) } + 2 * max(0, hints.count - 1)
    }

    /// "a add": the key, and a space and the description when there is one.
    private static func columns(_ hint: KeyHint) -> Int {
        let description = CellBuffer.width(of: hint.description)
        return CellBuffer.width(of: hint.key) + (description > 0 ? 1 + description : 0)
    }
}
