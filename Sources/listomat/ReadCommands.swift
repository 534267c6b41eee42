import ArgumentParser
import Foundation
import ListStore

struct Lists: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lists",
        abstract: CLIWords.text("cli.abstract.lists"))

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: JSONFlag

    func run() throws {
        try Self.run(global.folder, json: output.json)
    }

    static func run(_ folder: DataFolder, json: Bool) throws {
        let summaries = try folder.openForReading().summaries()
        if json {
            try Output.json(ListsJSON(lists: summaries.enumerated().map { ListJSON($1, index: $0) }))
            return
        }
        if summaries.isEmpty {
            Output.hint(CLIWords.text("cli.lists.none"))
        }
        for summary in summaries {
            Output.line(CLIWords.title(summary))
        }
    }
}

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: CLIWords.text("cli.abstract.show"))

    @OptionGroup var global: GlobalOptions
    @Argument(help: CLIWords.help("cli.help.list")) var list: String
    @OptionGroup var output: JSONFlag

    func run() throws {
        try Self.run(list, global.folder, json: output.json)
    }

    static func run(_ name: String, _ folder: DataFolder, json: Bool) throws {
        let store = try folder.openForReading()
        let (list, items) = try store.listWithItems(.name(name))
        let done = items.filter(\.done).count
        if json {
            let position = try store.lists().firstIndex { $0.id == list.id } ?? 0
            try Output.json(ShowJSON(
                list: ListJSON(ListSummary(list: list, itemCount: items.count, completedCount: done), index: position),
                items: items.enumerated().map { ItemJSON($1, index: $0) }))
            return
        }
        // One write for the whole list (1,000 `print`s cost a tenth of the command).
        var lines = [CLIWords.title(ListSummary(list: list, itemCount: items.count, completedCount: done))]
        let width = String(items.count).count
        for (index, item) in items.enumerated() {
            let number = String(index + 1)
            lines.append("\(String(repeating: " ", count: width - number.count))\(number) [\(item.done ? "x" : " ")] \(item.name)")
        }
        Output.line(lines.joined(separator: "\n"))
    }
}

// MARK: - JSON schemas (a contract: documented in docs/formats.md; add fields, never rename)

struct ListsJSON: Encodable {
    var lists: [ListJSON]
}

struct ListJSON: Encodable {
    var id: String
    var name: String
    /// 1-based, as shown.
    var position: Int
    var itemCount: Int
    var completedCount: Int
    var created: String
    var modified: String

    init(_ summary: ListSummary, index: Int) {
        id = summary.list.id.key
        name = summary.list.name
        position = index + 1
        itemCount = summary.itemCount
        completedCount = summary.completedCount
        created = Timestamp.string(summary.list.created)
        modified = Timestamp.string(summary.list.modified)
    }
}

struct ItemJSON: Encodable {
    var id: String
    var name: String
    var done: Bool
    /// 1-based, as shown; what ITEM arguments accept.
    var position: Int
    var created: String
    var modified: String

    init(_ item: ListItem, index: Int) {
        id = item.id.key
        name = item.name
        done = item.done
        position = index + 1
        created = Timestamp.string(item.created)
        modified = Timestamp.string(item.modified)
    }
}

struct ShowJSON: Encodable {
    var list: ListJSON
    var items: [ItemJSON]
}

// Written by hand (see `HandWrittenJSON`), keys in sorted order as JSONEncoder sorts them.

extension ListsJSON: HandWrittenJSON {
    func write(to json: inout JSONText) {
        json.object { $0.member("lists") { $0.array(lists) } }
    }
}

extension ListJSON: HandWrittenJSON {
    func write(to json: inout JSONText) {
        json.object {
            $0.member("completedCount") { $0.int(completedCount) }
            $0.member("created") { $0.string(created) }
            $0.member("id") { $0.string(id) }
            $0.member("itemCount") { $0.int(itemCount) }
            $0.member("modified") { $0.string(modified) }
            $0.member("name") { $0.string(name) }
            $0.member("position") { $0.int(position) }
        }
    }
}

extension ItemJSON: HandWrittenJSON {
    func write(to json: inout JSONText) {
        json.object {
            $0.member("created") { $0.string(created) }
            $0.member("done") { $0.bool(done) }
            $0.member("id") { $0.string(id) }
            $0.member("modified") { $0.string(modified) }
            $0.member("name") { $0.string(name) }
            $0.member("position") { $0.int(position) }
        }
    }
}

extension ShowJSON: HandWrittenJSON {
    func write(to json: inout JSONText) {
        json.object {
            $0.member("items") { $0.array(items) }
            $0.member("list") { list.write(to: &$0) }
        }
    }
}
