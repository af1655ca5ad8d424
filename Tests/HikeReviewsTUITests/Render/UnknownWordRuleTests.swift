import TestSupport
import Testing
@testable import TranslationEngine
@testable import HikeReviewsTUI

/// The engine's marks and the screen's underlining split words by one rule.
@Suite(.tags(.fast)) struct UnknownWordRuleTests {}

extension UnknownWordRuleTests {
    /// Every word the engine reports unknown is underlined whole, joiners and combining marks
    /// included ("l’eau" was reported and never underlined when the two rules differed).
    @Test(arguments: ["*l’eau", "*mid·dle", "*snake_case", "*rock-hop", "*o'clock", "*cafe\u{0301}s", "#Wegweiser2"])
    func everyReportedWordIsUnderlined(marked: String) {
        let translation = UnknownWords.extract(from: "Sous \(marked), encore.", marked: true)
        #expect(translation.unknownWords.count == 1)
        let segments = RouteDetailText.markUnknown(translation.text, unknown: Set(translation.unknownWords))
        let underlined = segments.filter { $0.style == .unknownWord }.map(\.text)
        #expect(underlined == translation.unknownWords)
        #expect(segments.map(\.text).joined() == translation.text)
    }

    @Test func punctuationEndsAWordOnBothSides() {
        let translation = UnknownWords.extract(from: "(*Qzx), «*Wlk»!", marked: true)
        #expect(translation.unknownWords == ["Qzx", "Wlk"])
        let segments = RouteDetailText.markUnknown(translation.text, unknown: Set(translation.unknownWords))
        #expect(segments.filter { $0.style == .unknownWord }.map(\.text) == ["Qzx", "Wlk"])
    }
}
