import Testing
import Foundation
import TestSupport
import TranslationEngine
@testable import HikeReviewsTUI

/// Snapshots compare styles too: a screen whose text is the same but whose highlight or
/// dialog title lost its style does not match.
extension SnapshotTests {
    /// Redraws the cells of row `y` from `x` on whose text is `text` in `style`.
    static func restyled(_ buffer: ScreenBuffer, row y: Int, text: String, style: Style) throws -> ScreenBuffer {
        let line = buffer.lines()[y]
        let start = try #require(line.range(of: text)).lowerBound
        let x = TerminalText.width(String(line[..<start]))
        var copy = buffer
        _ = copy.put(text, x: x, y: y, style: style)
        return copy
    }

    @Test func theSelectedRowsHighlightIsPartOfTheSnapshot() throws {
        let buffer = AppView.render(Fixtures.state())
        #expect(Snapshot.matches(buffer, named: "route-list") == true)
        // Row 2 is the first route, selected: drawn plain it reads the same but is another screen.
        #expect(buffer[1, 2].style == .selected)
        let plain = try Self.restyled(buffer, row: 2, text: "Ruta del Cares", style: .plain)
        #expect(Snapshot.text(of: plain) == Snapshot.text(of: buffer))
        #expect(Snapshot.matches(plain, named: "route-list") == false)
    }

    @Test func aDialogsTitleStyleIsPartOfTheSnapshot() throws {
        var state = TranslateFlowTests.spanishCares()
        Fixtures.press([.char("T")], on: &state)
        _ = state.reduce(.consentRequested(id: 1, request: ConsentRequest(reason: "Spanish -> English", packs: [TranslateFlowTests.englishSpanish],
                                                                           repository: URL(string: "file:///srv/packs/index.json"))))
        let buffer = AppView.render(state)
        #expect(Snapshot.matches(buffer, named: "consent-dialog") == true)
        let row = try #require(buffer.lines().firstIndex { $0.contains("Spanish -> English needs:") })
        let plain = try Self.restyled(buffer, row: row, text: "Spanish -> English needs:", style: .dialog)
        #expect(Snapshot.text(of: plain) == Snapshot.text(of: buffer))
        #expect(Snapshot.matches(plain, named: "consent-dialog") == false)
    }

    @Test func theLegendNamesThePresetsALetterStandsFor() {
        let styles = Snapshot.styles(of: AppView.render(Fixtures.state()))
        #expect(styles.contains("r = reverse (selected, statusBar)"))
        #expect(styles.contains("H = bold underline (columnHeader)"))
    }
}
