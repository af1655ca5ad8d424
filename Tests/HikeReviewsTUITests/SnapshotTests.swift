import Testing
import ReviewModel
import Foundation
import TestSupport
import TranslationEngine
@testable import HikeReviewsTUI

/// Whole screens at 80x24, compared with the text files under Snapshots/.
@Suite(.tags(.fast)) struct SnapshotTests {}

extension SnapshotTests {
    @Test func routeList() {
        Snapshot.check(AppView.render(Fixtures.state()), named: "route-list")
    }

    @Test func routeListWhileDetecting() {
        var state = AppState(routes: Fixtures.catalog.routes, size: .init(width: 80, height: 24), targetLanguage: "en")
        _ = state.reduce(.languagesDetected([:], done: 0, total: 286))
        Snapshot.check(AppView.render(state), named: "route-list-detecting")
    }

    @Test func routeDetailWithAJapaneseReview() throws {
        var state = Fixtures.state()
        let route = Fixtures.routeIndex("tre-cime")
        state.routeList.selected = state.routeList.visible.firstIndex(of: route)!
        Fixtures.press([.enter], on: &state)
        // Select the first Japanese review; the view scrolls it into sight.
        let japanese = try #require(state.routes[route].reviews.firstIndex { Fixtures.languages[$0.id] == "ja" })
        while let detail = state.detail, detail.visible[detail.selected] != japanese {
            Fixtures.press([.char("j")], on: &state)
        }
        let screen = AppView.render(state)
        #expect(screen.lines().contains { $0.contains("[ja]") })
        Snapshot.check(screen, named: "route-detail-japanese")
    }

    @Test func languagePicker() {
        var state = Fixtures.state()
        Fixtures.press([.enter, .char("l")], on: &state)
        Snapshot.check(AppView.render(state), named: "language-picker")
        Fixtures.type("an", on: &state)
        Snapshot.check(AppView.render(state), named: "language-picker-narrowed")
    }

    @Test func help() {
        var state = Fixtures.state()
        Fixtures.press([.enter, .char("?")], on: &state)
        Snapshot.check(AppView.render(state), named: "help-route-detail")
    }

    @Test func tooSmall() {
        var state = Fixtures.state()
        _ = state.reduce(.resized(width: 19, height: 6))
        Snapshot.check(AppView.render(state), named: "too-small")
    }

    @Test func everySizeFromTheMinimumUpDrawsWithoutOverflow() {
        var state = Fixtures.state()
        Fixtures.press([.enter, .char("l")], on: &state)
        for width in stride(from: 1, through: 120, by: 7) {
            for height in stride(from: 1, through: 40, by: 3) {
                _ = state.reduce(.resized(width: width, height: height))
                let screen = AppView.render(state)
                #expect(screen.lines().count == height)
                #expect(screen.lines().allSatisfy { TerminalText.width($0) <= width })
            }
        }
    }

    @Test func hostileReviewTextNeverReachesTheScreenRaw() {
        let hostile = Review(id: "evil", author: "\u{1B}]0;pwned\u{07}Mallory", date: "2025-01-01", rating: 1,
                             text: "\u{1B}[2J\u{1B}[31mred\u{9B}31m \u{202E}desrever\u{202C} \u{1B}P+q\u{1B}\\ bell\u{07} nul\u{0} שלום مرحبا 日本語")
        let route = Route(id: "r", name: "Evil\u{1B}[5m route", country: "X", region: "Y", lengthKm: 1, ascentM: 1, durationHours: 1,
                          difficulty: "easy", description: "desc\u{85}ription", reviews: [hostile])
        var state = AppState(routes: [route], size: .init(width: 80, height: 24))
        _ = state.reduce(.languagesDetected(["evil": "und"], done: 1, total: 1))
        for screen in [AppView.render(state), { Fixtures.press([.enter], on: &state); return AppView.render(state) }()] {
            for y in 0..<screen.height {
                for x in 0..<screen.width {
                    for scalar in screen[x, y].grapheme.unicodeScalars {
                        let v = scalar.value
                        #expect(!(v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)), "control U+\(String(v, radix: 16)) reached a cell")
                    }
                }
            }
        }
        let text = AppView.render(state).lines().joined(separator: "\n")
        #expect(text.contains("שלום"))
        #expect(text.contains("مرحبا"))
        #expect(text.contains("日本語"))
        #expect(text.contains("␛[31mred"), "escapes show as visible placeholders")
    }
}

extension SnapshotTests {
    @Test func consentDialog() {
        var state = TranslateFlowTests.spanishCares()
        Fixtures.press([.char("T")], on: &state)
        _ = state.reduce(.consentRequested(id: 1, request: ConsentRequest(reason: "Spanish -> English", packs: [TranslateFlowTests.englishSpanish],
                                                                           repository: URL(string: "file:///srv/packs/index.json"))))
        Snapshot.check(AppView.render(state), named: "consent-dialog")
    }

    @Test func progressDialog() {
        var state = TranslateFlowTests.spanishCares()
        Fixtures.press([.char("T")], on: &state)
        _ = state.reduce(.consentRequested(id: 1, request: ConsentRequest(reason: "Spanish -> English", packs: [TranslateFlowTests.englishSpanish], repository: nil)))
        Fixtures.press([.enter], on: &state)
        _ = state.reduce(.downloadProgressed(packID: "eng-spa", bytes: 100_000, total: 2_684_782, time: 10))
        _ = state.reduce(.downloadProgressed(packID: "eng-spa", bytes: 1_342_391, total: 2_684_782, time: 11))
        Snapshot.check(AppView.render(state), named: "progress-dialog")
    }

    @Test func overlayOnACJKReview() throws {
        var state = Fixtures.state()
        state.routeList.selected = state.routeList.visible.firstIndex(of: Fixtures.routeIndex("tre-cime"))!
        Fixtures.press([.enter, .char("l")], on: &state)
        Fixtures.type("Japanese", on: &state)
        Fixtures.press([.enter], on: &state)
        #expect(state.detail?.query.language == "ja")
        _ = Fixtures.press([.char("t")], on: &state)
        guard case .overlay(let overlay) = state.dialogs.modals.last else { Issue.record("no overlay"); return }
        _ = state.reduce(.overlayTranslated(task: overlay.taskID, status: .noRoute(source: "ja")))
        Snapshot.check(AppView.render(state), named: "overlay-japanese")
    }

    @Test func inlineTranslationsWithUnknownWords() throws {
        var state = TranslateFlowTests.spanishCares()
        let effects = Fixtures.press([.char("T")], on: &state)
        let task = try #require(TranslateFlowTests.jobs(in: effects))
        _ = state.reduce(.translationArrived(task: task.id, reviewID: task.jobs[0].reviewID,
                                             text: "Pretty, yes, but nobody warns you of the logistics. We went from Poncebos to Caín.",
                                             route: ["es", "en"], unknownWords: ["Poncebos", "Caín"]))
        let buffer = AppView.render(state)
        Snapshot.check(buffer, named: "inline-unknown-words")
        // The unknown words are drawn underlined, the rest is not.
        let cells = (0..<buffer.height).flatMap { y in (0..<buffer.width).map { buffer[$0, y] } }
        let underlined = cells.filter { $0.style.underline }.map(\.grapheme).joined()
        #expect(underlined == "PoncebosCaín", "\(underlined)")
    }
}

extension SnapshotTests {
    /// Families, professions, flags, skin tones and VS16 emoji in reviews: placeholders of the
    /// same width where curses cannot hold one whole, so the stars and columns of the other
    /// rows stay where they are.
    @Test func routeDetailWithLongEmoji() throws {
        let file = Scratch.root.appendingPathComponent("emoji-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try EmojiRoute.write(to: file)
        Snapshot.check(try EmojiRoute.headlessDetail(at: file, width: 80, height: 24), named: "route-detail-long-emoji")
    }
}
