import Foundation
import Synchronization

/// The one entry point for batch translation, as CTranslate2's `translate_batch` is: texts and a
/// configuration in, an `AsyncSequence` of results out (`translate(_:)`; a host with a task of
/// its own takes each result in that task, `translate(_:each:)`), cancelled as one unit by
/// ending the iteration or the task, or by `cancel()`. Every host calls it (the app's route screen and
/// overlay, the CLI's `translate`, the server, ML Kit's `Translator`), and it means, once for
/// all: each text's language detected once (unless given), texts already in the target passed
/// through, the translation memory asked first, one session per source language, and one
/// consent request for the whole batch.
///
/// Rules, in order, per text:
/// 1. Only whitespace: passed through (`unchanged`, no language).
/// 2. Its language: the text's own `source`, else the translator's, else detected with the
///    engine's recognizer; undetectable is `unableToIdentifyLanguage`.
/// 3. The same language as the target, compared case-insensitively with region and variant
///    aside (`en-GB` into `en-US`, `ES` into `es`): passed through (`unchanged`, its language).
/// 4. Remembered on the same route and pack versions: answered from memory (no pipeline).
/// 5. Otherwise translated by its language's session; a batch whose languages need packs asks
///    the consent handler once, with every pack of every language in one request.
///
/// Sessions are kept per source language for the translator's life, so a host that feeds texts
/// one by one (the CLI) pays for a route's checks and consent once.
public actor BatchTranslator {
    /// One text of a batch.
    public struct Text: Sendable, Hashable {
        public var text: String
        /// The caller's identifier, handed back on the result.
        public var id: String?
        /// The text's language when the caller knows it (BCP 47); nil: the translator's, else detected.
        public var source: String?
        /// The text as segments with kept spans, when it has some (`text` is its `string`).
        public var spannedText: SpannedText?
        /// How `text` is written: `.html` is one document, its markup kept.
        public var format: TextFormat

        public init(_ text: String, id: String? = nil, source: String? = nil, format: TextFormat = .text) {
            self.text = text
            self.id = id
            self.source = source.map(LanguageTag.canonical)
            self.format = format
        }

        /// A text with kept spans: each comes back byte for byte in the response's `spannedTargetText`.
        public init(spannedText: SpannedText, id: String? = nil, source: String? = nil) {
            self.init(spannedText.string, id: id, source: source)
            self.spannedText = spannedText
        }

        /// The session's request for this text.
        var request: TranslationSession.Request {
            if let spannedText { return TranslationSession.Request(spannedText: spannedText) }
            return TranslationSession.Request(sourceText: text, format: format)
        }

        /// What language detection reads: the translatable text, spans aside.
        var detectable: String {
            spannedText?.translatableText ?? text
        }
    }

    /// What became of one text.
    public enum Outcome: Sendable {
        /// Passed through as it was: only whitespace (no language), or already in the target
        /// language (that language).
        case unchanged(language: String?)
        case translated(TranslationSession.Response)
        case failed(TranslationError)
    }

    /// One text's outcome, with its place in the batch.
    public struct Result: Sendable {
        /// The text's index in the batch.
        public let index: Int
        public let text: Text
        public let outcome: Outcome
    }

    /// The language every text is translated into.
    public nonisolated let targetTag: String
    /// The language of texts that name none, or nil to detect each.
    public nonisolated let sourceTag: String?
    /// What its sessions are made with (the catalog is read again for each new session).
    private let context: TranslationSession.Context
    private let consent: ConsentGate?
    private var sessions: [String: TranslationSession] = [:]
    /// Set by `cancel()`, which hosts call without `await`.
    private nonisolated let cancelled = Mutex(false)
    /// Requests a language's session works on at once (its pipelines keep order).
    static let requestsInFlight = 16

    /// A translator into `target` (nil: the engine's preferred language) from `source` (nil:
    /// detect), on `engine`, asking `consent` (nil: missing packs fail as `notInstalled`),
    /// installing through `manager` (nil: the engine's) and remembering in `memory` (nil: none);
    /// `strategy` chooses between engines where both translate a language; `glossary` (nil: the
    /// engine's environment's) marks the terms every text keeps.
    public init(to target: String?, from source: String? = nil, in engine: Engine, preference: EnginePreference = .auto,
                strategy: TranslationSession.Strategy = .highFidelity, consent: (any ConsentHandler)?, manager: PackManager? = nil,
                memory: TranslationMemory?, glossary: Glossary? = nil) {
        var context = TranslationSession.Context(catalog: nil, consent: consent, manager: manager ?? engine.packs, engine: preference,
                                                 memory: memory, in: engine)
        context.strategy = strategy
        if let glossary { context.glossary = glossary.isEmpty ? nil : glossary }
        self.init(to: target, from: source, context: context)
    }

    /// A translator for what a screen asks (Apple's `translationTask` configuration): its
    /// languages, engine preference and strategy, its memory only when it remembers
    /// translations. The app's runner starts one per configuration it is given, under the
    /// screen's key.
    public init(configuration: TranslationSession.Configuration, in engine: Engine, consent: (any ConsentHandler)?,
                manager: PackManager? = nil, memory: TranslationMemory?, glossary: Glossary? = nil) {
        self.init(to: configuration.targetTag, from: configuration.sourceTag, in: engine, preference: configuration.engine,
                  strategy: configuration.preferredStrategy, consent: consent, manager: manager,
                  memory: configuration.remembersTranslations ? memory : nil, glossary: glossary)
    }

    /// A translator with the engine's consent handler and memory.
    public init(to target: String?, from source: String? = nil, in engine: Engine, preference: EnginePreference = .auto) {
        self.init(to: target, from: source, in: engine, preference: preference, consent: engine.consentHandler, memory: engine.memory)
    }

    /// The one designated initialiser: sessions are made over `context`, each over the disk as
    /// it is then when there is a manager to read it, their consent questions merged by a
    /// `ConsentGate`.
    init(to target: String?, from source: String?, context: TranslationSession.Context) {
        targetTag = LanguageTag.canonical(target ?? context.preferredLanguage)
        sourceTag = source.map(LanguageTag.canonical)
        var context = context
        if context.manager != nil { context.catalog = nil }
        context.consent = context.consent.map(ConsentGate.init(host:))
        consent = context.consent as? ConsentGate
        self.context = context
    }

    /// Translates `texts`, each result as soon as it is ready (remembered and passed-through
    /// texts first); the stream ends when every text has its result. Cancelling the iteration
    /// cancels the work (downloads the user approved go on in the background).
    public nonisolated func translate(_ texts: [Text]) -> AsyncStream<Result> {
        AsyncStream { continuation in
            let task = Task {
                await self.translate(texts) { continuation.yield($0) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Every text's result, in input order.
    ///
    /// Collected in the caller's task (`translate(_:each:)`), without `translate(_:)`'s stream
    /// and the task behind it: `serve` and the CLI call this once per text. Cancelling the
    /// caller's task cancels the work, and the results so far come back once it has stopped.
    public func translations(of texts: [Text]) async -> [Result] {
        let results = Mutex<[Result]>([])
        await translate(texts) { result in results.withLock { $0.append(result) } }
        return results.withLock { $0 }.sorted { $0.index < $1.index }
    }

    /// One text's outcome.
    public func translate(_ text: String, source: String? = nil) async -> Outcome {
        await translations(of: [Text(text, source: source)]).first?.outcome ?? .unchanged(language: nil)
    }

    /// What the memory already holds for `texts`, read only (no index fetch, no consent, no
    /// download, no pipeline): the remembered results, in input order; texts passed through or
    /// not remembered have none.
    public func remembered(_ texts: [Text]) async -> [Result] {
        guard context.memory != nil else { return [] }
        var found: [Result] = []
        for (language, members) in groups(of: texts, detectable: await documentTexts(of: texts)).translate {
            if Task.isCancelled { break }
            let answers = await session(for: language).rememberedTranslations(for: members.map(\.text.request))
            for (member, answer) in zip(members, answers) {
                if let answer { found.append(Result(index: member.index, text: member.text, outcome: .translated(answer))) }
            }
        }
        return found.sorted { $0.index < $1.index }
    }

    /// Makes sure texts from `source` can be translated (the route checked, its packs asked for
    /// and installed), before any text: a host that knows its source says early what is wrong.
    public func prepare(from source: String) async throws {
        guard !LanguageNames.sameLanguage(source, targetTag) else { return }
        try await session(for: source).prepareTranslation()
    }

    // MARK: The work

    private struct Member: Sendable {
        var index: Int
        var text: Text
    }

    /// The batch sorted out: results known at once, and the texts to translate by language.
    /// The text of each HTML document whose language is to be detected, by index: what its
    /// deformatter leaves to translate, so markup is not read as words (a document that cannot
    /// be read is detected as it is, and fails later with the reason).
    private func documentTexts(of texts: [Text]) async -> [Int: String] {
        guard sourceTag == nil, texts.contains(where: { $0.format == .html && $0.source == nil }),
              let format = try? context.htmlFormat() else { return [:] }
        var found: [Int: String] = [:]
        for (index, text) in texts.enumerated() where text.format == .html && text.source == nil {
            if let document = try? await format.spannedText(of: text.text) { found[index] = document.translatableText }
        }
        return found
    }

    /// `detectable`: the text language detection reads for a text, by index, when not its own.
    private func groups(of texts: [Text], detectable: [Int: String] = [:]) -> (settled: [Result], translate: [(String, [Member])]) {
        var settled: [Result] = []
        var byLanguage: [String: [Member]] = [:]
        var order: [String] = []
        for (index, text) in texts.enumerated() {
            if text.text.allSatisfy(\.isWhitespace) {
                settled.append(Result(index: index, text: text, outcome: .unchanged(language: nil)))
                continue
            }
            let language: String
            if let known = text.source ?? sourceTag {
                language = known
            } else {
                let guess = context.recognizer.recognize(detectable[index] ?? text.detectable)
                guard !guess.isUndetermined else {
                    settled.append(Result(index: index, text: text, outcome: .failed(.unableToIdentifyLanguage)))
                    continue
                }
                language = guess.tag
            }
            if LanguageNames.sameLanguage(language, targetTag) {
                settled.append(Result(index: index, text: text, outcome: .unchanged(language: language)))
                continue
            }
            if byLanguage[language] == nil { order.append(language) }
            byLanguage[language, default: []].append(Member(index: index, text: text))
        }
        return (settled, order.map { ($0, byLanguage[$0] ?? []) })
    }

    /// Translates `texts` in the caller's task, handing each result to `yield` as soon as it is
    /// ready (remembered and passed-through texts first); returns when every text has had its
    /// result. A host with a task of its own (the app's runner) calls this rather than
    /// `translate(_:)`, so no second task stands between it and the work; cancelling the
    /// caller's task cancels the work.
    ///
    /// Each language's route is resolved once, and its texts run on it (`ResolvedRoute`): no
    /// text goes back to its session's or resolver's actor.
    public func translate(_ texts: [Text], each yield: @escaping @Sendable (Result) -> Void) async {
        let (settled, groups) = groups(of: texts, detectable: await documentTexts(of: texts))
        settled.forEach(yield)
        // Memory first, along each language's route over the packs on disk: what it holds is
        // shown before anything waits on a pipeline or a dialog.
        var pending: [(TranslationSession, ResolvedRoute?, [Member])] = []
        for (language, members) in groups {
            let session = session(for: language)
            let onDisk = await session.resolver.resolvedOnDisk(from: language, to: targetTag)
            var left = members
            if let onDisk, onDisk.memory != nil, !session.isCancelled {
                left = []
                for member in members {
                    if let answer = await onDisk.remembered(member.text.request) {
                        yield(Result(index: member.index, text: member.text, outcome: .translated(answer)))
                    } else {
                        left.append(member)
                    }
                }
            }
            if !left.isEmpty { pending.append((session, onDisk, left)) }
        }
        guard !pending.isEmpty, !Task.isCancelled else { return }
        // One consent request for every language of the batch: the gate holds each session's
        // question until all have asked or found nothing missing, then asks once.
        consent?.expect(pending.count)
        // One bounded loop over every text, in one task group: each language's texts run on its
        // route, at most `requestsInFlight` of a language at once. The route the memory was
        // asked along is the texts' when nothing could change it (no remote servers to probe),
        // and a memory means the pipelines are left to the first text it does not know, as
        // `prepareTranslation()` leaves them; else the session prepares it in a child of the
        // loop's own, so a language waiting for consent or an install holds up no other's.
        let lanes = pending.map { session, onDisk, members -> BoundedConcurrency.Lane<Language, Member> in
            if let onDisk, onDisk.memory != nil, session.resolver.remotes == nil {
                consent?.settled()
                return .init(members, .ready(Language(session: session, route: onDisk)))
            }
            let consent = self.consent
            return .init(members, .opening {
                do {
                    let route = try await session.preparedRoute()
                    consent?.settled()
                    return Language(session: session, route: route)
                } catch {
                    consent?.settled()
                    let failure = TranslationError(error)
                    for member in members { yield(Result(index: member.index, text: member.text, outcome: .failed(failure))) }
                    return nil
                }
            })
        }
        // Several texts in flight, each result as it comes; the memory was asked about them
        // already. Once a session is cancelled none of its texts starts.
        await BoundedConcurrency.forEach(lanes: lanes, width: Self.requestsInFlight) { language, member in
            do {
                guard !language.session.isCancelled else { throw TranslationError.alreadyCancelled }
                let response = try await language.route.translate(member.text.request, lookUp: false)
                return Result(index: member.index, text: member.text, outcome: .translated(response))
            } catch {
                return Result(index: member.index, text: member.text, outcome: .failed(TranslationError(error)))
            }
        } receive: { _, _, result in
            yield(result)
        }
    }

    /// A language of a batch, open: its session and the route its texts run on.
    private struct Language: Sendable {
        var session: TranslationSession
        var route: ResolvedRoute
    }

    /// The session of one source language, made on first use over the catalog as it is then.
    private func session(for language: String) -> TranslationSession {
        if let session = sessions[language] { return session }
        let session = TranslationSession(sourceTag: language, targetTag: targetTag, context: context)
        sessions[language] = session
        if cancelled.withLock({ $0 }) { session.cancel() }
        return session
    }

    /// Stops the translator at once: its texts fail with `alreadyCancelled` from now on, and the
    /// pack downloads its sessions started are cancelled. Synchronous, as a session's.
    public nonisolated func cancel() {
        cancelled.withLock { $0 = true }
        Task { await self.cancelSessions() }
    }

    private func cancelSessions() {
        for session in sessions.values { session.cancel() }
    }
}
