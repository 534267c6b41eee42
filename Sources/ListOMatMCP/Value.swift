import Foundation

/// A JSON value: what a JSON-RPC message, a tool's arguments and its structured result are
/// made of. Written as literals (`["type": "string", "minItems": 1]`).
package enum Value: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([Value])
    case object([String: Value])

    package var isNull: Bool { self == .null }

    package var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// A whole number, also when it was written as `2.0`.
    package var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value.rounded() == value && abs(value) < 1e15: return Int(value)
        default: return nil
        }
    }

    package var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    package var arrayValue: [Value]? {
        if case .array(let value) = self { return value }
        return nil
    }

    package var objectValue: [String: Value]? {
        if case .object(let value) = self { return value }
        return nil
    }

    package subscript(key: String) -> Value? { objectValue?[key] }
}

extension Value: Codable {
    package init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([Value].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: Value].self))
        }
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value) where value.isFinite: try container.encode(value)
        case .double: try container.encodeNil()
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// One line of JSON (a JSON string never holds a raw newline), keys sorted.
    package func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every case encodes; a failure here would be a bug in `encode(to:)`.
        return (try? encoder.encode(self)) ?? Data("null".utf8)
    }

    /// The value a line of JSON holds; nil when it is not JSON (or not UTF-8).
    package init?(json: Data) {
        guard let value = try? JSONDecoder().decode(Value.self, from: json) else { return nil }
        self = value
    }
}

// Not ExpressibleByNilLiteral: a `nil` meant as "no value" would silently become `.null`.
extension Value: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(floatLiteral value: Double) { self = .double(value) }
    package init(stringLiteral value: String) { self = .string(value) }
    package init(arrayLiteral elements: Value...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, Value)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
