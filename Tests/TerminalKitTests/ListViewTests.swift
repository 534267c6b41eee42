import Testing
@testable import TerminalKit

@Suite struct ListViewTests {
    let styles = ListView.Styles(
        normal: .plain,
        selection: Style(background: .ansi(4)),
        inactiveSelection: Style(background: .ansi(8)),
        indicator: Style(foreground: .ansi(3))
    )

    func names(_ index: Int) -> [Segment] { [Segment("item \(index)")] }

    func draw(_ list: inout ListView, into buffer: inout CellBuffer, in area: Rect, focused: Bool,
              row: @escaping (Int) -> [Segment]) {
        ScrollingList(styles: styles, focused: focused, segments: row).draw(into: &buffer, in: area, state: &list)
    }

    /// Moves the selection with `move`, then scrolls it into a view of `rows` rows, as the
    /// app does for a key its keymap binds to a move.
    func move(_ list: inout ListView, rows: Int, _ move: (inout ListView) -> Void) {
        move(&list)
        list.scrollToSelection(visibleRows: rows)
    }

    @Test func movesAndStopsAtTheEnds() {
        var list = ListView(count: 5)
        #expect(list.selected == 0)
        list.selectPrevious()
        #expect(list.selected == 0)
        list.selectNext()
        list.selectNext()
        #expect(list.selected == 2)
        list.selectPrevious()
        #expect(list.selected == 1)
        list.selectLast()
        #expect(list.selected == 4)
        list.selectNext()
        #expect(list.selected == 4)
        list.selectFirst()
        #expect(list.selected == 0)
    }

    @Test func pagesByThePageSize() {
        var list = ListView(count: 100)
        move(&list, rows: 10) { $0.pageDown(rows: 10) }
        #expect(list.selected == 10)
        #expect(list.offset == 1)
        move(&list, rows: 10) { $0.pageDown(rows: 10) }
        #expect(list.selected == 20)
        move(&list, rows: 10) { $0.pageUp(rows: 10) }
        #expect(list.selected == 10)
        move(&list, rows: 10) { $0.pageUp(rows: 10) }
        move(&list, rows: 10) { $0.pageUp(rows: 10) }
        #expect(list.selected == 0)
        #expect(list.offset == 0)
    }

    @Test func scrollsMinimally() {
        var list = ListView(count: 20)
        for _ in 0..<5 { move(&list, rows: 4) { $0.selectNext() } }
        #expect(list.selected == 5)
        #expect(list.offset == 2)  // selection on the bottom row
        move(&list, rows: 4) { $0.selectPrevious() }
        move(&list, rows: 4) { $0.selectPrevious() }
        #expect(list.selected == 3)
        #expect(list.offset == 2)  // still visible: no scrolling
        move(&list, rows: 4) { $0.selectPrevious() }
        #expect(list.offset == 2)  // row 2 is the top row shown
        move(&list, rows: 4) { $0.selectPrevious() }
        #expect(list.selected == 1)
        #expect(list.offset == 1)  // selection on the top row
        list.select(19)
        list.scrollToSelection(visibleRows: 4)
        #expect(list.offset == 16)
        list.select(10)
        list.scrollToSelection(visibleRows: 4)
        #expect(list.offset == 10)
    }

    @Test func clampsWhenTheCountShrinks() {
        var list = ListView(count: 50)
        list.select(45)
        list.scrollToSelection(visibleRows: 10)
        #expect(list.offset == 36)
        list.count = 20
        #expect(list.selected == 19)
        list.scrollToSelection(visibleRows: 10)
        #expect(list.offset == 10)
        list.count = 3
        list.scrollToSelection(visibleRows: 10)
        #expect(list.selected == 2)
        #expect(list.offset == 0)  // no blank rows above a list that fits
        list.count = 0
        #expect(list.selected == nil)
        #expect(list.offset == 0)
        list.selectNext()
        #expect(list.selected == nil)
        list.select(3)
        #expect(list.selected == nil)
        list.count = 2
        #expect(list.selected == 0)
        list.count = -1
        #expect(list.count == 0)
        #expect(ListView(count: 3, selected: 99).selected == 2)
        #expect(ListView(count: 3, selected: -4).selected == 0)
    }

    @Test func drawsVisibleRowsWithSelectionAcrossTheWidth() {
        var buffer = CellBuffer(size: Size(width: 10, height: 3))
        var list = ListView(count: 3)
        list.select(1)
        draw(&list, into: &buffer, in: buffer.bounds, focused: true, row: names)
        #expect(buffer.lines() == ["item 0    ", "item 1    ", "item 2    "])
        for x in 0..<10 {
            #expect(buffer[x, 1].style == styles.selection)
            #expect(buffer[x, 0].style == .plain)
        }
        draw(&list, into: &buffer, in: buffer.bounds, focused: false, row: names)
        #expect(buffer[9, 1].style == styles.inactiveSelection)
    }

    @Test func keepsEachSegmentsStyleOnUnselectedRows() {
        var buffer = CellBuffer(size: Size(width: 12, height: 2))
        let dim = Style(attributes: .dim)
        var list = ListView(count: 2)
        list.select(1)
        draw(&list, into: &buffer, in: buffer.bounds, focused: true) { _ in
            [Segment("[x] ", style: dim), Segment("milk")]
        }
        #expect(buffer.lines() == ["[x] milk    ", "[x] milk    "])
        #expect(buffer[0, 0].style == dim)
        #expect(buffer[4, 0].style == .plain)
        #expect(buffer[0, 1].style == styles.selection)
    }

    @Test func showsScrollIndicators() {
        var buffer = CellBuffer(size: Size(width: 8, height: 3))
        var list = ListView(count: 10)
        draw(&list, into: &buffer, in: buffer.bounds, focused: true, row: names)
        #expect(buffer.lines() == ["item 0  ", "item 1  ", "item 2 ↓"])
        #expect(buffer[7, 2].style == styles.indicator)
        list.select(5)
        list.scrollToSelection(visibleRows: 3)
        draw(&list, into: &buffer, in: buffer.bounds, focused: true, row: names)
        #expect(buffer.lines() == ["item 3 ↑", "item 4  ", "item 5 ↓"])
        list.select(9)
        list.scrollToSelection(visibleRows: 3)
        draw(&list, into: &buffer, in: buffer.bounds, focused: true, row: names)
        #expect(buffer.lines() == ["item 7 ↑", "item 8  ", "item 9  "])
    }

    @Test func oneRowViewSaysBothDirections() {
        var buffer = CellBuffer(size: Size(width: 8, height: 1))
        var list = ListView(count: 3)
        list.select(1)
        draw(&list, into: &buffer, in: buffer.bounds, focused: true, row: names)
        #expect(buffer.lines() == ["item 1 ↕"])
    }

    @Test func longRowsEndInAnEllipsisBeforeTheGutter() {
        var buffer = CellBuffer(size: Size(width: 8, height: 2))
        var list = ListView(count: 5)
        draw(&list, into: &buffer, in: buffer.bounds, focused: true) { _ in
            [Segment("Grocery Store")]
        }
        #expect(buffer.lines() == ["Grocer… ", "Grocer…↓"])
    }

    @Test func segmentsThatFillTheRowExactlyStillShowAnEllipsis() {
        var buffer = CellBuffer(size: Size(width: 6, height: 1))
        Segment.write([Segment("[x] "), Segment("ab"), Segment("more")], into: &buffer, x: 0, y: 0, maxWidth: 6)
        #expect(buffer.lines() == ["[x] a…"])
        Segment.write([Segment("[x] "), Segment("ab"), Segment("")], into: &buffer, x: 0, y: 0, maxWidth: 6)
        #expect(buffer.lines() == ["[x] ab"])
    }

    @Test func asksOnlyForVisibleRowsOfAHugeList() {
        var buffer = CellBuffer(size: Size(width: 20, height: 5))
        var list = ListView(count: 100_000)
        list.select(54_321)
        list.scrollToSelection(visibleRows: 5)
        var asked: [Int] = []
        draw(&list, into: &buffer, in: buffer.bounds, focused: true) { index in
            asked.append(index)
            return [Segment("item \(index)")]
        }
        #expect(asked == Array(54_317...54_321))
        #expect(buffer.lines().last == "item 54321         ↓")
    }

    @Test func framedListsMarkMoreRowsOnTheFrameAndKeepTheirWidth() {
        // A pane: the rows inside a border, "↑"/"↓" on the border's right end, no gutter.
        var buffer = CellBuffer(size: Size(width: 8, height: 4))
        var list = ListView(count: 10)
        list.select(5)
        ScrollingList(styles: styles, focused: true, indicators: .frame) { buffer, index, area, style in
            buffer.write("row \(index)", x: area.x, y: area.y, maxWidth: area.width, style: style)
        }.draw(into: &buffer, in: Rect(x: 0, y: 1, width: 8, height: 2), state: &list)
        #expect(buffer.lines() == ["       ↑", "row 4   ", "row 5   ", "       ↓"])
        #expect(buffer[7, 2].style == styles.selection)
        #expect(list.offset == 4)
    }

    @Test func drawsASelectionThatWasNotScrolledTo() {
        // After a resize the caller may draw before scrolling: the selection still shows.
        var buffer = CellBuffer(size: Size(width: 8, height: 2))
        var list = ListView(count: 10)
        list.select(6)
        draw(&list, into: &buffer, in: buffer.bounds, focused: true, row: names)
        #expect(buffer.lines() == ["item 5 ↑", "item 6 ↓"])
    }

    @Test func survivesTinyRects() {
        var list = ListView(count: 4)
        list.select(2)
        for size in [Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 2, height: 1), Size(width: 1, height: 3)] {
            var buffer = CellBuffer(size: size)
            draw(&list, into: &buffer, in: buffer.bounds, focused: true, row: names)
            draw(&list, into: &buffer, in: Rect(x: -2, y: -1, width: 5, height: 5), focused: true, row: names)
            move(&list, rows: size.height) { $0.pageDown(rows: size.height) }
        }
        var buffer = CellBuffer(size: Size(width: 1, height: 1))
        var three = ListView(count: 3)
        draw(&three, into: &buffer, in: buffer.bounds, focused: true) { _ in [Segment("a\u{1B}b")] }
        #expect(buffer.lines() == ["…"])
        var none = ListView(count: 0)
        draw(&none, into: &buffer, in: buffer.bounds, focused: true) { _ in
            Issue.record("an empty list asks for no rows")
            return []
        }
        #expect(buffer.lines() == [" "])
    }
}
