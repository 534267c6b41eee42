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

    @Test func movesWithArrowsAndVimKeysAndStopsAtTheEnds() {
        var list = ListView(count: 5)
        #expect(list.selected == 0)
        let handled1 = list.handle(.up, pageSize: 3)
        #expect(handled1)
        #expect(list.selected == 0)
        let handled2 = list.handle(.character("j"), pageSize: 3)
        #expect(handled2)
        let handled3 = list.handle(.down, pageSize: 3)
        #expect(handled3)
        #expect(list.selected == 2)
        let handled4 = list.handle(.character("k"), pageSize: 3)
        #expect(handled4)
        #expect(list.selected == 1)
        let handled5 = list.handle(.character("G"), pageSize: 3)
        #expect(handled5)
        #expect(list.selected == 4)
        let handled6 = list.handle(.down, pageSize: 3)
        #expect(handled6)
        #expect(list.selected == 4)
        let handled7 = list.handle(.character("g"), pageSize: 3)
        #expect(handled7)
        #expect(list.selected == 0)
        let handled8 = list.handle(.end, pageSize: 3)
        #expect(handled8)
        #expect(list.selected == 4)
        let handled9 = list.handle(.home, pageSize: 3)
        #expect(handled9)
        #expect(list.selected == 0)
        let handled10 = list.handle(.character("x"), pageSize: 3)
        #expect(!handled10)
        let handled11 = list.handle(.enter, pageSize: 3)
        #expect(!handled11)
    }

    @Test func pagesByThePageSize() {
        var list = ListView(count: 100)
        let handled12 = list.handle(.pageDown, pageSize: 10)
        #expect(handled12)
        #expect(list.selected == 10)
        #expect(list.offset == 1)
        list.handle(.pageDown, pageSize: 10)
        #expect(list.selected == 20)
        list.handle(.pageUp, pageSize: 10)
        #expect(list.selected == 10)
        list.handle(.pageUp, pageSize: 10)
        list.handle(.pageUp, pageSize: 10)
        #expect(list.selected == 0)
        #expect(list.offset == 0)
    }

    @Test func scrollsMinimally() {
        var list = ListView(count: 20)
        for _ in 0..<5 { list.handle(.down, pageSize: 4) }
        #expect(list.selected == 5)
        #expect(list.offset == 2)  // selection on the bottom row
        list.handle(.up, pageSize: 4)
        list.handle(.up, pageSize: 4)
        #expect(list.selected == 3)
        #expect(list.offset == 2)  // still visible: no scrolling
        list.handle(.up, pageSize: 4)
        #expect(list.offset == 2)  // row 2 is the top row shown
        list.handle(.up, pageSize: 4)
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
        let handled13 = list.handle(.down, pageSize: 10)
        #expect(handled13)
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
        list.draw(into: &buffer, in: buffer.bounds, styles: styles, focused: true, row: names)
        #expect(buffer.lines() == ["item 0    ", "item 1    ", "item 2    "])
        for x in 0..<10 {
            #expect(buffer[x, 1].style == styles.selection)
            #expect(buffer[x, 0].style == .plain)
        }
        list.draw(into: &buffer, in: buffer.bounds, styles: styles, focused: false, row: names)
        #expect(buffer[9, 1].style == styles.inactiveSelection)
    }

    @Test func keepsEachSegmentsStyleOnUnselectedRows() {
        var buffer = CellBuffer(size: Size(width: 12, height: 2))
        let dim = Style(attributes: .dim)
        var list = ListView(count: 2)
        list.select(1)
        list.draw(into: &buffer, in: buffer.bounds, styles: styles, focused: true) { _ in
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
        list.draw(into: &buffer, in: buffer.bounds, styles: styles, focused: true, row: names)
        #expect(buffer.lines() == ["item 0  ", "item 1  ", "item 2 ↓"])
        #expect(buffer[7, 2].style == styles.indicator)
        list.select(5)
        list.scrollToSelection(visibleRows: 3)
        list.draw(into: &buffer, in: buffer.bounds, styles: styles, focused: true, row: names)
        #expect(buffer.lines() == ["item 3 ↑", "item 4  ", "item 5 ↓"])
        list.select(9)
        list.scrollToSelection(visibleRows: 3)
        list.draw(into: &buffer, in: buffer.bounds, styles: styles, focused: true, row: names)
        #expect(buffer.lines() == ["item 7 ↑", "item 8  ", "item 9  "])
    }

    @Test func oneRowViewSaysBothDirections() {
        var buffer = CellBuffer(size: Size(width: 8, height: 1))
        var list = ListView(count: 3)
        list.select(1)
        list.draw(into: &buffer, in: buffer.bounds, styles: styles, focused: true, row: names)
        #expect(buffer.lines() == ["item 1 ↕"])
    }

    @Test func longRowsEndInAnEllipsisBeforeTheGutter() {
        var buffer = CellBuffer(size: Size(width: 8, height: 2))
        let list = ListView(count: 5)
        list.draw(into: &buffer, in: buffer.bounds, styles: styles, focused: true) { _ in
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
        list.draw(into: &buffer, in: buffer.bounds, styles: styles, focused: true) { index in
            asked.append(index)
            return [Segment("item \(index)")]
        }
        #expect(asked == Array(54_317...54_321))
        #expect(buffer.lines().last == "item 54321         ↓")
    }

    @Test func drawsASelectionThatWasNotScrolledTo() {
        // After a resize the caller may draw before scrolling: the selection still shows.
        var buffer = CellBuffer(size: Size(width: 8, height: 2))
        var list = ListView(count: 10)
        list.select(6)
        list.draw(into: &buffer, in: buffer.bounds, styles: styles, focused: true, row: names)
        #expect(buffer.lines() == ["item 5 ↑", "item 6 ↓"])
    }

    @Test func survivesTinyRects() {
        var list = ListView(count: 4)
        list.select(2)
        for size in [Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 2, height: 1), Size(width: 1, height: 3)] {
            var buffer = CellBuffer(size: size)
            list.draw(into: &buffer, in: buffer.bounds, styles: styles, focused: true, row: names)
            list.draw(into: &buffer, in: Rect(x: -2, y: -1, width: 5, height: 5), styles: styles, focused: true, row: names)
            list.handle(.pageDown, pageSize: size.height)
        }
        var buffer = CellBuffer(size: Size(width: 1, height: 1))
        ListView(count: 3).draw(into: &buffer, in: buffer.bounds, styles: styles, focused: true) { _ in [Segment("a\u{1B}b")] }
        #expect(buffer.lines() == ["…"])
        ListView(count: 0).draw(into: &buffer, in: buffer.bounds, styles: styles, focused: true) { _ in
            Issue.record("an empty list asks for no rows")
            return []
        }
        #expect(buffer.lines() == [" "])
    }
}
