import Yams

/// An intent as data, the same in every language: its parameters in resolution order,
/// whether the person must confirm before it is handled, and its response codes. The words
/// (title, prompts, response templates) are in each language's file.
public struct IntentSchema: Sendable {
    public struct Parameter: Sendable {
        public var name: String
        /// The value list the parameter draws from: an entity type ("list"), an enumeration
        /// ("status") or "text".
        public var type: String
        public var multiple: Bool
        public var required: Bool
    }

    public var name: String
    public var parameters: [Parameter]
    public var confirms: Bool
    public var responseCodes: [String]

    public func parameter(_ name: String) -> Parameter? { parameters.first { $0.name == name } }

    /// Parses the schema file: a mapping from intent name to its definition.
    public static func load(yaml: String, file: String) throws(LanguageError) -> [IntentSchema] {
        func fail(_ message: String) -> LanguageError { LanguageError(message: "\(file): \(message)") }
        let root: [String: Any]
        do {
            guard let node = try Yams.load(yaml: yaml) as? [String: Any] else { throw fail("expected a mapping of intents") }
            root = node
        } catch let error as LanguageError {
            throw error
        } catch {
            throw fail("\(error)")
        }
        var schemas: [IntentSchema] = []
        for (name, value) in root.sorted(by: { $0.key < $1.key }) {
            guard let spec = value as? [String: Any] else { throw fail("\(name) must be a mapping") }
            var parameters: [Parameter] = []
            for (index, item) in ((spec["parameters"] as? [Any]) ?? []).enumerated() {
                guard let p = item as? [String: Any], let pname = p["name"] as? String, let type = p["type"] as? String else {
                    throw fail("\(name).parameters[\(index)] needs a name and a type")
                }
                parameters.append(Parameter(
                    name: pname, type: type, multiple: p["multiple"] as? Bool ?? false, required: p["required"] as? Bool ?? true))
            }
            schemas.append(IntentSchema(
                name: name, parameters: parameters, confirms: spec["confirm"] as? Bool ?? false,
                responseCodes: (spec["responses"] as? [String]) ?? ["success"]))
        }
        return schemas
    }
}
