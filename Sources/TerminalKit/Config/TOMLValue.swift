/// A value read from a TOML file. Only what `TOML` supports: no floats, dates or times.
package enum TOMLValue: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case array([TOMLValue])
    case table(TOMLTable)

    package var string: String? { if case .string(let value) = self { value } else { nil } }
    package var integer: Int? { if case .integer(let value) = self { value } else { nil } }
    package var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    package var array: [TOMLValue]? { if case .array(let value) = self { value } else { nil } }
    package var table: TOMLTable? { if case .table(let value) = self { value } else { nil } }

    /// What kind of value this is, for messages: "a string", "an integer", …
    /// The kind's name, for a message's values ("string", "integer", "bool", "array", "table").
    package var kindName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .bool: "bool"
        case .array: "array"
        case .table: "table"
        }
    }

    package var kindDescription: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .bool: "a boolean"
        case .array: "an array"
        case .table: "a table"
        }
    }
}

/// A TOML table: its keys in the order the file gives them, each with its value and the
/// line it was defined on (so later checks can say where a problem is).
package struct TOMLTable: Hashable, Sendable {
    package struct Entry: Hashable, Sendable {
        package var key: String
        package var value: TOMLValue
        /// The 1-based line of the key (a table made by a `[header]`: the header's line).
        package var line: Int

        package init(key: String, value: TOMLValue, line: Int) {
            self.key = key
            self.value = value
            self.line = line
        }
    }

    package private(set) var entries: [Entry] = []
    private var positions: [String: Int] = [:]

    package init() {}

    /// A table of `entries`; a key given twice keeps its last value.
    package init(_ entries: [Entry]) {
        for entry in entries { set(entry.key, entry.value, line: entry.line) }
    }

    package var keys: [String] { entries.map(\.key) }
    package var isEmpty: Bool { entries.isEmpty }
    package var count: Int { entries.count }

    package subscript(key: String) -> TOMLValue? {
        positions[key].map { entries[$0].value }
    }

    /// The line `key` was defined on, or nil when the table has no such key.
    package func line(of key: String) -> Int? {
        positions[key].map { entries[$0].line }
    }

    /// Sets `key`, keeping its place when it is already there.
    package mutating func set(_ key: String, _ value: TOMLValue, line: Int) {
        if let position = positions[key] {
            entries[position] = Entry(key: key, value: value, line: line)
        } else {
            positions[key] = entries.count
            entries.append(Entry(key: key, value: value, line: line))
        }
    }
}

/// Why a text is not TOML we can read: the 1-based line and what is wrong there.
package struct TOMLError: Error, Hashable, Sendable, CustomStringConvertible {
    package var line: Int
    package var message: String

    package init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    package var description: String { "line \(line): \(message)" }
}
