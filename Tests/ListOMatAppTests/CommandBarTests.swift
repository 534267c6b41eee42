import Foundation
import ListStore
import SnapshotTesting
import TerminalKit
import Testing
@testable import ListOMatApp

/// The command bar's history (↑ ↓, kept in the data folder) and completion (Tab).
@Suite struct CommandBarTests: ListChecks {
    static let groceries = ScreenTests.groceries

    @Test func theCommandBarRecallsEarlierRequests() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 30))
        try pilot.ask("what can you do")
        try pilot.ask("show my grocery store list")
        // Not a request: typed into "add", it is no entry of the bar's history.
        try pilot.press("a")
        pilot.type("pears")
        try pilot.press("enter enter / up")
        #expect(pilot.app.model.commandBar.input.text == "show my grocery store list")
        try pilot.press("up")
        #expect(pilot.app.model.commandBar.input.text == "what can you do")
        try pilot.press("up")
        #expect(pilot.app.model.commandBar.input.text == "what can you do")
        try pilot.press("down down")
        #expect(pilot.app.model.commandBar.input.text == "")
        pilot.type("half typed")
        try pilot.press("up down")
        #expect(pilot.app.model.commandBar.input.text == "half typed")
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
        #expect(pilot.app.model.commandBar.input.text == "what can you do")
    }

    @Test func tabCompletesListAndItemNames() throws {
        let pilot = try Pilot(Self.groceries, size: Size(width: 120, height: 30))
        try pilot.press("/")
        pilot.type("add glue to hardw")
        try pilot.press("tab")
        #expect(pilot.app.model.commandBar.input.text == "add glue to Hardware Store")
        try pilot.press("ctrl-u")
        pilot.type("add eggs to hardware st")
        try pilot.press("tab")
        #expect(pilot.app.model.commandBar.input.text == "add eggs to Hardware Store")
        // Several candidates: Tab again takes the next; the footer lists them.
        try pilot.press("ctrl-u")
        pilot.type("remove b")
        try pilot.press("tab")
        #expect(pilot.app.model.commandBar.input.text == "remove bread")
        assertSnapshot(of: pilot, as: .screen, named: "candidates")
        try pilot.press("tab")
        #expect(pilot.app.model.commandBar.input.text == "remove bird seed")
        try pilot.press("tab")
        #expect(pilot.app.model.commandBar.input.text == "remove bread")
        // In the middle of the line: what follows the cursor stays.
        try pilot.press("ctrl-u")
        pilot.type("check off co on my list")
        try pilot.press("left left left left left left left left left left left tab")
        #expect(pilot.app.model.commandBar.input.text == "check off coffee on my list")
        // Nothing to complete: the line stays as it is.
        try pilot.press("ctrl-e ctrl-u")
        pilot.type("xyzzy")
        try pilot.press("tab")
        #expect(pilot.app.model.commandBar.input.text == "xyzzy")
        try pilot.press("space tab")
        #expect(pilot.app.model.commandBar.input.text == "xyzzy ")
    }
}
