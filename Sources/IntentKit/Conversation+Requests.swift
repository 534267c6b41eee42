/// Requests said one after another in one sentence: the second waits in `queued` until the
/// first is done, then runs with the values it leaves out taken from the first.
extension Conversation {
    /// After `turn`, the next request said in the same sentence ("… and also add screws"),
    /// when `turn` ended one: run over `domain` as it is now (read again after the first
    /// changed something), after what the first said; nil when nothing waits. A first
    /// request not done (declined, failed, only a dry run) says what it did not go on to.
    package mutating func next(after turn: Turn, engine: IntentEngine, domain: any IntentDomain) -> Turn? {
        guard !queued.isEmpty, !isWaiting else { return nil }
        let rest = queued
        queued = []
        guard turn.state == .completed else {
            var turn = turn
            let message = turn.state == .ready ? "thenNext" : "notGoingOn"
            turn.response = Turn.sentences(turn.response, engine.language.message(message, ["request": .list(rest)]))
            return turn
        }
        saidBefore = turn.resolved
        defer { saidBefore = nil }
        let next = receive(.utterance(rest[0]), engine: engine, domain: domain)
        queued += rest.dropFirst()
        return Turn(combining: turn, with: next)
    }

    /// Ends the request on "cancel", saying what was said after it is not done either.
    mutating func cancelled(_ engine: IntentEngine) -> Turn {
        let dropped = queued
        queued = []
        var turn = end(engine, message: "cancelled")
        if !dropped.isEmpty { turn.response = Turn.sentences(turn.response, engine.language.message("notGoingOn", ["request": .list(dropped)])) }
        return turn
    }

    /// The values `request` leaves out that `before` had one of (of the same type, and only
    /// one such), or that `before` made (`IntentSchema.creates`, when it had none of the type):
    /// said as "that one" (`ResolutionInput.sameAsBefore`), which the domain resolves as it
    /// resolves "it", once the first request's change is read.
    func carryOver(from before: IntentRequest, into request: inout IntentRequest, _ engine: IntentEngine) {
        guard let schema = engine.schemas[request.intent], let earlier = engine.schemas[before.intent] else { return }
        // Names only: "create a list called party and show the hardware list" carries no
        // text ("party") into the look's count or place.
        for parameter in schema.parameters where !parameter.multiple && engine.language.entityLists.contains(parameter.type) {
            let states = request.parameters[parameter.name] ?? []
            let sources = earlier.parameters.filter { $0.type == parameter.type && !$0.multiple && before.value($0.name) != nil }
            let made = sources.isEmpty && earlier.creates == parameter.type
                && !earlier.parameters.contains { $0.type == parameter.type }
            guard states.allSatisfy({ $0 == .unresolved(.missing) || $0 == .absent }), sources.count == 1 || made else { continue }
            request.parameters[parameter.name] = [.unresolved(.spoken(ResolutionInput.sameAsBefore))]
        }
    }
}
