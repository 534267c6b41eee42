/// A key press, as the backend decodes it.
public enum Key: Hashable, Sendable {
    /// A printable character (the space included).
    case character(Character)
    /// Control plus a letter: `.control("r")` is Ctrl-R. (Ctrl-I, Ctrl-M and Ctrl-[ arrive
    /// as `.tab`, `.enter` and `.escape`.)
    case control(Character)
    /// Alt (Meta) plus a character: `.alt("b")`.
    case alt(Character)
    case enter, escape, tab, backTab, backspace, delete, insert
    case up, down, left, right, home, end, pageUp, pageDown
    case function(Int)
}

/// A mouse action (only reported when the person opted in).
public enum MouseAction: Hashable, Sendable {
    case press, wheelUp, wheelDown
}

/// Something that happened at the terminal.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    /// Text pasted with bracketed paste: text to insert, never keys to run.
    case paste(String)
    case resize(Size)
    /// The terminal went away (its window closed, its tmux server killed): time to end.
    case hangUp
    case mouse(MouseAction, x: Int, y: Int)
}
