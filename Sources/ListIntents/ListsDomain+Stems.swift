import Foundation
import IntentKit
import ListStore

extension ListsDomain {
    /// The lists holding an item said in another form of its name ("гречку" for "гречка",
    /// "雞蛋" for "鸡蛋"), when the language compares names by their stems (`names.stemmer`) or
    /// folds characters (`fold_characters:`) and no list holds it as said: each list's items
    /// matched as names are, an exact match only.
    ///
    /// Where no list holds it so, the one list with an item the words stand inside or that is
    /// close in spelling ("快递" of "快递取好了", said without the verb of 取快递; "сметну"): the
    /// item is then a guess on that list, confirmed before anything changes. Several such
    /// lists tell nothing.
    func lists(holdingItemLike spoken: String) throws -> [TaskList] {
        guard language.nameRules.stemmer != nil || !language.nameRules.characterFold.isEmpty else { return [] }
        var exact: [TaskList] = []
        var like: [TaskList] = []
        for list in try store.lists() {
            let items = try store.items(in: .id(list.id))
            guard !items.isEmpty else { continue }
            switch NameMatcher(names: items.map(\.name), rules: language.nameRules).match(spoken) {
            case .exact: exact.append(list)
            case .contained, .similar: like.append(list)
            default: break
            }
        }
        if exact.isEmpty, like.count == 1 { return like }
        return exact
    }
}

extension ListsDomain {
    /// The lists holding an item whose name has the spoken words inside it, as whole words
    /// ("mom" in "call mom": "i called mom"), when no list holds one as said. Lists of more
    /// than `longList` items are not read for this. What is done with an item found this way
    /// is asked about first (the item's own match is a guess).
    func lists(holdingItemContaining spoken: String) throws -> [TaskList] {
        try store.lists().filter { list in
            guard try store.summary(.id(list.id)).itemCount <= Self.longList else { return false }
            let items = try store.items(in: .id(list.id))
            guard !items.isEmpty else { return false }
            switch NameMatcher(names: items.map(\.name), rules: language.nameRules).match(spoken) {
            case .contained, .words: return true
            default: return false
            }
        }
    }

    /// New items as said, each one that names an item of the list in another form ("картошку"
    /// for "картошка", "雞蛋" for "鸡蛋") replaced by that item's name, so that the one rule for
    /// adding finds it there; only where the language compares names by their stems or folds
    /// characters, and only for an exact match, on a list of at most `longList` items. A new
    /// item is otherwise stored as it was said.
    func namesOnList(_ titles: [String], list id: UUID) throws -> [String] {
        guard language.nameRules.stemmer != nil || !language.nameRules.characterFold.isEmpty else { return titles }
        // A long list is not read whole for this, as for finding an item (`longList`).
        guard try store.summary(.id(id)).itemCount <= Self.longList else { return titles }
        let names = try store.items(in: .id(id)).map(\.name)
        guard !names.isEmpty else { return titles }
        let matcher = NameMatcher(names: names, rules: language.nameRules)
        return titles.map { title in
            if case .exact(let index) = matcher.match(title), index < names.count { return names[index] }
            return title
        }
    }
}
