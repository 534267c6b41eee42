import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Words said around a request that ask for nothing more: a reason after it ("… because we're
/// out"), another clause after a list's name ("… but keep the grocery list"), a thing said
/// with whom it is for before "to my list" ("add a gift for dad to my list"), and a request
/// for what to get put as "list the things I need to get".
@Suite("Reasons, clauses and lists only pointed at")
struct ReasonsAndClausesTests: AssistantOnAStore {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try Self.threeShopsAndPacking()
        assistant = try Assistant.shared("en")
    }

    @Test("a reason after the request is set aside: the request is done as if said alone", arguments: [
        ("add rope to the hardware list because we're out", "Hardware Store", "rope"),
        ("put cat litter on the pet shop list since we ran out", "Pet Shop", "cat litter"),
        ("add tea to my weekly groceries cause the box is empty", "Weekly Groceries", "tea"),
        ("add towels to the packing list as i forgot them last time", "Packing for Lisbon", "towels"),
    ])
    func reasonSetAside(text: String, list: String, item: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "AddTasks" && turn.state == .completed, "\(text): \(turn.response)")
        let now = try items(list)
        #expect(now.last == item, "\(text): \(now)")
    }

    @Test("a reason set aside from a removal: still asked first when it takes everything")
    func reasonAfterARemoval() throws {
        let turn = try once("remove glue from the hardware list since i bought it")
        #expect(turn.intent == "DeleteTasks" && turn.state == .completed, "\(turn.response)")
        #expect(try items("Hardware Store") == ["tape", "nails"])
        let delete = try once("delete the pet shop list because the dog moved out")
        #expect(delete.intent == "DeleteTaskList" && delete.state == .confirmation, "\(delete.response)")
        #expect(try store.lists().map(\.name).contains("Pet Shop"))
    }

    @Test("words that only look like a reason stay part of what was said", arguments: [
        // "as" before no person: the item's own words.
        ("add tape as the first item", "tape as the first item"),
        // Said right after the verb: a title, kept whole (asked about: it ends in "so").
        ("add because i said so to the hardware list", "because i said so"),
    ])
    func notAReason(text: String, item: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "AddTasks", "\(text): \(turn.intent ?? "none")")
        let said = turn.parameters.first { $0.name == "taskTitles" }?.values ?? []
        #expect(said == [item], "\(text): \(turn.parameters)")
    }

    @Test("a list's name never runs on into the next clause: “but keep the grocery list” deletes nothing", arguments: [
        ("delete the movies list but keep the weekly groceries list", "movies"),
        ("remove my camping list but keep my pet shop list", "camping"),
        ("delete the list kickball but make sure the hardware store stays", "kickball"),
    ])
    func nameStopsAtTheNextClause(text: String, spoken: String) throws {
        let before = try everything()
        let lists = try store.lists().map(\.name)
        let turn = try once(text)
        #expect(turn.intent == "DeleteTaskList", "\(text): \(turn.intent ?? "none")")
        #expect(turn.state == .unsupported, "\(text): \(turn.response)")
        #expect(turn.response.contains("“\(spoken)”"), "\(text): \(turn.response)")
        #expect(try everything() == before)
        #expect(try store.lists().map(\.name) == lists)
    }

    @Test("a name the person has, with another request after it: asked first, never done at once")
    func knownNameWithAClauseAfter() throws {
        let turn = try once("delete the pet shop list then make a new one")
        #expect(turn.state != .completed, "\(turn.response)")
        #expect(try store.lists().map(\.name).contains("Pet Shop"))
    }

    @Test("a thing said with whom it is for, before “to my list”: kept whole, the list asked", arguments: [
        ("add a gift for dad to my list", "gift for dad"),
        ("put flowers for the neighbours on my list", "flowers for the neighbours"),
        ("add batteries for the remote to the list", "batteries for the remote"),
    ])
    func wholeThingBeforeAReference(text: String, item: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "AddTasks", "\(text): \(turn.intent ?? "none")")
        #expect(turn.state == .disambiguation || turn.state == .needsValue, "\(text): \(turn.response)")
        #expect(turn.parameters.first { $0.name == "taskTitles" }?.values == [item], "\(text): \(turn.parameters)")
        #expect(try everything() == before)
    }

    @Test("“list the things I need to get” is a question, never an add to a list called “get”", arguments: [
        "list the things i need to get",
        "list the things we need to do",
        "read me all the stuff we have to buy",
    ])
    func listTheThings(text: String) throws {
        let before = try everything()
        let lists = try store.lists().map(\.name)
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.intent ?? "none") \(turn.response)")
        #expect(try everything() == before)
        #expect(try store.lists().map(\.name) == lists)
    }

    @Test("other ways to ask for a list gone, for a new list, or for the lists' names", arguments: [
        ("i want my pet shop list removed", "DeleteTaskList", "Pet Shop"),
        ("i'd like the hardware store list gone", "DeleteTaskList", "Hardware Store"),
        ("what is in the list named pet shop", "SearchForNotebookItems", "Pet Shop"),
        ("i want my pet shop list", "SearchForNotebookItems", "Pet Shop"),
        ("i'd like the hardware store list please", "SearchForNotebookItems", "Hardware Store"),
        ("i would like rope on the hardware list", "AddTasks", "Hardware Store"),
        ("scratch the pet shop list", "DeleteTaskList", "Pet Shop"),
        ("i need a camping list", "CreateTaskList", "Camping"),
        ("create a list with the name summer", "CreateTaskList", "Summer"),
        ("let's make a beach list for the weekend", "CreateTaskList", "Beach"),
    ])
    func otherWays(text: String, intent: String, name: String) throws {
        let turn = try once(text)
        #expect(turn.intent == intent, "\(text): \(turn.intent ?? "none") \(turn.response)")
        #expect(turn.response.contains(name), "\(text): \(turn.response)")
        if intent == "DeleteTaskList" {
            #expect(turn.state == .confirmation, "\(text): \(turn.response)")
            #expect(try store.lists().map(\.name).contains(name))
        }
    }

    @Test("“tell me the names of my lists” names them all", arguments: ["tell me the names of my lists", "list names please"])
    func namesOfTheLists(text: String) throws {
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.intent ?? "none")")
        #expect(turn.response.contains("Hardware Store") && turn.response.contains("Pet Shop"), "\(text): \(turn.response)")
    }

    @Test("a comment after the request is set aside like a reason", arguments: [
        ("remove glue from the hardware list we have plenty", "Hardware Store", ["tape", "nails"]),
        ("add rope to the hardware list next time", "Hardware Store", ["tape", "nails", "glue", "rope"]),
    ])
    func commentSetAside(text: String, list: String, expected: [String]) throws {
        let turn = try once(text)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items(list) == expected, "\(text)")
    }

    @Test("a list deleted with a comment after it is still asked about first")
    func deleteWithAComment() throws {
        let turn = try once("delete the pet shop list i don't need it")
        #expect(turn.intent == "DeleteTaskList" && turn.state == .confirmation, "\(turn.response)")
        #expect(try store.lists().map(\.name).contains("Pet Shop"))
    }

    @Test("“as well as” never loses the second thing: “remove glue as well as tape” removes nothing alone")
    func asWellAs() throws {
        let before = try everything()
        let turn = try once("remove glue as well as tape")
        #expect(turn.state != .completed, "\(turn.response)")
        #expect(try everything() == before)
        let add = try once("add rope as well as wire to the hardware list")
        #expect(add.state == .completed, "\(add.response)")
        #expect(try items("Hardware Store").last?.contains("wire") == true)
    }

    @Test("“we already have glue” is a removal asked about first", arguments: [
        "we already have glue", "i have coffee at home", "we have plenty of butter in the fridge",
    ])
    func alreadyHave(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "DeleteTasks" && turn.state == .confirmation, "\(text): \(turn.intent ?? "none") \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("questions about what is done or whether everything is got change nothing", arguments: [
        "check what's done", "which items have i crossed off on the packing list", "check my completed tasks",
        "are all the items on the packing list done", "do i have everything on the packing list", "did i complete my tasks",
        "current list", "how long is my hardware store list",
    ])
    func doneQuestions(text: String) throws {
        let before = try everything()
        let turn = try once(text)
        #expect(turn.intent == "SearchForNotebookItems", "\(text): \(turn.intent ?? "none") \(turn.response)")
        #expect(try everything() == before)
    }

    @Test("more ways to add: a new item on a list, what goes on it, the following items", arguments: [
        ("new item rope on the hardware list", ["rope"]),
        ("rope goes on the hardware store list", ["rope"]),
        ("add the following items to my hardware list rope, wire and screws", ["rope", "wire", "screws"]),
    ])
    func moreAdds(text: String, added: [String]) throws {
        let turn = try once(text)
        #expect(turn.intent == "AddTasks", "\(text): \(turn.intent ?? "none") \(turn.response)")
        let said = turn.parameters.first { $0.name == "taskTitles" }?.values ?? []
        #expect(said == added, "\(text): \(turn.parameters)")
        #expect(turn.response.contains("Hardware Store"), "\(text): \(turn.response)")
    }

    @Test("“my new list is called errands” creates it; “I no longer need the pet shop list” asks first")
    func newListAndNoLongerNeeded() throws {
        let turn = try once("my new list is called errands")
        #expect(turn.intent == "CreateTaskList" && turn.state == .completed, "\(turn.response)")
        #expect(try store.lists().map(\.name).contains("Errands"))
        let gone = try once("no longer need the pet shop list")
        #expect(gone.intent == "DeleteTaskList" && gone.state == .confirmation, "\(gone.response)")
        #expect(try store.lists().map(\.name).contains("Pet Shop"))
    }
}
