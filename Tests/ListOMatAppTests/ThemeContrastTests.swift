import Foundation
import TerminalKit
import Testing
@testable import ListOMatApp

/// Every shipped theme is readable: each text style the screen draws has a WCAG 2 contrast of
/// at least 4.5:1 (lines, the borders, 3:1), over xterm's palette.
@Suite struct ThemeContrastTests {
    @Test func everyShippedThemeMeetsWCAGForEveryStyleItDraws() throws {
        let library = ThemeLibrary()
        let names = library.availableThemes()
        #expect(names.count >= 5)
        var failures: [String] = []
        for name in names {
            let theme = try library.load(name)
            for drawn in View.drawnStyles(theme) {
                let ratio = Contrast.ratio(of: drawn.style)
                let minimum = drawn.isText ? Contrast.textMinimum : Contrast.graphicsMinimum
                if ratio < minimum {
                    failures.append("\(name): \(drawn.name) \(String(format: "%.2f", ratio)):1 (needs \(minimum))")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func contrastMatchesWCAG() {
        #expect(abs(Contrast.ratio((0, 0, 0), (255, 255, 255)) - 21) < 0.01)
        #expect(Contrast.ratio((255, 255, 255), (255, 255, 255)) == 1)
        // The "2 of 5" count on the selected row as it once was: bright-black on cyan, 2.0:1.
        let count = Contrast.ratio(Contrast.palette(8), Contrast.palette(6))
        #expect(abs(count - 2.02) < 0.01)
    }
}
