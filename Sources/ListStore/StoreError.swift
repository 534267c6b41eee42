import Foundation
import GRDB

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

extension StoreError {
    /// Turns any error from below (GRDB, SQLite, the file system) into a message a person
    /// can act on. Our own errors pass through.
    init(_ error: any Error, path: String?) {
        if let error = error as? StoreError {
            self = error
            return
        }
        let file = path ?? "the database"
        guard let error = error as? DatabaseError else {
            self = .storage("\(file): \(error)")
            return
        }
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            self = .storage("\(file) is damaged or not a ListOMat database")
        case .SQLITE_READONLY:
            self = .storage("\(file) is read-only; nothing was changed")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self = .storage("\(file) stayed locked by another process for 10 seconds; nothing was changed")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            self = .storage("cannot open \(file) (check that it and its folder exist and are readable)")
        case .SQLITE_FULL:
            self = .storage("the disk holding \(file) is full; nothing was changed")
        case .SQLITE_IOERR:
            self = .storage("an I/O error occurred on \(file); nothing was changed")
        case .SQLITE_CONSTRAINT:
            self = .conflict("the change conflicts with data already in \(file); nothing was changed")
        default:
            self = .storage("\(file): \(error.message ?? "\(error.resultCode)")")
        }
    }
}
