import Foundation
import IntentKit
import ListStore

/// The Lists domain over a ListStore: one handler per intent, and the person's list and item
/// names as the engine's dynamic vocabulary. A snapshot: build a new one after a change.
public struct ListsDomain: IntentDomain {
    /// Everything the domain knows, in one object: handlers copy the domain, and a copy of
    /// one reference is cheaper than a copy of a language and a name index field by field.
    private final class Snapshot: Sendable {
        let store: ListStore
        let language: Language
        let lists: [TaskList]
        let listNames: NameMatcher
        let listsByKey: [String: TaskList]
        let vocabulary: Vocabulary
        let schemas: [String: IntentSchema]
        let sequences: [String: IntentDefinition]

        init(store: ListStore, language: Language, schemas: [String: IntentSchema], sequences: [String: IntentDefinition]) throws {
            self.store = store
            self.language = language
            self.schemas = schemas
            self.sequences = sequences
            lists = try store.lists()
            listsByKey = Dictionary(lists.map { (NameRules.key($0.name), $0) }) { first, _ in first }
            var vocabulary = Vocabulary()
            vocabulary.register("list", lists.map { Vocabulary.Entry(id: $0.id.key, name: $0.name) }, rules: language.nameRules)
            listNames = vocabulary.matcher("list")!
            // A store without the phrases table's contents (or an older one) has no phrases.
            vocabulary.phrases = PhraseBook((try? Shortcuts.phrases(in: store)) ?? [])
            self.vocabulary = vocabulary
        }
    }

    private let snapshot: Snapshot
    var store: ListStore { snapshot.store }
    var language: Language { snapshot.language }
    var lists: [TaskList] { snapshot.lists }
    var listNames: NameMatcher { snapshot.listNames }
    /// Lists by `NameRules.key`, the store's own test for "the same name".
    var listsByKey: [String: TaskList] { snapshot.listsByKey }
    public var vocabulary: Vocabulary { snapshot.vocabulary }

    /// The most choices a menu offers for a spoken name.
    static let menuLimit = 9

    /// `schemas` and `sequences`: the engine's schemas and its custom intents, which run as
    /// sequences of this domain's intents (none by default).
    public init(
        store: ListStore, language: Language, schemas: [String: IntentSchema] = [:], sequences: [String: IntentDefinition] = [:]
    ) throws {
        snapshot = try Snapshot(store: store, language: language, schemas: schemas, sequences: sequences)
    }

    public func handler(for intent: String) -> (any IntentHandler)? {
        switch intent {
        case "SearchForNotebookItems": SearchForNotebookItemsHandler(domain: self)
        case "AddTasks": AddTasksHandler(domain: self)
        case "CreateTaskList": CreateTaskListHandler(domain: self)
        case "SetTaskAttribute": SetTaskAttributeHandler(domain: self)
        case "DeleteTasks": DeleteTasksHandler(domain: self)
        case "DeleteTaskList": DeleteTaskListHandler(domain: self)
        case "CopyList": CopyListHandler(domain: self)
        case "ResetList": ResetListHandler(domain: self)
        case "Help": HelpHandler(domain: self)
        default: snapshot.sequences[intent].map(sequenceHandler)
        }
    }

    /// A custom intent runs its steps through this domain's handlers, each over a fresh
    /// snapshot: a step may create, rename or empty the list the next one names.
    private func sequenceHandler(_ definition: IntentDefinition) -> SequenceHandler {
        let (store, language, schemas) = (store, language, snapshot.schemas)
        return SequenceHandler(definition: definition, schemas: schemas, language: language) { intent in
            try ListsDomain(store: store, language: language, schemas: schemas).handler(for: intent)
        }
    }

    // MARK: - Shared resolution

    func value(_ list: TaskList) -> ParameterValue { Shortcuts.value(list) }
    func value(_ item: ListItem) -> ParameterValue { Shortcuts.value(item) }

    /// A list named by the person: exact → success; inside one name → "did you mean"; inside
    /// several → a menu; "all" → every list; close in spelling → the same; else unsupported.
    func resolveList(_ input: ResolutionInput) -> Resolution {
        switch input {
        case .missing:
            return .needsValue
        case .chosen(let value):
            guard let id = UUID(key: value.id), let list = lists.first(where: { $0.id == id }) else {
                return .unsupported(reason: language.message("listGone"))
            }
            return .success(self.value(list))
        case .spoken(let spoken):
            return Self.resolution(listNames.match(spoken), count: lists.count, allowAll: true) { value(lists[$0]) }
        }
    }

    /// The resolution a name match means: exact → success; one candidate → "did you mean";
    /// several → a menu of the best; "all" → every value (when `allowAll`); none → unsupported.
    /// `value(i)` is the value of name `i` of the `count` names matched; only the values the
    /// resolution names are built.
    static func resolution(
        _ match: NameMatch, count: Int, allowAll: Bool, _ value: (Int) -> ParameterValue
    ) -> Resolution {
        switch match {
        case .exact(let index): return .success(value(index))
        case .all where allowAll && count == 1: return .success(value(0))
        case .all where allowAll && count > 1:
            // Every one, however many: "show all lists" is a menu of them all.
            return .disambiguation((0..<count).map(value))
        case .contained(let candidates), .similar(let candidates):
            let options = candidates.prefix(menuLimit).map(value)
            return options.count == 1 ? .confirmationRequired(options[0]) : .disambiguation(options)
        case .all, .none: return .unsupported(reason: nil)
        }
    }

    /// An item of the list already resolved for `listParameter`, named by the person.
    func resolveItem(_ input: ResolutionInput, listParameter: String, in request: IntentRequest) throws -> Resolution {
        guard let listValue = request.value(listParameter), let listID = UUID(key: listValue.id) else {
            return .needsValue
        }
        let items = try store.items(in: .id(listID))
        switch input {
        case .missing:
            return .needsValue
        case .chosen(let value):
            guard let id = UUID(key: value.id), let item = items.first(where: { $0.id == id }) else {
                return .unsupported(reason: language.message("itemGone"))
            }
            return .success(self.value(item))
        case .spoken(let spoken):
            let matcher = NameMatcher(names: items.map(\.name), rules: language.nameRules)
            return Self.resolution(matcher.match(spoken), count: items.count, allowAll: false) { value(items[$0]) }
        }
    }

    /// With no list named, the lists holding every named item (exactly) may tell which one.
    func resolveListFromItems(_ spokenItems: [String]) throws -> Resolution {
        guard !spokenItems.isEmpty else { return .needsValue }
        var holding = try store.lists(holdingItemNamed: spokenItems[0])
        for item in spokenItems.dropFirst() where !holding.isEmpty {
            let ids = Set(try store.lists(holdingItemNamed: item).map(\.id))
            holding.removeAll { !ids.contains($0.id) }
        }
        switch holding.count {
        case 0: return .needsValue
        case 1: return .success(value(holding[0]))
        default: return .disambiguation(holding.prefix(Self.menuLimit).map(value))
        }
    }

    /// A name for something new: the store's rules, as a reason the person can act on.
    func resolveNewName(_ input: ResolutionInput, kind: String) -> Resolution {
        switch input {
        case .missing: return .needsValue
        case .chosen(let value): return .success(value)
        case .spoken(let spoken):
            do {
                return .success(.text(try NameRules.validate(spoken, kind: kind)))
            } catch {
                return .unsupported(reason: Self.sentence(error.description))
            }
        }
    }

    func snippet(_ listID: UUID) -> Snippet? {
        guard let (list, items) = try? store.listWithItems(.id(listID)) else { return nil }
        return Snippet(title: list.name, items: items.map { Snippet.Item(name: $0.name, done: $0.done) }, id: list.id.key)
    }

    /// Handles a request on the list resolved for `parameter`: a store error (the list gone,
    /// a name taken, the disk) becomes the intent's failure response, in words.
    func onList(
        _ request: IntentRequest, _ parameter: String, _ body: (UUID) throws -> IntentResponse
    ) -> IntentResponse {
        guard let id = request.listID(parameter) else { return failure(StoreError.notFound(language.message("listGone"))) }
        do {
            return try body(id)
        } catch {
            return failure(error)
        }
    }

    func failure(_ error: Error, _ data: [String: TemplateValue] = [:]) -> IntentResponse {
        var data = data
        data["reason"] = .text(Self.sentence("\(error)"))
        return IntentResponse(code: "failure", data: data, succeeded: false)
    }

    /// "list name is empty" → "List name is empty."
    static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        let body = first.uppercased() + text.dropFirst()
        return body.hasSuffix(".") ? body : body + "."
    }
}

extension IntentRequest {
    func listID(_ parameter: String) -> UUID? { value(parameter).flatMap { UUID(key: $0.id) } }
    func itemIDs(_ parameter: String) -> [UUID] { values(parameter).compactMap { UUID(key: $0.id) } }
}
