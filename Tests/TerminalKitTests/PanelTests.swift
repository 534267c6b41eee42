import Testing
@testable import TerminalKit

@Suite struct PanelTests {
    let borderStyle = Style(foreground: .ansi(8))
    let titleStyle = Style(foreground: .ansi(6), attributes: .bold)

    @Test func drawsABorderWithATitleAroundTheInside() {
        var buffer = CellBuffer(size: Size(width: 14, height: 4))
        let panel = Panel(title: "Lists", borderStyle: borderStyle, titleStyle: titleStyle)
        panel.draw(into: &buffer, in: buffer.bounds)
        let inner = Panel.innerRect(of: buffer.bounds)
        #expect(inner == Rect(x: 1, y: 1, width: 12, height: 2))
        #expect(buffer.lines() == [
            "┌ Lists ─────┐",
            "│            │",
            "│            │",
            "└────────────┘",
        ])
        #expect(buffer[0, 0].style == borderStyle)
        #expect(buffer[1, 0].style == borderStyle)
        #expect(buffer[2, 0].style == titleStyle)
        #expect(buffer[6, 0].style == titleStyle)
        #expect(buffer[7, 0].style == borderStyle)
        #expect(buffer[13, 3].style == borderStyle)
        #expect(buffer[5, 1].style == .plain)
    }

    @Test func drawsAnASCIIBorder() {
        var buffer = CellBuffer(size: Size(width: 10, height: 3))
        Panel(title: "Help", border: .ascii).draw(into: &buffer, in: buffer.bounds)
        #expect(buffer.lines() == ["+ Help --+", "|        |", "+--------+"])
    }

    @Test func cutsALongTitleAndDropsOneWithNoRoom() {
        var buffer = CellBuffer(size: Size(width: 10, height: 2))
        Panel(title: "Groceries for the party").draw(into: &buffer, in: buffer.bounds)
        #expect(buffer.lines() == ["┌ Groce… ┐", "└────────┘"])
        var narrow = CellBuffer(size: Size(width: 4, height: 2))
        Panel(title: "Lists").draw(into: &narrow, in: narrow.bounds)
        #expect(Panel.innerRect(of: narrow.bounds) == Rect(x: 1, y: 1, width: 2, height: 0))
        #expect(narrow.lines() == ["┌──┐", "└──┘"])
        var five = CellBuffer(size: Size(width: 5, height: 2))
        Panel(title: "買い物").draw(into: &five, in: five.bounds)
        #expect(five.lines() == ["┌ … ┐", "└───┘"])
    }

    @Test func drawsInsideItsRectAndCanClearTheInside() {
        var buffer = CellBuffer(size: Size(width: 8, height: 5))
        buffer.write("xxxxxxxx", x: 0, y: 2, style: .plain)
        let fill = Style(background: .ansi(0))
        Panel(title: "A", fillStyle: fill).draw(into: &buffer, in: Rect(x: 1, y: 1, width: 6, height: 3))
        let inner = Panel.innerRect(of: Rect(x: 1, y: 1, width: 6, height: 3))
        #expect(inner == Rect(x: 2, y: 2, width: 4, height: 1))
        #expect(buffer.lines() == ["        ", " ┌ A ─┐ ", "x│    │x", " └────┘ ", "        "])
        #expect(buffer[3, 2].style == fill)
    }

    @Test func degradesWhenTooSmallForABorder() {
        for rect in [Rect(x: 0, y: 0, width: 0, height: 0), Rect(x: 0, y: 0, width: 1, height: 1),
                     Rect(x: 0, y: 0, width: 1, height: 3), Rect(x: 0, y: 0, width: 6, height: 1)] {
            var buffer = CellBuffer(size: Size(width: 6, height: 3))
            Panel(title: "Lists").draw(into: &buffer, in: rect)
        let inner = Panel.innerRect(of: rect)
            #expect(inner == rect)  // no border: all of it is inside
            #expect(buffer.lines() == ["      ", "      ", "      "])
        }
        var buffer = CellBuffer(size: Size(width: 2, height: 2))
        Panel().draw(into: &buffer, in: buffer.bounds)
        #expect(Panel.innerRect(of: buffer.bounds) == Rect(x: 1, y: 1, width: 0, height: 0))
        #expect(buffer.lines() == ["┌┐", "└┘"])
        var empty = CellBuffer(size: Size(width: 0, height: 0))
        Panel(title: "x").draw(into: &empty, in: Rect(x: 0, y: 0, width: 5, height: 5))
    }

    @Test func sanitisesTheTitle() {
        var buffer = CellBuffer(size: Size(width: 12, height: 2))
        Panel(title: "a\u{1B}[2Jb").draw(into: &buffer, in: buffer.bounds)
        #expect(buffer.lines() == ["┌ a␛[2Jb ──┐", "└──────────┘"])
    }
}
