import Foundation
import IntentKit
import ListStore

// The assistant does what the keys do: undo and redo, rename a list or an item,
// move items to another list or within one, sort a list.

/// Undo (`redo` false) or redo the newest change, whichever process made it.
struct UndoChangeHandler: IntentHandler {
    let domain: ListsDomain
    let redo: Bool

    /// The most steps one request undoes or redoes ("undo the last 3 changes").
    static let mostSteps = 20

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        guard parameter == "steps" else { return .notRequired }
        switch input {
        case .missing: return .notRequired
        case .chosen(let value): return .success(value)
        case .spoken(let spoken):
            // A number from 1 or the language's word for one ("three").
            let word = TextNormalizer.fold(spoken)
            guard let n = Int(word) ?? domain.language.ordinals[word], (1...Self.mostSteps).contains(n) else {
                return .unsupported(reason: nil)
            }
            return .success(ParameterValue(kind: .text, id: String(n), display: String(n)))
        }
    }

    func handle(_ request: IntentRequest) throws -> IntentResponse {
        let steps = request.value("steps").flatMap { Int($0.id) } ?? 1
        var changes: [String] = []
        var snippet: Snippet?
        do {
            for _ in 0..<steps {
                let step: UndoStep
                do {
                    step = redo ? try domain.store.redoStep() : try domain.store.undoStep()
                } catch StoreError.nothingToDo {
                    break
                }
                // "removed milk from Grocery Store", in the assistant's language.
                changes.append(MessageCatalog.interface(domain.language.locale).change(step.change))
                // The list it changed, as it is now (a list it removed shows nothing).
                let lists = (step.rows?.items.compactMap { $0.after?.listID ?? $0.before?.listID } ?? [])
                    + (step.rows?.lists.compactMap { $0.after?.id } ?? [])
                snippet = lists.lazy.compactMap { domain.snippet($0) }.first ?? snippet
            }
        } catch {
            return domain.failure(error)
        }
        guard !changes.isEmpty else { return IntentResponse(code: "nothingToDo", data: [:]) }
        // Asked for several: how many were undone (fewer when the log ran out) and which.
        guard steps > 1 else { return IntentResponse(code: "success", data: ["change": .text(changes[0])], snippet: snippet) }
        return IntentResponse(code: "successSeveral", data: ["count": .number(changes.count), "changes": .text(changes.joined(separator: "; "))],
                              snippet: snippet)
    }
}

struct RenameTaskListHandler: IntentHandler {
    let domain: ListsDomain

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        if parameter == "taskList" { return domain.resolveList(input, in: request) }
        let resolution = domain.resolveNewName(input, kind: "list")
        // Another list's name is refused here, so the person can say another.
        if case .success(let value) = resolution, let existing = domain.listsByKey[NameRules.key(value.display)],
           existing.id != request.listID("taskList") {
            return .unsupported(reason: domain.language.message("existingList", ["existing": .text(existing.name)]))
        }
        return resolution
    }

    func handle(_ request: IntentRequest) throws -> IntentResponse {
        domain.onList(request, "taskList") { id in
            let newName = request.value("newName")?.display ?? ""
            let old = try domain.store.list(.id(id))
            let renamed = try domain.store.renameList(.id(id), to: newName)
            let data: [String: TemplateValue] = ["oldName": .text(old.name), "newName": .text(renamed.value.name)]
            return IntentResponse(code: renamed.recorded ? "success" : "unchanged", data: data, snippet: domain.snippet(id))
        }
    }
}

struct RenameTaskHandler: IntentHandler {
    let domain: ListsDomain

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        switch parameter {
        case "taskList": return try domain.resolveListOfItems(input, in: request, items: "task")
        case "task": return try domain.resolveItem(input, listParameter: "taskList", in: request)
        default: return domain.resolveNewName(input, kind: "item")
        }
    }

    func handle(_ request: IntentRequest) throws -> IntentResponse {
        domain.onList(request, "taskList") { id in
            guard let item = try domain.itemIDs(request, "task", list: id).first else {
                throw StoreError.notFound(StoreMessage(plainText: domain.language.message("itemGone")))
            }
            let old = try domain.store.item(.id(item), in: .id(id))
            let renamed = try domain.store.renameItem(.id(item), in: .id(id), to: request.value("newName")?.display ?? "")
            let data: [String: TemplateValue] = ["oldName": .text(old.name), "newName": .text(renamed.value.name)]
            return IntentResponse(code: "success", data: data, snippet: domain.snippet(id))
        }
    }
}

struct MoveTasksHandler: IntentHandler {
    let domain: ListsDomain

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        switch parameter {
        case "taskList": return try domain.resolveListOfItems(input, in: request, items: "tasks")
        case "tasks": return try domain.resolveItem(input, listParameter: "taskList", in: request)
        default: return domain.resolveList(input, in: request)
        }
    }

    func handle(_ request: IntentRequest) throws -> IntentResponse {
        domain.onList(request, "taskList") { id in
            guard let target = request.listID("targetTaskList") else {
                throw StoreError.notFound(StoreMessage(plainText: domain.language.message("listGone")))
            }
            let ids = try domain.itemIDs(request, "tasks", list: id)
            // "Move everything" from a list with nothing on it (or nothing checked): said so, not a failure.
            guard !ids.isEmpty else {
                let checkedOnly = request.values("tasks").contains { $0.kind == .enumeration && $0.id == ListsDomain.checkedItems }
                let what = domain.language.message(checkedOnly ? "checkedItemsWord" : "items")
                return IntentResponse(code: "nothingToMove", data: ["what": .text(what)], snippet: domain.snippet(id))
            }
            let outcome = try domain.store.moveItems(ids.map(ItemRef.id), from: .id(id), to: .id(target)).value
            var data: [String: TemplateValue] = [
                "moved": .list(outcome.moved.map(\.name) + outcome.merged.map(\.name)),
                "merged": .list(outcome.merged.map(\.name)),
            ]
            data["mergedNote"] = .text(outcome.merged.isEmpty ? "" : domain.language.message("mergedNote", data))
            return IntentResponse(code: "success", data: data, snippet: domain.snippet(target))
        }
    }
}

struct MoveTaskToPositionHandler: IntentHandler {
    let domain: ListsDomain
    static let top = "top", bottom = "bottom"
    /// One place higher or lower than the item is now ("move butter up").
    static let up = "up", down = "down"

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        switch parameter {
        case "taskList": return try domain.resolveListOfItems(input, in: request, items: "task")
        case "task": return try domain.resolveItem(input, listParameter: "taskList", in: request)
        default:
            switch input {
            case .missing: return .needsValue
            case .chosen(let value): return .success(value)
            case .spoken(let spoken):
                let word = TextNormalizer.fold(spoken)
                if word == Self.top || word == Self.bottom || word == Self.up || word == Self.down { return .success(place(word)) }
                // A position: a number from 1, or an ordinal word of the language ("third", "last").
                if let n = Int(word), n >= 1 { return .success(place(String(n))) }
                if let n = domain.language.ordinals[word] {
                    return .success(place(n == -1 ? Self.bottom : n == 1 ? Self.top : String(n)))
                }
                return .unsupported(reason: nil)
            }
        }
    }

    /// "top", "bottom" or a number, shown in words ("the top", "position 3").
    private func place(_ id: String) -> ParameterValue {
        let language = domain.language
        let display = id == Self.top ? language.message("placeTop") : id == Self.bottom ? language.message("placeBottom")
            : id == Self.up ? language.message("placeUp") : id == Self.down ? language.message("placeDown")
            : language.message("placePosition", ["position": .text(id)])
        return ParameterValue(kind: .text, id: id, display: display)
    }

    func handle(_ request: IntentRequest) throws -> IntentResponse {
        domain.onList(request, "taskList") { id in
            guard let item = try domain.itemIDs(request, "task", list: id).first else {
                throw StoreError.notFound(StoreMessage(plainText: domain.language.message("itemGone")))
            }
            var place = request.value("place")?.id ?? Self.bottom
            if place == Self.up || place == Self.down {
                // One place from where it is now; past either end, it stays.
                let now = try domain.store.items(in: .id(id)).firstIndex { $0.id == item } ?? 0
                place = String(max(1, now + (place == Self.up ? 0 : 2)))
            }
            let index = place == Self.top ? 0 : place == Self.bottom ? Int.max : (Int(place) ?? 1) - 1
            let moved = try domain.store.moveItem(.id(item), in: .id(id), to: index)
            let position = try domain.store.items(in: .id(id)).firstIndex { $0.id == item }.map { $0 + 1 } ?? 0
            let code = !moved.recorded ? "unchanged" : place == Self.top ? "top" : place == Self.bottom ? "bottom" : "position"
            let data: [String: TemplateValue] = ["task": .text(moved.value.name), "position": .number(position)]
            return IntentResponse(code: code, data: data, snippet: domain.snippet(id))
        }
    }
}

struct SortListHandler: IntentHandler {
    let domain: ListsDomain

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        domain.resolveList(input, in: request)
    }

    func handle(_ request: IntentRequest) throws -> IntentResponse {
        domain.onList(request, "list") { id in
            let sorted = try domain.store.sortItems(in: .id(id), collation: NameCollation(locale: domain.language.locale))
            return IntentResponse(code: sorted.recorded ? "success" : "alreadySorted", data: [:], snippet: domain.snippet(id))
        }
    }
}
