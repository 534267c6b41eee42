/// Keys by name, as people write them in config.toml and `listomat screen --keys`, and as
/// help screens and footers show them.
///
/// Names: a single character stands for itself and keeps its case ("r" and "R" are
/// different keys; "?", "/", ":" work too); "space"; "enter"; "esc" or "escape"; "tab";
/// "shift-tab" or "backtab"; "backspace"; "delete"; "insert"; "up", "down", "left", "right";
/// "home", "end"; "pgup" or "pageup"; "pgdn" or "pagedown"; "f1" … "f12";
/// "ctrl-" and a letter ("ctrl-r"; the letter's case does not matter); "alt-" and a
/// character or "space" ("alt-b"; the case matters, as terminals send Alt-B differently).
/// Named keys and the "ctrl-"/"alt-" prefixes ignore case ("Enter", "PgUp", "Ctrl-R").
/// "ctrl-i" and "ctrl-m" are the same keys as "tab" and "enter" (terminals send the same
/// bytes), so they name those.
package enum KeyName {
    /// The key `name` stands for, or nil when it names none.
    package static func parse(_ name: String) -> Key? {
        if name.count == 1, let character = name.first {
            return isUsable(character) ? .character(character) : nil
        }
        let lowered = name.lowercased()
        if let key = namedKeys[lowered] { return key }
        if let rest = dropPrefix("ctrl-", of: name) {
            guard rest.count == 1, let letter = rest.first, letter.isASCII, letter.isLetter else { return nil }
            switch letter.lowercased() {
            case "i": return .tab
            case "m": return .enter
            default: return .control(Character(letter.lowercased()))
            }
        }
        if let rest = dropPrefix("alt-", of: name) {
            if rest.lowercased() == "space" { return .alt(" ") }
            guard rest.count == 1, let character = rest.first, isUsable(character), character != " " else { return nil }
            return .alt(character)
        }
        let digits = lowered.dropFirst()
        if lowered.hasPrefix("f"), digits.first != "0", digits.allSatisfy({ $0.isASCII && $0.isNumber }),
           let number = Int(digits), functionKeys.contains(number) {
            return .function(number)
        }
        return nil
    }

    /// The name config files use for `key`; `parse(name(for: key)) == key` for every key
    /// `parse` can give.
    package static func name(for key: Key) -> String {
        switch key {
        case .character(" "): "space"
        case .character(let character): String(character)
        case .control(let letter): "ctrl-" + letter.lowercased()
        case .alt(" "): "alt-space"
        case .alt(let character): "alt-" + String(character)
        case .enter: "enter"
        case .escape: "esc"
        case .tab: "tab"
        case .backTab: "shift-tab"
        case .backspace: "backspace"
        case .delete: "delete"
        case .insert: "insert"
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .home: "home"
        case .end: "end"
        case .pageUp: "pgup"
        case .pageDown: "pgdn"
        case .function(let number): "f\(number)"
        }
    }

    /// How help screens and footers show `key`: "↑", "Enter", "Ctrl-R", "Alt-B", "g", "G".
    /// A label is for people to read; config files use `name(for:)`.
    package static func label(for key: Key) -> String {
        switch key {
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .control(let letter): "Ctrl-" + letter.uppercased()
        case .alt(" "): "Alt-Space"
        case .alt(let character):
            // Alt-b shows as "Alt-B", like Ctrl-R; Alt with a capital is Alt-Shift.
            character.isUppercase ? "Alt-Shift-" + String(character) : "Alt-" + character.uppercased()
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .insert: "Insert"
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .function(let number): "F\(number)"
        }
    }

    /// Keys from space-separated names ("j j enter ctrl-r"), for `listomat screen --keys`.
    package static func parseSequence(_ text: String) throws(KeyNameError) -> [Key] {
        var keys: [Key] = []
        for word in text.split(whereSeparator: \.isWhitespace) {
            guard let key = parse(String(word)) else { throw KeyNameError(name: String(word)) }
            keys.append(key)
        }
        return keys
    }

    /// Function keys people can name.
    package static let functionKeys = 1...12

    private static let namedKeys: [String: Key] = [
        "space": .character(" "),
        "enter": .enter,
        "esc": .escape, "escape": .escape,
        "tab": .tab,
        "shift-tab": .backTab, "backtab": .backTab,
        "backspace": .backspace,
        "delete": .delete,
        "insert": .insert,
        "up": .up, "down": .down, "left": .left, "right": .right,
        "home": .home, "end": .end,
        "pgup": .pageUp, "pageup": .pageUp,
        "pgdn": .pageDown, "pagedown": .pageDown,
    ]

    /// A character that can be a key on its own: not whitespace other than the space, not
    /// a control character.
    private static func isUsable(_ character: Character) -> Bool {
        if character == " " { return true }
        return !character.isWhitespace && !character.unicodeScalars.contains(where: Sanitizer.isUnsafe)
    }

    private static func dropPrefix(_ prefix: String, of name: String) -> String? {
        guard name.count > prefix.count, name.prefix(prefix.count).lowercased() == prefix else { return nil }
        return String(name.dropFirst(prefix.count))
    }
}

/// A word that names no key, with a message saying what names there are.
package struct KeyNameError: Error, Hashable, Sendable, CustomStringConvertible {
    package var name: String

    package init(name: String) {
        self.name = name
    }

    package var description: String {
        "unknown key '\(name)'; \(KeyNameError.hint)"
    }

    /// What key names look like, for messages.
    package static let hint = "use a single character (\"a\", \"R\", \"?\"), space, enter, esc, tab, shift-tab, "
        + "backspace, delete, insert, up, down, left, right, home, end, pgup, pgdn, f1–f12, "
        + "ctrl-<letter> or alt-<character>"
}
