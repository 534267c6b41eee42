/// A sentence template, as language files write it (the syntax of hassil, Home Assistant's):
/// `(add|put) {taskTitles} (to|on) [the|my] {list:targetTaskList} [list]`
///
/// - `(a|b c)` alternatives, `[a|b]` optional alternatives
/// - `{slot}` or `{values:slot}`: a slot named `slot` whose values come from the value list
///   `values` (by default the slot's own name)
/// - `<rule>`: an expansion rule defined once per language
/// - anything else: literal words, compared in their folded form
package indirect enum TemplateNode: Equatable, Sendable {
    case word(String)
    case sequence([TemplateNode])
    case alternatives([TemplateNode])
    case optional(TemplateNode)
    case slot(name: String, values: String)
    case rule(String)
}

package struct TemplateError: Error, Equatable, Sendable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}

package enum TemplateParser {
    package static func parse(_ text: String) throws(TemplateError) -> TemplateNode {
        var parser = Parser(scalars: Array(text.unicodeScalars), text: text)
        let node = try parser.parseAlternatives(until: nil)
        return node
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        let text: String
        var index = 0

        mutating func parseAlternatives(until closer: Unicode.Scalar?) throws(TemplateError) -> TemplateNode {
            var branches: [TemplateNode] = []
            var current: [TemplateNode] = []
            var word = String.UnicodeScalarView()
            func flushWord() {
                guard !word.isEmpty else { return }
                for token in TextNormalizer.tokenize(String(word)) { current.append(.word(token.folded)) }
                word = String.UnicodeScalarView()
            }
            while index < scalars.count {
                let c = scalars[index]
                index += 1
                switch c {
                case "(", "[":
                    flushWord()
                    let inner = try parseAlternatives(until: c == "(" ? ")" : "]")
                    current.append(c == "(" ? inner : .optional(inner))
                case ")", "]":
                    guard c == closer else { throw error("unexpected “\(c)”") }
                    flushWord()
                    branches.append(Self.sequence(current))
                    return branches.count == 1 ? branches[0] : .alternatives(branches)
                case "|":
                    guard closer != nil else { throw error("“|” outside ( ) or [ ]") }
                    flushWord()
                    branches.append(Self.sequence(current))
                    current = []
                case "{":
                    flushWord()
                    let body = try read(until: "}")
                    let parts = body.split(separator: ":", omittingEmptySubsequences: false).map {
                        $0.trimmingCharacters(in: .whitespaces)
                    }
                    guard parts.count <= 2, !parts.contains(where: \.isEmpty) else { throw error("bad slot “{\(body)}”") }
                    current.append(.slot(name: parts.last!, values: parts.first!))
                case "<":
                    flushWord()
                    let name = try read(until: ">").trimmingCharacters(in: .whitespaces)
                    guard !name.isEmpty else { throw error("empty rule name “<>”") }
                    current.append(.rule(name))
                case "}", ">":
                    throw error("unexpected “\(c)”")
                default:
                    if c.properties.isWhitespace { flushWord() } else { word.append(c) }
                }
            }
            if let closer { throw error("missing “\(closer)”") }
            flushWord()
            branches.append(Self.sequence(current))
            return branches.count == 1 ? branches[0] : .alternatives(branches)
        }

        mutating func read(until closer: Unicode.Scalar) throws(TemplateError) -> String {
            var body = String.UnicodeScalarView()
            while index < scalars.count {
                let c = scalars[index]
                index += 1
                if c == closer { return String(body) }
                body.append(c)
            }
            throw error("missing “\(closer)”")
        }

        func error(_ message: String) -> TemplateError {
            TemplateError(message: "\(message) in template “\(text)”")
        }

        static func sequence(_ nodes: [TemplateNode]) -> TemplateNode {
            nodes.count == 1 ? nodes[0] : .sequence(nodes)
        }
    }
}

/// One way through a template: literal words and slots in order. Templates are expanded
/// into these once, when the matcher is built, and merged into its trie.
struct TemplatePath: Equatable {
    enum Element: Equatable {
        case word(Int)  // interned folded word
        case slot(name: String, values: String)
    }
    var elements: [Element]
}

enum TemplateExpander {
    static let maximumPaths = 20_000

    /// Every path through `node`, with rules inlined and words interned.
    static func paths(
        _ node: TemplateNode, rules: [String: TemplateNode], intern: (String) -> Int, template: String
    ) throws(TemplateError) -> [TemplatePath] {
        var stack: [String] = []
        let sequences = try expand(node, rules, intern, &stack, template)
        return sequences.map { TemplatePath(elements: $0) }
    }

    private static func expand(
        _ node: TemplateNode, _ rules: [String: TemplateNode], _ intern: (String) -> Int,
        _ stack: inout [String], _ template: String
    ) throws(TemplateError) -> [[TemplatePath.Element]] {
        switch node {
        case .word(let w): return [[.word(intern(w))]]
        case .slot(let name, let values): return [[.slot(name: name, values: values)]]
        case .optional(let inner): return [[]] + (try expand(inner, rules, intern, &stack, template))
        case .alternatives(let branches):
            var result: [[TemplatePath.Element]] = []
            for branch in branches { result += try expand(branch, rules, intern, &stack, template) }
            return result
        case .sequence(let nodes):
            var result: [[TemplatePath.Element]] = [[]]
            for node in nodes {
                let tails = try expand(node, rules, intern, &stack, template)
                guard result.count * tails.count <= maximumPaths else {
                    throw TemplateError(message: "template “\(template)” has too many variants")
                }
                result = result.flatMap { head in tails.map { head + $0 } }
            }
            return result
        case .rule(let name):
            guard let rule = rules[name] else { throw TemplateError(message: "unknown rule <\(name)> in “\(template)”") }
            guard !stack.contains(name) else { throw TemplateError(message: "rule <\(name)> refers to itself") }
            stack.append(name)
            defer { stack.removeLast() }
            return try expand(rule, rules, intern, &stack, template)
        }
    }
}
