/// The dynamic vocabulary: the person's own names by entity type (e.g. "list"), which the
/// engine recognises in what they say.
public struct Vocabulary: Sendable {
    package struct Entry: Sendable, Equatable {
        package var id: String
        package var name: String
        package init(id: String, name: String) {
            self.id = id
            self.name = name
        }
    }

    /// The person's own phrases, matched before the sentence templates.
    package var phrases = PhraseBook()

    private var entries: [String: [Entry]] = [:]
    /// Boxed: a look-up returns a reference, never a copy of the matcher's indexes (the
    /// sentence matcher asks for every entity slot it scores).
    private final class Box: Sendable {
        let matcher: NameMatcher
        init(_ matcher: NameMatcher) { self.matcher = matcher }
    }
    private var matchers: [String: Box] = [:]

    package init() {}

    /// Replaces the names of one entity type; `rules` say what is said around a name, so
    /// "my shopping list" is known as "Shopping List" (and as "Shopping").
    /// `cache`: where the names' folded words are kept between runs (`NameCache`), or nil.
    package mutating func register(_ type: String, _ names: [Entry], rules: NameMatchingRules = .none, cache: NameCache? = nil) {
        entries[type] = names
        matchers[type] = Box(NameMatcher(names: names.map(\.name), rules: rules, cache: cache))
        references[Self.reference(type)] = { rules.isReference($0) }
    }

    /// By `reference(type)`: whether words only point at one of that type (made once, as every
    /// request asks).
    private var references: [String: @Sendable (_ folded: String) -> Bool] = [:]

    package func names(_ type: String) -> [Entry] { entries[type] ?? [] }
    /// The types names are registered for ("list").
    package var types: [String] { Array(entries.keys) }

    /// The names of `type`, ready for matching (indices as in `names(type)`).
    package func matcher(_ type: String) -> NameMatcher? { matchers[type]?.matcher }

    /// Whether `foldedText` names exactly one registered name of `type`, as said or with the
    /// words around it ("my shopping list" for "Shopping List").
    package func contains(_ type: String, folded text: String) -> Bool {
        contains(type, matcher: matcher(type), folded: text)
    }

    /// `contains(type, folded:)` with the type's matcher already looked up (`matcher(type)`):
    /// a type with names registered is answered by its matcher.
    package func contains(_ type: String, matcher: NameMatcher?, folded text: String) -> Bool {
        if let matcher { return matcher.isKnown(folded: text) }
        return holder(type)?(text) ?? false
    }

    /// What answers `contains(type, …)` for a type with no names registered: the test of
    /// `holds` for `held(type)`, else nil (such a type never names anything).
    /// `reference(type)` is answered by the type's rules: whether the words only point at one
    /// ("my list"); `exact(type)` by the type's names, exactly as written.
    package func holder(_ type: String) -> (@Sendable (_ folded: String) -> Bool)? {
        if Self.isReference(type) { return references[type] }
        if !holds.isEmpty, type.hasPrefix(Self.heldPrefix) { return holds[String(type.dropFirst(Self.heldPrefix.count))] }
        guard type.hasPrefix(Self.exactPrefix), let matcher = matcher(String(type.dropFirst(Self.exactPrefix.count))) else { return nil }
        return { matcher.isExactName(folded: $0) }
    }

    /// Whether the person has something of a type no names are registered for, by its folded
    /// words (an item on one of their lists): asked only by sentences that stand on what the
    /// person has (`SentenceGroup.onlyKnownNames`), as `contains(held(type), …)`, so that no
    /// other sentence's score changes.
    /// By type ("item").
    package var holds: [String: @Sendable (_ folded: String) -> Bool] = [:]
    private static let heldPrefix = "held:"
    package static func held(_ type: String) -> String { heldPrefix + type }

    /// Words that point at something of a type without naming it ("my list"), as
    /// `contains(reference(type), …)`: a split of a request at a later word stands on them
    /// ("add a gift for dad to my list" adds "a gift for dad"), as it does on a name.
    private static let referencePrefix = "reference:"
    package static func reference(_ type: String) -> String { referencePrefix + type }
    package static func isReference(_ type: String) -> Bool { type.hasPrefix(referencePrefix) }

    /// Whether words are a name of a type exactly as written, as `contains(exact(type), …)`
    /// (for a test that needs it where only `contains` is at hand).
    private static let exactPrefix = "exact:"
    package static func exact(_ type: String) -> String { exactPrefix + type }

    /// Whether `foldedText` is a name of `type` exactly as written (its folded words, none set aside).
    package func containsExactly(_ type: String, folded text: String) -> Bool {
        Self.containsExactly(matcher: matcher(type), folded: text)
    }

    /// `containsExactly(type, folded:)` with the type's matcher already looked up.
    package static func containsExactly(matcher: NameMatcher?, folded text: String) -> Bool {
        matcher?.isExactName(folded: text) ?? false
    }
}
