import Foundation

/// Contrast between colours as WCAG 2 measures it (relative luminance, ratio 1–21), over the
/// usual xterm RGB of each colour. A theme's colours are terminal colours, so this assumes
/// xterm's palette for the 16 ANSI colours and, for the terminal's own default colours, a
/// dark terminal: light grey (ANSI 7) text on black.
package enum Contrast {
    /// WCAG 2's minimum for text (AA).
    package static let textMinimum = 4.5
    /// WCAG 2's minimum for lines and other graphics that are not text (1.4.11): borders.
    package static let graphicsMinimum = 3.0

    /// The usual RGB of a colour, 0–255 each; `foreground` says which default a
    /// `.terminalDefault` stands for.
    package static func rgb(_ color: Color, foreground: Bool) -> (red: Int, green: Int, blue: Int) {
        switch color {
        case .terminalDefault: return palette(foreground ? 7 : 0)
        case .ansi(let index): return palette(Int(index) % 16)
        case .palette(let index): return palette(Int(index))
        }
    }

    /// The xterm RGB of a 256-colour palette entry: 16 ANSI colours, a 6×6×6 cube, 24 greys.
    package static func palette(_ index: Int) -> (red: Int, green: Int, blue: Int) {
        switch index {
        case ..<16:
            let ansi: [(Int, Int, Int)] = [
                (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
                (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
            ]
            let color = ansi[max(0, index)]
            return (color.0, color.1, color.2)
        case 16..<232:
            let levels = [0, 95, 135, 175, 215, 255]
            let cube = index - 16
            return (levels[cube / 36], levels[(cube / 6) % 6], levels[cube % 6])
        default:
            let grey = 8 + 10 * (min(index, 255) - 232)
            return (grey, grey, grey)
        }
    }

    /// WCAG 2 relative luminance, 0 (black) to 1 (white).
    package static func luminance(_ rgb: (red: Int, green: Int, blue: Int)) -> Double {
        func channel(_ value: Int) -> Double {
            let c = Double(value) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(rgb.red) + 0.7152 * channel(rgb.green) + 0.0722 * channel(rgb.blue)
    }

    /// The contrast ratio of two colours, 1 (none) to 21 (black on white).
    package static func ratio(_ a: (red: Int, green: Int, blue: Int), _ b: (red: Int, green: Int, blue: Int)) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// The contrast of a style's text on its own background, as the terminal shows it
    /// (reverse video swaps the two).
    package static func ratio(of style: Style) -> Double {
        var foreground = rgb(style.foreground, foreground: true)
        var background = rgb(style.background, foreground: false)
        if style.attributes.contains(.reverse) { swap(&foreground, &background) }
        return ratio(foreground, background)
    }
}
