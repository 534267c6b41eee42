/// Where screens are drawn and input comes from: the ncurses terminal or, in tests, memory.
/// Views never talk to a backend: they draw into a `CellBuffer`, and the app hands the
/// finished buffer over.
public protocol Backend: AnyObject {
    /// The terminal's size now.
    var size: Size { get }
    /// Shows `buffer` (the backend draws only what changed since the last one).
    func draw(_ buffer: CellBuffer)
    /// The next input, waiting at most `timeoutMilliseconds` (nil: nothing came).
    func nextEvent(timeoutMilliseconds: Int) -> InputEvent?
    /// Puts `text` on the system clipboard, where the terminal allows it (OSC 52).
    func copyToClipboard(_ text: String)
    /// Gives the terminal back and stops the process (Ctrl-Z, as the shell's job control
    /// expects); returns when it is resumed (`fg`), having taken the terminal again. The next
    /// `draw` draws every cell.
    func suspend()
}

extension Backend {
    package func copyToClipboard(_ text: String) {}
    package func suspend() {}
}

/// A backend for tests: a size you set, events you queue, and the last buffer drawn.
package final class MemoryBackend: Backend {
    package var size: Size
    package private(set) var screen: CellBuffer
    package private(set) var drawCount = 0
    package var pending: [InputEvent] = []
    /// What was copied to the clipboard, oldest first.
    package private(set) var copied: [String] = []

    package init(size: Size) {
        self.size = size
        screen = CellBuffer(size: size)
    }

    package func draw(_ buffer: CellBuffer) {
        screen = buffer
        drawCount += 1
    }

    package func nextEvent(timeoutMilliseconds: Int) -> InputEvent? {
        pending.isEmpty ? nil : pending.removeFirst()
    }

    package func copyToClipboard(_ text: String) {
        copied.append(text)
    }

    /// How many times the program was suspended.
    package private(set) var suspensions = 0

    package func suspend() {
        suspensions += 1
    }
}
