/// Tagging with the features written as bytes (`FeatureKey`) and looked up in the model's
/// `FeatureTable`: the same features, in the same order, as `wordFeatures` and `tagFeatures`
/// (which training uses), without a `String` made for each.
extension ValueTagger {
    /// What the features of one word need, worked out once per word: its bytes, the bytes of
    /// its first and last two and three characters (when it has more than three), its shape.
    struct WordForm {
        var bytes: [UInt8]
        /// More than three characters: the affixes below are its own.
        var long = false
        var first2 = 0..<0, first3 = 0..<0, last2 = 0..<0, last3 = 0..<0
        var shape: String

        init(_ word: Word) {
            bytes = Array(word.folded.utf8)
            // A byte under 0x80 other than a carriage return is a character of its own.
            let plain = bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D }
            // Where the word's characters end, in bytes: each plain byte is one.
            var offsets: [Int]
            if plain {
                offsets = Array(0...bytes.count)
                let digits = bytes.contains { $0 >= 0x30 && $0 <= 0x39 }
                let letters = bytes.contains { $0 < 0x30 || $0 > 0x39 }
                let kind = digits ? (letters ? "dx" : "d") : "x"
                shape = word.capitalised ? "X" + kind : kind
            } else {
                // Characters' own bytes, end to end, are the word's.
                offsets = [0]
                for character in word.folded { offsets.append(offsets.last! + character.utf8.count) }
                shape = ValueTagger.shape(word)
            }
            let count = offsets.count - 1
            long = count > 3
            if long {
                first2 = 0..<offsets[2]
                first3 = 0..<offsets[3]
                last2 = offsets[count - 2]..<bytes.count
                last3 = offsets[count - 3]..<bytes.count
            }
        }
    }

    /// Calls `body` with the key of each feature of the word at `i` after `previousTag`, in
    /// the order of `wordFeatures(words, i) + tagFeatures(previousTag, word)`.
    static func forEachFeature(
        _ forms: [WordForm], _ i: Int, previousTag: String, _ key: inout FeatureKey, _ body: (FeatureKey) -> Void
    ) {
        let word = forms[i].bytes[...]
        let previous: ArraySlice<UInt8> = i > 0 ? forms[i - 1].bytes[...] : caret
        let next: ArraySlice<UInt8> = i + 1 < forms.count ? forms[i + 1].bytes[...] : dollar
        key.start("b"); body(key)
        key.start("w:"); key.add(word); body(key)
        key.start("p:"); key.add(previous); body(key)
        key.start("n:"); key.add(next); body(key)
        key.start("pw:"); key.add(previous); key.add(byte: 0x20); key.add(word); body(key)
        key.start("wn:"); key.add(word); key.add(byte: 0x20); key.add(next); body(key)
        key.start("pp:"); key.add(i > 1 ? forms[i - 2].bytes[...] : caret); body(key)
        key.start("nn:"); key.add(i + 2 < forms.count ? forms[i + 2].bytes[...] : dollar); body(key)
        let form = forms[i]
        if form.long {
            key.start("a2:"); key.add(word[form.first2]); body(key)
            key.start("a3:"); key.add(word[form.first3]); body(key)
            key.start("z2:"); key.add(word[form.last2]); body(key)
            key.start("z3:"); key.add(word[form.last3]); body(key)
        }
        key.start("s:"); key.add(form.shape); body(key)
        if i == 0 { key.start("first"); body(key) }
        if i == forms.count - 1 { key.start("last"); body(key) }
        key.start("t:"); key.add(previousTag); body(key)
        key.start("tw:"); key.add(previousTag); key.add(byte: 0x20); key.add(word); body(key)
    }

    private static let caret: ArraySlice<UInt8> = [0x5E]
    private static let dollar: ArraySlice<UInt8> = [0x24]
}
