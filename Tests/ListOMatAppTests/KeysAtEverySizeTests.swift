import Foundation
import ListStore
import TerminalKit
import Testing
@testable import ListOMatApp

/// The panel's scrolling, help scrolling, the list-delete question, letters typed during a
/// question and pasted lines crash nothing at any size.
@Suite struct KeysAtEverySizeTests {
    @Test(arguments: [(1, 1), (2, 2), (10, 4), (20, 6), (40, 12), (59, 20), (99, 30), (120, 40)])
    func everyNewPathAtEverySize(width: Int, height: Int) throws {
        let pilot = try Pilot(ScreenTests.groceries + [("Empty", [])], size: Size(width: width, height: height))
        func step(_ keys: String) throws {
            try pilot.press(keys)
            _ = pilot.screen
        }
        try step("? G k pgdn pgup g j x")
        try step("tab tab k k pgup pgdn g G end home a r d x 1 2 3 esc")
        try step("G d d d n d esc")
        try pilot.ask("delete the pet shop list")
        pilot.type("show my grocery list")
        try step("enter")
        try pilot.ask("check off xyzzy on my grocery store list")
        pilot.type("plugh")
        try step("enter")
        try pilot.ask("what's on my grocery store list")
        try step("enter a")
        pilot.paste("one\ntwo\r\n\n\u{1B}[31mred")
        pilot.paste("three\nfour\n")
        pilot.paste(String(repeating: "long line\n", count: 500))
        try step("enter g space u ctrl-r")
        for (w, h) in [(1, 1), (120, 40), (3, 50), (200, 2), (width, height)] {
            pilot.resize(w, h)
            try step("tab k G ? G x")
        }
        try pilot.store.deleteList(.name("Grocery Store"))
        try step("u ctrl-r")
        pilot.tick()
        _ = pilot.screen
    }
}
