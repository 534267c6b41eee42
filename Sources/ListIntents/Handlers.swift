import Foundation
import IntentKit
import ListStore

struct SearchForNotebookItemsHandler: IntentHandler {
    let domain: ListsDomain

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        if parameter == "howMany" || parameter == "askedDone" || parameter == "place" {
            switch input {
            case .missing: return .notRequired
            case .spoken(let spoken): return .success(.text(spoken))
            case .chosen(let value): return .success(value)
            }
        }
        if parameter == "content" {
            switch input {
            case .missing: return .notRequired
            case .spoken(let spoken): return .success(.text(spoken))
            case .chosen(let value): return .success(value)
            }
        }
        // "Is milk on my list?" with no list named looks on every list (not only the default one).
        if !request.spoken("content").isEmpty {
            switch input {
            case .missing: return .notRequired
            case .spoken(let spoken) where domain.isReference(spoken): return .notRequired
            default: break
            }
        }
        return domain.resolveList(input, in: request)
    }

    func handle(_ request: IntentRequest) throws -> IntentResponse {
        let content = request.values("content").map(\.display)
        if !content.isEmpty { return try look(for: content, request) }
        return domain.onList(request, "title") { id in
            let (list, items) = try domain.store.listWithItems(.id(id))
            let done = items.filter(\.done).count
            let data: [String: TemplateValue] = [
                "title": .text(list.name), "count": .number(items.count), "done": .number(done),
                "left": .number(items.count - done),
            ]
            // "How many are left?": the count of what is not checked off.
            let code = items.isEmpty ? "empty" : request.value("howMany") != nil ? "left" : "success"
            if code == "success", let place = request.value("place") {
                return answer(place.id, of: items, data, id)
            }
            return IntentResponse(code: code, data: data, snippet: domain.snippet(id))
        }
    }

    /// "What's the last thing on my hardware list?": the item at that place ("last", "first",
    /// "2", "second"), or the whole list when there is no such place.
    private func answer(_ place: String, of items: [ListItem], _ data: [String: TemplateValue], _ id: UUID) -> IntentResponse {
        guard let index = domain.place(place, among: items.count) else {
            return IntentResponse(code: "success", data: data, snippet: domain.snippet(id))
        }
        var data = data
        data["item"] = .text(items[index].name)
        data["position"] = .number(index + 1)
        data["checkedNote"] = .text(items[index].done ? domain.language.message("allCheckedNote") : "")
        return IntentResponse(code: "atPlace", data: data, snippet: domain.snippet(id))
    }

    /// "Is milk on my shopping list?": yes or no, and where, on the list named or on any;
    /// "are milk and eggs on it?": for each.
    private func look(for content: [String], _ request: IntentRequest) throws -> IntentResponse {
        let lists: [TaskList]
        if let id = request.listID("title") {
            guard let list = domain.lists.first(where: { $0.id == id }) else {
                return domain.failure(StoreError.notFound(StoreMessage(plainText: domain.language.message("listGone"))))
            }
            lists = [list]
        } else {
            lists = domain.lists
        }
        let (found, missing) = try find(content, on: lists)
        let language = domain.language
        var data: [String: TemplateValue] = [
            "content": .list(content), "missing": .list(missing), "title": .text(lists.count == 1 ? lists[0].name : ""),
        ]
        guard let first = found.first else {
            return IntentResponse(code: lists.count == 1 ? "notFound" : "notFoundAnywhere", data: data,
                                  snippet: lists.count == 1 ? domain.snippet(lists[0].id) : nil)
        }
        var places: [String] = []
        for (list, _) in found where !places.contains(list.name) { places.append(list.name) }
        let done = found.filter(\.item.done).map(\.item.name)
        data["found"] = .list(found.map(\.item.name))
        data["where"] = .list(places)
        data["checked"] = .list(done)
        // Whether it is checked off, always: "is milk done?" is answered too.
        let note = done.isEmpty ? "notCheckedNote" : done.count == found.count ? "allCheckedNote" : "checkedNote"
        data["checkedNote"] = .text(language.message(note, data))
        // "Have I packed the sandals?": yes only when everything asked about is checked off.
        let notYet = request.value("askedDone") != nil && done.count < found.count
        data["answer"] = .text(language.message(notYet ? "answerNotYet" : "answerYes"))
        data["missingNote"] = .text(missing.isEmpty ? "" : language.message(lists.count == 1 ? "missingNote" : "missingAnywhereNote", data))
        return IntentResponse(code: "found", data: data, snippet: domain.snippet(first.list.id))
    }

    /// Each thing asked about, on each of `lists`: the items it names, and the things found on none.
    private func find(_ content: [String], on lists: [TaskList]) throws -> (
        found: [(list: TaskList, item: ListItem)], missing: [String]
    ) {
        var found: [(list: TaskList, item: ListItem)] = []
        var missing: [String] = []
        // On a long list, a name as it is there is looked up in the store's name index; a
        // list is read (and its names matched, for another spelling or a part of a name)
        // only when not (see `ListsDomain.longList`).
        let long = Set(try domain.store.summaries().filter { $0.itemCount > ListsDomain.longList }.map(\.list.id))
        var matchers: [UUID: (items: [ListItem], matcher: NameMatcher)] = [:]
        func items(_ thing: String, on list: TaskList) throws -> [ListItem] {
            if matchers[list.id] == nil, long.contains(list.id) {
                let named = try domain.store.items(named: thing, in: list.id)
                if named.count == 1 { return named }
            }
            if matchers[list.id] == nil {
                let items = try domain.store.items(in: .id(list.id))
                matchers[list.id] = (items, NameMatcher(names: items.map(\.name), rules: domain.language.nameRules))
            }
            let (items, matcher) = matchers[list.id]!
            switch matcher.match(thing) {
            case .exact(let index): return [items[index]]
            case .contained(let indices): return indices.map { items[$0] }
            case .words(let index): return [items[index]]
            default: return []
            }
        }
        for thing in content {
            var any = false
            for list in lists {
                let there = try items(thing, on: list)
                found += there.map { (list, $0) }
                any = any || !there.isEmpty
            }
            if !any { missing.append(thing) }
        }
        return (found, missing)
    }
}

struct AddTasksHandler: IntentHandler {
    let domain: ListsDomain

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        guard parameter == "targetTaskList" else { return domain.resolveNewName(input, kind: "item") }
        if case .chosen(let value) = input, ListsDomain.isNewList(value) {
            // Yes to "There's no School list. Create it …?" (or a list of that name made meanwhile).
            return .success(domain.listsByKey[NameRules.key(value.display)].map(domain.value) ?? value)
        }
        let resolution = domain.offeringNewList(domain.resolveList(input, in: request), for: input, adding: request.spoken("taskTitles"))
        if input == .missing, resolution == .needsValue, let holding = try domain.listHolding(itemsToAdd: request.spoken("taskTitles")) {
            return holding
        }
        return resolution
    }

    func handle(_ request: IntentRequest) throws -> IntentResponse {
        if let value = request.value("targetTaskList"), ListsDomain.isNewList(value) {
            return createList(value.display, with: request.values("taskTitles").map(\.display))
        }
        return domain.onList(request, "targetTaskList") { id in
            // "добавь картошку" with "картошка" on the list: that item, there already.
            let titles = try domain.namesOnList(request.values("taskTitles").map(\.display), list: id)
            let outcome = try domain.store.addItemsUnlessPresent(titles, to: .id(id)).value
            let language = domain.language
            var data: [String: TemplateValue] = [
                "added": .list(outcome.added.map(\.name)),
                "alreadyThere": .list(outcome.alreadyThere.map(\.name)),
                "uncheckedAgain": .list(outcome.uncheckedAgain.map(\.name)),
            ]
            data["alreadyNote"] = .text(outcome.alreadyThere.isEmpty ? "" : language.message("alreadyNote", data))
            data["uncheckedNote"] = .text(outcome.uncheckedAgain.isEmpty ? "" : language.message("uncheckedNote", data))
            // Several new items: each quoted, so "Pride and Prejudice" said unquoted reads as the two it became.
            data["addedCount"] = .number(outcome.added.count)
            data["addedQuoted"] = .list(outcome.added.map { language.message("quoted", ["value": .text($0.name)]) })
            if outcome.added.count > 1 {
                return IntentResponse(code: "successSeveral", data: data, snippet: domain.snippet(id))
            }
            if outcome.added.isEmpty {
                // Nothing new: say what was unchecked again, or what was already there.
                let code = outcome.alreadyThere.isEmpty ? "uncheckedOnly" : "nothingNew"
                return IntentResponse(code: code, data: data, snippet: domain.snippet(id))
            }
            return IntentResponse(code: "success", data: data, snippet: domain.snippet(id))
        }
    }

    /// The list the person said yes to creating, with the items, in one step of undo.
    private func createList(_ name: String, with titles: [String]) -> IntentResponse {
        let data: [String: TemplateValue] = ["targetTaskList": .text(name), "added": .list(titles)]
        do {
            let list = try domain.store.createList(named: name, items: titles).value
            return IntentResponse(code: "createdWithItems", data: data, snippet: domain.snippet(list.id))
        } catch {
            return domain.failure(error, data)
        }
    }
}

struct CreateTaskListHandler: IntentHandler {
    let domain: ListsDomain

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        if parameter == "taskTitles" {
            // "No" to "What should I add to it?" is no item: said again, or "cancel", ends it.
            if case .spoken(let said) = input, request.listID("title") != nil,
               domain.language.noWords.contains(domain.language.fold(said)) { return .unsupported(reason: nil) }
            guard input == .missing else { return domain.resolveNewName(input, kind: "item") }
            // "Start a grocery list" with Grocery there: what should go on it?
            return request.listID("title") == nil ? .notRequired : .needsOptionalValue
        }
        // "Start a grocery list" with Grocery there: that list, to add to; only in a language
        // that can ask what to add (the prompt below), else "There's already a list …" (also
        // when the name was said in another form: "создай список покупок" with Покупки there).
        if case .spoken(let spoken) = input, let existing = domain.existingList(named: spoken) {
            guard domain.language.intents["CreateTaskList"]?.prompts["taskTitles"]?["needsValue"] != nil else {
                return .unsupported(reason: domain.language.message("existingList", ["existing": .text(existing.name)]))
            }
            return .success(domain.value(existing))
        }
        if case .chosen(let value) = input, UUID(key: value.id) != nil { return domain.resolveList(input) }
        return domain.resolveNewListName(input)
    }

    func handle(_ request: IntentRequest) throws -> IntentResponse {
        let title = request.value("title")?.display ?? ""
        let items = request.values("taskTitles").map(\.display)
        if request.listID("title") != nil {
            // Only a custom intent's step gets here with nothing to add: the list is there already.
            guard !items.isEmpty else {
                let reason = domain.language.message("existingList", ["existing": .text(title)])
                return IntentResponse(code: "failure", data: ["title": .text(title), "reason": .text(reason)], succeeded: false)
            }
            return try addToExisting(request)
        }
        do {
            let list = try domain.store.createList(named: title, items: items).value
            var data: [String: TemplateValue] = ["title": .text(list.name), "taskTitles": .list(items)]
            data["withItems"] = .text(items.isEmpty ? "" : domain.language.message("withItems", data))
            return IntentResponse(code: "success", data: data, snippet: domain.snippet(list.id))
        } catch {
            return domain.failure(error, ["title": .text(title)])
        }
    }
}

extension CreateTaskListHandler {
    /// A list asked to be made that the person already has ("make a grocery list with eggs"
    /// with Grocery there): the items go on it, said as an add is ("Added eggs to Grocery."),
    /// after saying the list was there.
    private func addToExisting(_ request: IntentRequest) throws -> IntentResponse {
        guard let list = request.value("title") else { return IntentResponse(code: "failure", succeeded: false) }
        let response = try AddTasksHandler(domain: domain).handle(described(request))
        var data = response.data
        data["targetTaskList"] = .text(list.display)
        let language = domain.language
        let said = language.render(language.intents["AddTasks"]?.responses[response.code] ?? "", data)
        return IntentResponse(code: "addedToExisting", data: ["existing": .text(list.display), "message": .text(said)],
                              snippet: response.snippet, succeeded: response.succeeded)
    }

    /// A list to create that is there already, with items: what is done is an add to it
    /// ("Ready: Add eggs to Shopping.", not "Create Shopping with eggs").
    func described(_ request: IntentRequest) -> IntentRequest {
        guard request.listID("title") != nil, let list = request.value("title"), !request.values("taskTitles").isEmpty else { return request }
        var add = IntentRequest(intent: "AddTasks")
        add.parameters["targetTaskList"] = [.resolved(list)]
        add.parameters["taskTitles"] = request.parameters["taskTitles"]
        return add
    }
}

struct SetTaskAttributeHandler: IntentHandler {
    let domain: ListsDomain

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        switch parameter {
        case "taskList":
            return try domain.resolveListOfItems(input, in: request, items: "tasks")
        case "except":
            return input == .missing ? .notRequired : try domain.resolveItem(input, listParameter: "taskList", in: request)
        case "tasks":
            let resolution = try domain.resolveItem(input, listParameter: "taskList", in: request)
            // Unchecking names a checked item: no menu of the open ones.
            guard !request.spoken("status").contains("notCompleted") else { return resolution }
            return try domain.offeringItemsToCheck(resolution, for: input, in: request)
        default:
            return resolveStatus(input)
        }
    }

    private func resolveStatus(_ input: ResolutionInput) -> Resolution {
        switch input {
        case .missing: return .success(.enumeration("completed"))
        case .chosen(let value): return .success(value)
        case .spoken(let spoken):
            let folded = TextNormalizer.fold(spoken)
            if folded == "completed" || folded == "notcompleted" {
                return .success(.enumeration(folded == "completed" ? "completed" : "notCompleted"))
            }
            for (name, phrases) in domain.language.enumerations["status"] ?? [:]
            where phrases.contains(where: { TextNormalizer.fold($0) == folded }) {
                return .success(.enumeration(name))
            }
            return .unsupported(reason: nil)
        }
    }

    func handle(_ request: IntentRequest) throws -> IntentResponse {
        domain.onList(request, "taskList") { id in
            let done = request.value("status")?.id != "notCompleted"
            let language = domain.language
            let state = language.message(done ? "stateDone" : "stateNotDone")
            let ids = try domain.itemIDs(request, "tasks", list: id, except: "except")
            // "Check off everything" on a list with nothing on it: said so, not a failure.
            guard !ids.isEmpty else {
                return IntentResponse(code: "nothingToChange", data: ["state": .text(state)], snippet: domain.snippet(id))
            }
            let changed = try domain.store.setDone(done, ids.map(ItemRef.id), in: .id(id)).value
            let changedIDs = Set(changed.map(\.id))
            let unchanged = request.values("tasks").filter { $0.kind != .enumeration && !changedIDs.contains(UUID(key: $0.id) ?? UUID()) }
            var data: [String: TemplateValue] = [
                "verb": .text(language.message(done ? "checkedOff" : "unchecked")),
                "changed": .list(changed.map(\.name)), "unchanged": .list(unchanged.map(\.display)),
                "state": .text(state),
            ]
            data["unchangedNote"] = .text(unchanged.isEmpty ? "" : language.message("unchangedNote", data))
            // Everything on the list ("check off everything"): how many changed, not every name
            // (with some kept out, the names: "Checked off tape and nails").
            if request.values("except").isEmpty, request.values("tasks").contains(where: { $0.kind == .enumeration && $0.id == ListsDomain.allItems }) {
                data["changedCount"] = .number(changed.count)
                data["count"] = .number(try domain.store.summary(.id(id)).itemCount)
                return IntentResponse(code: "allChanged", data: data, snippet: domain.snippet(id))
            }
            return IntentResponse(code: changed.isEmpty ? "unchanged" : "success", data: data, snippet: domain.snippet(id))
        }
    }
}

struct DeleteTasksHandler: IntentHandler {
    let domain: ListsDomain

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        if parameter == "taskList" { return try domain.resolveListOfItems(input, in: request, items: "tasks") }
        if parameter == "except", input == .missing { return .notRequired }
        let resolution = try domain.resolveItem(input, listParameter: "taskList", in: request)
        if parameter == "except" { return resolution }
        // "Remove corn" from a list with no corn, nor anything spelt like it: nothing to
        // remove, and said so, rather than asked which item ("it", "item 9" are still asked about).
        if case .unsupported(nil) = resolution, case .spoken(let spoken) = input, let name = try domain.absentName(spoken, in: request) {
            return .success(ParameterValue(kind: .text, id: ListsDomain.absentItem, display: name))
        }
        return resolution
    }

    /// Every item of a list goes only after a yes.
    func confirm(_ request: IntentRequest) throws -> ConfirmOutcome {
        guard request.values("tasks").contains(where: { $0.kind == .enumeration && $0.id == ListsDomain.allItems }),
              let id = request.listID("taskList")
        else { return .ready }
        let kept = request.values("except")
        guard kept.isEmpty else {
            let count = try domain.itemIDs(request, "tasks", list: id, except: "except").count
            return count == 0 ? .ready : .needsUserConfirmation(
                code: "confirmAllBut", data: ["itemCount": .number(count), "except": .list(kept.map(\.display))])
        }
        let count = try domain.store.summary(.id(id)).itemCount
        return count == 0 ? .ready : .needsUserConfirmation(code: "confirmAll", data: ["itemCount": .number(count)])
    }

    func handle(_ request: IntentRequest) throws -> IntentResponse {
        domain.onList(request, "taskList") { id in
            let ids = try domain.itemIDs(request, "tasks", list: id, except: "except")
            let absent = request.values("tasks").filter { $0.id == ListsDomain.absentItem }.map(\.display)
            guard !ids.isEmpty else {
                let checkedOnly = request.values("tasks").contains { $0.kind == .enumeration && $0.id == ListsDomain.checkedItems }
                let what: TemplateValue = !absent.isEmpty ? .list(absent) : .text(domain.language.message(checkedOnly ? "checkedItemsWord" : "items"))
                return IntentResponse(code: "nothingToRemove", data: ["what": what], snippet: domain.snippet(id))
            }
            let removed = try domain.store.deleteItems(ids.map(ItemRef.id), from: .id(id)).value
            let note = absent.isEmpty ? "" : domain.language.message("absentNote", ["absent": .list(absent)])
            return IntentResponse(code: "success", data: ["tasks": .list(removed.map(\.name)), "absentNote": .text(note)], snippet: domain.snippet(id))
        }
    }
}

struct DeleteTaskListHandler: IntentHandler {
    let domain: ListsDomain

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        domain.resolveList(input, in: request)
    }

    /// Destroying data: always ask first.
    func confirm(_ request: IntentRequest) throws -> ConfirmOutcome {
        guard let id = request.listID("taskList") else { return .failure(code: "failure", data: [:]) }
        let count = try domain.store.summary(.id(id)).itemCount
        let note = count == 0 ? "" : domain.language.message("itemsNote", ["itemCount": .number(count)])
        return .needsUserConfirmation(code: "confirm", data: ["itemsNote": .text(note), "itemCount": .number(count)])
    }

    func handle(_ request: IntentRequest) throws -> IntentResponse {
        domain.onList(request, "taskList") { id in
            let deleted = try domain.store.deleteList(.id(id)).value
            return IntentResponse(code: "success", data: ["taskList": .text(deleted.list.name)])
        }
    }
}

struct CopyListHandler: IntentHandler {
    let domain: ListsDomain

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        guard parameter == "name" else { return domain.resolveList(input, in: request) }
        // "Copy the pet shop list as pets": the copy's name, never another list's.
        guard input != .missing else { return .notRequired }
        return domain.resolveNewListName(input)
    }

    func handle(_ request: IntentRequest) throws -> IntentResponse {
        domain.onList(request, "list") { id in
            let name = request.value("name")?.display
            let copy = try domain.store.copyList(.id(id), named: name, dateLocale: domain.language.locale).value
            return IntentResponse(code: "success", data: ["copy": .text(copy.name)], snippet: domain.snippet(copy.id))
        }
    }
}

struct ResetListHandler: IntentHandler {
    let domain: ListsDomain

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        domain.resolveList(input, in: request)
    }

    func handle(_ request: IntentRequest) throws -> IntentResponse {
        domain.onList(request, "list") { id in
            let count = try domain.store.resetList(.id(id)).value
            return IntentResponse(
                code: count == 0 ? "nothingChecked" : "success", data: ["count": .number(count)], snippet: domain.snippet(id))
        }
    }
}

struct HelpHandler: IntentHandler {
    let domain: ListsDomain

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        .notRequired
    }

    /// Sample phrases from the language's vocabulary, one per intent.
    func handle(_ request: IntentRequest) throws -> IntentResponse {
        let samples = domain.language.intents.keys.sorted().filter { $0 != "Help" }
            .compactMap { domain.language.intents[$0]?.samples.first }
            .map { "“\($0)”" }
        return IntentResponse(code: "success", data: ["samples": .list(samples)])
    }
}
