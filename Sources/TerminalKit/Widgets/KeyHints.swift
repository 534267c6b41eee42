/// One entry of a footer: the key to press and what it does ("a", "add").
public struct KeyHint: Hashable, Sendable {
    public var key: String
    public var description: String

    public init(_ key: String, _ description: String) {
        self.key = key
        self.description = description
    }
}

/// A footer of key hints, "a add  r rename  d delete  ? help": as many hints as fit in the
/// width, in order, dropping whole hints from the end (a hint is never cut in half).
public enum KeyHints {
    /// Draws `hints` on the first row of `rect` (cleared to `descriptionStyle`), keys in
    /// `keyStyle`, and returns how many fit.
    @discardableResult
    public static func draw(_ hints: [KeyHint], into buffer: inout CellBuffer, in rect: Rect,
                            keyStyle: Style, descriptionStyle: Style) -> Int {
        guard !rect.isEmpty else { return 0 }
        buffer.fill(Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), style: descriptionStyle)
        let count = fittingCount(hints, width: rect.width)
        var x = rect.x
        for (index, hint) in hints.prefix(count).enumerated() {
            if index > 0 { x += 2 }
            x += buffer.write(hint.key, x: x, y: rect.y, maxWidth: rect.maxX - x, style: keyStyle)
            if CellBuffer.width(of: hint.description) > 0 {
                x += 1 + buffer.write(hint.description, x: x + 1, y: rect.y, maxWidth: rect.maxX - x - 1, style: descriptionStyle)
            }
        }
        return count
    }

    /// How many of `hints`, from the first, fit in `width` columns, two spaces apart.
    public static func fittingCount(_ hints: [KeyHint], width: Int) -> Int {
        var used = 0
        for (index, hint) in hints.enumerated() {
            let descriptionWidth = CellBuffer.width(of: hint.description)
            let hintWidth = CellBuffer.width(of: hint.key) + (descriptionWidth > 0 ? 1 + descriptionWidth : 0)
            let needed = (index > 0 ? 2 : 0) + hintWidth
            guard used + needed <= width else { return index }
            used += needed
        }
        return hints.count
    }
}
