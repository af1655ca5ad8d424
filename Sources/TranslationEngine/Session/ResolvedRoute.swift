import Foundation

/// A route made runnable, as a value: what `RouteResolver` decided for one source and target
/// (the legs, the installed pairs, the pack versions the memory's keys name). Texts run on it
/// without coming back to the session's or the resolver's actor, so a batch resolves a
/// language's route once and then touches only the memory, the leg runner and the pipelines.
struct ResolvedRoute: Sendable {
    let source: String
    let target: String
    let route: [Direction]
    let pairs: InstalledPairs
    let legs: LegRunner
    /// Where translations are remembered; nil: every text is translated afresh.
    let memory: TranslationMemory?
    /// The pack versions of the route's packs, local and remote, as the memory's keys name them.
    let versions: [String: String]
    /// What the route's texts keep besides their own spans, and how HTML is read.
    var spans = Spans.none

    /// The kept spans every text of a session gets (its glossary) and Apertium's HTML programs.
    struct Spans: Sendable {
        var glossary: Glossary?
        /// Apertium's HTML deformatter and reformatter, found when a document comes (by
        /// default on the system's PATH).
        var htmlFormat: @Sendable () throws -> HTMLFormat = {
            try HTMLFormat(searchPath: ChildProcess.systemPath, environment: ["PATH": ChildProcess.systemPath])
        }

        static let none = Spans()
    }

    /// What the memory holds for `request` on this route, marked remembered; nil without a
    /// memory or an entry.
    func remembered(_ request: TranslationSession.Request) async -> TranslationSession.Response? {
        guard let memory, request.format != .html else { return nil }
        if let spanned = keptSpans(of: request) {
            // Spans (the request's, the glossary's) key apart: never the plain text's entry.
            guard let key = key(of: spanned.memoryMaterial, spanned: true), let entry = await memory.entry(for: key),
                  let remembered = SpannedText(memoryMaterial: entry.targetText) else { return nil }
            let shown = TranslationMemory.Entry(targetText: remembered.string, unknownWords: entry.unknownWords, marks: entry.marks)
            return response(to: request, entry: shown, remembered: true, spanned: remembered)
        }
        guard let key = key(of: request.sourceText), let entry = await memory.entry(for: key) else { return nil }
        return response(to: request, entry: entry, remembered: true)
    }

    /// `request` carried along the legs and remembered; `lookUp: false` when the caller asked
    /// the memory already (a batch's memory-first pass), so one text counts one lookup.
    func translate(_ request: TranslationSession.Request, lookUp: Bool) async throws -> TranslationSession.Response {
        if request.format == .html { return try await translateHTML(request) }
        if lookUp, let found = await remembered(request) { return found }
        if let spanned = keptSpans(of: request) { return try await translate(request, spanned: spanned) }
        let entry = try await legs.run(request.sourceText, along: route, pairs: pairs)
        if let memory, let key = key(of: request.sourceText) { await memory.remember(entry, for: key) }
        return response(to: request, entry: entry, remembered: false)
    }

    /// Nil when a pack's version is not known (then nothing is remembered).
    func key(of text: String, spanned: Bool = false) -> MemoryKey? {
        MemoryKey(text: text, source: source, route: route, versions: versions, spanned: spanned)
    }

    func response(to request: TranslationSession.Request, entry: TranslationMemory.Entry,
                  remembered: Bool, spanned: SpannedText? = nil) -> TranslationSession.Response {
        let tags = [source] + route.map(\.target)
        return TranslationSession.Response(
            sourceLanguage: Locale.Language(identifier: source),
            targetLanguage: Locale.Language(identifier: target),
            sourceText: request.sourceText,
            targetText: entry.targetText,
            clientIdentifier: request.clientIdentifier,
            route: tags,
            unknownWords: entry.unknownWords,
            unknownWordMarks: entry.marks,
            legs: zip(tags, route).map { TranslationSession.Leg(source: $0, target: $1.target, engine: $1.engine, pack: $1.pack) },
            isRemembered: remembered,
            spannedTargetText: spanned
        )
    }
}
