import TerminalKit

/// A colour as a terminal with `colorCount` colours can show it: an ncurses colour number
/// (-1: the terminal's default) and whether bold has to stand in for a bright ANSI colour.
struct TerminalColor: Hashable, Sendable {
    var number: Int16
    var needsBold: Bool
}

/// Maps TerminalKit colours to what the terminal has. Pure, for tests.
enum ColorMapping {
    /// - 256 colours or more: every colour as it is.
    /// - 16 to 255: ANSI colours as they are; palette colours from 16 up become the nearest ANSI
    ///   colour (terminals with 88 colours lay out that range differently).
    /// - 8 to 15: ANSI 8–15 become 0–7 (bold stands in for bright on a foreground).
    /// - fewer than 8 (monochrome): the default.
    static func terminalColor(_ color: Color, colorCount: Int) -> TerminalColor {
        let ansi: Int
        switch color {
        case .terminalDefault:
            return TerminalColor(number: -1, needsBold: false)
        case .ansi(let index) where index < 16:
            ansi = Int(index)
        case .ansi(let index), .palette(let index):
            if colorCount >= 256 { return TerminalColor(number: Int16(index), needsBold: false) }
            ansi = index < 16 ? Int(index) : nearestANSI(toPalette: Int(index))
        }
        if colorCount >= 16 { return TerminalColor(number: Int16(ansi), needsBold: false) }
        if colorCount >= 8 { return TerminalColor(number: Int16(ansi % 8), needsBold: ansi >= 8) }
        return TerminalColor(number: -1, needsBold: false)
    }

    /// The ANSI colour (0–15) nearest to a 256-palette colour, by distance in RGB.
    static func nearestANSI(toPalette index: Int) -> Int {
        guard index >= 16 else { return max(0, index) }
        let target = rgb(ofPalette: index)
        var best = 0
        var bestDistance = Int.max
        for candidate in 0..<16 {
            let color = rgb(ofPalette: candidate)
            let distance = square(color.red - target.red) + square(color.green - target.green) + square(color.blue - target.blue)
            if distance < bestDistance {
                best = candidate
                bestDistance = distance
            }
        }
        return best
    }

    /// The usual (xterm) RGB of a palette colour (the one table, `Contrast.palette`).
    static func rgb(ofPalette index: Int) -> (red: Int, green: Int, blue: Int) {
        Contrast.palette(index)
    }

    private static func square(_ value: Int) -> Int { value * value }
}

/// Colour pairs, numbered on first use. When the terminal runs out of pairs (or refuses
/// one), the colours fall back to pair 0, the default colours: text stays readable.
struct ColorPairTable {
    private struct Colors: Hashable {
        var foreground: Int16
        var background: Int16
    }

    /// How many pairs the terminal has (pair 0 included).
    let pairCount: Int
    /// Sets up pair `number`; false when the terminal refuses.
    private let initialisePair: (_ number: Int16, _ foreground: Int16, _ background: Int16) -> Bool
    private var numbers: [Colors: Int16] = [:]
    private var nextNumber = 1

    init(pairCount: Int, initialisePair: @escaping (_ number: Int16, _ foreground: Int16, _ background: Int16) -> Bool) {
        // init_pair takes a short.
        self.pairCount = min(max(0, pairCount), Int(Int16.max))
        self.initialisePair = initialisePair
    }

    /// The pair for these colours (-1: the terminal's default; pair 0 is default on default).
    mutating func pair(foreground: Int16, background: Int16) -> Int16 {
        if foreground == -1, background == -1 { return 0 }
        let colors = Colors(foreground: foreground, background: background)
        if let number = numbers[colors] { return number }
        var number: Int16 = 0
        if nextNumber < pairCount, initialisePair(Int16(nextNumber), foreground, background) {
            number = Int16(nextNumber)
            nextNumber += 1
        }
        numbers[colors] = number
        return number
    }
}
