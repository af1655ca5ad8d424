import Foundation
import Synchronization

/// One configured translation engine: an `EngineEnvironment` and what lives as long as it does:
/// the warm pipelines and workers, the translation memory, the pack manager, the language-ID
/// model and how downloads are consented to.
///
/// Sessions, availability and packs made `in:` an engine use its environment alone, so two
/// engines (two stores, two sets of repositories) work side by side in one process. Code written
/// from Apple's documentation (`TranslationSession(configuration:)`, `LanguageAvailability()`)
/// uses `Engine.default`, which a host may replace before making sessions.
public final class Engine: Sendable {
    /// What this engine was made with.
    public let environment: EngineEnvironment
    /// The translation memory of `environment.memory`, or nil.
    public let memory: TranslationMemory?
    let pool: PipelinePool
    /// The translation servers of `environment.remoteURLs`, probed on first use; nil without any.
    public let remotes: RemoteServers?
    private let state: Mutex<State>

    private struct State {
        var consent: (any ConsentHandler)?
        var secondOpinion: SecondOpinion??
        var packs: PackManager?
    }

    /// An engine over `environment`. `consentHandler` is how its sessions ask before downloading
    /// packs (nil refuses: a missing pack throws `notInstalled`); `memoryWarnings` hears the
    /// memory's troubles (a damaged file, a full disk), each once.
    public init(environment: EngineEnvironment, consentHandler: (any ConsentHandler)? = nil,
                memoryWarnings: TranslationMemory.WarningHandler? = nil) {
        self.environment = environment
        memory = environment.memory.map { TranslationMemory(settings: $0, warnings: memoryWarnings) }
        pool = PipelinePool(environment: environment)
        remotes = environment.remoteURLs.isEmpty ? nil : RemoteServers(urls: environment.remoteURLs, limits: environment.remoteLimits)
        state = Mutex(State(consent: consentHandler, secondOpinion: nil, packs: nil))
    }

    private static let current = Mutex<Engine?>(nil)

    /// The engine of sessions and availability made without one: by default one over
    /// `EngineEnvironment.fromProcess()` (no memory, no consent handler), made on first use.
    /// A host that sets another does so before it makes sessions; sessions keep the engine they
    /// were made with.
    public static var `default`: Engine {
        get {
            current.withLock { engine in
                if let engine { return engine }
                let made = Engine(environment: .fromProcess())
                engine = made
                return made
            }
        }
        set { current.withLock { $0 = newValue } }
    }

    /// How sessions of this engine ask before downloading packs: the app sets its modal dialog,
    /// a CLI a prompt or `--yes`; nil refuses (a missing pack throws `notInstalled`). Read when
    /// a session is made.
    public var consentHandler: (any ConsentHandler)? {
        get { state.withLock { $0.consent } }
        set { state.withLock { $0.consent = newValue } }
    }

    /// Installs, removes and lists the packs of `environment`'s store and repositories; made on
    /// first use (it tidies the store up when made), then the same one, so every session of the
    /// engine shares its index fetches and download events.
    public var packs: PackManager {
        state.withLock { state in
            if let packs = state.packs { return packs }
            let made = PackManager(environment: environment)
            state.packs = made
            return made
        }
    }

    /// The short-text language-ID model of `environment.languageIDModel`, loaded on first use;
    /// nil when there is none or it does not load (CLD2 then answers alone).
    public var secondOpinion: SecondOpinion? {
        if let loaded = state.withLock({ $0.secondOpinion }) { return loaded }
        // Loading reads a large file: outside the lock; two first users may both load it once.
        let loaded = environment.languageIDModel.flatMap { try? SecondOpinion(contentsOf: $0) }
        state.withLock { $0.secondOpinion = .some(loaded) }
        return loaded
    }

    /// A language recognizer with this engine's second opinion.
    public var recognizer: LanguageRecognizer {
        LanguageRecognizer(secondOpinion: secondOpinion)
    }

    /// The packs on disk and in the repositories as last known (no network round trip).
    public func catalog() -> PackCatalog {
        PackCatalog.load(environment)
    }

    /// The catalog with the remote servers' pairs (probed once, on first use).
    public func catalogWithRemotes() async -> PackCatalog {
        let catalog = catalog()
        guard let remotes else { return catalog }
        return catalog.with(remote: await remotes.packs())
    }

    /// Stops every warm pipeline and worker of this engine (their processes are killed and reaped).
    public func shutdown() async {
        await pool.shutdownAll()
    }
}
