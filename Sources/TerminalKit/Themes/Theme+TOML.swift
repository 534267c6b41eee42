import Foundation

/// Reading a theme from its TOML file (the format is described in Themes/README.md):
///
///     name = "Default"
///     description = "Your terminal's own colours"
///     [roles]
///     normal    = { fg = "default", bg = "default" }
///     selection = { fg = "black", bg = "cyan", bold = true }
///
/// Every role starts as a copy of `normal` and its keys change what they name, so a role
/// the file leaves out looks like `normal`, and `title = { bold = true }` is normal's
/// colours in bold. Unknown keys, roles and colours are errors, and so is a selection that
/// looks exactly like normal text (nobody could see where they are).
extension Theme {
    /// The keys a role's table may have.
    package static let styleKeys = ["fg", "bg", "bold", "dim", "italic", "underline", "reverse"]

    /// The 16 ANSI colour names, in ANSI order (index = colour number).
    package static let colorNames = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        "bright-black", "bright-red", "bright-green", "bright-yellow",
        "bright-blue", "bright-magenta", "bright-cyan", "bright-white",
    ]

    /// The theme in `text`; `file` names it in error messages.
    package static func parse(_ text: String, file: String) throws(ConfigFileError) -> Theme {
        let document: TOMLTable
        do {
            document = try TOML.parse(text)
        } catch {
            throw ConfigFileError(file: file, error)
        }
        let reader = ThemeReader(file: file)
        return try reader.theme(from: document)
    }

    /// The theme in the file at `path`.
    package static func load(path: String) throws(ConfigFileError) -> Theme {
        guard let text = try SettingsFile.read(path) else {
            throw ConfigFileError(file: path, line: nil, SettingsMessage("theme.error.noFile", english: "no such theme file"))
        }
        return try parse(text, file: path)
    }

    /// The colour a theme file's `fg`/`bg` value names, or nil.
    package static func color(named name: String) -> Color? {
        let lowered = name.lowercased()
        if lowered == "default" { return .terminalDefault }
        return colorNames.firstIndex(of: lowered).map { .ansi(UInt8($0)) }
    }
}

private struct ThemeReader {
    let file: String

    func theme(from document: TOMLTable) throws(ConfigFileError) -> Theme {
        var name: String?
        var description = ""
        var roles = TOMLTable()
        var rolesLine: Int?
        for entry in document.entries {
            switch entry.key {
            case "name":
                guard let text = entry.value.string, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw problem(entry.line, SettingsMessage("theme.error.name", english: "name must be a non-empty string, such as name = \"My theme\""))
                }
                name = text
            case "description":
                guard let text = entry.value.string else {
                    throw problem(entry.line, SettingsMessage("theme.error.description", ["kind": entry.value.kindName],
                                                 english: "description must be a string, not \(entry.value.kindDescription)"))
                }
                description = text
            case "roles":
                guard let table = entry.value.table else {
                    throw problem(entry.line, SettingsMessage("theme.error.roles", english: "roles must be a table: a [roles] header with one line per role"))
                }
                roles = table
                rolesLine = entry.line
            default:
                throw problem(entry.line, SettingsMessage("theme.error.unknownKey", ["key": entry.key],
                                             english: "unknown key '\(entry.key)'; a theme has name, description and [roles]"))
            }
        }
        guard let name else {
            throw problem(nil, SettingsMessage("theme.error.noName", english: "the theme has no name; add a line such as name = \"My theme\" at the top"))
        }

        var normal = Style.plain
        if let value = roles["normal"] {
            normal = try style(value, role: "normal", line: roles.line(of: "normal"), base: .plain)
        }
        var styles: [Role: Style] = [.normal: normal]
        for entry in roles.entries where entry.key != "normal" {
            guard let role = Role(rawValue: entry.key) else {
                let known = Role.allCases.map(\.rawValue).joined(separator: ", ")
                throw problem(entry.line, SettingsMessage("theme.error.unknownRole", ["role": entry.key, "roles": known],
                                             english: "unknown role '\(entry.key)'; the roles are \(known)"))
            }
            styles[role] = try style(entry.value, role: entry.key, line: entry.line, base: normal)
        }
        let theme = Theme(name: name, description: description, styles: styles)
        if theme[.selection] == theme[.normal] {
            throw problem(roles.line(of: "selection") ?? rolesLine, SettingsMessage("theme.error.selection", english:
                          "the selection looks exactly like normal text, so nobody could see it; "
                          + "give it colours (selection = { fg = \"black\", bg = \"cyan\" }) or reverse = true"))
        }
        return theme
    }

    /// A role's table: `base` with the keys it gives changed.
    private func style(_ value: TOMLValue, role: String, line: Int?, base: Style) throws(ConfigFileError) -> Style {
        guard let table = value.table else {
            throw problem(line, SettingsMessage("theme.error.roleTable", ["role": role, "kind": value.kindName],
                                         english: "role '\(role)' must be a table such as { fg = \"white\", bold = true }, not \(value.kindDescription)"))
        }
        var style = base
        for entry in table.entries {
            switch entry.key {
            case "fg":
                style.foreground = try color(entry.value, key: "fg", role: role, line: entry.line)
            case "bg":
                style.background = try color(entry.value, key: "bg", role: role, line: entry.line)
            case "bold", "dim", "italic", "underline", "reverse":
                guard let on = entry.value.bool else {
                    throw problem(entry.line, SettingsMessage("theme.error.attribute", ["key": entry.key, "role": role, "kind": entry.value.kindName],
                                                 english: "\(entry.key) in role '\(role)' must be true or false, not \(entry.value.kindDescription)"))
                }
                let attribute = Self.attributes[entry.key] ?? []
                if on { style.attributes.insert(attribute) } else { style.attributes.remove(attribute) }
            default:
                let keys = Theme.styleKeys.joined(separator: ", ")
                throw problem(entry.line, SettingsMessage("theme.error.roleKey", ["key": entry.key, "role": role, "keys": keys],
                                                          english: "unknown key '\(entry.key)' in role '\(role)'; the keys are \(keys)"))
            }
        }
        return style
    }

    private func color(_ value: TOMLValue, key: String, role: String, line: Int) throws(ConfigFileError) -> Color {
        let hint = "use \"default\", a colour name (black, red, green, yellow, blue, magenta, cyan, white, "
            + "bright-black … bright-white) or a palette number 0–255"
        switch value {
        case .string(let name):
            guard let color = Theme.color(named: name) else {
                throw problem(line, SettingsMessage("theme.error.unknownColour", ["colour": name, "key": key, "role": role],
                                             english: "unknown colour '\(name)' for \(key) in role '\(role)'; \(hint)"))
            }
            return color
        case .integer(let number):
            guard let index = UInt8(exactly: number) else {
                throw problem(line, SettingsMessage("theme.error.colourRange", ["number": String(number), "key": key, "role": role],
                                             english: "colour \(number) for \(key) in role '\(role)' is out of range; palette colours are 0–255"))
            }
            return .palette(index)
        default:
            throw problem(line, SettingsMessage("theme.error.colourKind", ["key": key, "role": role, "kind": value.kindName],
                                         english: "\(key) in role '\(role)' must be a colour, not \(value.kindDescription); \(hint)"))
        }
    }

    private static let attributes: [String: Attributes] = [
        "bold": .bold, "dim": .dim, "italic": .italic, "underline": .underline, "reverse": .reverse,
    ]

    private func problem(_ line: Int?, _ message: SettingsMessage) -> ConfigFileError {
        ConfigFileError(file: file, line: line, message)
    }
}
