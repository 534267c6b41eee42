/// A colour theme: a name, a line saying what it looks like, and a `Style` for every `Role`.
/// Views ask the theme for a role's style; they never pick colours themselves.
public struct Theme: Hashable, Sendable {
    package var name: String
    package var description: String
    private var styles: [Role: Style]

    /// A theme with `styles`; a role not given takes `normal`'s style (and `normal`, when
    /// not given, is the terminal's own colours).
    package init(name: String, description: String = "", styles: [Role: Style]) {
        self.name = name
        self.description = description
        let normal = styles[.normal] ?? .plain
        var complete: [Role: Style] = [:]
        for role in Role.allCases { complete[role] = styles[role] ?? normal }
        self.styles = complete
    }

    package subscript(role: Role) -> Style {
        get { styles[role] ?? .plain }
        set { styles[role] = newValue }
    }

    /// The built-in theme, also shipped as Themes/default.toml (a test keeps the two the
    /// same). It uses only the terminal's default colours and its 16 ANSI colours, so it
    /// follows the person's own terminal palette.
    public static let defaultTheme = Theme(
        name: "Default",
        description: "Your terminal's own colours",
        styles: [
            .normal: Style(),
            .selection: Style(foreground: .ansi(0), background: .ansi(6), attributes: .bold),
            .focus: Style(foreground: .ansi(6), attributes: .bold),
            .checked: Style(foreground: .ansi(2)),
            .dim: Style(foreground: .ansi(8)),
            .accent: Style(foreground: .ansi(3)),
            .error: Style(foreground: .ansi(9), attributes: .bold),
            .assistant: Style(foreground: .ansi(6)),
            .user: Style(attributes: .bold),
            .border: Style(foreground: .ansi(8)),
            .title: Style(attributes: .bold),
            .hint: Style(foreground: .ansi(8)),
            .match: Style(foreground: .ansi(0), background: .ansi(3)),
        ]
    )

    /// This theme without colours, for NO_COLOR: every colour becomes the terminal's
    /// default and attributes are kept. Roles that colour alone would set apart get an
    /// attribute instead: selection → reverse (it always stays visible: were it to look
    /// like normal, its reverse is flipped), focus → bold, error → bold, dim → dim,
    /// checked → dim, accent → underline.
    package func monochrome() -> Theme {
        var result = self
        for role in Role.allCases {
            var style = Style(attributes: self[role].attributes)
            switch role {
            case .selection: style.attributes.insert(.reverse)
            case .focus, .error: style.attributes.insert(.bold)
            case .match: style.attributes.formUnion([.bold, .underline])
            case .dim, .checked: style.attributes.insert(.dim)
            case .accent: style.attributes.insert(.underline)
            case .normal, .assistant, .user, .border, .title, .hint: break
            }
            result[role] = style
        }
        if result[.selection] == result[.normal] {
            result[.selection].attributes.formSymmetricDifference(.reverse)
        }
        return result
    }

    /// Whether the person asked for no colour (https://no-color.org): NO_COLOR is set and
    /// not empty.
    package static func noColorRequested(environment: [String: String]) -> Bool {
        guard let value = environment["NO_COLOR"] else { return false }
        return !value.isEmpty
    }
}
