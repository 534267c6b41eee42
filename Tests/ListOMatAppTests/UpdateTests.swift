import Foundation
import ListStore
import TerminalKit
import Testing
@testable import ListOMatApp

/// `update` called directly: a message in, the effects it returns compared whole (the model
/// taken from a running app, so its lists and items are real).
@Suite struct UpdateTests {
    static let groceries = ScreenTests.groceries

    @Test func spaceOnAnItemChecksItOff() throws {
        let pilot = try Pilot(Self.groceries)
        try pilot.press("enter j")
        var model = pilot.app.model
        let item = try #require(model.selectedItem)
        #expect(item.name == "eggs")
        #expect(update(&model, .input(.key(.character(" ")))) == [.setDone(list: item.listID, item: item.id, true)])
    }

    @Test func deleteOnAListOnlyAsks() throws {
        let pilot = try Pilot(Self.groceries)
        var model = pilot.app.model
        let list = try #require(model.selectedList)
        #expect(update(&model, .input(.key(.character("d")))) == [])
        #expect(model.listsPane.confirmingDelete?.list.id == list.list.id)
        #expect(update(&model, .input(.key(.character("y")))) == [.deleteList(list.list.id)])
    }

    @Test func aChangeUnderASearchIsReadOnce() throws {
        let pilot = try Pilot(Self.groceries)
        try pilot.press("f")
        pilot.type("e")
        try pilot.press("enter")
        var model = pilot.app.model
        let list = try #require(model.selectedList?.list.id)
        let effects = update(&model, .changed(summary: "Renamed", undoable: false, Target(list: list, item: nil)))
        #expect(effects.filter(\.readsPanes).count == 1)
        guard case .readView(let request)? = effects.first(where: \.readsPanes) else {
            Issue.record("expected the panes read whole: \(effects)")
            return
        }
        #expect(request.search == "e")
        #expect(request.list == list)
    }

    @Test func aChangeFollowedUnderAViewOrderIsReadOnce() throws {
        let pilot = try Pilot(Self.groceries)
        try pilot.press("enter s")
        var model = pilot.app.model
        let item = try #require(model.selectedItem)
        var checked = item
        checked.done.toggle()
        let effects = update(&model, .itemsChanged(list: item.listID, .updated([checked]), summary: "Checked", undoable: false))
        #expect(effects.filter(\.readsPanes).count == 1)
        #expect(effects.contains { if case .readView = $0 { true } else { false } })
    }

    @Test func aReboundDownKeyMovesTheMoveMenu() throws {
        let keymap = Keymap(overrides: ["down": [.character("w")]])
        #expect(keymap.action(for: .character("j")) == nil)
        let pilot = try Pilot(Self.groceries, keymap: keymap)
        try pilot.press("enter m")
        #expect(pilot.app.model.itemsPane.moveMenu?.menu.selected == 0)
        try pilot.press("w")
        #expect(pilot.app.model.itemsPane.moveMenu?.menu.selected == 1)
        // j is no key of the keymap's any more: the menu does not move for it.
        try pilot.press("j")
        #expect(pilot.app.model.itemsPane.moveMenu?.menu.selected == 1)
        try pilot.press("k")
        #expect(pilot.app.model.itemsPane.moveMenu?.menu.selected == 0)
    }
}
