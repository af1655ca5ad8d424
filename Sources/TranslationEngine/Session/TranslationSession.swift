import Foundation
import Synchronization

/// Translates text offline through warm Apertium pipelines and neural workers, with the names
/// and semantics of Apple's `TranslationSession`.
///
/// A nil source detects the language of each request; a nil target is the user's preferred
/// language. A route's legs may use either engine (`RoutePlanner` chooses; `engine` narrows
/// the choice); packs a route needs are asked for through the consent handler.
public actor TranslationSession {
    /// The language of the texts, or nil to detect it per request.
    public nonisolated let sourceTag: String?
    /// The language to translate into.
    public nonisolated let targetTag: String
    /// Which engines routes may use.
    public nonisolated let engine: EnginePreference
    /// Whether the session may ask to download packs (through its consent handler), as Apple's
    /// does; false for `init(installedSource:target:)` and sessions given no handler.
    public nonisolated let canRequestDownloads: Bool

    /// The source language, or nil when each text's is detected.
    public nonisolated var sourceLanguage: Locale.Language? {
        sourceTag.map(Locale.Language.init(identifier:))
    }

    /// The language the session translates into.
    public nonisolated var targetLanguage: Locale.Language? {
        Locale.Language(identifier: targetTag)
    }

    /// What the session was made with: its engine's parts, or a test's own.
    nonisolated let context: Context
    /// Plans, fetches, asks and installs: what a route may run on.
    let resolver: RouteResolver
    /// Runs a route's legs.
    let legs: LegRunner
    /// Where translations are remembered and looked up; nil: translate every text afresh.
    public nonisolated let memory: TranslationMemory?
    /// Set by `cancel()`, which Apple's callers call without `await`.
    private nonisolated let cancelled = Mutex(false)
    nonisolated var isCancelled: Bool { cancelled.withLock { $0 } }
    /// Requests of one call in flight together: enough to keep every stage of two pipelines busy.
    static let requestsInFlight = 16

    /// The one designated initialiser: every other one says where `context` comes from.
    init(sourceTag: String?, targetTag: String?, context: Context) {
        // Tags compare case-insensitively: made canonical here, every later comparison is plain.
        self.sourceTag = sourceTag.map(LanguageTag.canonical)
        self.targetTag = LanguageTag.canonical(targetTag ?? context.preferredLanguage)
        self.engine = context.engine
        self.canRequestDownloads = context.consent != nil && context.manager != nil
        self.context = context
        self.memory = context.memory
        let remotes = context.runtime?.remotes
        let legs = LegRunner(pool: context.pool, remotes: remotes)
        self.resolver = RouteResolver(catalog: context.currentCatalog(), engine: context.engine, ranking: context.strategy.ranking,
                                      consent: context.consent, manager: context.manager, memory: context.memory, remotes: remotes, legs: legs,
                                      spans: context.spans)
        self.legs = legs
    }

    /// Translates one text.
    public func translate(_ string: String) async throws -> Response {
        try await translate(Request(sourceText: string))
    }

    /// Translates an attributed text (Apple's iOS 26.4 method): runs marked `skipsTranslation`
    /// come back untouched, byte for byte and in order, and the rest is translated.
    public func translate(_ string: AttributedString) async throws -> Response {
        try await translate(Request(sourceText: string))
    }

    /// Translates every request, one response per request, in request order.
    ///
    /// Requests are translated several at a time (the pipelines keep order per pair), so a
    /// long list takes about as long as the `apertium` command on the same texts.
    public func translations(from requests: [Request]) async throws -> [Response] {
        try await BoundedConcurrency.map(requests, width: Self.requestsInFlight) { request async throws in
            try await self.translate(request)
        }
    }

    /// Translates requests, yielding each response as soon as it is ready (not necessarily in
    /// request order); `clientIdentifier` ties a response to its request. A failed request ends
    /// the stream with its error, as Apple's does.
    public nonisolated func translate(batch: [Request]) -> BatchResponse {
        BatchResponse(stream: AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    // Once cancelled no later request starts; the stream ends with the cancellation.
                    try await BoundedConcurrency.forEach(batch, width: Self.requestsInFlight,
                                                         beforeStart: { try Task.checkCancellation() }) { request async throws in
                        try await self.translate(request)
                    } receive: { _, response in
                        continuation.yield(response)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        })
    }

    /// Makes sure the route from the session's source to its target can run, and starts its
    /// pipelines so the first translation does not pay for their start. A session with a
    /// translation memory leaves them to the first text the memory does not know.
    ///
    /// - Throws: `unsupportedLanguagePairing` (or the source or target variant) when no route
    ///   exists, `notInstalled` naming the packs to install when one is missing and not
    ///   approved, `internalError` when a pipeline cannot start, and, as Apple's does,
    ///   `unableToIdentifyLanguage` with a nil source (there is no text to tell it from).
    public func prepareTranslation() async throws {
        _ = try await preparedRoute()
    }

    /// What `prepareTranslation()` makes sure of, as the route the session's texts then run on:
    /// the resolver plans, asks and installs, and without a memory the pipelines start.
    nonisolated func preparedRoute() async throws -> ResolvedRoute {
        guard !isCancelled else { throw TranslationError.alreadyCancelled }
        guard let sourceTag else { throw TranslationError.unableToIdentifyLanguage }
        let route = try await resolver.resolved(from: sourceTag, to: targetTag)
        if memory == nil { try await legs.start(route.route, pairs: route.pairs) }
        return route
    }

    /// Whether every pack of the route is installed, so translating can start. In a session
    /// that can request downloads this asks for them first, as Apple's does; with a nil source
    /// it is false (the source is known once a text is).
    public var isReady: Bool {
        get async {
            guard let sourceTag, !isCancelled else { return false }
            return (try? await resolver.route(from: sourceTag, to: targetTag)) != nil
        }
    }

    /// Stops the session at once: later requests throw `alreadyCancelled`, and pack downloads it
    /// started are cancelled. Synchronous, as Apple's.
    public nonisolated func cancel() {
        cancelled.withLock { $0 = true }
        Task { await self.resolver.cancelInstalls() }
    }

    /// Translates one request: its route resolved (the memory asked first, then the legs run).
    func translate(_ request: Request) async throws -> Response {
        guard !isCancelled else { throw TranslationError.alreadyCancelled }
        let text = request.sourceText
        guard !text.allSatisfy(\.isWhitespace) else { throw TranslationError.nothingToTranslate }
        let source = try sourceTag ?? detectedTag(of: request.spannedText?.translatableText ?? text)
        var response = try await resolver.resolved(from: source, to: targetTag).translate(request, lookUp: true)
        if let attributed = request.attributedSourceText {
            response.attributedSourceText = attributed
            response.attributedTargetText = AttributedSpans(attributed).attributedTarget(response.spannedTargetText, targetText: response.targetText)
        }
        return response
    }

    func detectedTag(of text: String) throws -> String {
        guard let tag = context.recognizer.recognize(text).reliableTag else { throw TranslationError.unableToIdentifyLanguage }
        return tag
    }
}
