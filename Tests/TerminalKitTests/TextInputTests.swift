import Testing
@testable import TerminalKit

@Suite struct TextInputTests {
    /// Types `keys` into `input`, returning the last outcome.
    @discardableResult
    func press(_ input: inout TextInput, _ keys: Key...) -> TextInput.Outcome {
        var outcome = TextInput.Outcome.ignored
        for key in keys { outcome = input.handle(key) }
        return outcome
    }

    func typed(_ text: String) -> TextInput {
        var input = TextInput()
        for character in text { _ = input.handle(.character(character)) }
        return input
    }

    // MARK: Editing

    @Test func typesAndDeletes() {
        var input = typed("milk")
        #expect(input.text == "milk")
        #expect(input.cursor == 4)
        #expect(press(&input, .backspace) == .edited)
        #expect(input.text == "mil")
        #expect(press(&input, .home, .delete) == .edited)
        #expect(input.text == "il")
        #expect(input.cursor == 0)
        #expect(press(&input, .backspace) == .ignored)
        #expect(press(&input, .end, .delete) == .ignored)
    }

    @Test func theCursorStepsOverWholeGraphemeClusters() {
        var input = typed("a👩‍💻b")
        #expect(input.cursor == 3)
        #expect(press(&input, .left, .left) == .moved)
        #expect(input.cursor == 1)
        #expect(press(&input, .delete) == .edited)
        #expect(input.text == "ab")

        input = TextInput(text: "cafe\u{301}!")
        #expect(input.cursor == 5)
        press(&input, .left, .backspace)
        #expect(input.text == "caf!")
        #expect(input.cursor == 3)
    }

    @Test func aTypedCombiningMarkJoinsTheCharacterBeforeIt() {
        var input = typed("cafe")
        press(&input, .character("\u{301}"))
        #expect(input.text == "café")
        #expect(input.text.count == 4)
        #expect(input.cursor == 4)
    }

    @Test func movesByCharacterAndToTheEnds() {
        var input = typed("abc")
        #expect(press(&input, .control("a")) == .moved)
        #expect(input.cursor == 0)
        #expect(press(&input, .left) == .ignored)
        #expect(press(&input, .control("f")) == .moved)
        #expect(press(&input, .right) == .moved)
        #expect(input.cursor == 2)
        #expect(press(&input, .control("b")) == .moved)
        #expect(input.cursor == 1)
        #expect(press(&input, .control("e")) == .moved)
        #expect(input.cursor == 3)
        #expect(press(&input, .right) == .ignored)
        press(&input, .home)
        #expect(input.cursor == 0)
        press(&input, .end)
        #expect(input.cursor == 3)
        #expect(press(&input, .character("d")) == .edited)
        press(&input, .home, .character(">"))
        #expect(input.text == ">abcd")
    }

    @Test func movesAndDeletesByWord() {
        var input = typed("add milk, eggs")
        #expect(press(&input, .alt("b")) == .moved)
        #expect(input.cursor == 10)  // before "eggs"
        press(&input, .alt("b"))
        #expect(input.cursor == 4)  // before "milk" (the comma is not a word)
        press(&input, .alt("b"), .alt("b"))
        #expect(input.cursor == 0)
        press(&input, .alt("f"))
        #expect(input.cursor == 3)  // after "add"
        press(&input, .alt("f"))
        #expect(input.cursor == 8)  // after "milk"
        #expect(press(&input, .alt("d")) == .edited)
        #expect(input.text == "add milk")
        #expect(input.killed == ", eggs")
        #expect(press(&input, .alt("d")) == .ignored)
        #expect(press(&input, .alt("f")) == .ignored)
    }

    @Test func controlWDeletesBackToTheLastSpace() {
        var input = typed("add milk-2l  ")
        #expect(press(&input, .control("w")) == .edited)
        #expect(input.text == "add ")
        #expect(input.killed == "milk-2l  ")
        press(&input, .control("w"))
        #expect(input.text == "")
        #expect(press(&input, .control("w")) == .ignored)
        #expect(input.killed == "add ")
    }

    @Test func killsAndYanks() {
        var input = typed("buy milk today")
        press(&input, .home, .alt("f"))
        #expect(press(&input, .control("k")) == .edited)
        #expect(input.text == "buy")
        #expect(input.killed == " milk today")
        #expect(press(&input, .control("k")) == .ignored)  // nothing to kill: the kill stays
        press(&input, .home)
        #expect(press(&input, .control("y")) == .edited)
        #expect(input.text == " milk todaybuy")
        #expect(input.cursor == 11)
        #expect(press(&input, .control("u")) == .edited)
        #expect(input.text == "buy")
        #expect(input.killed == " milk today")
        #expect(input.cursor == 0)
        press(&input, .end, .control("y"))
        #expect(input.text == "buy milk today")
        #expect(press(&input, .control("u"), .control("y")) == .edited)
        #expect(input.text == "buy milk today")

        var fresh = TextInput()
        #expect(press(&fresh, .control("y")) == .ignored)
    }

    @Test func otherKeysAreIgnored() {
        var input = typed("x")
        for key: Key in [.tab, .backTab, .function(1), .pageUp, .insert, .control("r"), .alt("x")] {
            #expect(input.handle(key) == .ignored)
        }
        #expect(input.text == "x")
    }

    // MARK: Submitting and history

    @Test func enterSubmitsClearsAndRemembers() {
        var input = typed("add milk")
        #expect(press(&input, .enter) == .submitted("add milk"))
        #expect(input.text == "")
        #expect(input.cursor == 0)
        #expect(input.history == ["add milk"])
        // An empty or blank line is submitted but not remembered; neither is a repeat.
        #expect(press(&input, .enter) == .submitted(""))
        input.insert("   ")
        #expect(press(&input, .enter) == .submitted("   "))
        input.insert("add milk")
        press(&input, .enter)
        #expect(input.history == ["add milk"])
        input.insert("undo")
        press(&input, .enter)
        input.insert("add milk")
        press(&input, .enter)
        #expect(input.history == ["add milk", "undo", "add milk"])
    }

    @Test func escapeCancelsAndKeepsTheLine() {
        var input = typed("half")
        #expect(press(&input, .escape) == .cancelled)
        #expect(input.text == "half")
        input.clear()
        #expect(input.text == "")
    }

    @Test func browsesHistoryAndKeepsTheDraft() {
        var input = TextInput(history: ["one", "two", "three"])
        input.insert("dra")
        #expect(press(&input, .down) == .ignored)
        #expect(press(&input, .up) == .edited)
        #expect(input.text == "three")
        #expect(input.cursor == 5)
        #expect(input.historyIndex == 2)
        press(&input, .up, .up)
        #expect(input.text == "one")
        #expect(press(&input, .up) == .ignored)
        #expect(input.text == "one")
        press(&input, .down)
        #expect(input.text == "two")
        press(&input, .down, .down)
        #expect(input.text == "dra")
        #expect(input.historyIndex == nil)
        #expect(press(&input, .down) == .ignored)
        var empty = TextInput()
        #expect(empty.handle(.up) == .ignored)
    }

    @Test func editingARecalledLineMakesItTheDraft() {
        var input = TextInput(history: ["one", "two"])
        input.insert("mine")
        press(&input, .up, .backspace)
        #expect(input.text == "tw")
        #expect(input.historyIndex == nil)
        #expect(input.history == ["one", "two"])  // history never changes by editing
        press(&input, .up)
        #expect(input.text == "two")
        press(&input, .down)
        #expect(input.text == "tw")  // the edit was kept; "mine" was replaced by it
        #expect(press(&input, .enter) == .submitted("tw"))
        press(&input, .up)
        #expect(input.text == "tw")
    }

    @Test func historyIsCapped() {
        var input = TextInput(history: (1...250).map { "entry \($0)" })
        #expect(input.history.count == TextInput.historyLimit)
        #expect(input.history.first == "entry 51")
        input.insert("new")
        press(&input, .enter)
        #expect(input.history.count == TextInput.historyLimit)
        #expect(input.history.first == "entry 52")
        #expect(input.history.last == "new")
    }

    // MARK: Pasting

    @Test func aPasteIsTextNeverKeys() {
        var input = typed("[]")
        press(&input, .left)
        #expect(input.insert("milk\r\neggs\nbread\tbutter\u{2028}jam") == .edited)
        #expect(input.text == "[milk eggs bread butter jam]")
        #expect(input.cursor == 27)
        #expect(input.insert("\u{1B}[31mred\u{7}\u{202E}\u{9B}") == .edited)
        #expect(input.text == "[milk eggs bread butter jam[31mred]")
        #expect(input.insert("\u{1B}\u{0}") == .ignored)
        #expect(input.history.isEmpty)
    }

    @Test func aPasteIsCutAtTheMaximumLength() {
        var input = TextInput()
        input.insert(String(repeating: "ab", count: 3_000))
        #expect(input.text.count == TextInput.maximumLength)
        #expect(input.cursor == TextInput.maximumLength)
        #expect(input.insert("more") == .ignored)
        #expect(input.handle(.character("x")) == .ignored)
        press(&input, .home, .delete)
        #expect(input.insert("xyz") == .edited)
        #expect(input.text.count == TextInput.maximumLength)
        #expect(input.text.hasPrefix("xb"))
        #expect(TextInput(text: String(repeating: "q", count: 5_000)).text.count == TextInput.maximumLength)
    }

    @Test func controlCharactersNeverReachTheLine() {
        let input = TextInput(text: "a\u{1B}b\tc", history: ["x\u{7}y"])
        #expect(input.text == "ab c")
        #expect(input.history == ["xy"])
        var typedInput = TextInput()
        #expect(typedInput.handle(.character("\u{1B}")) == .ignored)
        var reset = typed("abc")
        reset.setText("new\nline")
        #expect(reset.text == "new line")
        #expect(reset.cursor == 8)
    }

    // MARK: Drawing

    let style = Style(foreground: .ansi(7))
    let promptStyle = Style(foreground: .ansi(2))

    @Test func drawsThePromptTextAndCursor() {
        var buffer = CellBuffer(size: Size(width: 16, height: 1))
        var input = typed("milk")
        press(&input, .left)
        input.draw(into: &buffer, in: buffer.bounds, style: style, prompt: "Add: ", promptStyle: promptStyle, focused: true)
        #expect(buffer.lines() == ["Add: milk       "])
        #expect(buffer.cursor == Point(x: 8, y: 0))
        #expect(buffer[0, 0].style == promptStyle)
        #expect(buffer[5, 0].style == style)
        #expect(buffer[15, 0].style == style)
    }

    @Test func drawsThePlaceholderWhenEmpty() {
        var buffer = CellBuffer(size: Size(width: 12, height: 1))
        let dim = Style(attributes: .dim)
        TextInput().draw(into: &buffer, in: buffer.bounds, style: style, prompt: "> ", promptStyle: promptStyle,
                         focused: true, placeholder: "Ask me…", placeholderStyle: dim)
        #expect(buffer.lines() == ["> Ask me…   "])
        #expect(buffer[2, 0].style == dim)
        #expect(buffer.cursor == Point(x: 2, y: 0))
    }

    @Test func scrollsToKeepTheCursorVisible() {
        var buffer = CellBuffer(size: Size(width: 8, height: 1))
        var input = typed("0123456789")
        input.draw(into: &buffer, in: buffer.bounds, style: style, prompt: "> ", promptStyle: promptStyle, focused: true)
        // 6 columns for text; the cursor at the end needs one of them.
        #expect(buffer.lines() == ["> 56789 "])
        #expect(buffer.cursor == Point(x: 7, y: 0))
        press(&input, .home)
        input.draw(into: &buffer, in: buffer.bounds, style: style, prompt: "> ", promptStyle: promptStyle, focused: true)
        #expect(buffer.lines() == ["> 012345"])
        #expect(buffer.cursor == Point(x: 2, y: 0))
        for _ in 0..<7 { press(&input, .right) }
        input.draw(into: &buffer, in: buffer.bounds, style: style, prompt: "> ", promptStyle: promptStyle, focused: true)
        #expect(buffer.lines() == ["> 234567"])
        #expect(buffer.cursor == Point(x: 7, y: 0))
    }

    @Test func wideGlyphsCountTwoColumnsWhenScrolling() {
        var buffer = CellBuffer(size: Size(width: 6, height: 1))
        var input = typed("買い物リスト")
        input.draw(into: &buffer, in: buffer.bounds, style: style, prompt: nil, promptStyle: promptStyle, focused: true)
        #expect(buffer.lines() == ["スト  "])  // 2 glyphs (4 columns) and the cursor; never half a glyph
        #expect(buffer.cursor == Point(x: 4, y: 0))
        press(&input, .home)
        input.draw(into: &buffer, in: buffer.bounds, style: style, prompt: nil, promptStyle: promptStyle, focused: true)
        #expect(buffer.lines() == ["買い物"])
        #expect(buffer.cursor == Point(x: 0, y: 0))
        press(&input, .right, .right, .right)
        input.draw(into: &buffer, in: buffer.bounds, style: style, prompt: nil, promptStyle: promptStyle, focused: true)
        #expect(buffer.lines() == ["い物リ"])
        #expect(buffer.cursor == Point(x: 4, y: 0))

        input = typed("ab👩‍💻")
        press(&input, .left)
        input.draw(into: &buffer, in: buffer.bounds, style: style, prompt: nil, promptStyle: promptStyle, focused: true)
        #expect(buffer.lines() == ["ab👩‍💻  "])
        #expect(buffer.cursor == Point(x: 2, y: 0))
    }

    @Test func unfocusedShowsTheStartAndLeavesTheCursorAlone() {
        var buffer = CellBuffer(size: Size(width: 8, height: 1))
        buffer.cursor = Point(x: 3, y: 3)
        typed("0123456789").draw(into: &buffer, in: buffer.bounds, style: style, prompt: "> ", promptStyle: promptStyle, focused: false)
        #expect(buffer.lines() == ["> 01234…"])
        #expect(buffer.cursor == Point(x: 3, y: 3))
    }

    @Test func aLongPromptGivesWayToTheText() {
        var buffer = CellBuffer(size: Size(width: 10, height: 1))
        typed("milk").draw(into: &buffer, in: buffer.bounds, style: style, prompt: "Rename the list to: ",
                           promptStyle: promptStyle, focused: true)
        #expect(buffer.lines() == ["Rena…milk "])
        #expect(buffer.cursor == Point(x: 9, y: 0))
    }

    @Test func drawsInsideItsRectOnly() {
        var buffer = CellBuffer(size: Size(width: 12, height: 3))
        typed("abcdefgh").draw(into: &buffer, in: Rect(x: 2, y: 1, width: 5, height: 2), style: style,
                               prompt: nil, promptStyle: promptStyle, focused: true)
        #expect(buffer.lines() == ["            ", "  efgh      ", "            "])
        #expect(buffer.cursor == Point(x: 6, y: 1))
    }

    @Test func survivesTinyRects() {
        var input = typed("買い物 list")
        for size in [Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 2, height: 1), Size(width: 3, height: 2)] {
            for _ in 0..<12 {
                var buffer = CellBuffer(size: size)
                input.draw(into: &buffer, in: buffer.bounds, style: style, prompt: "Name: ", promptStyle: promptStyle, focused: true)
                input.draw(into: &buffer, in: Rect(x: -3, y: 0, width: 4, height: 1), style: style,
                           prompt: nil, promptStyle: promptStyle, focused: true, placeholder: "p")
                if let cursor = buffer.cursor {
                    #expect((0..<size.width).contains(cursor.x) && (0..<size.height).contains(cursor.y))
                }
                press(&input, .left)
            }
        }
        var offScreen = CellBuffer(size: Size(width: 4, height: 1))
        typed("abcdef").draw(into: &offScreen, in: Rect(x: 2, y: 0, width: 6, height: 1), style: style,
                             prompt: nil, promptStyle: promptStyle, focused: true)
        #expect(offScreen.cursor == nil)  // column 7 is past the buffer's edge
        var buffer = CellBuffer(size: Size(width: 1, height: 1))
        typed("買").draw(into: &buffer, in: buffer.bounds, style: style, prompt: nil, promptStyle: promptStyle, focused: true)
        #expect(buffer.lines() == [" "])
    }
}
