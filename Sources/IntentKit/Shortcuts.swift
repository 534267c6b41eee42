import Foundation

/// A completed interaction, kept so the app can suggest what the person may do next (Siri
/// Shortcuts' donated INInteraction): the intent and its resolved parameters, when, an
/// identifier, and a group identifier (the list it is about) for deleting a group at once.
package struct Donation: Sendable, Equatable {
    package var id: UUID
    package var intent: String
    package var parameters: [String: [ParameterValue]]
    package var group: String?
    package var date: Date
    /// Where it was done: "tui", "cli" or "assistant".
    package var source: String
    /// Ids of what it is about besides its values (the items an "add" made), so that it
    /// goes when they do.
    package var references: [String]

    package init(
        id: UUID = UUID(), intent: String, parameters: [String: [ParameterValue]], group: String?, date: Date,
        source: String, references: [String] = []
    ) {
        self.references = references
        self.id = id
        self.intent = intent
        self.parameters = parameters
        self.group = group
        self.date = date
        self.source = source
    }

    /// The resolved values of a completed request.
    package static func parameters(of request: IntentRequest) -> [String: [ParameterValue]] {
        var parameters: [String: [ParameterValue]] = [:]
        for name in request.parameters.keys {
            let values = request.values(name)
            if !values.isEmpty { parameters[name] = values }
        }
        return parameters
    }

    /// Two donations of the same interaction (same intent, same values) share this key.
    package var interactionKey: String { Self.interactionKey(intent, parameters) }

    static func interactionKey(_ intent: String, _ parameters: [String: [ParameterValue]]) -> String {
        let values = parameters.sorted { $0.key < $1.key }.map { name, values in
            name + "=" + values.map { "\($0.kind.rawValue):\(TextNormalizer.fold($0.id))" }.joined(separator: ",")
        }
        return ([intent] + values).joined(separator: "|")
    }
}

/// A likely next action, ranked from the donation log.
package struct Suggestion: Sendable, Equatable {
    package var intent: String
    package var parameters: [String: [ParameterValue]]
    /// Higher is more likely. Only the order means anything.
    package var score: Double
    /// How many times it was done, and when last.
    package var count: Int
    package var lastDone: Date

    /// A request that does it again.
    package var request: IntentRequest { IntentRequest(intent: intent, chosen: parameters) }
}

extension IntentRequest {
    /// A request with every value already chosen: resolution checks each still exists rather
    /// than asking (a suggestion, a phrase).
    package init(intent: String, chosen parameters: [String: [ParameterValue]]) {
        self.init(intent: intent)
        for (name, values) in parameters {
            self.parameters[name] = values.map { .unresolved(.chosen($0)) }
        }
    }
}

/// Ranks likely next actions from the donation log: each past interaction counts for more
/// the more recent it is, the closer its time of day is to now, and on the same weekday.
/// The same log and the same `now` always give the same ranking.
package enum Suggester {
    /// A donation's weight halves every two weeks.
    package static let halfLife: TimeInterval = 14 * 24 * 3600
    /// How far apart two times of day may be and still count as "about the same time" (the
    /// standard deviation of a Gaussian over the hours between them).
    package static let timeOfDaySpread = 2.0

    /// The top `limit` suggestions at `now`. Donations after `now` are ignored (a ranking "as
    /// of" a past time sees only what had happened by then). `isValid` drops interactions
    /// that no longer make sense (a list that is gone, an item already checked off).
    package static func rank(
        _ donations: [Donation], at now: Date, calendar: Calendar, limit: Int = 5,
        isValid: (Suggestion) -> Bool = { _ in true }
    ) -> [Suggestion] {
        let nowParts = calendar.dateComponents([.hour, .minute, .weekday], from: now)
        let nowHour = Double(nowParts.hour ?? 0) + Double(nowParts.minute ?? 0) / 60
        var byKey: [String: Suggestion] = [:]
        // In a fixed order, so that sums of the same weights come out to the same last bit.
        let ordered = donations.filter { $0.date <= now }.sorted {
            $0.date != $1.date ? $0.date < $1.date : $0.id.uuidString < $1.id.uuidString
        }
        for donation in ordered {
            let parts = calendar.dateComponents([.hour, .minute, .weekday], from: donation.date)
            let hour = Double(parts.hour ?? 0) + Double(parts.minute ?? 0) / 60
            let apart = min(abs(hour - nowHour), 24 - abs(hour - nowHour))
            let timeOfDay = exp(-(apart * apart) / (2 * timeOfDaySpread * timeOfDaySpread))
            let sameDay = parts.weekday == nowParts.weekday ? 1.0 : 0.5
            let recency = pow(0.5, now.timeIntervalSince(donation.date) / halfLife)
            let weight = recency * (0.5 + timeOfDay) * sameDay
            let key = donation.interactionKey
            if var known = byKey[key] {
                known.score += weight
                known.count += 1
                if donation.date > known.lastDone {
                    known.lastDone = donation.date
                    known.parameters = donation.parameters  // the newest names
                }
                byKey[key] = known
            } else {
                byKey[key] = Suggestion(
                    intent: donation.intent, parameters: donation.parameters, score: weight, count: 1,
                    lastDone: donation.date)
            }
        }
        let ranked = byKey.sorted { a, b in
            if a.value.score != b.value.score { return a.value.score > b.value.score }
            if a.value.lastDone != b.value.lastDone { return a.value.lastDone > b.value.lastDone }
            return a.key < b.key
        }
        var result: [Suggestion] = []
        for (_, suggestion) in ranked where result.count < limit && isValid(suggestion) {
            result.append(suggestion)
        }
        return result
    }
}

/// A phrase of the person's own bound to an intent with fixed values: "shopping time" →
/// show Grocery Store.
package struct PersonalPhrase: Sendable, Equatable {
    package var phrase: String
    package var intent: String
    package var parameters: [String: [ParameterValue]]

    package init(phrase: String, intent: String, parameters: [String: [ParameterValue]]) {
        self.phrase = phrase
        self.intent = intent
        self.parameters = parameters
    }

    /// The phrase's words as the engine compares them: "Shopping-time!" → "shopping time".
    package static func key(_ phrase: String) -> String {
        TextNormalizer.tokenize(phrase).map(\.folded).joined(separator: " ")
    }

    package var key: String { Self.key(phrase) }

    /// The request the phrase stands for (values re-checked when it runs, as for a suggestion).
    package var request: IntentRequest { IntentRequest(intent: intent, chosen: parameters) }
}

/// The person's phrases, matched before the language's sentences: word for word, each word
/// allowed the same small typos as names ("shoping time").
package struct PhraseBook: Sendable {
    package private(set) var phrases: [PersonalPhrase]
    private let words: [[String]]

    package init(_ phrases: [PersonalPhrase] = []) {
        self.phrases = phrases
        words = phrases.map { $0.key.split(separator: " ").map(String.init) }
    }

    package var isEmpty: Bool { phrases.isEmpty }

    /// The phrase these folded words say: an exact phrase first, else the one phrase within
    /// typo distance (two or more within it: none, as a guess would be).
    package func match(_ folded: [String]) -> PersonalPhrase? {
        guard !phrases.isEmpty, !folded.isEmpty else { return nil }
        if let exact = exactMatch(folded) { return exact }
        let close = words.indices.filter { Self.close(words[$0], folded) }
        return close.count == 1 ? phrases[close[0]] : nil
    }

    /// The phrase these folded words are, exactly.
    package func exactMatch(_ folded: [String]) -> PersonalPhrase? {
        words.firstIndex(of: folded).map { phrases[$0] }
    }

    package func match(_ text: String) -> PersonalPhrase? {
        match(TextNormalizer.tokenize(text).map(\.folded))
    }

    /// The phrase already in the book that `phrase` could be taken for, if any.
    package func collision(with phrase: String) -> PersonalPhrase? {
        let folded = PersonalPhrase.key(phrase).split(separator: " ").map(String.init)
        return words.indices.first { words[$0] == folded || Self.close(words[$0], folded) }.map { phrases[$0] }
    }

    /// Same number of words, each within the typo allowance for its length.
    static func close(_ a: [String], _ b: [String]) -> Bool {
        guard a.count == b.count else { return false }
        var differs = false
        for (x, y) in zip(a, b) where x != y {
            let allowed = NameMatcher.allowance(min(x.count, y.count))
            guard allowed > 0, EditDistance.distance(x, y, limit: allowed) != nil else { return false }
            differs = true
        }
        return differs || a == b
    }
}
