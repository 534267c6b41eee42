import Testing
@testable import TerminalKit

@Suite struct MenuTests {
    let styles = ListView.Styles(selection: Style(background: .ansi(4)))
    let lists = ["Grocery Store", "Groceries for the party", "Garden"]

    @Test func movesAndChoosesWithEnter() {
        var menu = Menu(options: lists)
        #expect(menu.handle(.up) == .ignored)
        #expect(menu.handle(.down) == .moved)
        #expect(menu.handle(.character("j")) == .moved)
        #expect(menu.handle(.down) == .ignored)
        #expect(menu.selected == 2)
        #expect(menu.handle(.character("k")) == .moved)
        #expect(menu.handle(.enter) == .chose(1))
    }

    @Test func digitsChooseDirectly() {
        var menu = Menu(options: lists)
        #expect(menu.handle(.character("3")) == .chose(2))
        #expect(menu.selected == 2)
        #expect(menu.handle(.character("4")) == .ignored)
        #expect(menu.handle(.character("0")) == .ignored)
        #expect(menu.handle(.character("٢")) == .ignored)  // an Arabic-Indic two is not a menu key
        #expect(menu.handle(.character("x")) == .ignored)
        #expect(menu.handle(.escape) == .cancelled)
    }

    @Test func anEmptyMenuOnlyCancels() {
        var menu = Menu(options: [])
        #expect(menu.handle(.enter) == .ignored)
        #expect(menu.handle(.down) == .ignored)
        #expect(menu.handle(.character("1")) == .ignored)
        #expect(menu.handle(.escape) == .cancelled)
        var buffer = CellBuffer(size: Size(width: 5, height: 2))
        menu.draw(into: &buffer, in: buffer.bounds, styles: styles)
        #expect(buffer.lines() == ["     ", "     "])
    }

    @Test func drawsNumberedOptionsWithTheSelectionHighlighted() {
        var menu = Menu(options: lists)
        _ = menu.handle(.down)
        var buffer = CellBuffer(size: Size(width: 20, height: 4))
        menu.draw(into: &buffer, in: buffer.bounds, styles: styles)
        #expect(buffer.lines() == [
            "1. Grocery Store    ",
            "2. Groceries for th…",
            "3. Garden           ",
            "                    ",
        ])
        #expect(buffer[0, 1].style == styles.selection)
        #expect(buffer[19, 1].style == styles.selection)
        #expect(buffer[0, 0].style == styles.normal)
    }

    @Test func scrollsWhenThereAreMoreOptionsThanRows() {
        var menu = Menu(options: (1...12).map { "List \($0)" }, selected: 10)
        var buffer = CellBuffer(size: Size(width: 12, height: 3))
        menu.draw(into: &buffer, in: buffer.bounds, styles: styles)
        #expect(buffer.lines() == [" 9. List 9 ↑", "10. List 10 ", "11. List 11↓"])
        #expect(menu.handle(.down) == .moved)
        #expect(menu.handle(.down) == .ignored)
        menu.draw(into: &buffer, in: buffer.bounds, styles: styles)
        #expect(buffer.lines() == ["10. List 10↑", "11. List 11 ", "12. List 12 "])
    }

    @Test func survivesTinyRectsAndControlCharacters() {
        let menu = Menu(options: ["a\u{1B}[2Jb", "\u{202E}evil"], selected: 5)
        #expect(menu.selected == 1)
        for size in [Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 3, height: 1)] {
            var buffer = CellBuffer(size: size)
            menu.draw(into: &buffer, in: buffer.bounds, styles: styles)
        }
        var buffer = CellBuffer(size: Size(width: 12, height: 2))
        menu.draw(into: &buffer, in: buffer.bounds, styles: styles)
        #expect(buffer.lines() == ["1. a␛[2Jb   ", "2. \u{FFFD}evil    "])
    }
}
