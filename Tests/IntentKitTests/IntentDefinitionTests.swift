import Testing

@testable import IntentKit

// Intent definition files over the Orders fixture: a custom intent "BigOrder" that shows a
// store and orders from it. Every check a file goes through has a case below with the exact
// message a person would read: the file, the line, and the problem.

/// A valid definition; the cases below are variations of it (line numbers in the comments).
let bigOrderYAML = """
    intent: BigOrder
    parameters:
      - {name: shop, type: store}
    steps:
      - intent: ShowStore
        parameters: {store: "${shop}"}
      - intent: PlaceOrder
        parameters: {store: "${shop}", dishes: [rice, noodles], size: large}
    languages:
      xx:
        title: Big order from ${shop}
        sentences:
          - "big order from <the> {store:shop}"
        responses:
          success: "Done: ${steps}"
          failure: "Stopped: ${reason}"
    """

func ordersCatalog() throws -> IntentCatalog {
    IntentCatalog(language: try makeOrdersLanguage(), schemas: try IntentSchema.load(yaml: ordersSchemaYAML, file: "intents.yaml"))
}

/// The error loading and adding one file gives, or nil.
func definitionError(_ yaml: String, file: String = "big.yaml", builtIn: Bool = false, after: [(String, String)] = []) throws -> String? {
    var catalog = try ordersCatalog()
    for (name, text) in after { try catalog.add(try IntentDefinition.load(yaml: text, file: name)) }
    do {
        try catalog.add(try IntentDefinition.load(yaml: yaml, file: file), builtIn: builtIn)
        return nil
    } catch {
        return error.message
    }
}

/// `bigOrderYAML` with one line replaced (1-based) by `text` (which may hold several lines).
func bigOrder(replacing line: Int, with text: String) -> String {
    bigOrder(replacing: line...line, with: text)
}

/// `bigOrderYAML` with lines replaced (1-based, inclusive) by `text`.
func bigOrder(replacing lines: ClosedRange<Int>, with text: String) -> String {
    var all = bigOrderYAML.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    all.replaceSubrange((lines.lowerBound - 1)...(lines.upperBound - 1), with: [text])
    return all.joined(separator: "\n")
}

struct DefinitionCase: Sendable, CustomTestStringConvertible {
    var problem: String
    var yaml: String
    var message: String
    var testDescription: String { problem }
}

@Suite("Intent definition files")
struct IntentDefinitionTests {
    @Test("a valid file: schema, steps and words, merged into the catalog and the engine")
    func validFile() throws {
        let definition = try IntentDefinition.load(yaml: bigOrderYAML, file: "big.yaml")
        #expect(definition.name == "BigOrder")
        #expect(definition.file == "big.yaml")
        #expect(definition.schema.parameters == [IntentSchema.Parameter(name: "shop", type: "store")])
        #expect(definition.isSequence)
        #expect(definition.steps.map(\.intent) == ["ShowStore", "PlaceOrder"])
        #expect(definition.steps[0].value("store") == .slot("shop"))
        #expect(definition.steps[1].value("dishes") == .fixed(["rice", "noodles"]))
        #expect(definition.steps[1].value("size") == .fixed(["large"]))
        let words = try #require(definition.texts["xx"])
        #expect(words.title == "Big order from ${shop}")
        #expect(words.sentences.first?.templates == ["big order from <the> {store:shop}"])
        #expect(words.responses["failure"] == "Stopped: ${reason}")

        var catalog = try ordersCatalog()
        try catalog.add(definition)
        #expect(catalog.sequences["BigOrder"] != nil)
        #expect(catalog.schemasByName["BigOrder"]?.responseCodes == ["success", "failure"])
        #expect(catalog.schemasByName["BigOrder"]?.confirms == false)
        #expect(catalog.language.intents["BigOrder"]?.title == "Big order from ${shop}")
        let engine = try catalog.makeEngine()
        let parse = try #require(engine.parse("big order from the Sushi Bar", vocabulary: Vocabulary()))
        #expect(parse.request.intent == "BigOrder")
        #expect(parse.request.parameters["shop"] == [.unresolved(.spoken("Sushi Bar"))])
    }

    @Test("a built-in definition has no steps; its words need not be a sequence's")
    func builtInDefinition() throws {
        let yaml = """
            intent: RateStore
            parameters:
              - {name: store, type: store}
              - {name: stars, type: text, required: false}
            responses: [success, failure]
            languages:
              xx:
                title: Rate a store
                sentences: ["rate <the> {store:store} [with {text:stars}]"]
                prompts:
                  store: {needsValue: "Which store?"}
                responses:
                  success: "Rated ${store}: ${stars} (${whatever})."
                  failure: "No: ${reason}"
                combinations:
                  store: "Rate ${store}"
            """
        var catalog = try ordersCatalog()
        try catalog.add(try IntentDefinition.load(yaml: yaml, file: "RateStore.yaml"), builtIn: true)
        #expect(catalog.sequences.isEmpty)
        #expect(catalog.schemasByName["RateStore"]?.parameters.map(\.required) == [true, false])
        #expect(try catalog.makeEngine().parse("rate Sushi Bar", vocabulary: Vocabulary())?.request.intent == "RateStore")
        // From a person's folder, an intent with no steps has nothing to run.
        #expect(try definitionError(yaml, file: "rate.yaml")
            == "rate.yaml:1: “RateStore” has no steps: your own intents are a list of built-in intents to run (steps: - intent: …)")
    }

    @Test("a step that asks “are you sure?” makes the whole intent ask, with its own confirm template")
    func confirmingStep() throws {
        let yaml = bigOrder(replacing: 5, with: "  - intent: DeleteOrder") + "\n      confirm: \"Really, ${shop}?\"\n"
        var catalog = try ordersCatalog()
        try catalog.add(try IntentDefinition.load(yaml: yaml, file: "big.yaml"))
        #expect(catalog.schemasByName["BigOrder"]?.confirms == true)
        #expect(catalog.schemasByName["BigOrder"]?.responseCodes == ["success", "failure", "confirm"])
        _ = try catalog.makeEngine()
    }

    static let cases: [DefinitionCase] = [
        // The file itself
        DefinitionCase(
            problem: "bad YAML syntax", yaml: "intent: BigOrder\nsteps: [\n  - a\n",
            message: "big.yaml:3: not valid YAML: while parsing a flow node, did not find expected node content"),
        DefinitionCase(
            problem: "a key twice", yaml: "intent: BigOrder\nintent: Other\n",
            message: "big.yaml:1: “intent” appears twice in one mapping"),
        DefinitionCase(
            problem: "an empty file", yaml: "",
            message: "big.yaml:1: the file is empty: a definition needs at least “intent:” and “languages:”"),
        DefinitionCase(
            problem: "not a mapping", yaml: "- intent: BigOrder\n",
            message: "big.yaml:1: a definition must be a mapping (intent:, parameters:, steps:, languages:…), not a list or a value"),
        DefinitionCase(
            problem: "an unknown key, close to a real one", yaml: bigOrder(replacing: 9, with: "langauges:"),
            message: "big.yaml:9: unknown key “langauges” in the definition (did you mean “languages”?)"),
        DefinitionCase(
            problem: "an unknown key, close to none", yaml: bigOrder(replacing: 2, with: "colour: red\nparameters:"),
            message: "big.yaml:2: unknown key “colour” in the definition"),
        DefinitionCase(
            problem: "an unknown key in a language", yaml: bigOrder(replacing: 12, with: "    sentence:"),
            message: "big.yaml:12: unknown key “sentence” in languages.xx (did you mean “sentences”?)"),
        DefinitionCase(
            problem: "an unknown key in a step", yaml: bigOrder(replacing: 6, with: "    parameter: {store: \"${shop}\"}"),
            message: "big.yaml:6: unknown key “parameter” in step 1 (did you mean “parameters”?)"),
        DefinitionCase(
            problem: "an unknown key in a parameter", yaml: bigOrder(replacing: 3, with: "  - {name: shop, type: store, mutliple: true}"),
            message: "big.yaml:3: unknown key “mutliple” in parameters[0] (did you mean “multiple”?)"),
        DefinitionCase(
            problem: "a switch that is not true or false", yaml: bigOrder(replacing: 2, with: "confirm: maybe\nparameters:"),
            message: "big.yaml:2: confirm must be true or false"),

        // The name
        DefinitionCase(
            problem: "no intent name", yaml: bigOrder(replacing: 1, with: "# BigOrder"),
            message: "big.yaml:1: no intent name: start the file with “intent: YourIntentName”"),
        DefinitionCase(
            problem: "an intent name that is not one word", yaml: bigOrder(replacing: 1, with: "intent: big order"),
            message: "big.yaml:1: the intent name “big order” must be one word of letters and digits, like WeeklyShop"),
        DefinitionCase(
            problem: "the name of a built-in intent", yaml: bigOrder(replacing: 1, with: "intent: PlaceOrder"),
            message: "big.yaml:1: “PlaceOrder” is already a built-in intent: choose another name"),

        // Parameters
        DefinitionCase(
            problem: "a parameter without a type", yaml: bigOrder(replacing: 3, with: "  - {name: shop}"),
            message: "big.yaml:3: parameters[0] needs a name and a type"),
        DefinitionCase(
            problem: "a parameter declared twice", yaml: bigOrder(replacing: 3, with: "  - {name: shop, type: store}\n  - {name: shop, type: text}"),
            message: "big.yaml:4: parameter “shop” is declared twice"),
        DefinitionCase(
            problem: "a parameter type the language does not know", yaml: bigOrder(replacing: 3, with: "  - {name: shop, type: stores}"),
            message: "big.yaml:3: parameter “shop” has type “stores”, which language “xx” does not know (did you mean “store”?)"),
        DefinitionCase(
            problem: "a parameter no step uses",
            yaml: bigOrder(replacing: 3, with: "  - {name: shop, type: store}\n  - {name: note, type: text, required: false}"),
            message: "big.yaml:4: parameter “note” is not used by any step: use it as “${note}” or remove it"),

        // Steps
        DefinitionCase(
            problem: "steps that are not a list", yaml: bigOrder(replacing: 4...8, with: "steps: ShowStore"),
            message: "big.yaml:4: steps must be a list of “- intent: …” entries"),
        DefinitionCase(
            problem: "no steps at all", yaml: bigOrder(replacing: 4...8, with: "steps: []"),
            message: "big.yaml:4: steps is empty: list the built-in intents to run, in order"),
        DefinitionCase(
            problem: "a step that is not a mapping", yaml: bigOrder(replacing: 5, with: "  - ShowStore\n  - intent: ShowStore"),
            message: "big.yaml:5: step 1 must be a mapping with “intent:” and “parameters:”"),
        DefinitionCase(
            problem: "a step without an intent", yaml: bigOrder(replacing: 5, with: "  - parameters: {store: \"${shop}\"}\n  - intent: ShowStore"),
            message: "big.yaml:5: step 1 names no intent: add “intent: AddTasks” (or another built-in intent)"),
        DefinitionCase(
            problem: "a step naming an unknown intent", yaml: bigOrder(replacing: 7, with: "  - intent: PlaceOrders"),
            message: "big.yaml:7: step 2 names unknown intent “PlaceOrders” (did you mean “PlaceOrder”?)"),
        DefinitionCase(
            problem: "a step naming an unknown parameter of its intent", yaml: bigOrder(replacing: 6, with: "    parameters: {stor: \"${shop}\"}"),
            message: "big.yaml:6: step 1: ShowStore has no parameter “stor” (did you mean “store”?)"),
        DefinitionCase(
            problem: "a step parameter far from any", yaml: bigOrder(replacing: 6, with: "    parameters: {store: \"${shop}\", colour: red}"),
            message: "big.yaml:6: step 1: ShowStore has no parameter “colour” (it has store)"),
        DefinitionCase(
            problem: "a slot naming an undeclared parameter", yaml: bigOrder(replacing: 6, with: "    parameters: {store: \"${shops}\"}"),
            message: "big.yaml:6: step 1: “${shops}” is not a parameter of BigOrder (did you mean “shop”?)"),
        DefinitionCase(
            problem: "a slot when nothing is declared",
            yaml: """
                intent: BigOrder
                steps:
                  - intent: ShowStore
                    parameters: {store: "${shop}"}
                languages:
                  xx:
                    sentences: ["big order"]
                    responses: {success: ok, failure: no}
                """,
            message: "big.yaml:4: step 1: “${shop}” is not a parameter of BigOrder (declare it under “parameters:”)"),
        DefinitionCase(
            problem: "a required step parameter with no value", yaml: bigOrder(replacing: 8, with: "    parameters: {store: \"${shop}\"}"),
            message: "big.yaml:7: step 2: PlaceOrder needs “dishes”: give it a value, or “${…}” one of BigOrder's parameters"),
        DefinitionCase(
            problem: "a slot whose type is not the step parameter's",
            yaml: bigOrder(replacing: 8, with: "    parameters: {store: \"${shop}\", dishes: \"${shop}\"}"),
            message: "big.yaml:8: step 2: “${shop}” is of type “store”, but “dishes” of PlaceOrder takes “text”"),
        DefinitionCase(
            problem: "a slot of several values for a parameter of one",
            yaml: bigOrder(replacing: 3, with: "  - {name: shop, type: store, multiple: true}"),
            message: "big.yaml:6: step 1: “${shop}” holds several values, but “store” of ShowStore takes one"),
        DefinitionCase(
            problem: "a list for a parameter of one value",
            yaml: bigOrder(replacing: 8, with: "    parameters: {store: \"${shop}\", dishes: rice, size: [large, small]}"),
            message: "big.yaml:8: step 2: “size” of PlaceOrder takes one value, not a list"),
        DefinitionCase(
            problem: "a slot inside a list", yaml: bigOrder(replacing: 8, with: "    parameters: {store: \"${shop}\", dishes: [rice, \"${shop}\"]}"),
            message: "big.yaml:8: step 2: “dishes”: a slot such as “${shop}” must be the whole value, not part of a list"),
        DefinitionCase(
            problem: "a slot inside other words", yaml: bigOrder(replacing: 8, with: "    parameters: {store: \"${shop}\", dishes: \"rice from ${shop}\"}"),
            message: "big.yaml:8: step 2: “dishes”: write a slot as the whole value, like “${list}”, not inside other words"),
        DefinitionCase(
            problem: "a step value that is a mapping", yaml: bigOrder(replacing: 8, with: "    parameters: {store: \"${shop}\", dishes: {a: b}}"),
            message: "big.yaml:8: step 2: “dishes” must be words, a list of words, or “${parameter}”"),
        // Responses
        DefinitionCase(
            problem: "a response code without a template", yaml: bigOrder(replacing: 16, with: ""),
            message: "big.yaml:14: language “xx” has no response template for “failure”"),
        DefinitionCase(
            problem: "a template for a response it never gives", yaml: bigOrder(replacing: 15, with: "      sucess: \"Done: ${steps}\""),
            message: "big.yaml:14: language “xx” has no response template for “success”"),
        DefinitionCase(
            problem: "a response code a sequence cannot give", yaml: bigOrder(replacing: 2, with: "responses: [success, partly]\nparameters:"),
            message: "big.yaml:2: “partly” is not a response a sequence of steps gives: it answers success or failure (and confirm when it asks first)"),
        DefinitionCase(
            problem: "an extra response template", yaml: bigOrder(replacing: 16, with: "      failure: \"Stopped: ${reason}\"\n      partly: \"Half\""),
            message: "big.yaml:17: “partly” is not a response BigOrder gives (it gives success, failure)"),
        DefinitionCase(
            problem: "a step that confirms, and no confirm template", yaml: bigOrder(replacing: 5, with: "  - intent: DeleteOrder"),
            message: "big.yaml:14: language “xx” has no “confirm” response: step 1 (DeleteOrder) asks “are you sure?”, so BigOrder must ask first"),
        DefinitionCase(
            problem: "a template naming a value the intent does not have", yaml: bigOrder(replacing: 15, with: "      success: \"Done: ${step}s ${stepz}\""),
            message: "big.yaml:15: the response “success” uses ${stepz}, which BigOrder does not have (did you mean “steps”?)"),
        DefinitionCase(
            problem: "a title naming a value the intent does not have", yaml: bigOrder(replacing: 11, with: "    title: Big order from ${store}"),
            message: "big.yaml:11: the title uses ${store}, which BigOrder does not have (it has shop)"),

        // Sentences, prompts, combinations
        DefinitionCase(
            problem: "no sentences", yaml: bigOrder(replacing: 12, with: "    samples: [big order]").replacingOccurrences(
                of: "      - \"big order from <the> {store:shop}\"\n", with: ""),
            message: "big.yaml:11: “BigOrder” has no sentences in “xx”: nobody could ask for it"),
        DefinitionCase(
            problem: "a sentence that does not parse", yaml: bigOrder(replacing: 13, with: "      - \"big (order from <the> {store:shop}\""),
            message: "big.yaml:13: the sentence does not parse: missing “)” in template “big (order from <the> {store:shop}”"),
        DefinitionCase(
            problem: "a sentence filling an unknown parameter", yaml: bigOrder(replacing: 13, with: "      - \"big order from <the> {store:shops}\""),
            message: "big.yaml:13: the sentence “big order from <the> {store:shops}” fills {shops}, which is not a parameter of BigOrder (did you mean “shop”?)"),
        DefinitionCase(
            problem: "a sentence slot from an unknown value list", yaml: bigOrder(replacing: 13, with: "      - \"big order from <the> {shop}\""),
            message: "big.yaml:13: the sentence “big order from <the> {shop}” takes {shop:shop} from “shop”, which language “xx” does not know (it knows items, size, store, text)"),
        DefinitionCase(
            problem: "a sentence using an unknown rule", yaml: bigOrder(replacing: 13, with: "      - \"big order from <tha> {store:shop}\""),
            message: "big.yaml:13: the sentence cannot be used: unknown rule <tha> in “big order from <tha> {store:shop}”"),
        DefinitionCase(
            problem: "a sentence group fixing an unknown parameter",
            yaml: bigOrder(replacing: 13, with: "      - sentences: [\"big order from <the> {store:shop}\"]\n        slots: {size: large}"),
            message: "big.yaml:14: a sentence group fixes “size”, which is not a parameter of BigOrder (it has shop)"),
        DefinitionCase(
            problem: "sentences that are not a list", yaml: bigOrder(replacing: 12, with: "    sentences: big order\n    samples:"),
            message: "big.yaml:12: languages.xx.sentences must be a list"),
        DefinitionCase(
            problem: "prompts for an unknown parameter", yaml: bigOrder(replacing: 14, with: "    prompts:\n      store: {needsValue: \"Which?\"}\n    responses:"),
            message: "big.yaml:15: prompts for “store”, which is not a parameter of BigOrder (it has shop)"),
        DefinitionCase(
            problem: "an unknown kind of prompt", yaml: bigOrder(replacing: 14, with: "    prompts:\n      shop: {needValue: \"Which?\"}\n    responses:"),
            message: "big.yaml:15: unknown kind of prompt “needValue” (did you mean “needsValue”?)"),
        DefinitionCase(
            problem: "a combination naming an unknown parameter", yaml: bigOrder(replacing: 14, with: "    combinations:\n      \"shop,size\": \"x\"\n    responses:"),
            message: "big.yaml:15: the combination “shop,size” names “size”, which is not a parameter of BigOrder"),

        // Languages
        DefinitionCase(
            problem: "no languages", yaml: bigOrderYAML.components(separatedBy: "languages:")[0],
            message: "big.yaml:1: no words: add “languages:” with the intent's title, sentences and responses in each language"),
        DefinitionCase(
            problem: "no words in the engine's language", yaml: bigOrder(replacing: 10, with: "  de:"),
            message: "big.yaml:9: “BigOrder” has no words in language “xx” (only in de)"),
        DefinitionCase(
            problem: "a language that is not a mapping", yaml: bigOrderYAML.components(separatedBy: "languages:")[0] + "languages:\n  xx: [a]\n",
            message: "big.yaml:10: languages.xx must be a mapping"),
    ]

    @Test("every problem a file can have is refused with its file, line and a plain message", arguments: cases)
    func refused(_ case_: DefinitionCase) throws {
        let message = try definitionError(case_.yaml)
        #expect(message == case_.message, "got: \(message ?? "no error")")
    }

    @Test("two files with the same intent: the second is refused, naming the first")
    func clashBetweenFiles() throws {
        #expect(try definitionError(bigOrderYAML, file: "other.yaml", after: [("big.yaml", bigOrderYAML)])
            == "other.yaml:1: the intent “BigOrder” is already defined in big.yaml")
    }

    @Test("a step naming another custom intent is refused: steps are built-in intents")
    func stepNamingACustomIntent() throws {
        let yaml = bigOrder(replacing: 1, with: "intent: BiggerOrder").replacingOccurrences(
            of: "  - intent: ShowStore\n    parameters: {store: \"${shop}\"}", with: "  - intent: BigOrder\n    parameters: {}")
        #expect(try definitionError(yaml, file: "bigger.yaml", after: [("big.yaml", bigOrderYAML)])
            == "bigger.yaml:5: step 1 names “BigOrder”, which is itself a list of steps: a step must be a built-in intent")
    }

    @Test("a name the language file already has words for is refused")
    func clashWithLanguageWords() throws {
        var catalog = IntentCatalog(language: try makeOrdersLanguage(), schemas: [])
        do {
            try catalog.add(try IntentDefinition.load(yaml: bigOrder(replacing: 1, with: "intent: ShowStore"), file: "big.yaml"))
            Issue.record("added")
        } catch {
            #expect(error.message == "big.yaml:1: language “xx” already has words for an intent “ShowStore”: choose another name")
        }
    }

    @Test("a refused file leaves the catalog as it was")
    func refusedLeavesNothing() throws {
        var catalog = try ordersCatalog()
        let before = catalog.schemas.count
        #expect(throws: DefinitionError.self) {
            try catalog.add(try IntentDefinition.load(yaml: bigOrder(replacing: 7, with: "  - intent: PlaceOrders"), file: "big.yaml"))
        }
        #expect(catalog.schemas.count == before)
        #expect(catalog.language.intents["BigOrder"] == nil)
        try catalog.add(try IntentDefinition.load(yaml: bigOrderYAML, file: "big.yaml"))
        #expect(catalog.schemas.count == before + 1)
    }

    @Test("the names a response template uses")
    func templateNames() {
        #expect(ResponseTemplate.names("${a} ${b|one|other} ${c.count} ${a} ${d|or} $x {y}") == ["a", "b", "c", "d"])
        #expect(ResponseTemplate.names("no values") == [])
    }
}

/// A domain whose "BigOrder" runs through a SequenceHandler over the Orders handlers.
struct SequenceOrdersDomain: IntentDomain {
    let orders: OrdersDomain
    let catalog: IntentCatalog

    func handler(for intent: String) -> (any IntentHandler)? {
        guard let definition = catalog.sequences[intent] else { return orders.handler(for: intent) }
        let orders = orders
        return SequenceHandler(definition: definition, schemas: catalog.schemasByName, language: catalog.language) {
            orders.handler(for: $0)
        }
    }

    var vocabulary: Vocabulary { orders.vocabulary }
}

@Suite("Running a custom intent")
struct SequenceHandlerTests {
    let world = OrdersWorld()

    func make(_ yaml: String = bigOrderYAML) throws -> (IntentEngine, SequenceOrdersDomain) {
        var catalog = try ordersCatalog()
        try catalog.add(try IntentDefinition.load(yaml: yaml, file: "big.yaml"))
        let domain = SequenceOrdersDomain(orders: OrdersDomain(world: world, language: catalog.language), catalog: catalog)
        return (try catalog.makeEngine(), domain)
    }

    @Test("its own parameter is asked for by the first step that uses it, then every step runs")
    func runs() throws {
        let (engine, domain) = try make()
        var conversation = Conversation()
        let asked = conversation.receive(.utterance("big order from pizza"), engine: engine, domain: domain)
        #expect(asked.state == .disambiguation)
        #expect(asked.options == ["Pizza Place", "Pizza Palace"])
        // Resolved by ShowStore's handler, as its "store".
        #expect(world.resolves.first == .init(intent: "ShowStore", parameter: "store", input: .spoken("pizza")))
        let done = conversation.receive(.pick(1), engine: engine, domain: domain)
        #expect(done.state == .completed)
        #expect(done.response == "Done: Here is Pizza Palace. Ordered rice and noodles from Pizza Palace.")
        #expect(world.handles.map(\.intent) == ["ShowStore", "PlaceOrder"])
        #expect(world.handles.last?.values("dishes") == [.text("rice"), .text("noodles")])
        #expect(world.handles.last?.value("size") == .enumeration("large"))
        #expect(done.snippet?.title == "Pizza Palace")
    }

    @Test("a fixed value that does not resolve outright stops the sequence, saying what was done")
    func stops() throws {
        // "soup" is a guess to confirm ("Soup of the Day"): a fixed value must resolve outright.
        let (engine, domain) = try make(bigOrderYAML.replacingOccurrences(of: "[rice, noodles]", with: "[rice, soup]"))
        var conversation = Conversation()
        let turn = conversation.receive(.utterance("big order from Sushi Bar"), engine: engine, domain: domain)
        #expect(turn.state == .failed)
        #expect(turn.response
            == "Stopped: Step 2 (Place an order) can't tell which “soup” is meant: Soup of the Day. Already done: Here is Sushi Bar.")
        #expect(world.handles.map(\.intent) == ["ShowStore"])
    }

    @Test("a step that asks first: the whole intent asks once, with its own words, then runs unasked")
    func confirms() throws {
        let yaml = bigOrder(replacing: 5, with: "  - intent: DeleteOrder") + "\n      confirm: \"Really, ${shop}?\"\n"
        let (engine, domain) = try make(yaml)
        var conversation = Conversation()
        let asked = conversation.receive(.utterance("big order from Sushi Bar"), engine: engine, domain: domain)
        #expect(asked.state == .confirmation)
        #expect(asked.response == "Really, Sushi Bar?")
        let done = conversation.receive(.yes, engine: engine, domain: domain)
        #expect(done.state == .completed)
        #expect(done.response == "Done: Deleted the order from Sushi Bar. Ordered rice and noodles from Sushi Bar.")
        #expect(world.handles.map(\.intent) == ["DeleteOrder", "PlaceOrder"])
    }

    @Test("a step that fails stops the rest; a step's handler that throws is a failure, not a crash")
    func stepFails() throws {
        let (engine, domain) = try make(bigOrder(replacing: 5, with: "  - intent: BreakStore"))
        var conversation = Conversation()
        let turn = conversation.receive(.utterance("big order from Sushi Bar"), engine: engine, domain: domain)
        #expect(turn.state == .failed)
        #expect(turn.response == "Stopped: Step 1 (Break a store) went wrong: the oven exploded. Nothing was changed.")
        #expect(world.handles.map(\.intent) == ["BreakStore"])
    }
}
