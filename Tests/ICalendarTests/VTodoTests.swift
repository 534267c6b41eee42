import Foundation
import Testing

@testable import ICalendar

@Suite("Dates")
struct DateTests {
    static let utc20261123 = Date(timeIntervalSince1970: 1_795_428_900)  // 2026-11-23T10:15:00Z

    @Test("UTC, floating, TZID and DATE forms")
    func forms() throws {
        #expect(ICalDateTime.date(fromValue: "20261123T101500Z") == Self.utc20261123)
        #expect(ICalDateTime.date(fromValue: "20261123t101500z") == Self.utc20261123)
        // Floating: read as UTC.
        #expect(ICalDateTime.parse("20261123T101500")?.form == .floating)
        #expect(ICalDateTime.date(fromValue: "20261123T101500") == Self.utc20261123)
        // An IANA TZID is resolved (Berlin is UTC+1 in November).
        let berlin = ICalDateTime.date(fromValue: "20261123T111500", tzid: "Europe/Berlin")
        #expect(berlin == Self.utc20261123)
        #expect(ICalDateTime.date(fromValue: "20261123T111500", tzid: "/mozilla.org/20050126_1/Europe/Berlin") == Self.utc20261123)
        // New York in summer is UTC-4.
        #expect(
            ICalDateTime.date(fromValue: "20260601T120000", tzid: "America/New_York")
                == Date(timeIntervalSince1970: 1_780_329_600))
        // A TZID we cannot resolve: read as UTC.
        #expect(ICalDateTime.date(fromValue: "20261123T101500", tzid: "W. Europe Standard Time") == Self.utc20261123)
        #expect(ICalDateTime.date(fromValue: "20261123T101500", tzid: "../../etc/passwd") == Self.utc20261123)
        // DATE: midnight UTC.
        #expect(ICalDateTime.parse("20261123")?.form == .date)
        #expect(ICalDateTime.date(fromValue: "20261123") == Date(timeIntervalSince1970: 1_795_392_000))
        // Leap day, leap second, far past.
        #expect(ICalDateTime.date(fromValue: "20240229T000000Z") != nil)
        #expect(ICalDateTime.date(fromValue: "20261123T101460Z") == Self.utc20261123)
        #expect(ICalDateTime.date(fromValue: "16010101T000000Z") == Date(timeIntervalSince1970: -11_644_473_600))
    }

    @Test(
        "Garbage dates read as nil",
        arguments: [
            "", "2026", "20261323T000000Z", "20260230T000000Z", "20230229", "20261123T241500Z",
            "20261123T106000Z", "20261123 101500Z", "20261123T101500ZZ", "20261123T1015Z",
            "2026-11-23T10:15:00Z", "20261123T101500.5Z", "abcdefghTijklmnZ",
        ])
    func garbage(value: String) {
        #expect(ICalDateTime.date(fromValue: value) == nil)
    }

    @Test("Writing: UTC with Z, truncated seconds, pre-1970 and clamped extremes")
    func writing() {
        #expect(ICalDateTime.utcString(Self.utc20261123) == "20261123T101500Z")
        #expect(ICalDateTime.utcString(Self.utc20261123.addingTimeInterval(0.999)) == "20261123T101500Z")
        #expect(ICalDateTime.utcString(Date(timeIntervalSince1970: -1)) == "19691231T235959Z")
        #expect(ICalDateTime.utcString(Date(timeIntervalSince1970: 0)) == "19700101T000000Z")
        #expect(ICalDateTime.utcString(.distantFuture) == "40010101T000000Z")
        #expect(ICalDateTime.utcString(Date(timeIntervalSince1970: 1e15)) == "99991231T235959Z")
        #expect(ICalDateTime.utcString(Date(timeIntervalSince1970: .nan)) == "19700101T000000Z")
        #expect(ICalDateTime.utcString(Date(timeIntervalSince1970: -.infinity)) == "00010101T000000Z")
        for seconds in stride(from: -5_000_000_000, through: 5_000_000_000, by: 86_399_937) {
            let date = Date(timeIntervalSince1970: Double(seconds))
            #expect(ICalDateTime.date(fromValue: ICalDateTime.utcString(date)) == date)
        }
    }

    @Test("lastModified prefers LAST-MODIFIED, falls back to DTSTAMP, reads every form")
    func lastModified() throws {
        let modified = try VTodo(text: calendar(todo: ["LAST-MODIFIED:20261123T101500Z"]))
        #expect(modified.lastModified == Self.utc20261123)
        let stampOnly = try VTodo(text: calendar(todo: []))
        #expect(stampOnly.lastModified == Date(timeIntervalSince1970: 1_767_225_600))
        let zoned = try VTodo(text: calendar(todo: ["LAST-MODIFIED;TZID=Europe/Berlin:20261123T111500"]))
        #expect(zoned.lastModified == Self.utc20261123)
        let floating = try VTodo(text: calendar(todo: ["LAST-MODIFIED:20261123T101500"]))
        #expect(floating.lastModified == Self.utc20261123)
        let garbage = try VTodo(text: calendar(todo: ["LAST-MODIFIED:yesterday"]))
        #expect(garbage.lastModified == Date(timeIntervalSince1970: 1_767_225_600))
        let completed = try VTodo(text: calendar(todo: ["COMPLETED;VALUE=DATE:20261123"]))
        #expect(completed.completedAt == Date(timeIntervalSince1970: 1_795_392_000))
        #expect(completed.isCompleted)
    }
}

@Suite("Fields")
struct FieldTests {
    @Test("make writes exactly the documented object")
    func make() throws {
        let open = VTodo.make(uid: "id-1", summary: "Milk", completed: false, sortOrder: nil, now: fixedNow)
        #expect(
            open.serialized()
                == ics(
                    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ListOMat//ListOMat//EN", "BEGIN:VTODO",
                    "UID:id-1", "DTSTAMP:20261123T101500Z", "CREATED:20261123T101500Z",
                    "LAST-MODIFIED:20261123T101500Z", "SUMMARY:Milk", "STATUS:NEEDS-ACTION", "SEQUENCE:0",
                    "END:VTODO", "END:VCALENDAR"))
        let done = VTodo.make(uid: "id-2", summary: "Eggs", completed: true, sortOrder: -5, now: fixedNow)
        #expect(
            done.serialized()
                == ics(
                    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ListOMat//ListOMat//EN", "BEGIN:VTODO",
                    "UID:id-2", "DTSTAMP:20261123T101500Z", "CREATED:20261123T101500Z",
                    "LAST-MODIFIED:20261123T101500Z", "SUMMARY:Eggs", "STATUS:COMPLETED",
                    "COMPLETED:20261123T101500Z", "PERCENT-COMPLETE:100", "SEQUENCE:0",
                    "X-APPLE-SORT-ORDER:-5", "END:VTODO", "END:VCALENDAR"))
        #expect(done.uid == "id-2")
        #expect(done.summary == "Eggs")
        #expect(done.isCompleted)
        #expect(done.completedAt == fixedNow)
        #expect(done.lastModified == fixedNow)
        #expect(done.sequence == 0)
        #expect(done.sortOrder == -5)
        #expect(try VTodo(text: done.serialized()) == done)
    }

    @Test("Absent fields read as documented")
    func absent() throws {
        let todo = try VTodo(text: ics("BEGIN:VCALENDAR", "BEGIN:VTODO", "END:VTODO", "END:VCALENDAR"))
        #expect(todo.uid == "")
        #expect(todo.summary == "")
        #expect(!todo.isCompleted)
        #expect(todo.completedAt == nil)
        #expect(todo.lastModified == nil)
        #expect(todo.sequence == 0)
        #expect(todo.sortOrder == nil)
    }

    @Test(
        "Completion: STATUS wins; without STATUS a COMPLETED property counts",
        arguments: [
            (["STATUS:COMPLETED"], true),
            (["STATUS: completed "], true),
            (["STATUS:NEEDS-ACTION", "COMPLETED:20260101T000000Z"], false),
            (["STATUS:IN-PROCESS"], false),
            (["STATUS:CANCELLED"], false),
            (["COMPLETED:20260101T000000Z"], true),
            ([], false),
        ])
    func completion(lines: [String], expected: Bool) throws {
        #expect(try VTodo(text: calendar(todo: lines)).isCompleted == expected)
    }

    @Test(
        "SEQUENCE and X-APPLE-SORT-ORDER tolerate whitespace and +, reject garbage",
        arguments: [
            ("7", 7, 7), (" +7 ", 7, 7), ("-3", 0, -3), ("x", 0, nil), ("", 0, nil),
            ("99999999999999999999", 0, nil), ("1.5", 0, nil), ("9223372036854775807", Int.max, Int64.max),
        ] as [(String, Int, Int64?)])
    func integers(raw: String, sequence: Int, sortOrder: Int64?) throws {
        let todo = try VTodo(text: calendar(todo: ["SEQUENCE:" + raw, "X-APPLE-SORT-ORDER:" + raw]))
        #expect(todo.sequence == sequence)
        #expect(todo.sortOrder == sortOrder)
    }

    @Test("Several VTODOs: the first is ours, the others are kept")
    func severalTodos() throws {
        let text = ics(
            "BEGIN:VCALENDAR", "BEGIN:VTIMEZONE", "TZID:X", "END:VTIMEZONE", "BEGIN:VTODO", "UID:r",
            "SUMMARY:Master", "RRULE:FREQ=WEEKLY", "END:VTODO", "BEGIN:VTODO", "UID:r",
            "RECURRENCE-ID;VALUE=DATE:20260209", "SUMMARY:Override", "END:VTODO", "END:VCALENDAR")
        var todo = try VTodo(text: text)
        #expect(todo.summary == "Master")
        #expect(todo.allTodos.count == 2)
        todo.update(summary: "Master 2", completed: false, sortOrder: nil, now: fixedNow)
        let output = todo.serialized()
        #expect(output.contains("SUMMARY:Master 2\r\n"))
        #expect(output.contains("BEGIN:VTODO\r\nUID:r\r\nRECURRENCE-ID;VALUE=DATE:20260209\r\nSUMMARY:Override\r\nEND:VTODO\r\n"))
        #expect(try VTodo(text: output).summary == "Master 2")
    }
}

@Suite("Update")
struct UpdateTests {
    static let rich = ics(
        "BEGIN:VCALENDAR",
        "PRODID:-//Other//Client//EN",
        "VERSION:2.0",
        "X-WR-CALNAME;X-P=\"quoted:value\":Groceries",
        "BEGIN:VTIMEZONE",
        "TZID:Europe/Berlin",
        "BEGIN:STANDARD",
        "DTSTART:19701025T030000",
        "TZOFFSETFROM:+0200",
        "TZOFFSETTO:+0100",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
        "END:STANDARD",
        "END:VTIMEZONE",
        "BEGIN:VTODO",
        "UID:rich-1@example.com",
        "DTSTAMP:20260101T000000Z",
        "CREATED:20251231T120000Z",
        "LAST-MODIFIED:20260101T000000Z",
        "SUMMARY:Old title",
        "DESCRIPTION:First line\\nsecond\\, with\\; escapes \\\\ and a very long tail that",
        "  goes on past the fold",
        "DUE;TZID=Europe/Berlin:20261201T090000",
        "CATEGORIES:FAMILY,FINANCE",
        "RELATED-TO;RELTYPE=PARENT:parent-uid@example.com",
        "X-MOZ-GENERATION:4",
        "X-CUSTOM;X-ONE=a;X-TWO=\"b,c\":custom value",
        "priority:5",
        "STATUS:NEEDS-ACTION",
        "SEQUENCE:4",
        "X-APPLE-SORT-ORDER:100",
        "BEGIN:VALARM",
        "ACTION:DISPLAY",
        "DESCRIPTION:Reminder",
        "TRIGGER;RELATED=END:-PT15M",
        "END:VALARM",
        "END:VTODO",
        "BEGIN:VJOURNAL",
        "UID:other",
        "END:VJOURNAL",
        "END:VCALENDAR")

    @Test("An unchanged update returns false and changes nothing")
    func unchanged() throws {
        var todo = try VTodo(text: Self.rich)
        let before = todo
        let changed1 = todo.update(summary: "Old title", completed: false, sortOrder: 100, now: fixedNow)
        #expect(!changed1)
        let changed2 = todo.update(summary: "Old title", completed: false, sortOrder: nil, now: fixedNow)
        #expect(!changed2)
        #expect(todo == before)
        // Unfolded and refolded, but otherwise the same bytes.
        #expect(unfold(todo.serialized()) == unfold(Self.rich))
    }

    @Test("Changing SUMMARY keeps everything else byte for byte")
    func summaryOnly() throws {
        var todo = try VTodo(text: Self.rich)
        let changed3 = todo.update(summary: "New title", completed: false, sortOrder: 100, now: fixedNow)
        #expect(changed3)
        let expected = unfold(Self.rich)
            .replacingOccurrences(of: "SUMMARY:Old title", with: "SUMMARY:New title")
            .replacingOccurrences(of: "DTSTAMP:20260101T000000Z", with: "DTSTAMP:20261123T101500Z")
            .replacingOccurrences(of: "LAST-MODIFIED:20260101T000000Z", with: "LAST-MODIFIED:20261123T101500Z")
            .replacingOccurrences(of: "SEQUENCE:4", with: "SEQUENCE:5")
        #expect(unfold(todo.serialized()) == expected)
        #expect(todo.summary == "New title")
        #expect(todo.sequence == 5)
        #expect(todo.lastModified == fixedNow)
        // The same values again: nothing to do.
        let changed4 = todo.update(summary: "New title", completed: false, sortOrder: 100, now: laterNow)
        #expect(!changed4)
    }

    @Test("Completing and un-completing")
    func completion() throws {
        var todo = try VTodo(text: Self.rich)
        let changed5 = todo.update(summary: "Old title", completed: true, sortOrder: nil, now: fixedNow)
        #expect(changed5)
        #expect(todo.isCompleted)
        #expect(todo.completedAt == fixedNow)
        let completedText = todo.serialized()
        #expect(completedText.contains("STATUS:COMPLETED\r\nSEQUENCE:5\r\nX-APPLE-SORT-ORDER:100\r\nCOMPLETED:20261123T101500Z\r\nPERCENT-COMPLETE:100\r\nBEGIN:VALARM"))
        let changed6 = todo.update(summary: "Old title", completed: true, sortOrder: nil, now: laterNow)
        #expect(!changed6)

        let changed7 = todo.update(summary: "Old title", completed: false, sortOrder: nil, now: laterNow)
        #expect(changed7)
        #expect(!todo.isCompleted)
        #expect(todo.completedAt == nil)
        #expect(todo.sequence == 6)
        let reopened = todo.serialized()
        #expect(!reopened.contains("COMPLETED:"))
        #expect(!reopened.contains("PERCENT-COMPLETE"))
        #expect(reopened.contains("STATUS:NEEDS-ACTION\r\n"))
        #expect(reopened.contains("LAST-MODIFIED:20261124T101500Z\r\n"))
    }

    @Test("Completing replaces a zoned COMPLETED in place and drops its TZID")
    func zonedCompleted() throws {
        var todo = try VTodo(text: calendar(todo: ["COMPLETED;TZID=Europe/Berlin;X-K=1:20200101T000000", "STATUS:IN-PROCESS"]))
        #expect(!todo.isCompleted)
        todo.update(summary: "", completed: true, sortOrder: nil, now: fixedNow)
        let text = todo.serialized()
        #expect(text.contains("COMPLETED;X-K=1:20261123T101500Z\r\nSTATUS:COMPLETED\r\n"))
    }

    @Test("Sort order: nil leaves it, a new value replaces or adds it")
    func sortOrder() throws {
        var todo = try VTodo(text: calendar(todo: ["SUMMARY:s"]))
        let changed8 = todo.update(summary: "s", completed: false, sortOrder: nil, now: fixedNow)
        #expect(!changed8)
        let changed9 = todo.update(summary: "s", completed: false, sortOrder: 3, now: fixedNow)
        #expect(changed9)
        #expect(todo.sortOrder == 3)
        #expect(todo.sequence == 1)
        #expect(todo.serialized().contains("X-APPLE-SORT-ORDER:3\r\n"))
        let changed10 = todo.update(summary: "s", completed: false, sortOrder: -9, now: fixedNow)
        #expect(changed10)
        #expect(todo.sortOrder == -9)
        #expect(todo.sequence == 2)
        // " +3 " reads as 3: asking for 3 is no change.
        var padded = try VTodo(text: calendar(todo: ["X-APPLE-SORT-ORDER: +3 "]))
        let changed11 = padded.update(summary: "", completed: false, sortOrder: 3, now: fixedNow)
        #expect(!changed11)
    }

    @Test("Properties added by an update go after the last property, before sub-components")
    func insertionPlace() throws {
        var todo = try VTodo(
            text: ics("BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:x", "BEGIN:VALARM", "ACTION:DISPLAY", "END:VALARM", "END:VTODO", "END:VCALENDAR"))
        todo.update(summary: "Added", completed: false, sortOrder: nil, now: fixedNow)
        #expect(
            todo.serialized()
                == ics(
                    "BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:x", "SUMMARY:Added", "LAST-MODIFIED:20261123T101500Z",
                    "DTSTAMP:20261123T101500Z", "SEQUENCE:1", "BEGIN:VALARM", "ACTION:DISPLAY", "END:VALARM",
                    "END:VTODO", "END:VCALENDAR"))
    }
}

@Suite("Hostile and huge input")
struct HostileTests {
    /// Inputs that made other parsers quadratic, by name (the names keep the test log short).
    static let pathologicalPayloads: [String: String] = [
        "1M blank lines": String(repeating: "\n", count: 1_000_000),
        "1M spaces as a parameter name": "X;" + String(repeating: " ", count: 1_000_000) + ":v\r\n",
        "200k parameters": "X" + String(repeating: ";P=a", count: 200_000) + ":v\r\n",
        "400k parameter values": "X;P=" + String(repeating: "a,", count: 400_000) + "b:v\r\n",
        "300k empty continuations": "X:v" + String(repeating: "\r\n ", count: 300_000) + "\r\n",
        "100k empty components": String(repeating: "BEGIN:X\r\nEND:X\r\n", count: 100_000),
    ]

    @Test("Control characters and ANSI escapes: kept in the model, never a raw CR/LF on output")
    func controls() throws {
        let hostile = "\u{1B}[31mred\u{1B}[0m\u{07}bell\rcr\u{0}nul\ttab\u{7F}del"
        let text = calendar(todo: ["SUMMARY:" + hostile])
        var todo = try VTodo(text: text)
        #expect(todo.summary == hostile)
        let output = todo.serialized()
        #expect(!physicalLines(output).contains { $0.unicodeScalars.contains { $0 == "\r" || $0 == "\n" } })
        #expect(output.contains("SUMMARY:[31mred[0mbellcrnul\ttab\u{7F}del\r\n"))

        // Setting such a summary: the model keeps it exactly (so the same update is a no-op),
        // the wire gets newlines escaped and other C0 controls dropped.
        let typed = "line1\r\nline2\u{1B}[1m\nline3"
        let changed12 = todo.update(summary: typed, completed: false, sortOrder: nil, now: fixedNow)
        #expect(changed12)
        #expect(todo.summary == typed)
        let changed13 = todo.update(summary: typed, completed: false, sortOrder: nil, now: fixedNow)
        #expect(!changed13)
        let written = todo.serialized()
        #expect(written.contains("SUMMARY:line1\\nline2[1m\\nline3\r\n"))
        #expect(try VTodo(text: written).summary == "line1\nline2[1m\nline3")
    }

    @Test(
        "Long runs of blank lines, spaces, parameters and continuations parse and round-trip",
        arguments: Self.pathologicalPayloads.keys.sorted())
    func pathological(name: String) throws {
        let payload = Self.pathologicalPayloads[name] ?? ""
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\n" + payload + "END:VTODO\r\nEND:VCALENDAR\r\n"
        // (A parser quadratic in any of these would not finish: a million of each.)
        let todo = try VTodo(text: text)
        let output = todo.serialized()
        #expect(try VTodo(text: output) == todo)
    }

    @Test("A 1 MB SUMMARY and a 10 MB object parse whole")
    func huge() throws {
        let summary = String(repeating: "ab漢😀, ", count: 1_000_000 / 11)  // 11 octets each
        let todo = VTodo.make(uid: "big", summary: summary, completed: false, sortOrder: nil, now: fixedNow)
        let text = todo.serialized()
        let parsed = try VTodo(text: text)
        #expect(parsed.summary == summary)

        // 10 MB: the same line ten times over (as unknown properties), plus one unfolded 1 MB line.
        let lines = physicalLines(text)
        let summaryLines = lines.filter { $0.hasPrefix("SUMMARY:") || $0.hasPrefix(" ") }
        var big = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:big\r\n"
        for index in 0..<9 {
            big += "X-COPY-\(index):"
            big += String(summaryLines.joined(separator: "\r\n").dropFirst("SUMMARY:".count))
            big += "\r\n"
        }
        big += "DESCRIPTION:" + String(repeating: "x", count: 1_000_000) + "\r\n"
        big += "END:VTODO\r\nEND:VCALENDAR\r\n"
        #expect(big.utf8.count > 10_000_000)
        let bigTodo = try VTodo(text: big)
        #expect(bigTodo.todo.properties.count == 11)
        #expect(bigTodo.todo.properties.last?.value.utf8.count == 1_000_000)
        let out = bigTodo.serialized()
        #expect(physicalLines(out).allSatisfy { $0.utf8.count <= 75 })
    }
}

@Suite("Round trips and RFC 5545 examples")
struct RoundTripTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    @Test(
        "parse → serialized → parse gives an equal tree",
        arguments: [
            UpdateTests.rich,
            "begin:vcalendar\nbegin:vtodo\nuid:x\nsummary;x-a=\"q;:,\":a\\, b\n  c\nend:vtodo\nend:vcalendar\n",
        ] + ["rfc5545-3.6.2-todo1.ics", "rfc5545-3.6.2-todo2.ics", "rfc5545-4-todo-with-alarm.ics"].map {
            String(decoding: (try? fixture($0)) ?? [], as: UTF8.self)
        })
    func tree(text: String) throws {
        let first = try VTodo(text: text)
        let second = try VTodo(text: first.serialized())
        #expect(first == second)
        #expect(first.components == second.components)
        #expect(second.serialized() == first.serialized())
    }

    @Test("RFC 5545 §3.6.2 example 1")
    func example1() throws {
        let bytes = try Self.fixture("rfc5545-3.6.2-todo1.ics")
        let todo = try VTodo(data: bytes)
        #expect(todo.uid == "20070313T123432Z-456553@example.com")
        #expect(todo.summary == "Submit Quebec Income Tax Return for 2006")
        #expect(!todo.isCompleted)
        #expect(todo.lastModified == ICalDateTime.date(fromValue: "20070313T123432Z"))
        #expect(todo.todo.property("DUE")?.parameter("VALUE") == "DATE")
        #expect(todo.todo.property("CATEGORIES")?.value == "FAMILY,FINANCE")
        #expect(todo.serialized() == String(decoding: bytes, as: UTF8.self))
        #expect(try VTodo(text: todo.serialized()) == todo)
    }

    @Test("RFC 5545 §3.6.2 example 2: COMPLETED set but STATUS:NEEDS-ACTION")
    func example2() throws {
        let bytes = try Self.fixture("rfc5545-3.6.2-todo2.ics")
        var todo = try VTodo(data: bytes)
        #expect(todo.summary == "Submit Revised Internet-Draft")
        #expect(!todo.isCompleted)
        #expect(todo.completedAt == ICalDateTime.date(fromValue: "20070707T100000Z"))
        #expect(todo.serialized() == String(decoding: bytes, as: UTF8.self))
        // Completing it replaces the old COMPLETED rather than adding a second one.
        todo.update(summary: todo.summary, completed: true, sortOrder: nil, now: fixedNow)
        #expect(todo.serialized().components(separatedBy: "\r\nCOMPLETED:").count == 2)
        #expect(todo.completedAt == fixedNow)
    }

    @Test("RFC 5545 §4 example: VTODO with a VALARM and a folded ATTACH")
    func example4() throws {
        let bytes = try Self.fixture("rfc5545-4-todo-with-alarm.ics")
        var todo = try VTodo(data: bytes)
        #expect(todo.uid == "uid4@example.com")
        #expect(todo.summary == "Submit Income Taxes")
        #expect(todo.sequence == 2)
        #expect(todo.todo.components.first?.property("ATTACH")?.value == "http://example.com/pub/audio-files/ssbanner.aud")
        #expect(todo.serialized() == String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "audio-\r\n files", with: "audio-files"))
        todo.update(summary: "Submit Income Taxes!", completed: false, sortOrder: nil, now: fixedNow)
        let text = todo.serialized()
        #expect(text.contains("ATTENDEE;PARTSTAT=ACCEPTED:mailto:jqpublic@example.com\r\nDUE:19980415T000000\r\n"))
        #expect(text.contains("SEQUENCE:3\r\n"))
        #expect(text.contains("BEGIN:VALARM\r\nACTION:AUDIO\r\nTRIGGER:19980403T120000Z\r\n"))
    }
}
