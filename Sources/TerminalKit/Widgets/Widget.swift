/// Something drawn into an area of a cell buffer, and nowhere else: a widget never touches
/// the terminal and knows no keys (ratatui's `Widget`). Its look is set when it is made,
/// from the model and the theme, for one frame.
package protocol Widget {
    func draw(into buffer: inout CellBuffer, in area: Rect)
}

/// A widget whose drawing reads and moves state the caller keeps between frames: a list's
/// selection and scroll position, an input's cursor (ratatui's `StatefulWidget`). The state
/// changes only through its own key-free operations (`ListView.selectNext()`…); the app's
/// keymap decides which key calls which.
package protocol StatefulWidget {
    associatedtype State
    func draw(into buffer: inout CellBuffer, in area: Rect, state: inout State)
}
