import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// The assistant does what the keys do: undo and redo, rename, move, sort, check
/// off everything, how many are left, quoted titles, names typed exactly, plain titles.
@Suite("The assistant does what the keys do")
struct KeysByVoiceTests {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "Grocery Store", items: ["milk", "eggs", "bread", "nails"])
        try store.setDone(true, [.name("milk")], in: .name("Grocery Store"))
        try store.createList(named: "Hardware Store", items: ["rope", "eggs"])
        try store.createList(named: "Reading List")
        assistant = try Assistant.shared("en")
    }

    func say(_ input: ConversationInput, _ conversation: inout Conversation) throws -> Turn {
        conversation.receive(input, engine: assistant.engine, domain: try assistant.domain(store))
    }

    func once(_ text: String) throws -> Turn {
        var conversation = Conversation()
        return try say(.utterance(text), &conversation)
    }

    func items(_ list: String) throws -> [String] {
        try store.items(in: .name(list)).map { $0.name + ($0.done ? " ✓" : "") }
    }

    @Test("“say undo” after a delete works: undo, undo that, redo")
    func undoAndRedo() throws {
        var conversation = Conversation()
        #expect(try say(.utterance("delete the hardware store list"), &conversation).state == .confirmation)
        let deleted = try say(.yes, &conversation)
        #expect(deleted.response == "Deleted Hardware Store. Say “undo” in the app, or run listomat undo, to bring it back.")
        let undone = try say(.utterance("undo"), &conversation)
        #expect(undone.intent == "UndoChange")
        #expect(undone.state == .completed)
        #expect(undone.response == "Undid: deleted list Hardware Store and its 2 items.")
        #expect(try items("Hardware Store") == ["rope", "eggs"])
        let redone = try say(.utterance("redo"), &conversation)
        #expect(redone.response == "Redid: deleted list Hardware Store and its 2 items.")
        #expect(try store.lists().map(\.name) == ["Grocery Store", "Reading List"])
        #expect(try say(.utterance("undo that"), &conversation).state == .completed)
        #expect(try store.lists().count == 3)
        let fresh = try ListStore.inMemory()
        var empty = Conversation()
        let nothing = empty.receive(.utterance("undo"), engine: assistant.engine, domain: try assistant.domain(fresh))
        #expect(nothing.response == "There's nothing to undo.")
    }

    @Test("rename a list or an item")
    func rename() throws {
        let list = try once("rename the grocery store list to Food")
        #expect(list.intent == "RenameTaskList")
        #expect(list.response == "Renamed Grocery Store to Food.")
        let item = try once("rename eggs on the food list to free range eggs")
        #expect(item.intent == "RenameTask")
        #expect(item.response == "Renamed eggs to free range eggs on Food.")
        #expect(try items("Food") == ["milk ✓", "free range eggs", "bread", "nails"])
        // A list's name that is taken is refused, and asked again.
        let taken = try once("rename the food list to Hardware Store")
        #expect(taken.state == .unsupported)
        #expect(try store.lists().map(\.name) == ["Food", "Hardware Store", "Reading List"])
    }

    @Test("move to another list (a name already there is merged) or to a place; one undo step each")
    func move() throws {
        let moved = try once("move nails from the grocery store to the hardware store")
        #expect(moved.intent == "MoveTasks")
        #expect(moved.response == "Moved nails from Grocery Store to Hardware Store.")
        let merged = try once("move eggs from grocery store to hardware store")
        #expect(merged.response == "Moved eggs from Grocery Store to Hardware Store. eggs was already there: merged, not doubled.")
        #expect(try items("Hardware Store") == ["rope", "eggs", "nails"])
        #expect(try items("Grocery Store") == ["milk ✓", "bread"])
        try store.undo()
        #expect(try items("Grocery Store") == ["milk ✓", "eggs", "bread"])
        let top = try once("move bread to the top of the grocery store list")
        #expect(top.intent == "MoveTaskToPosition")
        #expect(top.response == "Moved bread to the top of Grocery Store.")
        #expect(try items("Grocery Store") == ["bread", "milk ✓", "eggs"])
        #expect(try once("move bread to the bottom").response == "Moved bread to the bottom of Grocery Store.")
        #expect(try once("move bread to position 2 on the grocery store list").response == "Moved bread to position 2 on Grocery Store.")
        #expect(try items("Grocery Store") == ["milk ✓", "bread", "eggs"])
    }

    @Test("sort (stored, unchecked first by name), check off everything, how many are left")
    func sortCheckAllAndCount() throws {
        let sorted = try once("sort my grocery store list")
        #expect(sorted.intent == "SortList")
        #expect(sorted.response == "Sorted Grocery Store by name, checked items last.")
        #expect(try items("Grocery Store") == ["bread", "eggs", "nails", "milk ✓"])
        #expect(try once("sort the grocery store list").response == "Grocery Store is already in order.")
        let left = try once("how many items are left on my grocery store list")
        #expect(left.intent == "SearchForNotebookItems")
        #expect(left.response == "Grocery Store: 3 of 4 items left (1 checked off).")
        let all = try once("check off everything on the grocery store list")
        #expect(all.intent == "SetTaskAttribute")
        #expect(all.response == "Checked off 3 items on Grocery Store: all 4 are checked off now.")
        try store.undo()
        #expect(try items("Grocery Store") == ["bread", "eggs", "nails", "milk ✓"])
        #expect(try once("is milk on my grocery store list").response == "Yes: milk is on Grocery Store, checked off.")
    }

    @Test("quotes keep a title whole; the reply says exactly what was added")
    func quotedTitles() throws {
        let quoted = try once("add \"War and Peace\" to my reading list")
        #expect(quoted.response == "Added War and Peace to Reading List.")
        let curly = try once("add “Pride and Prejudice”, ‘Dune, Part Two’ and Emma to my reading list")
        #expect(curly.response == "Added 3 items to Reading List: “Pride and Prejudice”, “Dune, Part Two” and “Emma”.")
        // Typed with capitals, a title is whole, and asked about first when it begins with its article.
        let titled = try once("add The Old Man and the Sea to my reading list")
        #expect(titled.response == "Add The Old Man and the Sea to Reading List?")
        // Typed in lower case, it is split at "and" and each part loses its leading article.
        let split = try once("add the old man and the sea to my reading list")
        #expect(split.response == "Added 2 items to Reading List: “old man” and “sea”.")
        #expect(try items("Reading List")
            == ["War and Peace", "Pride and Prejudice", "Dune, Part Two", "Emma", "old man", "sea"])
        // An apostrophe inside or after a word opens nothing.
        let plain = try once("add the kids' toys and Don't Look Up to my reading list")
        #expect(plain.response == "Added 2 items to Reading List: “kids' toys” and “Don't Look Up”.")
    }

    @Test("a name typed exactly (“The Office”, “My Books”) is that list, never a guess")
    func exactNamesWithFillerWords() throws {
        try store.createList(named: "The Office", items: ["stapler"])
        try store.createList(named: "Office Supplies")
        try store.createList(named: "My Books", items: ["Dune"])
        try store.createList(named: "Books")
        for (text, list) in [("reset The Office", "The Office"), ("show My Books", "My Books"), ("copy my books", "My Books"),
                             ("add paper to The Office", "The Office"), ("sort the office", "The Office"),
                             ("clear the office", "The Office")] {
            var conversation = Conversation(dryRun: true)
            let turn = try say(.utterance(text), &conversation)
            #expect(turn.parameters.first?.values == [list], "\(text)")
            #expect(turn.state == .ready || turn.state == .confirmation && turn.parameter == nil, "\(text) → \(turn.state)")
        }
    }

    @Test("suggestion titles are in words: never “notCompleted”")
    func plainTitles() throws {
        let list = try store.list(.name("Grocery Store"))
        let milk = try store.item(.name("milk"), in: .name("Grocery Store"))
        let undone = try #require(Shortcuts.setDone(false, [milk], in: list, source: "cli", at: Date()))
        let done = try #require(Shortcuts.setDone(true, [milk], in: list, source: "cli", at: Date()))
        let request = IntentRequest(intent: undone.intent, chosen: undone.parameters)
        #expect(assistant.engine.title(request) == "Mark milk on Grocery Store as not done")
        #expect(assistant.engine.title(IntentRequest(intent: done.intent, chosen: done.parameters))
            == "Mark milk on Grocery Store as done")
    }

    @Test("a key pressed twice within seconds (check off, uncheck) is no suggestion")
    func mistakenToggles() throws {
        let list = try store.list(.name("Grocery Store"))
        let eggs = try store.item(.name("eggs"), in: .name("Grocery Store"))
        let now = Date()
        Shortcuts.donate(Shortcuts.setDone(true, [eggs], in: list, source: "tui", at: now), to: store)
        Shortcuts.donate(Shortcuts.setDone(false, [eggs], in: list, source: "tui", at: now.addingTimeInterval(2)), to: store)
        #expect(try store.donations().isEmpty)
        // Far apart, or typed as commands, both are kept.
        Shortcuts.donate(Shortcuts.setDone(true, [eggs], in: list, source: "tui", at: now), to: store)
        Shortcuts.donate(Shortcuts.setDone(false, [eggs], in: list, source: "tui", at: now.addingTimeInterval(60)), to: store)
        Shortcuts.donate(Shortcuts.setDone(true, [eggs], in: list, source: "cli", at: now.addingTimeInterval(61)), to: store)
        Shortcuts.donate(Shortcuts.setDone(false, [eggs], in: list, source: "cli", at: now.addingTimeInterval(62)), to: store)
        #expect(try store.donations().count == 4)
    }

    @Test("kept for the next tick, the same: a slip within the kept ones or against the store is no suggestion")
    func mistakenTogglesWrittenTogether() throws {
        let list = try store.list(.name("Grocery Store"))
        let eggs = try store.item(.name("eggs"), in: .name("Grocery Store"))
        let bread = try store.item(.name("bread"), in: .name("Grocery Store"))
        let now = Date()
        let log = DonationLog(store: store, timing: .deferred)
        log.record(Shortcuts.setDone(true, [bread], in: list, source: "tui", at: now))
        log.record(Shortcuts.setDone(true, [eggs], in: list, source: "tui", at: now.addingTimeInterval(1)))
        log.record(Shortcuts.setDone(false, [eggs], in: list, source: "tui", at: now.addingTimeInterval(2)))
        #expect(try store.donations().isEmpty)
        #expect(log.flush())
        #expect(try store.donations().map { Set($0.references) } == [[list.id, bread.id]])
        // The next tick's first undoes the newest in the store.
        log.record(Shortcuts.setDone(false, [bread], in: list, source: "tui", at: now.addingTimeInterval(3)))
        log.record(Shortcuts.addItems([eggs], to: list, source: "tui", at: now.addingTimeInterval(4)))
        #expect(log.flush())
        #expect(try store.donations().map(\.intent) == ["AddTasks"])
        #expect(!log.flush())
    }
}
