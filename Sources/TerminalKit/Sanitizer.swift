/// Makes untrusted text safe to draw: every character that could move the cursor, change
/// colours or reorder text (C0 and C1 controls, DEL, ESC, line and paragraph separators,
/// bidirectional overrides and isolates) becomes a visible placeholder. Nothing from a list
/// name, a paste or a reply reaches the terminal as a control sequence.
///
/// The bidirectional marks U+200E LRM, U+200F RLM and U+061C ALM are left alone: they
/// override nothing (they only lean neutral characters one way), they take no column, and
/// each is a grapheme of its own, which `CellBuffer.write` never sends to the terminal
/// because it has no width. The same goes for the other invisible format characters
/// (U+200B, U+2060, U+FEFF, U+00AD).
package enum Sanitizer {
    /// Whether a scalar must not reach the terminal as itself.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// The visible stand-in for an unsafe scalar: the Control Pictures for C0 and DEL
    /// (ESC → ␛, TAB → ␉), U+FFFD for the rest (C1, separators, bidi controls).
    package static func placeholder(for scalar: Unicode.Scalar) -> Character {
        switch scalar.value {
        case 0x00...0x1F: return Unicode.Scalar(0x2400 + scalar.value).map(Character.init) ?? "\u{FFFD}"
        case 0x7F: return "\u{2421}"
        default: return "\u{FFFD}"
        }
    }

    /// Whether `character` holds an unsafe scalar. Every unsafe scalar is a grapheme of its
    /// own, except CR LF, which Swift keeps as one.
    static func containsUnsafe(_ character: Character) -> Bool {
        character.unicodeScalars.contains(where: isUnsafe)
    }

    /// The characters to draw for `character`: itself, or one placeholder per unsafe scalar
    /// (a cluster holding one is never drawn as it is: "\r\n" becomes ␍ ␊).
    package static func displayCharacters(_ character: Character) -> [Character] {
        guard containsUnsafe(character) else { return [character] }
        var result: [Character] = []
        var safe = ""
        for scalar in character.unicodeScalars {
            if isUnsafe(scalar) {
                result.append(contentsOf: safe)
                safe = ""
                result.append(placeholder(for: scalar))
            } else {
                safe.unicodeScalars.append(scalar)
            }
        }
        result.append(contentsOf: safe)
        return result
    }

    /// `text` with every unsafe scalar replaced.
    package static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        for character in text { result.append(contentsOf: displayCharacters(character)) }
        return result
    }
}
