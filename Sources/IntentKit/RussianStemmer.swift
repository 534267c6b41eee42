/// The Snowball Russian stemmer, written from its published description
/// (snowballstem.org/algorithms/russian/stemmer.html): "покупок", "покупки" and "покупках"
/// all come down to a stem, so a name said in any case finds the name as written.
///
/// It works on lower-case Cyrillic words. `stem(_:folded:)` also takes words as
/// `TextNormalizer` folds them, where "й" has become "и" (its breve is a diacritic): every
/// ending with "й" is then looked for with "и" in its place, so both sides of a comparison
/// agree ("красный" and "красную" both give "красн").
package enum RussianStemmer {
    private static let vowels: Set<Character> = ["а", "е", "и", "о", "у", "ы", "э", "ю", "я"]

    /// The endings of one step: those deleted only after "а" or "я", and those deleted always.
    private struct Endings {
        var afterAOrYa: [[Character]]
        var always: [[Character]]

        init(afterAOrYa: [String] = [], always: [String], folded: Bool) {
            func prepare(_ endings: [String]) -> [[Character]] {
                // Character by Character, not Foundation's search: these tables are made at
                // the first stem of every process that reads a Russian name.
                endings.map { ending in ending.map { folded && $0 == "й" ? "и" : $0 } }
            }
            self.afterAOrYa = prepare(afterAOrYa)
            self.always = prepare(always)
        }
    }

    private struct Steps {
        let perfectiveGerund: Endings
        let adjective: Endings
        let participle: Endings
        let reflexive: Endings
        let verb: Endings
        let noun: Endings
        let superlative: Endings
        let derivational: Endings

        init(folded: Bool) {
            perfectiveGerund = Endings(
                afterAOrYa: ["в", "вши", "вшись"], always: ["ив", "ивши", "ившись", "ыв", "ывши", "ывшись"], folded: folded)
            adjective = Endings(
                always: ["ее", "ие", "ые", "ое", "ими", "ыми", "ей", "ий", "ый", "ой", "ем", "им", "ым", "ом", "его", "ого",
                         "ему", "ому", "их", "ых", "ую", "юю", "ая", "яя", "ою", "ею"], folded: folded)
            participle = Endings(afterAOrYa: ["ем", "нн", "вш", "ющ", "щ"], always: ["ивш", "ывш", "ующ"], folded: folded)
            reflexive = Endings(always: ["ся", "сь"], folded: folded)
            verb = Endings(
                afterAOrYa: ["ла", "на", "ете", "йте", "ли", "й", "л", "ем", "н", "ло", "но", "ет", "ют", "ны", "ть", "ешь", "нно"],
                always: ["ила", "ыла", "ена", "ейте", "уйте", "ите", "или", "ыли", "ей", "уй", "ил", "ыл", "им", "ым", "ен",
                         "ило", "ыло", "ено", "ят", "ует", "уют", "ит", "ыт", "ены", "ить", "ыть", "ишь", "ую", "ю"], folded: folded)
            noun = Endings(
                always: ["а", "ев", "ов", "ие", "ье", "е", "иями", "ями", "ами", "еи", "ии", "и", "ией", "ей", "ой", "ий", "й",
                         "иям", "ям", "ием", "ем", "ам", "ом", "о", "у", "ах", "иях", "ях", "ы", "ь", "ию", "ью", "ю", "ия",
                         "ья", "я"], folded: folded)
            superlative = Endings(always: ["ейш", "ейше"], folded: folded)
            derivational = Endings(always: ["ост", "ость"], folded: folded)
        }
    }

    private static let plain = Steps(folded: false)
    private static let foldedSteps = Steps(folded: true)

    /// The stem of one lower-case word. `folded`: the word is in `TextNormalizer`'s form ("й" as "и").
    /// `nounsOnly`: without the steps for verbs (gerund, reflexive, verb endings), for names.
    package static func stem(_ word: String, folded: Bool = false, nounsOnly: Bool = false) -> String {
        let steps = folded ? foldedSteps : plain
        var w = word.map { $0 == "ё" ? "е" : $0 }
        let (rv, r2) = regions(w)
        guard rv < w.count else { return String(w) }
        if nounsOnly {
            if remove(steps.adjective, from: &w, start: rv) {
                _ = remove(steps.participle, from: &w, start: rv)
            } else {
                _ = remove(steps.noun, from: &w, start: rv)
            }
        } else if !remove(steps.perfectiveGerund, from: &w, start: rv) {
            _ = remove(steps.reflexive, from: &w, start: rv)
            if remove(steps.adjective, from: &w, start: rv) {
                _ = remove(steps.participle, from: &w, start: rv)
            } else if !remove(steps.verb, from: &w, start: rv) {
                _ = remove(steps.noun, from: &w, start: rv)
            }
        }
        if w.count > rv, w.last == "и" { w.removeLast() }
        _ = remove(steps.derivational, from: &w, start: max(rv, r2))
        tidyUp(&w, steps, start: rv)
        return String(w)
    }

    /// Where RV starts (after the first vowel) and where R2 starts (after a vowel and a
    /// non-vowel twice over), as offsets; the word's length where there is none.
    private static func regions(_ w: [Character]) -> (rv: Int, r2: Int) {
        var i = 0
        func goPast(vowel: Bool) -> Bool {
            while i < w.count {
                let isVowel = vowels.contains(w[i])
                i += 1
                if isVowel == vowel { return true }
            }
            return false
        }
        guard goPast(vowel: true) else { return (w.count, w.count) }
        let rv = i
        guard goPast(vowel: false), goPast(vowel: true), goPast(vowel: false) else { return (rv, w.count) }
        return (rv, i)
    }

    /// Deletes the longest of the step's endings that the word ends with inside the region
    /// from `start`; an ending of the first kind only after "а" or "я" (which stays). False
    /// when none is deleted (the longest one found not after "а"/"я" counts as none).
    private static func remove(_ endings: Endings, from w: inout [Character], start: Int) -> Bool {
        var best: (ending: [Character], afterAOrYa: Bool)?
        for (list, afterAOrYa) in [(endings.afterAOrYa, true), (endings.always, false)] {
            for ending in list where ending.count > (best?.ending.count ?? 0) && w.count - ending.count >= start
                && w.suffix(ending.count).elementsEqual(ending) {
                best = (ending, afterAOrYa)
            }
        }
        guard let best else { return false }
        let cut = w.count - best.ending.count
        if best.afterAOrYa {
            guard cut - 1 >= start, w[cut - 1] == "а" || w[cut - 1] == "я" else { return false }
        }
        w.removeLast(best.ending.count)
        return true
    }

    /// The last step: "ейш(е)" goes, then "нн" becomes "н"; or "нн" becomes "н"; or a final "ь" goes.
    private static func tidyUp(_ w: inout [Character], _ steps: Steps, start: Int) {
        if remove(steps.superlative, from: &w, start: start) {
            if w.count - 2 >= start, w.suffix(2).elementsEqual(["н", "н"]) { w.removeLast() }
        } else if w.count - 2 >= start, w.suffix(2).elementsEqual(["н", "н"]) {
            w.removeLast()
        } else if w.count - 1 >= start, w.last == "ь" {
            w.removeLast()
        }
    }

    /// The form names are compared in: the stem without the verb steps (names are nouns and
    /// adjectives, and verb endings cut some nouns short: "сметана" would be "смета" but
    /// "сметану" "сметан"), with a fleeting vowel taken out: "о", "е" between the last two
    /// consonants ("список" → "списк", as in "списка"; "покупок" → "покупк", as in "покупки").
    /// The stem is stemmed again until nothing more comes off (at most twice more): a noun
    /// whose dictionary form itself ends like a case ending loses it only where nothing follows
    /// ("гастроном" → "гастрон", but "гастрономе" → "гастроном"), so both sides are taken down
    /// to the same stem.
    package static func matchingForm(_ word: String) -> String {
        // Only Cyrillic endings are taken off: a word of ASCII alone (a number, a Latin name)
        // stays as it is, without the passes over its characters.
        if word.utf8.allSatisfy({ $0 < 0x80 }) { return word }
        var stemmed = stem(word, folded: true, nounsOnly: true)
        for _ in 0..<2 {
            let again = stem(stemmed, folded: true, nounsOnly: true)
            if again == stemmed { break }
            stemmed = again
        }
        var w = Array(stemmed)
        let n = w.count
        if n >= 4, w[n - 2] == "о" || w[n - 2] == "е", !vowels.contains(w[n - 1]), !vowels.contains(w[n - 3]),
           w[n - 1] != "ь", w[n - 1] != "и" {
            w.remove(at: n - 2)
        }
        return String(w)
    }
}
