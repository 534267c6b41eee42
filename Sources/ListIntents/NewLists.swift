import Foundation
import IntentKit
import ListStore

/// Names for lists that do not exist yet: the name a request gives a new list, and the offer
/// to create a list that an add names but the person does not have.
extension ListsDomain {
    /// The most words a name for a new list may have when the assistant reads it out of a
    /// sentence; a longer one was most likely cut in the wrong place.
    static let newNameWords = 5

    /// The name for a new list as said, when the reading is a clean one: the words said around
    /// a name set aside ("my", "the" before it, "list" after it; but "today's" in "today's
    /// tasks" is part of it), no function word ("to", "for", "me") at either edge and no vague
    /// word ("a", "it", "new") first or alone, at most `newNameWords` words. Another name for a kind
    /// of list ("to do", "things to buy") is always clean. A name typed all in lower case gets
    /// a capital first letter ("camping" → "Camping"). Nil: not a name to act on.
    func newListName(_ spoken: String) -> String? {
        let tokens = TextNormalizer.tokenize(spoken)
        var rules = language.nameRules
        rules.leadingNoise.formIntersection(language.functionWords)
        let core = rules.coreRange(tokens.count) { tokens[$0].folded }
        let words = tokens[core].map(\.folded)
        guard !core.isEmpty, Self.wordCount(words) <= Self.newNameWords else { return nil }
        let phrase = words.joined(separator: " ")
        let aKindOfList = rules.sameNames.contains { $0.contains(phrase) }
        if !aKindOfList {
            let unclean = language.functionWords.union(language.vagueWords)
            // A vague word may end a name of several words in a script with spaces ("Cat
            // Things", "Fun Stuff"), never begin one or be all of it ("a list", "new stuff").
            let endsAName = words.count > 1 && !SpacelessText.isSpaceless(word: words[words.count - 1])
                && !language.functionWords.contains(words[words.count - 1])
            guard let first = words.first, let last = words.last,
                  !unclean.contains(first), endsAName || !unclean.contains(last),
                  // "school supplies list tomorrow": words said after a name ("list", "now"; but
                  // "for", a function word, as in "Packing for Lisbon") are no part of one.
                  // (A character of a script without spaces is a word only with its neighbours:
                  // 上 in 上海 is no "上" after a name.)
                  !words.contains(where: {
                      language.nameRules.trailingNoise.contains($0) && !language.functionWords.contains($0)
                          && !SpacelessText.isSpaceless(word: $0)
                  }),
                  !language.nameRules.isUnnamed(phrase),
                  // In a script without spaces the words are characters: the whole of what is
                  // left may still be one vague word, a phrase of them ("สร้างลิสต์พวกเรา":
                  // "พวก" once "เรา" is set aside; "ของ" of "ของฉัน").
                  !(words.allSatisfy(SpacelessText.isSpaceless(word:)) && unclean.contains(phrase))
            else { return nil }
        }
        let name = String(spoken[tokens[core.lowerBound].range.lowerBound..<tokens[core.upperBound - 1].range.upperBound])
        guard name == name.lowercased(), let initial = name.first else { return name }
        return initial.uppercased() + name.dropFirst()
    }

    /// The name of a list to be made (created, or a copy): a clean reading of what was said
    /// (`newListName`; a name cut in the wrong place, "sure to add tape to the", or none, "a
    /// list", is asked for), within the store's rules, and never another list's name.
    func resolveNewListName(_ input: ResolutionInput) -> Resolution {
        var input = input
        if case .spoken(let spoken) = input {
            guard let name = newListName(spoken) else { return .needsValue }
            input = .spoken(name)
        }
        let resolution = resolveNewName(input, kind: "list")
        if case .success(let value) = resolution, let existing = listsByKey[NameRules.key(value.display)] {
            return .unsupported(reason: language.message("existingList", ["existing": .text(existing.name)]))
        }
        return resolution
    }

    /// How many words a name has, for `newNameWords`: a word of a script written without
    /// spaces is about two of its characters ("国庆节出游计划" is four), a Thai word about three
    /// ("เที่ยวเชียงใหม่", eleven characters, is four).
    static func wordCount(_ words: [String]) -> Int {
        let spaceless = words.filter(SpacelessText.isSpaceless(word:))
        let thai = spaceless.filter(ThaiScript.isThai(word:)).count
        let others = spaceless.count - thai
        return words.count - spaceless.count + (others + 1) / 2 + (thai + 2) / 3
    }

    /// A request to add to a list the person does not have: "There's no School list. Create
    /// it and add pencils?" (a yes creates it with the items, one step of undo). Only for a
    /// clean name (`newListName`) and with something to add; otherwise the resolution stands
    /// ("I can't find a list …").
    func offeringNewList(_ resolution: Resolution, for input: ResolutionInput, adding items: [String]) -> Resolution {
        guard case .unsupported = resolution, case .spoken(let spoken) = input, !items.isEmpty, spoken != Self.sayThis,
              let name = newListName(spoken), (try? NameRules.validate(name, kind: "list")) != nil,
              listsByKey[NameRules.key(name)] == nil else { return resolution }
        return .confirmationRequired(.text(name), prompt: "offerNewList")
    }

    /// An add that names no list, of items that are all on one list already ("we ran out of
    /// coffee", "i still need the passport"): that list. At once when every item is there and
    /// not checked off (nothing changes: the answer says they are there); asked first when one
    /// would be unchecked or is said another way ("Add passport to Packing for Lisbon?"). Only in
    /// a language with the prompt `onList`; nil when the items settle no list.
    func listHolding(itemsToAdd spoken: [String]) throws -> Resolution? {
        guard !spoken.isEmpty, !spoken.contains(where: { $0.hasPrefix(Self.special) }),
              language.intents["AddTasks"]?.prompts["targetTaskList"]?["onList"] != nil,
              case .success(let list) = try resolveListFromItems(spoken), let id = UUID(key: list.id) else { return nil }
        let open = Set(try store.items(in: .id(id)).filter { !$0.done }.map { NameRules.key($0.name) })
        if spoken.allSatisfy({ open.contains(NameRules.key($0)) }) { return .success(list) }
        return .confirmationRequired(list, prompt: "onList")
    }

    /// The person's own list that a request to create one names: "start a grocery list" with
    /// Grocery there, "this week's shopping list" (words said around a name set aside, time
    /// words among them). Only a name matched exactly: "make a gift list" beside Gift Shop is new.
    func existingList(named spoken: String) -> TaskList? {
        guard case .exact(let index) = listNames.match(spoken) else { return nil }
        return lists[index]
    }

    /// The most items offered as a menu when the one named is not there: past this many, a
    /// menu of names unrelated to what was said is more to read than to answer. (A list that
    /// is not there gets no menu: "I can't find a list called …", the answer the owners chose
    /// for every request but an add, which offers to create it.)
    static let offeredWhenNotFound = 6

    /// An item to check off that the list does not have ("cross volunteering off my to do
    /// list"): with two to `offeredWhenNotFound` items still open on it, "To Do has no item
    /// “volunteering”. Which item should I check off: …?", a menu of them (nothing is checked
    /// off before a pick). With more, or one, "… has no item" stands: a long menu is more to read,
    /// and one item offered for another name is a guess. Only in a language that says why (its
    /// prompt `disambiguationNotFound`).
    func offeringItemsToCheck(_ resolution: Resolution, for input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        guard case .unsupported = resolution, case .spoken(let spoken) = input, !spoken.hasPrefix(Self.special),
              let id = request.listID("taskList"),
              language.intents[request.intent]?.prompts["tasks"]?["disambiguationNotFound"] != nil else { return resolution }
        let open = try store.items(in: .id(id)).filter { !$0.done }
        guard (2...Self.offeredWhenNotFound).contains(open.count) else { return resolution }
        return .disambiguation(open.map(value))
    }

    /// A list to create that the person said yes to: a value of text, not a list's id.
    static func isNewList(_ value: ParameterValue) -> Bool { UUID(key: value.id) == nil && value.kind == .text }
}
