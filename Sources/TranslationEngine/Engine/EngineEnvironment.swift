import Foundation

/// Everything the engine is configured with, as one value: where packs live and come from,
/// whether the network may be used, the pipelines' budget, the translation memory, the neural
/// runtime, the language-ID model, the user's language and what child processes start with.
///
/// A host builds one (from its flags, its settings, or `fromProcess()`) and makes an `Engine`
/// of it; two engines with two environments live side by side in one process. Nothing in
/// TranslationEngine reads the process environment but `fromProcess()`.
public struct EngineEnvironment: Sendable {
    /// The warm pipelines' and neural workers' limits.
    public struct Pipelines: Sendable, Equatable {
        /// Bytes of PSS the running pipelines and workers may use together.
        public var memoryBudget: Int
        /// How long a pipeline or worker may sit unused before its processes stop.
        public var idleTimeout: Duration
        /// CTranslate2's intra-op threads per neural worker.
        public var neuralThreads: Int
        /// Pipelines per mode file at most (`defaultReplicas`).
        public var maxReplicas: Int
        /// The library preloaded into Apertium's HMM tagger so that, after a text that changed
        /// it, it is set back rather than replaced by a fresh process (`TaggerReset`); nil: replaced.
        public var taggerReset: String?
        /// The malloc preloaded into the busiest Apertium stages (`StageAllocator`: tcmalloc, when
        /// Debian's `libtcmalloc-minimal4` is installed); nil: the stages keep glibc's.
        public var stageAllocator: String?

        /// One Apertium pipeline keeps about two cores busy by itself (its stages run side by
        /// side), so a second one for the same pair starts only where there are four cores or
        /// more: on two, 3,000 review lines cost 1.24x `apertium -u`'s CPU with a second
        /// pipeline against 1.05x with one, in 1.47x its wall time against 1.08x.
        public static let defaultReplicas = ProcessInfo.processInfo.activeProcessorCount >= 4 ? 2 : 1

        /// 768 MB, 300 s, one thread (on two loaded cores two were slower than one), and
        /// `defaultReplicas`.
        public init(memoryBudget: Int = 768 << 20, idleTimeout: Duration = .seconds(300), neuralThreads: Int = 1,
                    maxReplicas: Int = Pipelines.defaultReplicas,
                    taggerReset: String? = TaggerReset.besideExecutable, stageAllocator: String? = StageAllocator.installed) {
            self.memoryBudget = memoryBudget
            self.idleTimeout = idleTimeout
            self.neuralThreads = neuralThreads
            self.maxReplicas = maxReplicas
            self.taggerReset = taggerReset
            self.stageAllocator = stageAllocator
        }
    }

    /// The folder of installed packs.
    public var store: PackStore
    /// The pack repositories' indexes, in order of preference (the first wins on the same id).
    public var repositoryURLs: [URL]
    /// Which of `repositoryURLs` is the public Argos index: asked with a short deadline, never
    /// offline, and its failure fails nothing else. Ignored when it is not among them.
    public var publicIndexURL: URL?
    /// Refuse every network download (file:// repositories still work).
    public var offline: Bool
    /// Folders laid out like /usr/share/apertium whose pairs count as installed, in order.
    public var pairRoots: [String]
    /// Whether Debian's own pairs under /usr/share/apertium count as installed (after `pairRoots`).
    public var includesSystemPairs: Bool
    /// When a silent or trickling download is given up.
    public var downloadLimits: DownloadLimits
    /// The pipelines' and workers' limits.
    public var pipelines: Pipelines
    /// The translation memory's file and size; nil: no memory (every text translated afresh).
    public var memory: TranslationMemory.Settings?
    /// The Python and script neural workers run with; nil: neural packs cannot run here.
    public var neuralRuntime: NeuralRuntime?
    /// The short-text language-ID model (`SecondOpinion`); nil: CLD2 alone.
    public var languageIDModel: URL?
    /// The language a session with no target translates into (BCP 47).
    public var preferredLanguage: String
    /// The variables child processes (Apertium stages, neural workers) start with; `PATH` among
    /// them is where a mode file's programs are looked up. The locale is pinned to C.UTF-8 on
    /// the way (`ChildProcess.environment`).
    public var childEnvironment: [String: String]
    /// Translation servers (LibreTranslate or Apertium-APy, told apart by probing) whose pairs
    /// are legs of engine `remote`: after installed packs, before downloads. Texts go to them
    /// only with consent, as downloads do.
    public var remoteURLs: [URL] = []
    /// How remote servers are probed, waited for and left out when they fail.
    public var remoteLimits = RemoteLimits()
    /// Terms every translation keeps (or translates one fixed way); nil: none.
    public var glossary: Glossary?
    /// The variables `fromProcess()` could not use (each left its default); empty for an
    /// environment built in code. The host reports them: the engine prints nothing.
    public var problems: [SettingProblem] = []

    /// An environment over `store`; everything else has a default that reads nothing from the
    /// process: no repositories, online, Debian's pairs counted, no memory, no neural runtime,
    /// no language-ID model, English, and a PATH of the system's folders.
    public init(store: PackStore, repositoryURLs: [URL] = [], publicIndexURL: URL? = nil, offline: Bool = false,
                pairRoots: [String] = [], includesSystemPairs: Bool = true, downloadLimits: DownloadLimits = DownloadLimits(),
                pipelines: Pipelines = Pipelines(), memory: TranslationMemory.Settings? = nil, neuralRuntime: NeuralRuntime? = nil,
                languageIDModel: URL? = nil, preferredLanguage: String = "en",
                childEnvironment: [String: String] = ["PATH": EngineEnvironment.systemPath]) {
        self.store = store
        self.repositoryURLs = repositoryURLs
        self.publicIndexURL = publicIndexURL
        self.offline = offline
        self.pairRoots = pairRoots
        self.includesSystemPairs = includesSystemPairs
        self.downloadLimits = downloadLimits
        self.pipelines = pipelines
        self.memory = memory
        self.neuralRuntime = neuralRuntime
        self.languageIDModel = languageIDModel
        self.preferredLanguage = preferredLanguage
        self.childEnvironment = childEnvironment
    }

    /// Where programs are looked up when the host gives no PATH.
    public static let systemPath = ChildProcess.systemPath

    /// Debian's own pairs' data root.
    public static let systemPairRoot = ModeFile.installedPrefix

    /// Every data root whose mode files count, in order: `pairRoots`, then Debian's.
    public var pairDataRoots: [String] {
        pairRoots + (includesSystemPairs ? [Self.systemPairRoot] : [])
    }

    /// The public index when it is one of the repositories.
    var publicIndex: URL? {
        publicIndexURL.flatMap { repositoryURLs.contains($0) ? $0 : nil }
    }

    /// Where a mode file's programs are looked up.
    var searchPath: String {
        childEnvironment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.systemPath
    }
}
