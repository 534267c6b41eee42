/// A buffer as text, for `listomat screen`, bug reports and snapshot tests: the text grid,
/// and a style layer that names each distinct style with a letter.
extension CellBuffer {
    /// The style layer: a legend line per style ("B  fg=black bg=cyan bold"), then one row of
    /// letters per screen row (a wide glyph's two cells share a letter).
    public func styleLayer() -> [String] {
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

    public var description: String {
        switch self {
        case .terminalDefault: "default"
        case .ansi(let n): Int(n) < Self.ansiNames.count ? Self.ansiNames[Int(n)] : "ansi\(n)"
        case .palette(let n): "\(n)"
        }
    }
}

extension Style: CustomStringConvertible {
    public var description: String {
        var parts = ["fg=\(foreground)", "bg=\(background)"]
        let names: [(Attributes, String)] = [(.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"), (.reverse, "reverse")]
        for (attribute, name) in names where attributes.contains(attribute) { parts.append(name) }
        return parts.joined(separator: " ")
    }
}
