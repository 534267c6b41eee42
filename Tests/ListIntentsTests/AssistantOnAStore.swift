import IntentKit
import ListIntents
import ListStore
import Synchronization

/// A suite that talks to the English assistant about an in-memory store of its own.
protocol AssistantOnAStore {
    var store: ListStore { get }
    var assistant: Assistant { get }
}

extension AssistantOnAStore {
    /// The store the English phrasing suites talk about: Hardware Store (tape, nails, glue),
    /// Weekly Groceries (milk, butter, coffee) and Pet Shop (dog food).
    static func threeShops() throws -> ListStore {
        let store = try ListStore.inMemory()
        try store.createList(named: "Hardware Store", items: ["tape", "nails", "glue"])
        try store.createList(named: "Weekly Groceries", items: ["milk", "butter", "coffee"])
        try store.createList(named: "Pet Shop", items: ["dog food"])
        return store
    }

    /// The three shops and Packing for Lisbon (sunscreen, passport checked off, charger).
    static func threeShopsAndPacking() throws -> ListStore {
        let store = try threeShops()
        try store.createList(named: "Packing for Lisbon", items: ["sunscreen", "passport", "charger"])
        try store.setDone(true, [.name("passport")], in: .name("Packing for Lisbon"))
        return store
    }

    /// One request, in a conversation of its own.
    func once(_ text: String) throws -> Turn {
        var conversation = Conversation()
        return conversation.receive(.utterance(text), engine: assistant.engine, domain: try assistant.domain(store))
    }

    /// The names of a list's items, in order.
    func items(_ list: String) throws -> [String] { try store.items(in: .name(list)).map(\.name) }

    /// The names of a list's checked items, in order.
    func checked(_ list: String) throws -> [String] { try store.items(in: .name(list)).filter(\.done).map(\.name) }

    /// One sentence said as the TUI, CLI and MCP take it: a second request in it runs after the first.
    func inSession(_ text: String) throws -> Turn {
        let session = AssistantSession(assistant: assistant, store: store, source: "assistant",
                                       donations: DonationLog(store: store, timing: .now))
        var conversation = Conversation()
        return try session.receive(.utterance(text), in: &conversation)
    }

    /// Every item of every list as "List: item", with " ✓" when checked off: to tell that
    /// nothing changed.
    func everything() throws -> [String] {
        try store.lists().flatMap { list in try store.items(in: .id(list.id)).map { "\(list.name): \($0.name)\($0.done ? " ✓" : "")" } }
    }
}

extension Assistant {
    /// The assistant of a language with the app's own intents only, built once for every test
    /// of the process. Building one reads and compiles the language's files: seconds of a debug
    /// build, which every suite paid again for each of its tests (most of the time the tests
    /// took). An `Assistant` is a value and its engine never changes, so tests share it safely;
    /// tests of how an assistant is built (MatcherCacheTests, CustomIntentsTests) build their own.
    static func shared(_ locale: String) throws -> Assistant {
        try sharedAssistants.withLock { loaded throws -> Assistant in
            if let assistant = loaded[locale] { return assistant }
            let assistant = try Assistant(locale: locale, userIntentsDirectory: nil)
            loaded[locale] = assistant
            return assistant
        }
    }
}

private let sharedAssistants = Mutex<[String: Assistant]>([:])
