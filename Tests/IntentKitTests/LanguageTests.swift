import Testing

@testable import IntentKit

@Suite("Language and schema files")
struct LanguageTests {
    private func loadError(_ yaml: String, file: String = "bad.yaml") -> String? {
        do {
            _ = try Language.load(yaml: yaml, file: file)
            return nil
        } catch {
            return error.message
        }
    }

    private func engineError(_ yaml: String) -> String? {
        do {
            _ = try makeEngine(language: yaml)
            return nil
        } catch let error as LanguageError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test("a valid file loads every part")
    func validFile() throws {
        let language = try makeOrdersLanguage()
        #expect(language.locale == "xx")
        #expect(language.appNames == ["ListOMat", "List-o-Mat", "list o mat", "list oh mat"])
        #expect(language.invocations.count == 4)
        #expect(language.skipPrefixes.contains(["can", "you"]))
        #expect(language.skipSuffixes.contains(["thank", "you"]))
        #expect(language.separators == ["and", "&", "plus"])
        #expect(language.nameRules.allWords == ["all", "every"])
        #expect(language.nameRules.pluralSuffixes == ["es", "s"])  // longest first
        #expect(language.yesWords.contains("go ahead"))
        #expect(language.cancelWords.contains("never mind"))
        #expect(language.ordinals["second"] == 2)
        #expect(language.ordinals["last"] == -1)
        #expect(language.listFormat.conjunction == "and")
        #expect(language.listFormat.serialComma == false)
        #expect(language.rules["order"] == "(order|get)")
        #expect(language.entityLists == ["store"])
        #expect(language.enumerations["size"]?["large"] == ["large", "big"])

        let order = try #require(language.intents["PlaceOrder"])
        #expect(order.title == "Place an order")
        #expect(order.samples == ["order rice from Burger Barn"])
        // Plain sentences first, then the groups that fix slots.
        #expect(order.sentences.count == 2)
        #expect(order.sentences[0].templates.count == 3)
        #expect(order.sentences[0].fixedSlots.isEmpty)
        #expect(order.sentences[1].fixedSlots == ["size": "large"])
        #expect(order.prompts["store"]?["confirmation"] == "Did you mean ${value}?")
        #expect(order.responses["success"] == "Ordered ${dishes} from ${store}.")
        #expect(order.combinations["store,dishes"] == "Order ${dishes} from ${store}")
        #expect(language.intents["ShowStore"]?.description == "")

        #expect(language.message("ready", ["action": .text("Go")]) == "Ready: Go.")
        #expect(language.message("no.such.key") == "no.such.key")
        _ = try makeOrdersEngine()
    }

    @Test("words YAML 1.1 would read as booleans (yes, no, on, off) stay words")
    func booleanLookingWords() throws {
        let language = try Language.load(yaml: """
            language: xx
            answers:
              yes: [yes, Yes, y, on, true]
              no: [no, NO, n, off]
              cancel: [OFF]
            skip:
              prefixes: [yes, "no no"]
            list_format: {conjunction: and, serial_comma: yes}
            """, file: "b.yaml")
        #expect(language.yesWords == ["yes", "y", "on", "true"])
        #expect(language.noWords == ["no", "n", "off"])
        #expect(language.cancelWords == ["off"])
        #expect(language.skipPrefixes == [["yes"], ["no", "no"]])
        #expect(language.listFormat.serialComma)
        let off = try Language.load(yaml: "language: xx\nlist_format: {serial_comma: false}\n", file: "c.yaml")
        #expect(!off.listFormat.serialComma)
    }

    @Test("padding is also read as the particle splitter reads it: «저기요» is 저기 and 요")
    func paddingWithParticles() throws {
        let language = try Language.load(yaml: """
            language: xx
            particles:
              요: any
            skip:
              prefixes: [저기요, 음]
              suffixes: [주세요]
            """, file: "p.yaml")
        #expect(language.skipPrefixes == [["저기요"], ["음"], ["저기", "요"]])
        #expect(language.skipSuffixes == [["주세요"], ["주세", "요"]])
        let plain = try Language.load(yaml: "language: xx\nskip: {prefixes: [저기요]}\n", file: "q.yaml")
        #expect(plain.skipPrefixes == [["저기요"]])
    }

    @Test("dropped articles are compared folded, like every other word list")
    func articlesFolded() throws {
        let language = try Language.load(yaml: "language: xx\nsplitting: {dropped_articles: [A, some]}\n", file: "d.yaml")
        #expect(language.droppedArticles == ["a", "some"])
    }

    @Test("priorities and serial comma are read")
    func options() throws {
        let language = try Language.load(yaml: """
            language: yy
            list_format: {conjunction: und, serial_comma: true}
            intents:
              ShowStore:
                sentences:
                  - sentences: ["zeig {store:store}"]
                    priority: -1
            """, file: "yy.yaml")
        #expect(language.intents["ShowStore"]?.sentences.first?.priority == -1)
        #expect(language.listFormat.join(["a", "b", "c"]) == "a, b, und c")
    }

    @Test("a file that is not a mapping is refused, naming the file")
    func notAMapping() {
        let message = loadError("- just\n- a list\n", file: "xx/language.yaml")
        #expect(message?.hasPrefix("xx/language.yaml:") == true)
        #expect(message?.contains("mapping") == true)
        #expect(loadError("just text")?.hasPrefix("bad.yaml:") == true)
        #expect(loadError("")?.hasPrefix("bad.yaml:") == true)
    }

    @Test("broken YAML is refused, naming the file")
    func brokenYAML() {
        let message = loadError("language: [en\nintents: {", file: "broken.yaml")
        #expect(message?.hasPrefix("broken.yaml:") == true)
    }

    @Test("errors name the file and the place", arguments: [
        ("language: xx\nintents:\n  A:\n    sentences:\n      - [a, b]\n", "neither text nor a group"),
        ("language: xx\nintents:\n  A:\n    sentences:\n      - 42\n", "neither text nor a group"),
        ("language: xx\nintents:\n  A:\n    title: x\n", "intents.A.sentences must be a list"),
        ("language: xx\nintents:\n  A: [a]\n", "intents.A must be a mapping"),
        ("language: xx\nanswers:\n  ordinals: {first: one}\n", "answers.ordinals.first must be a number"),
        ("language: xx\napp: [a]\n", "app must be a mapping"),
        ("language: xx\napp:\n  names: ListOMat\n", "app.names must be a list"),
        ("language: xx\nrules:\n  a: [x]\n", "rules.a must be text"),
        ("language: [xx]\n", "language must be text"),
        ("intents: {}\n", "language must be text"),
        ("language: xx\nmessages:\n  hi: {a: b}\n", "messages.hi must be text"),
        ("language: xx\nintents:\n  A:\n    sentences: [a]\n    prompts:\n      p: text\n", "intents.A.prompts.p must be a mapping"),
        ("language: xx\nintents:\n  A:\n    sentences: [a]\n    respones: {}\n", "unknown key “respones” in intents.A (did you mean “responses”?)"),
        ("language: xx\nintents:\n  A:\n    sentences:\n      - {sentences: [a], priority: high}\n", "intents.A.sentences.priority must be a number"),
    ])
    func fileErrors(yaml: String, problem: String) {
        let message = loadError(yaml, file: "lang/xx.yaml")
        #expect(message?.hasPrefix("lang/xx.yaml: ") == true, "\(message ?? "no error")")
        #expect(message?.contains(problem) == true, "\(message ?? "no error")")
    }

    @Test("sentences for an unknown intent are refused, naming the language and the intent")
    func unknownIntent() {
        let message = engineError("""
            language: xx
            intents:
              Teleport:
                sentences: ["beam me up"]
            """)
        #expect(message?.contains("xx") == true)
        #expect(message?.contains("unknown intent Teleport") == true)
    }

    @Test("two schemas of one name are refused, not trapped on (a cached catalog could hold them)")
    func schemaTwice() throws {
        let schemas = try IntentSchema.load(yaml: ordersSchemaYAML, file: "intents.yaml")
        #expect {
            try IntentEngine(language: try makeOrdersLanguage(), schemas: schemas + schemas.prefix(1))
        } throws: { error in
            "\(error)".contains("two intents are called \(schemas[0].name)")
        }
    }

    @Test("a group that fixes an unknown parameter is refused")
    func unknownFixedParameter() {
        let message = engineError("""
            language: xx
            intents:
              ShowStore:
                sentences:
                  - sentences: ["show {store:store}"]
                    slots: {colour: red}
            """)
        #expect(message?.contains("ShowStore fixes unknown parameter colour") == true)
    }

    @Test("a template that fills an unknown parameter is refused")
    func unknownSlot() {
        let message = engineError("""
            language: xx
            intents:
              ShowStore:
                sentences: ["show {store:shop}"]
            """)
        #expect(message?.contains("unknown parameter shop") == true)
    }

    @Test("a bad template is refused, naming the language and the template")
    func badTemplate() {
        let message = engineError("""
            language: xx
            intents:
              ShowStore:
                sentences: ["show (the {store:store}"]
            """)
        #expect(message?.contains("language xx") == true)
        #expect(message?.contains("show (the {store:store}") == true)
        #expect(engineError("language: xx\nrules:\n  r: \"<r> x\"\nintents:\n  ShowStore:\n    sentences: [\"<r> {store}\"]\n")?
            .contains("refers to itself") == true)
    }

    @Test("the schema file: parameters in order, defaults, errors naming the file")
    func schema() throws {
        let schemas = try IntentSchema.load(yaml: ordersSchemaYAML, file: "intents.yaml")
        let order = try #require(schemas.first { $0.name == "PlaceOrder" })
        #expect(order.parameters.map(\.name) == ["store", "dishes", "size"])
        #expect(order.parameters.map(\.multiple) == [false, true, false])
        #expect(order.parameters.map(\.required) == [true, true, false])
        #expect(order.confirms == false)
        #expect(order.parameter("dishes")?.type == "text")
        let delete = try #require(schemas.first { $0.name == "DeleteOrder" })
        #expect(delete.confirms)
        #expect(schemas.first { $0.name == "ShowStore" }?.responseCodes == ["success"])

        func error(_ yaml: String) -> String? {
            do {
                _ = try IntentSchema.load(yaml: yaml, file: "s.yaml")
                return nil
            } catch {
                return error.message
            }
        }
        #expect(error("- a") == "s.yaml: expected a mapping of intents")
        #expect(error("A: [x]") == "s.yaml: A must be a mapping")
        #expect(error("A:\n  parameters:\n    - {name: p}\n") == "s.yaml: A.parameters[0] needs a name and a type")
        #expect(error("A: {parameters: [{type: t}]}")?.contains("A.parameters[0]") == true)
        #expect(error("A: [")?.hasPrefix("s.yaml:") == true)
        #expect(error("A:\n  parameters:\n    - {name: p, type: t, mutliple: true}\n")
            == "s.yaml: unknown key “mutliple” in A.parameters[0] (did you mean “multiple”?)")
        #expect(error("A:\n  confirm: sometimes\n") == "s.yaml: A.confirm must be true or false")
        #expect(error("A:\n  confrim: true\n") == "s.yaml: unknown key “confrim” in A (did you mean “confirm”?)")
    }
}
