import Foundation
import TestSupport
import Testing
import TranslationEngine
@testable import HikeReviewsTUI

/// The language and target pickers: one readable, distinct row per language, codes never cut.
@Suite(.tags(.fast)) struct LanguagePickerTests {
    /// Every tag of the default repository's directions (the built index when there is one).
    static let tags = DefaultRepositoryTags.all(checkout: Paths.packageRoot)

    /// A target picker over `tags`, with the notes the app shows beside targets.
    static func targetPicker() -> LanguagePickerState {
        let notes = ["download", "installed", "-"]
        let choices = tags.enumerated().map { index, tag in
            LanguageChoice(tag: tag, name: LanguageNames.name(of: tag), count: 0, note: notes[index % notes.count])
        }
        return LanguagePickerState(choices: choices, purpose: .target, title: "Translate into")
    }

    /// The filter picker of a route with reviews in every one of `tags`.
    static func filterPicker() -> LanguagePickerState {
        let choices = [LanguageChoice(tag: nil, name: "All", count: tags.count * 3)]
            + tags.map { LanguageChoice(tag: $0, name: LanguageNames.name(of: $0), count: 3) }
        return LanguagePickerState(choices: choices)
    }

    /// The list rows of `picker` drawn in a screen of `width` columns, scrolled through from
    /// the first row to the last so every row is seen once: row text by choice.
    static func rows(of picker: LanguagePickerState, width: Int, height: Int = 24) -> [String] {
        var picker = picker
        var rows: [String] = []
        for selected in picker.matches.indices {
            picker.selected = selected
            var buffer = ScreenBuffer(width: width, height: height)
            LanguagePickerView.draw(picker, in: buffer.bounds, into: &buffer)
            // The selected row is the one drawn in the selection style.
            let row = (0..<height).first { y in (0..<width).contains { buffer[$0, y].style == .selected } }
            guard let row else { continue }
            rows.append(buffer.lines()[row].trimmingCharacters(in: CharacterSet(charactersIn: "│ ")))
        }
        return rows
    }
}

extension LanguagePickerTests {
    @Test(arguments: [80, 60, 44])
    func everyTargetRowIsDistinctAndShowsItsWholeCode(width: Int) {
        let picker = Self.targetPicker()
        let rows = Self.rows(of: picker, width: width)
        #expect(rows.count == picker.matches.count)
        #expect(Set(rows).count == rows.count, "\(rows)")
        for (row, choice) in zip(rows, picker.matches) {
            #expect(row.contains(" \(choice.tag!) "), "the whole code in: \(row)")
        }
    }

    @Test(arguments: [80, 44])
    func everyFilterRowIsDistinct(width: Int) {
        let rows = Self.rows(of: Self.filterPicker(), width: width)
        #expect(rows.count == Self.tags.count + 1)
        #expect(Set(rows).count == rows.count, "\(rows)")
    }

    @Test func variantsReadAsNamesAt80Columns() {
        let rows = Self.rows(of: Self.targetPicker(), width: 80)
        for expected in ["Catalan (Valencian)", "Catalan (before the 2017 spelling reform)", "Norwegian Nynorsk (e-infinitive)",
                         "English (United States)", "Portuguese (Brazil)", "Occitan (Aranese)"] {
            #expect(rows.contains { $0.hasPrefix(expected + " ") }, "\(expected)")
        }
        #expect(!rows.contains { $0.contains("ca-va…") || $0.contains("ca-x-…") })
    }

    @Test func aNarrowScreenShortensTheNameNotTheCode() {
        // 44 columns cannot hold "Catalan (Valencian, university standard, 2017 spelling reform)"
        // beside its code: the name is cut, the code stays whole.
        let rows = Self.rows(of: Self.targetPicker(), width: 44)
        let row = rows.first { $0.contains(" ca-valencia-x-uni-iec2017 ") }
        #expect(row?.hasPrefix("Cat") == true, "\(row ?? "")")
        #expect(row?.contains("…") == true, "\(row ?? "")")
    }

    @Test func theTargetPickerAt80Columns() {
        var picker = Self.targetPicker()
        picker.selected = picker.choices.firstIndex { $0.tag == "ca-valencia-x-uni" } ?? 0
        var buffer = ScreenBuffer(width: 80, height: 24)
        LanguagePickerView.draw(picker, in: buffer.bounds, into: &buffer)
        Snapshot.check(buffer, named: "target-picker-variants")
    }
}
