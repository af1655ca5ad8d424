/// The constructors that read an `EngineEnvironment` or the default `Engine`: they live with the
/// engine, so the layers below take plain values and never the environment itself.
extension PackCatalog {
    /// The catalog of an environment's store, data roots and repositories.
    public static func load(_ environment: EngineEnvironment) -> PackCatalog {
        load(store: environment.store, repositoryURLs: environment.repositoryURLs, pairRoots: environment.pairDataRoots)
    }
}

extension PackManager {
    /// The manager of an environment's store, repositories and data roots.
    public init(environment: EngineEnvironment) {
        self.init(store: environment.store, repositoryURLs: environment.repositoryURLs, offline: environment.offline,
                  limits: environment.downloadLimits, publicIndexURL: environment.publicIndexURL, pairRoots: environment.pairDataRoots)
    }
}

extension LanguageRecognizer {
    /// A recognizer with the default engine's second opinion (`Engine.default.secondOpinion`):
    /// Apple's `NLLanguageRecognizer()` takes no engine, so neither does this; within the engine
    /// only the Apple-shaped `dominantLanguage(for:)` calls it (the rest asks an engine for its
    /// `recognizer`).
    public init() {
        secondOpinion = Engine.default.secondOpinion
    }
}
