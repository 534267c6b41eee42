import Yams

/// A problem at one place of a YAML file: the line (1-based; 0 when Yams gave none) and what
/// is wrong, in words. Each file format turns it into its own error (with or without the line).
struct YAMLProblem: Error, Sendable {
    var line: Int
    var message: String
}

/// Reads YAML as composed nodes (`Yams.compose`) rather than plain values, so that every value
/// keeps the line it came from: a person fixing a file needs to know where to look. Shared by
/// language files, the schema file and intent definition files.
enum YAMLNodes {
    /// No implicit types: every plain scalar is text (so yes, no, on and off are words), and
    /// the few settings that are a number, a switch or nothing read it themselves (`int`,
    /// `bool`, `isNull`, `isString`). Yams would otherwise compile a handful of regular
    /// expressions and try them on every scalar: most of the time reading a language file took.
    static var resolver: Resolver { .basic }

    /// The document's root node, or nil for an empty file.
    static func compose(_ yaml: String) throws(YAMLProblem) -> Node? {
        do {
            return try Yams.compose(yaml: yaml, resolver)
        } catch let error as YamlError {
            throw problem(error)
        } catch {
            throw YAMLProblem(line: 0, message: "not valid YAML: \(error)")
        }
    }

    /// Yams' error as a line and a short sentence (its own description spans several lines
    /// and repeats the text).
    static func problem(_ error: YamlError) -> YAMLProblem {
        func sentence(_ context: YamlError.Context?, _ problem: String) -> String {
            let text = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
            return "not valid YAML: \(text)"
        }
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            return YAMLProblem(line: mark.line, message: sentence(context, problem))
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "“\($0)”" }.joined(separator: ", ")
            return YAMLProblem(line: context.mark.line, message: "\(keys) appears twice in one mapping")
        case .reader(let problem, _, _, _):
            return YAMLProblem(line: 1, message: "cannot read the text: \(problem)")
        default:
            return YAMLProblem(line: 0, message: "not valid YAML: \(error)")
        }
    }

    static func line(_ node: Node) -> Int { node.mark?.line ?? 0 }

    /// `key:` with nothing after it, `~` or `null` (unquoted): treated as if the key were not there.
    static func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node else { return false }
        if node.tag.rawValue == Tag.Name.null.rawValue { return true }
        return scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// A scalar that is text, not a number or null (unquoted): `42` is no sentence, `"42"` is.
    static func isString(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node, node.tag.rawValue == Tag.Name.str.rawValue else { return false }
        return scalar.style != .plain || !(isNull(node) || isNumber(scalar.string))
    }

    /// Digits as YAML reads a number (`42`, `-1`, `2.5`, `1e3`), not a word such as "nan".
    static func isNumber(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, "+-.0123456789".unicodeScalars.contains(first),
              text.unicodeScalars.contains(where: { ("0"..."9").contains($0) })
        else { return false }
        return Int(text) != nil || Double(text) != nil
    }

    /// The value of `key` in a mapping (nil: not a mapping, or no such key), compared as text.
    static func value(_ node: Node, _ key: String) -> Node? {
        guard case .mapping(let mapping) = node else { return nil }
        for (candidate, value) in mapping {
            if case .scalar(let scalar) = candidate, scalar.string == key { return value }
        }
        return nil
    }

    /// A mapping's entries in file order, null values left out. Keys must be text.
    static func entries(_ node: Node, _ what: String) throws(YAMLProblem) -> [(key: String, line: Int, value: Node)] {
        guard case .mapping(let mapping) = node else { throw YAMLProblem(line: line(node), message: "\(what) must be a mapping") }
        var result: [(key: String, line: Int, value: Node)] = []
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else {
                throw YAMLProblem(line: line(key), message: "\(what) has a key that is not text")
            }
            if isNull(value) { continue }
            result.append((scalar.string, line(key), value))
        }
        return result
    }

    /// The entries of an optional mapping: none when the node is missing.
    static func entries(_ node: Node?, _ what: String) throws(YAMLProblem) -> [(key: String, line: Int, value: Node)] {
        guard let node else { return [] }
        return try entries(node, what)
    }

    /// Text: any scalar (a number is its digits).
    static func text(_ node: Node, _ what: String) throws(YAMLProblem) -> String {
        guard case .scalar(let scalar) = node else { throw YAMLProblem(line: line(node), message: "\(what) must be text") }
        return scalar.string
    }

    /// A list of texts, each with its line.
    static func texts(_ node: Node?, _ what: String) throws(YAMLProblem) -> [(text: String, line: Int)] {
        guard let node else { return [] }
        guard case .sequence(let sequence) = node else { throw YAMLProblem(line: line(node), message: "\(what) must be a list") }
        return try sequence.map { item throws(YAMLProblem) in
            guard case .scalar(let scalar) = item else { throw YAMLProblem(line: line(item), message: "\(what) must hold text") }
            return (scalar.string, line(item))
        }
    }

    /// A switch: true/false (also yes/no, on/off, as YAML 1.1 people write them).
    static func bool(_ node: Node, _ what: String) throws(YAMLProblem) -> Bool {
        if case .scalar(let scalar) = node {
            switch scalar.string.lowercased() {
            case "true", "yes", "on": return true
            case "false", "no", "off": return false
            default: break
            }
        }
        throw YAMLProblem(line: line(node), message: "\(what) must be true or false")
    }

    static func int(_ node: Node, _ what: String) throws(YAMLProblem) -> Int {
        guard case .scalar(let scalar) = node, let value = Int(scalar.string) else {
            throw YAMLProblem(line: line(node), message: "\(what) must be a number")
        }
        return value
    }

    /// Refuses keys a format does not have: a misspelt key would otherwise be ignored without
    /// a word, and the person would wonder why their setting does nothing.
    static func checkKeys(
        _ entries: [(key: String, line: Int, value: Node)], allowed: [String], in what: String
    ) throws(YAMLProblem) {
        for entry in entries where !allowed.contains(entry.key) {
            throw YAMLProblem(line: entry.line, message: "unknown key “\(entry.key)” in \(what)" + didYouMean(entry.key, allowed))
        }
    }

    /// “ (did you mean “x”?)” when one candidate is close in spelling, else "".
    static func didYouMean(_ word: String, _ candidates: some Sequence<String>) -> String {
        suggestion(word, candidates).map { " (did you mean “\($0)”?)" } ?? ""
    }

    /// The candidate closest in spelling (case-insensitive), within a third of the word's length.
    static func suggestion(_ word: String, _ candidates: some Sequence<String>) -> String? {
        let folded = word.lowercased()
        let limit = max(1, min(3, folded.count / 3))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            guard let distance = EditDistance.distance(folded, candidate.lowercased(), limit: limit) else { continue }
            if best.map({ distance < $0.distance }) ?? true { best = (candidate, distance) }
        }
        return best?.candidate
    }
}
