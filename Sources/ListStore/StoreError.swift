import Foundation

/// Everything the store can refuse, each with a message a person can act on.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A name breaks `NameRules`.
    case invalidName(String)
    /// No list or item matches what was asked for.
    case notFound(String)
    /// Several lists or items match; `candidates` are their names, best first.
    case ambiguous(String, candidates: [String])
    /// The change conflicts with what is there (a duplicate name, an undo whose rows changed).
    case conflict(String)
    /// Nothing to undo or redo.
    case nothingToDo(String)
    /// A file to import could not be read or parsed.
    case invalidInput(String)
    /// The database could not be opened, read or written.
    case storage(String)

    public var description: String {
        switch self {
        case .invalidName(let m), .notFound(let m), .conflict(let m), .nothingToDo(let m),
             .invalidInput(let m), .storage(let m):
            return m
        case .ambiguous(let m, let candidates):
            let shown = candidates.prefix(9).map { "\"\($0)\"" }.joined(separator: ", ")
            let more = candidates.count > 9 ? ", …" : ""
            return "\(m): \(shown)\(more)"
        }
    }
}
