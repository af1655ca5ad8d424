import TestSupport
import Testing
@testable import HikeReviewsTUI

/// Keys typed faster than the app answers: a key that opens a modal opens it at once, so the
/// keys after it reach that modal instead of opening more (`LLLLL` once stacked five pickers,
/// one per answer of the effect runner, each needing its own Esc).
@Suite(.tags(.fast)) struct TypeAheadTests {
    static let targets = [LanguageChoice(tag: "en", name: "English", count: 0), LanguageChoice(tag: "fr", name: "French", count: 0),
                          LanguageChoice(tag: "de", name: "German", count: 0)]

    /// The pickers open, top last.
    static func pickers(_ state: AppState) -> [LanguagePickerState] {
        state.dialogs.modals.compactMap { if case .languagePicker(let picker) = $0 { return picker } else { return nil } }
    }
}

extension TypeAheadTests {
    @Test func fiveLsOpenOnePickerThatOneEscCloses() {
        var state = TranslateFlowTests.spanishCares()
        var effects: [Effect] = []
        for _ in 0..<5 { effects += Fixtures.press([.char("L")], on: &state) }
        #expect(effects == [.loadTargetChoices(purpose: .target, source: "es")], "the first L asks; the others are typed into its filter")
        // The runner answers each request it got.
        for _ in effects { _ = state.reduce(.targetChoicesLoaded(purpose: .target, choices: Self.targets)) }
        #expect(state.dialogs.modals.count == 1)
        #expect(Self.pickers(state).first?.filterText == "LLLL")
        Fixtures.press([.escape], on: &state)
        #expect(state.dialogs.modals.isEmpty)
        #expect(state.keyContext == .routeDetail)
    }

    @Test func whatIsTypedBeforeTheChoicesComeFiltersThem() {
        var state = TranslateFlowTests.spanishCares()
        Fixtures.press([.char("L")], on: &state)
        #expect(Snapshot.text(of: AppView.render(state)).contains("looking up languages"))
        Fixtures.type("Fren", on: &state)
        _ = state.reduce(.targetChoicesLoaded(purpose: .target, choices: Self.targets))
        let picker = Self.pickers(state).first
        #expect(picker?.matches.map(\.tag) == ["fr"] && picker?.selected == 0)
        Fixtures.press([.enter], on: &state)
        #expect(state.translation.target == "fr" && state.dialogs.modals.isEmpty)
    }

    @Test func choicesForAPickerClosedMeanwhileOpenNothing() {
        var state = TranslateFlowTests.spanishCares()
        Fixtures.press([.char("L"), .escape], on: &state)
        _ = state.reduce(.targetChoicesLoaded(purpose: .target, choices: Self.targets))
        #expect(state.dialogs.modals.isEmpty)
        #expect(state.translation.target == "en")
    }

    @Test func theOverlaysLTwiceOpensOnePickerOverIt() {
        var state = TranslateFlowTests.spanishCares()
        Fixtures.press([.char("t")], on: &state)
        let effects = Fixtures.press([.char("L"), .char("L")], on: &state)
        #expect(effects == [.loadTargetChoices(purpose: .overlayTarget, source: "es")])
        _ = state.reduce(.targetChoicesLoaded(purpose: .overlayTarget, choices: Self.targets))
        _ = state.reduce(.targetChoicesLoaded(purpose: .overlayTarget, choices: Self.targets))
        #expect(state.dialogs.modals.count == 2 && state.keyContext == .languagePicker)
        Fixtures.press([.escape], on: &state)
        #expect(state.keyContext == .overlay)
    }
}
