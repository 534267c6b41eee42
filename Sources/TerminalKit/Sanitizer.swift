/// Makes untrusted text safe to draw: every character that could move the cursor, change
/// colours or reorder text (C0 and C1 controls, DEL, ESC, line and paragraph separators,
/// bidirectional overrides and isolates) becomes a visible placeholder. Nothing from a list
/// name, a paste or a reply reaches the terminal as a control sequence.
public enum Sanitizer {
    /// Whether a scalar must not reach the terminal as itself.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// The visible stand-in for an unsafe scalar: the Control Pictures for C0 and DEL
    /// (ESC → ␛, TAB → ␉), U+FFFD for the rest.
    public static func placeholder(for scalar: Unicode.Scalar) -> Character {
        switch scalar.value {
        case 0x00...0x1F: return Character(Unicode.Scalar(0x2400 + scalar.value)!)
        case 0x7F: return "\u{2421}"
        default: return "\u{FFFD}"
        }
    }

    /// The characters to draw for `character`: itself, or one placeholder per unsafe scalar
    /// (a cluster holding one is never drawn as it is).
    public static func displayCharacters(_ character: Character) -> [Character] {
        let scalars = character.unicodeScalars
        if scalars.count == 1, let only = scalars.first, only.value >= 0x20, only.value < 0x7F { return [character] }
        guard scalars.contains(where: isUnsafe) else { return [character] }
        var result: [Character] = []
        var safe = ""
        for scalar in scalars {
            if isUnsafe(scalar) {
                if !safe.isEmpty { result.append(contentsOf: safe.map { $0 }); safe = "" }
                result.append(placeholder(for: scalar))
            } else {
                safe.unicodeScalars.append(scalar)
            }
        }
        if !safe.isEmpty { result.append(contentsOf: safe.map { $0 }) }
        return result
    }

    /// `text` with every unsafe scalar replaced.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        for character in text { result.append(contentsOf: displayCharacters(character)) }
        return result
    }
}
