import CNcurses
import Foundation
import ReviewModel
import TranslationEngine
import Testing
@testable import HikeReviewsTUI

/// Reviews full of emoji curses cannot hold in one cell, in a real terminal: the screen tmux
/// shows is exactly the one rendered headless, so no row lost a star or moved a column.
enum EmojiRoute {
    /// Texts with families, professions, flags of both kinds, skin tones and VS16 emoji, each
    /// followed by a marker whose column must not move.
    static let reviews: [(author: String, rating: Int, text: String)] = [
        ("Ana R.", 5, "Family day 👨‍👩‍👧‍👦 with the kids 👩‍👩‍👦‍👦 and grandparents, END1 then more words"),
        ("Kim L.", 4, "Flag 🏳️‍🌈 at the summit 🏳️‍⚧️ and a pirate 🏴‍☠️ END2 ★ stars ☆ here"),
        ("Ola N.", 3, "Flags 🇪🇸🇳🇴🇬🇧 and 🏴󠁧󠁢󠁥󠁮󠁧󠁿🏴󠁧󠁢󠁳󠁣󠁴󠁿 on the cairn END3, an odd one \u{1F1EB} too"),
        ("Sam P.", 2, "A ranger 👩‍⚕️ and a farmer 🧑‍🌾 helped a climber 🧗🏾‍♀️ END4 down"),
        ("Joe B.", 1, "Thumbs 👍🏽👋🏿🙌🏻 hearts ❤️❤️‍🔥 peaks ⛰️🏔️ keys 1️⃣#️⃣ END5 नमस्ते"),
    ]

    /// A routes file holding one route with `reviews`.
    static func write(to url: URL, reviews: [(author: String, rating: Int, text: String)] = reviews) throws {
        let route: [String: Any] = [
            "id": "emoji-ridge", "name": "Emoji Ridge 🏳️‍🌈", "country": "Spain", "region": "Test 🇪🇸",
            "lengthKm": 5.0, "ascentM": 300, "durationHours": 2.0, "difficulty": "easy",
            "description": "A short ridge with a view 👨‍👩‍👧 and a flag 🏴󠁧󠁢󠁥󠁮󠁧󠁿.",
            "reviews": reviews.enumerated().map { index, review in
                ["id": "emoji-\(index)", "author": review.author, "date": "2024-0\(index + 1)-01", "rating": review.rating, "text": review.text] as [String: Any]
            },
        ]
        let data = try JSONSerialization.data(withJSONObject: ["routes": [route]], options: [.prettyPrinted])
        try data.write(to: url)
    }

    /// The route's detail screen rendered headless, as the app draws it after Enter.
    static func headlessDetail(at url: URL, width: Int, height: Int) throws -> ScreenBuffer {
        let catalog = try CatalogLoader.load(contentsOf: url)
        var state = AppState(routes: catalog.routes, size: .init(width: width, height: height), targetLanguage: "en")
        let recognizer = HostEnvironment.recognizer
        let languages = Dictionary(uniqueKeysWithValues: catalog.routes.flatMap(\.reviews).map { ($0.id, recognizer.recognize($0.text).tag) })
        _ = state.reduce(.languagesDetected(languages, done: languages.count, total: languages.count))
        _ = state.reduce(.keyPressed(.enter))
        return AppView.render(state)
    }
}

extension EndToEndTests {
    /// tmux's screen as rows without trailing spaces, as `ScreenBuffer.lines()` gives them.
    static func rows(of screen: String, height: Int) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(height).map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }
    }

    @Test func longEmojiKeepEveryOtherRowIntact() throws {
        let run = try Run()
        defer { run.finish() }
        let data = run.folder.appendingPathComponent("routes.json")
        try EmojiRoute.write(to: data)
        let (width, height) = (100, 30)
        try run.start(arguments: "--data '\(data.path)' --target en", width: width, height: height)
        _ = try run.tmux.waitForScreen { $0.contains("Emoji Ridge") && !$0.contains("detecting languages") }
        try run.tmux.send("Enter")
        // Waits for the drawn screen to equal the headless one; on a time-out the last screen is compared.
        let expected = try EmojiRoute.headlessDetail(at: data, width: width, height: height).lines()
        let screen = try run.tmux.waitForScreen { Self.rows(of: $0, height: height) == expected }
        let shown = Self.rows(of: screen, height: height)
        #expect(shown == expected, "tmux:\n\(shown.joined(separator: "\n"))\nheadless:\n\(expected.joined(separator: "\n"))")
        // Narrower, so emoji meet the right edge and wrap differently: still the same screen.
        try run.tmux.resize(width: 57, height: 26)
        let narrowExpected = try EmojiRoute.headlessDetail(at: data, width: 57, height: 26).lines()
        let narrow = Self.rows(of: try run.tmux.waitForScreen { Self.rows(of: $0, height: 26) == narrowExpected }, height: 26)
        #expect(narrow == narrowExpected, "tmux:\n\(narrow.joined(separator: "\n"))\nheadless:\n\(narrowExpected.joined(separator: "\n"))")
        // Every review's stars are whole, on their own row.
        for review in EmojiRoute.reviews {
            let stars = String(repeating: "★", count: review.rating) + String(repeating: "☆", count: 5 - review.rating)
            #expect(shown.contains { $0.contains("\(stars) \(review.author)") }, "\(review.author)")
        }
        // No joiner, regional indicator or skin tone reached the terminal to fuse with a neighbour.
        let fusing = screen.unicodeScalars.filter {
            $0.value == 0x200D || (0x1F1E6...0x1F1FF).contains($0.value) || $0.properties.isEmojiModifier
        }
        #expect(fusing.isEmpty)
        try run.tmux.send("q")
        #expect(run.waitForExit() == "0")
    }

    @Test func anEmojiTheCLibraryDoesNotKnowIsAPlaceholderOnScreen() throws {
        // U+1FAE8 (Unicode 15) is wide to Swift but unknown to Debian 12's wcwidth, and tmux
        // drops it: the backend draws the placeholder over its two columns instead.
        let run = try Run()
        defer { run.finish() }
        let data = run.folder.appendingPathComponent("routes.json")
        try EmojiRoute.write(to: data, reviews: [("Eve K.", 4, "Shaking \u{1FAE8} face END6 and more")])
        try run.start(arguments: "--data '\(data.path)' --target en", width: 80, height: 24)
        _ = try run.tmux.waitForScreen { $0.contains("Emoji Ridge") && !$0.contains("detecting languages") }
        try run.tmux.send("Enter")
        let screen = try run.tmux.waitForScreen { $0.contains("END6") }
        setlocale(LC_CTYPE, "C.UTF-8")  // as the app measures
        if hr_wcwidth(0x1FAE8) != 2 {
            #expect(screen.contains("Shaking \u{FFFD}  face END6 and more"), "\(screen)")
        } else {
            #expect(screen.contains("Shaking \u{1FAE8} face END6 and more"), "\(screen)")
        }
        #expect(screen.contains("★★★★☆ Eve K."))
        try run.tmux.send("q")
        #expect(run.waitForExit() == "0")
    }
}
