import TestSupport
import CNcurses
import Foundation
import Testing
@testable import HikeReviewsTUI

/// Graphemes as curses cells: never a part of one, a placeholder of the same width instead.
@Suite(.tags(.fast)) struct GlyphTests {
    /// Emoji that one curses cell cannot hold whole: families, professions, flags of both
    /// kinds, skin tones, and mixes of them.
    static let longEmoji = [
        "👨‍👩‍👧", "👨‍👩‍👧‍👦", "👩‍👩‍👦‍👦", "🧑‍🤝‍🧑",               // families, couples
        "👩‍⚕️", "👨‍🚒", "🧑‍🌾", "👷‍♀️", "🏃‍♂️", "🧗‍♀️",     // professions and activities
        "🏳️‍🌈", "🏳️‍⚧️", "🏴‍☠️", "❤️‍🔥",                     // ZWJ flags and symbols
        "🇪🇸", "🇳🇴", "🇬🇧", "🇺🇦",                              // regional-indicator flags
        "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🏴󠁧󠁢󠁷󠁬󠁳󠁿",                              // tag flags: England, Scotland, Wales
        "👍🏽", "👋🏿", "🙌🏻", "🧗🏾‍♀️", "👩🏼‍⚕️", "🧑🏽‍🤝‍🧑🏿",   // skin tones, alone and in sequences
    ]

    /// Whether a glyph is what curses keeps whole: at most five scalars, the first spacing,
    /// the rest zero-width, no joiner at the end.
    static func fitsOneCell(_ glyph: TerminalText.Glyph) -> Bool {
        let scalars = Array(glyph.text.unicodeScalars)
        guard let first = scalars.first else { return false }
        return scalars.count <= TerminalText.cellCapacity
            && TerminalText.scalarWidth(first) == glyph.width
            && scalars.dropFirst().allSatisfy { TerminalText.scalarWidth($0) == 0 }
            && scalars.last != TerminalText.joiner
    }

    /// The cells of `text` drawn on one row wide enough for it.
    static func cells(of text: String) -> [Cell] {
        var buffer = ScreenBuffer(width: TerminalText.width(text) + 2, height: 1)
        buffer.put(text, x: 0, y: 0, style: .plain)
        return (0..<buffer.width).map { buffer[$0, 0] }
    }
}

extension GlyphTests {
    @Test(arguments: longEmoji)
    func longEmojiBecomeAPlaceholderOfTheirWidth(emoji: String) {
        #expect(emoji.count == 1, "one grapheme")
        let character = emoji.first!
        #expect(TerminalText.width(of: character) == 2)
        #expect(TerminalText.glyphs(of: character) == TerminalText.placeholderGlyphs(width: 2))
        #expect(TerminalText.placeholderGlyphs(width: 2).map(\.text) == ["\u{FFFD}", " "])
    }

    @Test func aPlaceholderKeepsTheRestOfTheRowInItsPlace() {
        for emoji in Self.longEmoji {
            let cells = Self.cells(of: "★\(emoji)★★")
            #expect(cells.map(\.grapheme) == ["★", "\u{FFFD}", " ", "★", "★", " ", " "], "\(emoji)")
        }
    }

    @Test func emojiOneCellHoldsAreDrawnAsTheyAre() {
        for emoji in ["🥾", "😅", "🏔", "👍", "🥾\u{FE0F}", "⭐", "日\u{301}", "e\u{301}\u{323}", "\u{1100}\u{1161}\u{11A8}"] {
            let character = Character(emoji)
            #expect(TerminalText.glyphs(of: character).map(\.text) == [emoji])
        }
    }

    @Test func textDefaultEmojiWithVS16AreDrawnInTextFormOverTwoColumns() {
        for (emoji, text) in [("❤️", "❤"), ("⛰️", "⛰"), ("☀️", "☀"), ("🏔️", "🏔"), ("1️⃣", "1\u{20E3}"), ("#️⃣", "#\u{20E3}")] {
            let glyphs = TerminalText.glyphs(of: Character(emoji))
            #expect(glyphs == [.init(text: text, width: 1), .init(text: " ", width: 1)], "\(emoji)")
        }
    }

    @Test func spacingMarksTakeTheirOwnColumn() {
        // wcwidth, curses and tmux give a Devanagari or Tamil spacing vowel sign a column.
        let ka = Character("\u{915}\u{93E}")
        #expect(TerminalText.glyphs(of: ka).map(\.text) == ["\u{915}", "\u{93E}"])
        #expect(TerminalText.width(of: ka) == 2)
        #expect(TerminalText.width("नमस्ते") == 4, "न म स ् त े: four spacing scalars")
    }

    @Test func stackedMarksBeyondFiveScalarsBecomeAPlaceholder() {
        let zalgo = Character("e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}")
        #expect(TerminalText.glyphs(of: zalgo) == TerminalText.placeholderGlyphs(width: 1))
        #expect(TerminalText.glyphs(of: Character("e\u{301}\u{302}\u{303}\u{304}")).map(\.text) == ["e\u{301}\u{302}\u{303}\u{304}"])
    }

    @Test func aJoinerThatWouldEndACellIsDropped() {
        // tmux joins the next cell to a cell that ends in a joiner: "ه‍" then "ب" became one column.
        #expect(TerminalText.glyphs(of: Character("\u{647}\u{200D}")).map(\.text) == ["\u{647}"])
        #expect(TerminalText.glyphs(of: Character("👨\u{200D}")).map(\.text) == ["👨"])
        #expect(Self.cells(of: "\u{647}\u{200D}\u{628}").map(\.grapheme).prefix(2) == ["\u{647}", "\u{628}"])
    }

    @Test func aLoneRegionalIndicatorIsAPlaceholder() {
        // Alone it is one column, but it pairs with a regional indicator drawn next to it.
        #expect(TerminalText.glyphs(of: Character("\u{1F1EA}")) == TerminalText.placeholderGlyphs(width: 1))
        #expect(Self.cells(of: "🇪🇸\u{1F1EB}").map(\.grapheme) == ["\u{FFFD}", " ", "\u{FFFD}", " ", " "])
    }

    @Test func aGraphemeCutAtTheRightEdgeLeavesOnlySpaces() {
        for text in ["ab👨‍👩‍👧", "ab❤️", "ab\u{915}\u{93E}", "ab日"] {
            var buffer = ScreenBuffer(width: 3, height: 1)
            buffer.put(text, x: 0, y: 0, style: .plain)
            #expect(buffer.lines() == ["ab"], "\(text)")
        }
        var clipped = ScreenBuffer(width: 4, height: 1)
        clipped.put("❤️x", x: -1, y: 0, style: .plain)
        #expect(clipped.lines() == [" x"])
    }

    @Test func everyCellOfRandomEmojiTextIsOneCursesCellWhole() {
        // Emoji parts, joiners, selectors, tags, skin tones, flags, marks and letters, mixed at
        // random: whatever graphemes come out, each cell holds a glyph curses keeps whole.
        let parts: [String] = [
            "\u{200D}", "\u{FE0F}", "\u{FE0E}", "\u{20E3}", "\u{1F3FB}", "\u{1F3FF}", "\u{E0067}", "\u{E007F}",
            "\u{1F1EA}", "\u{1F1F8}", "\u{1F3F4}", "\u{1F3F3}", "\u{1F308}", "👨", "👩", "👧", "⚕", "♀", "♂",
            "❤", "☀", "1", "#", "★", "☆", "a", "é", "\u{301}", "\u{93E}", "\u{915}", "日", "🥾", " ",
        ]
        var generator = SplitMix64(seed: 0x9E0)
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 1...12, using: &generator)).map { _ in parts.randomElement(using: &generator)! }.joined()
            let sanitized = TerminalText.sanitize(text)
            for grapheme in sanitized {
                let glyphs = TerminalText.glyphs(of: grapheme)
                #expect(glyphs.allSatisfy(Self.fitsOneCell), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
                #expect(glyphs.reduce(0) { $0 + $1.width } == TerminalText.width(of: grapheme))
            }
            let cells = Self.cells(of: text)
            let drawn = cells.filter { !$0.isContinuation }.map { TerminalText.Glyph(text: $0.grapheme, width: Int($0.width)) }
            #expect(drawn.allSatisfy(Self.fitsOneCell))
        }
    }
}

extension GlyphTests {
    /// The backend's last check uses the C library's wcwidth, as curses does.
    @Test func theBackendAcceptsEveryGlyphOfTheSampleDataAndTheLongEmoji() {
        setlocale(LC_CTYPE, "C.UTF-8")
        let texts = Fixtures.catalog.routes.flatMap { [$0.name, $0.description] + $0.reviews.map(\.text) } + Self.longEmoji
            + ["❤️ 1️⃣ ⛰️ \u{915}\u{93E} 한국어 日本語 e\u{301}"]
        var refused: Set<String> = []
        for text in texts {
            for paragraph in text.split(separator: "\n") {
                for cell in Self.cells(of: String(paragraph)) where !cell.isContinuation {
                    if CursesBackend.wideCharacters(of: cell) == nil {
                        refused.insert(cell.grapheme)
                    }
                }
            }
        }
        #expect(refused.isEmpty, "\(refused)")
    }

    @Test func theBackendRefusesWhatTheCLibraryMeasuresOtherwise() {
        setlocale(LC_CTYPE, "C.UTF-8")
        // A cut emoji, a flag, a cell of the wrong width, more than five scalars, a joiner at the end.
        for (text, width) in [("🏳️\u{200D}", 2), ("🇪🇸", 2), ("❤️", 2), ("❤", 2), ("日", 1), ("e\u{301}\u{302}\u{303}\u{304}\u{305}", 1), ("\u{647}\u{200D}", 1)] {
            #expect(CursesBackend.wideCharacters(of: Cell(grapheme: text, width: UInt8(width), style: .plain)) == nil, "\(text)")
        }
        #expect(CursesBackend.wideCharacters(of: Cell(grapheme: "❤", width: 1, style: .plain)) != nil)
        #expect(CursesBackend.wideCharacters(of: Cell(grapheme: "🥾", width: 2, style: .plain)) != nil)
    }

    @Test func anEmojiTheCLibraryDoesNotKnowBecomesThePlaceholder() {
        setlocale(LC_CTYPE, "C.UTF-8")
        // U+1FAE8 (shaking face, Unicode 15) is unknown to Debian 12's glibc: tmux drops it and
        // every later cell of the row moves two columns left.
        let shaking = Cell(grapheme: "\u{1FAE8}", width: 2, style: .plain)
        #expect((CursesBackend.wideCharacters(of: shaking) == nil) == (hr_wcwidth(0x1FAE8) != 2))
    }

    @Test func ourScalarWidthsAgreeWithTheCLibrary() {
        // Every scalar that sanitize lets through and the C library knows is measured as curses
        // will measure it; U+1171E is a spacing mark in Swift's Unicode data, a non-spacing one in glibc's.
        setlocale(LC_CTYPE, "C.UTF-8")
        var disagreements: [String] = []
        for value in UInt32(0x20)...UInt32(0x3FFFF) where value != 0x1171E {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else { continue }
            let theirs = hr_wcwidth(wchar_t(bitPattern: value))
            guard theirs >= 0, TerminalText.sanitize("a" + String(scalar)).unicodeScalars.contains(scalar) else { continue }
            if TerminalText.scalarWidth(scalar) != Int(theirs) {
                disagreements.append(String(value, radix: 16))
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
    }
}
