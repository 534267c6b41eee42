import Foundation

@testable import IntentKit

// A tiny domain, independent of ListIntents, to exercise the engine: a fake "Orders"
// domain with an entity type (store), a multi-valued text slot (dishes), an enumeration
// (size), a fixed slot, an intent that asks "are you sure?" (DeleteOrder) and one whose
// handler throws (BreakStore). Handlers record every call so tests can check what the
// conversation asked them, in which order, and with which input.

let ordersSchemaYAML = """
    PlaceOrder:
      parameters:
        - {name: store, type: store}
        - {name: dishes, type: text, multiple: true}
        - {name: size, type: size, required: false}
      responses: [success, failure]
    ShowStore:
      parameters:
        - {name: store, type: store}
    DeleteOrder:
      parameters:
        - {name: store, type: store}
      confirm: true
      responses: [confirm, success, failure]
    BreakStore:
      parameters:
        - {name: store, type: store}
      responses: [success]
    """

let ordersLanguageYAML = """
    language: xx
    app:
      names: [ListOMat, List-o-Mat, list o mat, list oh mat]
      invocations:
        - "[hey|hi|ok] <app> {command}"
        - "(in|using|with|on) <app> {command}"
        - "(ask|tell) <app> [to] {command}"
        - "{command} (using|with|in|on) <app>"
    skip:
      prefixes: [please, "can you", "could you", kindly]
      suffixes: [please, thanks, "thank you", "for me"]
    splitting:
      separators: [and, "&", plus]
      dropped_articles: [a, an, some]
    names:
      all: [all, every]
      leading_noise: [the, my]
      trailing_noise: [menu]
      plural_suffixes: [s, es]
    answers:
      yes: [yes, yeah, sure, "go ahead"]
      no: [no, nope]
      cancel: [cancel, "never mind", stop]
      ordinals: {first: 1, second: 2, third: 3, one: 1, two: 2, three: 3, last: -1}
    list_format: {conjunction: and, serial_comma: false}
    values:
      store: {entity: store}
      items: {text: true}
      size:
        enumeration:
          small: [small, little]
          large: [large, big]
    rules:
      the: "[the|my]"
      order: "(order|get)"
    intents:
      PlaceOrder:
        title: Place an order
        samples: ["order rice from Burger Barn"]
        sentences:
          - "<order> {items:dishes} from <the> {store:store}"
          - "<order> {items:dishes}"
          - "<order> [something] from <the> {store:store}"
          - sentences:
              - "<order> (a|an) large {items:dishes} from <the> {store:store}"
            slots: {size: large}
        prompts:
          store:
            needsValue: "Which store should I order ${dishes} from?"
            disambiguation: "Which store: ${options|or}?"
            confirmation: "Did you mean ${value}?"
            unsupported: "There's no store called “${spoken}”. Which store?"
          dishes:
            needsValue: "What should I order from ${store}?"
            disambiguation: "Which dish: ${options|or}?"
            unsupported: "I can't order “${spoken}”: ${reason} What else?"
        responses:
          success: "Ordered ${dishes} from ${store}."
          failure: "I couldn't order from ${store}: ${reason}"
        combinations:
          "store,dishes": "Order ${dishes} from ${store}"
          "store,dishes,size": "Order ${size} ${dishes} from ${store}"
      ShowStore:
        title: Show a store
        sentences:
          - "show <the> {store:store} [menu]"
        responses:
          success: "Here is ${store}."
      DeleteOrder:
        title: Delete an order
        sentences:
          - "delete <the> order (from|at) <the> {store:store}"
        responses:
          confirm: "Delete the order from ${store} with ${n} ${n|dish|dishes}?"
          success: "Deleted the order from ${store}."
          failure: "I couldn't delete the order: ${reason}"
      BreakStore:
        title: Break a store
        sentences:
          - "break <the> {store:store}"
        responses:
          success: "Broke ${store}."
    messages:
      notUnderstood: "Sorry, I didn't get that."
      cancelled: "OK, cancelled."
      declined: "OK, I won't."
      notUsable: "Sorry, I can't use that answer."
      gaveUp: "Sorry, let's leave it there."
      ready: "Ready: ${action}."
      error: "Something went wrong: ${error}"
      prompt.needsValue: "What value should I use?"
      prompt.disambiguation: "Which one: ${options|or}?"
      prompt.confirmation: "Did you mean ${value}?"
    """

func makeOrdersLanguage() throws -> Language {
    try Language.load(yaml: ordersLanguageYAML, file: "orders.yaml")
}

func makeOrdersEngine() throws -> IntentEngine {
    try IntentEngine(
        language: try makeOrdersLanguage(),
        schemas: try IntentSchema.load(yaml: ordersSchemaYAML, file: "intents.yaml"))
}

/// Builds an engine from a language file and the Orders schemas (for loader error tests).
func makeEngine(language yaml: String, file: String = "test.yaml") throws -> IntentEngine {
    try IntentEngine(
        language: try Language.load(yaml: yaml, file: file),
        schemas: try IntentSchema.load(yaml: ordersSchemaYAML, file: "intents.yaml"))
}

struct Boom: Error, CustomStringConvertible {
    var description: String { "the oven exploded" }
}

/// The fake world the handlers work on, and the record of every call they got.
final class OrdersWorld: @unchecked Sendable {
    struct ResolveCall: Equatable {
        var intent: String
        var parameter: String
        var input: ResolutionInput
    }

    private let lock = NSLock()
    private var _stores: [Vocabulary.Entry]
    private var _resolves: [ResolveCall] = []
    private var _confirms: [IntentRequest] = []
    private var _handles: [IntentRequest] = []
    /// Makes `resolve` (for this parameter) or `confirm` throw.
    var throwOnResolve: String? {
        get { lock.withLock { _throwOnResolve } }
        set { lock.withLock { _throwOnResolve = newValue } }
    }
    private var _throwOnResolve: String?
    var throwOnConfirm: Bool {
        get { lock.withLock { _throwOnConfirm } }
        set { lock.withLock { _throwOnConfirm = newValue } }
    }
    private var _throwOnConfirm = false

    init(stores: [Vocabulary.Entry] = [
        .init(id: "p1", name: "Pizza Place"),
        .init(id: "p2", name: "Pizza Palace"),
        .init(id: "s1", name: "Sushi Bar"),
        .init(id: "b1", name: "Burger Barn"),
        .init(id: "c1", name: "Closed Diner"),
    ]) {
        _stores = stores
    }

    var stores: [Vocabulary.Entry] { lock.withLock { _stores } }
    var resolves: [ResolveCall] { lock.withLock { _resolves } }
    var confirms: [IntentRequest] { lock.withLock { _confirms } }
    var handles: [IntentRequest] { lock.withLock { _handles } }

    func removeStore(_ id: String) { lock.withLock { _stores.removeAll { $0.id == id } } }
    func record(_ call: ResolveCall) { lock.withLock { _resolves.append(call) } }
    func recordConfirm(_ r: IntentRequest) { lock.withLock { _confirms.append(r) } }
    func recordHandle(_ r: IntentRequest) { lock.withLock { _handles.append(r) } }

    func resolves(of parameter: String) -> [ResolutionInput] {
        resolves.filter { $0.parameter == parameter }.map(\.input)
    }

    func store(_ id: String) -> ParameterValue {
        let entry = stores.first { $0.id == id }!
        return .entity(id: entry.id, name: entry.name)
    }

    /// Store names: exact → success, one guess → confirm, several → menu, none → unsupported.
    func resolveStore(_ input: ResolutionInput, rules: NameMatchingRules) -> Resolution {
        let stores = self.stores
        switch input {
        case .missing:
            return .needsValue
        case .chosen(let value):
            // Re-resolution after a pick or a yes: the value must still exist.
            guard stores.contains(where: { $0.id == value.id }) else { return .unsupported(reason: "That store closed.") }
            return .success(value)
        case .spoken(let spoken):
            let values = stores.map { ParameterValue.entity(id: $0.id, name: $0.name) }
            switch NameMatcher(names: stores.map(\.name), rules: rules).match(spoken) {
            case .exact(let i): return .success(values[i])
            // This domain takes a store said short as a guess.
            case .words(let i): return .confirmationRequired(values[i])
            case .contained(let c) where c.count == 1, .similar(let c) where c.count == 1:
                return .confirmationRequired(values[c[0]])
            case .contained(let c), .similar(let c): return .disambiguation(c.map { values[$0] })
            case .all: return .disambiguation(values)
            case .none: return .unsupported(reason: "No such store.")
            }
        }
    }
}

struct OrdersHandler: IntentHandler {
    let intent: String
    let world: OrdersWorld
    let rules: NameMatchingRules

    func resolve(_ parameter: String, _ input: ResolutionInput, in request: IntentRequest) throws -> Resolution {
        world.record(.init(intent: intent, parameter: parameter, input: input))
        if world.throwOnResolve == parameter { throw Boom() }
        switch parameter {
        case "store":
            return world.resolveStore(input, rules: rules)
        case "dishes":
            switch input {
            case .missing: return .needsValue
            case .chosen(let value): return .success(value)
            case .spoken(let text):
                switch TextNormalizer.fold(text) {
                case "poison", "arsenic", "hemlock", "cyanide": return .unsupported(reason: "We don't sell that.")
                case "pasta": return .disambiguation([.text("Pasta Carbonara"), .text("Pasta Pesto")])
                case "soup": return .confirmationRequired(.text("Soup of the Day"))
                case "whatever": return .needsValue
                default: return .success(.text(text))
                }
            }
        case "size":
            switch input {
            case .missing: return .needsValue
            case .chosen(let value): return .success(value)
            case .spoken(let text):
                return ["large", "small"].contains(text) ? .success(.enumeration(text)) : .unsupported(reason: nil)
            }
        default:
            return .unsupported(reason: "unknown parameter \(parameter)")
        }
    }

    func confirm(_ request: IntentRequest) throws -> ConfirmOutcome {
        world.recordConfirm(request)
        if world.throwOnConfirm { throw Boom() }
        if request.value("store")?.id == "c1" {
            return .failure(code: "failure", data: ["reason": .text("it is closed")])
        }
        if intent == "DeleteOrder" { return .needsUserConfirmation(code: "confirm", data: ["n": .number(2)]) }
        return .ready
    }

    func handle(_ request: IntentRequest) throws -> IntentResponse {
        world.recordHandle(request)
        if intent == "BreakStore" { throw Boom() }
        return IntentResponse(code: "success", snippet: Snippet(title: request.value("store")?.display ?? "", items: []))
    }
}

struct OrdersDomain: IntentDomain {
    let world: OrdersWorld
    let rules: NameMatchingRules
    /// Intents the domain has no handler for.
    var unhandled: Set<String> = []

    init(world: OrdersWorld = OrdersWorld(), language: Language, unhandled: Set<String> = []) {
        self.world = world
        self.rules = language.nameRules
        self.unhandled = unhandled
    }

    func handler(for intent: String) -> (any IntentHandler)? {
        unhandled.contains(intent) ? nil : OrdersHandler(intent: intent, world: world, rules: rules)
    }

    var vocabulary: Vocabulary {
        var vocabulary = Vocabulary()
        vocabulary.register("store", world.stores)
        return vocabulary
    }
}
