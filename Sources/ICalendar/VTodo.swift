import Foundation

/// One calendar object resource (a whole VCALENDAR text, as a CalDAV server stores it) holding a
/// VTODO.
///
/// The whole object is kept as a tree, so everything we do not map to a list item (VTIMEZONE,
/// VALARM, DUE, DESCRIPTION, X- properties, other VTODOs of a recurring task...) is written back
/// as it came. Our fields read and update the first VTODO of the first VCALENDAR that has one.
package struct VTodo: Sendable, Equatable {
    /// The top-level components of the object (normally one VCALENDAR).
    package private(set) var components: [ICalComponent]
    /// Where the VTODO our fields map to is: `components[calendarIndex].items[todoIndex]`.
    private let calendarIndex: Int
    private let todoIndex: Int

    /// Parses a calendar object. Invalid UTF-8 is decoded lossily (U+FFFD), never a crash. Throws
    /// ICalendarError when there is no VCALENDAR, no VTODO, or the structure is broken (unbalanced
    /// BEGIN/END, a line without ':'...). Accepts LF as well as CRLF line ends, folded lines
    /// (CRLF/LF followed by a space or tab), lower-case names.
    package init(data: [UInt8]) throws(ICalendarError) {
        let components = try ICalParser.parse(data)
        guard components.contains(where: { $0.isNamed("VCALENDAR") }) else {
            throw ICalendarError("no VCALENDAR")
        }
        for (calendarIndex, calendar) in components.enumerated() where calendar.isNamed("VCALENDAR") {
            for (todoIndex, item) in calendar.items.enumerated() {
                if case .component(let component) = item, component.isNamed("VTODO") {
                    self.components = components
                    self.calendarIndex = calendarIndex
                    self.todoIndex = todoIndex
                    return
                }
            }
        }
        throw ICalendarError("no VTODO in the VCALENDAR")
    }

    package init(text: String) throws(ICalendarError) {
        try self.init(data: Array(text.utf8))
    }

    private init(components: [ICalComponent], calendarIndex: Int, todoIndex: Int) {
        self.components = components
        self.calendarIndex = calendarIndex
        self.todoIndex = todoIndex
    }

    /// A new calendar object: VCALENDAR (VERSION:2.0, PRODID:-//ListOMat//ListOMat//EN) with one
    /// VTODO: UID, DTSTAMP, CREATED, LAST-MODIFIED (all `now`, UTC, "20261123T101500Z" form),
    /// SUMMARY, STATUS (NEEDS-ACTION or COMPLETED, plus COMPLETED:<now> and PERCENT-COMPLETE:100
    /// when completed), SEQUENCE:0, and X-APPLE-SORT-ORDER when sortOrder is given.
    package static func make(uid: String, summary: String, completed: Bool, sortOrder: Int64?, now: Date) -> VTodo {
        let stamp = ICalDateTime.utcString(now)
        var properties: [ICalProperty] = [
            ICalProperty(name: "UID", value: ICalText.escape(uid)),
            ICalProperty(name: "DTSTAMP", value: stamp),
            ICalProperty(name: "CREATED", value: stamp),
            ICalProperty(name: "LAST-MODIFIED", value: stamp),
            ICalProperty(name: "SUMMARY", value: ICalText.escape(summary)),
        ]
        if completed {
            properties += [
                ICalProperty(name: "STATUS", value: "COMPLETED"),
                ICalProperty(name: "COMPLETED", value: stamp),
                ICalProperty(name: "PERCENT-COMPLETE", value: "100"),
            ]
        } else {
            properties.append(ICalProperty(name: "STATUS", value: "NEEDS-ACTION"))
        }
        properties.append(ICalProperty(name: "SEQUENCE", value: "0"))
        if let sortOrder {
            properties.append(ICalProperty(name: "X-APPLE-SORT-ORDER", value: String(sortOrder)))
        }
        let todo = ICalComponent(name: "VTODO", items: properties.map { .property($0) })
        let calendar = ICalComponent(
            name: "VCALENDAR",
            items: [
                .property(ICalProperty(name: "VERSION", value: "2.0")),
                .property(ICalProperty(name: "PRODID", value: "-//ListOMat//ListOMat//EN")),
                .component(todo),
            ])
        return VTodo(components: [calendar], calendarIndex: 0, todoIndex: 2)
    }

    /// The VTODO our fields read and update.
    package var todo: ICalComponent {
        if case .component(let component) = components[calendarIndex].items[todoIndex] {
            return component
        }
        return ICalComponent(name: "VTODO")  // unreachable: the indices are set to a VTODO
    }

    /// Every VTODO in the object (a recurring task's overrides share a UID), ours first.
    package var allTodos: [ICalComponent] {
        var result = [todo]
        for (calendarIndex, calendar) in components.enumerated() where calendar.isNamed("VCALENDAR") {
            for (todoIndex, item) in calendar.items.enumerated() {
                if case .component(let component) = item, component.isNamed("VTODO"),
                    (calendarIndex, todoIndex) != (self.calendarIndex, self.todoIndex)
                {
                    result.append(component)
                }
            }
        }
        return result
    }

    /// UID, unescaped; "" if absent.
    package var uid: String { text("UID") }

    /// SUMMARY, TEXT unescaped (`\n` `\N` -> newline, `\,` `\;` `\\`); "" if absent. Control
    /// characters are kept exactly as the server sent them: sanitizing is the caller's job.
    package var summary: String { text("SUMMARY") }

    /// STATUS:COMPLETED (any case), or no STATUS and a COMPLETED property.
    package var isCompleted: Bool {
        if let status = todo.property("STATUS") {
            return status.value.trimmingASCIIWhitespace().asciiUppercased == "COMPLETED"
        }
        return todo.property("COMPLETED") != nil
    }

    /// COMPLETED, read like `lastModified`.
    package var completedAt: Date? { date("COMPLETED") }

    /// LAST-MODIFIED, else DTSTAMP (when LAST-MODIFIED is absent or unreadable).
    ///
    /// Both should be UTC (`Z`) by RFC 5545; when they are not: a `TZID=` naming an IANA zone is
    /// resolved with the system database, any other TZID and a floating time are read as if UTC,
    /// a DATE as midnight UTC (see `ICalDateTime.date(fromValue:tzid:)`).
    package var lastModified: Date? { date("LAST-MODIFIED") ?? date("DTSTAMP") }

    /// SEQUENCE; 0 if absent, negative or garbage.
    package var sequence: Int {
        guard let property = todo.property("SEQUENCE"),
            let value = Int(property.value.trimmingASCIIWhitespace()), value >= 0
        else { return 0 }
        return value
    }

    /// X-APPLE-SORT-ORDER as an integer (a leading `+` and surrounding whitespace tolerated);
    /// nil if absent or garbage (including out of Int64 range).
    package var sortOrder: Int64? {
        guard let property = todo.property("X-APPLE-SORT-ORDER") else { return nil }
        return Int64(property.value.trimmingASCIIWhitespace())
    }

    /// Sets our fields, touching ONLY what differs from the current values: SUMMARY; STATUS (on
    /// completion: STATUS:COMPLETED, COMPLETED:now, PERCENT-COMPLETE:100; on un-completion:
    /// STATUS:NEEDS-ACTION, COMPLETED and PERCENT-COMPLETE removed); X-APPLE-SORT-ORDER (nil =
    /// leave as is). When anything changed: LAST-MODIFIED and DTSTAMP = now, SEQUENCE + 1.
    /// Returns whether anything changed. Every other property and parameter, every other component
    /// (VTIMEZONE, VALARM inside the VTODO, other components) and their order are kept exactly.
    ///
    /// A property that is changed keeps its place and its parameters (e.g. SUMMARY;LANGUAGE=de),
    /// except `TZID` and `VALUE` on the date-times we set, which would contradict the UTC value.
    /// A property that has to be added goes after the VTODO's last property, before its VALARMs.
    @discardableResult
    package mutating func update(summary: String, completed: Bool, sortOrder: Int64?, now: Date) -> Bool {
        let summaryChanged = summary != self.summary
        let completionChanged = completed != isCompleted
        let sortOrderChanged = sortOrder != nil && sortOrder != self.sortOrder
        guard summaryChanged || completionChanged || sortOrderChanged else { return false }

        let stamp = ICalDateTime.utcString(now)
        let dateParameters: Set<String> = ["TZID", "VALUE"]
        let nextSequence = sequence == Int.max ? sequence : sequence + 1
        modifyTodo { todo in
            if summaryChanged {
                todo.setValue(ICalText.escape(summary), of: "SUMMARY")
            }
            if completionChanged {
                if completed {
                    todo.setValue("COMPLETED", of: "STATUS")
                    todo.setValue(stamp, of: "COMPLETED", dropParameters: dateParameters)
                    todo.setValue("100", of: "PERCENT-COMPLETE")
                } else {
                    todo.setValue("NEEDS-ACTION", of: "STATUS")
                    todo.removeProperties("COMPLETED")
                    todo.removeProperties("PERCENT-COMPLETE")
                }
            }
            if sortOrderChanged, let sortOrder {
                todo.setValue(String(sortOrder), of: "X-APPLE-SORT-ORDER")
            }
            todo.setValue(stamp, of: "LAST-MODIFIED", dropParameters: dateParameters)
            todo.setValue(stamp, of: "DTSTAMP", dropParameters: dateParameters)
            todo.setValue(String(nextSequence), of: "SEQUENCE")
        }
        return true
    }

    /// The calendar object as text: CRLF line ends, lines folded at 75 octets (never splitting a
    /// UTF-8 sequence), unknown properties written back as they came (parameters and values
    /// untouched; byte-for-byte where possible). C0 controls other than TAB are dropped on
    /// output (see `ICalSerializer`).
    package func serialized() -> String {
        ICalSerializer.serialize(components)
    }

    private func text(_ name: String) -> String {
        guard let property = todo.property(name) else { return "" }
        return ICalText.unescape(property.value)
    }

    private func date(_ name: String) -> Date? {
        guard let property = todo.property(name) else { return nil }
        return ICalDateTime.date(of: property)
    }

    private mutating func modifyTodo(_ body: (inout ICalComponent) -> Void) {
        var todo = self.todo
        // Drop the tree's reference first so the edit does not copy the VTODO's items.
        components[calendarIndex].items[todoIndex] = .component(ICalComponent(name: todo.name))
        body(&todo)
        components[calendarIndex].items[todoIndex] = .component(todo)
    }
}
