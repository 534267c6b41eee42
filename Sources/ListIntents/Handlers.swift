import Foundation
import IntentKit
import ListStore

struct SearchForNotebookItemsHandler: IntentHandler {
    let domain: ListsDomain

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        domain.resolveList(input)
    }

    func handle(_ request: IntentRequest) throws -> IntentResponse {
        domain.onList(request, "title") { id in
            let (list, items) = try domain.store.listWithItems(.id(id))
            let data: [String: TemplateValue] = [
                "title": .text(list.name), "count": .number(items.count), "done": .number(items.filter(\.done).count),
            ]
            return IntentResponse(code: items.isEmpty ? "empty" : "success", data: data, snippet: domain.snippet(id))
        }
    }
}

struct AddTasksHandler: IntentHandler {
    let domain: ListsDomain

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        parameter == "targetTaskList" ? domain.resolveList(input) : domain.resolveNewName(input, kind: "item")
    }

    func handle(_ request: IntentRequest) throws -> IntentResponse {
        domain.onList(request, "targetTaskList") { id in
            let titles = request.values("taskTitles").map(\.display)
            let outcome = try domain.store.addItemsUnlessPresent(titles, to: .id(id)).value
            let language = domain.language
            var data: [String: TemplateValue] = [
                "added": .list(outcome.added.map(\.name)),
                "alreadyThere": .list(outcome.alreadyThere.map(\.name)),
                "uncheckedAgain": .list(outcome.uncheckedAgain.map(\.name)),
            ]
            data["alreadyNote"] = .text(outcome.alreadyThere.isEmpty ? "" : language.message("alreadyNote", data))
            data["uncheckedNote"] = .text(outcome.uncheckedAgain.isEmpty ? "" : language.message("uncheckedNote", data))
            if outcome.added.isEmpty {
                // Nothing new: say what was unchecked again, or what was already there.
                let code = outcome.alreadyThere.isEmpty ? "uncheckedOnly" : "nothingNew"
                return IntentResponse(code: code, data: data, snippet: domain.snippet(id))
            }
            return IntentResponse(code: "success", data: data, snippet: domain.snippet(id))
        }
    }
}

struct CreateTaskListHandler: IntentHandler {
    let domain: ListsDomain

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        if parameter == "taskTitles" {
            return input == .missing ? .notRequired : domain.resolveNewName(input, kind: "item")
        }
        let resolution = domain.resolveNewName(input, kind: "list")
        if case .success(let value) = resolution, let existing = domain.listsByKey[NameRules.key(value.display)] {
            return .unsupported(reason: domain.language.message("existingList", ["existing": .text(existing.name)]))
        }
        return resolution
    }

    func handle(_ request: IntentRequest) throws -> IntentResponse {
        let title = request.value("title")?.display ?? ""
        let items = request.values("taskTitles").map(\.display)
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

struct SetTaskAttributeHandler: IntentHandler {
    let domain: ListsDomain

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        switch parameter {
        case "taskList":
            if input == .missing { return try domain.resolveListFromItems(request.spoken("tasks")) }
            return domain.resolveList(input)
        case "tasks":
            return try domain.resolveItem(input, listParameter: "taskList", in: request)
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
            let changed = try domain.store.setDone(done, request.itemIDs("tasks").map(ItemRef.id), in: .id(id)).value
            let changedIDs = Set(changed.map(\.id))
            let unchanged = request.values("tasks").filter { !changedIDs.contains(UUID(key: $0.id) ?? UUID()) }
            var data: [String: TemplateValue] = [
                "verb": .text(language.message(done ? "checkedOff" : "unchecked")),
                "changed": .list(changed.map(\.name)), "unchanged": .list(unchanged.map(\.display)),
                "state": .text(state),
            ]
            data["unchangedNote"] = .text(unchanged.isEmpty ? "" : language.message("unchangedNote", data))
            return IntentResponse(code: changed.isEmpty ? "unchanged" : "success", data: data, snippet: domain.snippet(id))
        }
    }
}

struct DeleteTasksHandler: IntentHandler {
    let domain: ListsDomain

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        if parameter == "taskList" {
            if input == .missing { return try domain.resolveListFromItems(request.spoken("tasks")) }
            return domain.resolveList(input)
        }
        return try domain.resolveItem(input, listParameter: "taskList", in: request)
    }

    func handle(_ request: IntentRequest) throws -> IntentResponse {
        domain.onList(request, "taskList") { id in
            let removed = try domain.store.deleteItems(request.itemIDs("tasks").map(ItemRef.id), from: .id(id)).value
            return IntentResponse(code: "success", data: ["tasks": .list(removed.map(\.name))], snippet: domain.snippet(id))
        }
    }
}

struct DeleteTaskListHandler: IntentHandler {
    let domain: ListsDomain

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        domain.resolveList(input)
    }

    /// Destroying data: always ask first.
    func confirm(_ request: IntentRequest) throws -> ConfirmOutcome {
        guard let id = request.listID("taskList") else { return .failure(code: "failure", data: [:]) }
        let count = try domain.store.items(in: .id(id)).count
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
        domain.resolveList(input)
    }

    func handle(_ request: IntentRequest) throws -> IntentResponse {
        domain.onList(request, "list") { id in
            let copy = try domain.store.copyList(.id(id)).value
            return IntentResponse(code: "success", data: ["copy": .text(copy.name)], snippet: domain.snippet(copy.id))
        }
    }
}

struct ResetListHandler: IntentHandler {
    let domain: ListsDomain

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        domain.resolveList(input)
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
