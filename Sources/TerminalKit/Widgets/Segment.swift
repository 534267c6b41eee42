/// A piece of text in one style: a row of a list is a few of these ("[x] " dim, "milk" normal).
package struct Segment: Hashable, Sendable {
    package var text: String
    package var style: Style

    package init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// Writes `segments` one after another on row `y` from column `x`, in at most `maxWidth`
    /// columns, and returns the columns used. When they do not all fit, the row ends in "…"
    /// (also when a segment fills the row exactly and more text follows).
    @discardableResult
    package static func write(_ segments: [Segment], into buffer: inout CellBuffer, x: Int, y: Int, maxWidth: Int) -> Int {
        var used = 0
        for (index, segment) in segments.enumerated() {
            let room = maxWidth - used
            guard room > 0 else { break }
            used += buffer.write(segment.text, x: x + used, y: y, maxWidth: room, style: segment.style)
            if used >= maxWidth, segments[(index + 1)...].contains(where: { CellBuffer.width(of: $0.text) > 0 }) {
                buffer.write("…", x: x + maxWidth - 1, y: y, maxWidth: 1, style: segment.style)
                break
            }
        }
        return used
    }
}
