import Testing
@testable import TerminalKit

@Suite struct SanitizerTests {
    /// Every scalar of `text` that reaches the terminal (what the cells hold).
    private func drawnScalars(_ text: String, width: Int = 80) -> [UInt32] {
        var buffer = CellBuffer(size: Size(width: width, height: 1))
        buffer.write(text, x: 0, y: 0, style: .plain)
        return buffer.lines()[0].unicodeScalars.map(\.value)
    }

    @Test func escapeSequenceInANameIsShownNotObeyed() {
        #expect(Sanitizer.sanitized("\u{1B}[31mred") == "␛[31mred")
        #expect(!drawnScalars("\u{1B}[31mred").contains(0x1B))
    }

    @Test func osc52ClipboardSequenceIsShownNotObeyed() {
        let osc52 = "\u{1B}]52;c;SGVsbG8=\u{07}"
        #expect(Sanitizer.sanitized(osc52) == "␛]52;c;SGVsbG8=␇")
        let drawn = drawnScalars(osc52)
        #expect(!drawn.contains(0x1B))
        #expect(!drawn.contains(0x07))
        var buffer = CellBuffer(size: Size(width: 20, height: 1))
        #expect(buffer.write(osc52, x: 0, y: 0, style: .plain) == 16)
        #expect(buffer.lines() == ["␛]52;c;SGVsbG8=␇    "])
    }

    @Test func crLFIsOneGraphemeAndTwoPlaceholders() {
        let crlf: Character = "\r\n"
        #expect("\r\n".count == 1)
        #expect(Sanitizer.displayCharacters(crlf) == ["␍", "␊"])
        #expect(Sanitizer.sanitized("a\r\nb") == "a␍␊b")
        var buffer = CellBuffer(size: Size(width: 5, height: 1))
        #expect(buffer.write("a\r\nb", x: 0, y: 0, style: .plain) == 4)
        #expect(buffer.lines() == ["a␍␊b "])
        #expect(CellBuffer.width(of: "a\r\nb") == 4)
    }

    @Test func loneC1ControlIsAPlaceholder() {
        #expect(Sanitizer.isUnsafe("\u{9B}"))  // CSI
        #expect(Sanitizer.sanitized("a\u{9B}31mb") == "a\u{FFFD}31mb")
        #expect(Sanitizer.sanitized("\u{85}") == "\u{FFFD}")  // NEL
        #expect(!drawnScalars("a\u{9B}31mb").contains(0x9B))
    }

    @Test func everyC0C1AndDELIsUnsafeAndVisible() {
        for value in UInt32(0)...0x9F where value < 0x20 || value >= 0x7F {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(Sanitizer.isUnsafe(scalar))
            let placeholder = Sanitizer.placeholder(for: scalar)
            #expect(DisplayWidth.of(placeholder) == 1, "U+\(String(value, radix: 16))")
            #expect(!placeholder.unicodeScalars.contains(where: Sanitizer.isUnsafe))
        }
        #expect(Sanitizer.placeholder(for: "\u{1B}") == "␛")
        #expect(Sanitizer.placeholder(for: "\u{09}") == "␉")
        #expect(Sanitizer.placeholder(for: "\u{00}") == "␀")
        #expect(Sanitizer.placeholder(for: "\u{7F}") == "␡")
    }

    @Test func separatorsAndBidiOverridesAndIsolatesAreUnsafe() {
        let unsafe: [UInt32] = [0x2028, 0x2029, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
        for value in unsafe {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(Sanitizer.isUnsafe(scalar))
            #expect(Sanitizer.placeholder(for: scalar) == "\u{FFFD}")
        }
        // A right-to-left override that would show "txt.exe" as "exe.txt" is shown, not obeyed.
        let spoof = "invoice\u{202E}txt.exe"
        #expect(Sanitizer.sanitized(spoof) == "invoice\u{FFFD}txt.exe")
        #expect(drawnScalars(spoof).allSatisfy { !unsafe.contains($0) })
        #expect(drawnScalars("a\u{2028}b\u{2066}c\u{2069}") == Array("a\u{FFFD}b\u{FFFD}c\u{FFFD}".unicodeScalars.map(\.value)) + Array(repeating: 0x20, count: 74))
    }

    @Test func bidiMarksAreHarmlessAndTakeNoColumn() {
        // LRM, RLM and ALM override nothing: not placeholders, zero width, never drawn.
        for value: UInt32 in [0x200E, 0x200F, 0x061C] {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(!Sanitizer.isUnsafe(scalar))
            #expect(DisplayWidth.of(scalar) == 0)
            #expect(!drawnScalars("a\(Character(scalar))b").contains(value))
        }
        var buffer = CellBuffer(size: Size(width: 4, height: 1))
        #expect(buffer.write("a\u{200F}b", x: 0, y: 0, style: .plain) == 2)
        #expect(buffer.lines() == ["ab  "])
    }

    @Test func safeTextIsUntouched() {
        for text in ["Grocery Store", "買い物リスト", "👩‍💻 🇫🇷", "e\u{0301}", "สวัสดี", ""] {
            #expect(Sanitizer.sanitized(text) == text)
        }
        #expect(Sanitizer.displayCharacters("é") == ["é"])
    }

    @Test func noUnsafeScalarEverReachesACell() {
        // Every unsafe scalar, alone and between letters and marks.
        var text = ""
        for value in UInt32(0)...0x206F {
            guard let scalar = Unicode.Scalar(value), Sanitizer.isUnsafe(scalar) else { continue }
            text += "a\u{0301}"
            text.unicodeScalars.append(scalar)
            text.unicodeScalars.append("\u{0301}")
        }
        var buffer = CellBuffer(size: Size(width: 1000, height: 1))
        buffer.write(text, x: 0, y: 0, style: .plain)
        for cell in buffer.cells {
            #expect(!cell.text.unicodeScalars.contains(where: Sanitizer.isUnsafe), "\(cell.text.unicodeScalars.map(\.value))")
        }
    }
}
