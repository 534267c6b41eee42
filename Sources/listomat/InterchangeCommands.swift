import ArgumentParser
import Foundation
import ListStore

extension InterchangeFormat: ExpressibleByArgument {}

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import lists from a file, all or nothing.",
        discussion: """
            Formats: json (List-o-Mat JSON), markdown (## List, - [ ] item, - [x] item), \
            todotxt (one line per item, "x " when done, the list as a +project tag). \
            Without --format, the file's extension decides, else its content. \
            A list that already exists (same name, any case) gets the items it does not have yet.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The file to import, or - for standard input.") var file: String
    @Option(name: .long, help: "json, markdown or todotxt.") var format: InterchangeFormat?

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
        var line = "Imported \(s.listsCreated) new list\(s.listsCreated == 1 ? "" : "s")"
        if s.listsMerged > 0 { line += " and \(s.listsMerged) existing one\(s.listsMerged == 1 ? "" : "s")" }
        line += " with \(s.itemsAdded) item\(s.itemsAdded == 1 ? "" : "s")"
        if s.itemsSkipped > 0 { line += "; skipped \(s.itemsSkipped) already there" }
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
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Export every list.")

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, help: "json (default), markdown or todotxt; with -o, the file's extension decides.")
    var format: InterchangeFormat?
    @Option(name: [.short, .customLong("output")], help: "Write to this file instead of standard output.")
    var output: String?

    func run() throws {
        let document = try global.openForReading().exportDocument()
        let format = format ?? output.flatMap(InterchangeFormat.guess(fromPath:)) ?? .json
        let text = Interchange.encode(document, format: format)
        guard let output, output != "-" else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw Failure("cannot write \(output): \(error.localizedDescription)", .usage)
        }
        Output.line("Exported \(document.lists.count) list\(document.lists.count == 1 ? "" : "s") to \(output).")
    }
}
