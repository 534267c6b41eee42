import Testing

@testable import IntentKit

@Suite("Template parser")
struct TemplateParserTests {
    @Test("alternatives")
    func alternatives() throws {
        #expect(try TemplateParser.parse("(add|put) rice") == .sequence([
            .alternatives([.word("add"), .word("put")]), .word("rice"),
        ]))
        // A multi-word branch is a sequence.
        #expect(try TemplateParser.parse("(jot down|add)") == .alternatives([
            .sequence([.word("jot"), .word("down")]), .word("add"),
        ]))
    }

    @Test("optionals, with and without alternatives")
    func optionals() throws {
        #expect(try TemplateParser.parse("[the] list") == .sequence([.optional(.word("the")), .word("list")]))
        #expect(try TemplateParser.parse("[the|my]") == .optional(.alternatives([.word("the"), .word("my")])))
    }

    @Test("nested groups")
    func nested() throws {
        #expect(try TemplateParser.parse("(add [the] | put (in|on))") == .alternatives([
            .sequence([.word("add"), .optional(.word("the"))]),
            .sequence([.word("put"), .alternatives([.word("in"), .word("on")])]),
        ]))
        #expect(try TemplateParser.parse("[[very] big]") == .optional(.sequence([.optional(.word("very")), .word("big")])))
    }

    @Test("slots: {name} draws from its own list, {values:name} from another")
    func slots() throws {
        #expect(try TemplateParser.parse("{item}") == .slot(name: "item", values: "item"))
        #expect(try TemplateParser.parse("{items:taskTitles}") == .slot(name: "taskTitles", values: "items"))
        #expect(try TemplateParser.parse("{ list : target }") == .slot(name: "target", values: "list"))
        #expect(try TemplateParser.parse("add {items:x} to {list:y}") == .sequence([
            .word("add"), .slot(name: "x", values: "items"), .word("to"), .slot(name: "y", values: "list"),
        ]))
    }

    @Test("rules")
    func rules() throws {
        #expect(try TemplateParser.parse("<add> {x}") == .sequence([.rule("add"), .slot(name: "x", values: "x")]))
    }

    @Test("literal words are stored folded")
    func wordsFolded() throws {
        #expect(try TemplateParser.parse("What's on Crème") == .sequence([.word("whats"), .word("on"), .word("creme")]))
        #expect(try TemplateParser.parse("list-o-mat") == .sequence([.word("list"), .word("o"), .word("mat")]))
    }

    @Test("syntax errors say what is wrong and quote the template", arguments: [
        ("(add|put rice", "missing “)”"),
        ("[the list", "missing “]”"),
        ("add) rice", "unexpected “)”"),
        ("(add] rice", "unexpected “]”"),
        ("add rice]", "unexpected “]”"),
        ("add {item", "missing “}”"),
        ("add item}", "unexpected “}”"),
        ("add <rule", "missing “>”"),
        ("add rule>", "unexpected “>”"),
        ("add <> rice", "empty rule name"),
        ("add <  > rice", "empty rule name"),
        ("add {} rice", "bad slot"),
        ("add {a:b:c} rice", "bad slot"),
        ("add {:x} rice", "bad slot"),
        ("add|put rice", "outside"),
    ])
    func syntaxErrors(template: String, message: String) {
        #expect {
            _ = try TemplateParser.parse(template)
        } throws: { error in
            let text = (error as? TemplateError)?.message ?? ""
            return text.contains(message) && text.contains(template)
        }
    }
}

@Suite("Template expansion")
struct TemplateExpansionTests {
    private func matcher(_ templates: [String], rules: [String: String] = [:]) throws(TemplateError) -> SentenceMatcher {
        try SentenceMatcher(groups: [SentenceGroup(intent: "I", templates: templates)], rules: rules, entityLists: [])
    }

    private func failure(_ templates: [String], rules: [String: String] = [:]) -> String? {
        do {
            _ = try matcher(templates, rules: rules)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("every path through alternatives and optionals is compiled")
    func pathCounts() throws {
        #expect(try matcher(["(add|put) [the|my] rice"]).pathCount == 6)
        #expect(try matcher(["<v> rice"], rules: ["v": "(add|put|stick)"]).pathCount == 3)
        #expect(try matcher(["a", "b"]).pathCount == 2)
    }

    @Test("an unknown rule is an error naming it")
    func unknownRule() {
        let message = failure(["<missing> rice"])
        #expect(message?.contains("unknown rule <missing>") == true)
    }

    @Test("a rule that refers to itself, directly or through another, is an error")
    func recursiveRule() {
        #expect(failure(["<a>"], rules: ["a": "x [<a>]"])?.contains("<a> refers to itself") == true)
        #expect(failure(["<a>"], rules: ["a": "x <b>", "b": "y <a>"])?.contains("refers to itself") == true)
        // Using one rule twice side by side is not recursion.
        #expect(failure(["<a> and <a>"], rules: ["a": "(x|y)"]) == nil)
    }

    @Test("an empty rule name, or a template or rule that can match nothing, is an error")
    func emptyRules() {
        #expect(failure(["add <> rice"])?.contains("empty rule name") == true)
        #expect(failure(["<r>"], rules: ["r": ""])?.contains("can match nothing") == true)
        #expect(failure(["[the]"])?.contains("can match nothing") == true)
        #expect(failure([""])?.contains("can match nothing") == true)
        // A rule with an error in it is reported too.
        #expect(failure(["<r> rice"], rules: ["r": "(add"])?.contains("missing “)”") == true)
    }

    @Test("two slots side by side are an error, even when only one path puts them together")
    func adjacentSlots() {
        #expect(failure(["add {a} {b}"])?.contains("two slots") == true)
        #expect(failure(["add {a} [to] {b}"])?.contains("two slots") == true)
        #expect(failure(["add {a} <r>"], rules: ["r": "{b} now"])?.contains("two slots") == true)
        #expect(failure(["add {a} to {b}"]) == nil)
    }

    @Test("a template with too many variants is refused instead of exploding")
    func tooManyVariants() {
        let template = Array(repeating: "(a|b|c)", count: 12).joined(separator: " ")  // 3^12 = 531,441 paths
        #expect(failure([template])?.contains("too many variants") == true)
        // Through rules as well.
        let rules = ["r": "(a|b|c|d|e|f|g|h|i|j)"]
        #expect(failure(["<r> <r> <r> <r> <r>"], rules: rules)?.contains("too many variants") == true)
        // Just below the limit is fine.
        #expect(failure(["<r> <r> <r> <r>"], rules: rules) == nil)
    }
}
