import Foundation

extension TranslationSession {
    /// Everything a session is made with besides its languages: the catalog it plans over, the
    /// pool its legs run on, how it asks for packs and where it remembers. The initialisers
    /// below only say where each part comes from: an engine, or a test's own pool and catalog.
    struct Context: Sendable {
        /// The catalog to plan over; nil: read when the session is made (from `manager`, else
        /// from `runtime`), so a context can make many sessions each over the disk as it is then.
        var catalog: PackCatalog?
        var pool: PipelinePool
        /// Asked before packs are downloaded; nil: a missing pack throws `notInstalled`.
        var consent: (any ConsentHandler)?
        /// Fetches the index and downloads; nil: only the catalog as read.
        var manager: PackManager?
        var engine: EnginePreference = .auto
        /// Which engine's routes win where both translate (`Configuration.preferredStrategy`).
        var strategy: Strategy = .highFidelity
        var memory: TranslationMemory?
        var recognizer: LanguageRecognizer
        /// The target of a session made without one.
        var preferredLanguage: String
        /// The engine the parts come from (nil for tests' sessions over a pool of their own).
        var runtime: Engine?
        /// Terms every text keeps (`Glossary.marking`); nil: none.
        var glossary: Glossary?

        /// `engine`'s pool, recognizer and preferred language, with the rest as given.
        init(catalog: PackCatalog?, consent: (any ConsentHandler)?, manager: PackManager?, engine preference: EnginePreference,
             memory: TranslationMemory?, in engine: Engine) {
            self.init(catalog: catalog, pool: engine.pool, consent: consent, manager: manager, engine: preference, memory: memory,
                      recognizer: engine.recognizer, preferredLanguage: engine.environment.preferredLanguage, runtime: engine)
            glossary = engine.environment.glossary
        }

        init(catalog: PackCatalog?, pool: PipelinePool, consent: (any ConsentHandler)?, manager: PackManager?,
             engine: EnginePreference = .auto, memory: TranslationMemory? = nil, recognizer: LanguageRecognizer,
             preferredLanguage: String, runtime: Engine? = nil) {
            self.catalog = catalog
            self.pool = pool
            self.consent = consent
            self.manager = manager
            self.engine = engine
            self.memory = memory
            self.recognizer = recognizer
            self.preferredLanguage = preferredLanguage
            self.runtime = runtime
        }

        /// `catalog`, else the disk as it is now.
        func currentCatalog() -> PackCatalog {
            if let catalog { return catalog }
            if let catalog = manager?.catalog() ?? runtime?.catalog() { return catalog }
            // Neither: nothing installed, nothing to fetch (every initialiser gives one of the three).
            return PackCatalog(store: PackStore(root: "/nonexistent"), repositoryURL: nil, repository: nil,
                               pairs: InstalledPairs.scan(roots: []))
        }
    }

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
        self.init(sourceTag: sourceTag, targetTag: targetTag,
                  context: Context(catalog: nil, consent: consent, manager: manager, engine: preference, memory: memory, in: engine))
    }

    /// A session over a catalog the caller already read (several sessions made at once, one
    /// per language of a batch, need not each scan the disk and parse the index).
    public init(sourceTag: String?, targetTag: String?, catalog: PackCatalog, consent: (any ConsentHandler)?, manager: PackManager?,
                engine preference: EnginePreference = .auto, memory: TranslationMemory? = nil, in engine: Engine = .default) {
        self.init(sourceTag: sourceTag, targetTag: targetTag,
                  context: Context(catalog: catalog, consent: consent, manager: manager, engine: preference, memory: memory, in: engine))
    }

    /// Tests' sessions over installed pairs alone: a pool of their own, CLD2 alone for
    /// detection, no consent, no manager, and no memory unless the test passes one.
    init(sourceTag: String?, targetTag: String?, pairs: InstalledPairs, pool: PipelinePool, memory: TranslationMemory? = nil) {
        self.init(sourceTag: sourceTag, targetTag: targetTag,
                  catalog: PackCatalog(store: PackStore(root: "/nonexistent"), repositoryURL: nil, repository: nil, pairs: pairs),
                  pool: pool, consent: nil, manager: nil, memory: memory)
    }

    /// Tests' sessions: a pool of their own, and no memory unless the test passes one; the
    /// recognizer is CLD2 alone unless the test passes another.
    init(sourceTag: String?, targetTag: String?, catalog: PackCatalog, pool: PipelinePool,
         consent: (any ConsentHandler)?, manager: PackManager?, engine: EnginePreference = .auto, memory: TranslationMemory? = nil,
         recognizer: LanguageRecognizer = LanguageRecognizer(secondOpinion: nil), preferredLanguage: String = "en", runtime: Engine? = nil) {
        self.init(sourceTag: sourceTag, targetTag: targetTag,
                  context: Context(catalog: catalog, pool: pool, consent: consent, manager: manager, engine: engine, memory: memory,
                                   recognizer: recognizer, preferredLanguage: preferredLanguage, runtime: runtime))
    }

    /// Stops every warm pipeline of the default engine (their stages are killed and reaped).
    public static func shutdownPipelines() async {
        await Engine.default.shutdown()
    }
}
