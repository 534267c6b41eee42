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
///   a `#` in a form is the count, as in ICU's plural messages (`${n|its only item is|all # are}`);
///   a form written `=N …` is for exactly N and comes first (`${n|=1 единственный пункт|все #|все #|все #}`:
///   Russian's "one" is 21 and 31 too), the others are the rule's forms in order
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
                  let close = closingBrace(of: utf8, after: next)
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
            guard utf8[start...].contains(UInt8(ascii: "}")) else { break }
            names.append(String(template[start...].prefix { $0 != "|" && $0 != "." && $0 != "}" }))
            // Read on from the name: a plural form may name values of its own ("${n|=1 …|${state}}").
            at = start
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
            var forms = rest.split(separator: "|", omittingEmptySubsequences: false)
            let number = count(data[name])
            if forms.contains(where: isExact) {
                // `=1 …`: the form for exactly that count, before the rule's ("one" is 21 too in Russian).
                if let exact = forms.lazy.compactMap({ exactForm($0, for: number) }).first { return filled(exact, number, data, format) }
                forms.removeAll(where: isExact)
            }
            guard let form = format.plural.pick(forms, for: number) else { return "" }
            return filled(form, number, data, format)
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

    /// A form with `#` for the count, and the values it names itself (`${state}`: a form may
    /// name values, without forms of their own).
    private static func filled(_ form: Substring, _ number: Int, _ data: [String: TemplateValue], _ format: ListFormat) -> String {
        let text = form.utf8.contains(UInt8(ascii: "#")) ? form.replacingOccurrences(of: "#", with: String(number)) : String(form)
        return text.contains("${") ? render(text, data, format: format) : text
    }

    /// The "}" that closes the "${" whose "{" is at `open`, past any `${name}` inside it.
    private static func closingBrace(of utf8: String.UTF8View, after open: String.UTF8View.Index) -> String.UTF8View.Index? {
        var depth = 0
        var index = utf8.index(after: open)
        while index < utf8.endIndex {
            switch utf8[index] {
            case UInt8(ascii: "{") where utf8[utf8.index(before: index)] == UInt8(ascii: "$"): depth += 1
            case UInt8(ascii: "}"):
                if depth == 0 { return index }
                depth -= 1
            default: break
            }
            index = utf8.index(after: index)
        }
        return nil
    }

    /// Whether a form is for one count only: "=" and a number.
    private static func isExact(_ form: Substring) -> Bool {
        form.hasPrefix("=") && form.dropFirst().first.map { $0.isASCII && $0.isNumber } == true
    }

    /// The text of an exact form ("=1 its only item") when it is the one for `number`.
    private static func exactForm(_ form: Substring, for number: Int) -> Substring? {
        guard isExact(form) else { return nil }
        let digits = form.dropFirst().prefix { $0.isASCII && $0.isNumber }
        guard let wanted = Int(digits), wanted == number else { return nil }
        let text = form.dropFirst(1 + digits.count)
        return text.first == " " ? text.dropFirst() : text
    }

    /// The values a template names, in order: `${added}`, `${count|item|items}` and
    /// `${list.count}` name added, count and list. (For checking definitions; not on the
    /// rendering path.)
    package static func names(_ template: String) -> [String] {
        var names: [String] = []
        var rest = template[...]
        while let open = rest.range(of: "${"), rest[open.upperBound...].contains("}") {
            // Up to the first "|" or "}", and on from there: a plural form may name values of its own.
            var name = rest[open.upperBound...].prefix { $0 != "|" && $0 != "}" }
            if name.hasSuffix(".count") { name = name.dropLast(".count".count) }
            if !names.contains(String(name)) { names.append(String(name)) }
            rest = rest[open.upperBound...]
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
