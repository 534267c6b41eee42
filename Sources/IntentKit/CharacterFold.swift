/// Characters a language reads as other characters when comparing (`fold_characters:` in its
/// file): Chinese reads a traditional character as its simplified form ("購" as "购"), so a
/// person typing traditional characters ("打開購物清單") is understood by the simplified
/// templates and finds the lists named in either form. Only the comparison form of a word
/// changes: a value is still cut from the text as it was typed.
///
/// The table is data: each pair is a character and the one it is read as. ICU's "Hant-Hans"
/// transform does the same through Foundation on Linux, static build too, but costs about
/// 0.1 ms a request; a look-up per character costs nothing to speak of.
package struct CharacterFold: Sendable, Equatable {
    private var table: [Unicode.Scalar: Unicode.Scalar] = [:]

    package static let none = CharacterFold()

    package var isEmpty: Bool { table.isEmpty }

    init() {}

    /// Reads pairs of two characters each, apart by spaces ("購购 單单").
    package init(pairs text: String) throws(LanguageError) {
        for pair in text.split(whereSeparator: \.isWhitespace) {
            let scalars = Array(pair.unicodeScalars)
            guard scalars.count == 2 else {
                throw LanguageError(message: "fold_characters: “\(pair)” is not two characters (the one typed, the one it is read as)")
            }
            table[scalars[0]] = scalars[1]
        }
    }

    /// Reads pairs as `pairs` writes them (two characters, a single space between pairs), scalar
    /// by scalar: a cache file's table, read at every start (Chinese has about 3,000 pairs),
    /// without splitting the text into Characters. Nil when the text is not in that form.
    init?(writtenPairs text: String) {
        var first: Unicode.Scalar?
        var second: Unicode.Scalar?
        table.reserveCapacity(text.utf8.count / 7 + 1)
        for scalar in text.unicodeScalars {
            if scalar == " " {
                guard let key = first, let value = second else { return nil }
                table[key] = value
                (first, second) = (nil, nil)
            } else if first == nil {
                first = scalar
            } else if second == nil {
                second = scalar
            } else {
                return nil
            }
        }
        if let key = first {
            guard let value = second else { return nil }
            table[key] = value
        }
    }

    /// The pairs again, in the form `init(pairs:)` reads (sorted, so a cache file is the same each time).
    package var pairs: String {
        table.sorted { $0.key.value < $1.key.value }.map { String($0.key) + String($0.value) }.joined(separator: " ")
    }

    /// The character a scalar is read as (itself when the table has none).
    package func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar { table[scalar] ?? scalar }

    /// A folded word with each of its characters read as the table says.
    package func fold(_ word: String) -> String {
        guard !table.isEmpty, word.unicodeScalars.contains(where: { table[$0] != nil }) else { return word }
        var folded = String.UnicodeScalarView()
        for scalar in word.unicodeScalars { folded.append(fold(scalar)) }
        return String(folded)
    }

    /// `tokens` with their comparison forms folded; their places in the text stay.
    package func fold(_ tokens: [Token]) -> [Token] {
        guard !table.isEmpty else { return tokens }
        var tokens = tokens
        for index in tokens.indices { tokens[index].folded = fold(tokens[index].folded) }
        return tokens
    }
}

extension Language {
    /// The comparison form of a whole phrase or answer ("對", "確定"): `TextNormalizer.fold`,
    /// with the language's characters folded (`CharacterFold`).
    package func fold(_ text: String) -> String { nameRules.characterFold.fold(TextNormalizer.fold(text)) }
}
