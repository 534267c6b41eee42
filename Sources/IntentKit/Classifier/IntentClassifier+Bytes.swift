import Foundation

/// The classifier's features written as bytes, end to end in one buffer, and counted without a
/// `String` or a `Hasher` for each: the same features, in the same order, as `features(_:)`
/// (which training uses), and so the same prediction to the last bit.
extension IntentClassifier {
    /// Every feature of the words, as `features(_:)` lists them: feature `i` is
    /// `bytes[ends[i - 1]..<ends[i]]` (from 0 for the first).
    struct FeatureBytes {
        var bytes: [UInt8] = []
        var ends: [Int] = []

        init(_ words: [String]) {
            bytes.reserveCapacity(words.reduce(0) { $0 + $1.utf8.count } * 40 + 16)
            ends.reserveCapacity(words.count * 14 + 1)
            var previous: [UInt8] = [0x5E]
            var padded: [UInt8] = []
            var bounds: [Int] = []
            for word in words {
                let word = Array(word.utf8)
                add("w:", word)
                add("b:", previous, word)
                previous = word
                // "^word$", and where each of its characters ends (a plain byte is one: no array
                // of its ends is needed).
                padded.removeAll(keepingCapacity: true)
                padded.append(0x5E)
                padded.append(contentsOf: word)
                padded.append(0x24)
                if Self.isPlain(word) {
                    let characters = padded.count
                    for n in 3...5 where characters >= n {
                        for start in 0...(characters - n) { add("c:", padded[start..<(start + n)]) }
                    }
                    continue
                }
                bounds = Self.characterEnds(padded, word)
                let characters = bounds.count - 1
                for n in 3...5 where characters >= n {
                    for start in 0...(characters - n) { add("c:", padded[bounds[start]..<bounds[start + n]]) }
                }
            }
            if !words.isEmpty { add("b:", previous, [0x24]) }
        }

        private mutating func add(_ prefix: StaticString, _ text: some Collection<UInt8>) {
            prefix.withUTF8Buffer { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: text)
            ends.append(bytes.count)
        }

        /// `prefix`, `first`, a space, `second`: a bigram, without an array made for it.
        private mutating func add(_ prefix: StaticString, _ first: [UInt8], _ second: [UInt8]) {
            prefix.withUTF8Buffer { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: first)
            bytes.append(0x20)
            bytes.append(contentsOf: second)
            ends.append(bytes.count)
        }

        /// Every byte a character of its own: under 0x80, and no carriage return.
        static func isPlain(_ word: [UInt8]) -> Bool { word.allSatisfy { $0 < 0x80 && $0 != 0x0D } }

        /// The byte offsets in `^word$` at which its characters start, and its end. A plain
        /// byte (ASCII, not a carriage return) is a character; otherwise `String`'s own
        /// characters of "^word$" say (a mark at the start of the word joins the "^").
        static func characterEnds(_ padded: [UInt8], _ word: [UInt8]) -> [Int] {
            if isPlain(word) { return Array(0...padded.count) }
            var ends = [0]
            for character in String(decoding: padded, as: UTF8.self) { ends.append(ends.last! + character.utf8.count) }
            return ends
        }
    }

    /// The labels' scores before the softmax: the bias, plus each distinct known feature's
    /// weights times its count over the norm of all counts, in the order the features first
    /// come (the order of `predict`'s sums, so the same doubles).
    func scores(_ words: [String]) -> [Double] {
        let k = labels.count
        var scores = bias.map(Double.init)
        let features = FeatureBytes(words)
        // Distinct features in first-come order, with their counts: an open-addressing set
        // over the features' bytes.
        var firsts: [Int] = [], counts: [Double] = []
        var capacity = 16
        while capacity < features.ends.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: -1, count: capacity)
        features.bytes.withUnsafeBufferPointer { bytes in
            func feature(_ i: Int) -> UnsafeBufferPointer<UInt8> {
                let start = i == 0 ? 0 : features.ends[i - 1]
                return UnsafeBufferPointer(rebasing: bytes[start..<features.ends[i]])
            }
            for i in features.ends.indices {
                let key = feature(i)
                var slot = Int(truncatingIfNeeded: FeatureTable.hash(key)) & (capacity - 1)
                while slots[slot] >= 0 {
                    let other = feature(firsts[Int(slots[slot])])
                    if other.count == key.count, key.count == 0 || memcmp(other.baseAddress!, key.baseAddress!, key.count) == 0 { break }
                    slot = (slot + 1) & (capacity - 1)
                }
                if slots[slot] >= 0 {
                    counts[Int(slots[slot])] += 1
                } else {
                    slots[slot] = Int32(firsts.count)
                    firsts.append(i)
                    counts.append(1)
                }
            }
            let norm = counts.reduce(0.0) { $0 + $1 * $1 }.squareRoot()
            guard norm > 0 else { return }
            // Through pointers: the same sums in the same order, without a uniqueness and bounds
            // check at each.
            scores.withUnsafeMutableBufferPointer { scores in
                weights.withUnsafeBufferPointer { weights in
                    for (n, first) in firsts.enumerated() {
                        guard let row = table.row(feature(first)) else { continue }
                        let base = Int(row) * k
                        let x = counts[n] / norm
                        for j in 0..<k { scores[j] += Double(weights[base + j]) * x }
                    }
                }
            }
        }
        return scores
    }
}
