import CNcursesw
import TerminalKit
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the terminal could not start.
package enum NcursesTerminalError: Error, Hashable, CustomStringConvertible {
    /// Standard input or output is not a terminal (piped, redirected, or run by a script).
    case notATerminal
    /// ncurses does not know the terminal type `TERM` names.
    case unknownTerminalType(String)
    /// Another NcursesTerminal is running: ncurses has one screen per process here.
    case alreadyRunning

    package var description: String {
        switch self {
        case .notATerminal:
            return "The full-screen interface needs a terminal: standard input and output must both be a terminal, not a pipe or a file."
        case .unknownTerminalType(let name):
            let shown = name.isEmpty ? "(TERM is not set)" : "'\(name)'"
            return "The terminal type \(shown) is unknown to ncurses; set TERM to one it knows (for example xterm-256color)."
        case .alreadyRunning:
            return "The terminal is already in use by another full-screen session in this process."
        }
    }
}

/// The real terminal, through ncursesw: the only code in the project that calls ncurses.
///
/// It draws `CellBuffer`s (only the cells that changed), decodes keys, bracketed pastes,
/// resizes and (when asked for) mouse presses and wheel turns into `InputEvent`s, and puts
/// the terminal back as it found it on every way out: `shutdown()` (also run by deinit),
/// an exit without shutdown (an atexit hook), SIGTERM, SIGHUP and SIGINT, and crash signals
/// (SIGBUS, SIGSEGV, SIGILL, SIGTRAP, SIGFPE, SIGABRT): restore, one line saying why, then end
/// as the signal would (see CNcursesw.c; `SWIFT_BACKTRACE` set keeps the runtime's backtrace).
///
/// Use it from one thread (the app's main loop), like ncurses itself.
package final class NcursesTerminal: Backend {
    /// Whether mouse presses and wheel turns are reported.
    package let mouseEnabled: Bool
    /// How many colours the terminal shows (0: none, attributes only).
    package let colorCount: Int

    /// ncurses keeps one screen per process in this design (stdscr); a second terminal would
    /// fight over it. Only the app's main loop creates and shuts terminals down, so this flag
    /// is never touched from two threads at once.
    nonisolated(unsafe) private static var isRunning = false

    /// Key codes for the bracketed-paste markers, taught to ncurses with define_key: far
    /// above KEY_MAX (0777) and the codes ncurses numbers terminfo's extended keys with.
    static let pasteStartKeyCode: Int32 = 0x7F00
    static let pasteEndKeyCode: Int32 = 0x7F01
    /// The most a paste brings in (UTF-8 bytes); the rest is read and dropped.
    static let pasteByteLimit = 1 << 20
    /// How long a paste may go quiet before its end marker counts as lost.
    static let pasteIdleMilliseconds: Int32 = 2000

    private static let enableBracketedPaste = "\u{1B}[?2004h"
    private static let disableBracketedPaste = "\u{1B}[?2004l"
    /// Mouse reporting off, in every xterm protocol ncurses may have turned on.
    private static let disableMouseReporting = "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l"

    private let screen: OpaquePointer
    private var isActive = true
    private let hasDefaultColors: Bool
    private var pairs: ColorPairTable
    private var resolvedStyles: [Style: (attributes: attr_t, pair: Int16)] = [:]

    /// The buffer on screen now, to draw only what changes; nil: draw everything next time.
    private var shownBuffer: CellBuffer?
    private var shownTerminalSize: Size?
    private var isCursorVisible = false

    /// Input read ahead (the character after an escape that did not make an Alt key).
    private var pushedBackInput: RawInput?
    /// Events found while reading something else (a resize during a paste).
    private var queuedEvents: [InputEvent] = []

    /// Takes over the terminal. Throws when standard input or output is not a terminal, when
    /// TERM is unknown, or when another NcursesTerminal is running.
    package init(mouse: Bool = false) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw NcursesTerminalError.notATerminal }
        guard !Self.isRunning else { throw NcursesTerminalError.alreadyRunning }
        if setlocale(LC_ALL, "") == nil, TerminalLocale.asksForUTF8(ProcessInfo.processInfo.environment) {
            // A UTF-8 locale that is not installed (LANG=ko_KR.UTF-8 where only C.UTF-8 is):
            // the screen needs only its character set, so C.UTF-8's is taken, not ASCII.
            setlocale(LC_CTYPE, "C.UTF-8")
        }

        cn_prepare_emergency_restore()
        guard let screen = cn_newterm_stdio() else {
            cn_disarm_emergency_restore()
            throw NcursesTerminalError.unknownTerminalType(getenv("TERM").map { String(cString: $0) } ?? "")
        }
        self.screen = screen
        Self.isRunning = true
        mouseEnabled = mouse

        raw()  // Ctrl-C, Ctrl-Z and Ctrl-\ arrive as keys, not signals.
        noecho()
        nonl()
        keypad(cn_stdscr(), true)
        curs_set(0)
        // ncurses reads ESCDELAY from the environment itself; otherwise a short wait, so Esc
        // answers at once while Alt-key sequences (sent in one write) are still recognised.
        if getenv("ESCDELAY") == nil { set_escdelay(25) }

        var defaultColors = false
        if has_colors() {
            start_color()
            defaultColors = use_default_colors() == cn_ok()
            colorCount = max(0, Int(cn_colors()))
        } else {
            colorCount = 0
        }
        hasDefaultColors = defaultColors
        pairs = ColorPairTable(pairCount: colorCount > 0 ? Int(cn_color_pairs()) : 0) { number, foreground, background in
            init_pair(number, foreground, background) == cn_ok()
        }

        for (sequence, code) in KeyDecoder.extraSequences where key_defined(sequence) != code {
            define_key(sequence, code)
        }
        define_key("\u{1B}[200~", Self.pasteStartKeyCode)
        define_key("\u{1B}[201~", Self.pasteEndKeyCode)
        if mouse {
            mousemask(cn_button1_pressed() | cn_button4_pressed() | cn_button5_pressed(), nil)
            mouseinterval(0)  // report presses at once; no click detection
        }
        Self.writeToTerminal(Self.enableBracketedPaste)
        armEmergencyRestore()
    }

    deinit {
        shutdown()
    }

    /// Gives the terminal back: bracketed paste and mouse reporting off, cursor shown, the
    /// screen and modes the shell had. Safe to call more than once; after it the terminal
    /// draws nothing and reports no events.
    package func shutdown() {
        guard isActive else { return }
        isActive = false
        Self.writeToTerminal(Self.disableBracketedPaste)
        if mouseEnabled { mousemask(0, nil) }
        curs_set(1)
        endwin()
        delscreen(screen)
        cn_disarm_emergency_restore()
        Self.isRunning = false
    }

    // MARK: - Suspending

    /// Ctrl-Z: the shell's screen and modes back, the process stopped (SIGTSTP) until the
    /// shell continues it; then the terminal taken again and every cell drawn on the next
    /// `draw` (the shell wrote over the screen meanwhile).
    package func suspend() {
        guard isActive else { return }
        Self.writeToTerminal(Self.disableBracketedPaste)
        if mouseEnabled { mousemask(0, nil) }
        curs_set(1)
        endwin()
        cn_stop_self()
        // A refresh after endwin puts ncurses' modes (raw, no echo, the alternate screen) back.
        wrefresh(cn_stdscr())
        Self.writeToTerminal(Self.enableBracketedPaste)
        if mouseEnabled { mousemask(cn_button1_pressed() | cn_button4_pressed() | cn_button5_pressed(), nil) }
        curs_set(0)
        isCursorVisible = false
        shownBuffer = nil
        clearok(cn_stdscr(), true)
    }

    // MARK: - Size

    package var size: Size {
        guard isActive else { return shownTerminalSize ?? Size(width: 0, height: 0) }
        return Size(width: max(0, Int(cn_columns())), height: max(0, Int(cn_lines())))
    }

    // MARK: - Drawing

    package func draw(_ buffer: CellBuffer) {
        guard isActive else { return }
        let window = cn_stdscr()
        let terminalSize = size
        let terminalResized = shownTerminalSize != nil && shownTerminalSize != terminalSize
        let previous = shownBuffer.flatMap { $0.size == buffer.size && !terminalResized ? $0 : nil }
        if previous == nil {
            werase(window)
            // After a resize the terminal may have moved what it showed: repaint it all.
            if terminalResized { clearok(window, true) }
        }

        // The buffer may be larger or smaller than the terminal (a resize between the app's
        // layout and this draw): draw the part both have.
        let rows = min(terminalSize.height, buffer.size.height)
        let columns = min(terminalSize.width, buffer.size.width)
        let bufferWidth = buffer.size.width
        for y in 0..<max(0, rows) {
            let rowStart = y * bufferWidth
            for x in 0..<max(0, columns) {
                let cell = buffer.cells[rowStart + x]
                if cell.isContinuation { continue }  // the wide glyph before it covers it
                if let previous {
                    // A wide glyph is redrawn when its continuation changed too.
                    let continuationChanged = x + 1 < bufferWidth && buffer.cells[rowStart + x + 1] != previous.cells[rowStart + x + 1]
                    if cell == previous.cells[rowStart + x], !continuationChanged { continue }
                }
                drawCell(cell, x: x, y: y, columns: columns)
            }
        }

        var cursorPosition: Point?
        if let cursor = buffer.cursor, cursor.x >= 0, cursor.y >= 0, cursor.x < columns, cursor.y < rows {
            cursorPosition = cursor
        }
        if let cursorPosition { wmove(window, Int32(cursorPosition.y), Int32(cursorPosition.x)) }
        // Hide before the update and show after it, so the cursor never flashes in between.
        if cursorPosition == nil, isCursorVisible {
            curs_set(0)
            isCursorVisible = false
        }
        wnoutrefresh(window)
        doupdate()
        if cursorPosition != nil, !isCursorVisible {
            curs_set(1)
            isCursorVisible = true
        }
        shownBuffer = buffer
        shownTerminalSize = terminalSize
    }

    private func drawCell(_ cell: Cell, x: Int, y: Int, columns: Int) {
        let (attributes, pair) = resolve(cell.style)
        let row = Int32(y)
        // A wide glyph cut off by the terminal's edge would wrap: a blank instead.
        let plan = x + Int(cell.width) <= columns
            ? GlyphPlan.make(text: cell.text, cellWidth: Int(cell.width)) { Int(cn_wcwidth($0)) }
            : GlyphPlan(scalars: [0x20], columns: 1, blanksAfter: 0)
        plan.scalars.withUnsafeBufferPointer { scalars in
            _ = cn_draw_cluster(row, Int32(x), scalars.baseAddress, Int32(scalars.count), attributes, pair)
        }
        if !plan.next.isEmpty {
            plan.next.withUnsafeBufferPointer { scalars in
                _ = cn_draw_cluster(row, Int32(x + plan.columns), scalars.baseAddress, Int32(scalars.count), attributes, pair)
            }
        }
        var blank: [UInt32] = [0x20]
        for offset in 0..<plan.blanksAfter {
            _ = cn_draw_cluster(row, Int32(x + plan.columns + plan.nextColumns + offset), &blank, 1, attributes, pair)
        }
    }

    /// A style's ncurses attributes and colour pair (cached: a screen uses a handful).
    private func resolve(_ style: Style) -> (attributes: attr_t, pair: Int16) {
        if let known = resolvedStyles[style] { return known }
        var attributes = cn_attr_normal()
        if style.attributes.contains(.bold) { attributes |= cn_attr_bold() }
        if style.attributes.contains(.dim) { attributes |= cn_attr_dim() }
        if style.attributes.contains(.italic) { attributes |= cn_attr_italic() }
        if style.attributes.contains(.underline) { attributes |= cn_attr_underline() }
        if style.attributes.contains(.reverse) { attributes |= cn_attr_reverse() }
        var pair: Int16 = 0
        if colorCount > 0 {
            let foreground = ColorMapping.terminalColor(style.foreground, colorCount: colorCount)
            let background = ColorMapping.terminalColor(style.background, colorCount: colorCount)
            if foreground.needsBold { attributes |= cn_attr_bold() }
            // Without default colours (-1), the classic white on black stands in.
            let foregroundNumber = foreground.number == -1 && !hasDefaultColors ? 7 : foreground.number
            let backgroundNumber = background.number == -1 && !hasDefaultColors ? 0 : background.number
            pair = pairs.pair(foreground: foregroundNumber, background: backgroundNumber)
        }
        resolvedStyles[style] = (attributes, pair)
        return (attributes, pair)
    }

    // MARK: - Input

    /// The next event, waiting at most `timeoutMilliseconds` (a negative timeout waits for as
    /// long as it takes). Input that makes no event (unknown keys, mouse reports the app did
    /// not ask for) is skipped while time remains.
    package func nextEvent(timeoutMilliseconds: Int) -> InputEvent? {
        guard isActive else { return nil }
        if !queuedEvents.isEmpty { return queuedEvents.removeFirst() }
        let clock = ContinuousClock()
        let deadline = timeoutMilliseconds < 0 ? nil : clock.now.advanced(by: .milliseconds(timeoutMilliseconds))
        while true {
            var wait: Int32 = -1
            if let deadline {
                let remaining = clock.now.duration(to: deadline)
                let milliseconds = remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000
                wait = Int32(clamping: max(0, milliseconds))
            }
            guard let input = read(waitingMilliseconds: wait) else { return terminalHungUp() ? .hangUp : nil }
            if let event = event(for: input) { return event }
            if let deadline, clock.now >= deadline { return nil }
        }
    }

    /// Whether input reports a hang-up: then every read fails at once, and a loop waiting
    /// for keys would spin forever on a terminal that is gone.
    private func terminalHungUp() -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) >= 0 else { return false }
        return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    /// One read: what was pushed back, else wget_wch waiting up to `milliseconds` (-1: no limit).
    private func read(waitingMilliseconds milliseconds: Int32) -> RawInput? {
        if let input = pushedBackInput {
            pushedBackInput = nil
            return input
        }
        wtimeout(cn_stdscr(), milliseconds)
        var value: UInt32 = 0
        switch cn_read_input(&value) {
        case Int32(CN_INPUT_CHARACTER): return .character(value)
        case Int32(CN_INPUT_KEY_CODE): return .keyCode(Int32(bitPattern: value))
        default: return nil
        }
    }

    private func event(for input: RawInput) -> InputEvent? {
        switch input {
        case .keyCode(KEY_RESIZE):
            return .resize(size)
        case .keyCode(KEY_MOUSE):
            return mouseEvent()
        case .keyCode(Self.pasteStartKeyCode):
            return .paste(readPaste())
        case .keyCode(let code):
            return KeyDecoder.key(forKeyCode: code).map(InputEvent.key)
        case .character(KeyDecoder.escape):
            // ncurses has already waited the escape delay for a sequence it knows; a character
            // already there now came in the same burst: Alt plus that character.
            guard let next = read(waitingMilliseconds: 0) else { return .key(.escape) }
            if case .character(let value) = next, let alt = KeyDecoder.altKey(forCharacter: value) { return .key(alt) }
            pushedBackInput = next
            return .key(.escape)
        case .character(let value):
            return KeyDecoder.key(forCharacter: value).map(InputEvent.key)
        }
    }

    private func mouseEvent() -> InputEvent? {
        guard mouseEnabled else { return nil }
        var x: Int32 = 0, y: Int32 = 0
        var state: mmask_t = 0
        guard cn_get_mouse(&x, &y, &state) == cn_ok() else { return nil }
        let action: MouseAction
        if state & cn_button4_pressed() != 0 {
            action = .wheelUp
        } else if state & cn_button5_pressed() != 0 {
            action = .wheelDown
        } else if state & cn_button1_pressed() != 0 {
            action = .press
        } else {
            return nil
        }
        return .mouse(action, x: Int(x), y: Int(y))
    }

    /// Reads a bracketed paste after its start marker, up to the end marker, as raw scalars:
    /// keypad decoding is off meanwhile, so escape sequences inside stay text.
    private func readPaste() -> String {
        let window = cn_stdscr()
        keypad(window, false)
        defer { keypad(window, true) }
        var collector = PasteCollector(byteLimit: Self.pasteByteLimit)
        while let input = read(waitingMilliseconds: Self.pasteIdleMilliseconds) {
            switch input {
            case .character(let value):
                if collector.feed(value) { return collector.text }
            case .keyCode(KEY_RESIZE):
                queuedEvents.append(.resize(size))
            case .keyCode:
                break
            }
        }
        collector.finish()
        return collector.text
    }

    // MARK: - Restoring the terminal

    /// What undoes the screen without ncurses, for the signal handlers and the atexit hook
    /// (they may not call endwin): bracketed paste and mouse reporting off, attributes reset,
    /// the cursor shown, keypad mode off, the shell's screen back.
    private func armEmergencyRestore() {
        var bytes = Array(Self.disableBracketedPaste.utf8)
        if mouseEnabled { bytes += Array(Self.disableMouseReporting.utf8) }
        for capability in ["sgr0", "cnorm", "rmkx", "rmcup"] {
            guard let value = cn_terminfo_string(capability) else { continue }
            let length = strlen(value)
            let raw = UnsafeRawBufferPointer(start: value, count: length)
            bytes += TerminfoText.withoutPadding(Array(raw))
        }
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                cn_arm_emergency_restore(characters.baseAddress, characters.count)
            }
        }
    }

    /// Sets the clipboard with OSC 52 (xterm, kitty, iTerm2, WezTerm; tmux with
    /// `set-clipboard on`); terminals without it ignore the sequence. The text travels as
    /// base64, so nothing in it reaches the terminal as a control sequence.
    package func copyToClipboard(_ text: String) {
        guard isActive else { return }
        Self.writeToTerminal("\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}")
    }

    /// Writes straight to the terminal, past ncurses (it has no call for these modes).
    private static func writeToTerminal(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            guard let start = buffer.baseAddress else { return }
            var written = 0
            while written < buffer.count {
                let count = write(STDOUT_FILENO, start + written, buffer.count - written)
                if count <= 0 { break }
                written += count
            }
        }
    }
}
