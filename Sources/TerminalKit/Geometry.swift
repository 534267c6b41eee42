/// A terminal size in columns and rows.
public struct Size: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// A cell position: column `x`, row `y`, from the top-left corner.
package struct Point: Hashable, Sendable {
    package var x: Int
    package var y: Int
    package init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// A rectangle of cells; `x`, `y` from the top-left corner.
package struct Rect: Hashable, Sendable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    package var isEmpty: Bool { width == 0 || height == 0 }
    package var maxX: Int { x + width }
    package var maxY: Int { y + height }

    /// The rectangle `amount` cells smaller on every side.
    package func inset(by amount: Int) -> Rect {
        Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    /// The first `count` columns, and the rest.
    package func splitColumns(_ count: Int) -> (Rect, Rect) {
        let left = min(max(0, count), width)
        return (Rect(x: x, y: y, width: left, height: height), Rect(x: x + left, y: y, width: width - left, height: height))
    }

    /// The first `count` rows, and the rest.
    package func splitRows(_ count: Int) -> (Rect, Rect) {
        let top = min(max(0, count), height)
        return (Rect(x: x, y: y, width: width, height: top), Rect(x: x, y: y + top, width: width, height: height - top))
    }
}
