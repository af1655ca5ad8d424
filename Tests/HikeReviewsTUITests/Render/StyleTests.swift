import TestSupport
import Testing
@testable import HikeReviewsTUI

@Suite(.tags(.fast)) struct StyleTests {}

extension StyleTests {
    @Test func colorRawValuesMatchCursesNumbers() {
        #expect(Style.Color.black.rawValue == 0)
        #expect(Style.Color.red.rawValue == 1)
        #expect(Style.Color.cyan.rawValue == 6)
        #expect(Style.Color.white.rawValue == 7)
        #expect(Style.Color.allCases.count == 8)
    }

    @Test func presetsHaveTheirAttributes() {
        #expect(Style.plain == Style())
        #expect(Style.title.bold)
        #expect(Style.selected.reverse)
        #expect(Style.dim.dim)
        #expect(Style.accent.foreground == .cyan)
        #expect(Style.error.foreground == .red)
        #expect(Style.plain.foreground == nil && Style.plain.background == nil)
    }

    @Test func presetsAreDistinct() {
        let presets: Set<Style> = [.plain, .title, .selected, .dim, .accent, .error]
        #expect(presets.count == 6)
    }
}
