/// A question never shows a value that was not said: "Which list is ${tasks} on?" with no item
/// (a guess of the model's from "tick", with nothing to tick) would read "Which list is on?".
extension Conversation {
    /// `template`, or, when it names a value of the request that is empty, the language's
    /// wording of the same question without it: `prompt.<kind>.<type>` ("Which list?", by the
    /// type of the value asked for), else `prompt.<kind>` ("Which one: A or B?") but for a
    /// value asked for (its generic wording, "What value should I use?", says less than the
    /// question with a gap). A question of the domain's own kind ("offerNewList") has no such
    /// wording and stays as it is.
    static func withoutEmptyValues(
        _ template: String, kind: String, parameter: String, _ request: IntentRequest,
        _ data: [String: TemplateValue], _ engine: IntentEngine
    ) -> String {
        guard let schema = engine.schemas[request.intent],
              ResponseTemplate.names(in: template).contains(where: { name in
                  schema.parameter(name) != nil && isEmpty(data[name])
              })
        else { return template }
        let messages = engine.language.messages
        let type = schema.parameter(parameter)?.type ?? ""
        if let typed = messages["prompt.\(kind).\(type)"] { return typed }
        return kind == "needsValue" ? template : messages["prompt.\(kind)"] ?? template
    }

    private static func isEmpty(_ value: TemplateValue?) -> Bool {
        switch value {
        case nil: return true
        case .text(let text)?: return text.allSatisfy(\.isWhitespace)
        case .list(let values)?: return values.allSatisfy { $0.allSatisfy(\.isWhitespace) }
        case .number?: return false
        }
    }
}
