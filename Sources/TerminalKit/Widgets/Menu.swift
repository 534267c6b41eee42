/// A numbered choice, for when the assistant must ask which one was meant:
///
///     1. Grocery Store
///     2. Groceries for the party
///
/// The menu is the state (the options and the one selected); `MenuList` draws it. It knows
/// no keys: the app's keymap moves the selection (`selectPrevious`, `selectNext`), chooses it
/// (`choose`) or picks an option by its number (`pick`). Options from 10 on are shown
/// numbered but reached by moving.
package struct Menu: Hashable, Sendable {
    package enum Outcome: Hashable, Sendable {
        /// An option was chosen (its index in `options`, from 0).
        case chose(Int)
        case cancelled
        case moved
        /// Not a menu key, or nothing to do (↑ on the first option).
        case ignored
    }

    package let options: [String]
    package private(set) var selected: Int

    package init(options: [String], selected: Int = 0) {
        self.options = options
        self.selected = min(max(0, selected), max(0, options.count - 1))
    }

    /// The selected option, chosen (nothing to choose in an empty menu).
    package func choose() -> Outcome { options.isEmpty ? .ignored : .chose(selected) }

    /// The option numbered `number` (from 1), chosen at once; only 1–9 can be typed, so only
    /// those are picked.
    package mutating func pick(_ number: Int) -> Outcome {
        guard (1...9).contains(number), number <= options.count else { return .ignored }
        selected = number - 1
        return .chose(selected)
    }

    /// Selects the option above; false when the first is selected already.
    @discardableResult
    package mutating func selectPrevious() -> Bool { select(selected - 1) }

    /// Selects the option below; false when the last is selected already.
    @discardableResult
    package mutating func selectNext() -> Bool { select(selected + 1) }

    private mutating func select(_ index: Int) -> Bool {
        guard options.indices.contains(index) else { return false }
        selected = index
        return true
    }
}

/// A menu drawn one option per row ("1. Grocery Store", numbers right-aligned when there are
/// 10 or more), the selected row highlighted and scrolled into view; "↑"/"↓" mark options
/// above or below.
package struct MenuList: StatefulWidget {
    package var styles: ListView.Styles

    package init(styles: ListView.Styles) { self.styles = styles }

    package func draw(into buffer: inout CellBuffer, in area: Rect, state menu: inout Menu) {
        var list = ListView(count: menu.options.count)
        list.select(menu.selected)
        let options = menu.options
        let numberWidth = String(options.count).count
        ScrollingList(styles: styles, focused: true) { buffer, index, row, style in
            let number = String(index + 1)
            let padding = String(repeating: " ", count: numberWidth - number.count)
            buffer.write("\(padding)\(number). \(options[index])", x: row.x, y: row.y, maxWidth: row.width, style: style)
        }.draw(into: &buffer, in: area, state: &list)
    }
}
