import ArgumentParser
import Foundation
import ListStore

extension InterchangeFormat: ExpressibleByArgument {}

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: CLIWords.text("cli.abstract.import"),
        discussion: """
            Formats: json (List-o-Mat JSON), markdown (## List, - [ ] item, - [x] item), \
            todotxt (one line per item, "x " when done, the list as a +project tag). \
            Without --format, the file's extension decides, else its content. \
            A list that already exists (same name, any case) gets the items it does not have yet. \
            Lines of a Markdown or todo.txt file that hold neither a list nor an item (prose, \
            say) are left out and counted. The rules of each format: docs/formats.md.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The file to import, or - for standard input.") var file: String
    @Option(name: .long, help: "json, markdown or todotxt.") var format: InterchangeFormat?
    @Flag(name: .long, help: "Print what was imported as JSON.") var json = false

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
            throw Failure("cannot import \(file) as \(format.rawValue): \(error)", .usage)
        }
        let changed = try global.openForWriting().importDocument(document)
        let s = changed.value
        if json {
            try Output.json(Report(
                listsCreated: s.listsCreated, listsMerged: s.listsMerged, itemsAdded: s.itemsAdded,
                itemsSkipped: s.itemsSkipped, linesSkipped: document.skippedLines))
            return
        }
        var line = "Imported \(s.listsCreated) new list\(s.listsCreated == 1 ? "" : "s")"
        if s.listsMerged > 0 { line += " and \(s.listsMerged) existing one\(s.listsMerged == 1 ? "" : "s")" }
        line += " with \(s.itemsAdded) item\(s.itemsAdded == 1 ? "" : "s")"
        if s.itemsSkipped > 0 { line += "; skipped \(s.itemsSkipped) already there" }
        let skipped = document.skippedLines
        if !skipped.isEmpty {
            let shown = skipped.prefix(5).map(String.init).joined(separator: ", ") + (skipped.count > 5 ? ", …" : "")
            line += "; left out \(skipped.count) line\(skipped.count == 1 ? "" : "s") that \(skipped.count == 1 ? "is" : "are") "
                + "neither a list nor an item (line\(skipped.count == 1 ? "" : "s") \(shown))"
        }
        Output.line(line + ".")
    }

    private func readInput() throws -> Data {
        let handle: FileHandle
        if file == "-" {
            handle = FileHandle.standardInput
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
                throw Failure("cannot read \(file): no such file", .usage)
            }
            guard !isDirectory.boolValue else { throw Failure("cannot read \(file): it is a folder", .usage) }
            guard let opened = FileHandle(forReadingAtPath: file) else {
                throw Failure("cannot read \(file): \(String(cString: strerror(errno)))", .usage)
            }
            handle = opened
        }
        defer { if file != "-" { try? handle.close() } }
        let data: Data
        do {
            data = try handle.read(upToCount: Self.maximumSize + 1) ?? Data()
        } catch {
            throw Failure("cannot read \(file): \(error.localizedDescription)", .usage)
        }
        if data.count > Self.maximumSize {
            throw Failure("\(file) is larger than \(Self.maximumSize >> 20) MiB; nothing imported", .usage)
        }
        return data
    }
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: CLIWords.text("cli.abstract.export"),
        discussion: """
            todo.txt cannot hold a list with no items: such lists are left out, and the \
            command says which (on stderr when the export goes to standard output).
            """)

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, help: "json (default), markdown or todotxt; with -o, the file's extension decides.")
    var format: InterchangeFormat?
    @Option(name: [.short, .customLong("output")], help: "Write to this file instead of standard output.")
    var output: String?
    @Option(name: .customLong("list"), help: ArgumentHelp(
        "Export only this list (name or prefix, as elsewhere); repeat for several.", valueName: "list"))
    var lists: [String] = []
    @Flag(name: .long, help: "With -o: say what was written as JSON.") var json = false

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
            throw ValidationError("--json describes the file written with -o FILE; without it the export itself is the output")
        }
    }

    func run() throws {
        let store = try global.openForReading()
        let document = try store.exportDocument(only: lists.isEmpty ? nil : lists.map { .name($0) })
        let format = format ?? output.flatMap(InterchangeFormat.guess(fromPath:)) ?? .json
        let text = Interchange.encode(document, format: format)
        let omitted = format == .todotxt ? document.lists.filter(\.items.isEmpty).map(\.name) : []
        let written = document.lists.count - omitted.count
        let leftOut = omitted.isEmpty ? "" : "left out \(Self.names(omitted)): \(Self.emptyListReason)"
        guard let output, output != "-" else {
            FileHandle.standardOutput.write(Data(text.utf8))
            if !leftOut.isEmpty { Output.error(leftOut) }
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw Failure("cannot write \(output): \(error.localizedDescription)", .usage)
        }
        if json {
            try Output.json(Report(
                file: output, format: format.rawValue, lists: written,
                items: document.lists.reduce(0) { $0 + $1.items.count },
                omitted: omitted.map { .init(name: $0, reason: Self.emptyListReason) }))
            return
        }
        Output.line("Exported \(written) list\(written == 1 ? "" : "s") to \(output)" + (leftOut.isEmpty ? "." : "; \(leftOut)."))
    }

    /// "1 empty list (Empty)", "3 empty lists (A, B and C)".
    static func names(_ names: [String]) -> String {
        let joined = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        return "\(names.count) empty list\(names.count == 1 ? "" : "s") (\(joined))"
    }
}
