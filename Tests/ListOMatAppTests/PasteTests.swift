import Foundation
import IntentKit
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// Pasted lines are items; one rule for control characters.
@Suite struct PasteTests {
    static let groceries = ScreenTests.groceries

    @Test func pastedLinesAreItems() throws {
        let pilot = try Pilot([("Pet Shop", [("collar", true)])], size: Size(width: 80, height: 24))
        try pilot.press("enter a")
        pilot.paste("rope\nfish tank\r\nbird seed\n")
        #expect(try pilot.store.items(in: .name("Pet Shop")).map(\.name) == ["collar", "rope", "fish tank", "bird seed"])
        // Still adding: the bar is empty and waits for more.
        #expect(pilot.app.model.commandBar.input.text.isEmpty)
        assertSnapshot(of: pilot, as: .screen, named: "pasted")
        // What was typed before the paste starts its first line; a last line without a break is an item too.
        pilot.type("dog ")
        pilot.paste("food\nleash")
        #expect(try pilot.store.items(in: .name("Pet Shop")).map(\.name).suffix(2) == ["dog food", "leash"])
        // A line the store would refuse refuses the paste, and what was typed stays.
        pilot.type("cat ")
        pilot.paste("toy\n" + String(repeating: "y", count: 600))
        #expect(pilot.app.model.commandBar.input.text == "cat ")
        #expect(pilot.app.model.status?.isError == true)
        #expect(try pilot.store.items(in: .name("Pet Shop")).count == 6)
    }

    @Test func aPastedMarkdownListLosesItsBulletsAndBoxes() throws {
        let pilot = try Pilot([("Beach", [])], size: Size(width: 80, height: 24))
        try pilot.press("enter a")
        pilot.paste("- [ ] sandals")
        #expect(pilot.app.model.commandBar.input.text == "sandals")
        try pilot.press("enter")
        pilot.paste("- [x] towel\n* sunscreen\n- hat\n1. umbrella\n12) cooler\n+ [X] book\n-dash kept\n- ")
        #expect(try pilot.store.items(in: .name("Beach")).map(\.name)
            == ["sandals", "towel", "sunscreen", "hat", "umbrella", "cooler", "book", "-dash kept", "-"])
        #expect(try pilot.store.items(in: .name("Beach")).allSatisfy { !$0.done })
        #expect(itemName(pasted: "  - [ ]   spaced") == "spaced")
    }

    @Test func aPasteWithAControlCharacterIsRefusedVisibly() throws {
        let pilot = try Pilot([("Pet Shop", [("collar", true)])], size: Size(width: 80, height: 24))
        try pilot.press("enter a")
        pilot.type("x")
        pilot.paste("sun\u{1B}[31mscreen")
        // Nothing of it kept (not "sun[31mscreen"); the footer says why, as the CLI does.
        #expect(pilot.app.model.commandBar.input.text == "x")
        #expect(pilot.text.contains("control characters (found U+001B)"))
        try pilot.press("enter enter")
        #expect(try pilot.store.items(in: .name("Pet Shop")).map(\.name) == ["collar", "x"])
        // A one-line field (the command bar) joins pasted lines with spaces.
        try pilot.press("/")
        pilot.paste("show\nthe pet shop list")
        #expect(pilot.app.model.commandBar.input.text == "show the pet shop list")
    }
}
