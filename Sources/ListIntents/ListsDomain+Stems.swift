import IntentKit
import ListStore

extension ListsDomain {
    /// The lists holding an item said in another form of its name ("гречку" for "гречка",
    /// "雞蛋" for "鸡蛋"), when the language compares names by their stems (`names.stemmer`) or
    /// folds characters (`fold_characters:`) and no list holds it as said: each list's items
    /// matched as names are, an exact match only.
    func lists(holdingItemLike spoken: String) throws -> [TaskList] {
        guard language.nameRules.stemmer != nil || !language.nameRules.characterFold.isEmpty else { return [] }
        return try store.lists().filter { list in
            let items = try store.items(in: .id(list.id))
            guard !items.isEmpty else { return false }
            if case .exact = NameMatcher(names: items.map(\.name), rules: language.nameRules).match(spoken) { return true }
            return false
        }
    }
}
