/// A buffer as text, for `listomat screen`, bug reports and snapshot tests: the text grid,
/// and a style layer that names each distinct style with a letter.
extension CellBuffer {
    /// The style layer: a legend line per style ("B  fg=black bg=cyan bold"), then one row of
    /// letters per screen row (a wide glyph's two cells share a letter).
    package func styleLayer() -> [String] {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var names: [Style: Character] = [:]
        var legend: [String] = []
        var rows: [String] = []
        for y in 0..<size.height {
            var row = ""
            for x in 0..<size.width {
                let style = self[x, y].style
                if names[style] == nil {
                    let letter = names.count < letters.count ? letters[names.count] : "?"
                    names[style] = letter
                    legend.append("\(letter)  \(style.description)")
                }
                row.append(names[style] ?? "?")
            }
            rows.append(row)
        }
        return legend + rows
    }
}

extension Color: CustomStringConvertible {
    static let ansiNames = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        "bright-black", "bright-red", "bright-green", "bright-yellow", "bright-blue", "bright-magenta",
        "bright-cyan", "bright-white",
    ]

    package var description: String {
        switch self {
        case .terminalDefault: "default"
        case .ansi(let n): Int(n) < Self.ansiNames.count ? Self.ansiNames[Int(n)] : "ansi\(n)"
        case .palette(let n): "\(n)"
        }
    }
}

extension Style: CustomStringConvertible {
    package var description: String {
        var parts = ["fg=\(foreground)", "bg=\(background)"]
        let names: [(Attributes, String)] = [(.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"), (.reverse, "reverse")]
        for (attribute, name) in names where attributes.contains(attribute) { parts.append(name) }
        return parts.joined(separator: " ")
    }
}

extension CellBuffer {
    /// `text` shortened to `width` columns by cutting out its middle ("Grocery St…) #2"), so
    /// both its start and its distinguishing end show (two copies of a list differ only at
    /// the end). Text that fits is returned as it is; at a width of 0 or less, "".
    package static func middleTruncated(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        guard Self.width(of: text) > width else { return text }
        guard width > 2 else { return String(repeating: "…", count: min(1, width)) }
        let characters = Array(text)
        let widths = characters.map { Self.width(of: String($0)) }
        // The end gets up to half of what is left after "…", the start the rest.
        let room = width - 1
        var tailWidth = 0
        var tailStart = characters.count
        while tailStart > 0, tailWidth + widths[tailStart - 1] <= room / 2 {
            tailStart -= 1
            tailWidth += widths[tailStart]
        }
        var headWidth = 0
        var headEnd = 0
        while headEnd < tailStart, headWidth + widths[headEnd] <= room - tailWidth {
            headWidth += widths[headEnd]
            headEnd += 1
        }
        return String(characters[..<headEnd]) + "…" + String(characters[tailStart...])
    }
}
