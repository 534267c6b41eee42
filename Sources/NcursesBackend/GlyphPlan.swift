/// What to hand ncurses for one cell. ncurses measures a cluster by its first scalar's
/// wcwidth and keeps only the zero-width scalars after it; the terminal then moves the cursor
/// by its own idea of the width. When those disagree with the cell's width, lines come out
/// shifted. So a cell is drawn only in a form whose width everyone agrees on, padded with
/// blanks to the cell's width:
/// - a base scalar whose wcwidth is the cell's width, with the zero-width scalars after it
///   (a ZWJ sequence keeps its first emoji: 👩‍💻 shows as 👩);
/// - a base narrower than the cell (❤️ is 1 column to wcwidth, 2 to DisplayWidth): the base
///   alone without VS16 (so no terminal widens it), then a blank;
/// - a base wider than the cell, or not printable in this locale: "?" and blanks.
/// A cluster with a second spacing scalar (Thai "ชำ" and "น้ำ": SARA AM is a spacing mark,
/// one column of its own) draws it as a second glyph right after the first, with its marks.
struct GlyphPlan: Hashable, Sendable {
    /// The scalars of the one cchar_t to draw (at most 5: ncurses' CCHARW_MAX).
    var scalars: [UInt32]
    /// The columns those take.
    var columns: Int
    /// Blank columns to draw after them (and after `next`), to fill the cell.
    var blanksAfter: Int
    /// A second glyph drawn right after the first (a spacing mark and the marks after it),
    /// `nextColumns` wide; empty when there is none.
    var next: [UInt32] = []
    var nextColumns = 0

    static let maximumScalars = 5
    static let zeroWidthJoiner: UInt32 = 0x200D
    static let emojiPresentationSelector: UInt32 = 0xFE0F
    static let replacement: UInt32 = 0x3F  // "?"

    /// The plan for a cell showing `text` in `cellWidth` columns (1 or 2), with
    /// `scalarWidth` measuring like the C library's wcwidth.
    static func make(text: String, cellWidth: Int, scalarWidth: (UInt32) -> Int) -> GlyphPlan {
        let width = min(max(cellWidth, 1), 2)
        let scalars = text.unicodeScalars.map(\.value)
        guard let base = scalars.first else {
            return GlyphPlan(scalars: [0x20], columns: 1, blanksAfter: width - 1)
        }
        let baseWidth = scalarWidth(base)
        guard baseWidth >= 1, baseWidth <= width else {
            return GlyphPlan(scalars: [replacement], columns: 1, blanksAfter: width - 1)
        }
        var kept = [base]
        var rest = scalars.dropFirst()
        while let scalar = rest.first, kept.count < maximumScalars, scalarWidth(scalar) == 0 {
            rest = rest.dropFirst()
            if baseWidth < width, scalar == emojiPresentationSelector { continue }
            kept.append(scalar)
        }
        // A joiner with nothing to join would glue this glyph to whatever comes next.
        while kept.count > 1, kept.last == zeroWidthJoiner { kept.removeLast() }
        var plan = GlyphPlan(scalars: kept, columns: baseWidth, blanksAfter: width - baseWidth)
        // A spacing mark that fits the cell beside the base (Thai SARA AM): a glyph of its own.
        if kept.last != zeroWidthJoiner, let mark = rest.first, scalarWidth(mark) == 1, baseWidth + 1 <= width {
            plan.next = [mark] + rest.dropFirst().prefix { scalarWidth($0) == 0 }.prefix(maximumScalars - 1)
            plan.nextColumns = 1
            plan.blanksAfter -= 1
        }
        return plan
    }
}
