import Foundation
import GRDB
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// Screens after what a person does, compared with the snapshots in __Snapshots__/ScreenTests.
/// Re-record after an intended change with `SNAPSHOT_TESTING_RECORD=all swift test`.
@Suite struct ScreenTests {
    static let groceries: [(String, [(String, Bool)])] = [
        ("Grocery Store", [("milk", true), ("eggs", false), ("bread", true), ("apples", false), ("coffee", false)]),
        ("Hardware Store", [("nails", false), ("glue", false)]),
        ("Pet Shop", [("bird seed", false), ("collar", true)]),
    ]

    @Test func emptyState() throws {
        let pilot = try Pilot()
        assertSnapshot(of: pilot, as: .screen)
    }

    @Test func listsAndItems() throws {
        let pilot = try Pilot(Self.groceries)
        assertSnapshot(of: pilot, as: .screen, named: "lists")
        try pilot.press("enter j")
        assertSnapshot(of: pilot, as: .screen, named: "items")
    }

    @Test func addAListAndItemsThenCheckOne() throws {
        let pilot = try Pilot()
        try pilot.press("a")
        pilot.type("Birthday")
        assertSnapshot(of: pilot, as: .screen, named: "typing")
        try pilot.press("enter enter a")
        pilot.type("cake")
        try pilot.press("enter")
        pilot.type("candles")
        // Enter on an empty line ends adding; the new item stays selected; g goes to the top.
        try pilot.press("enter enter g space")
        assertSnapshot(of: pilot, as: .screen, named: "added")
        let (_, items) = try pilot.store.listWithItems(.name("Birthday"))
        #expect(items.map(\.name) == ["cake", "candles"])
        #expect(items.map(\.done) == [true, false])
    }

    @Test func renameDeleteAndUndo() throws {
        let pilot = try Pilot(Self.groceries)
        try pilot.press("enter r ctrl-u")
        pilot.type("oat milk")
        try pilot.press("enter")
        assertSnapshot(of: pilot, as: .screen, named: "renamed")
        try pilot.press("j d")
        assertSnapshot(of: pilot, as: .screen, named: "deleted")
        #expect(try pilot.store.items(in: .name("Grocery Store")).map(\.name) == ["oat milk", "bread", "apples", "coffee"])
        try pilot.press("u")
        assertSnapshot(of: pilot, as: .screen, named: "undone")
        #expect(try pilot.store.items(in: .name("Grocery Store")).map(\.name) == ["oat milk", "eggs", "bread", "apples", "coffee"])
    }

    @Test func disambiguationMenuPicksTheSecondChoice() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 40))
        try pilot.ask("add apples to store")
        assertSnapshot(of: pilot, as: .screen, named: "menu")
        try pilot.press("down enter")
        assertSnapshot(of: pilot, as: .screen, named: "done")
        #expect(try pilot.store.items(in: .name("Hardware Store")).map(\.name) == ["nails", "glue", "apples"])
    }

    @Test func areYouSureBeforeDeletingAList() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 40))
        try pilot.ask("delete the pet shop list")
        assertSnapshot(of: pilot, as: .screen, named: "asked")
        try pilot.press("n enter")
        #expect(try pilot.store.lists().count == 3)
        try pilot.ask("delete the pet shop list")
        try pilot.press("y enter")
        assertSnapshot(of: pilot, as: .screen, named: "deleted")
        #expect(try pilot.store.lists().map(\.name) == ["Grocery Store", "Hardware Store"])
    }

    @Test func didYouMeanAGuess() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 40))
        try pilot.ask("add a leash to the pett shop list")
        assertSnapshot(of: pilot, as: .screen, named: "guess")
        // A yes here adds: only a typed yes says it (Enter alone is no; see SafeAnswerTests).
        try pilot.press("y enter")
        #expect(try pilot.store.items(in: .name("Pet Shop")).map(\.name) == ["bird seed", "collar", "leash"])
    }

    @Test func aQuestionGetsAnAnswerNotAChange() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 24))
        try pilot.ask("are eggs on my grocery store list?")
        assertSnapshot(of: pilot, as: .screen, named: "answered")
        #expect(try pilot.store.items(in: .name("Grocery Store")).count == 5)
    }

    @Test func aGuessIsAskedBeforeAnythingChanges() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 24))
        try pilot.ask("take glue off my hardware store list and the tape in the shed")
        assertSnapshot(of: pilot, as: .screen, named: "asked")
        #expect(try pilot.store.items(in: .name("Hardware Store")).map(\.name) == ["nails", "glue"])
        try pilot.press("y enter")
        #expect(try pilot.store.items(in: .name("Hardware Store")).map(\.name) == ["nails"])
    }

    @Test func clearingAListOffersTheCheckedItemsOrEverything() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 24))
        try pilot.ask("clear my grocery store list")
        assertSnapshot(of: pilot, as: .screen, named: "menu")
        try pilot.press("1 enter")
        #expect(try pilot.store.items(in: .name("Grocery Store")).map(\.name) == ["eggs", "apples", "coffee"])
    }

    @Test func aMissingValueIsAskedForInTheBar() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 40))
        // Rope is on no list (glue, on Hardware Store already, would be answered as there).
        try pilot.ask("add rope")
        assertSnapshot(of: pilot, as: .screen, named: "asked")
        pilot.type("hardware")
        try pilot.press("enter")
        assertSnapshot(of: pilot, as: .screen, named: "answered")
    }

    @Test func help() throws {
        let pilot = try Pilot(Self.groceries)
        try pilot.press("?")
        assertSnapshot(of: pilot, as: .screen)
        try pilot.press("x")
        #expect(!pilot.app.model.screen.showingHelp)
    }

    @Test(arguments: [(120, 40), (80, 24), (50, 16), (10, 4)])
    func sizes(width: Int, height: Int) throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: width, height: height))
        try pilot.press("j enter")
        assertSnapshot(of: pilot, as: .screen, named: "\(width)x\(height)")
    }

    @Test func namesInManyScripts() throws {
        let pilot = try Pilot([
            ("買い物リスト", [("牛乳", false), ("卵", true)]),
            ("รายการซื้อของ", [("น้ำปลา", false)]),
            ("장보기 목록", [("김치", false)]),
            ("Party 🎉", [("❤️ balloons", false), ("👩‍💻 laptop", true), ("🇫🇷 cheese", false)]),
        ])
        assertSnapshot(of: pilot, as: .screen, named: "lists")
        try pilot.press("G enter")
        assertSnapshot(of: pilot, as: .screen, named: "emoji")
    }

    @Test func controlSequencesInNamesAreShownHarmless() throws {
        // The store refuses such names, so they are written behind its back, as another
        // program (or a damaged file) could.
        let folder = NSTemporaryDirectory() + "listomat-tui-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let location = StoreLocation(directory: folder)
        let store = try ListStore.open(location, clock: { Pilot.now })
        try store.createList(named: "Red", items: ["clip"])
        let queue = try DatabaseQueue(path: location.databasePath)
        try queue.write { db in
            try db.execute(sql: "UPDATE lists SET name = ?", arguments: ["\u{1B}[31mRed\u{1B}[0m\u{202E}"])
            try db.execute(sql: "UPDATE items SET name = ?", arguments: ["\u{1B}]52;c;SGVsbG8=\u{07}clip"])
        }
        let pilot = try Pilot(store: try ListStore.open(location, clock: { Pilot.now }))
        try pilot.press("enter")
        assertSnapshot(of: pilot, as: .screen)
        for line in pilot.screen.lines() {
            #expect(!line.unicodeScalars.contains { Sanitizer.isUnsafe($0) })
        }
    }

    @Test func aPasteIsTextNeverASubmit() throws {
        let pilot = try Pilot(Self.groceries)
        try pilot.press("/")
        // Keys in a paste are text: "q" does not quit, the line break does not send it.
        pilot.paste("q\nwhat can you do")
        #expect(!pilot.app.model.screen.quitting)
        #expect(pilot.app.model.commandBar.input.text == "q what can you do")
        #expect(pilot.app.model.assistant.transcript.isEmpty)
        // A paste with an escape sequence is refused whole (one rule with the CLI).
        try pilot.press("esc enter a")
        pilot.paste("sugar\u{1B}[2J")
        #expect(pilot.app.model.commandBar.input.text.isEmpty)
        #expect(try pilot.store.items(in: .name("Grocery Store")).count == 5)
    }

    @Test func noColor() throws {
        let pilot = try Pilot(Self.groceries, theme: Theme.defaultTheme.monochrome())
        try pilot.press("enter")
        assertSnapshot(of: pilot, as: .screen)
    }

    @Test func everyTheme() throws {
        for name in ThemeLibrary().availableThemes() {
            let theme = try ThemeLibrary().load(name)
            let pilot = try Pilot(Self.groceries, theme: theme)
            try pilot.press("enter")
            assertSnapshot(of: pilot, as: .screen, named: name)
        }
    }

    @Test func anOutsideChangeAppearsKeepingTheSelection() throws {
        let folder = NSTemporaryDirectory() + "listomat-tui-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let location = StoreLocation(directory: folder)
        let mine = try ListStore.open(location, clock: { Pilot.now })
        let pilot = try Pilot(Self.groceries, store: mine)
        try pilot.press("enter j j")
        #expect(pilot.app.model.selectedItem?.name == "bread")
        let other = try ListStore.open(location, clock: { Pilot.now })
        try other.addItems(["butter"], to: .name("Grocery Store"), at: 1)
        pilot.tick()
        #expect(pilot.app.model.selectedItem?.name == "bread")
        assertSnapshot(of: pilot, as: .screen)
    }
}
