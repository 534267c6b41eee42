import Foundation

/// A model's text form: writing it (`serialized()`), a quick check of a file at start
/// (`check`, `checkFile`), and reading it back (`init(text:)`).
extension IntentClassifier {
    /// Why a model's text could not be read.
    package struct FormatError: Error, Equatable, Sendable, CustomStringConvertible {
        /// 1-based line of the model text.
        package var line: Int
        package var message: String
        package var description: String { "classifier model, line \(line): \(message)" }
    }

    /// The model as UTF-8 text, tab-separated:
    ///
    ///     listomat-intent-classifier  1  source=<hex>  scale=1000  features=<n>  body=<bytes after this line>
    ///     labels  AddTasks  …  none
    ///     bias  0:-120  1:35  …
    ///     w:milk  0:432  5:-88
    ///
    /// One line per feature, with its non-zero weights as `label index:integer weight`.
    package func serialized() -> String {
        let k = labels.count
        var lines: [String] = []
        lines.reserveCapacity(rows.count + 2)
        lines.append((["labels"] + labels).joined(separator: "\t"))
        func entries(_ values: ArraySlice<Float>) -> String {
            values.enumerated().compactMap { j, value in
                let q = Int((Double(value) * Double(scale)).rounded())
                return q == 0 ? nil : "\(j):\(q)"
            }.joined(separator: "\t")
        }
        lines.append("bias" + (bias.allSatisfy { $0 == 0 } ? "" : "\t" + entries(bias[...])))
        for (name, row) in rows.sorted(by: { $0.key < $1.key }) {
            let base = Int(row) * k
            lines.append(name + "\t" + entries(weights[base..<(base + k)]))
        }
        let body = lines.joined(separator: "\n") + "\n"
        let header = [
            Self.magic, "\(Self.formatVersion)", "source=\(source)", "scale=\(scale)", "features=\(rows.count)",
            "body=\(body.utf8.count)",
        ]
        return header.joined(separator: "\t") + "\n" + body
    }

    /// A quick look at a model's text form, without reading its weights: the header, and as
    /// many lines as it says. Catches a wrong or cut-off file at once; `init(text:)` reads the rest.
    package static func check(_ text: String) throws(FormatError) {
        // The header alone is read into an array (not the whole megabyte-sized text).
        let utf8 = text.utf8
        guard !utf8.isEmpty else { throw FormatError(line: 1, message: "the file is empty") }
        let headerEnd = utf8.firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
        let header = try Header(Array(utf8[..<headerEnd]))
        if let body = header.bodyBytes, utf8.count != utf8.distance(from: utf8.startIndex, to: headerEnd) + 1 + body {
            throw FormatError(line: 1, message: "the file is cut off or too long (the header says \(body) bytes follow it)")
        }
        let count = header.features
        // Over the bytes in place when the text has them (a file read as one string does): a
        // megabyte-sized model is counted in a fraction of a millisecond.
        let newlines = text.utf8.withContiguousStorageIfAvailable { bytes in
            var count = 0
            for byte in bytes where byte == UInt8(ascii: "\n") { count += 1 }
            return count
        } ?? text.utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        // The header, the labels, the bias, then one line per feature, each ending in a newline.
        guard newlines == count + 3, text.utf8.last == UInt8(ascii: "\n") else {
            throw FormatError(line: newlines, message: "the file is cut off or has extra lines (\(newlines) lines for \(count) features)")
        }
    }

    /// A quick look at a model file without reading its weights: the header, and the file's
    /// length against the one the header gives (`body=`), so that a cut-off file is caught
    /// without reading a megabyte at every start. A file written without `body=` is read and
    /// checked as `check` does.
    package static func checkFile(_ path: String) throws(FormatError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw FormatError(line: 1, message: "cannot be opened") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw FormatError(line: 1, message: "not a plain file")
        }
        var start = [UInt8](repeating: 0, count: 1024)
        let got = start.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard got > 0 else { throw FormatError(line: 1, message: "the file is empty") }
        guard let newline = start[..<got].firstIndex(of: UInt8(ascii: "\n")) else {
            throw FormatError(line: 1, message: "not an intent classifier model")
        }
        let header = try Header(Array(start[..<newline]))
        if let body = header.bodyBytes {
            guard Int(info.st_size) == newline + 1 + body else {
                throw FormatError(line: 1, message: "the file is cut off or too long (the header says \(body) bytes follow it)")
            }
        } else {
            guard let text = try? String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8) else {
                throw FormatError(line: 1, message: "cannot be read as UTF-8 text")
            }
            try check(text)
        }
    }

    /// The first line's fields that `check` and `checkFile` look at.
    private struct Header {
        var features: Int
        /// How many bytes follow the header line (nil: a model written before this was said).
        var bodyBytes: Int?

        init(_ bytes: [UInt8]) throws(FormatError) {
            var line = bytes[...]
            if line.last == 0x0D { line = line.dropLast() }
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            func number(_ name: String) -> Int? {
                fields.first(where: { $0.hasPrefix(name + "=") }).flatMap { Int($0.dropFirst(name.count + 1)) }.flatMap { $0 >= 0 ? $0 : nil }
            }
            guard fields.first == IntentClassifier.magic else { throw FormatError(line: 1, message: "not an intent classifier model") }
            guard fields.count >= 2, Int(fields[1]) == IntentClassifier.formatVersion else {
                throw FormatError(line: 1, message: "not format version \(IntentClassifier.formatVersion)")
            }
            guard let count = number("features") else { throw FormatError(line: 1, message: "no feature count") }
            features = count
            bodyBytes = number("body")
        }
    }


    /// Reads a model's text form. Damaged text throws a `FormatError` naming the line.
    package init(text: String) throws(FormatError) {
        var lines = Lines(text.utf8)
        func fail(_ line: Int, _ message: String) -> FormatError { FormatError(line: line, message: message) }
        guard let headerLine = lines.next() else { throw fail(1, "the file is empty") }
        let (source, scale, featureCount) = try Self.readHeader(headerLine)
        let labels = try Self.readLabels(lines.next())
        let k = labels.count
        let unit = 1 / Double(scale)
        var rows: [String: Int32] = [:]
        rows.reserveCapacity(min(featureCount, text.utf8.count / 4))
        var weights: [Float] = []
        weights.reserveCapacity(min(featureCount, text.utf8.count / 8) * k)
        var bias: [Float]?
        var lineNumber = 2
        while let line = lines.next() {
            lineNumber += 1
            if line.isEmpty { throw fail(lineNumber, "empty line") }
            guard let tab = line.firstIndex(of: UInt8(ascii: "\t")) ?? (line.elementsEqual("bias".utf8) ? line.endIndex : nil) else {
                throw fail(lineNumber, "expected a feature and its weights")
            }
            let isBias = lineNumber == 3
            var biasValues = [Float](repeating: 0, count: isBias ? k : 0)
            if isBias {
                try Self.readWeights(line, after: tab, labels: k, unit: unit, line: lineNumber, into: &biasValues, at: 0)
            } else {
                weights.append(contentsOf: repeatElement(0, count: k))
                try Self.readWeights(line, after: tab, labels: k, unit: unit, line: lineNumber, into: &weights, at: weights.count - k)
            }
            let name = String(decoding: line[line.startIndex..<tab], as: UTF8.self)
            guard !name.isEmpty else { throw fail(lineNumber, "a feature with no name") }
            if isBias {
                guard name == "bias" else { throw fail(lineNumber, "expected the bias line") }
                bias = biasValues
                continue
            }
            guard rows.count < featureCount else {
                throw fail(lineNumber, "more features than the header's \(featureCount)")
            }
            let row = Int32(rows.count)
            guard rows.updateValue(row, forKey: name) == nil else { throw fail(lineNumber, "feature “\(name)” appears twice") }
        }
        guard let bias else { throw fail(lineNumber + 1, "no bias line") }
        guard rows.count == featureCount else {
            throw fail(lineNumber + 1, "the file ends after \(rows.count) of \(featureCount) features (truncated?)")
        }
        self.init(source: source, labels: labels, rows: rows, weights: weights, bias: bias, scale: scale)
    }

    /// The first line as `init(text:)` reads it: the model's source hash, weight scale and
    /// feature count.
    private static func readHeader(_ header: ArraySlice<UInt8>) throws(FormatError) -> (source: String, scale: Int, features: Int) {
        func fail(_ message: String) -> FormatError { FormatError(line: 1, message: message) }
        let headerFields = header.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard headerFields.first == Self.magic else { throw fail("not an intent classifier model") }
        guard headerFields.count >= 2, let version = Int(headerFields[1]) else { throw fail("no format version") }
        guard version == Self.formatVersion else {
            throw fail("format version \(version) is not supported (this build reads version \(Self.formatVersion))")
        }
        var settings: [String: String] = [:]
        for field in headerFields.dropFirst(2) {
            guard let equals = field.firstIndex(of: "=") else { throw fail("bad header field “\(field)”") }
            settings[String(field[..<equals])] = String(field[field.index(after: equals)...])
        }
        guard let source = settings["source"], !source.isEmpty, source.allSatisfy(\.isHexDigit) else {
            throw fail("no source hash")
        }
        guard let scale = settings["scale"].flatMap({ Int($0) }), scale > 0 else { throw fail("no weight scale") }
        guard let featureCount = settings["features"].flatMap({ Int($0) }), featureCount >= 0, featureCount < 50_000_000 else {
            throw fail("no feature count")
        }
        return (source, scale, featureCount)
    }

    /// The second line: the labels, distinct and not empty.
    private static func readLabels(_ labelLine: ArraySlice<UInt8>?) throws(FormatError) -> [String] {
        guard let labelLine else { throw FormatError(line: 2, message: "no labels line") }
        let labelFields = labelLine.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard labelFields.first == "labels", labelFields.count >= 2 else { throw FormatError(line: 2, message: "expected the labels line") }
        let labels = Array(labelFields.dropFirst())
        guard !labels.contains(where: \.isEmpty), Set(labels).count == labels.count else {
            throw FormatError(line: 2, message: "labels must be distinct and not empty")
        }
        return labels
    }

    /// The weights of a line, `label index:integer weight` after each tab from `tab` on,
    /// scaled by `unit` into `values[base + index]`.
    private static func readWeights(
        _ line: ArraySlice<UInt8>, after tab: Int, labels k: Int, unit: Double, line lineNumber: Int,
        into values: inout [Float], at base: Int
    ) throws(FormatError) {
        var at = tab
        while at < line.endIndex {
            at += 1  // the tab
            var index = 0
            var digits = 0
            while at < line.endIndex, let d = Self.digit(line[at]) {
                index = index * 10 + d
                digits += 1
                at += 1
                if digits > 6 { break }
            }
            guard digits > 0, digits <= 6, at < line.endIndex, line[at] == UInt8(ascii: ":"), index < k else {
                throw FormatError(line: lineNumber, message: "bad weight entry (expected label index:weight, with an index below \(k))")
            }
            at += 1
            var negative = false
            if at < line.endIndex, line[at] == UInt8(ascii: "-") {
                negative = true
                at += 1
            }
            var value = 0
            digits = 0
            while at < line.endIndex, let d = Self.digit(line[at]) {
                value = value * 10 + d
                digits += 1
                at += 1
                if digits > 12 { break }
            }
            guard digits > 0, digits <= 12, at == line.endIndex || line[at] == UInt8(ascii: "\t") else {
                throw FormatError(line: lineNumber, message: "bad weight (expected an integer)")
            }
            values[base + index] = Float(Double(negative ? -value : value) * unit)
        }
    }

    @inline(__always)
    private static func digit(_ byte: UInt8) -> Int? {
        byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
    }

    /// The lines of UTF-8 bytes (a final newline ends the last line; it opens no empty one).
    private struct Lines {
        let bytes: [UInt8]
        var position = 0

        init(_ utf8: String.UTF8View) { bytes = Array(utf8) }

        mutating func next() -> ArraySlice<UInt8>? {
            guard position < bytes.count else { return nil }
            var end = position
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            defer { position = end + 1 }
            var line = bytes[position..<end]
            if line.last == 0x0D { line = line.dropLast() }
            return line
        }
    }
}
