import Foundation
import ReviewModel
import TranslationEngine

/// A line of styled text segments, as the route detail lays it out.
struct StyledLine: Equatable, Sendable {
    var segments: [(text: String, style: Style)]

    init(_ segments: [(text: String, style: Style)]) {
        self.segments = segments
    }

    init(_ text: String, style: Style = .plain) {
        segments = [(text, style)]
    }

    static func == (lhs: StyledLine, rhs: StyledLine) -> Bool {
        lhs.segments.count == rhs.segments.count
            && zip(lhs.segments, rhs.segments).allSatisfy { $0.text == $1.text && $0.style == $1.style }
    }
}

/// Lays out the route detail as blocks of lines: block 0 is the route header, block i + 1 the i-th visible review.
///
/// Both the reducer (to scroll) and the renderer (to draw) use it, so what scrolls is exactly what is drawn.
/// Only the blocks near the viewport are laid out, which keeps a key press cheap on routes with many reviews.
struct RouteDetailLayout {
    var route: Route
    var detail: RouteDetailState
    var languages: [String: String]
    /// Columns available to the text.
    var width: Int
    var translations: [String: ReviewTranslation] = [:]
    var showingOriginal: Set<String> = []
    var originalsOnly = false
    var overrides: [String: String] = [:]

    var blockCount: Int { detail.visible.count + 1 }

    /// The lines of one block, ending with a blank separator line.
    func lines(ofBlock block: Int) -> [StyledLine] {
        let width = max(1, self.width)
        if block == 0 {
            return headerLines(width: width)
        }
        let review = route.reviews[detail.visible[block - 1]]
        return reviewLines(review, width: width)
    }

    func height(ofBlock block: Int) -> Int {
        lines(ofBlock: block).count
    }

    private func headerLines(width: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        for line in TerminalText.wrap(route.name, width: width) {
            lines.append(StyledLine(line, style: .title))
        }
        let facts = RouteFacts.summary(of: route)
        for line in TerminalText.wrap(facts, width: width) {
            lines.append(StyledLine(line, style: .dim))
        }
        lines.append(StyledLine(""))
        for line in TerminalText.wrap(route.description, width: width) {
            lines.append(StyledLine(line))
        }
        lines.append(StyledLine(""))
        let shown = detail.visible.count
        let total = route.reviews.count
        var heading = shown == total ? "Reviews (\(total))" : "Reviews (\(shown) of \(total))"
        heading += " · \(Self.sortName(detail.query.sort))"
        if let language = detail.query.language {
            heading += " · language: \(LanguageNames.name(of: language)) [\(language)]"
        }
        if !detail.query.searchText.isEmpty {
            heading += " · search: \(detail.query.searchText)"
        }
        for line in TerminalText.wrap(heading, width: width) {
            lines.append(StyledLine(line, style: .accent))
        }
        if shown == 0 {
            lines.append(StyledLine("No review matches. Press c to clear the filter.", style: .dim))
        }
        lines.append(StyledLine(""))
        return lines
    }

    static func sortName(_ sort: ReviewSort) -> String {
        switch sort {
        case .newest: return "newest first"
        case .oldest: return "oldest first"
        case .bestRated: return "best rated first"
        case .worstRated: return "worst rated first"
        }
    }

    private func reviewLines(_ review: Review, width: Int) -> [StyledLine] {
        let tag = (overrides[review.id] ?? languages[review.id]).map { "[\($0)]" } ?? "[…]"
        let stars = RouteFacts.stars(review.rating)
        let header = StyledLine([
            (stars, .accent),
            (" ", .plain),
            (TerminalText.sanitize(review.author), .bold),
            (" · \(review.date) ", .dim),
            (tag, .tag),
        ])
        var lines = [header]
        // A header wider than the screen is clipped by the buffer, which is fine: every part is short.
        for line in TerminalText.wrap(review.text, width: width) {
            lines.append(StyledLine(line))
        }
        if let translation = translations[review.id], !originalsOnly, !showingOriginal.contains(review.id) {
            lines += Self.translationLines(translation, width: width)
        }
        lines.append(StyledLine(""))
        return lines
    }

    /// The route as its tag reads: `es→en`, and `de→en · neural` when a neural model ran a leg
    /// (`de→en→es · neural+apertium` for a route that mixes engines).
    static func routeTag(_ route: [String], engines: [PackEngine]) -> String {
        let tag = route.joined(separator: "→")
        guard engines.contains(.neural) else { return tag }
        var used: [String] = []
        for engine in engines where !used.contains(engine.rawValue) { used.append(engine.rawValue) }
        return tag + " · " + used.joined(separator: "+")
    }

    /// A translation under its review: a marked header with the route, then the text with the
    /// words the engine did not know underlined; or what stands in its way.
    static func translationLines(_ translation: ReviewTranslation, width: Int) -> [StyledLine] {
        let target = LanguageNames.name(of: translation.target)
        switch translation.status {
        case .pending:
            return [StyledLine("↳ translating into \(target)…", style: .dim)]
        case .done(let text, let route, let unknownWords, let engines):
            var lines = [StyledLine([("↳ ", .accent), (routeTag(route, engines: engines), .tag), (" · \(target)", .dim)])]
            let unknown = Set(unknownWords)
            for line in TerminalText.wrap(text, width: width) {
                lines.append(StyledLine(markUnknown(line, unknown: unknown)))
            }
            return lines
        case .noRoute(let source):
            return [StyledLine("↳ no offline translation from \(LanguageNames.name(of: source)) into \(target)", style: .dim)]
        case .needsPack(let packs):
            return [StyledLine("↳ needs a language pack (\(packs.joined(separator: ", "))): press T to download", style: .dim)]
        case .unidentified:
            return [StyledLine("↳ language not identified: press T to name it", style: .dim)]
        case .failed(let message):
            return TerminalText.wrap("↳ translation failed: " + message, width: width).map { StyledLine($0, style: .error) }
        }
    }

    /// The line's words the engine did not know, underlined; words are split by the engine's
    /// own rule (`PipelineTranslation.isWordCharacter`), so every word it reports is found.
    static func markUnknown(_ line: String, unknown: Set<String>) -> [(text: String, style: Style)] {
        guard !unknown.isEmpty else { return [(line, .plain)] }
        var segments: [(text: String, style: Style)] = []
        var word = ""
        var plain = ""
        func flushWord() {
            guard !word.isEmpty else { return }
            if unknown.contains(word) {
                if !plain.isEmpty { segments.append((plain, .plain)); plain = "" }
                segments.append((word, .unknownWord))
            } else {
                plain += word
            }
            word = ""
        }
        for character in line {
            if PipelineTranslation.isWordCharacter(character) {
                word.append(character)
            } else {
                flushWord()
                plain.append(character)
            }
        }
        flushWord()
        if !plain.isEmpty { segments.append((plain, .plain)) }
        return segments
    }
}
