/// A terminal colour: the terminal's own default, one of its 16 ANSI colours (0–15, which
/// the person's terminal theme defines), or one of the 256-colour palette.
package enum Color: Hashable, Sendable {
    case terminalDefault
    case ansi(UInt8)
    case palette(UInt8)
}

/// Text attributes a terminal can show.
package struct Attributes: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let bold = Attributes(rawValue: 1 << 0)
    package static let dim = Attributes(rawValue: 1 << 1)
    package static let italic = Attributes(rawValue: 1 << 2)
    package static let underline = Attributes(rawValue: 1 << 3)
    package static let reverse = Attributes(rawValue: 1 << 4)
}

/// How a cell is drawn: colours and attributes, already resolved from a theme's role.
package struct Style: Hashable, Sendable {
    package var foreground: Color
    package var background: Color
    package var attributes: Attributes

    package init(foreground: Color = .terminalDefault, background: Color = .terminalDefault, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    package static let plain = Style()
}

/// What a piece of the screen is, for the theme to colour: views ask for roles, never colours.
package enum Role: String, CaseIterable, Hashable, Sendable {
    case normal
    case selection
    case focus
    case checked
    case dim
    case accent
    case error
    case assistant
    case user
    case border
    case title
    case hint
    /// Text that matches a search, highlighted where it shows (its own colours: drawn on any row).
    case match
}
