import Foundation
import ListStore
import TerminalKit
#if canImport(Glibc)
import Glibc
#endif

/// Everything the CLI prints goes through here.
enum Output {
    /// Prints a line to stdout, with anything that could drive the terminal made harmless.
    static func line(_ text: String) {
        print(safe(text))
    }

    /// One line on stderr: "listomat: <message>".
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("listomat: \(safe(message))\n".utf8))
    }

    /// A hint for a person at a terminal; scripts reading stdout never see it.
    static func hint(_ text: String) {
        if isTerminal(STDOUT_FILENO) { line(text) }
    }

    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Text from data replaces control characters (C0, DEL, C1) and bidirectional
    /// overrides with U+FFFD, so a name can never move the cursor or recolour the screen.
    static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isUnsafe(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(result)
    }

    /// The terminal's rule (TerminalKit's `Sanitizer`), except for our own newlines.
    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && Sanitizer.isUnsafe(scalar)
    }

    /// Prints a value as one line of JSON with sorted keys (the documented schemas).
    static func json<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }

    /// Writes bytes to stdout as they are (JSON already made safe by its escapes).
    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }

    /// Asks a yes/no question on the terminal; anything but y/yes is no.
    static func confirm(_ question: String) -> Bool {
        FileHandle.standardError.write(Data("\(safe(question)) [y/N] ".utf8))
        guard let answer = readLine(strippingNewline: true) else { return false }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// "Removed milk from Grocery Store." from an undo summary.
    static func sentence(_ summary: String) -> String {
        guard let first = summary.first else { return summary }
        return first.uppercased() + summary.dropFirst() + "."
    }
}
