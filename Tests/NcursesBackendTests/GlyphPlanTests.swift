import Testing
@testable import NcursesBackend

@Suite struct GlyphPlanTests {
    /// wcwidth as glibc has it for the scalars these tests use.
    private static func width(_ scalar: UInt32) -> Int {
        switch scalar {
        case 0x200D, 0xFE0F, 0x0301, 0x0E49: return 0
        case 0x8CB7, 0x3044, 0x7269, 0x1F469, 0x1F4BB: return 2  // 買 い 物 👩 💻
        case 0x1FAE8: return -1  // newer than the C library's tables
        default: return 1
        }
    }

    private func plan(_ text: String, _ width: Int) -> GlyphPlan {
        GlyphPlan.make(text: text, cellWidth: width, scalarWidth: Self.width)
    }

    @Test func plainAndWideGlyphsAreDrawnAsThemselves() {
        #expect(plan("a", 1) == GlyphPlan(scalars: [0x61], columns: 1, blanksAfter: 0))
        #expect(plan("買", 2) == GlyphPlan(scalars: [0x8CB7], columns: 2, blanksAfter: 0))
    }

    @Test func aThaiSpacingMarkIsDrawnAfterItsBase() {
        // "ชำ" (SARA AM, one column of its own) and "น้ำ" (a tone mark, then SARA AM).
        var expected = GlyphPlan(scalars: [0x0E0A], columns: 1, blanksAfter: 0)
        expected.next = [0x0E33]
        expected.nextColumns = 1
        #expect(plan("ชำ", 2) == expected)
        expected.scalars = [0x0E19, 0x0E49]
        #expect(plan("น้ำ", 2) == expected)
        // A cell only one column wide keeps the base alone.
        #expect(plan("ชำ", 1) == GlyphPlan(scalars: [0x0E0A], columns: 1, blanksAfter: 0))
    }

    @Test func combiningMarksStayWithTheirBase() {
        #expect(plan("e\u{301}", 1) == GlyphPlan(scalars: [0x65, 0x301], columns: 1, blanksAfter: 0))
    }

    @Test func aZWJSequenceKeepsItsFirstEmoji() {
        #expect(plan("👩‍💻", 2) == GlyphPlan(scalars: [0x1F469], columns: 2, blanksAfter: 0))
    }

    @Test func anEmojiNarrowToTheCLibraryIsDrawnAsTextAndPadded() {
        #expect(plan("❤️", 2) == GlyphPlan(scalars: [0x2764], columns: 1, blanksAfter: 1))
    }

    @Test func unprintableOrTooWideBecomesAQuestionMark() {
        #expect(plan("\u{1FAE8}", 2) == GlyphPlan(scalars: [0x3F], columns: 1, blanksAfter: 1))
        #expect(plan("買", 1) == GlyphPlan(scalars: [0x3F], columns: 1, blanksAfter: 0))
    }

    @Test func emptyTextIsABlank() {
        #expect(plan("", 1) == GlyphPlan(scalars: [0x20], columns: 1, blanksAfter: 0))
        #expect(plan("", 0) == GlyphPlan(scalars: [0x20], columns: 1, blanksAfter: 0))
    }

    @Test func atMostFiveScalars() {
        let text = "a" + String(repeating: "\u{301}", count: 8)
        #expect(plan(text, 1).scalars.count == GlyphPlan.maximumScalars)
    }
}
