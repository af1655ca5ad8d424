import Foundation
import ReviewModel
import TranslationEngine

/// The route screen's words and styles: the header, each review and the translation under it.
/// `RouteDetailLayout` (the model) measures these lines; the view draws them.
enum RouteDetailText {
    static func headerLines(of route: Route, width: Int, shown: Int, query: ReviewQuery) -> [StyledLine] {
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
        let total = route.reviews.count
        var heading = shown == total ? "Reviews (\(total))" : "Reviews (\(shown) of \(total))"
        heading += " · \(Self.sortName(query.sort))"
        if let language = query.language {
            heading += " · language: \(LanguageNames.name(of: language)) [\(language)]"
        }
        if !query.searchText.isEmpty {
            heading += " · search: \(query.searchText)"
        }
        for line in TerminalText.wrap(heading, width: width) {
            lines.append(StyledLine(line, style: .accent))
        }
        if shown == 0 {
            lines.append(StyledLine("No review matches. Press \(KeyBindings.name(of: .clearFilters, in: .routeDetail)) to clear the filter.", style: .dim))
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

    static func reviewLines(_ review: Review, width: Int, tag: String?, translation: ReviewTranslation?) -> [StyledLine] {
        let stars = RouteFacts.stars(review.rating)
        let header = StyledLine([
            (stars, .accent),
            (" ", .plain),
            (TerminalText.sanitize(review.author), .bold),
            (" · \(review.date) ", .dim),
            (tag.map { "[\($0)]" } ?? "[…]", .tag),
        ])
        var lines = [header]
        // A header wider than the screen is clipped by the buffer, which is fine: every part is short.
        for line in TerminalText.wrap(review.text, width: width) {
            lines.append(StyledLine(line))
        }
        if let translation {
            lines += translationLines(translation, width: width)
        }
        lines.append(StyledLine(""))
        return lines
    }

    /// The route as its tag reads: `es→en`, and `de→en · neural` when a neural model ran a leg
    /// (`de→en→es · neural+apertium` for a route that mixes engines), `es→en · remote` when a
    /// server did (the text left the machine: always said); `es→en · remembered` when the
    /// translation memory answered.
    static func routeTag(_ route: [String], engines: [PackEngine], remembered: Bool = false) -> String {
        var tag = route.joined(separator: "→")
        if engines.contains(where: { $0 != .apertium }) {
            var used: [String] = []
            for engine in engines where !used.contains(engine.rawValue) { used.append(engine.rawValue) }
            tag += " · " + used.joined(separator: "+")
        }
        return remembered ? tag + " · remembered" : tag
    }

    /// A translation under its review: a marked header with the route, then the text with the
    /// words the engine did not know underlined; or what stands in its way.
    static func translationLines(_ translation: ReviewTranslation, width: Int) -> [StyledLine] {
        let target = LanguageNames.name(of: translation.target)
        switch translation.status {
        case .pending:
            return [StyledLine("↳ translating into \(target)…", style: .dim)]
        case .done(let done):
            var lines = [StyledLine([("↳ ", .accent), (routeTag(done.route, engines: done.engines, remembered: done.remembered), .tag), (" · \(target)", .dim)])]
            let unknown = Set(done.unknownWords)
            for line in TerminalText.wrap(done.text, width: width) {
                lines.append(StyledLine(markUnknown(line, unknown: unknown)))
            }
            return lines
        case .noRoute(let source, let index):
            let name = LanguageNames.name(of: source)
            let why = index.map { ": " + $0.sentence(sourceName: name) } ?? ""
            return TerminalText.wrap("↳ no offline translation from \(name) into \(target)\(why)", width: width).map { StyledLine($0, style: .dim) }
        case .needsPack(let packs):
            return [StyledLine("↳ needs a language pack (\(packs.joined(separator: ", "))): press \(KeyBindings.name(of: .translateAll, in: .routeDetail)) to download", style: .dim)]
        case .unidentified:
            return [StyledLine("↳ language not identified: press \(KeyBindings.name(of: .translateAll, in: .routeDetail)) to name it", style: .dim)]
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
