/// A one-line text editor with Emacs-style keys and a history of what was submitted.
///
/// The cursor counts grapheme clusters (what a person sees as one character), so "👩‍💻" and
/// "é" written as e + U+0301 each take one step. Keys:
///
/// - printable characters insert; Backspace and Delete delete before and at the cursor;
/// - ←/→ and Ctrl-B/Ctrl-F move a character; Home/End and Ctrl-A/Ctrl-E go to the start/end;
/// - Alt-B/Alt-F move a word back/forward, Alt-D deletes the word after the cursor (a word
///   is letters and digits, as in readline);
/// - Ctrl-W deletes back to the previous space (readline's unix-word-rubout), Ctrl-K to the
///   end, Ctrl-U to the start; the last of these kills comes back with Ctrl-Y;
/// - ↑/↓ browse earlier submissions; the line being typed is kept and comes back after the
///   newest one. Editing a recalled line makes it the line being typed (history itself never
///   changes), so no edit is lost by browsing;
/// - Enter submits (a line with more than spaces joins the history unless it repeats the
///   newest entry) and clears; Esc cancels and leaves the line for the caller to keep or clear.
///
/// The line never holds control characters: typed and pasted text is cleaned (see `insert`).
package struct TextInput: Hashable, Sendable {
    package enum Outcome: Hashable, Sendable {
        /// The text changed.
        case edited
        /// Only the cursor moved.
        case moved
        /// Enter: the line as it was (the input is now empty).
        case submitted(String)
        /// Esc.
        case cancelled
        /// Not an editing key, or nothing to do (← at the start, Backspace on an empty line,
        /// a full line): the caller may give the key another use.
        case ignored
    }

    /// The longest line, in grapheme clusters: more than any list or item name or pasted
    /// sentence needs, and short enough that every key (which re-walks the line) stays instant.
    package static let maximumLength = 4_000
    /// How many submissions `history` keeps; the oldest go first.
    package static let historyLimit = 200

    package private(set) var text: String
    /// The cursor, in grapheme clusters from the start (0...text.count).
    package private(set) var cursor: Int
    /// Earlier submissions, newest last.
    package private(set) var history: [String]
    /// The history entry shown while browsing with ↑/↓, or nil for the person's own line.
    package private(set) var historyIndex: Int?
    /// The person's own line, kept while browsing history.
    package private(set) var draft: String = ""
    /// What the last kill (Ctrl-K, Ctrl-U, Ctrl-W, Alt-D) removed, for Ctrl-Y.
    package private(set) var killed: String = ""

    package init(text: String = "", history: [String] = []) {
        self.text = String(Self.cleaned(text).prefix(Self.maximumLength))
        cursor = self.text.count
        self.history = Array(history.map { String(Self.cleaned($0).prefix(Self.maximumLength)) }.suffix(Self.historyLimit))
    }

    /// Replaces the whole line (cleaned and capped), with the cursor at the end.
    package mutating func setText(_ newText: String) {
        text = String(Self.cleaned(newText).prefix(Self.maximumLength))
        cursor = text.count
        historyIndex = nil
    }

    /// Empties the line and stops browsing history (history and the kill are kept).
    package mutating func clear() {
        setText("")
        draft = ""
    }

    // MARK: - Keys

    package mutating func handle(_ key: Key) -> Outcome {
        let characters = Array(text)
        switch key {
        case .character(let character):
            return insert(String(character))
        case .backspace, .control("h"):
            return cursor > 0 ? replace(cursor - 1..<cursor, with: "") : .ignored
        case .delete:
            return cursor < characters.count ? replace(cursor..<cursor + 1, with: "") : .ignored
        case .left, .control("b"):
            return moveCursor(to: cursor - 1)
        case .right, .control("f"):
            return moveCursor(to: cursor + 1)
        case .home, .control("a"):
            return moveCursor(to: 0)
        case .end, .control("e"):
            return moveCursor(to: characters.count)
        case .alt("b"):
            return moveCursor(to: Self.wordStart(before: cursor, in: characters))
        case .alt("f"):
            return moveCursor(to: Self.wordEnd(after: cursor, in: characters))
        case .alt("d"):
            return kill(cursor..<Self.wordEnd(after: cursor, in: characters))
        case .control("w"):
            return kill(Self.spaceDelimitedWordStart(before: cursor, in: characters)..<cursor)
        case .control("k"):
            return kill(cursor..<characters.count)
        case .control("u"):
            return kill(0..<cursor)
        case .control("y"):
            return insert(killed)
        case .up:
            return showHistory(at: (historyIndex ?? history.count) - 1)
        case .down:
            guard let historyIndex else { return .ignored }
            return showHistory(at: historyIndex + 1)
        case .enter:
            return submit()
        case .escape:
            return .cancelled
        default:
            return .ignored
        }
    }

    /// Inserts text at the cursor: a paste, or a typed character. A paste is only ever text:
    /// newlines (CR, LF, CRLF, U+0085, U+2028, U+2029) and tabs become spaces, every other
    /// character `Sanitizer.isUnsafe` rejects is dropped, and it never submits. What would
    /// make the line longer than `maximumLength` is cut off. Returns `.edited`, or `.ignored`
    /// when nothing was inserted.
    @discardableResult
    package mutating func insert(_ pasted: String) -> Outcome {
        let room = Self.maximumLength - text.count
        let piece = Self.cleaned(pasted).prefix(max(0, room))
        guard !piece.isEmpty else { return .ignored }
        return replace(cursor..<cursor, with: String(piece))
    }

    // MARK: - Drawing

    /// Draws the input as `TextField` does, for one frame (see there).
    package func draw(into buffer: inout CellBuffer, in rect: Rect, style: Style, prompt: String?, promptStyle: Style,
                     focused: Bool, placeholder: String? = nil, placeholderStyle: Style = Style(attributes: .dim)) {
        var state = self
        TextField(style: style, prompt: prompt, promptStyle: promptStyle, focused: focused, placeholder: placeholder,
                  placeholderStyle: placeholderStyle).draw(into: &buffer, in: rect, state: &state)
    }

    /// Shows the terminal's cursor at (x, y) if that is inside both the input's row and the
    /// buffer (a rect hanging off the screen must not send the cursor off it).
    fileprivate static func placeCursor(in buffer: inout CellBuffer, x: Int, y: Int, limit: Int) {
        guard x < limit, x >= 0, x < buffer.size.width, y >= 0, y < buffer.size.height else { return }
        buffer.cursor = Point(x: x, y: y)
    }

    // MARK: - Editing

    /// Replaces the characters in `range` (grapheme indices) and puts the cursor after the
    /// new text. Any edit makes the line the person's own (it stops browsing history).
    private mutating func replace(_ range: Range<Int>, with newText: String) -> Outcome {
        let characters = Array(text)
        let lower = min(max(0, range.lowerBound), characters.count)
        let upper = min(max(lower, range.upperBound), characters.count)
        let before = String(characters[..<lower]) + newText
        text = before + String(characters[upper...])
        // Joining can merge clusters (e + a combining accent after it); keep within the line.
        if text.count > Self.maximumLength { text = String(text.prefix(Self.maximumLength)) }
        cursor = min(before.count, text.count)
        historyIndex = nil
        return .edited
    }

    private mutating func kill(_ range: Range<Int>) -> Outcome {
        guard !range.isEmpty else { return .ignored }
        killed = String(Array(text)[range])
        return replace(range, with: "")
    }

    private mutating func moveCursor(to index: Int) -> Outcome {
        let target = min(max(0, index), text.count)
        guard target != cursor else { return .ignored }
        cursor = target
        return .moved
    }

    private mutating func showHistory(at index: Int) -> Outcome {
        guard index >= 0, index <= history.count, index != (historyIndex ?? history.count) else { return .ignored }
        if historyIndex == nil { draft = text }
        if index == history.count {
            historyIndex = nil
            text = draft
        } else {
            historyIndex = index
            text = history[index]
        }
        cursor = text.count
        return .edited
    }

    private mutating func submit() -> Outcome {
        let line = text
        if line.contains(where: { !$0.isWhitespace }), history.last != line {
            history.append(line)
            if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
        }
        clear()
        return .submitted(line)
    }

    // MARK: - Words and cleaning

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// Alt-B: back over non-word characters, then to the start of the word.
    private static func wordStart(before index: Int, in characters: [Character]) -> Int {
        var position = min(index, characters.count)
        while position > 0, !isWordCharacter(characters[position - 1]) { position -= 1 }
        while position > 0, isWordCharacter(characters[position - 1]) { position -= 1 }
        return position
    }

    /// Alt-F and Alt-D: forward over non-word characters, then to the end of the word.
    private static func wordEnd(after index: Int, in characters: [Character]) -> Int {
        var position = max(0, index)
        while position < characters.count, !isWordCharacter(characters[position]) { position += 1 }
        while position < characters.count, isWordCharacter(characters[position]) { position += 1 }
        return position
    }

    /// Ctrl-W: back over spaces, then to the previous space.
    private static func spaceDelimitedWordStart(before index: Int, in characters: [Character]) -> Int {
        var position = min(index, characters.count)
        while position > 0, characters[position - 1].isWhitespace { position -= 1 }
        while position > 0, !characters[position - 1].isWhitespace { position -= 1 }
        return position
    }

    /// Whether `scalar` ends a line in pasted text: CR, LF (a CR LF is one break), NEL, and
    /// the line and paragraph separators.
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// The first character of a paste that no name may hold (see `Sanitizer.isUnsafe`): every
    /// control character except line breaks and tabs, which a paste may carry. Nil when there
    /// is none. Callers refuse such a paste whole rather than keep the rest of an escape
    /// sequence ("sun[31mscreen").
    package static func forbiddenInPaste(_ text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { Sanitizer.isUnsafe($0) && !isLineBreak($0) && $0 != "\t" }
    }

    /// The lines of a paste, each cleaned for a one-line input; a last line break ends the
    /// last line (it starts no empty one). "a\r\nb\n" is ["a", "b"].
    package static func lines(of text: String) -> [String] {
        var lines: [String] = []
        var line = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            if scalar == "\n", previous == "\r" { continue }
            if isLineBreak(scalar) {
                lines.append(cleaned(String(line)))
                line = String.UnicodeScalarView()
            } else {
                line.append(scalar)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(cleaned(String(line))) }
        return lines
    }

    /// Text fit for a one-line input: line breaks and tabs become spaces (CRLF one space),
    /// other unsafe scalars are dropped.
    static func cleaned(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: Sanitizer.isUnsafe) else { return text }
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar.value {
            case 0x0A where previous == "\r":
                continue  // the LF of a CRLF: the CR already made the space
            case 0x09, 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
                result.append(" ")
            default:
                if !Sanitizer.isUnsafe(scalar) { result.append(scalar) }
            }
        }
        return String(result)
    }
}

/// A one-line text input (ratatui's `Paragraph` with a cursor): a prompt, then the text.
/// Draws the input on the first row of `rect`: `prompt` (in `promptStyle`; if it leaves
/// no room for the text it gets half the row), then the text in `style`, or `placeholder`
/// when the line is empty. When `focused`, the text scrolls sideways to keep the cursor
/// in view (wide glyphs count 2 columns) and `buffer.cursor` is set to it; otherwise the
/// line shows from its start, ending in "…" if it is longer.
package struct TextField: StatefulWidget {
    package var style: Style
    package var prompt: String?
    package var promptStyle: Style
    package var focused: Bool
    package var placeholder: String?
    package var placeholderStyle: Style

    package init(style: Style, prompt: String?, promptStyle: Style, focused: Bool, placeholder: String? = nil,
                placeholderStyle: Style = Style(attributes: .dim)) {
        self.style = style
        self.prompt = prompt
        self.promptStyle = promptStyle
        self.focused = focused
        self.placeholder = placeholder
        self.placeholderStyle = placeholderStyle
    }

    package func draw(into buffer: inout CellBuffer, in rect: Rect, state: inout TextInput) {
        guard !rect.isEmpty else { return }
        let y = rect.y
        buffer.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), style: style)
        var promptColumns = 0
        if let prompt, !prompt.isEmpty {
            let promptWidth = CellBuffer.width(of: prompt)
            promptColumns = promptWidth < rect.width ? promptWidth : rect.width / 2
            buffer.write(prompt, x: rect.x, y: y, maxWidth: promptColumns, style: promptStyle)
        }
        let textX = rect.x + promptColumns
        let available = rect.width - promptColumns
        guard available > 0 else { return }

        if state.text.isEmpty {
            if let placeholder { buffer.write(placeholder, x: textX, y: y, maxWidth: available, style: placeholderStyle) }
            if focused { TextInput.placeCursor(in: &buffer, x: textX, y: y, limit: rect.maxX) }
            return
        }
        guard focused else {
            buffer.write(state.text, x: textX, y: y, maxWidth: available, style: style)
            return
        }
        let characters = Array(state.text)
        // columnsBefore[i]: the columns of the first i characters, as `write` measures them.
        var columnsBefore = [0]
        columnsBefore.reserveCapacity(characters.count + 1)
        for character in characters {
            columnsBefore.append(columnsBefore[columnsBefore.count - 1] + CellBuffer.width(of: String(character)))
        }
        let cursorWidth = state.cursor < characters.count ? max(1, columnsBefore[state.cursor + 1] - columnsBefore[state.cursor]) : 1
        let cursorEnd = columnsBefore[state.cursor] + cursorWidth
        // The first character shown: the start if the cursor fits, else as few characters in
        // from the start as put the cursor at the right edge.
        var first = 0
        if cursorEnd > available {
            first = state.cursor
            while first > 0, cursorEnd - columnsBefore[first - 1] <= available { first -= 1 }
        }
        var end = first
        while end < characters.count, columnsBefore[end + 1] - columnsBefore[first] <= available { end += 1 }
        buffer.write(String(characters[first..<end]), x: textX, y: y, maxWidth: available, style: style)
        let cursorX = textX + columnsBefore[state.cursor] - columnsBefore[first]
        TextInput.placeCursor(in: &buffer, x: cursorX, y: y, limit: rect.maxX)
    }
}
