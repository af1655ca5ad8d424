import Foundation

/// Translates text offline through warm Apertium pipelines, with the names and semantics of
/// Apple's `TranslationSession`.
///
/// A nil source detects the language of each request; a nil target is the user's preferred
/// language. This first version translates with the pairs already on the machine (see
/// `InstalledPairs`); packs, consent and downloads come with the pack store.
public actor TranslationSession {
    /// One text to translate, with an identifier that comes back on its response.
    public struct Request: Sendable, Hashable {
        public var sourceText: String
        public var clientIdentifier: String?

        public init(sourceText: String, clientIdentifier: String? = nil) {
            self.sourceText = sourceText
            self.clientIdentifier = clientIdentifier
        }
    }

    /// A translation, with the route it took.
    public struct Response: Sendable, Hashable {
        public var sourceLanguage: Locale.Language
        public var targetLanguage: Locale.Language
        public var sourceText: String
        public var targetText: String
        public var clientIdentifier: String?
        /// The languages the text went through, source first: ["fr", "es", "en"] for a chain.
        public var route: [String]
    }

    /// The language of the texts, or nil to detect it per request.
    public nonisolated let sourceTag: String?
    /// The language to translate into.
    public nonisolated let targetTag: String

    private let pairs: InstalledPairs
    /// Built once: the pairs do not change during a session, and planning runs per request.
    private let availability: Availability
    private let pool: PipelinePool
    private let recognizer = LanguageRecognizer()
    private var isCancelled = false
    /// Longest one leg may take before its pipeline is restarted (and the request retried once).
    private let legTimeout: Duration = .seconds(30)

    /// A session from `source` (nil: detect) into `target` (nil: the user's preferred language).
    public init(source: Locale.Language?, target: Locale.Language?) {
        self.init(sourceTag: source.map(Self.tag(of:)), targetTag: target.map(Self.tag(of:)))
    }

    /// A session between BCP 47 tags; keeps variants (`ca-valencia`) that `Locale.Language` drops.
    public init(sourceTag: String?, targetTag: String?) {
        self.init(sourceTag: sourceTag, targetTag: targetTag,
                  pairs: InstalledPairs.scan(roots: InstalledPairs.roots()), pool: .shared)
    }

    init(sourceTag: String?, targetTag: String?, pairs: InstalledPairs, pool: PipelinePool) {
        self.sourceTag = sourceTag
        self.targetTag = targetTag ?? PreferredLanguage.fromEnvironment()
        self.pairs = pairs
        self.availability = Availability(packs: pairs.packs)
        self.pool = pool
    }

    /// "pt-BR" for Portuguese (Brazil); only an explicit region is kept.
    static func tag(of language: Locale.Language) -> String {
        let code = language.languageCode?.identifier ?? "und"
        guard let region = language.region?.identifier else { return code }
        return "\(code)-\(region)"
    }

    /// Translates one text.
    public func translate(_ string: String) async throws -> Response {
        try await translate(Request(sourceText: string))
    }

    /// Translates every request, one response per request, in request order.
    public func translations(from requests: [Request]) async throws -> [Response] {
        var responses: [Response] = []
        responses.reserveCapacity(requests.count)
        for request in requests {
            responses.append(try await translate(request))
        }
        return responses
    }

    /// Translates requests, yielding each response as it is ready; `clientIdentifier` ties them.
    public nonisolated func translate(batch: [Request]) -> AsyncThrowingStream<Response, Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for request in batch {
                        try Task.checkCancellation()
                        continuation.yield(try await self.translate(request))
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Stops the session: later requests throw `alreadyCancelled`.
    public func cancel() {
        isCancelled = true
    }

    private func translate(_ request: Request) async throws -> Response {
        guard !isCancelled else { throw TranslationError.alreadyCancelled }
        let text = request.sourceText
        guard !text.allSatisfy(\.isWhitespace) else { throw TranslationError.nothingToTranslate }
        let source = try sourceTag ?? detectedTag(of: text)
        let route = try plan(from: source, to: targetTag)
        var output = text
        for leg in route {
            guard let location = pairs.location(of: leg) else {
                throw TranslationError.internalError("no mode file for \(leg.mode)")
            }
            do {
                output = try await pool.pipeline(for: location).translate(output, timeout: legTimeout)
            } catch let error as PipelineError {
                throw TranslationError.internalError("\(leg.mode): \(error)")
            } catch let error as ModeFileError {
                throw TranslationError.internalError("\(leg.mode): \(error)")
            }
        }
        return Response(
            sourceLanguage: Locale.Language(identifier: source),
            targetLanguage: Locale.Language(identifier: targetTag),
            sourceText: text,
            targetText: output,
            clientIdentifier: request.clientIdentifier,
            route: [source] + route.map(\.target)
        )
    }

    private func detectedTag(of text: String) throws -> String {
        let guess = recognizer.recognize(text)
        guard !guess.isUndetermined else { throw TranslationError.unableToIdentifyLanguage }
        return guess.tag
    }

    private func plan(from source: String, to target: String) throws -> [Direction] {
        if let route = availability.planner.route(from: source, to: target) { return route }
        if !availability.supportedLanguages.contains(source) && LanguageTag.base(source) != LanguageTag.base(target) {
            throw TranslationError.unsupportedSourceLanguage(source)
        }
        throw TranslationError.unsupportedLanguagePairing(source: source, target: target)
    }
}

extension TranslationSession {
    /// Stops every warm pipeline of this process (their stages are killed and reaped).
    public static func shutdownPipelines() async {
        await PipelinePool.shared.shutdownAll()
    }
}
