import Yams

/// An intent as data, the same in every language: its parameters in resolution order,
/// whether the person must confirm before it is handled, and its response codes. The words
/// (title, prompts, response templates) are in each language's file.
public struct IntentSchema: Sendable {
    package struct Parameter: Sendable, Equatable {
        package var name: String
        /// The value list the parameter draws from: an entity type ("list"), an enumeration
        /// ("status") or "text".
        package var type: String
        package var multiple: Bool
        package var required: Bool

        package init(name: String, type: String, multiple: Bool = false, required: Bool = true) {
            self.name = name
            self.type = type
            self.multiple = multiple
            self.required = required
        }
    }

    package var name: String
    package var parameters: [Parameter]
    package var confirms: Bool
    /// Whether handling may change the person's data (false: it only answers). A request
    /// that changes data is never handled on a guess without a yes.
    package var changes: Bool
    package var responseCodes: [String]
    /// The entity type a request of this intent makes ("list" for creating a list): the next
    /// request said in the same sentence, naming none of that type, means the one made
    /// ("make a camping list and add a tent").
    package var creates: String?

    package init(
        name: String, parameters: [Parameter], confirms: Bool = false, changes: Bool = true, responseCodes: [String] = ["success"],
        creates: String? = nil
    ) {
        self.name = name
        self.parameters = parameters
        self.confirms = confirms
        self.changes = changes
        self.responseCodes = responseCodes
        self.creates = creates
    }

    package func parameter(_ name: String) -> Parameter? { parameters.first { $0.name == name } }

    /// Parses the schema file: a mapping from intent name to its definition.
    package static func load(yaml: String, file: String) throws(LanguageError) -> [IntentSchema] {
        do throws(YAMLProblem) {
            guard let root = try YAMLNodes.compose(yaml), case .mapping = root else {
                throw YAMLProblem(line: 1, message: "expected a mapping of intents")
            }
            var schemas: [IntentSchema] = []
            for entry in try YAMLNodes.entries(root, "the file").sorted(by: { $0.key < $1.key }) {
                guard case .mapping = entry.value else { throw YAMLProblem(line: entry.line, message: "\(entry.key) must be a mapping") }
                let spec = try YAMLNodes.entries(entry.value, entry.key)
                try YAMLNodes.checkKeys(spec, allowed: ["parameters", "confirm", "changes", "responses", "creates"], in: entry.key)
                func value(_ key: String) -> Node? { spec.first { $0.key == key }?.value }
                schemas.append(IntentSchema(
                    name: entry.key,
                    parameters: try parameters(value("parameters"), path: "\(entry.key).parameters").map(\.parameter),
                    confirms: try value("confirm").map { node throws(YAMLProblem) in try YAMLNodes.bool(node, "\(entry.key).confirm") }
                        ?? false,
                    changes: try value("changes").map { node throws(YAMLProblem) in try YAMLNodes.bool(node, "\(entry.key).changes") }
                        ?? true,
                    responseCodes: try responseCodes(value("responses"), path: "\(entry.key).responses"),
                    creates: try value("creates").map { node throws(YAMLProblem) in try YAMLNodes.text(node, "\(entry.key).creates") }))
            }
            return schemas
        } catch {
            throw LanguageError(message: "\(file): \(error.message)")
        }
    }

    static let parameterKeys = ["name", "type", "multiple", "required"]

    /// A list of parameters, `{name: list, type: list, multiple: false, required: true}`, each
    /// with its line: the shape the schema file and intent definition files share.
    static func parameters(_ node: Node?, path: String) throws(YAMLProblem) -> [(parameter: Parameter, line: Int)] {
        guard let node else { return [] }
        guard case .sequence(let items) = node else { throw YAMLProblem(line: YAMLNodes.line(node), message: "\(path) must be a list") }
        var result: [(parameter: Parameter, line: Int)] = []
        for (index, item) in items.enumerated() {
            let where_ = "\(path)[\(index)]"
            let line = YAMLNodes.line(item)
            guard case .mapping = item else { throw YAMLProblem(line: line, message: "\(where_) needs a name and a type") }
            let spec = try YAMLNodes.entries(item, where_)
            try YAMLNodes.checkKeys(spec, allowed: parameterKeys, in: where_)
            func value(_ key: String) -> Node? { spec.first { $0.key == key }?.value }
            guard let nameNode = value("name"), let typeNode = value("type") else {
                throw YAMLProblem(line: line, message: "\(where_) needs a name and a type")
            }
            let name = try YAMLNodes.text(nameNode, "\(where_).name")
            if result.contains(where: { $0.parameter.name == name }) {
                throw YAMLProblem(line: line, message: "parameter “\(name)” is declared twice")
            }
            result.append((Parameter(
                name: name, type: try YAMLNodes.text(typeNode, "\(where_).type"),
                multiple: try value("multiple").map { node throws(YAMLProblem) in try YAMLNodes.bool(node, "\(where_).multiple") } ?? false,
                required: try value("required").map { node throws(YAMLProblem) in try YAMLNodes.bool(node, "\(where_).required") } ?? true
            ), line))
        }
        return result
    }

    /// `[success, failure]`; just `success` when not given.
    static func responseCodes(_ node: Node?, path: String) throws(YAMLProblem) -> [String] {
        guard let node else { return ["success"] }
        return try YAMLNodes.texts(node, path).map(\.text)
    }
}
