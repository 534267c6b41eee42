import Testing
@testable import TerminalKit

@Suite struct KeyNameTests {
    @Test(arguments: [
        ("a", Key.character("a")), ("R", .character("R")), ("?", .character("?")), ("/", .character("/")),
        (":", .character(":")), ("-", .character("-")), ("1", .character("1")), ("é", .character("é")),
        ("space", .character(" ")), ("Space", .character(" ")),
        ("enter", .enter), ("Enter", .enter), ("ENTER", .enter),
        ("esc", .escape), ("escape", .escape), ("Esc", .escape),
        ("tab", .tab), ("shift-tab", .backTab), ("backtab", .backTab), ("Shift-Tab", .backTab),
        ("backspace", .backspace), ("delete", .delete), ("insert", .insert),
        ("up", .up), ("down", .down), ("left", .left), ("right", .right), ("Up", .up),
        ("home", .home), ("end", .end),
        ("pgup", .pageUp), ("pageup", .pageUp), ("PgUp", .pageUp), ("pgdn", .pageDown), ("pagedown", .pageDown),
        ("f1", .function(1)), ("F12", .function(12)),
        ("ctrl-r", .control("r")), ("ctrl-R", .control("r")), ("Ctrl-R", .control("r")), ("CTRL-n", .control("n")),
        ("ctrl-i", .tab), ("ctrl-m", .enter),
        ("alt-b", .alt("b")), ("Alt-B", .alt("B")), ("alt-space", .alt(" ")), ("alt-.", .alt(".")),
    ])
    func parsesNames(name: String, key: Key) {
        #expect(KeyName.parse(name) == key, "\(name)")
    }

    @Test(arguments: [
        "", "ab", "enterr", "f0", "f13", "f01", "f+1", "fx", "ctrl-", "ctrl-1", "ctrl-ab", "ctrl-é", "alt-",
        "alt-ab", "\n", "\t", "\u{1B}", "ctrl+r", "shift-a",
    ])
    func rejectsNonNames(name: String) {
        #expect(KeyName.parse(name) == nil, "\(name.debugDescription)")
    }

    static let everyKind: [Key] = [
        .character("a"), .character("G"), .character(" "), .character("?"), .character("ß"),
        .control("a"), .control("z"), .alt("b"), .alt("B"), .alt(" "), .alt("1"),
        .enter, .escape, .tab, .backTab, .backspace, .delete, .insert,
        .up, .down, .left, .right, .home, .end, .pageUp, .pageDown,
    ] + KeyName.functionKeys.map { Key.function($0) }

    @Test func namesRoundTrip() {
        for key in Self.everyKind {
            #expect(KeyName.parse(KeyName.name(for: key)) == key, "\(key) → \(KeyName.name(for: key))")
        }
    }

    @Test func sequenceOfNamesRoundTrips() throws {
        let text = Self.everyKind.map(KeyName.name(for:)).joined(separator: " ")
        #expect(try KeyName.parseSequence(text) == Self.everyKind)
    }

    @Test(arguments: [
        (Key.up, "↑"), (.down, "↓"), (.left, "←"), (.right, "→"), (.enter, "Enter"), (.escape, "Esc"),
        (.tab, "Tab"), (.backTab, "Shift-Tab"), (.character(" "), "Space"), (.pageUp, "PgUp"), (.pageDown, "PgDn"),
        (.control("r"), "Ctrl-R"), (.alt("b"), "Alt-B"), (.alt("B"), "Alt-Shift-B"), (.character("g"), "g"),
        (.character("G"), "G"), (.character("?"), "?"), (.function(5), "F5"), (.home, "Home"),
        (.backspace, "Backspace"),
    ])
    func labels(key: Key, label: String) {
        #expect(KeyName.label(for: key) == label)
    }

    @Test func labelsOfLettersAndControlKeysParseBack() {
        for key in [Key.character("g"), .character("G"), .character("?"), .control("r"), .enter, .escape, .tab, .pageUp] {
            #expect(KeyName.parse(KeyName.label(for: key)) == key)
        }
    }

    @Test func parsesASequence() throws {
        #expect(try KeyName.parseSequence("j j enter ctrl-r") == [.character("j"), .character("j"), .enter, .control("r")])
        #expect(try KeyName.parseSequence("  G\t? space \n") == [.character("G"), .character("?"), .character(" ")])
        #expect(try KeyName.parseSequence("") == [])
    }

    @Test func sequenceErrorNamesTheWord() {
        #expect(throws: KeyNameError(name: "jj")) { try KeyName.parseSequence("j jj enter") }
        let message = KeyNameError(name: "jj").description
        #expect(message.hasPrefix("unknown key 'jj'; use a single character"))
    }
}
