import Foundation

/// The original iOS List-o-Mat app's Codable format:
/// `[{"name": "Grocery Store", "items": [{"name": "milk", "done": false}]}]`
enum ListOMatJSON {
    private struct ListDTO: Decodable {
        var name: String
        var items: [ItemDTO]
    }

    private struct ItemDTO: Decodable {
        var name: String
        var done: Bool

        enum CodingKeys: String, CodingKey { case name, done }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = try c.decode(String.self, forKey: .name)
            // Lenient on `done` only: a missing flag simply means "not done yet".
            done = try c.decodeIfPresent(Bool.self, forKey: .done) ?? false
        }
    }

    static let expectation = #"invalid List-o-Mat JSON: expected an array of {"name", "items"} objects"#

    static func decode(_ text: String) throws(InterchangeError) -> ListDocument {
        let dtos: [ListDTO]
        do {
            dtos = try JSONDecoder().decode([ListDTO].self, from: Data(text.utf8))
        } catch let error as DecodingError {
            throw InterchangeError(message(for: error))
        } catch {
            throw InterchangeError(StoreMessage("interchange.json.invalid", english: expectation))
        }
        return ListDocument(lists: dtos.map { list in
            ListDocument.List(
                name: TextInput.trimmed(list.name),
                items: list.items.map { .init(name: TextInput.trimmed($0.name), done: $0.done) }
            )
        })
    }

    /// What is wrong and a short "where" (`interchange.json.*`): `missing "items" in [0]`,
    /// `wrong type at [0].items[2].name`. `${path}` is JSON's, the same in every language;
    /// empty for the top level, which each language words (`interchange.json.topLevel`).
    private static func message(for error: DecodingError) -> StoreMessage {
        func at(_ key: String, _ english: String, _ codingPath: [any CodingKey], _ more: [String: ChangeSummary.Value] = [:]) -> StoreMessage {
            let path = path(codingPath)
            return StoreMessage(key, more.merging(["path": .text(path)]) { $1 },
                                english: "\(expectation) (\(english)\(path.isEmpty ? "top level" : path))")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return at("interchange.json.missing", "missing \"\(key.stringValue)\" in ", context.codingPath, ["key": .text(key.stringValue)])
        case .typeMismatch(_, let context):
            return at("interchange.json.wrongType", "wrong type at ", context.codingPath)
        case .valueNotFound(_, let context):
            return at("interchange.json.null", "null at ", context.codingPath)
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return StoreMessage("interchange.json.malformed", english: "\(expectation) (not well-formed JSON)")
        case .dataCorrupted(let context):
            return at("interchange.json.badValue", "bad value at ", context.codingPath)
        @unknown default:
            return StoreMessage("interchange.json.invalid", english: expectation)
        }
    }

    /// `[0].items[2].name`; empty for the top level.
    private static func path(_ codingPath: [any CodingKey]) -> String {
        var result = ""
        for key in codingPath {
            if let index = key.intValue {
                result += "[\(index)]"
            } else {
                result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return result
    }

    // MARK: - Encoding

    /// Written by hand so the key order (name, items / name, done) and formatting are stable.
    static func encode(_ doc: ListDocument) -> String {
        guard !doc.lists.isEmpty else { return "[]\n" }
        var out = "[\n"
        for (i, list) in doc.lists.enumerated() {
            out += "  {\n"
            out += "    \"name\": \(JSONText.quoted(list.name)),\n"
            if list.items.isEmpty {
                out += "    \"items\": []\n"
            } else {
                out += "    \"items\": [\n"
                for (j, item) in list.items.enumerated() {
                    out += "      {\n"
                    out += "        \"name\": \(JSONText.quoted(item.name)),\n"
                    out += "        \"done\": \(item.done)\n"
                    out += j == list.items.count - 1 ? "      }\n" : "      },\n"
                }
                out += "    ]\n"
            }
            out += i == doc.lists.count - 1 ? "  }\n" : "  },\n"
        }
        return out + "]\n"
    }
}

/// JSON text written by hand where `JSONEncoder` would cost too much (exports, the undo log,
/// the shortcuts log): the same escapes it writes.
package enum JSONText {
    /// JSON string literal: escapes quotes, backslashes and control characters only;
    /// everything else (including non-ASCII and "/") is emitted verbatim as UTF-8.
    package static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
