import ArgumentParser
import Foundation
import IntentKit
import ListStore

extension InterchangeFormat: ExpressibleByArgument {}

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: CLIWords.text("cli.abstract.import"),
        discussion: CLIWords.text("cli.discussion.import"))

    @OptionGroup var global: GlobalOptions
    @Argument(help: CLIWords.help("cli.help.importFile")) var file: String
    @Option(name: .long, help: CLIWords.help("cli.help.importFormat")) var format: InterchangeFormat?
    @Flag(name: .long, help: CLIWords.help("cli.help.importJSON")) var json = false

    /// `import --json`: what the sentence says, as data.
    struct Report: Encodable {
        var listsCreated: Int
        var listsMerged: Int
        var itemsAdded: Int
        /// Items already on an existing list of the same name.
        var itemsSkipped: Int
        /// The file's lines that were neither a list nor an item (1-based).
        var linesSkipped: [Int]
    }

    /// Far more than any list collection; stops a mistaken import of a disk image.
    static let maximumSize = 256 << 20

    func run() throws {
        let data = try readInput()
        let format = format ?? InterchangeFormat.guess(fromPath: file)
            ?? InterchangeFormat.sniff(String(decoding: data.prefix(4096), as: UTF8.self))
        let document: ListDocument
        do {
            document = try Interchange.decode(data, format: format)
        } catch {
            throw Failure(CLIWords.text("cli.import.cannot", ["file": .text(file), "format": .text(format.rawValue), "error": .text(CLIWords.interchange(error))]), .usage)
        }
        let changed = try global.openForWriting().importDocument(document)
        let s = changed.value
        if json {
            try Output.json(Report(
                listsCreated: s.listsCreated, listsMerged: s.listsMerged, itemsAdded: s.itemsAdded,
                itemsSkipped: s.itemsSkipped, linesSkipped: document.skippedLines))
            return
        }
        Output.line(Self.sentence(s, skipped: document.skippedLines))
    }

    /// "Imported 2 new lists and 1 existing one with 5 items; skipped 1 already there.", in parts
    /// (`cli.import.*`) that are said only when they count something.
    static func sentence(_ s: ImportSummary, skipped: [Int]) -> String {
        func part(_ key: String, _ count: Int, _ more: [String: TemplateValue] = [:]) -> String {
            CLIWords.text(key, more.merging(["count": .number(count)]) { $1 })
        }
        var line = part("cli.import.lists", s.listsCreated)
        if s.listsMerged > 0 { line += part("cli.import.merged", s.listsMerged) }
        line += part("cli.import.items", s.itemsAdded)
        if s.itemsSkipped > 0 { line += part("cli.import.skipped", s.itemsSkipped) }
        if !skipped.isEmpty {
            let comma = CLIWords.text("cli.names.comma")
            let shown = skipped.prefix(5).map(String.init).joined(separator: comma) + (skipped.count > 5 ? comma + "…" : "")
            line += part("cli.import.leftOut", skipped.count, ["lines": .text(shown)])
        }
        return line + CLIWords.text("cli.import.end")
    }

    private func readInput() throws -> Data {
        let handle: FileHandle
        if file == "-" {
            handle = FileHandle.standardInput
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
                throw Failure(CLIWords.text("cli.read.noFile", ["file": .text(file)]), .usage)
            }
            guard !isDirectory.boolValue else { throw Failure(CLIWords.text("cli.read.folder", ["file": .text(file)]), .usage) }
            guard let opened = FileHandle(forReadingAtPath: file) else {
                throw Failure(CLIWords.text("cli.read.failed", ["file": .text(file), "reason": .text(String(cString: strerror(errno)))]), .usage)
            }
            handle = opened
        }
        defer { if file != "-" { try? handle.close() } }
        let data: Data
        do {
            data = try handle.read(upToCount: Self.maximumSize + 1) ?? Data()
        } catch {
            throw Failure(CLIWords.text("cli.read.failed", ["file": .text(file), "reason": .text(error.localizedDescription)]), .usage)
        }
        if data.count > Self.maximumSize {
            throw Failure(CLIWords.text("cli.read.tooLarge", ["file": .text(file), "size": .number(Self.maximumSize >> 20)]), .usage)
        }
        return data
    }
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: CLIWords.text("cli.abstract.export"),
        discussion: CLIWords.text("cli.discussion.export"))

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, help: CLIWords.help("cli.help.exportFormat"))
    var format: InterchangeFormat?
    @Option(name: [.short, .customLong("output")], help: CLIWords.help("cli.help.exportOutput"))
    var output: String?
    @Option(name: .customLong("list"), help: ArgumentHelp(
        CLIWords.text("cli.help.exportList"), valueName: "list"))
    var lists: [String] = []
    @Flag(name: .long, help: CLIWords.help("cli.help.exportJSON")) var json = false

    static let emptyListReason = "todo.txt cannot hold a list with no items"

    /// `export -o FILE --json`.
    struct Report: Encodable {
        struct Omitted: Encodable {
            var name: String
            var reason: String
        }
        var file: String
        var format: String
        var lists: Int
        var items: Int
        var omitted: [Omitted]
    }

    func validate() throws {
        if json, output == nil || output == "-" {
            throw CLIWords.invalid("cli.export.jsonNeedsFile")
        }
    }

    func run() throws {
        let store = try global.openForReading()
        let document = try store.exportDocument(only: lists.isEmpty ? nil : lists.map { .name($0) })
        let format = format ?? output.flatMap(InterchangeFormat.guess(fromPath:)) ?? .json
        let text = Interchange.encode(document, format: format)
        let omitted = format == .todotxt ? document.lists.filter(\.items.isEmpty).map(\.name) : []
        let written = document.lists.count - omitted.count
        let leftOut = omitted.isEmpty ? "" : CLIWords.text("cli.export.leftOut", ["count": .number(omitted.count), "names": .text(CLIWords.names(omitted))])
        guard let output, output != "-" else {
            FileHandle.standardOutput.write(Data(text.utf8))
            if !leftOut.isEmpty { Output.error(leftOut) }
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw Failure(CLIWords.text("cli.export.cannotWrite", ["file": .text(output), "reason": .text(error.localizedDescription)]), .usage)
        }
        if json {
            try Output.json(Report(
                file: output, format: format.rawValue, lists: written,
                items: document.lists.reduce(0) { $0 + $1.items.count },
                omitted: omitted.map { .init(name: $0, reason: Self.emptyListReason) }))
            return
        }
        let file: [String: TemplateValue] = ["count": .number(written), "file": .text(output), "leftOut": .text(leftOut)]
        Output.line(CLIWords.text(leftOut.isEmpty ? "cli.export.done" : "cli.export.doneLeftOut", file))
    }
}
