import Foundation
import Testing
@testable import HikeReviewsTUI

/// Whole-screen snapshots under Tests/HikeReviewsTUITests/Snapshots: the text, then the style
/// of every cell (a letter per column) with a legend of the letters used.
///
/// Set HIKE_REVIEWS_RECORD_SNAPSHOTS=1 to write them anew, then review the diff.
enum Snapshot {
    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["HIKE_REVIEWS_RECORD_SNAPSHOTS"] == "1"
    }

    /// The screen as text, with a frame so trailing spaces and the size are visible.
    static func text(of buffer: ScreenBuffer) -> String {
        let lines = buffer.lines()
        let border = "+" + String(repeating: "-", count: buffer.width) + "+"
        var out = [border]
        for line in lines {
            out.append("|" + TerminalText.pad(line, width: buffer.width) + "|")
        }
        out.append(border)
        return out.joined(separator: "\n") + "\n"
    }

    /// The presets by name, in the order the legend lists the names a letter stands for.
    static let presets: [(name: String, style: Style)] = [
        ("plain", .plain), ("dialog", .dialog), ("title", .title), ("bold", .bold), ("dialogTitle", .dialogTitle),
        ("selected", .selected), ("statusBar", .statusBar), ("dim", .dim), ("accent", .accent), ("marker", .marker),
        ("error", .error), ("tag", .tag), ("titleBar", .titleBar), ("button", .button), ("columnHeader", .columnHeader),
        ("unknownWord", .unknownWord),
    ]

    /// The letter of each preset's style (presets that are the same style share one).
    static let letters: [Style: Character] = [
        .plain: ".", .bold: "b", .selected: "r", .dim: "d", .accent: "c", .error: "e", .tag: "y",
        .titleBar: "R", .columnHeader: "H", .unknownWord: "u",
    ]

    /// Each row's styles, a letter per column (the second half of a wide glyph repeats its
    /// letter), framed like the text; then one legend line per letter used. A style no preset
    /// has gets a digit, in the order it first appears.
    static func styles(of buffer: ScreenBuffer) -> String {
        var extra: [Style: Character] = [:]
        var used: [Character: Style] = [:]
        func letter(_ style: Style) -> Character {
            if let known = letters[style] ?? extra[style] { return known }
            let digit = Character(String(extra.count % 10))
            extra[style] = digit
            return digit
        }
        let border = "+" + String(repeating: "-", count: buffer.width) + "+"
        var out = ["styles:", border]
        for y in 0..<buffer.height {
            var row = ""
            for x in 0..<buffer.width {
                let style = buffer[x, y].style
                let mark = letter(style)
                used[mark] = style
                row.append(mark)
            }
            out.append("|" + row + "|")
        }
        out.append(border)
        for (mark, style) in used.sorted(by: { String($0.key) < String($1.key) }) {
            let names = presets.filter { $0.style == style }.map(\.name)
            out.append("\(mark) = \(describe(style))" + (names.isEmpty ? "" : " (\(names.joined(separator: ", ")))"))
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// A style's attributes and colours in words ("bold reverse", "fg cyan").
    static func describe(_ style: Style) -> String {
        var words: [String] = []
        if style.bold { words.append("bold") }
        if style.dim { words.append("dim") }
        if style.underline { words.append("underline") }
        if style.reverse { words.append("reverse") }
        if let foreground = style.foreground { words.append("fg \(foreground)") }
        if let background = style.background { words.append("bg \(background)") }
        return words.isEmpty ? "plain" : words.joined(separator: " ")
    }

    /// What a snapshot file holds: the text, a blank line, the styles.
    static func record(of buffer: ScreenBuffer) -> String {
        text(of: buffer) + "\n" + styles(of: buffer)
    }

    /// Whether `buffer` is the screen of the snapshot `name`, text and styles alike; nil when
    /// there is no such snapshot.
    static func matches(_ buffer: ScreenBuffer, named name: String) -> Bool? {
        let file = Paths.snapshots.appendingPathComponent("\(name).txt")
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        return record(of: buffer) == expected
    }

    static func check(_ buffer: ScreenBuffer, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = Paths.snapshots.appendingPathComponent("\(name).txt")
        let actual = record(of: buffer)
        if isRecording {
            try? FileManager.default.createDirectory(at: Paths.snapshots, withIntermediateDirectories: true)
            try? actual.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("no snapshot \(name).txt; run with HIKE_REVIEWS_RECORD_SNAPSHOTS=1 and review it", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "screen differs from \(name).txt:\n\(actual)", sourceLocation: sourceLocation)
    }
}
