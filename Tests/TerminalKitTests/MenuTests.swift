import Testing
@testable import TerminalKit

@Suite struct MenuTests {
    let styles = ListView.Styles(selection: Style(background: .ansi(4)))
    let lists = ["Grocery Store", "Groceries for the party", "Garden"]

    @Test func movesAndChooses() {
        var menu = Menu(options: lists)
        let r1 = menu.selectPrevious()
        #expect(!r1)
        let r2 = menu.selectNext()
        #expect(r2)
        let r3 = menu.selectNext()
        #expect(r3)
        let r4 = menu.selectNext()
        #expect(!r4)
        #expect(menu.selected == 2)
        let r5 = menu.selectPrevious()
        #expect(r5)
        let r6 = menu.choose()
        #expect(r6 == .chose(1))
    }

    @Test func numbersOneToNineChooseDirectly() {
        var menu = Menu(options: lists)
        let r7 = menu.pick(3)
        #expect(r7 == .chose(2))
        #expect(menu.selected == 2)
        let r8 = menu.pick(4)
        #expect(r8 == .ignored)
        let r9 = menu.pick(0)
        #expect(r9 == .ignored)
        var twelve = Menu(options: (1...12).map { "\($0)" })
        let r10 = twelve.pick(10)
        #expect(r10 == .ignored)  // 10 cannot be typed as one key
    }

    @Test func anEmptyMenuChoosesNothing() {
        var menu = Menu(options: [])
        let r11 = menu.choose()
        #expect(r11 == .ignored)
        let r12 = menu.selectNext()
        #expect(!r12)
        let r13 = menu.pick(1)
        #expect(r13 == .ignored)
        var buffer = CellBuffer(size: Size(width: 5, height: 2))
        MenuList(styles: styles).draw(into: &buffer, in: buffer.bounds, state: &menu)
        #expect(buffer.lines() == ["     ", "     "])
    }

    @Test func drawsNumberedOptionsWithTheSelectionHighlighted() {
        var menu = Menu(options: lists)
        menu.selectNext()
        var buffer = CellBuffer(size: Size(width: 20, height: 4))
        MenuList(styles: styles).draw(into: &buffer, in: buffer.bounds, state: &menu)
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
        MenuList(styles: styles).draw(into: &buffer, in: buffer.bounds, state: &menu)
        #expect(buffer.lines() == [" 9. List 9 ↑", "10. List 10 ", "11. List 11↓"])
        let r14 = menu.selectNext()
        #expect(r14)
        let r15 = menu.selectNext()
        #expect(!r15)
        MenuList(styles: styles).draw(into: &buffer, in: buffer.bounds, state: &menu)
        #expect(buffer.lines() == ["10. List 10↑", "11. List 11 ", "12. List 12 "])
    }

    @Test func survivesTinyRectsAndControlCharacters() {
        var menu = Menu(options: ["a\u{1B}[2Jb", "\u{202E}evil"], selected: 5)
        #expect(menu.selected == 1)
        for size in [Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 3, height: 1)] {
            var buffer = CellBuffer(size: size)
            MenuList(styles: styles).draw(into: &buffer, in: buffer.bounds, state: &menu)
        }
        var buffer = CellBuffer(size: Size(width: 12, height: 2))
        MenuList(styles: styles).draw(into: &buffer, in: buffer.bounds, state: &menu)
        #expect(buffer.lines() == ["1. a␛[2Jb   ", "2. \u{FFFD}evil    "])
    }
}
