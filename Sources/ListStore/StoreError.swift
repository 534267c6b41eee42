import Foundation
import GRDB

/// Everything the store can refuse, each with a message a person can act on.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A name breaks `NameRules`.
    case invalidName(StoreMessage)
    /// No list or item matches what was asked for.
    case notFound(StoreMessage)
    /// Several lists or items match; `candidates` are their names, best first.
    case ambiguous(StoreMessage, candidates: [String])
    /// The change conflicts with what is there (a duplicate name, an undo whose rows changed).
    case conflict(StoreMessage)
    /// Nothing to undo or redo.
    case nothingToDo(StoreMessage)
    /// A file to import could not be read or parsed.
    case invalidInput(StoreMessage)
    /// The database could not be opened, read or written.
    case storage(StoreMessage)

    /// What the error says (an ambiguity without its candidates).
    package var message: StoreMessage {
        switch self {
        case .invalidName(let m), .notFound(let m), .conflict(let m), .nothingToDo(let m),
             .invalidInput(let m), .storage(let m), .ambiguous(let m, _):
            return m
        }
    }

    public var description: String {
        guard case .ambiguous(let m, let candidates) = self else { return message.english }
        return m.english + Self.listing(candidates)
    }

    /// An ambiguity's candidates as every language shows them after its message:
    /// `: "Hardware Store", "Hard"`, nine at most.
    package static func listing(_ candidates: [String]) -> String {
        let shown = candidates.prefix(9).map { "\"\($0)\"" }.joined(separator: ", ")
        let more = candidates.count > 9 ? ", …" : ""
        return ": \(shown)\(more)"
    }
}

extension StoreError {
    // The cases made from text built at run time (`"…" + "…"`, a `String` variable): shown as
    // it is in every language, as a string literal is.
    public static func invalidName(_ text: String) -> StoreError { .invalidName(StoreMessage(plainText: text)) }
    public static func notFound(_ text: String) -> StoreError { .notFound(StoreMessage(plainText: text)) }
    public static func ambiguous(_ text: String, candidates: [String]) -> StoreError {
        .ambiguous(StoreMessage(plainText: text), candidates: candidates)
    }
    public static func conflict(_ text: String) -> StoreError { .conflict(StoreMessage(plainText: text)) }
    public static func nothingToDo(_ text: String) -> StoreError { .nothingToDo(StoreMessage(plainText: text)) }
    public static func invalidInput(_ text: String) -> StoreError { .invalidInput(StoreMessage(plainText: text)) }
    public static func storage(_ text: String) -> StoreError { .storage(StoreMessage(plainText: text)) }
}

/// A message of the store's, as data: the key of the interface catalog that words it
/// (`error.list.notFound`: "No list matches “${query}”.") and its values, with its English, as
/// `ChangeSummary` is for a change. The person's language is chosen where it is shown. A
/// message written as text (a string literal: what only a developer sees, a system's own
/// words, or text already in the person's language) has no key and is shown as it is. Two
/// messages are equal when they say the same in English.
public struct StoreMessage: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The catalog key; empty for text shown as it is.
    package let key: String
    package let values: [String: ChangeSummary.Value]
    /// A change the message names (an undo that cannot be done), worded as changes are.
    package let change: ChangeSummary?
    package let english: String

    package init(_ key: String, _ values: [String: ChangeSummary.Value] = [:], change: ChangeSummary? = nil, english: String) {
        self.key = key
        self.values = values
        self.change = change
        self.english = english
    }

    /// Text shown as it is, in every language.
    package init(plainText: String) {
        self.init("", english: plainText)
    }

    public init(stringLiteral value: String) {
        self.init(plainText: value)
    }

    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(plainText: String(stringInterpolation: stringInterpolation))
    }

    public var description: String { english }

    public static func == (a: StoreMessage, b: StoreMessage) -> Bool { a.english == b.english }
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
        /// A message naming the file.
        func about(_ key: String, _ english: String) -> StoreMessage {
            StoreMessage(key, ["file": .text(file)], english: english)
        }
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            self = .storage(about("error.db.damaged", "\(file) is damaged or not a ListOMat database"))
        case .SQLITE_READONLY:
            self = .storage(about("error.db.readOnly", "\(file) is read-only; nothing was changed"))
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self = .storage(about("error.db.locked", "\(file) stayed locked by another process for 10 seconds; nothing was changed"))
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            self = .storage(about("error.db.cannotOpen", "cannot open \(file) (check that it and its folder exist and are readable)"))
        case .SQLITE_FULL:
            self = .storage(about("error.db.full", "the disk holding \(file) is full; nothing was changed"))
        case .SQLITE_IOERR:
            self = .storage(about("error.db.io", "an I/O error occurred on \(file); nothing was changed"))
        case .SQLITE_CONSTRAINT:
            self = .conflict(about("error.db.conflict", "the change conflicts with data already in \(file); nothing was changed"))
        default:
            self = .storage("\(file): \(error.message ?? "\(error.resultCode)")")
        }
    }
}
