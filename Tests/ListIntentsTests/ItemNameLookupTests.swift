import Foundation
import Testing

@testable import ListIntents

/// An item said in words is looked up as said, without its spaces and without its article.
@Suite("Item name look-up")
struct ItemNameLookupTests {
    @Test("spaces taken out as Foundation took them out, combining marks included")
    func withoutSpaces() {
        for text in [
            "", " ", "peanut butter", "a  b ", "crème brûlée", "ข้าว เหนียว", "молоко и хлеб", "牛 奶", "a \u{301}b", " \u{E31}x",
            "e\u{301} e", "\u{2003}x y", "tab\there",
        ] {
            // Byte for byte: the store is asked by these bytes.
            #expect(Array(ListsDomain.withoutSpaces(text).utf8) == Array(text.replacingOccurrences(of: " ", with: "").utf8), "\(text)")
        }
    }
}
