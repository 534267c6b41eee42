import Foundation

/// A tagger's text form: writing it (`serialized()`) and reading it back (`init(text:)`).
extension ValueTagger {
    /// Why a tagger's text could not be read.
    package struct FormatError: Error, Equatable, Sendable, CustomStringConvertible {
        /// 1-based line of the model text.
        package var line: Int
        package var message: String
        package var description: String { "value tagger, line \(line): \(message)" }
    }

    /// The model as UTF-8 text, tab-separated:
    ///
    ///     listomat-value-tagger  1  source=<hex>  scale=100  features=<n>
    ///     labels  O  B-newName  I-newName  …
    ///     w:milk  3:42  4:-7
    ///
    /// One line per feature (sorted), with its non-zero weights as `label index:integer weight`.
    package func serialized() -> String {
        let k = labels.count
        var lines = [[Self.magic, "\(Self.formatVersion)", "source=\(source)", "scale=\(scale)", "features=\(rows.count)"].joined(separator: "\t")]
        lines.append((["labels"] + labels).joined(separator: "\t"))
        for (name, row) in rows.sorted(by: { $0.key < $1.key }) {
            let base = Int(row) * k
            let entries = (0..<k).compactMap { j -> String? in
                let q = Int((Double(weights[base + j]) * Double(scale)).rounded())
                return q == 0 ? nil : "\(j):\(q)"
            }
            lines.append(([name] + entries).joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a model's text form; a damaged one is an error naming the line. The lines and
    /// the weights are split as bytes (splitting the half-megabyte text into `Character`s was
    /// most of the time a batch spent loading it); the header and labels as text.
    package init(text: String) throws(FormatError) {
        let bytes = Array(text.utf8)
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard lines.count >= 2 else { throw FormatError(line: 1, message: "the file is cut off") }
        let header = String(decoding: lines[0], as: UTF8.self).split(separator: "\t").map(String.init)
        guard header.count == 5, header[0] == Self.magic, header[1] == "\(Self.formatVersion)", header[2].hasPrefix("source="),
              let scale = header[3].hasPrefix("scale=") ? Int(header[3].dropFirst(6)) : nil, scale > 0,
              let count = header[4].hasPrefix("features=") ? Int(header[4].dropFirst(9)) : nil
        else { throw FormatError(line: 1, message: "not a value tagger of format \(Self.formatVersion)") }
        guard lines.count == count + 2 else {
            throw FormatError(line: lines.count, message: "the file is cut off or has extra lines (\(lines.count) lines for \(count) features)")
        }
        let labelLine = String(decoding: lines[1], as: UTF8.self)
        let labels = labelLine.split(separator: "\t").dropFirst().map(String.init)
        guard labelLine.hasPrefix("labels\t"), labels.first == Self.outside else {
            throw FormatError(line: 2, message: "no labels line")
        }
        var rows: [String: Int32] = [:]
        rows.reserveCapacity(count)
        var weights = [Float](repeating: 0, count: count * labels.count)
        for (n, line) in lines.dropFirst(2).enumerated() {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard fields.count >= 2, !fields[0].isEmpty,
                  rows.updateValue(Int32(n), forKey: String(decoding: fields[0], as: UTF8.self)) == nil
            else { throw FormatError(line: n + 3, message: "not a feature with weights") }
            for field in fields.dropFirst() {
                let parts = field.split(separator: UInt8(ascii: ":"))
                guard parts.count == 2, let j = Int(String(decoding: parts[0], as: UTF8.self)), labels.indices.contains(j),
                      let q = Int(String(decoding: parts[1], as: UTF8.self))
                else { throw FormatError(line: n + 3, message: "“\(String(decoding: field, as: UTF8.self))” is not label:weight") }
                weights[n * labels.count + j] = Float(Double(q) / Double(scale))
            }
        }
        self.init(source: String(header[2].dropFirst(7)), labels: labels, rows: rows, weights: weights, scale: scale)
    }
}
