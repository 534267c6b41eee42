import Testing
@testable import TerminalKit

@Suite struct YesNoPromptTests {
    let style = Style(foreground: .ansi(7))
    let hintStyle = Style(foreground: .ansi(3))

    @Test func answersToYNEnterAndEscape() {
        let prompt = YesNoPrompt(question: "Delete?")
        #expect(prompt.handle(.character("y")) == .yes)
        #expect(prompt.handle(.character("Y")) == .yes)
        #expect(prompt.handle(.character("n")) == .no)
        #expect(prompt.handle(.character("N")) == .no)
        #expect(prompt.handle(.enter) == .yes)
        #expect(prompt.handle(.escape) == .cancelled)
        #expect(prompt.handle(.character("x")) == .ignored)
        #expect(prompt.handle(.down) == .ignored)
        #expect(YesNoPrompt(question: "Delete?", defaultAnswer: false).handle(.enter) == .no)
        #expect(YesNoPrompt(question: "Delete?", defaultAnswer: nil).handle(.enter) == .ignored)
    }

    @Test func theHintShowsTheDefault() {
        #expect(YesNoPrompt(question: "?").hint == "[Y/n]")
        #expect(YesNoPrompt(question: "?", defaultAnswer: false).hint == "[y/N]")
        #expect(YesNoPrompt(question: "?", defaultAnswer: nil).hint == "[y/n]")
    }

    @Test func drawsTheQuestionAndHintOnOneLine() {
        var buffer = CellBuffer(size: Size(width: 24, height: 2))
        let prompt = YesNoPrompt(question: "Delete Grocery Store?")
        #expect(prompt.height(width: 24) == 2)
        #expect(prompt.height(width: 30) == 1)
        prompt.draw(into: &buffer, in: buffer.bounds, style: style, hintStyle: hintStyle)
        #expect(buffer.lines() == ["Delete Grocery Store?   ", "[Y/n]                   "])
        var wide = CellBuffer(size: Size(width: 30, height: 1))
        prompt.draw(into: &wide, in: wide.bounds, style: style, hintStyle: hintStyle)
        #expect(wide.lines() == ["Delete Grocery Store? [Y/n]   "])
        #expect(wide[0, 0].style == style)
        #expect(wide[22, 0].style == hintStyle)
        #expect(wide[29, 0].style == style)
    }

    @Test func wrapsALongQuestion() {
        let prompt = YesNoPrompt(question: "Delete the list Grocery Store and its 5 items?", defaultAnswer: false)
        #expect(prompt.height(width: 16) == 4)  // "and its 5 items?" fills its row: the hint gets one
        var buffer = CellBuffer(size: Size(width: 16, height: 4))
        prompt.draw(into: &buffer, in: buffer.bounds, style: style, hintStyle: hintStyle)
        #expect(buffer.lines() == ["Delete the list ", "Grocery Store   ", "and its 5 items?", "[y/N]           "])
        #expect(prompt.height(width: 22) == 3)
        var wider = CellBuffer(size: Size(width: 22, height: 3))
        prompt.draw(into: &wider, in: wider.bounds, style: style, hintStyle: hintStyle)
        #expect(wider.lines() == ["Delete the list       ", "Grocery Store and its ", "5 items? [y/N]        "])
    }

    @Test func keepsTheHintWhenRowsRunOut() {
        let prompt = YesNoPrompt(question: "Delete the list Grocery Store and its 5 items?")
        var buffer = CellBuffer(size: Size(width: 16, height: 2))
        prompt.draw(into: &buffer, in: buffer.bounds, style: style, hintStyle: hintStyle)
        #expect(buffer.lines() == ["Delete the list ", "Grocery S… [Y/n]"])
        var oneRow = CellBuffer(size: Size(width: 16, height: 1))
        prompt.draw(into: &oneRow, in: oneRow.bounds, style: style, hintStyle: hintStyle)
        #expect(oneRow.lines() == ["Delete th… [Y/n]"])
        var narrow = CellBuffer(size: Size(width: 4, height: 1))
        prompt.draw(into: &narrow, in: narrow.bounds, style: style, hintStyle: hintStyle)
        #expect(narrow.lines() == ["[Y/…"])
    }

    @Test func survivesTinyRectsAndControlCharacters() {
        let prompt = YesNoPrompt(question: "Delete \u{1B}[2J買い物?")
        for size in [Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 2, height: 3), Size(width: 6, height: 1)] {
            var buffer = CellBuffer(size: size)
            prompt.draw(into: &buffer, in: buffer.bounds, style: style, hintStyle: hintStyle)
            _ = prompt.height(width: size.width)
        }
        #expect(prompt.height(width: 0) == 0)
        var buffer = CellBuffer(size: Size(width: 20, height: 2))
        prompt.draw(into: &buffer, in: buffer.bounds, style: style, hintStyle: hintStyle)
        #expect(buffer.lines() == ["Delete ␛[2J買い物?  ", "[Y/n]               "])
        var empty = CellBuffer(size: Size(width: 6, height: 1))
        YesNoPrompt(question: "").draw(into: &empty, in: empty.bounds, style: style, hintStyle: hintStyle)
        #expect(empty.lines() == ["[Y/n] "])
    }
}
