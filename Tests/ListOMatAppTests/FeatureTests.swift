import Foundation
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// Issue 14, "what a terminal user expects": find (f, n, N, Esc), the view order (s) and
/// sorting for good (S), moving an item to another list (m), the command bar's history
/// (↑ ↓) and completion (Tab), the first-run screen. Screens are compared with the
/// snapshots in __Snapshots__/FeatureTests; the store is checked after each change.
@Suite struct FeatureTests {
    static let groceries = ScreenTests.groceries

    /// Every list and its items, "[x] name", in order.
    private func dump(_ store: ListStore) throws -> [String] {
        try store.lists().map { list in
            list.name + ": " + (try store.items(in: .id(list.id))).map { ($0.done ? "[x] " : "[ ] ") + $0.name }.joined(separator: ", ")
        }
    }

    /// The item names the items pane holds, in the order shown.
    private func shown(_ pilot: Pilot) -> [String] { pilot.app.model.items.map(\.name) }

    // MARK: - Find

    @Test func findFiltersBothPanesAndHighlightsTheMatch() throws {
        let pilot = try Pilot(Self.groceries)
        try pilot.press("f")
        pilot.type("EE")
        assertSnapshot(of: pilot, as: .screen, named: "typing")
        try pilot.press("enter")
        // Grocery Store has "coffee", Pet Shop "bird seed"; Hardware Store nothing.
        #expect(pilot.app.model.lists.map(\.list.name) == ["Grocery Store", "Pet Shop"])
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
        #expect(pilot.app.model.features.search == nil)
        #expect(pilot.app.model.lists.count == 3)
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
        #expect(pilot.app.model.lists.map(\.list.name) == ["Grocery Store", "Hardware Store"])
        #expect(shown(pilot).isEmpty)
        assertSnapshot(of: pilot, as: .screen)
        // A list made meanwhile (by another process) is found, and is somewhere to move an item to.
        try ListStore.open(location, clock: { Pilot.now }).createList(named: "Garden", items: ["store sign"])
        pilot.tick()
        #expect(pilot.app.model.lists.map(\.list.name) == ["Grocery Store", "Hardware Store", "Garden"])
        #expect(pilot.app.model.features.allLists.map(\.name) == ["Grocery Store", "Hardware Store", "Pet Shop", "Garden"])
        try pilot.press("G enter m")
        #expect(pilot.app.model.features.moveMenu?.targets.map(\.name) == ["Grocery Store", "Hardware Store", "Pet Shop"])
    }

    @Test func findIgnoresCaseAndDiacritics() throws {
        let pilot = try Pilot([("Café", [("Crème brûlée", false), ("tea", false)]), ("Bakery", [("éclair", false), ("bread", false)])])
        try pilot.press("f")
        pilot.type("CREME")
        try pilot.press("enter")
        #expect(pilot.app.model.lists.map(\.list.name) == ["Café"])
        #expect(shown(pilot) == ["Crème brûlée"])
        try pilot.press("f ctrl-u")
        pilot.type("e")
        try pilot.press("enter")
        #expect(pilot.app.model.lists.map(\.list.name) == ["Café", "Bakery"])
        try pilot.press("f ctrl-u")
        pilot.type("eclair")
        try pilot.press("enter")
        #expect(pilot.app.model.lists.map(\.list.name) == ["Bakery"])
        #expect(shown(pilot) == ["éclair"])
        // An empty search ends the search.
        try pilot.press("f ctrl-u enter")
        #expect(pilot.app.model.features.search == nil)
        #expect(pilot.app.model.lists.count == 2)
    }

    @Test func findingNothingSaysSo() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 40, height: 12))
        try pilot.press("f")
        pilot.type("zebra")
        try pilot.press("enter")
        #expect(pilot.app.model.lists.isEmpty)
        assertSnapshot(of: pilot, as: .screen)
        // Nothing to act on: these keys do nothing, and break nothing.
        try pilot.press("n N space d m s S enter r esc")
        #expect(pilot.app.model.lists.count == 3)
        #expect(try dump(pilot.store) == (try dump(Pilot(Self.groceries).store)))
    }

    @Test func aSearchAndAViewOrderOfABigListAreBounded() throws {
        let count = 12_000
        let pilot = try Pilot([("Big", (1...count).map { ("item \($0)", false) }), ("Small", [("b", false), ("a", false)])])
        try pilot.press("enter f")
        pilot.type("item 1")
        try pilot.press("enter")
        // 1, 10–19, 100–199, 1000–1999, 10000–11999: more than are held.
        #expect(pilot.app.model.items.count == Features.searchLimit)
        #expect(pilot.app.model.features.incomplete)
        #expect(pilot.screen.lines()[0].contains("first 1000 found"))
        try pilot.press("G")
        #expect(pilot.app.model.selectedItem?.name == pilot.app.model.items.last?.name)
        // Sorting what was found is fine (it is bounded); the whole list is not sorted in view.
        try pilot.press("s")
        #expect(pilot.app.model.features.order == .nameDoneLast)
        #expect(shown(pilot).prefix(3) == ["item 1", "item 10", "item 11"])
        try pilot.press("esc")
        #expect(pilot.app.model.features.order == nil)
        #expect(pilot.app.model.status?.text == Features.tooLong(count))
        #expect(pilot.app.model.itemsView.count == count)
    }

    // MARK: - View order and sorting

    @Test func theViewOrderTogglesAndTheStoreKeepsItsOrder() throws {
        let pilot = try Pilot(Self.groceries)
        let stored = try pilot.store.items(in: .name("Grocery Store")).map(\.name)
        try pilot.press("enter s")
        #expect(shown(pilot) == ["apples", "coffee", "eggs", "bread", "milk"])
        assertSnapshot(of: pilot, as: .screen, named: "sorted")
        // Checking off in this order: the item goes down, the cursor stays on its row.
        try pilot.press("g space")
        #expect(shown(pilot) == ["coffee", "eggs", "apples", "bread", "milk"])
        #expect(pilot.app.model.selectedItem?.name == "coffee")
        #expect(try pilot.store.items(in: .name("Grocery Store")).first { $0.name == "apples" }?.done == true)
        try pilot.press("s")
        #expect(pilot.app.model.features.order == nil)
        #expect(shown(pilot) == stored)
        #expect(try pilot.store.items(in: .name("Grocery Store")).map(\.name) == stored)
    }

    @Test func sortTheListForGoodIsOneUndoStep() throws {
        let pilot = try Pilot(Self.groceries)
        try pilot.press("enter S")
        #expect(try pilot.store.items(in: .name("Grocery Store")).map(\.name) == ["apples", "coffee", "eggs", "bread", "milk"])
        #expect(pilot.app.model.status?.text == "Sorted Grocery Store by name, checked items last — u to undo")
        assertSnapshot(of: pilot, as: .screen, named: "sorted")
        try pilot.press("u")
        #expect(try pilot.store.items(in: .name("Grocery Store")).map(\.name) == ["milk", "eggs", "bread", "apples", "coffee"])
        #expect(shown(pilot) == ["milk", "eggs", "bread", "apples", "coffee"])
        // Sorting a sorted list says so, and records nothing.
        try pilot.press("ctrl-r S")
        #expect(pilot.app.model.status?.text == "Grocery Store is already sorted by name, checked items last; nothing changed.")
    }

    // MARK: - Move to another list

    @Test func moveAnItemToAnotherList() throws {
        let pilot = try Pilot(Self.groceries)
        try pilot.press("enter m")
        assertSnapshot(of: pilot, as: .screen, named: "menu")
        try pilot.press("down enter")
        #expect(try pilot.store.items(in: .name("Grocery Store")).map(\.name) == ["eggs", "bread", "apples", "coffee"])
        #expect(try pilot.store.items(in: .name("Pet Shop")).map(\.name) == ["bird seed", "collar", "milk"])
        #expect(try pilot.store.items(in: .name("Pet Shop")).last?.done == true)
        #expect(pilot.app.model.status?.text == "Moved milk to Pet Shop — u to undo")
        assertSnapshot(of: pilot, as: .screen, named: "moved")
        try pilot.press("u")
        #expect(try pilot.store.items(in: .name("Grocery Store")).map(\.name) == ["milk", "eggs", "bread", "apples", "coffee"])
        #expect(try pilot.store.items(in: .name("Pet Shop")).map(\.name) == ["bird seed", "collar"])
        #expect(pilot.app.model.lists.map(\.itemCount) == [5, 2, 2])
        // A digit picks at once; Esc leaves the menu and moves nothing.
        try pilot.press("g j m 1")
        #expect(try pilot.store.items(in: .name("Hardware Store")).map(\.name) == ["nails", "glue", "eggs"])
        try pilot.press("m esc")
        #expect(pilot.app.model.features.moveMenu == nil)
        #expect(try pilot.store.items(in: .name("Grocery Store")).count == 4)
    }

    @Test func movingOntoTheSameNameMergesThem() throws {
        let pilot = try Pilot([("Home", [("milk", false), ("tea", false)]), ("Shop", [("MILK", true)])])
        try pilot.press("enter m enter")
        #expect(try dump(pilot.store) == ["Home: [ ] tea", "Shop: [ ] MILK"])
        #expect(pilot.app.model.status?.text == "Moved milk to Shop (it was there already: one milk now) — u to undo")
        #expect(shown(pilot) == ["tea"])
        #expect(pilot.app.model.lists.map(\.itemCount) == [1, 1])
        try pilot.press("u")
        #expect(try dump(pilot.store) == ["Home: [ ] milk, [ ] tea", "Shop: [x] MILK"])
    }

    @Test func moveNeedsAnItemAndAnotherList() throws {
        let pilot = try Pilot([("Only", [("one", false)])])
        try pilot.press("m")
        #expect(pilot.app.model.features.moveMenu == nil)
        try pilot.press("enter m")
        #expect(pilot.app.model.features.moveMenu == nil)
        #expect(pilot.app.model.status?.isError == true)
    }

    // MARK: - The command bar

    @Test func theCommandBarRecallsEarlierRequests() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 30))
        try pilot.ask("what can you do")
        try pilot.ask("show my grocery store list")
        // Not a request: typed into "add", it is no entry of the bar's history.
        try pilot.press("a")
        pilot.type("pears")
        try pilot.press("enter enter / up")
        #expect(pilot.app.model.bar.text == "show my grocery store list")
        try pilot.press("up")
        #expect(pilot.app.model.bar.text == "what can you do")
        try pilot.press("up")
        #expect(pilot.app.model.bar.text == "what can you do")
        try pilot.press("down down")
        #expect(pilot.app.model.bar.text == "")
        pilot.type("half typed")
        try pilot.press("up down")
        #expect(pilot.app.model.bar.text == "half typed")
        try pilot.press("up")
        assertSnapshot(of: pilot, as: .screen, named: "recalled")
    }

    @Test func theHistoryIsKeptInTheDataFolder() throws {
        let folder = NSTemporaryDirectory() + "listomat-tui-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let location = StoreLocation(directory: folder)
        do {
            let pilot = try Pilot(Self.groceries, store: try ListStore.open(location, clock: { Pilot.now }))
            try pilot.ask("what can you do")
        }
        let path = folder + "/command-history"
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "what can you do\n")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let pilot = try Pilot(store: try ListStore.open(location, clock: { Pilot.now }))
        try pilot.press("/ up")
        #expect(pilot.app.model.bar.text == "what can you do")
    }

    @Test func tabCompletesListAndItemNames() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 30))
        try pilot.press("/")
        pilot.type("add glue to hardw")
        try pilot.press("tab")
        #expect(pilot.app.model.bar.text == "add glue to Hardware Store")
        try pilot.press("ctrl-u")
        pilot.type("add eggs to hardware st")
        try pilot.press("tab")
        #expect(pilot.app.model.bar.text == "add eggs to Hardware Store")
        // Several candidates: Tab again takes the next; the footer lists them.
        try pilot.press("ctrl-u")
        pilot.type("remove b")
        try pilot.press("tab")
        #expect(pilot.app.model.bar.text == "remove bread")
        assertSnapshot(of: pilot, as: .screen, named: "candidates")
        try pilot.press("tab")
        #expect(pilot.app.model.bar.text == "remove bird seed")
        try pilot.press("tab")
        #expect(pilot.app.model.bar.text == "remove bread")
        // In the middle of the line: what follows the cursor stays.
        try pilot.press("ctrl-u")
        pilot.type("check off co on my list")
        try pilot.press("left left left left left left left left left left left tab")
        #expect(pilot.app.model.bar.text == "check off coffee on my list")
        // Nothing to complete: the line stays as it is.
        try pilot.press("ctrl-e ctrl-u")
        pilot.type("xyzzy")
        try pilot.press("tab")
        #expect(pilot.app.model.bar.text == "xyzzy")
        try pilot.press("space tab")
        #expect(pilot.app.model.bar.text == "xyzzy ")
    }

    // MARK: - First run

    @Test(arguments: [(80, 24), (40, 12), (120, 40), (24, 8)])
    func firstRunSaysWhatToPress(width: Int, height: Int) throws {
        let pilot = try Pilot(size: Size(width: width, height: height))
        assertSnapshot(of: pilot, as: .screen, named: "\(width)x\(height)")
        // Every word on screen is whole: the text wraps at spaces.
        let words = Set("""
            Lists Welcome to ListOMat! No lists yet. a add a list: type its name, then Enter. Enter again opens it; \
            a there adds items. / ask the assistant in your words, e.g. “create a list called Groceries”. ? every \
            key q quit No lists yet. ask the assistant
            """.split(separator: " ").map(String.init))
        let lines = pilot.screen.lines()
        for line in lines.prefix(max(0, height - 2)) {
            for word in line.split(whereSeparator: { " │┌┐└┘─".contains($0) }) where !words.contains(String(word)) {
                // Only the assistant panel's own text may show beside it (wide screens).
                #expect(width >= 100, "cut word “\(word)” in “\(line)”")
            }
        }
        // The example is read whole (as FitTests on tui-truth checks for the empty state).
        if height >= 12 { #expect(pilot.text.contains("Groceries”")) }
        // It goes once there is a list.
        try pilot.press("a")
        pilot.type("Groceries")
        try pilot.press("enter")
        #expect(!pilot.screen.lines().joined().contains("No lists yet"))
    }

    // MARK: - Nothing crashes

    @Test func oddInputBreaksNothing() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 1, height: 1))
        try pilot.press("f enter f")
        pilot.paste(String(repeating: "milk\u{1B}[31m\u{0}\n", count: 2_000))
        try pilot.press("enter n N s S m down enter tab esc esc")
        pilot.resize(20, 6)
        try pilot.press("enter m")
        pilot.resize(1, 1)
        _ = pilot.screen
        pilot.resize(40, 12)
        _ = pilot.screen
        try pilot.press("esc / tab up down tab")
        pilot.type("\u{7}\u{1B}")
        try pilot.press("tab enter")
        pilot.resize(200, 60)
        try pilot.press("f")
        pilot.type("\u{202E}e")
        try pilot.press("enter")
        _ = pilot.screen
        for line in pilot.screen.lines() {
            #expect(!line.unicodeScalars.contains { Sanitizer.isUnsafe($0) })
        }
        #expect(try pilot.store.lists().count == 3)
    }

    // MARK: - Keys and colours

    @Test func theNewActionsTakeKeysFromConfigAndShowInHelp() throws {
        #expect(Keymap.actionNames.isSuperset(of: ["find", "nextMatch", "previousMatch", "sortView", "sortList", "moveTo"]))
        let keymap = Keymap(overrides: ["find": [.control("f")], "moveTo": [.character("M")]])
        #expect(keymap.action(for: .control("f")) == .find)
        #expect(keymap.action(for: .character("f")) == nil)
        #expect(keymap.action(for: .character("M")) == .moveTo)
        #expect(keymap.action(for: .character("m")) == nil)
        let pilot = try Pilot(Self.groceries, size: Size(width: 100, height: 40))
        try pilot.press("?")
        let help = pilot.text
        for summary in ["find in every list", "next list with what was found", "view by name, done last", "sort the list itself", "move the item to another list"] {
            #expect(help.contains(summary), "\(summary)")
        }
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
