import Foundation

/// A value a response template can show.
public enum TemplateValue: Equatable, Sendable {
    case text(String)
    case list([String])
    case number(Int)
}

/// How a language joins several values: "apples, rice and olives".
package struct ListFormat: Sendable {
    package var conjunction: String
    package var serialComma: Bool
    /// Which word form a count takes in `${count|one|other}` (Russian: `${count|one|few|many}`).
    package var plural: PluralRule = .oneOther

    /// What stands between two of several values: ", " ("、" in Chinese).
    package var comma = ", "
    /// Whether the conjunction has spaces around it ("milk and eggs"; Chinese "牛奶和鸡蛋" has none).
    package var spaced = true

    package init(conjunction: String, serialComma: Bool, plural: PluralRule = .oneOther, comma: String = ", ", spaced: Bool = true) {
        self.conjunction = conjunction
        self.serialComma = serialComma
        self.plural = plural
        self.comma = comma
        self.spaced = spaced
    }

    package func join(_ items: [String]) -> String {
        let last = spaced ? " \(conjunction) " : conjunction
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        case 2: return items[0] + last + items[1]
        default:
            let head = items.dropLast().joined(separator: comma)
            return head + (serialComma ? comma.trimmingCharacters(in: .whitespaces) : "") + last + items[items.count - 1]
        }
    }
}

/// Renders response templates:
/// - `${name}`: a value; a list is joined ("apples, rice and olives")
/// - `${name.count}`: how many values
/// - `${name|one|other}`: the word for the count of `name` (a number or a list): "item"/"items";
///   as many forms as the language's plural rule has (Russian `${n|список|списка|списков}`);
///   a `#` in a form is the count, as in ICU's plural messages (`${n|its only item is|all # are}`)
/// - `${name|or}`: a list joined with another word: "Pet Shop or Flower Shop"
package enum ResponseTemplate {
    package static func render(_ template: String, _ data: [String: TemplateValue], format: ListFormat) -> String {
        var result = ""
        let utf8 = template.utf8
        var literalStart = utf8.startIndex
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let next = utf8.index(after: index)
            guard utf8[index] == UInt8(ascii: "$"), next < utf8.endIndex, utf8[next] == UInt8(ascii: "{"),
                  let close = utf8[next...].firstIndex(of: UInt8(ascii: "}"))
            else {
                index = next
                continue
            }
            result += template[literalStart..<index]
            let value = expand(template[utf8.index(after: next)..<close], data, format)
            index = utf8.index(after: close)
            literalStart = index
            if value.isEmpty, result.hasSuffix(" "), template.utf8[index...].first == UInt8(ascii: " ") {
                // An empty value between two spaces leaves one: "add ${items} to" → "add to".
                literalStart = template.utf8.index(after: index)
            }
            result += value
        }
        return result + template[literalStart...]
    }

    /// The names of the values a template shows: "Which list is ${tasks} on: ${options|or}?"
    /// → tasks, options.
    package static func names(in template: String) -> [String] {
        var names: [String] = []
        // "${" and "}" found among the UTF-8 bytes (Foundation's `range(of:)` cost more than
        // the rest of a question's reply; templates are looked at for every one).
        let utf8 = template.utf8
        var at = utf8.startIndex
        while let dollar = utf8[at...].firstIndex(of: UInt8(ascii: "$")) {
            let brace = utf8.index(after: dollar)
            guard brace < utf8.endIndex else { break }
            guard utf8[brace] == UInt8(ascii: "{") else {
                at = brace
                continue
            }
            let start = utf8.index(after: brace)
            guard let close = utf8[start...].firstIndex(of: UInt8(ascii: "}")) else { break }
            names.append(String(template[start..<close].prefix { $0 != "|" && $0 != "." }))
            at = utf8.index(after: close)
        }
        return names
    }

    /// One `${…}` expression. (Scanned as UTF-8: Character-wise search would break graphemes
    /// on every call, and templates are rendered for every reply.)
    private static func expand(_ expression: Substring, _ data: [String: TemplateValue], _ format: ListFormat) -> String {
        let utf8 = expression.utf8
        let bar = UInt8(ascii: "|")
        if let first = utf8.firstIndex(of: bar) {
            let name = String(expression[..<first])
            let rest = expression[utf8.index(after: first)...]
            guard let second = rest.utf8.firstIndex(of: bar) else {
                // `${options|or}`: a list joined with another word.
                guard case .list(let items)? = data[name] else { return "" }
                var other = format
                other.conjunction = String(rest)
                return other.join(items)
            }
            // `${name|one|other}` (as many forms as the language's rule has): the word for the count.
            let forms = rest.split(separator: "|", omittingEmptySubsequences: false)
            let number = count(data[name])
            guard let form = format.plural.pick(forms, for: number) else { return "" }
            return form.utf8.contains(UInt8(ascii: "#")) ? form.replacingOccurrences(of: "#", with: String(number)) : String(form)
        }
        let countSuffix = ".count".utf8
        if utf8.count > countSuffix.count, utf8.suffix(countSuffix.count).elementsEqual(countSuffix) {
            return String(count(data[String(expression[..<utf8.index(utf8.endIndex, offsetBy: -countSuffix.count)])]))
        }
        switch data[String(expression)] {
        case .text(let text)?: return text
        case .list(let items)?: return format.join(items)
        case .number(let n)?: return String(n)
        case nil: return ""
        }
    }

    /// The values a template names, in order: `${added}`, `${count|item|items}` and
    /// `${list.count}` name added, count and list. (For checking definitions; not on the
    /// rendering path.)
    package static func names(_ template: String) -> [String] {
        var names: [String] = []
        var rest = template[...]
        while let open = rest.range(of: "${"), let close = rest[open.upperBound...].firstIndex(of: "}") {
            var name = rest[open.upperBound..<close]
            if let bar = name.firstIndex(of: "|") { name = name[..<bar] }
            if name.hasSuffix(".count") { name = name.dropLast(".count".count) }
            if !names.contains(String(name)) { names.append(String(name)) }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    private static func count(_ value: TemplateValue?) -> Int {
        switch value {
        case .number(let n)?: return n
        case .list(let items)?: return items.count
        case .text?: return 1
        case nil: return 0
        }
    }
}
