import Foundation
import IntentKit
import ListStore

/// The Lists domain's shortcuts over a ListStore: donating what was done, the donation log,
/// suggestions that still make sense, and the person's phrases. Needs no language files, so
/// every command and key can donate.
package enum Shortcuts {
    /// Intents never donated: asking for help is not an action to repeat, and a donation
    /// naming what its own request deleted would be deleted with it at once.
    static let notDonated: Set<String> = [
        "Help", "DeleteTaskList", "DeleteTasks", "UndoChange", "RedoChange", "RenameTaskList", "RenameTask",
    ]

    /// Whether an intent's requests are logged and can be given a phrase: not help, and not
    /// a deletion (it names what it deleted).
    package static func isRepeatable(_ intent: String) -> Bool { !notDonated.contains(intent) }

    // MARK: - Donating

    /// Records a completed interaction. Never throws: a log that cannot be written must not
    /// undo or fail what was done.
    package static func donate(_ donation: Donation?, to store: ListStore) {
        guard let donation else { return }
        donate([donation], to: store)
    }

    /// Records several completed interactions, in order, in one write to the store (the
    /// TUI's and the MCP server's, kept since their last tick): as `donate` of each in turn,
    /// with one transaction for all. Never throws.
    package static func donate(_ donations: [Donation], to store: ListStore) {
        guard store.access == .readWrite else { return }
        var records: [DonationRecord] = []
        for donation in donations {
            guard let donation = named(donation, in: store) else { continue }
            if isKeyToggle(donation), let newest = newestDonation(in: store, after: records),
               isMistakenToggle(donation, after: newest) {
                // Forgotten: the one kept here, or the one in the store.
                if let index = records.firstIndex(where: { $0.id == newest.id }) {
                    records.remove(at: index)
                } else {
                    _ = try? store.forgetDonations(ids: [newest.id])
                }
                continue
            }
            if let record = record(donation) { records.append(record) }
        }
        _ = try? store.donate(records)
    }

    /// A donation as it is logged: the lists and items it names by their words looked up;
    /// nil for one that is never logged.
    private static func named(_ donation: Donation, in store: ListStore) -> Donation? {
        guard isRepeatable(donation.intent) else { return nil }
        var donation = donation
        // The assistant's "create a list called Picnic" names the list by its words: group it
        // under the list made, so the donation goes with the list.
        if donation.intent == "CreateTaskList", donation.group == nil, let title = donation.parameters["title"]?.first,
           let list = try? store.lists().first(where: { NameRules.key($0.name) == NameRules.key(title.display) }) {
            donation.group = list.id.key
            donation.parameters["title"] = [value(list)]
        }
        // The assistant's "add milk to Grocery Store" names the items by their words: name
        // the items on the list now, so the donation goes when they do (an indexed look-up
        // each; keys and commands pass the items they added).
        if donation.intent == "AddTasks", donation.references.isEmpty,
           let list = donation.parameters["targetTaskList"]?.first.flatMap({ UUID(key: $0.id) }) {
            donation.references = (donation.parameters["taskTitles"] ?? []).compactMap {
                try? store.item(.name($0.display), in: .id(list)).id.key
            }
        }
        return donation
    }

    /// The newest donation, by date (the later recorded first): of the store's, or of those
    /// about to be written after them. Only a key's check-off looks (`isMistakenToggle`).
    private static func newestDonation(in store: ListStore, after records: [DonationRecord]) -> DonationRecord? {
        var newest = try? store.donations(limit: 1).first
        for record in records where newest.map({ record.date >= $0.date }) ?? true { newest = record }
        return newest
    }

    /// A check-off or its undoing by a key in the TUI.
    static func isKeyToggle(_ donation: Donation) -> Bool {
        donation.intent == "SetTaskAttribute" && donation.source == "tui"
    }

    /// How close a key's check-off and its undoing must be to count as a slip, not two wishes.
    package static let mistakenToggleWindow: TimeInterval = 10

    /// A key pressed twice within seconds (the TUI's check off, then uncheck, of the same
    /// items) is a slip: neither becomes a suggestion. Whether `donation` reverses `previous`,
    /// the newest donation, that way (then `donate` forgets that one and logs neither).
    static func isMistakenToggle(_ donation: Donation, after previous: DonationRecord) -> Bool {
        guard isKeyToggle(donation), previous.intent == "SetTaskAttribute", previous.source == "tui",
              abs(donation.date.timeIntervalSince(previous.date)) <= mistakenToggleWindow,
              let before = decode(previous.parameters),
              let tasks = donation.parameters["tasks"]?.map(\.id), !tasks.isEmpty,
              before["tasks"]?.map(\.id) == tasks,
              let status = donation.parameters["status"]?.first?.id,
              let previousStatus = before["status"]?.first?.id, status != previousStatus
        else { return false }
        return true
    }

    /// What the store keeps of a donation that already names its lists and items by id (as
    /// the keys' and commands' donations do), or nil for one that is never logged. For
    /// `ListStore`'s `donating:`, which writes it with the change.
    package static func record(_ donation: Donation?) -> DonationRecord? {
        guard let donation, isRepeatable(donation.intent) else { return nil }
        // What it names, the list it is grouped under and what else it is about.
        let named = donation.parameters.values.joined().filter { $0.kind == .entity }.map(\.id)
        var references: [UUID] = []
        for id in named + [donation.group].compactMap({ $0 }) + donation.references {
            if let uuid = UUID(key: id), !references.contains(uuid) { references.append(uuid) }
        }
        return DonationRecord(
            id: donation.id, intent: donation.intent, parameters: encode(donation.parameters), group: donation.group,
            references: references, source: donation.source, date: donation.date)
    }

    /// A request the assistant handled.
    package static func donation(of request: IntentRequest, source: String, at date: Date) -> Donation {
        let parameters = Donation.parameters(of: request)
        // The group: the list the request is about (the first list-valued parameter).
        let group = ["targetTaskList", "taskList", "list", "title"].lazy
            .compactMap { parameters[$0]?.first }.first { $0.kind == .entity }?.id
        return Donation(intent: request.intent, parameters: parameters, group: group, date: date, source: source)
    }

    /// "Show Grocery Store" (opening a list).
    package static func showList(_ list: TaskList, source: String, at date: Date) -> Donation {
        make("SearchForNotebookItems", ["title": [value(list)]], list, source, date)
    }

    package static func addItems(_ items: [ListItem], to list: TaskList, source: String, at date: Date) -> Donation {
        var donation = make(
            "AddTasks", ["targetTaskList": [value(list)], "taskTitles": items.map { .text($0.name) }], list, source, date)
        donation.references = items.map(\.id.key)
        return donation
    }

    package static func setDone(_ done: Bool, _ items: [ListItem], in list: TaskList, source: String, at date: Date) -> Donation? {
        guard !items.isEmpty else { return nil }
        return make("SetTaskAttribute", [
            "taskList": [value(list)], "tasks": items.map(value),
            "status": [.enumeration(done ? "completed" : "notCompleted")],
        ], list, source, date)
    }

    package static func createList(_ list: TaskList, items: [String], source: String, at date: Date) -> Donation {
        var parameters: [String: [ParameterValue]] = ["title": [.text(list.name)]]
        if !items.isEmpty { parameters["taskTitles"] = items.map(ParameterValue.text) }
        return make("CreateTaskList", parameters, list, source, date)
    }

    package static func copyList(_ list: TaskList, source: String, at date: Date) -> Donation {
        make("CopyList", ["list": [value(list)]], list, source, date)
    }

    package static func resetList(_ list: TaskList, source: String, at date: Date) -> Donation {
        make("ResetList", ["list": [value(list)]], list, source, date)
    }

    private static func make(
        _ intent: String, _ parameters: [String: [ParameterValue]], _ list: TaskList, _ source: String, _ date: Date
    ) -> Donation {
        Donation(intent: intent, parameters: parameters, group: list.id.key, date: date, source: source)
    }

    static func value(_ list: TaskList) -> ParameterValue { .entity(id: list.id.key, name: list.name) }
    static func value(_ item: ListItem) -> ParameterValue { .entity(id: item.id.key, name: item.name) }

    // MARK: - Reading

    /// The log, newest first. Records this version cannot read are skipped.
    package static func donations(in store: ListStore) throws(StoreError) -> [Donation] {
        try store.donations().compactMap { record in
            decode(record.parameters).map {
                Donation(id: record.id, intent: record.intent, parameters: $0, group: record.group, date: record.date,
                         source: record.source)
            }
        }
    }

    /// Intents worth suggesting: doing them again makes sense. Creating a list again would
    /// only be refused (the name is taken).
    static let suggested: Set<String> = ["SearchForNotebookItems", "AddTasks", "SetTaskAttribute", "CopyList", "ResetList"]

    /// The top suggestions at `now` that still make sense against the store: every list and
    /// item they name exists, an item to check off is not checked off already (nor one to
    /// uncheck unchecked), items to add are not all on the list unchecked already, a list to
    /// reset has something checked. `custom` names custom intents, also suggested.
    package static func suggestions(
        in store: ListStore, at now: Date, calendar: Calendar = .current, limit: Int = 5, custom: Set<String> = []
    ) throws(StoreError) -> [Suggestion] {
        let donations = try donations(in: store)
        // Counts and point look-ups, never a whole list: a list can hold 100,000 items, and
        // the TUI ranks suggestions after every change.
        let lists = Dictionary(try store.summaries().map { ($0.list.id.key, $0) }) { first, _ in first }
        return Suggester.rank(donations, at: now, calendar: calendar, limit: limit) { suggestion in
            guard suggested.contains(suggestion.intent) || custom.contains(suggestion.intent) else { return false }
            let p = suggestion.parameters
            // Every list named still exists (items are checked below, per list).
            for value in p.values.flatMap({ $0 }) where value.kind == .entity && UUID(key: value.id) != nil {
                if lists[value.id] == nil, !(p["tasks"] ?? []).contains(value) { return false }
            }
            switch suggestion.intent {
            case "SetTaskAttribute":
                guard let list = p["taskList"]?.first?.id, let tasks = p["tasks"], !tasks.isEmpty else { return false }
                let done = p["status"]?.first?.id != "notCompleted"
                guard let listID = UUID(key: list) else { return false }
                return tasks.allSatisfy { task in
                    guard let id = UUID(key: task.id), let item = try? store.item(.id(id), in: .id(listID)) else { return false }
                    return item.done != done
                }
            case "AddTasks":
                guard let list = p["targetTaskList"]?.first?.id, let titles = p["taskTitles"] else { return false }
                let listID = UUID(key: list)
                return !titles.allSatisfy { title in
                    listID.flatMap { try? store.hasUncheckedItem(named: title.display, in: $0) } ?? false
                }
            case "ResetList":
                guard let list = p["list"]?.first?.id else { return false }
                return (lists[list]?.completedCount ?? 0) > 0
            default:
                return true
            }
        }
    }

    // MARK: - Phrases

    /// The person's phrases, for the vocabulary.
    package static func phrases(in store: ListStore) throws(StoreError) -> [PersonalPhrase] {
        try store.phrases().compactMap { record in
            decode(record.parameters).map { PersonalPhrase(phrase: record.phrase, intent: record.intent, parameters: $0) }
        }
    }

    /// Why `phrase` cannot be added, or nil when it can: it is empty, another phrase could
    /// be taken for it, or the assistant already understands it as a sentence of its own.
    package static func problem(
        with phrase: String, engine: IntentEngine, vocabulary: Vocabulary, replacing: String? = nil
    ) -> String? {
        let key = PersonalPhrase.key(phrase)
        guard !key.isEmpty else { return "A phrase needs at least one word." }
        guard key.split(separator: " ").count <= 12 else { return "A phrase can have at most 12 words." }
        let others = PhraseBook(vocabulary.phrases.phrases.filter { $0.key != replacing })
        if let other = others.collision(with: phrase) {
            return "“\(phrase)” is too close to your phrase “\(other.phrase)”."
        }
        var plain = vocabulary
        plain.phrases = PhraseBook()
        // Only a sentence of its own: a phrase said exactly comes before the assistant's
        // guesses (a sentence found inside more words, the model's fallback).
        if let parse = engine.parse(phrase, vocabulary: plain), parse.path == .template {
            let what = engine.language.intents[parse.request.intent]?.title ?? parse.request.intent
            return "“\(phrase)” is already something ListOMat understands (\(what.lowercased()))."
        }
        return nil
    }

    /// Stores a phrase for a resolved request.
    package static func addPhrase(_ phrase: String, for request: IntentRequest, to store: ListStore, at date: Date) throws(StoreError) {
        let cleaned = phrase.trimmingCharacters(in: .whitespacesAndNewlines)
        try store.addPhrase(PhraseRecord(
            id: UUID(), phrase: cleaned, key: PersonalPhrase.key(cleaned), intent: request.intent,
            parameters: encode(Donation.parameters(of: request)), created: date))
    }

    // MARK: - JSON

    /// The parameters as JSON with sorted keys — what `JSONEncoder` writes with `.sortedKeys`
    /// and `.withoutEscapingSlashes`, written by hand: its first use costs a command 0.4 ms.
    static func encode(_ parameters: [String: [ParameterValue]]) -> String {
        let entries = parameters.keys.sorted().map { key in
            let values = parameters[key, default: []].map { value in
                #"{"display":\#(JSONText.quoted(value.display)),"id":\#(JSONText.quoted(value.id)),"kind":"\#(value.kind.rawValue)"}"#
            }
            return JSONText.quoted(key) + ":[" + values.joined(separator: ",") + "]"
        }
        return "{" + entries.joined(separator: ",") + "}"
    }

    static func decode(_ text: String) -> [String: [ParameterValue]]? {
        try? JSONDecoder().decode([String: [ParameterValue]].self, from: Data(text.utf8))
    }
}
