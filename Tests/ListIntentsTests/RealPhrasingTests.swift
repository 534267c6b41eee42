import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// How people really ask: questions, clearing a list, the default list, names said another
/// way, filler around values, and the rule that a guess never changes anything without a yes.
@Suite("Real phrasings")
struct RealPhrasingTests {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "Shopping List", items: ["milk", "apples", "bread"])
        try store.setDone(true, [.name("bread")], in: .name("Shopping List"))
        try store.createList(named: "To Do", items: ["take out the trash"])
        try store.createList(named: "Trader Joes", items: ["coffee"])
        assistant = try Assistant.shared("en")
    }

    func say(_ text: String, _ conversation: inout Conversation, assistant: Assistant? = nil) throws -> Turn {
        let assistant = assistant ?? self.assistant
        return conversation.receive(.utterance(text), engine: assistant.engine, domain: try assistant.domain(store))
    }

    func once(_ text: String, dryRun: Bool = false) throws -> Turn {
        var conversation = Conversation(dryRun: dryRun)
        return try say(text, &conversation)
    }

    func items(_ list: String) throws -> [String] {
        try store.items(in: .name(list)).map { $0.name + ($0.done ? " ✓" : "") }
    }

    @Test("a list whose name ends in “List” can be named with or without it, and “todo” is To Do")
    func namesSaidAnotherWay() throws {
        let add = try once("add eggs to my shopping list")
        #expect(add.state == .completed)
        #expect(add.response == "Added eggs to Shopping List.")
        let todo = try once("add call the bank to my todo list")
        #expect(todo.state == .completed)
        #expect(try items("To Do") == ["take out the trash", "call the bank"])
    }

    @Test("filler at a value's edges is not part of it")
    func fillerAtTheEdges() throws {
        let removed = try once("delete off take out the trash from my To Do list")
        #expect(removed.state == .completed)
        #expect(removed.response == "Removed take out the trash from To Do.")
        let shown = try once("what is on my shopping list today")
        #expect(shown.state == .completed)
        #expect(shown.snippet?.title == "Shopping List")
        let checked = try once("check apples from my shopping list")
        #expect(checked.intent == "SetTaskAttribute")
        #expect(checked.state == .completed)
        #expect(try items("Shopping List") == ["milk", "apples ✓", "bread ✓"])
    }

    @Test("complete and finish check an item off")
    func completeAndFinish() throws {
        #expect(try once("complete apples on my shopping list").state == .completed)
        #expect(try once("finish take out the trash").state == .completed)
        #expect(try items("Shopping List") == ["milk", "apples ✓", "bread ✓"])
        #expect(try items("To Do") == ["take out the trash ✓"])
    }

    @Test("is it on my list? yes or no, and where; never a change")
    func isItOnTheList() throws {
        let yes = try once("are apples on my shopping list?")
        #expect(yes.intent == "SearchForNotebookItems")
        #expect(yes.state == .completed)
        #expect(yes.response == "Yes: apples is on Shopping List, not checked off yet.")
        #expect(yes.snippet?.title == "Shopping List")
        let checked = try once("is bread on the shopping list")
        #expect(checked.response == "Yes: bread is on Shopping List, checked off.")
        let no = try once("is cheese on my shopping list")
        #expect(no.state == .completed)
        #expect(no.response == "No, I can't find cheese on Shopping List.")
        // No list named: every list is looked at.
        let anywhere = try once("do I have coffee on my list?")
        #expect(anywhere.response == "Yes: coffee is on Trader Joes, not checked off yet.")
        let both = try once("are milk, bread and tofu on my shopping list?")
        #expect(both.response == "Yes: milk and bread are on Shopping List (bread is checked off). I can't find tofu.")
        // Asked whether it is checked off: not yet.
        let done = try once("is milk checked off on my shopping list")
        #expect(done.response == "Not yet: milk is on Shopping List, not checked off yet.")
        let nowhere = try once("is tofu on any of my lists")
        #expect(nowhere.response == "No, I can't find tofu on any of your lists.")
        #expect(try items("Shopping List") == ["milk", "apples", "bread ✓"])
    }

    @Test("what lists are there, and how many: a menu that says so")
    func whatLists() throws {
        for text in [
            "what are my lists", "how many lists do I have", "what lists do I have?", "show me what lists are available",
            "please show me the lists that I have",
        ] {
            let turn = try once(text)
            #expect(turn.state == .disambiguation, "\(text)")
            #expect(turn.response == "You have 3 lists: Shopping List, To Do and Trader Joes. Which one should I show?")
            #expect(turn.options == ["Shopping List", "To Do", "Trader Joes"])
        }
    }

    @Test("a name said in another number is that name (“my groceries list” is Grocery); part of a name said as a list is the one list holding it, alone a guess")
    func pluralNames() throws {
        try store.createList(named: "Grocery", items: ["rice"])
        let add = try once("add eggs to my groceries list")
        #expect(add.state == .completed)
        #expect(try items("Grocery") == ["rice", "eggs"])
        let delete = try once("delete my groceries list")
        #expect(delete.state == .confirmation)
        #expect(delete.parameters.first { $0.name == "taskList" }?.values == ["Grocery"])
        #expect(try store.lists().map(\.name).contains("Grocery"))
        let partial = try once("add tea to trader")
        #expect(partial.state == .confirmation)
        #expect(try items("Trader Joes") == ["coffee"])
        let short = try once("add tea to the trader list")
        #expect(short.state == .completed)
        #expect(try items("Trader Joes") == ["coffee", "tea"])
    }

    @Test("another name for the same kind of list is a guess, asked first: “my task list” → To Do, “things to buy” → Shopping List")
    func sameKindOfList() throws {
        var conversation = Conversation()
        let guess = try say("add clean the bathroom to my task list", &conversation)
        #expect(guess.state == .confirmation)
        #expect(guess.response == "Did you mean To Do?")
        #expect(try items("To Do") == ["take out the trash"])
        let done = conversation.receive(.yes, engine: assistant.engine, domain: try assistant.domain(store))
        #expect(done.state == .completed)
        #expect(try items("To Do") == ["take out the trash", "clean the bathroom"])
        let shopping = try once("put soap on my list of things to buy")
        #expect(shopping.state == .confirmation && shopping.response == "Did you mean Shopping List?")
        #expect(try items("Shopping List") == ["milk", "apples", "bread ✓"])
        let unknown = try once("add popcorn to the cinema list")
        #expect(unknown.state == .confirmation && unknown.response == "There's no Cinema list. Create it and add popcorn?")
        #expect(try store.lists().count == 3)
    }

    @Test("“the following list”, “this specific list”, “the previous list” name no list: asked, never a list called “following”")
    func deicticNames() throws {
        for text in ["delete the following list", "erase previous list", "remove this specific list"] {
            let turn = try once(text)
            #expect(turn.intent == "DeleteTaskList", "\(text)")
            #expect(turn.state == .disambiguation, "\(text)")
            #expect(turn.options == ["Shopping List", "To Do", "Trader Joes"], "\(text)")
        }
        let show = try once("what is on this specific list")
        #expect(show.state == .disambiguation && show.options.count == 3)
        #expect(try store.lists().count == 3)
    }

    @Test("clear a list: the checked items or everything, and everything only after a yes")
    func clearAList() throws {
        var conversation = Conversation()
        let menu = try say("clear the shopping list", &conversation)
        #expect(menu.state == .disambiguation)
        #expect(menu.response == "What should I remove from Shopping List: the 1 checked item or all 3 items?")
        let checkedOnly = conversation.receive(.pick(0), engine: assistant.engine, domain: try assistant.domain(store))
        #expect(checkedOnly.state == .completed)
        #expect(try items("Shopping List") == ["milk", "apples"])

        let sure = try say("clear the shopping list", &conversation)
        #expect(sure.state == .confirmation)  // nothing checked now: everything, asked first
        #expect(sure.response == "Remove both items from Shopping List?")
        #expect(try items("Shopping List") == ["milk", "apples"])
        let no = conversation.receive(.no, engine: assistant.engine, domain: try assistant.domain(store))
        #expect(no.state == .failed)
        #expect(try items("Shopping List") == ["milk", "apples"])
        _ = try say("remove everything from my shopping list", &conversation)
        let yes = conversation.receive(.yes, engine: assistant.engine, domain: try assistant.domain(store))
        #expect(yes.state == .completed)
        #expect(try items("Shopping List") == [])
    }

    @Test("“clear out my whole to do list”: everything, asked first; “my entire shopping list” is Shopping List")
    func wholeList() throws {
        let clear = try once("please clear out my whole to do list")
        #expect(clear.intent == "DeleteTasks" && clear.state == .confirmation)
        #expect(try items("To Do") == ["take out the trash"])
        let show = try once("show me my entire shopping list")
        #expect(show.state == .completed)
        #expect(show.parameters.first?.values == ["Shopping List"])
    }

    @Test("“the second list”, “the last list”: a list by its place, as they are shown; past the end, none")
    func listByPlace() throws {
        let show = try once("show the second list")
        #expect(show.state == .completed && show.parameters.first?.values == ["To Do"])
        let delete = try once("delete the last list")
        #expect(delete.state == .confirmation && delete.response == "Delete Trader Joes and its 1 item?", "\(delete.response)")
        #expect(try store.lists().count == 3)
        #expect(try once("show the ninth list").state == .unsupported)
    }

    @Test("remove the checked items: the CLI's clear-done")
    func removeChecked() throws {
        let turn = try once("remove the completed items from my shopping list")
        #expect(turn.state == .completed)
        #expect(try items("Shopping List") == ["milk", "apples"])
        let none = try once("delete checked items from To Do")
        #expect(none.state == .completed)
        #expect(none.response == "To Do has no checked items to remove.")
    }

    @Test("no list named: the only list, else default_list, else a question (a menu for “the list”)")
    func defaultList() throws {
        // Several lists, no default: "the list" is a menu, no list at all a question.
        let menu = try once("put cheese on the list", dryRun: true)
        #expect(menu.state == .disambiguation)
        #expect(menu.options == ["Shopping List", "To Do", "Trader Joes"])
        let asked = try once("we need cheese", dryRun: true)
        #expect(asked.state == .needsValue)
        #expect(asked.response == "Which list should I add cheese to?")
        // With default_list set.
        var configured = assistant
        configured.defaultList = "shopping list"
        var conversation = Conversation()
        let added = try say("we need cheese", &conversation, assistant: configured)
        #expect(added.state == .completed)
        #expect(added.response == "Added cheese to Shopping List.")
        let onTheList = try say("put pears on the list", &conversation, assistant: configured)
        #expect(onTheList.response == "Added pears to Shopping List.")
        // A default that names no list: ask, as without one.
        configured.defaultList = "Garage"
        #expect(try say("we need nails", &conversation, assistant: configured).state == .needsValue)
        // One list: that one.
        let single = try ListStore.inMemory()
        try single.createList(named: "Groceries")
        var alone = Conversation()
        let turn = alone.receive(.utterance("we need milk"), engine: assistant.engine, domain: try assistant.domain(single))
        #expect(turn.response == "Added milk to Groceries.")
    }

    @Test("a question is answered, never turned into a change")
    func questionsNeverChange() throws {
        let before = try store.lists().map(\.name) + items("Shopping List") + items("To Do") + items("Trader Joes")
        for text in [
            "i need to know the items on my shopping list",
            "i need for you to tell me what is on my shopping list",
            "i need to hear what's on my shopping list",
            "what do i need to get for the shopping list",
            "do i need to add bread to my shopping list?",
            "is there a list called groceries",
        ] {
            let turn = try once(text)
            #expect(!(turn.state == .completed && turn.intent != "SearchForNotebookItems"), "\(text) → \(turn.intent ?? "nil") \(turn.state)")
        }
        #expect(try store.lists().map(\.name) + items("Shopping List") + items("To Do") + items("Trader Joes") == before)
    }

    @Test("words left over around a name make a change a guess: asked first, done on yes; a request of their own is done after it")
    func leftoverWordsAreAGuess() throws {
        var conversation = Conversation()
        let asked = try say("take apples off my shopping list and the bread in the cupboard", &conversation)
        #expect(asked.state == .confirmation)
        #expect(asked.response == "Remove apples from Shopping List?")
        #expect(asked.guess?.contains("and the bread in the cupboard") == true)
        #expect(try items("Shopping List") == ["milk", "apples", "bread ✓"])
        let done = conversation.receive(.yes, engine: assistant.engine, domain: try assistant.domain(store))
        #expect(done.state == .completed)
        #expect(try items("Shopping List") == ["milk", "bread ✓"])
        let session = AssistantSession(assistant: assistant, store: store, source: "assistant",
                                       donations: DonationLog(store: store, timing: .now))
        var fresh = Conversation()
        let two = try session.receive(.utterance("take milk off my shopping list and add soda"), in: &fresh)
        #expect(two.state == .completed && two.response == "Removed milk from Shopping List. Added soda to Shopping List.")
        #expect(try items("Shopping List") == ["bread ✓", "soda"])
    }

    @Test("a value that says nothing (“it”, “something”) is asked for")
    func vagueValues() throws {
        let turn = try once("add it to my shopping list")
        #expect(turn.state == .needsValue)
        #expect(turn.response == "What should I add to Shopping List?")
        let item = try once("remove the item from my shopping list")
        #expect(item.state == .needsValue)
        #expect(try items("Shopping List") == ["milk", "apples", "bread ✓"])
    }

    @Test("update my list with …, we're out of …")
    func moreWaysToAdd() throws {
        var configured = assistant
        configured.defaultList = "Shopping List"
        var conversation = Conversation()
        #expect(try say("update my list with shoes", &conversation, assistant: configured).response == "Added shoes to Shopping List.")
        #expect(try say("we're out of coffee", &conversation, assistant: configured).response == "Added coffee to Shopping List.")
        #expect(try say("update my to do list with call mom", &conversation, assistant: configured).response == "Added call mom to To Do.")
    }

    @Test("a name is never cut: “Apocalypse Now” keeps its “now”, “Just Dance” its “just”")
    func namesAreNotCut() throws {
        try store.createList(named: "Movies", items: ["Apocalypse", "Apocalypse Now"])
        try store.createList(named: "Dance")
        try store.createList(named: "Just Dance")
        #expect(try once("remove apocalypse now from movies").state == .completed)
        #expect(try items("Movies") == ["Apocalypse"])
        #expect(try once("add salsa to just dance").response == "Added salsa to Just Dance.")
        // A title unquoted that ends in a function word ("me") may be cut wrong: asked first; quoted, its edges are its own.
        #expect(try once("add now you see me to movies").state == .confirmation)
        #expect(try once("add “now you see me” to movies").response == "Added now you see me to Movies.")
    }

    @Test("“don't add milk” is never guessed to be “add milk”")
    func negations() throws {
        for text in ["don't add milk to my shopping list please", "never add milk to the shopping list",
                     "please don't delete the trader joes list", "do not remove apples from my shopping list"] {
            let turn = try once(text)
            #expect(turn.state == .notUnderstood, "\(text) → \(turn.intent ?? "nil") \(turn.state)")
        }
        #expect(try store.lists().count == 3)
    }

    @Test("a question typed where a value is asked for is not taken as the value")
    func questionAtAPrompt() throws {
        var conversation = Conversation()
        #expect(try say("add to my shopping list", &conversation).state == .needsValue)
        // A question of its own starts over; one that is not, is refused as the answer.
        let asked = try say("wait, what is on it already?", &conversation)
        #expect(asked.intent == "SearchForNotebookItems")
        #expect(try say("add to my shopping list", &conversation).state == .needsValue)
        let answered = try say("is cat food on there already?", &conversation)
        #expect(answered.intent == "SearchForNotebookItems")
        #expect(try say("add to my shopping list", &conversation).state == .needsValue)
        let refused = try say("hmm, maybe what we had last week?", &conversation)
        #expect(refused.state == .needsValue)
        #expect(refused.response.hasPrefix("Sorry, I can't use that answer."))
        #expect(try items("Shopping List") == ["milk", "apples", "bread ✓"])
    }

    @Test("words that say nothing by themselves are not guessed at")
    func fillerIsNotARequest() throws {
        for text in ["please", "what", "everything", "off", "the list please thanks"] {
            let turn = try once(text)
            #expect(turn.path != "classifier", "\(text) → \(turn.intent ?? "nil")")
        }
    }

    @Test("what a sentence stands for is never shown as its internal value")
    func noInternalValuesInWords() throws {
        let turn = try once("clear it")
        #expect(!turn.response.contains("@"), "\(turn.response)")
        #expect(!turn.response.contains("  "))
    }

    @Test("with “Shopping” and “Shopping List” both there, “shopping list” is Shopping List")
    func theLongerExactName() throws {
        try store.createList(named: "Shopping", items: ["eggs"])
        for text in ["show shopping list", "what's on shopping list", "add rice to shopping list"] {
            let turn = try once(text, dryRun: true)
            #expect(turn.parameters.first?.values == ["Shopping List"], "\(text)")
        }
        #expect(try once("show shopping", dryRun: true).parameters.first?.values == ["Shopping"])
    }

    @Test("a time word said before a name is not part of it: “tomorrow's to do list” is To Do")
    func timeWordBeforeAName() throws {
        let added = try once("put call the plumber on tomorrow's to do list")
        #expect(added.state == .completed)
        #expect(try items("To Do") == ["take out the trash", "call the plumber"])
        let shown = try once("tell me tonight's to do list")
        #expect(shown.intent == "SearchForNotebookItems")
        #expect(shown.snippet?.title == "To Do")
    }

    @Test("“enter” adds; a vague “enter this” asks and changes nothing")
    func enterAdds() throws {
        #expect(try once("enter eggs into my shopping list").state == .completed)
        #expect(try items("Shopping List") == ["milk", "apples", "bread ✓", "eggs"])
        let vague = try once("enter this into the shopping list")
        #expect(vague.state != .completed)
        #expect(try items("Shopping List") == ["milk", "apples", "bread ✓", "eggs"])
    }

    @Test("the particle before the item: “take off X from …”, “take out X from …”")
    func particleBeforeTheItem() throws {
        let off = try once("take off milk from my shopping list")
        #expect(off.state == .completed)
        #expect(off.response == "Removed milk from Shopping List.")
        let out = try once("take out apples from the shopping list")
        #expect(out.state == .completed)
        #expect(try items("Shopping List") == ["bread ✓"])
    }

    @Test("“what are all my lists”, “describe my list”: a question gets a menu, never a change")
    func questionsAboutTheLists() throws {
        for text in ["what are all my lists", "what are all our lists please", "describe my list", "what is your list"] {
            let turn = try once(text)
            #expect(turn.intent == "SearchForNotebookItems", "\(text)")
            #expect(turn.state == .disambiguation, "\(text)")
            #expect(turn.options == ["Shopping List", "To Do", "Trader Joes"], "\(text)")
        }
        #expect(try items("Shopping List") == ["milk", "apples", "bread ✓"])
    }

    @Test("a template that matched the verb and a name is not overruled by a model that is unsure")
    func unsureModelDoesNotOverrule() throws {
        let turn = try once("add soap to my shopping list we are out")
        #expect(turn.intent == "AddTasks")
        // Words were left over: a guess, asked about first; nothing changes without a yes.
        #expect(turn.state == .confirmation)
        #expect(turn.response == "Add soap to Shopping List?")
        #expect(try items("Shopping List") == ["milk", "apples", "bread ✓"])
    }
}
