import Testing
@testable import HikeReviewsTUI

/// Keys in, final screen out: whole sessions replayed headless, as tig does.
@Suite struct ScriptedSessionTests {
    /// Parses a key script: words separated by spaces; named keys in angle brackets, text as is.
    static func keys(_ script: String) -> [Key] {
        script.split(separator: " ").flatMap { word -> [Key] in
            switch word {
            case "<enter>": return [.enter]
            case "<esc>": return [.escape]
            case "<down>": return [.down]
            case "<up>": return [.up]
            case "<pgdn>": return [.pageDown]
            case "<pgup>": return [.pageUp]
            case "<bs>": return [.backspace]
            case "<space>": return [.char(" ")]
            default: return word.map { .char($0) }
            }
        }
    }
}

extension ScriptedSessionTests {
    @Test func searchOpenFilterAndScroll() {
        var state = Fixtures.state()
        // Find the Slovenian route, open it, keep the Slovenian reviews, walk through them.
        let effects = Fixtures.press(Self.keys("/ triglav <enter> <enter> l sloven <enter> j j k"), on: &state)
        #expect(effects.isEmpty)
        #expect(state.detail?.query.language == "sl")
        Snapshot.check(AppView.render(state), named: "session-triglav-slovenian")
    }

    @Test func helpThenBackThenAnotherRoute() {
        var state = Fixtures.state()
        Fixtures.press(Self.keys("G <enter> ? <esc> <pgdn> <esc> k k <enter> l <esc> / knee <enter>"), on: &state)
        #expect(state.modals.isEmpty)
        #expect(state.detail?.query.searchText == "knee")
        Snapshot.check(AppView.render(state), named: "session-search-knee")
    }
}
