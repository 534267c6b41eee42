/// A numbered choice, for when the assistant must ask which one was meant:
///
///     1. Grocery Store
///     2. Groceries for the party
///
/// ↑/↓ (or k/j) move, Enter chooses the selected option, a digit 1–9 chooses that option
/// at once, Esc cancels. Options from 10 on are shown numbered but chosen with the arrows.
public struct Menu: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        /// An option was chosen (its index in `options`, from 0).
        case chose(Int)
        case cancelled
        case moved
        /// Not a menu key, or nothing to do (↑ on the first option).
        case ignored
    }

    public let options: [String]
    public private(set) var selected: Int

    public init(options: [String], selected: Int = 0) {
        self.options = options
        self.selected = min(max(0, selected), max(0, options.count - 1))
    }

    /// The menu's own keys, for a menu used without a keymap (an app with a keymap moves the
    /// selection with `selectPrevious`/`selectNext` for the keys bound to up and down).
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .up, .character("k"):
            return selectPrevious() ? .moved : .ignored
        case .down, .character("j"):
            return selectNext() ? .moved : .ignored
        case .enter:
            return options.isEmpty ? .ignored : .chose(selected)
        case .escape:
            return .cancelled
        case .character(let character):
            guard let digit = character.wholeNumberValue, character.isASCII, (1...9).contains(digit),
                  digit <= options.count else { return .ignored }
            selected = digit - 1
            return .chose(selected)
        default:
            return .ignored
        }
    }

    /// Draws one option per row ("1. Grocery Store", numbers right-aligned when there are 10
    /// or more) with the selected row highlighted, scrolled so the selection shows; the list's
    /// "↑"/"↓" mark options above or below.
    public func draw(into buffer: inout CellBuffer, in rect: Rect, styles: ListView.Styles) {
        var list = ListView(count: options.count)
        list.select(selected)
        let numberWidth = String(options.count).count
        list.draw(into: &buffer, in: rect, styles: styles, focused: true) { index in
            let number = String(index + 1)
            let padding = String(repeating: " ", count: numberWidth - number.count)
            return [Segment("\(padding)\(number). \(options[index])", style: styles.normal)]
        }
    }

    /// Selects the option above; false when the first is selected already.
    @discardableResult
    public mutating func selectPrevious() -> Bool { select(selected - 1) }

    /// Selects the option below; false when the last is selected already.
    @discardableResult
    public mutating func selectNext() -> Bool { select(selected + 1) }

    private mutating func select(_ index: Int) -> Bool {
        guard options.indices.contains(index) else { return false }
        selected = index
        return true
    }
}
