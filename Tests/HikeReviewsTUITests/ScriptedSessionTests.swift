import Foundation
import TestSupport
import Testing
import TranslationEngine
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
        // Browsing translates nothing; opening and filtering only look in the translation memory.
        #expect(effects.allSatisfy { if case .recall = $0 { return true } else { return false } })
        #expect(effects.count == 2, "one look on opening the route, one when the filter showed other reviews")
        #expect(state.detail?.query.language == "sl")
        Snapshot.check(AppView.render(state), named: "session-triglav-slovenian")
    }

    @Test func helpThenBackThenAnotherRoute() {
        var state = Fixtures.state()
        Fixtures.press(Self.keys("G <enter> ? <esc> <pgdn> <esc> k k <enter> l <esc> / knee <enter>"), on: &state)
        #expect(state.dialogs.modals.isEmpty)
        #expect(state.detail?.query.searchText == "knee")
        Snapshot.check(AppView.render(state), named: "session-search-knee")
    }
}

extension ScriptedSessionTests {
    /// Keys through the reducer, effects through the real runner: the real engine, a local
    /// pack repository (make test's), an empty store. Ends in a snapshot of the route with its
    /// Spanish reviews translated inline.
    @Test(.needs(TestRepository.available, "needs make test's pack repository"), .timeLimit(.minutes(10)))
    func translateWithTheRealEngine() async throws {
        let store = Scratch.root.appendingPathComponent("scripted-store-\(UUID().uuidString)").path
        let manager = PackManager(store: PackStore(root: store), repositoryURL: URL(fileURLWithPath: TestRepository.path + "/index.json"), offline: true)
        let queue = ActionQueue()
        let runner = EffectRunner(queue: queue, detector: RecognizerDetector(), engine: .testRunner, manager: manager)
        var state = Fixtures.state()
        func press(_ script: String) async {
            for key in Self.keys(script) { await runner.run(state.reduce(.keyPressed(key))) }
        }
        /// Feeds the runner's actions back until `done` holds. The deadline only keeps a hang
        /// from running for ever: alone this takes under a second, inside `make test` on two
        /// busy cores it has taken up to four and a half minutes.
        func settle(until done: (AppState) -> Bool) async throws {
            let deadline = ContinuousClock.now + .seconds(480)
            while !done(state) {
                try #require(ContinuousClock.now < deadline, "timed out")
                for action in queue.drain() { await runner.run(state.reduce(action)) }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        await press("<enter> l Spanish <enter> T")
        try await settle { $0.dialogs.modals.last.map { if case .consent = $0 { return true } else { return false } } ?? false }
        await press("<enter>")
        try await settle { state in
            !state.translation.shown.isEmpty && state.translation.shown.values.allSatisfy { if case .done = $0.status { return true } else { return false } }
                && state.dialogs.download == nil && state.dialogs.modals.isEmpty
        }
        #expect(manager.installedPacks().map(\.id) == ["eng-spa"])
        Snapshot.check(AppView.render(state), named: "session-cares-spanish-translated")
        // Every task that ended removed itself: what is left is the download-event forwarder.
        var left = await runner.runningKeys
        let deadline = ContinuousClock.now + .seconds(60)
        while left != [.downloadEvents] && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            left = await runner.runningKeys
        }
        #expect(left == [.downloadEvents])
        #expect(await runner.sessionHolders == 0, "the sessions of ended tasks are let go")
        await runner.cancelAll()
        left = await runner.runningKeys
        #expect(left.isEmpty)
    }
}
