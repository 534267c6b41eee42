import Foundation
import Testing

@testable import ICalendar

/// The Python `icalendar` package as a peer: a second, independent implementation that our
/// output must satisfy and whose output we must read.
enum PythonPeer {
    /// The package root: three levels up from this file (Tests/ICalendarTests/<file>).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Python/ical_check.py").path

    /// `$LISTOMAT_TEST_PYTHON`, else `<package root>/.venv/bin/python`, if it can
    /// `import icalendar`; nil otherwise.
    static let python: String? = {
        let candidate =
            ProcessInfo.processInfo.environment["LISTOMAT_TEST_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
            ?? packageRoot.appendingPathComponent(".venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: candidate),
            let result = try? run(candidate, ["-c", "import icalendar"], input: Data()),
            result.status == 0
        else { return nil }
        return candidate
    }()

    static var required: Bool {
        ProcessInfo.processInfo.environment["LISTOMAT_REQUIRE_PEERS"] == "1"
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs a process to completion, feeding `input` and collecting stdout (stderr goes into the
    /// error on failure). Output is read on other threads so a full pipe cannot deadlock.
    static func run(_ executable: String, _ arguments: [String], input: Data) throws -> (status: Int32, output: Data, error: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let group = DispatchGroup()
        nonisolated(unsafe) var output = Data()
        nonisolated(unsafe) var error = Data()
        DispatchQueue.global().async(group: group) { output = stdout.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { error = stderr.fileHandleForReading.readDataToEndOfFile() }
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return (process.terminationStatus, output, error)
    }

    /// Runs `ical_check.py <mode>` and decodes its JSON output.
    static func check<Output: Decodable>(_ mode: String, input: Data = Data(), as type: Output.Type) throws -> Output {
        guard let python else { throw Failure(description: "no python with icalendar") }
        let result = try run(python, [script, mode], input: input)
        guard result.status == 0 else {
            throw Failure(description: "ical_check.py \(mode) failed: " + String(decoding: result.error, as: UTF8.self))
        }
        return try JSONDecoder().decode(Output.self, from: result.output)
    }
}

/// What Python reports about a calendar object we wrote.
struct PythonReading: Decodable {
    var longestLine: Int
    var bareLF: Bool
    var endsWithCRLF: Bool
    var error: String?
    var todoCount: Int?
    var errors: [String]?
    var uid: String?
    var summary: String?
    var status: String?
    var completed: Int?
    var percent: Int?
    var lastModified: Int?
    var dtstamp: Int?
    var created: Int?
    var sequence: Int?
    var sortOrder: String?
    var description: String?
    var due: Int?
    var alarms: Int?
    var categories: [String]?
    var xTest: String?
    var xParam: String?
}

/// A calendar object Python built and what it says the fields are.
struct PythonCase: Decodable {
    struct Expect: Decodable {
        var uid: String
        var summary: String
        var completed: Bool
        var completedAt: Int?
        var lastModified: Int
        var sequence: Int
        var sortOrder: Int64?
        var description: String?
        var due: Int?
        var categories: [String]?
        var xTest: String?
        var xParam: String?
    }
    var name: String
    var ics: String
    var expect: Expect
}

@Suite("Python icalendar peer")
struct PythonPeerTests {
    @Test("A python with icalendar is found when LISTOMAT_REQUIRE_PEERS=1")
    func peerPresentWhenRequired() {
        if PythonPeer.required {
            #expect(
                PythonPeer.python != nil,
                "LISTOMAT_REQUIRE_PEERS=1 but no python that can import icalendar: set LISTOMAT_TEST_PYTHON or create .venv"
            )
        }
    }

    @Test("Python writes, Swift reads (then updates, and Python reads that back)", .enabled(if: PythonPeer.python != nil))
    func pythonToSwift() throws {
        let cases = try PythonPeer.check("generate", as: [PythonCase].self)
        #expect(cases.count >= 4)
        var updated: [String] = []
        for pythonCase in cases {
            let todo = try VTodo(text: pythonCase.ics)
            let expect = pythonCase.expect
            #expect(todo.uid == expect.uid, "\(pythonCase.name)")
            #expect(todo.summary == expect.summary, "\(pythonCase.name)")
            #expect(todo.isCompleted == expect.completed, "\(pythonCase.name)")
            #expect(todo.lastModified == Date(timeIntervalSince1970: Double(expect.lastModified)), "\(pythonCase.name)")
            #expect(todo.sequence == expect.sequence, "\(pythonCase.name)")
            #expect(todo.sortOrder == expect.sortOrder, "\(pythonCase.name)")
            if let completedAt = expect.completedAt {
                #expect(todo.completedAt == Date(timeIntervalSince1970: Double(completedAt)), "\(pythonCase.name)")
            }
            if let description = expect.description {
                #expect(todo.todo.property("DESCRIPTION").map { ICalText.unescape($0.value) } == description)
            }
            if let due = expect.due, let property = todo.todo.property("DUE") {
                #expect(ICalDateTime.date(of: property) == Date(timeIntervalSince1970: Double(due)))
            }
            // Unmodified: the tree survives our round trip.
            #expect(try VTodo(text: todo.serialized()) == todo, "\(pythonCase.name)")
            var changed = todo
            changed.update(summary: expect.summary + " ✓", completed: !expect.completed, sortOrder: 7, now: fixedNow)
            updated.append(changed.serialized())
        }

        let readings = try PythonPeer.check(
            "parse", input: try JSONEncoder().encode(updated), as: [PythonReading].self)
        try #require(readings.count == cases.count)
        for (pythonCase, reading) in zip(cases, readings) {
            let expect = pythonCase.expect
            #expect(reading.error == nil, "\(pythonCase.name)")
            #expect(reading.summary == expect.summary + " ✓", "\(pythonCase.name)")
            #expect(reading.uid == expect.uid)
            #expect(reading.status == (expect.completed ? "NEEDS-ACTION" : "COMPLETED"))
            #expect(reading.sequence == expect.sequence + 1)
            #expect(reading.sortOrder == "7")
            #expect(reading.lastModified == Int(fixedNow.timeIntervalSince1970))
            // What we do not touch reads the same in Python before and after.
            #expect(reading.description == expect.description, "\(pythonCase.name)")
            #expect(reading.due == expect.due, "\(pythonCase.name)")
            #expect(reading.categories == expect.categories, "\(pythonCase.name)")
            #expect(reading.xTest == expect.xTest, "\(pythonCase.name)")
            #expect(reading.xParam == expect.xParam, "\(pythonCase.name)")
            #expect(reading.longestLine <= 75)
            #expect(!reading.bareLF)
        }
    }

    @Test("Swift writes, Python reads", .enabled(if: PythonPeer.python != nil))
    func swiftToPython() throws {
        let summaries = [
            "Milk",
            "Comma, semicolon; backslash \\ colon: \"quote\"",
            "Multi\nline\n\ntext",
            String(repeating: "é漢😀 ", count: 40),
            String(repeating: "x", count: 66) + "漢漢漢漢",
            "",
        ]
        var texts: [String] = []
        var expected: [(summary: String, completed: Bool, sortOrder: Int64?, sequence: Int, stamp: Date)] = []
        for (index, summary) in summaries.enumerated() {
            let sortOrder: Int64? = index % 2 == 0 ? Int64(index) * 1000 - 2500 : nil
            let made = VTodo.make(uid: "swift-\(index)", summary: summary, completed: index % 3 == 1, sortOrder: sortOrder, now: fixedNow)
            texts.append(made.serialized())
            expected.append((summary, index % 3 == 1, sortOrder, 0, fixedNow))

            var updated = made
            let newSummary = summary + " (edited, with; specials\\)"
            updated.update(summary: newSummary, completed: index % 3 != 1, sortOrder: 42, now: laterNow)
            texts.append(updated.serialized())
            expected.append((newSummary, index % 3 != 1, 42, 1, laterNow))
        }
        let readings = try PythonPeer.check("parse", input: try JSONEncoder().encode(texts), as: [PythonReading].self)
        try #require(readings.count == texts.count)
        for (index, (reading, expect)) in zip(readings, expected).enumerated() {
            #expect(reading.error == nil, "object \(index)")
            #expect(reading.errors == [], "object \(index)")
            #expect(reading.todoCount == 1)
            #expect(reading.uid == "swift-\(index / 2)")
            #expect(reading.summary == expect.summary, "object \(index)")
            #expect(reading.status == (expect.completed ? "COMPLETED" : "NEEDS-ACTION"))
            #expect(reading.completed == (expect.completed ? Int(expect.stamp.timeIntervalSince1970) : nil))
            #expect(reading.percent == (expect.completed ? 100 : nil))
            #expect(reading.sequence == expect.sequence)
            #expect(reading.sortOrder == expect.sortOrder.map { String($0) })
            #expect(reading.lastModified == Int(expect.stamp.timeIntervalSince1970))
            #expect(reading.dtstamp == Int(expect.stamp.timeIntervalSince1970))
            #expect(reading.created == Int(fixedNow.timeIntervalSince1970))
            #expect(reading.longestLine <= 75)
            #expect(!reading.bareLF)
            #expect(reading.endsWithCRLF)
        }
    }
}
