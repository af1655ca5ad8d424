import ApertiumCodeTable
import Foundation
import TranslationEngine

/// APy's diagnostic endpoints over the installed packs' mode files: `/list`, `/analyze`,
/// `/generate`, `/perWord`, `/calcCoverage`, `/pipedebug`, `/stats` and `/translateChain`
/// (`/translateDoc` and `/translatePage` are ApyDocuments'). Each request runs its mode once in
/// processes of its own (`Engine.runOnce`), inside the server's text limit and queue bound.
struct ApyTools {
    let call: RouteCall
    private var router: Router { call.router }
    private var parameters: RequestParameters { call.parameters }
    private var service: TranslationService { router.service }
    private var engine: Engine { service.engine }

    init(_ call: RouteCall) {
        self.call = call
    }

    /// How long one run of a mode may take (a stage that hangs is killed then).
    static let runTimeout = Duration.seconds(30)

    // MARK: Modes

    /// APy's kinds of mode, found by name as APy's mode search does: the language (or pair)
    /// part, then the kind's suffix.
    enum Kind: CaseIterable {
        case analyzer, generator, tagger

        private static let language = "[a-z]{2,3}(?:_[A-Za-z0-9]+)?"

        /// The mode-name pattern (`Regex` is not `Sendable`, so it is made where it is used).
        var pattern: Regex<AnyRegexOutput> {
            let suffix = switch self {
            case .analyzer: "(?:an)?mor(?:ph)?"
            case .generator: "gener[A-z]*"
            case .tagger: "tagger"
            }
            // Built from constants: it always compiles.
            return try! Regex("^(\(Self.language)(?:-\(Self.language))?)-\(suffix)$")
        }
    }

    /// The installed modes of `kind`, by APy's key (`eng`, `eng-spa`: each code in three
    /// letters): the last one by name wins a key, as in APy's dictionary.
    func modes(_ kind: Kind) -> [String: ApertiumMode] {
        var found: [String: ApertiumMode] = [:]
        let pattern = kind.pattern
        for mode in engine.apertiumModes().values.sorted(by: { $0.name < $1.name }) {
            guard let match = mode.name.wholeMatch(of: pattern), let key = match.output[1].substring else { continue }
            found[key.split(separator: "-").map { Self.alpha3(String($0)) }.joined(separator: "-")] = mode
        }
        return found
    }

    /// A code as APy's `to_alpha3_code` gives it: `en` is `eng`, `en_US` is `eng_US`; a code it
    /// does not know stays as it is.
    static func alpha3(_ code: String) -> String {
        let parts = code.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts[0].count == 2, let tag = ApertiumCodeTable.bcp47(parts[0]), let three = ApertiumCodeTable.apertiumCode(forTag: tag) else { return code }
        return ([three] + parts.dropFirst()).joined(separator: "_")
    }

    func list() -> HTTPResponse {
        let query = (try? parameters.string("q")) ?? nil
        let kind: Kind
        switch query ?? "pairs" {
        case "pairs": return ApyRoutes(router: router).listPairs()
        case "analyzers", "analysers": kind = .analyzer
        case "generators": kind = .generator
        case "taggers", "disambiguators": kind = .tagger
        case "spellers": return .json([String: String]())  // no spelling modes are run here
        default: return ApyRoutes.error(400, "Expecting q argument to be one of analysers, generators, spellers, disambiguators, or pairs")
        }
        return .json(modes(kind).mapValues(\.name))
    }

    // MARK: Running

    /// The text of a required argument, or APy's answer to its absence.
    private func required(_ name: String) -> Result<String, Refusal> {
        guard case .text(let text)? = parameters[name] else { return .failure(Refusal.apy(400, "Missing argument \(name)")) }
        return .success(text)
    }

    /// Runs `mode` once over `input` within the limits: its output, or the answer to a refusal.
    private func run(_ mode: ApertiumMode, _ input: [UInt8], stepwise: Bool = false) async -> Result<[[UInt8]], Refusal> {
        guard service.admit(1) else { return .failure(Refusal.apy(503, Router.busyReason)) }
        defer { service.release(1) }
        do {
            return .success(try await engine.runOnce(engine.stages(of: mode), input: input, stepwise: stepwise, timeout: Self.runTimeout))
        } catch let error as ChildProcessError where error == .timedOut {
            return .failure(Refusal.apy(408, "Request timed out"))
        } catch {
            return .failure(Refusal.apy(500, "the mode \(mode.name) failed: \(error)"))
        }
    }

    /// The text and the mode of a request naming a language (`lang`) and text (`q`), in
    /// APy's order of checks.
    private func textAndMode(_ kind: Kind, langFirst: Bool = false) -> Result<(String, ApertiumMode), Refusal> {
        let order = langFirst ? ["lang", "q"] : ["q", "lang"]
        var values: [String: String] = [:]
        for name in order {
            switch required(name) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let value): values[name] = value
            }
        }
        let text = values["q"]!
        if let refusal = call.admit([text]) { return .failure(Refusal(refusal)) }
        guard let mode = modes(kind)[Self.alpha3(values["lang"]!)] else { return .failure(Refusal.apy(400, "That mode is not installed")) }
        return .success((text, mode))
    }

    /// The lexical units of an analysis as APy reads them (after `apertium-retxt`: blanks'
    /// brackets and escapes taken off, inside units too), each with the text after it up to
    /// the next unit; the period the deformatter adds at the end is dropped when the text did
    /// not end in one.
    static func lexicalUnits(_ output: [UInt8], query: String, keepingPeriod: Bool = false) -> [(unit: String, after: String)] {
        let text = StreamFormat.unescape(String(decoding: output, as: UTF8.self))
        var units: [(unit: String, after: String)] = []
        var rest = Substring(text)
        while let start = rest.firstIndex(of: "^") {
            let body = rest[rest.index(after: start)...]
            guard let end = body.firstIndex(of: "$") else { break }
            let after = body[body.index(after: end)...]
            let next = after.firstIndex(of: "^") ?? after.endIndex
            units.append((String(body[..<end]), String(after[..<next])))
            rest = after[next...]
        }
        if !keepingPeriod, !query.isEmpty, query.last != ".", let last = units.last?.unit, last.hasPrefix(".") {
            let second = last.dropFirst().first
            if second == "/" || second == "<" { units.removeLast() }
        }
        return units
    }

    func analyze() async -> HTTPResponse {
        switch textAndMode(.analyzer) {
        case .failure(let refusal): return refusal.response
        case .success(let (text, mode)):
            switch await run(mode, Array(StreamFormat.deformat(text).utf8)) {
            case .failure(let refusal): return refusal.response
            case .success(let outputs):
                let units = Self.lexicalUnits(outputs.last ?? [], query: text)
                return .encoded(units.map { [$0.unit, Self.surface($0.unit) + $0.after] })
            }
        }
    }

    /// A unit's surface form: what comes before its first `/`.
    static func surface(_ unit: String) -> String {
        String(unit.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)[0])
    }

    func generate() async -> HTTPResponse {
        switch textAndMode(.generator) {
        case .failure(let refusal): return refusal.response
        case .success(let (text, mode)):
            // APy sends the units as they are (no deformatter), joined by a `[SEP]` blank; text
            // without units is one unit.
            var units = Self.unitsWithTrailers(text)
            if units.isEmpty { units = ["^\(text)$"] }
            switch await run(mode, Array(units.joined(separator: "[SEP]").utf8)) {
            case .failure(let refusal): return refusal.response
            case .success(let outputs):
                let generated = String(decoding: outputs.last ?? [], as: UTF8.self).components(separatedBy: "[SEP]")
                return .encoded(generated.enumerated().map { [$0.element, $0.offset < units.count ? units[$0.offset] : ""] })
            }
        }
    }

    /// Each `^...$` of `text` with what follows it up to the next `^`.
    static func unitsWithTrailers(_ text: String) -> [String] {
        var units: [String] = []
        var rest = Substring(text)
        while let start = rest.firstIndex(of: "^") {
            let body = rest[start...]
            guard let end = body.dropFirst().firstIndex(of: "$") else { break }
            let after = body[body.index(after: end)...]
            let next = after.firstIndex(of: "^") ?? after.endIndex
            units.append(String(body[..<next]))
            rest = after[next...]
        }
        return units
    }

    func coverage() async -> HTTPResponse {
        switch required("lang") {
        case .failure(let refusal): return refusal.response
        case .success: break
        }
        guard case .text(let text)? = parameters["q"] else { return ApyRoutes.error(400, "Missing argument q") }
        guard !text.isEmpty else { return ApyRoutes.error(400, "Missing q argument") }
        switch textAndMode(.analyzer, langFirst: true) {
        case .failure(let refusal): return refusal.response
        case .success(let (text, mode)):
            switch await run(mode, Array(StreamFormat.deformat(text).utf8)) {
            case .failure(let refusal): return refusal.response
            case .success(let outputs):
                let units = Self.lexicalUnits(outputs.last ?? [], query: text)
                guard !units.isEmpty else { return .encoded([-1]) }
                let known = units.filter { unit in
                    let analyses = unit.unit.split(separator: "/", omittingEmptySubsequences: false)
                    guard analyses.count > 1, let first = analyses[1].first else { return false }
                    return !"*&#".contains(first)
                }
                return .encoded([Double(known.count) / Double(units.count)])
            }
        }
    }

    func perWord() async -> HTTPResponse {
        var values: [String: String] = [:]
        for name in ["lang", "modes", "q"] {
            switch required(name) {
            case .failure(let refusal): return refusal.response
            case .success(let value): values[name] = value
            }
        }
        let wanted = Set(values["modes"]!.split(separator: " ", omittingEmptySubsequences: false).map(String.init))
        guard wanted.isSubset(of: ["morph", "tagger", "disambig"]) else {
            if wanted.isSubset(of: ["morph", "biltrans", "tagger", "disambig", "translate"]) {
                return ApyRoutes.error(400, "biltrans and translate are not offered by perWord here: use morph, tagger or disambig")
            }
            return ApyRoutes.error(400, "Invalid mode argument")
        }
        let text = values["q"]!
        if let refusal = call.admit([text]) { return refusal }
        let lang = Self.alpha3(values["lang"]!)
        var outputs: [String: [TextOrList]] = [:]
        var inputs: [String] = []
        for (kind, names) in [(Kind.analyzer, ["morph"]), (Kind.tagger, ["tagger", "disambig"])] where !wanted.isDisjoint(with: names) {
            guard let mode = modes(kind)[lang] else { return ApyRoutes.error(400, "No output") }
            switch await run(mode, Array(StreamFormat.deformat(text).utf8)) {
            case .failure(let refusal): return refusal.response
            case .success(let ran):
                // APy's perWord means to drop the added period but never does (it tests the
                // unit's first character against a two-character pattern): kept, as there.
                let units = Self.lexicalUnits(ran.last ?? [], query: text, keepingPeriod: true).map(\.unit)
                let readings = units.map { unit -> TextOrList in
                    let parts = unit.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                    // A disambiguated unit has no `/`: APy gives it as a string, not a list.
                    return kind == .tagger && parts.count == 1 ? .text(unit) : .list(Array(parts.dropFirst()))
                }
                for name in names { outputs[name] = readings }
                // The tagger's units are the ones APy lists when it ran.
                if kind == .tagger || inputs.isEmpty { inputs = units.map { Self.strippingTags(Self.surface($0)) } }
            }
        }
        let answer = inputs.enumerated().map { index, input in
            func reading(_ name: String) -> TextOrList? {
                guard wanted.contains(name) else { return nil }
                let readings = outputs[name] ?? []
                return index < readings.count ? readings[index] : .list([])
            }
            return PerWordUnit(input: input, morph: reading("morph"), tagger: reading("tagger"), disambig: reading("disambig"))
        }
        return .encoded(answer)
    }

    /// A form without its tags: what comes before the first `<`.
    static func strippingTags(_ form: String) -> String {
        form.firstIndex(of: "<").map { String(form[..<$0]) } ?? form
    }

    // MARK: Pairs

    private func pairMode(_ source: String, _ target: String) -> ApertiumMode? {
        let modes = engine.apertiumModes()
        return service.apyPairs.direct.first { $0.source == source && $0.target == target }.flatMap { pair in
            modes.values.sorted { $0.name < $1.name }.first { mode in
                let sides = mode.name.split(separator: "-").map { Self.alpha3(String($0)) }
                return sides == [pair.source, pair.target]
            }
        }
    }

    func pipeDebug() async -> HTTPResponse {
        guard case .text(let text)? = parameters["q"] else { return ApyRoutes.error(400, "Missing argument q") }
        guard case .text(let pair)? = parameters["langpair"] else { return ApyRoutes.error(400, "Missing argument langpair") }
        let codes = pair.split(separator: "|", omittingEmptySubsequences: false).map { Self.alpha3(String($0)) }
        guard codes.count == 2 else { return ApyRoutes.error(400, "That pair is invalid, use e.g. eng|spa") }
        if let refusal = call.admit([text]) { return refusal }
        guard let mode = pairMode(codes[0], codes[1]), let stages = try? engine.stages(of: mode) else {
            return ApyRoutes.error(400, "That pair is not installed")
        }
        let deformatted = StreamFormat.deformat(text)
        switch await run(mode, Array(deformatted.utf8), stepwise: true) {
        case .failure(let refusal): return refusal.response
        case .success(let outputs):
            let texts = outputs.map { String(decoding: $0, as: UTF8.self) }
            let pipeline: [TextOrList] = [.text("deformat")]
                + stages.stages.map { .list([URL(fileURLWithPath: $0.executable).lastPathComponent] + $0.arguments) } + [.text("reformat")]
            let output = [text, deformatted] + texts + [StreamFormat.unescape(texts.last ?? "")]
            return ApyRoutes.envelope(PipeDebug(output: output, pipeline: pipeline))
        }
    }

    /// The shortest chain of shipped pairs from `source` to `target` (fewest steps; among
    /// equals, the first in code order), as APy's path search finds one; nil when none.
    func chain(from source: String, to target: String) -> [String]? {
        let pairs = service.apyPairs.direct
        var previous: [String: String] = [source: source]
        var frontier = [source]
        while !frontier.isEmpty, previous[target] == nil {
            var next: [String] = []
            for code in frontier {
                for pair in pairs.filter({ $0.source == code }).sorted(by: { $0.target < $1.target }) where previous[pair.target] == nil {
                    previous[pair.target] = code
                    next.append(pair.target)
                }
            }
            frontier = next
        }
        guard source != target, previous[target] != nil else { return nil }
        var chain = [target]
        while let last = chain.first, last != source, let before = previous[last] { chain.insert(before, at: 0) }
        return chain
    }

    func translateChain() async -> HTTPResponse {
        guard case .text(let given)? = parameters["langpairs"] else { return ApyRoutes.error(400, "Missing argument langpairs") }
        let raw = given.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        let langs = raw.map(Self.alpha3)
        guard langs.count >= 2, !(langs.count == 2 && langs[0] == langs[1]) else {
            return ApyRoutes.error(400, "Need at least two languages, use e.g. eng|spa")
        }
        let route: [String]
        if langs.count == 2 {
            guard let found = chain(from: langs[0], to: langs[1]) else {
                return ApyRoutes.error(400, "No path found for \(raw[0])-\(raw[1])")
            }
            route = found
        } else {
            for (source, target) in zip(langs, langs.dropFirst()) where !service.apyPairs.direct.contains(where: { $0.source == source && $0.target == target }) {
                return ApyRoutes.error(400, "Pair \(source)-\(target) is not installed")
            }
            route = langs
        }
        guard case .text(let text)? = parameters["q"], !text.isEmpty else {
            return ApyRoutes.envelope(ApyRoutes.Translation(translationChain: route))
        }
        if let problem = ApyRoutes.formatProblem(parameters) { return ApyRoutes.error(400, problem) }
        if let refusal = call.admit([text]) { return refusal }
        let marked = ((try? parameters.string("markUnknown")) ?? nil).map { ["yes", "true", "1"].contains($0) } ?? true
        var current = text
        for (index, (source, target)) in zip(route, route.dropFirst()).enumerated() {
            guard let pair = service.apyPairs.direct.first(where: { $0.source == source && $0.target == target }) else {
                return ApyRoutes.error(400, "Pair \(source)-\(target) is not installed")
            }
            let started = Date()
            guard let outcomes = await router.translate([BatchTranslator.Text(current, source: pair.sourceTag)], to: pair.targetTag) else {
                return ApyRoutes.error(503, Router.busyReason, headers: Router.retryAfter)
            }
            service.apyStats.record(pair: "\(source)-\(target)", characters: current.unicodeScalars.count, from: started, to: Date())
            switch outcomes.first {
            case .translated(let response)?:
                let last = index == route.count - 2
                current = last && marked
                    ? ApyRoutes.marking(response.unknownWords, marks: response.unknownWordMarks, in: response.targetText)
                    : response.targetText
            case .failed(let error)?: return ApyRoutes.error(error.httpStatus, error.description)
            case .unchanged?, nil: break
            }
        }
        return ApyRoutes.envelope(ApyRoutes.Translation(translatedText: current, translationChain: route))
    }

    // MARK: Stats

    func stats() -> HTTPResponse {
        let requests = ((try? parameters.string("requests")) ?? nil).flatMap { Int($0) } ?? 1000
        let figures = service.apyStats.figures(lastRequests: requests)
        let period = Stats.Period(ageFirstRequest: figures.oldestAge, charsPerSec: figures.charactersPerSecond, requests: figures.requests,
                                  totChars: figures.characters, totTimeSpent: figures.seconds)
        return ApyRoutes.envelope(Stats(periodStats: period, runningPipes: figures.runningPipes, uptime: figures.uptime,
                                        useCount: figures.useCount))
    }
}
