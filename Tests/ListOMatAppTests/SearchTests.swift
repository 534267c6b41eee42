import Foundation
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// Find (f, n, N, Esc): both panes filtered, the matches highlighted (readably in every
/// theme, and without colours), bounded on a big list. Screens are compared with the
/// snapshots in __Snapshots__/SearchTests; the store is checked after each change.
@Suite struct SearchTests: ListChecks {
    static let groceries = ScreenTests.groceries

    @Test func findFiltersBothPanesAndHighlightsTheMatch() throws {
        let pilot = try Pilot(Self.groceries)
        try pilot.press("f")
        pilot.type("EE")
        assertSnapshot(of: pilot, as: .screen, named: "typing")
        try pilot.press("enter")
        // Grocery Store has "coffee", Pet Shop "bird seed"; Hardware Store nothing.
        #expect(pilot.app.model.listsPane.lists.map(\.list.name) == ["Grocery Store", "Pet Shop"])
        #expect(shown(pilot) == ["coffee"])
        assertSnapshot(of: pilot, as: .screen, named: "found")
        try pilot.press("n")
        #expect(pilot.app.model.selectedList?.list.name == "Pet Shop")
        #expect(shown(pilot) == ["bird seed"])
        try pilot.press("N")
        #expect(pilot.app.model.selectedList?.list.name == "Grocery Store")
        try pilot.press("n enter")
        assertSnapshot(of: pilot, as: .screen, named: "next")
        // Checking off and renaming work on the rows found.
        try pilot.press("space")
        #expect(try pilot.store.items(in: .name("Pet Shop")).first { $0.name == "bird seed" }?.done == true)
        try pilot.press("r ctrl-u")
        pilot.type("sunflower seeds")
        try pilot.press("enter")
        #expect(try pilot.store.items(in: .name("Pet Shop")).map(\.name) == ["sunflower seeds", "collar"])
        #expect(shown(pilot) == ["sunflower seeds"])
        // Esc shows everything again, on the same list and item.
        try pilot.press("esc")
        #expect(pilot.app.model.search.query == nil)
        #expect(pilot.app.model.listsPane.lists.count == 3)
        #expect(pilot.app.model.selectedList?.list.name == "Pet Shop")
        #expect(shown(pilot) == ["sunflower seeds", "collar"])
        assertSnapshot(of: pilot, as: .screen, named: "cleared")
    }

    @Test func aListFoundByItsNameIsHighlighted() throws {
        let folder = NSTemporaryDirectory() + "listomat-tui-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let location = StoreLocation(directory: folder)
        let pilot = try Pilot(Self.groceries, store: try ListStore.open(location, clock: { Pilot.now }))
        try pilot.press("f")
        pilot.type("store")
        try pilot.press("enter")
        #expect(pilot.app.model.listsPane.lists.map(\.list.name) == ["Grocery Store", "Hardware Store"])
        #expect(shown(pilot).isEmpty)
        assertSnapshot(of: pilot, as: .screen)
        // A list made meanwhile (by another process) is found, and is somewhere to move an item to.
        try ListStore.open(location, clock: { Pilot.now }).createList(named: "Garden", items: ["store sign"])
        pilot.tick()
        #expect(pilot.app.model.listsPane.lists.map(\.list.name) == ["Grocery Store", "Hardware Store", "Garden"])
        #expect(pilot.app.model.listsPane.all.map(\.name) == ["Grocery Store", "Hardware Store", "Pet Shop", "Garden"])
        try pilot.press("G enter m")
        #expect(pilot.app.model.itemsPane.moveMenu?.targets.map(\.name) == ["Grocery Store", "Hardware Store", "Pet Shop"])
    }

    @Test func findIgnoresCaseAndDiacritics() throws {
        let pilot = try Pilot([("Café", [("Crème brûlée", false), ("tea", false)]), ("Bakery", [("éclair", false), ("bread", false)])])
        try pilot.press("f")
        pilot.type("CREME")
        try pilot.press("enter")
        #expect(pilot.app.model.listsPane.lists.map(\.list.name) == ["Café"])
        #expect(shown(pilot) == ["Crème brûlée"])
        try pilot.press("f ctrl-u")
        pilot.type("e")
        try pilot.press("enter")
        #expect(pilot.app.model.listsPane.lists.map(\.list.name) == ["Café", "Bakery"])
        try pilot.press("f ctrl-u")
        pilot.type("eclair")
        try pilot.press("enter")
        #expect(pilot.app.model.listsPane.lists.map(\.list.name) == ["Bakery"])
        #expect(shown(pilot) == ["éclair"])
        // An empty search ends the search.
        try pilot.press("f ctrl-u enter")
        #expect(pilot.app.model.search.query == nil)
        #expect(pilot.app.model.listsPane.lists.count == 2)
    }

    @Test func findingNothingSaysSo() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 40, height: 12))
        try pilot.press("f")
        pilot.type("zebra")
        try pilot.press("enter")
        #expect(pilot.app.model.listsPane.lists.isEmpty)
        assertSnapshot(of: pilot, as: .screen)
        // Nothing to act on: these keys do nothing, and break nothing.
        try pilot.press("n N space d m s S enter r esc")
        #expect(pilot.app.model.listsPane.lists.count == 3)
        #expect(try dump(pilot.store) == (try dump(Pilot(Self.groceries).store)))
    }

    @Test func aSearchAndAViewOrderOfABigListAreBounded() throws {
        let count = 12_000
        let pilot = try Pilot([("Big", (1...count).map { ("item \($0)", false) }), ("Small", [("b", false), ("a", false)])])
        try pilot.press("enter f")
        pilot.type("item 1")
        try pilot.press("enter")
        // 1, 10–19, 100–199, 1000–1999, 10000–11999: more than are held.
        #expect(pilot.app.model.itemsPane.items.count == Search.limit)
        #expect(pilot.app.model.search.incomplete)
        #expect(pilot.screen.lines()[0].contains("first 1000 found"))
        try pilot.press("G")
        #expect(pilot.app.model.selectedItem?.name == pilot.app.model.itemsPane.items.last?.name)
        // Sorting what was found is fine (it is bounded); the whole list is not sorted in view.
        try pilot.press("s")
        #expect(pilot.app.model.itemsPane.order == .nameDoneLast)
        #expect(shown(pilot).prefix(3) == ["item 1", "item 10", "item 11"])
        try pilot.press("esc")
        #expect(pilot.app.model.itemsPane.order == nil)
        #expect(pilot.app.model.status?.text == ItemOrder.tooLong(pilot.app.model.screen.words))
        #expect(pilot.app.model.itemsPane.view.count == count)
    }

    @Test func withoutColoursAMatchIsStillMarked() throws {
        let theme = Theme.defaultTheme.monochrome()
        #expect(theme[.match] != theme[.normal])
        #expect(theme[.match] != theme[.selection])
        let pilot = try Pilot(Self.groceries, theme: theme)
        try pilot.press("f")
        pilot.type("milk")
        try pilot.press("enter enter")
        let row = pilot.screen.lines().firstIndex { $0.contains("[x] milk") } ?? 0
        let x = Array(pilot.screen.lines()[row]).firstIndex(of: "m").map { $0 } ?? 0
        #expect(pilot.screen[x, row].style == theme[.match])
    }

    // MARK: - Contrast

    /// Every shipped theme draws what a search found readably: 4.5:1 or more between the
    /// match role's text and its background (WCAG AA), with xterm's colours.
    @Test func theMatchHighlightIsReadableInEveryTheme() throws {
        for name in ThemeLibrary().availableThemes() {
            let style = try ThemeLibrary().load(name)[.match]
            guard let fg = Self.rgb(style.foreground), let bg = Self.rgb(style.background) else {
                Issue.record("\(name): the match role needs its own colours")
                continue
            }
            let ratio = Self.contrast(fg, bg)
            #expect(ratio >= 4.5, "\(name): \(ratio)")
        }
    }

    static func rgb(_ color: Color) -> (Double, Double, Double)? {
        let ansi: [(Double, Double, Double)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
            (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        let index: Int
        switch color {
        case .terminalDefault: return nil
        case .ansi(let value): index = Int(value)
        case .palette(let value): index = Int(value)
        }
        if index < 16 { return ansi[index] }
        if index >= 232 {
            let level = Double(8 + (index - 232) * 10)
            return (level, level, level)
        }
        let cube = index - 16
        func level(_ n: Int) -> Double { n == 0 ? 0 : Double(55 + n * 40) }
        return (level(cube / 36), level(cube / 6 % 6), level(cube % 6))
    }

    static func contrast(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        func luminance(_ c: (Double, Double, Double)) -> Double {
            func channel(_ v: Double) -> Double {
                let s = v / 255
                return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * channel(c.0) + 0.7152 * channel(c.1) + 0.0722 * channel(c.2)
        }
        let (l1, l2) = (luminance(a), luminance(b))
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }
}
