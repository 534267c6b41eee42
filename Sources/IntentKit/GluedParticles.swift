import Foundation

/// Particles a language writes glued to the word before them (Korean "우유를", "장보기에",
/// "계란하고", and helper verbs such as "추가해줘"), from the language file's `particles:`.
/// Each word of an utterance that ends in one is read as two words, the word and the
/// particle, so that templates name the particle as a word of its own ("{list} 에 {items} 를
/// 추가해") and a value's text (from the first word's start to the last one's end) never
/// takes it in; a particle inside a value ("체크리스트") stays in its text.
///
/// Hangul decides by the syllable before the particle: 을/이/과/은/으로 only after a final
/// consonant, 를/가/와/는/로 only after a vowel (로 after ㄹ too), so "사과" (apple) never
/// loses 과. Particles that are also word endings (`weak`: 도, 의, 에, 만…) are split only
/// where what is left is two syllables or more ("제주도" stays whole in "포도"), or where it
/// makes one of the person's names.
package struct GluedParticles: Sendable, Equatable {
    /// One particle and where it may follow.
    package struct Particle: Sendable, Equatable {
        package var text: String
        /// After a syllable with a final consonant.
        package var afterConsonant: Bool
        /// After a syllable without one.
        package var afterVowel: Bool
        /// After a syllable ending in ㄹ (as 로 does), whatever the other two say.
        package var afterRieul: Bool
        /// Also a word ending: only after two syllables or a known name.
        package var weak: Bool
    }

    /// Longest first: "에다가" before "가".
    package private(set) var particles: [Particle] = []
    /// Each particle's scalars, and the particles (indices, longest first) by their last
    /// scalar: a word is checked against the few that end as it does, not all sixty, once per
    /// request (`Language.tokenize`), scalar by scalar (both sides are folded already).
    private var scalars: [[Unicode.Scalar]] = []
    private var byLast: [Unicode.Scalar: [Int]] = [:]

    package static let none = GluedParticles()

    package var isEmpty: Bool { particles.isEmpty }

    /// Whether a folded word is one of the particles.
    package func contains(_ word: String) -> Bool {
        guard let last = word.unicodeScalars.last, let candidates = byLast[last] else { return false }
        return candidates.contains { scalars[$0].elementsEqual(word.unicodeScalars) }
    }

    /// Whether a folded word is one of the particles that are also word endings (`weak`).
    package func isWeak(_ word: String) -> Bool {
        guard let last = word.unicodeScalars.last, let candidates = byLast[last] else { return false }
        return candidates.contains { particles[$0].weak && scalars[$0].elementsEqual(word.unicodeScalars) }
    }

    init() {}

    package init(_ particles: [Particle]) {
        self.particles = particles.sorted { $0.text.count != $1.text.count ? $0.text.count > $1.text.count : $0.text < $1.text }
        scalars = self.particles.map { Array($0.text.unicodeScalars) }
        for (index, particle) in scalars.enumerated() {
            if let last = particle.last { byLast[last, default: []].append(index) }
        }
    }

    /// Reads `particles:` (particle → "consonant", "vowel", "ㄹ", "any", each with "weak" or
    /// not: `를: vowel`, `로: vowel ㄹ`, `도: any weak`).
    init(_ map: [String: Any], fail: (String) -> Error) throws {
        var read: [Particle] = []
        for (text, value) in map {
            guard let spec = value as? String else { throw fail("particles.\(text) must be text (consonant, vowel, ㄹ, any, weak)") }
            let words = Set(spec.split(separator: " ").map(String.init))
            let known: Set<String> = ["consonant", "vowel", "ㄹ", "any", "weak"]
            guard words.isSubset(of: known), !words.subtracting(["weak"]).isEmpty else {
                throw fail("particles.\(text): “\(spec)” must be consonant, vowel, ㄹ or any, and optionally weak")
            }
            let any = words.contains("any")
            read.append(Particle(
                text: TextNormalizer.fold(text), afterConsonant: any || words.contains("consonant"),
                afterVowel: any || words.contains("vowel"), afterRieul: any || words.contains("ㄹ") || words.contains("consonant"),
                weak: words.contains("weak")))
        }
        self.init(read)
    }

    /// `tokens` with each particle glued to a word split off as a word of its own (at most two
    /// from one word: "장보기목록에" → "장보기", "목록", "에"). `isName` says whether folded
    /// words are one of the person's names (a weak particle after one syllable is split only then).
    package func split(_ tokens: [Token], in text: String, isName: ((String) -> Bool)? = nil) -> [Token] {
        guard !particles.isEmpty else { return tokens }
        var result: [Token] = []
        result.reserveCapacity(tokens.count + 4)
        for (position, token) in tokens.enumerated() {
            var tail: [Token] = []
            var word = token
            // The next word as typed and without a particle it ends in: "제주도 여행에서" keeps
            // 제주도 whole where "제주도 여행" is one of the names.
            let next = position + 1 < tokens.count ? tokens[position + 1].folded : nil
            func beginsName(_ word: String) -> Bool {
                guard let isName, let next else { return false }
                if isName(word + " " + next) { return true }
                let scalars = Array(next.unicodeScalars)
                return self.scalars.contains { particle in
                    scalars.count > particle.count && scalars.suffix(particle.count).elementsEqual(particle)
                        && isName(word + " " + String(String.UnicodeScalarView(scalars.dropLast(particle.count))))
                }
            }
            for round in 0..<2 {
                let before = result.last.map { $0.folded + " " } ?? ""
                guard let (rest, particle) = peel(
                    word, in: text, inner: round > 0,
                    isName: { isName?($0) == true || isName?(before + $0) == true || beginsName($0) })
                else { break }
                tail.insert(particle, at: 0)
                word = rest
            }
            result.append(word)
            result.append(contentsOf: tail)
        }
        return result
    }

    /// The word without the longest particle it may end in, and the particle; nil when it
    /// ends in none (or is one). A weak particle stays when the whole word is one of the
    /// person's names ("제주도"), and inside another particle ("제주도에": 도 never comes before
    /// 에) unless only without it is the word a name.
    private func peel(_ token: Token, in text: String, inner: Bool, isName: (String) -> Bool) -> (Token, Token)? {
        let word = token.folded
        guard let last = word.unicodeScalars.last, Self.isHangul(last), let candidates = byLast[last], !contains(word) else { return nil }
        let wordScalars = Array(word.unicodeScalars)
        for index in candidates where wordScalars.count > scalars[index].count
            && wordScalars.suffix(scalars[index].count).elementsEqual(scalars[index]) {
            let particle = particles[index]
            let rest = wordScalars.dropLast(scalars[index].count)
            let restText = String(String.UnicodeScalarView(rest))
            guard let before = rest.last, allows(particle, after: before) else { continue }
            if particle.weak, Self.syllables(restText) < 2 || inner || isName(word), !isName(restText) || isName(word) { continue }
            // The particle's characters in the text as typed: the last ones of the word.
            var start = token.range.upperBound
            for _ in 0..<particle.text.count {
                guard start > token.range.lowerBound else { return nil }
                start = text.index(before: start)
            }
            guard TextNormalizer.foldWord(text[start..<token.range.upperBound]) == particle.text else { continue }
            return (Token(folded: restText, range: token.range.lowerBound..<start),
                    Token(folded: particle.text, range: start..<token.range.upperBound))
        }
        return nil
    }

    /// Whether the particle may follow this character: by the final of a Hangul syllable; any
    /// other letter or digit ("ListOMat으로", "2번을") takes either form.
    private func allows(_ particle: Particle, after scalar: Unicode.Scalar) -> Bool {
        guard let final = Self.finalConsonant(scalar) else { return true }
        switch final {
        case 0: return particle.afterVowel
        case 8: return particle.afterRieul  // ㄹ
        default: return particle.afterConsonant
        }
    }

    /// A Hangul syllable's final consonant (0 for none, 8 for ㄹ), or nil for any other character.
    static func finalConsonant(_ scalar: Unicode.Scalar) -> UInt32? {
        guard (0xAC00...0xD7A3).contains(scalar.value) else { return nil }
        return (scalar.value - 0xAC00) % 28
    }

    static func isHangul(_ scalar: Unicode.Scalar) -> Bool { (0xAC00...0xD7A3).contains(scalar.value) }

    static func syllables(_ text: String) -> Int { text.unicodeScalars.count(where: { isHangul($0) || $0.properties.isAlphabetic }) }
}

extension GluedParticles: CacheCodable {
    init(from reader: inout CacheReader) throws(CacheReader.Damaged) {
        let texts: [String] = try reader.read()
        let flags: [String] = try reader.read()
        guard texts.count == flags.count else { throw CacheReader.Damaged() }
        self.init(zip(texts, flags).map { text, flag in
            let bits = Array(flag.utf8)
            return Particle(text: text, afterConsonant: bits.count > 0 && bits[0] == 0x31, afterVowel: bits.count > 1 && bits[1] == 0x31,
                            afterRieul: bits.count > 2 && bits[2] == 0x31, weak: bits.count > 3 && bits[3] == 0x31)
        })
    }

    func write(to writer: inout CacheWriter) {
        writer.write(particles.map(\.text))
        writer.write(particles.map { p in [p.afterConsonant, p.afterVowel, p.afterRieul, p.weak].map { $0 ? "1" : "0" }.joined() })
    }
}

extension Language {
    /// The words of `text` as this language reads them: `TextNormalizer.tokenize`, with the
    /// particles glued to words split off (`GluedParticles`; none in most languages) and
    /// characters read as the language folds them (`CharacterFold`; none in most languages).
    package func tokenize(_ text: String, isName: ((String) -> Bool)? = nil) -> [Token] {
        let tokens = nameRules.characterFold.fold(TextNormalizer.tokenize(text))
        return particles.isEmpty ? tokens : particles.split(tokens, in: text, isName: isName)
    }
}

extension IntentEngine {
    /// A slot's words without the particles glued to its last word ("약국에서" → "약국",
    /// "다이소라는" → "다이소"): a particle is never part of a name or a value.
    func withoutGluedParticles(_ span: ArraySlice<Token>) -> ArraySlice<Token> {
        guard !language.particles.isEmpty else { return span }
        var span = span
        while span.count > 1, let last = span.last, language.particles.contains(last.folded),
              span[span.endIndex - 2].range.upperBound == last.range.lowerBound {
            span = span.dropLast()
        }
        return span
    }

    /// Whether a word holds a Hangul letter that is no syllable ("ㄷ", "우유ㄹ": half a syllable,
    /// as a keyboard leaves it mid-word): such words are no value, so the assistant asks for one.
    static func hasLoneJamo(_ tokens: ArraySlice<Token>) -> Bool {
        tokens.contains { token in
            token.folded.unicodeScalars.contains { (0x3131...0x318E).contains($0.value) || (0x1100...0x11FF).contains($0.value) }
        }
    }
}
