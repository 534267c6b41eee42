/// The person's own names, registered by the app per entity type ("list": Grocery Store,
/// Hardware Store…), so the engine recognises them. No fixed size limit.
public struct Vocabulary: Sendable {
    public struct Entry: Sendable, Equatable {
        public var id: String
        public var name: String
        public init(id: String, name: String) {
            self.id = id
            self.name = name
        }
    }

    /// The person's own phrases, matched before the sentence templates.
    public var phrases = PhraseBook()

    private var entries: [String: [Entry]] = [:]
    private var folded: [String: Set<String>] = [:]

    public init() {}

    /// Replaces the names of one entity type.
    public mutating func register(_ type: String, _ names: [Entry]) {
        entries[type] = names
        folded[type] = Set(names.map { TextNormalizer.fold($0.name) })
    }

    public func names(_ type: String) -> [Entry] { entries[type] ?? [] }

    /// Whether `foldedText` is exactly a registered name of `type`.
    public func contains(_ type: String, folded text: String) -> Bool {
        folded[type]?.contains(text) ?? false
    }
}
