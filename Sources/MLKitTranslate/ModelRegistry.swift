import Foundation
import Synchronization
import TranslationEngine

/// The models of one configuration: which are downloaded, their downloads and deletions, and the
/// sessions translators translate with. `Translator` and `ModelManager` are ML Kit's surfaces
/// over the one `ModelRegistry.shared`.
///
/// What is on disk is read again on every question (a pack may come or go through another
/// process, `hike-reviews packs install` for one), so the answers are the current state.
actor ModelRegistry {
    /// The engine whose store, repositories and pipelines the models live in.
    nonisolated let engine: Engine
    /// Whether the network is metered now (asked only before a download over the network that
    /// the conditions allow on unmetered networks only).
    nonisolated let networkMetering: @Sendable () -> NetworkMetering
    private let manager: PackManager
    /// Downloads under way, by language: a second request for a model waits for the first.
    private var downloads: [TranslateLanguage: Task<Void, any Error>] = [:]
    /// The engine's batch translator per translator's languages, with the packs on disk it was
    /// made over (its sessions read the catalog once): a change on disk makes a new one.
    private var translators: [TranslatorOptions: (installed: Set<String>, translator: BatchTranslator)] = [:]

    /// The registry of `Engine.default`, unless `use(_:networkMetering:)` named another engine.
    private static let current = Mutex<(chosen: ModelRegistry?, ofDefault: ModelRegistry?)>((nil, nil))

    /// The registry in use: of the engine `use` named, else of `Engine.default` (made again when
    /// the host replaces the default engine).
    static var shared: ModelRegistry {
        let engine = Engine.default
        return current.withLock { current in
            if let chosen = current.chosen { return chosen }
            if let registry = current.ofDefault, registry.engine === engine { return registry }
            let registry = ModelRegistry(engine: engine)
            current.ofDefault = registry
            return registry
        }
    }

    /// Makes `engine` the one ML Kit's surfaces use from now on (nil: `Engine.default` again):
    /// the hook tests use, since they share one process and one `ModelManager`.
    @discardableResult
    static func use(_ engine: Engine?, networkMetering: (@Sendable () -> NetworkMetering)? = nil) -> ModelRegistry? {
        let registry = engine.map { ModelRegistry(engine: $0, networkMetering: networkMetering) }
        current.withLock { $0.chosen = registry }
        return registry
    }

    init(engine: Engine, networkMetering: (@Sendable () -> NetworkMetering)? = nil) {
        self.engine = engine
        let path = engine.environment.childEnvironment["PATH"] ?? EngineEnvironment.systemPath
        self.networkMetering = networkMetering ?? { NetworkMetering.probe(path: path) }
        manager = engine.packs
    }

    /// The packs on disk and in the repositories' last known indexes.
    nonisolated func catalog() -> PackCatalog {
        engine.catalog()
    }

    /// `language`'s model as it stands now.
    nonisolated func plan(_ language: TranslateLanguage) -> ModelPlan {
        ModelPlan(language, planner: catalog().routePlanner())
    }

    /// The languages of `TranslateLanguage.allLanguages()` whose models are downloaded (English's always).
    nonisolated func downloadedLanguages() -> Set<TranslateLanguage> {
        let planner = catalog().routePlanner()
        return TranslateLanguage.allLanguages().filter { ModelPlan($0, planner: planner).isDownloaded }
    }

    // MARK: Downloads

    /// Downloads what `language`'s model lacks, then posts `.mlkitModelDownloadDidSucceed` (also
    /// when nothing was missing) or `.mlkitModelDownloadDidFail`.
    func download(_ language: TranslateLanguage, conditions: ModelDownloadConditions, progress: DownloadProgress? = nil) async throws {
        let model = TranslateRemoteModel.translateRemoteModel(language: language)
        do {
            if let running = downloads[language] {
                try await running.value
            } else {
                let task = Task { try await self.fetch(language, conditions: conditions, progress: progress) }
                downloads[language] = task
                defer { downloads[language] = nil }
                try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
            }
            // Only now, with the model checked on disk, does the progress finish (its last unit).
            progress?.finish()
            ModelDownloadNotification.postSucceeded(model)
        } catch {
            let reported = Self.reported(error, for: model)
            ModelDownloadNotification.postFailed(model, error: reported)
            throw reported
        }
    }

    private func fetch(_ language: TranslateLanguage, conditions: ModelDownloadConditions, progress: DownloadProgress?) async throws {
        var catalog = self.catalog()
        var plan = ModelPlan(language, planner: catalog.routePlanner())
        guard !plan.isDownloaded else { return }
        if !plan.isReachable {
            // An http repository's index may never have been fetched (only its cached copy is
            // read without a round trip): read every repository once before saying there is none.
            do {
                _ = try await manager.availablePacks()
            } catch {
                throw noModel(plan, because: "the repositories could not be read: \(MLKitError.message(of: error))")
            }
            catalog = self.catalog()
            plan = ModelPlan(language, planner: catalog.routePlanner())
            guard plan.isReachable else { throw noModel(plan, because: nil) }
            guard !plan.isDownloaded else { return }
        }
        let entries = plan.missing.compactMap { catalog.repository?.entry($0) }
        try await checkNetwork(conditions, plan: plan, entries: entries)
        // Argos's index gives no sizes: the server's, when it says them, make the progress a fraction.
        progress?.expect(await manager.withSizes(entries).map { ($0.id, $0.size) })
        do {
            // One pack at a time, so each pack's install units complete once it is on disk.
            for id in plan.missing {
                try await manager.download([id], progress: { id, bytes, total in progress?.update(id: id, bytes: bytes, total: total) })
                progress?.installed(id)
            }
        } catch {
            if case .cancelled = error {
                throw MLKitError.make(.cancelled, "The download of the \(language) model was cancelled; nothing of it was installed")
            }
            throw MLKitError.make(.unavailable, "Could not download the \(language) model (\(plan.pairName): \(MLKitError.list(plan.missing)))",
                                  reason: error.description)
        }
        let after = self.plan(language)
        guard after.isDownloaded else {
            throw MLKitError.make(.internal, "The \(language) model is still incomplete after its download: \(MLKitError.list(after.missing)) missing")
        }
    }

    /// Refuses a download over a metered network when the conditions allow unmetered ones only;
    /// packs from a file: repository use no network.
    private func checkNetwork(_ conditions: ModelDownloadConditions, plan: ModelPlan, entries: [PackIndex.Entry]) async throws {
        guard !conditions.allowsCellularAccess, entries.contains(where: { !$0.url.isFileURL }) else { return }
        let probe = networkMetering
        // nmcli may take a moment: not on the cooperative pool.
        let state = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async { continuation.resume(returning: probe()) }
        }
        guard case .metered(let devices) = state else { return }
        throw MLKitError.make(.failedPrecondition,
                              "Not downloading the \(plan.language) model (\(Self.sizes(of: entries))): the network is metered (NetworkManager: \(devices)) and the download conditions do not allow cellular access",
                              suggestion: "Download it on an unmetered network, or with ModelDownloadConditions(allowsCellularAccess: true, allowsBackgroundDownloading: ...)")
    }

    private func noModel(_ plan: ModelPlan, because reason: String?) -> NSError {
        let repositories = engine.environment.repositoryURLs.map { PackIndex.origin(of: $0) }.joined(separator: ", ")
        return MLKitError.make(.notFound,
                               "There is no \(plan.language) model: no pack joins \(plan.language) and English (\(plan.unreachableDirections.joined(separator: ", ")) has no route) on disk or in the repositories (\(repositories.isEmpty ? "none set" : repositories))",
                               reason: reason, suggestion: "Name a repository that has it in the engine's environment (EngineEnvironment.repositoryURLs)")
    }

    /// "translate-de_en (12.3 MB), translate-en_de (size unknown)".
    private static func sizes(of entries: [PackIndex.Entry]) -> String {
        entries.map { entry in
            entry.sizeIsKnown ? "\(entry.id) (\(String(format: "%.1f", Double(entry.size) / 1_000_000)) MB)" : "\(entry.id) (size unknown)"
        }.joined(separator: ", ")
    }

    /// The error a download reports: ours as they are, anything else wrapped with its message.
    private static func reported(_ error: any Error, for model: TranslateRemoteModel) -> NSError {
        if (error as NSError).domain == MLKitErrorDomain { return error as NSError }
        if error is CancellationError { return MLKitError.make(.cancelled, "The download of \(model) was cancelled") }
        return MLKitError.make(.internal, "The download of \(model) failed: \(MLKitError.message(of: error))")
    }

    // MARK: Deletion

    /// Removes the packs of `language`'s routes to and from English that are on disk, keeping
    /// those another downloaded model's routes use unless nothing else would undo this model.
    func delete(_ language: TranslateLanguage) async throws {
        guard language != .english else {
            throw MLKitError.make(.invalidArgument, "English is built in: its model cannot be deleted")
        }
        // A removal can leave another route on disk (a neural model and an Apertium pair both
        // installed): again until no route of this model is.
        for _ in 0..<8 {
            let catalog = self.catalog()
            let planner = catalog.routePlanner()
            let plan = ModelPlan(language, planner: planner)
            let onDisk = Self.installedRoutePacks(of: plan, planner: planner)
            guard !onDisk.isEmpty else { return }
            let system = Set(catalog.systemPacks.map(\.id))
            let removable = onDisk.filter { !system.contains($0) }
            guard !removable.isEmpty else {
                throw MLKitError.make(.failedPrecondition,
                                      "The \(language) model is installed system-wide by Debian (\(MLKitError.list(onDisk))) and cannot be deleted from here",
                                      suggestion: "Remove the Debian packages: apt remove \(onDisk.map { "apertium-" + $0 }.joined(separator: " "))")
            }
            var protected: Set<String> = []
            for other in TranslateLanguage.allLanguages() where other != language && other != .english {
                let otherPlan = ModelPlan(other, planner: planner)
                if otherPlan.isDownloaded { protected.formUnion(otherPlan.packs) }
            }
            let own = removable.filter { !protected.contains($0) }
            do {
                try await manager.remove(own.isEmpty ? removable : own)
            } catch {
                throw MLKitError.make(.internal, "Could not delete the \(language) model (\(MLKitError.list(removable)))", reason: error.description)
            }
        }
        throw MLKitError.make(.internal, "Could not delete the \(language) model: its packs are still on disk")
    }

    /// The packs of those of the plan's routes whose every pack is on disk.
    private static func installedRoutePacks(of plan: ModelPlan, planner: RoutePlanner) -> [String] {
        var packs: [String] = []
        for route in [plan.toEnglish, plan.fromEnglish].compactMap({ $0 })
        where route.allSatisfy({ planner.graph.packs[$0.pack]?.installed == true }) {
            for leg in route where !packs.contains(leg.pack) { packs.append(leg.pack) }
        }
        return packs
    }

    // MARK: Translation

    /// Translates `text` with packs on disk only: a missing model is an error that names it.
    func translate(_ text: String, options: TranslatorOptions) async throws -> String {
        // ML Kit hands back what has no words; TranslationSession would call it nothing to translate.
        if text.allSatisfy(\.isWhitespace) { return text }
        let (source, target) = (options.sourceLanguage, options.targetLanguage)
        let pair = "\(source) → \(target)"
        guard source != target else {
            throw MLKitError.make(.invalidArgument, "Cannot translate \(pair): the source and target languages are the same")
        }
        let catalog = self.catalog()
        let planner = catalog.routePlanner()
        guard let route = planner.route(from: source.engineTag, to: target.engineTag) else {
            throw MLKitError.make(.notFound, "No offline route for \(pair): no pack, or chain of packs, joins them on disk or in the repositories' last known indexes",
                                  suggestion: "Download the models of both languages first (downloadModelIfNeeded)")
        }
        var missing: [String] = []
        for leg in route where planner.graph.packs[leg.pack]?.installed != true && !missing.contains(leg.pack) {
            missing.append(leg.pack)
        }
        guard missing.isEmpty else {
            let models = [source, target].filter { $0 != .english && !ModelPlan($0, planner: planner).isDownloaded }
            let needs = switch models.count {
            case 0: "packs that are not on disk"
            case 1: "the \(models[0]) model, which is not downloaded"
            default: "the \(models[0]) and \(models[1]) models, which are not downloaded"
            }
            throw MLKitError.make(.failedPrecondition, "Translating \(pair) needs \(needs) (\(MLKitError.list(missing)))",
                                  suggestion: "Call downloadModelIfNeeded(with:completion:) first")
        }
        let installed = Set(planner.graph.packs.values.filter(\.installed).map(\.id))
        let translator: BatchTranslator
        if let cached = translators[options], cached.installed == installed {
            translator = cached.translator
        } else {
            // Downloads are downloadModelIfNeeded's: the translator never asks for one.
            translator = BatchTranslator(to: target.engineTag, from: source.engineTag, in: engine, consent: nil, manager: manager,
                                         memory: engine.memory)
            translators[options] = (installed, translator)
        }
        switch await translator.translate(text) {
        case .translated(let response): return response.targetText
        case .unchanged: return text
        case .failed(let error):
            throw MLKitError.make(.internal, "Translating \(pair) failed: \(MLKitError.message(of: error))")
        }
    }
}
