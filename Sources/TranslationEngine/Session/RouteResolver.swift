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
    /// The one probe of the remote servers this session waits for, and whether it is applied.
    var remoteProbe: Task<[PackInfo], Never>?
    var remoteApplied = false
    /// Servers (`host:port` sets) the user allowed texts to go to, asked once each; questions
    /// under way; sets declined.
    var approvedServers: Set<[String]> = []
    var serverQuestions: [[String]: Task<Bool, Never>] = [:]
    var declinedServers: Set<[String]> = []

    init(catalog: PackCatalog, engine: EnginePreference, consent: (any ConsentHandler)?, manager: PackManager?,
         memory: TranslationMemory?, remotes: RemoteServers?) {
        self.catalog = catalog
        self.availability = Availability(packs: catalog.packInfos, engine: engine)
        self.engine = engine
        self.consent = consent
        self.manager = manager
        self.memory = memory
        self.remotes = remotes
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

    /// The planned route over the catalog as read, when all its packs are on disk: no index
    /// fetch, no install (what the memory is asked about without translating).
    func installedPlan(from source: String, to target: String) -> [Direction]? {
        guard let route = try? plan(from: source, to: target), missingPacks(of: route).isEmpty else { return nil }
        return route
    }

    /// The memory's key for `text` on `route`, or nil without a memory. The first key of a
    /// catalog also has the memory drop entries of packs no longer installed (in the background).
    func memoryKey(of text: String, from source: String, along route: [Direction], spanned: Bool = false) -> MemoryKey? {
        guard let memory else { return nil }
        if !memoryCleaned {
            memoryCleaned = true
            let installed = pairs.packVersions.union(remoteVersions.map { "\($0.key)@\($0.value)" })
            Task.detached(priority: .background) { await memory.removeEntries(notIn: installed) }
        }
        return MemoryKey(text: text, source: source, route: route, versions: pairs.versions.merging(remoteVersions) { local, _ in local },
                         spanned: spanned)
    }
}
