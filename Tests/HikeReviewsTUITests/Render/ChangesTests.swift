import TestSupport
import Testing
@testable import HikeReviewsTUI

@Suite(.tags(.fast)) struct ChangesTests {}

extension ChangesTests {
    private typealias Change = ScreenBuffer.Change

    private func cells(_ text: String, style: Style = .plain) -> [Cell] {
        text.map { Cell(grapheme: String($0), width: 1, style: style) }
    }

    @Test func identicalBuffersHaveNoChanges() {
        var buffer = ScreenBuffer(width: 5, height: 2)
        buffer.put("abc", x: 0, y: 1, style: .plain)
        #expect(buffer.changes(from: buffer).isEmpty)
    }

    @Test func findsASingleChangedCell() {
        let old = ScreenBuffer(width: 5, height: 3)
        var new = old
        new.put("x", x: 2, y: 1, style: .plain)
        #expect(new.changes(from: old) == [Change(y: 1, x: 2, cells: cells("x"))])
    }

    @Test func findsSeparateRunsOnOneRow() {
        var old = ScreenBuffer(width: 6, height: 1)
        old.put("abcdef", x: 0, y: 0, style: .plain)
        var new = old
        new.put("X", x: 1, y: 0, style: .plain)
        new.put("YZ", x: 4, y: 0, style: .plain)
        #expect(new.changes(from: old) == [
            Change(y: 0, x: 1, cells: cells("X")),
            Change(y: 0, x: 4, cells: cells("YZ")),
        ])
    }

    @Test func styleOnlyChangesCount() {
        var old = ScreenBuffer(width: 4, height: 2)
        old.put("ab", x: 0, y: 0, style: .plain)
        var new = old
        new.put("ab", x: 0, y: 0, style: .selected)
        new.put("q", x: 3, y: 1, style: .plain)
        #expect(new.changes(from: old) == [
            Change(y: 0, x: 0, cells: cells("ab", style: .selected)),
            Change(y: 1, x: 3, cells: cells("q")),
        ])
    }

    @Test func wideGraphemeChangesBothCells() {
        var old = ScreenBuffer(width: 4, height: 1)
        old.put("abcd", x: 0, y: 0, style: .plain)
        var new = old
        new.put("日", x: 1, y: 0, style: .plain)
        #expect(new.changes(from: old) == [
            Change(y: 0, x: 1, cells: [Cell(grapheme: "日", width: 2, style: .plain), .continuation(.plain)]),
        ])
    }

    @Test func sizeChangeRedrawsEveryRow() {
        var new = ScreenBuffer(width: 3, height: 2)
        new.put("abc", x: 0, y: 0, style: .plain)
        let old = ScreenBuffer(width: 4, height: 2)
        #expect(new.changes(from: old) == [
            Change(y: 0, x: 0, cells: cells("abc")),
            Change(y: 1, x: 0, cells: cells("   ")),
        ])
    }

    /// Random edits: the runs must cover exactly the changed cells, be maximal, and carry the new cells.
    @Test func changesAreExactlyTheChangedRuns() {
        var generator = SplitMix64(seed: 0xC0FFEE)
        let texts = ["abc", "日本", "x", "👍🏽y", "  ", "語z", "e\u{301}"]
        let styles: [Style] = [.plain, .title, .selected, .accent]
        for _ in 0..<300 {
            let width = Int.random(in: 1...12, using: &generator)
            let height = Int.random(in: 1...4, using: &generator)
            var old = ScreenBuffer(width: width, height: height)
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                old.put(texts.randomElement(using: &generator) ?? "", x: Int.random(in: -2...width, using: &generator),
                        y: Int.random(in: 0..<height, using: &generator), style: styles.randomElement(using: &generator) ?? .plain)
            }
            var new = old
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                new.put(texts.randomElement(using: &generator) ?? "", x: Int.random(in: -2...width, using: &generator),
                        y: Int.random(in: 0..<height, using: &generator), style: styles.randomElement(using: &generator) ?? .plain)
            }

            var covered = Set<Int>()
            for change in new.changes(from: old) {
                #expect(!change.cells.isEmpty)
                for (offset, cell) in change.cells.enumerated() {
                    let x = change.x + offset
                    #expect(cell == new[x, change.y])
                    #expect(cell != old[x, change.y])
                    covered.insert(change.y * width + x)
                }
                if change.x > 0 {
                    #expect(new[change.x - 1, change.y] == old[change.x - 1, change.y])
                }
                let end = change.x + change.cells.count
                if end < width {
                    #expect(new[end, change.y] == old[end, change.y])
                }
            }
            for y in 0..<height {
                for x in 0..<width where new[x, y] != old[x, y] {
                    #expect(covered.contains(y * width + x))
                }
            }
        }
    }
}
