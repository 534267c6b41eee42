import Foundation

/// Format-neutral representation of the lists being imported or exported.
/// Names are plain text; the store (not this module) validates them and merges duplicates.
public struct ListDocument: Equatable, Sendable {
    public struct Item: Equatable, Sendable {
        public var name: String
        public var done: Bool
        /// When the item was created, if the file says (todo.txt's creation date).
        public var created: Date?
        /// When it was checked off, if the file says (todo.txt's completion date). Only
        /// meaningful for a done item; the store keeps it as the item's modification time.
        public var completed: Date?
        public init(name: String, done: Bool, created: Date? = nil, completed: Date? = nil) {
            self.name = name
            self.done = done
            self.created = created
            self.completed = completed
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
    /// 1-based numbers of the input's lines that held neither a list nor an item and were
    /// left out (a Markdown prose line, say); empty for a document made to be exported.
    public var skippedLines: [Int]
    public init(lists: [List], skippedLines: [Int] = []) {
        self.lists = lists
        self.skippedLines = skippedLines
    }
}

/// A decoding failure, optionally tied to a 1-based line of the input.
package struct InterchangeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, as data (`interchange.*` keys), worded where it is shown.
    package var message: StoreMessage
    package var line: Int?

    package init(_ message: StoreMessage, line: Int? = nil) {
        self.message = message
        self.line = line
    }

    package init(message: String, line: Int? = nil) {
        self.init(StoreMessage(plainText: message), line: line)
    }

    package var description: String {
        if let line { return "line \(line): \(message.english)" }
        return message.english
    }
}
