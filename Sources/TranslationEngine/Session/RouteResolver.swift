import Foundation

/// Finds a session's routes and makes them runnable: plans over the catalog, fetches the
/// repository's index once when no route is known, asks consent for missing packs and installs
/// them, probes and approves remote servers, and keys the translation memory by the catalog's
/// pack versions. The session translates; this decides what a translation may run on.
///
/// An actor of its own, one per session: concurrent requests of a session share its one index
/// fetch, one question per pack set and one probe of the remote servers.
actor RouteResolver {
    /// The packs on disk and in the repository; read again after an install.
    var catalog: PackCatalog
    /// Built once per catalog: planning runs per request.
    var availability: Availability {
        didSet { plannedRoutes = [:] }
    }
    private var plannedRoutes: [String: [Direction]] = [:]
    /// Which engines routes may use.
    let engine: EnginePreference
    /// Which engine's routes win where both translate (the session's strategy).
    let ranking: RouteRanking
    /// Asked before packs are downloaded; without one, missing packs throw `notInstalled`.
    let consent: (any ConsentHandler)?
    let manager: PackManager?
    /// Installs under way, by the pack sets offered (see `InstallChoice`), so concurrent
    /// requests ask only once.
    private var installs: [InstallChoice: Task<Void, Error>] = [:]
    /// Choices the user said "not now" to in this session: not asked again.
    private var declined: Set<InstallChoice> = []
    /// The one fetch of the repository's index this session makes, shared by every request.
    private var indexFetch: Task<[PackIndex.Entry]?, Never>?
    private var indexApplied = false
    /// Where translations are remembered; nil: no keys are made.
    let memory: TranslationMemory?
    /// Whether the memory was asked to drop entries of packs this catalog no longer has.
    private var memoryCleaned = false
    /// The engine's remote servers (nil: none configured, or a test's session).
    let remotes: RemoteServers?
    /// Runs the legs of the routes it resolves.
    let legs: LegRunner
    /// What the routes it resolves keep in every text (the session's glossary), and their HTML.
    let spans: ResolvedRoute.Spans
    /// The one probe of the remote servers this session waits for, and whether it is applied.
    var remoteProbe: Task<[PackInfo], Never>?
    var remoteApplied = false
    /// Servers (`host:port` sets) the user allowed texts to go to, asked once each; questions
    /// under way; sets declined.
    var approvedServers: Set<[String]> = []
    var serverQuestions: [[String]: Task<Bool, Never>] = [:]
    var declinedServers: Set<[String]> = []

    init(catalog: PackCatalog, engine: EnginePreference, ranking: RouteRanking = .neuralFirst, consent: (any ConsentHandler)?,
         manager: PackManager?, memory: TranslationMemory?, remotes: RemoteServers?, legs: LegRunner, spans: ResolvedRoute.Spans = .none) {
        self.catalog = catalog
        self.availability = Availability(packs: catalog.packInfos, engine: engine, ranking: ranking)
        self.engine = engine
        self.ranking = ranking
        self.consent = consent
        self.manager = manager
        self.memory = memory
        self.remotes = remotes
        self.legs = legs
        self.spans = spans
    }

    var pairs: InstalledPairs {
        catalog.pairs
    }

    /// Cancels the pack downloads this resolver started (a cancelled session's).
    func cancelInstalls() {
        for install in installs.values { install.cancel() }
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
    /// the other engine alone, the strategy's engine first (neural unless it is `lowLatency`).
    private func choice(missing: [String], of route: [Direction], from source: String, to target: String) -> InstallChoice {
        guard engine == .auto else { return InstallChoice(first: missing) }
        let isNeural = route.contains { $0.engine == .neural }
        let other = RoutePlanner(packs: catalog.packInfos, engine: isNeural ? .apertium : .neural).route(from: source, to: target)
        let otherMissing = other.map(missingPacks(of:)) ?? []
        guard !otherMissing.isEmpty, otherMissing != missing else { return InstallChoice(first: missing) }
        let plannedFirst = isNeural == (ranking == .neuralFirst)
        return plannedFirst ? InstallChoice(first: missing, alternative: otherMissing) : InstallChoice(first: otherMissing, alternative: missing)
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
        let languages = availability.supportedLanguages
        if !languages.contains(source) && LanguageTag.base(source) != LanguageTag.base(target) {
            throw TranslationError.unsupportedSourceLanguage(source)
        }
        // A target no pack writes in any form is Apple's `unsupportedTargetLanguage`; one some
        // pack writes, but not from this source, is a pairing without a route.
        if !languages.contains(where: { LanguageTag.base($0) == LanguageTag.base(target) }) {
            throw TranslationError.unsupportedTargetLanguage(target)
        }
        throw TranslationError.unsupportedLanguagePairing(source: source, target: target)
    }

    /// `route(from:to:)` as a value the texts of one source run on without coming back here:
    /// once its packs are installed and its servers approved, it is the route on disk.
    func resolved(from source: String, to target: String) async throws -> ResolvedRoute {
        let route = try await route(from: source, to: target)
        guard let resolved = resolvedOnDisk(from: source, to: target) else { throw TranslationError.notInstalled(packs: missingPacks(of: route)) }
        return resolved
    }

    /// The planned route over the catalog as read, when all its packs are on disk: no index
    /// fetch, no install, no remote probe (what a batch asks the memory along, and translates
    /// on when nothing could change it). The first of a catalog also has the memory drop
    /// entries of packs no longer installed (in the background).
    func resolvedOnDisk(from source: String, to target: String) -> ResolvedRoute? {
        guard let route = try? plan(from: source, to: target), missingPacks(of: route).isEmpty else { return nil }
        if let memory, !memoryCleaned {
            memoryCleaned = true
            let installed = pairs.packVersions.union(remoteVersions.map { "\($0.key)@\($0.value)" })
            Task.detached(priority: .background) { await memory.removeEntries(notIn: installed) }
        }
        return ResolvedRoute(source: source, target: target, route: route, pairs: pairs, legs: legs, memory: memory,
                             versions: pairs.versions.merging(remoteVersions) { local, _ in local }, spans: spans)
    }
}
