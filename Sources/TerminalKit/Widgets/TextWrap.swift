/// Word wrapping by display width, for text shown in several rows (the assistant's
/// transcript, a question in a prompt).
package enum TextWrap {
    /// `text` broken into lines of at most `width` columns, measured as `CellBuffer.write`
    /// draws them. Lines break at spaces (the spaces at a break are dropped), and before or
    /// after any wide character, so Chinese or Japanese without spaces breaks between
    /// characters; but Korean, written with spaces, breaks at them like English, and closing
    /// punctuation ("，", "。", "）") never starts a line. A word longer than `width` is
    /// broken where it reaches the edge. Newlines
    /// start a new line; every paragraph gives at least one line, so "" is [""] and "a\n\nb"
    /// keeps its empty line. The indentation of a paragraph's first line is kept when it fits.
    /// A character wider than `width` (a wide glyph at width 1) gets a line of its own.
    /// A width of 0 or less gives no lines.
    package static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            wrapParagraph(paragraph, width: width, into: &lines)
        }
        return lines
    }

    /// A piece that is never broken unless it is wider than the line: a run of spaces, a run
    /// of narrow non-space characters, or one wide character.
    private struct Token {
        var text: Substring
        var width: Int
        var isSpace: Bool
    }

    private static func tokens(_ paragraph: Substring) -> [Token] {
        var tokens: [Token] = []
        var start = paragraph.startIndex
        var index = start
        var runWidth = 0
        var runIsSpace = false
        func endRun() {
            if start < index { tokens.append(Token(text: paragraph[start..<index], width: runWidth, isSpace: runIsSpace)) }
            start = index
            runWidth = 0
        }
        while index < paragraph.endIndex {
            let character = paragraph[index]
            let width = CellBuffer.width(of: String(character))
            let isSpace = character == " "
            let next = paragraph.index(after: index)
            // Closing punctuation stays with what it closes: "（再按）" never leaves "）" alone.
            if width >= 2, closesPhrase(character), start < index, !runIsSpace {
                runWidth += width
                index = next
                continue
            }
            if width >= 2, closesPhrase(character), start == index, let last = tokens.last, !last.isSpace {
                index = next
                tokens[tokens.count - 1] = Token(text: paragraph[last.text.startIndex..<index], width: last.width + width, isSpace: false)
                start = index
                continue
            }
            if width >= 2, !isHangul(character) {
                // A wide character is a token of its own: lines may break on either side.
                endRun()
                index = next
                tokens.append(Token(text: paragraph[start..<index], width: width, isSpace: false))
                start = index
                continue
            }
            if isSpace != runIsSpace { endRun() }
            runIsSpace = isSpace
            runWidth += width
            index = next
        }
        endRun()
        return tokens
    }

    /// Hangul (syllables and jamo): Korean words are spaced, so they break like English ones.
    private static func isHangul(_ character: Character) -> Bool {
        guard let value = character.unicodeScalars.first?.value else { return false }
        return (0xAC00...0xD7A3).contains(value) || (0x1100...0x11FF).contains(value) || (0x3130...0x318F).contains(value)
    }

    /// Wide punctuation that ends a phrase and may not begin a line (Chinese and Japanese rules).
    private static func closesPhrase(_ character: Character) -> Bool {
        "，。、．：；！？）」』】〕〉》”’".contains(character)
    }

    private static func wrapParagraph(_ paragraph: Substring, width: Int, into lines: inout [String]) {
        var line = ""
        var lineWidth = 0
        var isFirstLine = true
        var gap: Substring = ""  // spaces seen since the last word, placed only if a word follows on the same line
        var gapWidth = 0

        func endLine() {
            lines.append(line)
            line = ""
            lineWidth = 0
            isFirstLine = false
        }

        for token in tokens(paragraph) {
            if token.isSpace {
                gap += token.text
                gapWidth += token.width
                continue
            }
            // Spaces at the start of a wrapped line are dropped; a paragraph's indentation is kept.
            let keepsGap = !line.isEmpty || isFirstLine
            let neededGap = keepsGap ? gapWidth : 0
            if lineWidth + neededGap + token.width <= width {
                if keepsGap { line += gap }
                line += token.text
                lineWidth += neededGap + token.width
            } else if token.width <= width {
                if !line.isEmpty { endLine() }
                line = String(token.text)
                lineWidth = token.width
            } else {
                // Longer than a whole line: start it on a fresh line and cut it at the edge.
                if !line.isEmpty { endLine() }
                for character in token.text {
                    let characterWidth = CellBuffer.width(of: String(character))
                    if lineWidth + characterWidth > width, !line.isEmpty { endLine() }
                    line.append(character)
                    lineWidth += characterWidth
                }
            }
            gap = ""
            gapWidth = 0
        }
        if !line.isEmpty || isFirstLine { lines.append(line) }
    }
}
