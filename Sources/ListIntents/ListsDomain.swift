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
        /// Lists by `NameRules.key`, made the first time a request asks (a new list's name,
        /// a rename): most requests never do, and keying a thousand names (Cyrillic lowercased
        /// through the standard library) was a tenth of a Russian `ask`.
        private let byKey: LazyListsByKey
        var listsByKey: [String: TaskList] { byKey.value }
        let vocabulary: Vocabulary
        let schemas: [String: IntentSchema]
        let sequences: [String: IntentDefinition]
        /// The list a request means when it names none (`default_list` in config.toml).
        let defaultListName: String?

        init(
            store: ListStore, language: Language, schemas: [String: IntentSchema], sequences: [String: IntentDefinition],
            defaultListName: String?, nameCache: NameCache?
        ) throws {
            self.store = store
            self.language = language
            self.schemas = schemas
            self.sequences = sequences
            self.defaultListName = defaultListName
            lists = try store.lists()
            byKey = LazyListsByKey(lists)
            var vocabulary = Vocabulary()
            vocabulary.register("list", lists.map { Vocabulary.Entry(id: $0.id.key, name: $0.name) }, rules: language.nameRules, cache: nameCache)
            listNames = vocabulary.matcher("list")!
            // An item on any list, for the sentences that stand only on what the person has
            // (Thai "เอา X ไปใส่ใน Y" moves X only when X is on a list). Words written without
            // spaces come folded with spaces between them; one said with an article ("les piles")
            // is the item without it.
            let articles = Set(language.droppedArticles.map(TextNormalizer.fold))
            vocabulary.holds["item"] = { [store] folded in
                func holds(_ name: String) -> Bool { (try? store.holdsItem(named: name)) ?? false }
                // As said, without its spaces, without its article: the same answers as a set of
                // the three asked in any order, each asked once.
                if holds(folded) { return true }
                guard folded.utf8.contains(0x20) else { return false }
                let joined = ListsDomain.withoutSpaces(folded)
                if joined != folded, holds(joined) { return true }
                guard let space = folded.utf8.firstIndex(of: 0x20), articles.contains(String(folded[..<space])) else { return false }
                let rest = String(folded[folded.index(after: space)...])
                return rest != folded && rest != joined && holds(rest)
            }
            // A store without the phrases table's contents (or an older one) has no phrases.
            vocabulary.phrases = PhraseBook((try? Shortcuts.phrases(in: store)) ?? [])
            self.vocabulary = vocabulary
        }
    }

    /// `Snapshot.listsByKey`, made on first use by whichever thread asks first.
    private final class LazyListsByKey: @unchecked Sendable {
        private let lock = NSLock()
        private let lists: [TaskList]
        private var built: [String: TaskList]?

        init(_ lists: [TaskList]) { self.lists = lists }

        var value: [String: TaskList] {
            lock.lock()
            defer { lock.unlock() }
            if let built { return built }
            let byKey = Dictionary(lists.map { (NameRules.key($0.name), $0) }) { first, _ in first }
            built = byKey
            return byKey
        }
    }

    private let snapshot: Snapshot
    /// The folded words with their spaces taken out, as `replacingOccurrences(of: " ", with: "")`
    /// gives them: byte by byte when no scalar of the text can join a space before it
    /// (all below U+0300, where the combining marks start), else by Foundation as before.
    /// Asked at every look-up of an item said in words, where Foundation's search was a
    /// tenth of the model's fallback.
    static func withoutSpaces(_ folded: String) -> String {
        guard folded.unicodeScalars.allSatisfy({ $0.value < 0x300 }) else {
            return folded.replacingOccurrences(of: " ", with: "")
        }
        return String(decoding: folded.utf8.filter { $0 != 0x20 }, as: UTF8.self)
    }

    /// The list "this list", "it", "here" and "the list" mean: the one on screen, or the one
    /// the conversation just named ("make a camping list", then "add a tent to it").
    package var listInContext: UUID?
    /// The items the conversation just added or changed ("add eggs and milk", then "check
    /// them off"): what "them" and "it" mean for items, while they are on the list said.
    package var itemsInContext: [UUID] = []
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
    /// sequences of this domain's intents (none by default). `defaultList`: the name of the
    /// list meant when a request names none (when there is more than one list). `nameCache`:
    /// where the list names' folded words are kept between runs (`Assistant.nameCache`), or nil.
    public init(
        store: ListStore, language: Language, schemas: [String: IntentSchema] = [:], sequences: [String: IntentDefinition] = [:],
        defaultList: String? = nil, nameCache: NameCache? = nil
    ) throws {
        snapshot = try Snapshot(
            store: store, language: language, schemas: schemas, sequences: sequences, defaultListName: defaultList,
            nameCache: nameCache)
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
        case "UndoChange": UndoChangeHandler(domain: self, redo: false)
        case "RedoChange": UndoChangeHandler(domain: self, redo: true)
        case "RenameTaskList": RenameTaskListHandler(domain: self)
        case "RenameTask": RenameTaskHandler(domain: self)
        case "MoveTasks": MoveTasksHandler(domain: self)
        case "MoveTaskToPosition": MoveTaskToPositionHandler(domain: self)
        case "SortList": SortListHandler(domain: self)
        case "Help": HelpHandler(domain: self)
        default: snapshot.sequences[intent].map(sequenceHandler)
        }
    }

    /// A custom intent runs its steps through this domain's handlers, each over a fresh
    /// snapshot: a step may create, rename or empty the list the next one names.
    private func sequenceHandler(_ definition: IntentDefinition) -> SequenceHandler {
        let (store, language, schemas) = (store, language, snapshot.schemas)
        let defaultList = snapshot.defaultListName
        return SequenceHandler(definition: definition, schemas: schemas, language: language) { intent in
            try ListsDomain(store: store, language: language, schemas: schemas, defaultList: defaultList).handler(for: intent)
        }
    }

    // MARK: - Shared resolution

    func value(_ list: TaskList) -> ParameterValue { Shortcuts.value(list) }
    func value(_ item: ListItem) -> ParameterValue { Shortcuts.value(item) }

    /// A list named by the person: exact → success; whole words of one name and no other
    /// ("the gift list") → that list; inside one name → "did you mean"; inside several → a menu; "all" → every list; close in spelling → the same; else unsupported.
    /// None named → the default list, else a question; "the list", "my list" → the default
    /// list, else a menu of them all.
    func resolveList(_ input: ResolutionInput, in request: IntentRequest? = nil) -> Resolution {
        switch input {
        case .missing:
            return defaultList().map { .success(value($0)) } ?? .needsValue
        case .chosen(let value):
            guard let id = UUID(key: value.id), let list = lists.first(where: { $0.id == id }) else {
                return .unsupported(reason: language.message("listGone"))
            }
            return .success(self.value(list))
        case .spoken(let spoken):
            if spoken == Self.sayThis || isReference(spoken), let list = contextList() { return .success(value(list)) }
            // "here", "to it" with no list in context: "the list", in every language (never a list named "@this").
            if spoken == Self.sayThis {
                if let list = defaultList() { return .success(value(list)) }
                return lists.isEmpty ? .needsValue : .disambiguation(lists.map(value))
            }
            let match = listNames.match(spoken, saidAsList: request?.saidAsList.contains(spoken) ?? false)
            if case .exact = match {} else if language.nameRules.isUnnamed(spoken) {
                if let list = defaultList() { return .success(value(list)) }
                return lists.isEmpty ? .needsValue : .disambiguation(lists.map(value))
            }
            // A place ("the last list") before a spelling guess ("last" is one letter from "list").
            switch match {
            case .none, .similar: if let list = listByPlace(spoken) { return .success(value(list)) }
            default: break
            }
            if case .words(let index) = match { return .success(value(lists[index])) }
            return Self.resolution(match, count: lists.count, allowAll: true) { value(lists[$0]) }
        }
    }

    /// "The first list", "the second one", "the last list": a list by its place in the order
    /// they are shown (`ordinals` in the language), when no list is called that.
    func listByPlace(_ spoken: String) -> TaskList? {
        let words = TextNormalizer.tokenize(spoken).map(\.folded)
        let core = language.nameRules.coreRange(words.count) { words[$0] }
        // One word ("second"), or the characters of one in a script without spaces ("第二个").
        if core.count == 1 || (!core.isEmpty && SpacelessText.isSpaceless(word: words[core.lowerBound])),
           let index = language.place(of: words[core].joined(separator: " "), among: lists.count) {
            return lists[index]
        }
        // The words said around names set aside wherever they stand ("второй список", "the second list").
        let said = words.filter { !language.nameRules.isNoiseWord($0) }
        guard said.count == 1, let index = language.place(of: said[0], among: lists.count) else { return nil }
        return lists[index]
    }

    /// Whether the words name no list, only refer to one ("the list", "my list"), unless a
    /// list is called that.
    func isReference(_ spoken: String) -> Bool {
        guard language.nameRules.isUnnamed(spoken) else { return false }
        if case .exact = listNames.match(spoken) { return false }
        return true
    }

    /// An item by its place on the list: "item 2", "number 3", "the first one", "the last
    /// item" — one number or ordinal, and otherwise only words that name nothing.
    func place(_ spoken: String, among count: Int) -> Int? {
        let words = TextNormalizer.tokenize(spoken).map(\.folded)
        let rules = language.nameRules
        let places = words.filter { !rules.isNoiseWord($0) && !language.vagueWords.contains($0) }
        // Text written without spaces comes in pieces ("第二项" as 第 二 项), as its ordinals are kept.
        guard places.count == 1 else { return places.isEmpty ? nil : language.place(of: places.joined(separator: " "), among: count) }
        if let n = Int(places[0]) { return n >= 1 && n <= count ? n - 1 : nil }
        return language.place(of: places[0], among: count)
    }

    /// `listInContext`, while it is there.
    func contextList() -> TaskList? { listInContext.flatMap { id in lists.first { $0.id == id } } }

    /// The list a request means when it names none: the only list, else the configured
    /// default list (when it exists), else none.
    func defaultList() -> TaskList? {
        if lists.count == 1 { return lists[0] }
        guard let name = snapshot.defaultListName, case .exact(let index) = listNames.match(name) else { return nil }
        return lists[index]
    }

    /// The list of an item request (check off, remove) that names none, or only says "the
    /// list": the one list holding the items, else the default list or a question.
    func resolveListOfItems(_ input: ResolutionInput, in request: IntentRequest, items parameter: String) throws -> Resolution {
        switch input {
        case .missing:
            break
        case .spoken(let spoken) where spoken == Self.sayThis || isReference(spoken):
            break
        case .spoken(let spoken) where request.lentNames.contains(spoken):
            // The list said for the next request ("take soda off and add tea to the
            // groceries"): the one list holding the items comes first.
            let said = request.spoken(parameter)
            if !said.contains(where: { $0.hasPrefix(Self.special) }), case .success(let list) = try resolveListFromItems(said) {
                return .success(list)
            }
            return resolveList(input, in: request)
        default:
            return resolveList(input, in: request)
        }
        let said = request.spoken(parameter)
        let fromItems = said.contains { $0.hasPrefix(Self.special) } ? .needsValue : try resolveListFromItems(said)
        // The list in context when the items do not settle it: on none of the lists, or on several with it.
        if let list = contextList() {
            switch fromItems {
            case .needsValue: return .success(value(list))
            case .disambiguation(let options) where options.contains(value(list)): return .success(value(list))
            default: break
            }
        }
        return fromItems == .needsValue ? resolveList(input, in: request) : fromItems
    }

    /// The resolution a name match means: exact → success; one candidate (or whole words of
    /// one name, which only a list takes at once) → "did you mean";
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
        case .words(let index):
            return .confirmationRequired(value(index))
        case .contained(let candidates), .similar(let candidates):
            let options = candidates.prefix(menuLimit).map(value)
            return options.count == 1 ? .confirmationRequired(options[0]) : .disambiguation(options)
        case .all, .none: return .unsupported(reason: nil)
        }
    }

    /// Values that stand for several items, fixed by sentences ("clear the list") or said
    /// ("remove everything"): every item, the checked ones, or a choice of the two.
    /// Said (fixed by a sentence): "@all", "@checked", "@clear". Resolved: the enumeration
    /// values "all" and "checked" (what the JSON shows).
    static let special = "@"
    /// Past this many items, a list is not read whole to find an item named exactly as it is
    /// (case aside): the store finds it by its name, in microseconds where reading and
    /// matching 100,000 names takes a third of a second. The one difference: on such a list,
    /// another item whose name differs only in accents or punctuation ("Café" beside "Cafe")
    /// is not offered beside it; on a shorter list, names that fold alike are a menu.
    public static let longList = 2_000
    static let allItems = "all", checkedItems = "checked"
    static let sayAll = "@all", sayChecked = "@checked", sayClear = "@clear"
    /// "Finish the pet shop list": every item, but only after a yes (a list said after
    /// "finish" is a guess at what was meant).
    static let sayFinish = "@finish"
    /// An item to remove that the list does not have (its display: the words said).
    static let absentItem = "@absent"

    /// The name of an item the list in `request` does not have, as said without the words
    /// around a name ("the fries" → "fries"); nil when the words are no clean name (only
    /// "it" or "the item", a place such as "item 9", a function word at an edge) or look
    /// like one of the list's items with two letters swapped ("nials"): those are asked about.
    /// Only in a language that says so (its message `absentNote`); the others ask.
    func absentName(_ spoken: String, in request: IntentRequest) throws -> String? {
        guard language.messages["absentNote"] != nil else { return nil }
        let tokens = TextNormalizer.tokenize(spoken)
        let words = tokens.map(\.folded)
        let core = language.nameRules.coreRange(words.count) { words[$0] }
        guard !core.isEmpty, let first = words[core].first, let last = words[core].last,
              !language.functionWords.contains(first), !language.functionWords.contains(last)
        else { return nil }
        let said = words[core].filter { !language.nameRules.isNoiseWord($0) && !language.vagueWords.contains($0) }
        if said.isEmpty || (said.count == 1 && Int(said[0]) != nil) || language.ordinals[said.joined(separator: " ")] != nil { return nil }
        let letters = String(words[core].joined().sorted())
        if let id = request.listID("taskList"),
           try store.items(in: .id(id)).contains(where: { String(language.fold($0.name).filter { !$0.isWhitespace }.sorted()) == letters }) {
            return nil
        }
        return String(spoken[tokens[core.lowerBound].range.lowerBound..<tokens[core.upperBound - 1].range.upperBound])
    }
    /// A list said as "this list", "it", "here": `listInContext`.
    static let sayThis = ResolutionInput.sameAsBefore
    /// Items said as "it": the one item the conversation holds.
    static let sayThisOne = ResolutionInput.sameOneAsBefore

    /// An item of the list already resolved for `listParameter`, named by the person; or
    /// every item ("everything"), or the checked ones.
    func resolveItem(_ input: ResolutionInput, listParameter: String, in request: IntentRequest) throws -> Resolution {
        guard let listValue = request.value(listParameter), let listID = UUID(key: listValue.id) else {
            return .needsValue
        }
        // The counts the store keeps, and single items looked up by id or name: a list of
        // 100,000 items is read whole only for a name not written as it is on the list.
        let counts = try store.summary(.id(listID))
        let all = ParameterValue(
            kind: .enumeration, id: Self.allItems, display: language.message("allItems", ["count": .number(counts.itemCount)]))
        let checkedCount = counts.completedCount
        let checked = ParameterValue(
            kind: .enumeration, id: Self.checkedItems, display: language.message("checkedItems", ["count": .number(checkedCount)]))
        switch input {
        case .missing:
            return .needsValue
        case .chosen(let value) where value.id == Self.allItems:
            return .success(all)
        case .chosen(let value) where value.id == Self.checkedItems:
            return .success(checked)
        case .chosen(let value):
            guard let id = UUID(key: value.id), let item = try? store.item(.id(id), in: .id(listID)) else {
                return .unsupported(reason: language.message("itemGone"))
            }
            return .success(self.value(item))
        case .spoken(Self.sayThis), .spoken(Self.sayThisOne):
            // Only exactly what the conversation holds, every one still on this list; else asked.
            let held = itemsInContext.compactMap { try? store.item(.id($0), in: .id(listID)) }
            guard !held.isEmpty, held.count == itemsInContext.count else { return .needsValue }
            if held.count == 1 { return .success(value(held[0])) }
            return input == .spoken(Self.sayThisOne) ? .needsValue : .several(held.map(value))
        case .spoken(Self.sayChecked):
            return .success(checked)
        case .spoken(Self.sayClear):
            // "Clear the list": the checked items, or everything? Everything when all or none are checked.
            return checkedCount == 0 || checkedCount == counts.itemCount ? .success(all) : .disambiguation([checked, all])
        case .spoken(Self.sayAll):
            return .success(all)
        case .spoken(Self.sayFinish):
            return counts.itemCount == 0 ? .success(all) : .confirmationRequired(all, prompt: "confirmAll")
        case .spoken(let spoken):
            if counts.itemCount > Self.longList {
                // One item of that very name (as the command line finds it), without reading
                // the list.
                let named = try store.items(named: spoken, in: listID)
                if named.count == 1 { return .success(value(named[0])) }
            }
            let items = try store.items(in: .id(listID))
            let matcher = NameMatcher(names: items.map(\.name), rules: language.nameRules)
            let match = matcher.match(spoken)
            if case .all = match { return .success(all) }
            if case .none = match, let index = place(spoken, among: items.count) {
                return .success(value(items[index]))  // "item 2", "the first one", as the command line numbers them
            }
            return Self.resolution(match, count: items.count, allowAll: false) { value(items[$0]) }
        }
    }

    /// The item ids a request's items parameter stands for, with "every item" and "the
    /// checked items" spelled out over the list as it is now.
    /// `except`: a parameter naming items kept out ("everything but the glue").
    func itemIDs(_ request: IntentRequest, _ parameter: String, list: UUID, except: String? = nil) throws -> [UUID] {
        let kept = Set(except.map(request.itemIDs) ?? [])
        return try allItemIDs(request, parameter, list: list).filter { !kept.contains($0) }
    }

    private func allItemIDs(_ request: IntentRequest, _ parameter: String, list: UUID) throws -> [UUID] {
        let values = request.values(parameter)
        guard values.contains(where: { $0.kind == .enumeration }) else { return request.itemIDs(parameter) }
        let items = try store.items(in: .id(list))
        var ids: [UUID] = []
        for value in values {
            switch (value.kind, value.id) {
            case (.enumeration, Self.allItems): ids += items.map(\.id)
            case (.enumeration, Self.checkedItems): ids += items.filter(\.done).map(\.id)
            default: if let id = UUID(key: value.id) { ids.append(id) }
            }
        }
        var seen = Set<UUID>()
        return ids.filter { seen.insert($0).inserted }
    }

    /// With no list named, the lists holding every named item (exactly) may tell which one.
    func resolveListFromItems(_ spokenItems: [String]) throws -> Resolution {
        guard !spokenItems.isEmpty else { return .needsValue }
        func holdingItem(_ item: String) throws -> [TaskList] {
            let named = try store.lists(holdingItemNamed: item)
            guard named.isEmpty else { return named }
            // "the glue": the item without the words around a name.
            let words = TextNormalizer.tokenize(item).map(\.folded)
            let core = words[language.nameRules.coreRange(words.count) { words[$0] }].joined(separator: " ")
            if core != words.joined(separator: " "), !core.isEmpty {
                let bare = try store.lists(holdingItemNamed: core)
                if !bare.isEmpty { return bare }
            }
            // "the charger's", "tapes": the last word in the form names are compared in.
            if let last = core.split(separator: " ").last, case let stem = NameMatcher.stem(String(last), language.nameRules),
               stem != last {
                let singular = try store.lists(holdingItemNamed: core.dropLast(last.count) + stem)
                if !singular.isEmpty { return singular }
            }
            let like = try lists(holdingItemLike: item)
            return like.isEmpty ? try lists(holdingItemContaining: core.isEmpty ? item : core) : like
        }
        var holding = try holdingItem(spokenItems[0])
        for item in spokenItems.dropFirst() where !holding.isEmpty {
            let ids = Set(try holdingItem(item).map(\.id))
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
                let name = try NameRules.validate(spoken, kind: kind)
                // A new item said in another case is stored in its dictionary form, where the language says how.
                return .success(.text(kind == "item" ? language.dictionaryForms.dictionaryForm(of: name) : name))
            } catch {
                return .unsupported(reason: Self.sentence(error.description))
            }
        }
    }

    func snippet(_ listID: UUID) -> Snippet? {
        guard let (list, items) = try? store.namesAndStates(.id(listID)) else { return nil }
        return Snippet(title: list.name, items: items.map { Snippet.Item(name: $0.name, done: $0.done) }, id: list.id.key)
    }

    /// Handles a request on the list resolved for `parameter`: a store error (the list gone,
    /// a name taken, the disk) becomes the intent's failure response, in words.
    func onList(
        _ request: IntentRequest, _ parameter: String, _ body: (UUID) throws -> IntentResponse
    ) -> IntentResponse {
        guard let id = request.listID(parameter) else { return failure(StoreError.notFound(StoreMessage(plainText: language.message("listGone")))) }
        do {
            return try body(id)
        } catch {
            return failure(error)
        }
    }

    func failure(_ error: Error, _ data: [String: TemplateValue] = [:]) -> IntentResponse {
        var data = data
        data["reason"] = .text(Self.sentence(MessageCatalog.interface(language.locale).error(error)))
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
