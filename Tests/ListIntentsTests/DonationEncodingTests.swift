import Foundation
import IntentKit
import Testing
@testable import ListIntents

/// A donation's parameters are stored as JSON written by hand; it must be exactly what
/// `JSONEncoder` writes with sorted keys, and read back to the same values.
@Suite struct DonationEncodingTests {
    @Test func parametersAreWrittenAsJSONEncoderWritesThem() throws {
        let tricky = ["milk", "say \"hi\"", #"back\slash"#, "a/b", "crème brûlée", "👩‍💻", "tab\tnew\nline\r\u{1}\u{1F}\u{8}\u{C}",
                      "\u{7F}\u{85}\u{2028}", ""]
        var parameters: [String: [ParameterValue]] = [:]
        for (n, text) in tricky.enumerated() {
            parameters["p\(n)"] = [.text(text), .entity(id: "id-\(n)", name: text), .enumeration("completed")]
        }
        parameters["taskTitles"] = []
        parameters["zeta\"key"] = [.text("x")]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let expected = String(decoding: try encoder.encode(parameters), as: UTF8.self)
        #expect(Shortcuts.encode(parameters) == expected)
        #expect(Shortcuts.decode(Shortcuts.encode(parameters)) == parameters)
        #expect(Shortcuts.encode([:]) == "{}")
    }
}
