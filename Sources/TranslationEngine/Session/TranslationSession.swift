import Foundation
import Synchronization

/// Translates text offline through warm Apertium pipelines and neural workers, with the names
/// and semantics of Apple's `TranslationSession`.
///
/// A nil source detects the language of each request; a nil target is the user's preferred
/// language. A route's legs may use either engine (`RoutePlanner` chooses; `engine` narrows
/// the choice); packs a route needs are asked for through the consent handler.
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
        public let sourceLanguage: Locale.Language
        public let targetLanguage: Locale.Language
        public let sourceText: String
        public let targetText: String
        public let clientIdentifier: String?
        /// The languages the text went through, source first: ["fr", "es", "en"] for a chain.
        public let route: [String]
        /// Words the engine did not know and left as they were, in order, each once.
        public let unknownWords: [String]
        /// Apertium's mark of each word of `unknownWords` its generator did not mark `*`: `#`
        /// for a word it could not inflect, `@` for one the bilingual dictionary lacks.
        public let unknownWordMarks: [String: Character]
        /// Each leg of `route` with the engine and pack that ran it: `route` says where the
        /// text went, `legs` how.
        public let legs: [Leg]
        /// Whether the translation came from the translation memory (the same text, route and
        /// pack versions translated before) instead of a pipeline or worker.
        public let isRemembered: Bool

        /// A response, as previews and tests make one; `route` defaults to source then target.
        public init(sourceLanguage: Locale.Language, targetLanguage: Locale.Language, sourceText: String, targetText: String,
                    clientIdentifier: String? = nil, route: [String]? = nil, unknownWords: [String] = [], unknownWordMarks: [String: Character] = [:], legs: [Leg] = [],
                    isRemembered: Bool = false) {
            self.sourceLanguage = sourceLanguage
            self.targetLanguage = targetLanguage
            self.sourceText = sourceText
            self.targetText = targetText
            self.clientIdentifier = clientIdentifier
            self.route = route ?? [TranslationSession.tag(of: sourceLanguage), TranslationSession.tag(of: targetLanguage)]
            self.unknownWords = unknownWords
            self.unknownWordMarks = unknownWordMarks
            self.legs = legs
            self.isRemembered = isRemembered
        }
    }

    /// The responses of `translate(batch:)`, each as soon as it is ready: `for try await`.
    public struct BatchResponse: AsyncSequence, Sendable {
        public typealias Element = Response
        let stream: AsyncThrowingStream<Response, Error>

        public struct AsyncIterator: AsyncIteratorProtocol {
            var base: AsyncThrowingStream<Response, Error>.Iterator

            public mutating func next() async throws -> Response? {
                try await base.next()
            }
        }

        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(base: stream.makeAsyncIterator())
        }
    }

    /// One leg of a response's route.
    public struct Leg: Sendable, Hashable {
        public var source: String
        public var target: String
        /// The engine that translated this leg.
        public var engine: PackEngine
        /// The pack whose pipeline or model ran it.
        public var pack: String

        public init(source: String, target: String, engine: PackEngine, pack: String) {
            self.source = source
            self.target = target
            self.engine = engine
            self.pack = pack
        }
    }

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

    /// The packs on disk and in the repository; read again after an install.
    var catalog: PackCatalog
    /// Built once per catalog: planning runs per request.
    var availability: Availability {
        didSet { plannedRoutes = [:] }
    }
    private var plannedRoutes: [String: [Direction]] = [:]
    let pool: PipelinePool
    /// Asked before packs are downloaded; without one, missing packs throw `notInstalled`.
    nonisolated let consent: (any ConsentHandler)?
    nonisolated let manager: PackManager?
    /// The engine the session was made in (nil for tests' sessions over a pool of their own).
    nonisolated let runtime: Engine?
    /// Installs under way, by the pack sets offered (see `InstallChoice`), so concurrent
    /// requests ask only once.
    private var installs: [InstallChoice: Task<Void, Error>] = [:]
    /// Choices the user said "not now" to in this session: not asked again.
    private var declined: Set<InstallChoice> = []
    /// The one fetch of the repository's index this session makes, shared by every request.
    private var indexFetch: Task<[PackIndex.Entry]?, Never>?
    private var indexApplied = false
    private let recognizer: LanguageRecognizer
    /// Where translations are remembered and looked up; nil: translate every text afresh.
    public nonisolated let memory: TranslationMemory?
    /// Whether the memory was asked to drop entries of packs this catalog no longer has.
    private var memoryCleaned = false
    /// The engine's remote servers (nil: none configured, or a test's session).
    nonisolated let remotes: RemoteServers?
    /// The one probe of the remote servers this session waits for, and whether it is applied.
    var remoteProbe: Task<[PackInfo], Never>?
    var remoteApplied = false
    /// Servers (`host:port` sets) the user allowed texts to go to, asked once each; questions
    /// under way; sets declined.
    var approvedServers: Set<[String]> = []
    var serverQuestions: [[String]: Task<Bool, Never>] = [:]
    var declinedServers: Set<[String]> = []
    /// Set by `cancel()`, which Apple's callers call without `await`.
    private nonisolated let cancelled = Mutex(false)
    var isCancelled: Bool { cancelled.withLock { $0 } }
    /// Longest one leg may take before its pipeline is restarted (and the request retried once).
    let legTimeout: Duration = .seconds(30)
    /// Requests of one call in flight together: enough to keep every stage of two pipelines busy.
    static let requestsInFlight = 16

    /// A session from `source` (nil: detect) into `target` (nil: the user's preferred language)
    /// of `engine` (by default `Engine.default`), asking for missing packs through the engine's
    /// consent handler.
    public init(source: Locale.Language?, target: Locale.Language?, in engine: Engine = .default) {
        self.init(sourceTag: source.map(Self.tag(of:)), targetTag: target.map(Self.tag(of:)), in: engine)
    }

    /// A session between languages already installed, as Apple's iOS 26 initializer: it never
    /// asks to download (`canRequestDownloads` is false); a missing pack throws `notInstalled`.
    public init(installedSource source: Locale.Language, target: Locale.Language? = nil, in engine: Engine = .default) {
        self.init(sourceTag: Self.tag(of: source), targetTag: target.map(Self.tag(of:)), consent: nil, manager: engine.packs,
                  memory: engine.memory, in: engine)
    }

    /// A session between BCP 47 tags of `engine` (keeps variants, `ca-valencia`, that
    /// `Locale.Language` drops), with the engine's consent handler, packs and memory.
    ///
    /// With a consent handler, a translation that needs packs asks it once for all the packs of
    /// its route, downloads them and carries on; without one it throws `notInstalled` naming them
    /// (the repositories' indexes are read first when no route is known, so a pair one download
    /// away is told from one with none).
    public init(sourceTag: String?, targetTag: String?, engine preference: EnginePreference = .auto, in engine: Engine = .default) {
        self.init(sourceTag: sourceTag, targetTag: targetTag, consent: engine.consentHandler, manager: engine.packs,
                  engine: preference, memory: engine.memory, in: engine)
    }

    /// A session between BCP 47 tags with its own consent handler (nil: a missing pack throws
    /// `notInstalled`), pack manager (nil: only the catalog as read, no index fetch, no
    /// download) and memory (nil: every text translated afresh), running on `engine`'s pipelines.
    public init(sourceTag: String?, targetTag: String?, consent: (any ConsentHandler)?, manager: PackManager?,
                engine preference: EnginePreference = .auto, memory: TranslationMemory? = nil, in engine: Engine = .default) {
        let catalog = manager?.catalog() ?? engine.catalog()
        self.init(sourceTag: sourceTag, targetTag: targetTag, catalog: catalog, consent: consent, manager: manager, engine: preference,
                  memory: memory, in: engine)
    }

    /// A session over a catalog the caller already read (several sessions made at once, one
    /// per language of a batch, need not each scan the disk and parse the index).
    public init(sourceTag: String?, targetTag: String?, catalog: PackCatalog, consent: (any ConsentHandler)?, manager: PackManager?,
                engine preference: EnginePreference = .auto, memory: TranslationMemory? = nil, in engine: Engine = .default) {
        self.init(sourceTag: sourceTag, targetTag: targetTag, catalog: catalog, pool: engine.pool, consent: consent, manager: manager,
                  engine: preference, memory: memory, recognizer: engine.recognizer, preferredLanguage: engine.environment.preferredLanguage,
                  runtime: engine)
    }

    init(sourceTag: String?, targetTag: String?, pairs: InstalledPairs, pool: PipelinePool, memory: TranslationMemory? = nil) {
        self.init(sourceTag: sourceTag, targetTag: targetTag,
                  catalog: PackCatalog(store: PackStore(root: "/nonexistent"), repositoryURL: nil, repository: nil, pairs: pairs),
                  pool: pool, consent: nil, manager: nil, memory: memory)
    }

    /// Tests' sessions: a pool of their own, and no memory unless the test passes one.
    init(sourceTag: String?, targetTag: String?, catalog: PackCatalog, pool: PipelinePool,
         consent: (any ConsentHandler)?, manager: PackManager?, engine: EnginePreference = .auto, memory: TranslationMemory? = nil,
         recognizer: LanguageRecognizer = LanguageRecognizer(), preferredLanguage: String = "en", runtime: Engine? = nil) {
        // Tags compare case-insensitively: made canonical here, every later comparison is plain.
        self.sourceTag = sourceTag.map(LanguageTag.canonical)
        self.targetTag = LanguageTag.canonical(targetTag ?? preferredLanguage)
        self.engine = engine
        self.canRequestDownloads = consent != nil && manager != nil
        self.catalog = catalog
        self.availability = Availability(packs: catalog.packInfos, engine: engine)
        self.pool = pool
        self.consent = consent
        self.manager = manager
        self.memory = memory
        self.recognizer = recognizer
        self.runtime = runtime
        self.remotes = runtime?.remotes
    }

    var pairs: InstalledPairs {
        catalog.pairs
    }

    /// "pt-BR" for Portuguese (Brazil), "zh-Hant-TW": the script and region given explicitly
    /// are kept (Locale.Language itself keeps no variant: `ca-ES-valencia` arrives as `ca-ES`;
    /// the tag initializers keep it).
    static func tag(of language: Locale.Language) -> String {
        var tag = language.languageCode?.identifier ?? "und"
        if let script = explicitScript(of: language) { tag += "-" + script }
        if let region = language.region?.identifier { tag += "-" + region }
        return LanguageTag.canonical(tag)
    }

    /// The script the language was made with, if one was named (`zh-Hans`, `sr-Latn`).
    /// `Locale.Language.script` answers the likely script of any language (`Latn` for `es`), so
    /// the stored components are read; where they cannot be, a script is kept only when it is
    /// not the language's likely one.
    static func explicitScript(of language: Locale.Language) -> String? {
        if let components = Mirror(reflecting: language).children.first(where: { $0.label == "components" })?.value,
           let stored = Mirror(reflecting: components).children.first(where: { $0.label == "script" }) {
            return (stored.value as? Locale.Script)?.identifier
        }
        guard let script = language.script, let code = language.languageCode else { return nil }
        return Locale.Language(identifier: code.identifier).script == script ? nil : script.identifier
    }

    /// Translates one text.
    public func translate(_ string: String) async throws -> Response {
        try await translate(Request(sourceText: string))
    }

    /// Translates every request, one response per request, in request order.
    ///
    /// Requests are translated several at a time (the pipelines keep order per pair), so a
    /// long list takes about as long as the `apertium` command on the same texts.
    public func translations(from requests: [Request]) async throws -> [Response] {
        var responses = [Response?](repeating: nil, count: requests.count)
        try await withThrowingTaskGroup(of: (Int, Response).self) { group in
            var next = 0
            for _ in 0..<min(Self.requestsInFlight, requests.count) {
                let index = next
                group.addTask { (index, try await self.translate(requests[index])) }
                next += 1
            }
            while let (index, response) = try await group.next() {
                responses[index] = response
                if next < requests.count {
                    let index = next
                    group.addTask { (index, try await self.translate(requests[index])) }
                    next += 1
                }
            }
        }
        return responses.compactMap { $0 }
    }

    /// Translates requests, yielding each response as soon as it is ready (not necessarily in
    /// request order); `clientIdentifier` ties a response to its request. A failed request ends
    /// the stream with its error, as Apple's does.
    public nonisolated func translate(batch: [Request]) -> BatchResponse {
        BatchResponse(stream: AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await withThrowingTaskGroup(of: Response.self) { group in
                        var next = 0
                        for _ in 0..<min(Self.requestsInFlight, batch.count) {
                            let request = batch[next]
                            group.addTask { try await self.translate(request) }
                            next += 1
                        }
                        while let response = try await group.next() {
                            continuation.yield(response)
                            if next < batch.count {
                                try Task.checkCancellation()
                                let request = batch[next]
                                group.addTask { try await self.translate(request) }
                                next += 1
                            }
                        }
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
        let route = try await prepareRoute()
        guard memory == nil else { return }
        for leg in route where leg.engine != .remote {
            do {
                if leg.engine == .neural, let package = pairs.neuralPackage(of: leg) {
                    try await pool.worker(for: package).start()
                } else if let location = pairs.location(of: leg) {
                    try await pool.pipeline(for: location).start()
                }
            } catch {
                throw TranslationError.internalError(in: leg.mode, error)
            }
        }
    }

    /// The route from the session's source to its target, its packs asked for and installed;
    /// no pipeline or worker is started.
    private func prepareRoute() async throws -> [Direction] {
        guard !isCancelled else { throw TranslationError.alreadyCancelled }
        guard let sourceTag else { throw TranslationError.unableToIdentifyLanguage }
        return try await route(from: sourceTag, to: targetTag)
    }

    /// Whether every pack of the route is installed, so translating can start. In a session
    /// that can request downloads this asks for them first, as Apple's does; with a nil source
    /// it is false (the source is known once a text is).
    public var isReady: Bool {
        get async {
            guard let sourceTag, !isCancelled else { return false }
            return (try? await route(from: sourceTag, to: targetTag)) != nil
        }
    }

    /// Stops the session at once: later requests throw `alreadyCancelled`, and pack downloads it
    /// started are cancelled. Synchronous, as Apple's.
    public nonisolated func cancel() {
        cancelled.withLock { $0 = true }
        Task { await self.cancelInstalls() }
    }

    private func cancelInstalls() {
        for install in installs.values { install.cancel() }
    }

    /// Translates one request; `lookUp: false` when the caller asked the memory already (the
    /// batch translator's memory-first pass), so one text counts one lookup.
    func translate(_ request: Request, lookUp: Bool = true) async throws -> Response {
        guard !isCancelled else { throw TranslationError.alreadyCancelled }
        let text = request.sourceText
        guard !text.allSatisfy(\.isWhitespace) else { throw TranslationError.nothingToTranslate }
        let source = try sourceTag ?? detectedTag(of: text)
        let route = try await route(from: source, to: targetTag)
        let key = memoryKey(of: text, from: source, along: route)
        if lookUp, let memory, let key, let entry = await memory.entry(for: key) {
            return response(to: request, from: source, along: route, entry: entry, remembered: true)
        }
        var output = text
        var unknown = UnknownWords.Collector()
        for leg in route {
            do {
                if leg.engine == .remote {
                    let translation = try await remoteTranslation(of: output, leg: leg)
                    output = translation.text
                    unknown.add(translation.unknownWords, marks: translation.marks)
                    continue
                }
                if leg.engine == .neural {
                    guard let package = pairs.neuralPackage(of: leg) else {
                        throw TranslationError.internalError("no installed model for \(leg.pack)")
                    }
                    output = try await pool.worker(for: package).translate(output, timeout: legTimeout)
                    continue
                }
                guard let location = pairs.location(of: leg) else {
                    throw TranslationError.internalError("no mode file for \(leg.mode)")
                }
                let translation = try await pool.pipeline(for: location).translation(of: output, timeout: legTimeout)
                output = translation.text
                unknown.add(translation.unknownWords, marks: translation.marks)
            } catch let error as ChildProcessError {
                throw TranslationError.internalError(in: leg.mode, error)
            } catch let error as ModeFileError {
                throw TranslationError.internalError(in: leg.mode, error)
            }
        }
        let entry = TranslationMemory.Entry(targetText: output, unknownWords: unknown.words, marks: unknown.marks)
        if let memory, let key { await memory.remember(entry, for: key) }
        return response(to: request, from: source, along: route, entry: entry, remembered: false)
    }

    func response(to request: Request, from source: String, along route: [Direction], entry: TranslationMemory.Entry,
                  remembered: Bool) -> Response {
        Response(
            sourceLanguage: Locale.Language(identifier: source),
            targetLanguage: Locale.Language(identifier: targetTag),
            sourceText: request.sourceText,
            targetText: entry.targetText,
            clientIdentifier: request.clientIdentifier,
            route: [source] + route.map(\.target),
            unknownWords: entry.unknownWords,
            unknownWordMarks: entry.marks,
            legs: zip([source] + route.map(\.target), route).map { Leg(source: $0, target: $1.target, engine: $1.engine, pack: $1.pack) },
            isRemembered: remembered
        )
    }

    /// The memory's key for `text` on `route`, or nil without a memory. The first key of a
    /// catalog also has the memory drop entries of packs no longer installed (in the background).
    func memoryKey(of text: String, from source: String, along route: [Direction]) -> MemoryKey? {
        guard let memory else { return nil }
        if !memoryCleaned {
            memoryCleaned = true
            let installed = pairs.packVersions.union(remoteVersions.map { "\($0.key)@\($0.value)" })
            Task.detached(priority: .background) { await memory.removeEntries(notIn: installed) }
        }
        return MemoryKey(text: text, source: source, route: route, versions: pairs.versions.merging(remoteVersions) { local, _ in local })
    }

    func detectedTag(of text: String) throws -> String {
        let guess = recognizer.recognize(text)
        guard !guess.isUndetermined else { throw TranslationError.unableToIdentifyLanguage }
        return guess.tag
    }

    /// The route with every pack on disk: missing packs are asked for (once) and installed,
    /// or `notInstalled` is thrown.
    func route(from source: String, to target: String) async throws -> [Direction] {
        await applyRemotes()
        let route = try await installedRoute(from: source, to: target)
        if route.contains(where: { $0.engine == .remote }) {
            try await approveServers(of: route, reason: "\(LanguageNames.name(of: source)) -> \(LanguageNames.name(of: target))")
        }
        return route
    }

    /// The route with every pack on disk (remote legs not yet approved).
    private func installedRoute(from source: String, to target: String) async throws -> [Direction] {
        let route: [Direction]
        do {
            route = try plan(from: source, to: target)
        } catch let error as TranslationError {
            // The repository's index may not be known yet (an http repository never fetched):
            // fetch it once per session before saying there is no route.
            guard let manager else { throw error }
            if indexFetch == nil { indexFetch = Task { try? await manager.availablePacks() } }
            // Whichever waiting request resumes first applies the index, once.
            if let packs = await indexFetch?.value, !indexApplied {
                indexApplied = true
                catalog = catalog.with(repository: PackIndex(packs: packs))
                rebuildAvailability()
            }
            route = try plan(from: source, to: target)
        }
        let missing = missingPacks(of: route)
        guard !missing.isEmpty else { return route }
        try await install(choice(missing: missing, of: route, from: source, to: target),
                          reason: "\(LanguageNames.name(of: source)) -> \(LanguageNames.name(of: target))")
        return try plan(from: source, to: target)
    }

    /// What the consent dialog offers: the packs to download, and those of another route on
    /// the other engine when one exists; the neural route is always first (the default button).
    struct InstallChoice: Hashable {
        var first: [String]
        var alternative: [String] = []
    }

    /// The packs of `route` not on disk, in route order, each once.
    func missingPacks(of route: [Direction]) -> [String] {
        var missing: [String] = []
        for pack in route.map(\.pack) where availability.planner.graph.packs[pack]?.installed != true && !missing.contains(pack) {
            missing.append(pack)
        }
        return missing
    }

    /// The planned route's missing packs and, when the engine is `auto`, the best route's on
    /// the other engine alone, neural first.
    private func choice(missing: [String], of route: [Direction], from source: String, to target: String) -> InstallChoice {
        guard engine == .auto else { return InstallChoice(first: missing) }
        let isNeural = route.contains { $0.engine == .neural }
        let other = RoutePlanner(packs: catalog.packInfos, engine: isNeural ? .apertium : .neural).route(from: source, to: target)
        let otherMissing = other.map(missingPacks(of:)) ?? []
        guard !otherMissing.isEmpty, otherMissing != missing else { return InstallChoice(first: missing) }
        return isNeural ? InstallChoice(first: missing, alternative: otherMissing) : InstallChoice(first: otherMissing, alternative: missing)
    }

    /// Asks for consent once per choice and waits for the install of what the user chose.
    private func install(_ choice: InstallChoice, reason: String) async throws {
        if let running = installs[choice] {
            try await running.value
            refreshCatalog()
            return
        }
        guard let consent, let manager, !declined.contains(choice) else { throw TranslationError.notInstalled(packs: choice.first) }
        let entries = { (ids: [String]) in ids.compactMap { self.catalog.repository?.entry($0) } }
        let (first, alternative, repository) = (entries(choice.first), entries(choice.alternative), catalog.repositoryURL)
        let task = Task {
            // Sizes the repository does not publish (Argos's) come from the server, when it says.
            let request = ConsentRequest(reason: reason, packs: await manager.withSizes(first), repository: repository,
                                         alternative: await manager.withSizes(alternative))
            let packs: [String]
            switch await consent.requestConsent(request) {
            case .download: packs = choice.first
            // A host that merged several requests answers all alike: without an alternative,
            // "instead" means this request's own packs.
            case .downloadAlternative: packs = choice.alternative.isEmpty ? choice.first : choice.alternative
            default: throw TranslationError.notInstalled(packs: choice.first)
            }
            do {
                try await manager.download(packs)
            } catch let error as PackError {
                throw TranslationError.downloadFailed(error)
            }
        }
        installs[choice] = task
        defer { installs[choice] = nil }
        do {
            try await task.value
        } catch let error as TranslationError where error == .notInstalled {
            declined.insert(choice)
            throw error
        }
        refreshCatalog()
    }

    /// Reads the disk again (after an install), unless another request already did since.
    private func refreshCatalog() {
        let installed = Set(catalog.store.installed().map(\.id))
        let known = catalog.pairs.storeIDs
        guard !installed.isSubset(of: known) else { return }
        catalog = catalog.rescanned()
        rebuildAvailability()
        memoryCleaned = false
    }

    /// The route, or why there is none (routes found are remembered until the catalog changes).
    func plan(from source: String, to target: String) throws -> [Direction] {
        let key = source + ">" + target
        if let route = plannedRoutes[key] { return route }
        if let route = availability.planner.route(from: source, to: target) {
            plannedRoutes[key] = route
            return route
        }
        if !availability.supportedLanguages.contains(source) && LanguageTag.base(source) != LanguageTag.base(target) {
            throw TranslationError.unsupportedSourceLanguage(source)
        }
        throw TranslationError.unsupportedLanguagePairing(source: source, target: target)
    }
}

extension TranslationSession {
    /// Stops every warm pipeline of the default engine (their stages are killed and reaped).
    public static func shutdownPipelines() async {
        await Engine.default.shutdown()
    }
}
