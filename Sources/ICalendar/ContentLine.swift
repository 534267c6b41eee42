/// Why a calendar object could not be parsed.
package struct ICalendarError: Error, CustomStringConvertible, Sendable, Equatable {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }

    package init(description: String) {
        self.description = description
    }
}

/// One parameter of a content line (`;NAME=value,"quoted value"`).
package struct ICalParameter: Sendable, Equatable {
    /// The name as written (compare case-insensitively: RFC 5545 §2).
    package var name: String
    /// The values without their quotes, in order; empty for a malformed parameter without `=`.
    package var values: [String]

    package init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }

    /// The parameter as it goes on a content line. A value is quoted when it has a character
    /// that would otherwise end it (`:` `;` `,`); a DQUOTE cannot be represented (RFC 5545 §3.2
    /// forbids it inside a parameter value) and is dropped.
    var text: String {
        guard !values.isEmpty else { return name }
        let rendered = values.map { value -> String in
            let clean = value.filter { $0 != "\"" }
            if clean.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) {
                return "\"" + clean + "\""
            }
            return clean
        }
        return name + "=" + rendered.joined(separator: ",")
    }
}

/// One property (content line): name, parameters, raw value.
///
/// `value` is the value exactly as it appears after the `:`, still escaped (for TEXT, see
/// `ICalText`); nothing is interpreted until asked, so unknown properties go back out as they came.
package struct ICalProperty: Sendable, Equatable {
    /// The name as written (compare case-insensitively).
    package var name: String { didSet { originalLine = nil } }
    package var parameters: [ICalParameter] { didSet { originalLine = nil } }
    /// The raw (escaped) value.
    package var value: String { didSet { originalLine = nil } }

    /// The unfolded content line this property was parsed from, while it is unmodified; written
    /// back as is so that quoting, spacing and case survive byte for byte.
    private var originalLine: String?

    package init(name: String, parameters: [ICalParameter] = [], value: String) {
        self.name = name
        self.parameters = parameters
        self.value = value
        self.originalLine = nil
    }

    init(name: String, parameters: [ICalParameter], value: String, originalLine: String) {
        self.name = name
        self.parameters = parameters
        self.value = value
        self.originalLine = originalLine
    }

    /// Whether the property has this (upper-case) name, ignoring case.
    package func isNamed(_ upperCaseName: String) -> Bool {
        name.asciiUppercased == upperCaseName
    }

    /// The first value of a parameter, by (upper-case) name.
    package func parameter(_ upperCaseName: String) -> String? {
        parameters.first { $0.name.asciiUppercased == upperCaseName }?.values.first
    }

    /// The unfolded content line (without line end).
    package var contentLine: String {
        if let originalLine { return originalLine }
        var line = name
        for parameter in parameters {
            line += ";" + parameter.text
        }
        return line + ":" + value
    }

    /// Equality of what the property says; how it was spelled on the wire does not count.
    package static func == (lhs: ICalProperty, rhs: ICalProperty) -> Bool {
        lhs.name == rhs.name && lhs.parameters == rhs.parameters && lhs.value == rhs.value
    }
}

/// A component (`BEGIN:NAME` … `END:NAME`) with its properties and sub-components in the order
/// they came (RFC 5545 puts properties first, but we keep whatever order a peer used).
package struct ICalComponent: Sendable, Equatable {
    package enum Item: Sendable, Equatable {
        case property(ICalProperty)
        case component(ICalComponent)
    }

    /// The name as written after `BEGIN:` (compare case-insensitively).
    package var name: String {
        didSet {
            beginLine = nil
            endLine = nil
        }
    }
    package var items: [Item]

    /// The BEGIN and END lines as they came (e.g. `begin:vtodo`), written back while the name
    /// is unchanged.
    private var beginLine: String?
    private var endLine: String?

    package init(name: String, items: [Item] = []) {
        self.name = name
        self.items = items
    }

    init(name: String, beginLine: String) {
        self.name = name
        self.items = []
        self.beginLine = beginLine
    }

    /// The unfolded `BEGIN:` line.
    package var beginContentLine: String { beginLine ?? "BEGIN:" + name }
    /// The unfolded `END:` line.
    package var endContentLine: String { endLine ?? "END:" + name }

    /// Records the END line as parsed.
    mutating func setParsedEndLine(_ line: String) {
        endLine = line
    }

    /// Equality of content; the spelling of BEGIN/END lines does not count.
    package static func == (lhs: ICalComponent, rhs: ICalComponent) -> Bool {
        lhs.name == rhs.name && lhs.items == rhs.items
    }

    package func isNamed(_ upperCaseName: String) -> Bool {
        name.asciiUppercased == upperCaseName
    }

    /// The properties, in order.
    package var properties: [ICalProperty] {
        items.compactMap { if case .property(let property) = $0 { property } else { nil } }
    }

    /// The direct sub-components, in order.
    package var components: [ICalComponent] {
        items.compactMap { if case .component(let component) = $0 { component } else { nil } }
    }

    /// The first property with this (upper-case) name.
    package func property(_ upperCaseName: String) -> ICalProperty? {
        for case .property(let property) in items where property.isNamed(upperCaseName) {
            return property
        }
        return nil
    }

    /// Index in `items` of the first property with this name.
    func propertyIndex(_ upperCaseName: String) -> Int? {
        items.firstIndex {
            if case .property(let property) = $0 { property.isNamed(upperCaseName) } else { false }
        }
    }

    /// Sets the value of the first property with this name, keeping its parameters and place,
    /// or appends a new property after the last property (before any sub-component).
    /// `dropParameters` names parameters that would contradict the new value (e.g. `TZID` when
    /// a UTC time is written).
    mutating func setValue(
        _ value: String, of upperCaseName: String, dropParameters: Set<String> = []
    ) {
        if let index = propertyIndex(upperCaseName), case .property(var property) = items[index] {
            if property.value != value { property.value = value }
            if !dropParameters.isEmpty,
                property.parameters.contains(where: { dropParameters.contains($0.name.asciiUppercased) })
            {
                property.parameters.removeAll { dropParameters.contains($0.name.asciiUppercased) }
            }
            items[index] = .property(property)
        } else {
            let insertAt =
                items.firstIndex {
                    if case .component = $0 { true } else { false }
                } ?? items.count
            items.insert(.property(ICalProperty(name: upperCaseName, value: value)), at: insertAt)
        }
    }

    /// Removes every property with this name.
    mutating func removeProperties(_ upperCaseName: String) {
        items.removeAll {
            if case .property(let property) = $0 { property.isNamed(upperCaseName) } else { false }
        }
    }
}
