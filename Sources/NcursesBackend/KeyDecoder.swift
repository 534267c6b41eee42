import CNcursesw
import TerminalKit

/// One read from ncurses' wget_wch: a Unicode scalar, or a KEY_* code.
enum RawInput: Hashable, Sendable {
    case character(UInt32)
    case keyCode(Int32)
}

/// Turns what ncurses reads into `Key`s. Pure: no terminal involved, so tests can feed it codes.
enum KeyDecoder {
    static let escape: UInt32 = 0x1B

    /// The key for a character read: printable characters, control letters (Ctrl-I, Ctrl-M,
    /// Ctrl-J and Ctrl-H being tab, enter, enter and backspace), escape. Nil for the rest
    /// (NUL, Ctrl-\ to Ctrl-_, the C1 controls, values that are not scalars).
    static func key(forCharacter value: UInt32) -> Key? {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 8, 0x7F: return .backspace
        case 0x1B: return .escape
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(0x60 + value))))
        case 0, 28...31, 0x80...0x9F: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }

    /// The Alt key for the character read right after an escape: printable ones only.
    static func altKey(forCharacter value: UInt32) -> Key? {
        guard case .character(let character)? = key(forCharacter: value) else { return nil }
        return .alt(character)
    }

    /// Escape sequences for keys that a terminal sends but its terminfo entry may not list,
    /// each with the KEY_* code it means; they are defined with ncurses at start. Under tmux
    /// with TERM=xterm-256color, Home and End arrive as ESC [ 1 ~ and ESC [ 4 ~ (xterm's
    /// entry says ESC O H and ESC O F), which without this typed "1~" and "4~". The rxvt,
    /// VT220 and xterm variants of Home, End, Insert, Delete, PgUp and PgDn are all here.
    static let extraSequences: [(sequence: String, code: Int32)] = [
        ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[H", KEY_HOME), ("\u{1B}OH", KEY_HOME),
        ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END), ("\u{1B}[F", KEY_END), ("\u{1B}OF", KEY_END),
        ("\u{1B}[2~", KEY_IC), ("\u{1B}[3~", KEY_DC), ("\u{1B}[5~", KEY_PPAGE), ("\u{1B}[6~", KEY_NPAGE),
    ]

    /// The key for an ncurses KEY_* code (resize, mouse and the paste markers are the
    /// terminal's to handle; they and unknown codes give nil).
    static func key(forKeyCode code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME, KEY_FIND: return .home  // VT220's Find and Select sit where Home and End are
        case KEY_END, KEY_SELECT: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_BTAB: return .backTab
        case KEY_BACKSPACE: return .backspace
        case KEY_ENTER: return .enter
        case (KEY_F0 + 1)...(KEY_F0 + 63): return .function(Int(code - KEY_F0))
        default: return nil
        }
    }
}
