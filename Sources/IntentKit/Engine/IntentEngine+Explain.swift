import Foundation

/// A request and a parse in words: the title of what a request does, its values for
/// response templates, and `--explain`'s account of how words were understood.
extension IntentEngine {
    /// What a request does, in words: its parameter-combination title with the values filled
    /// in ("Add milk to Grocery Store"). Without a combination for every value given, the one
    /// naming the most of them ("Show To Do" for a list and a question whether things are
    /// done); else the intent's title.
    package func title(_ request: IntentRequest) -> String {
        let text = language.intents[request.intent]
        let parameters = schema(request.intent)?.parameters ?? []
        let present = parameters.map(\.name).filter { !request.shown($0).isEmpty }
        var template = text?.combinations[present.joined(separator: ",")]
        if template == nil, let combinations = text?.combinations {
            let given = Set(present)
            let fitting = combinations.map { (names: Set($0.key.split(separator: ",").map(String.init)), template: $0.value) }
                .filter { !$0.names.isEmpty && $0.names.isSubset(of: given) }
            template = fitting.max { ($0.names.count, $1.template) < ($1.names.count, $0.template) }?.template
        }
        return language.render(template ?? text?.title ?? request.intent, templateData(request))
    }

    /// Each parameter's values (or what was said) for templates: a list for multi-valued ones.
    func templateData(_ request: IntentRequest) -> [String: TemplateValue] {
        var data: [String: TemplateValue] = [:]
        for parameter in schema(request.intent)?.parameters ?? [] {
            var values = request.shown(parameter.name)
            // An enumeration's case in words: its first phrase in the language ("notCompleted"
            // is "not done"), never the internal name.
            if let cases = language.enumerations[parameter.type] {
                values = values.map { cases[$0]?.first ?? $0 }
            }
            data[parameter.name] = parameter.multiple ? .list(values) : .text(values.first ?? "")
        }
        return data
    }

    /// `--explain`: which path answered, which template matched and how it scored, and why
    /// the request is only a guess when it is.
    public func explain(_ parse: Parse) -> String {
        let slots = parse.match.slots.map { "\($0.name)=“\($0.text)”" }.joined(separator: ", ")
        let fixed = parse.match.fixedSlots.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
        let how: String
        switch parse.path {
        case .classifier:
            how = "\(parse.match.intent) (\(parse.path.rawValue), confidence \(String(format: "%.2f", parse.confidence ?? 0)))"
        default:
            how = "\(parse.match.intent) (\(parse.path.rawValue)): “\(parse.match.template)” (\(parse.match.score))"
        }
        return how + (slots.isEmpty ? "" : "; slots: \(slots)") + (fixed.isEmpty ? "" : "; fixed: \(fixed)")
            + (parse.guessReason.map { "; a guess: \($0), asked before anything changes" } ?? "")
    }
}
