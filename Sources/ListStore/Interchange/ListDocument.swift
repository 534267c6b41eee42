import Foundation

/// Format-neutral representation of the lists being imported or exported.
/// Names are plain text; the store (not this module) validates them and merges duplicates.
public struct ListDocument: Equatable, Sendable {
    public struct Item: Equatable, Sendable {
        public var name: String
        public var done: Bool
        public init(name: String, done: Bool) {
            self.name = name
            self.done = done
        }
    }

    public struct List: Equatable, Sendable {
        public var name: String
        public var items: [Item]
        public init(name: String, items: [Item]) {
            self.name = name
            self.items = items
        }
    }

    public var lists: [List]
    public init(lists: [List]) {
        self.lists = lists
    }
}

/// A decoding failure, optionally tied to a 1-based line of the input.
public struct InterchangeError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var line: Int?

    public init(message: String, line: Int? = nil) {
        self.message = message
        self.line = line
    }

    public var description: String {
        if let line { return "line \(line): \(message)" }
        return message
    }
}
