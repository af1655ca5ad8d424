import Foundation
import Synchronization
import TranslationEngine

/// What both APIs translate with: one engine (warm pipelines and workers, the memory), the
/// languages its installed packs serve, one batch translator per target language, and a bound
/// on the texts waiting (a full queue refuses, it never grows).
public final class TranslationService: Sendable {
    public let engine: Engine
    /// Each served source language's reachable targets through installed packs, sorted.
    public let targets: [String: [String]]
    /// The installed packs it translates with, by engine: `apertium: [eng-spa, fr-es]`.
    public let packs: [PackEngine: [String]]
    /// Texts accepted and not answered yet, at most.
    public let queueLimit: Int
    /// The pairs APy would list: the directions the installed packs ship.
    let apyPairs: ApyPairs
    /// Whether APy's /listPairs adds the routes through a third language (`serve --apy-pivots`).
    public let apyListsPivots: Bool
    /// What APy's /stats reports: uptime, use counts and timings of APy translations.
    let apyStats = ApyStats()
    private let recognizer: LanguageRecognizer
    private let translators = Mutex<[TranslatorKey: BatchTranslator]>([:])
    /// One session per neural leg asked for alternatives, kept like the translators: a session
    /// reads the catalog when it is made, which an array of texts should not pay for each time.
    private let nBestSessions = Mutex<[TranslationSession.Leg: TranslationSession]>([:])
    private let queued = Mutex(0)
    /// Terms every translation keeps; nil: the engine environment's.
    let glossary: Glossary?

    public init(engine: Engine, queueLimit: Int = 4096, apyListsPivots: Bool = false, glossary: Glossary? = nil) {
        self.engine = engine
        self.glossary = glossary
        self.queueLimit = queueLimit
        self.apyListsPivots = apyListsPivots
        recognizer = engine.recognizer
        let catalog = engine.catalog()
        targets = Self.servedTargets(catalog)
        apyPairs = ApyPairs(catalog.installedDirections)
        packs = Dictionary(grouping: catalog.installedDirections, by: \.engine).mapValues { Set($0.map(\.pack)).sorted() }
    }

    /// Every language served, as a source or a target, sorted.
    public var languages: [String] {
        Set(targets.keys).union(targets.values.joined()).sorted()
    }

    /// Whether `target` is reachable from `source` with installed packs alone.
    public func serves(from source: String, to target: String) -> Bool {
        targets[source]?.contains(target) ?? false
    }

    /// The language of `text` as the engine's recognizer tells it.
    public func detect(_ text: String) -> LanguageGuess {
        recognizer.recognize(text)
    }

    /// The language of an HTML document: of the text its deformatter leaves, markup aside (the
    /// document as it is when it cannot be read).
    public func detect(document html: String) async -> LanguageGuess {
        let path = engine.environment.childEnvironment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? EngineEnvironment.systemPath
        guard let format = try? HTMLFormat(searchPath: path, environment: engine.environment.childEnvironment),
              let document = try? await format.spannedText(of: html) else { return recognizer.recognize(html) }
        return recognizer.recognize(document.translatableText)
    }

    /// Takes `count` texts into the queue; false (nothing taken) when they do not fit.
    public func admit(_ count: Int) -> Bool {
        queued.withLock { queued in
            guard queued + count <= queueLimit else { return false }
            queued += count
            return true
        }
    }

    /// Texts accepted and not answered yet.
    public var queuedTexts: Int { queued.withLock { $0 } }

    /// Gives back what `admit` took.
    public func release(_ count: Int) {
        queued.withLock { $0 -= count }
    }

    /// Translates `texts` (each with its source language) into `target`, outcomes in input
    /// order, on the routes `strategy` prefers; never downloads.
    public func translate(_ texts: [BatchTranslator.Text], to target: String,
                          strategy: TranslationSession.Strategy = .highFidelity) async -> [BatchTranslator.Outcome] {
        await translator(to: target, strategy: strategy).translations(of: texts).map(\.outcome)
    }

    /// Up to `count` other translations of a text this service translated (`response`), best
    /// first and none equal to it: a neural model's n-best list (see
    /// `TranslationSession.alternatives(of:count:)`). Empty for a route of a rule-based pair or
    /// of more than one leg, which has none; such a route costs nothing more.
    public func alternatives(to response: TranslationSession.Response, count: Int) async throws -> [String] {
        guard count > 0, response.legs.count == 1, let leg = response.legs.first, leg.engine == .neural else { return [] }
        let session = nBestSessions.withLock { sessions in
            if let made = sessions[leg] { return made }
            let made = TranslationSession(sourceTag: leg.source, targetTag: leg.target, consent: nil, manager: nil, in: engine)
            sessions[leg] = made
            return made
        }
        return try await session.alternatives(of: response.sourceText, count: count).filter { $0 != response.targetText }
    }

    /// What a kept translator translates into, and how it chooses routes.
    private struct TranslatorKey: Hashable {
        let target: String
        let strategy: TranslationSession.Strategy
    }

    private func translator(to target: String, strategy: TranslationSession.Strategy) -> BatchTranslator {
        translators.withLock { translators in
            let key = TranslatorKey(target: target, strategy: strategy)
            if let made = translators[key] { return made }
            // No consent handler: a pack that is not installed fails as notInstalled.
            let made = BatchTranslator(to: target, in: engine, strategy: strategy, consent: nil, memory: engine.memory, glossary: glossary)
            translators[key] = made
            return made
        }
    }

    /// Sources and their targets whose whole route runs on packs on disk. Only languages and
    /// language-region tags (`en`, `pt-BR`): the APIs' clients name languages by such codes,
    /// and a variant (`ca-valencia`) has no LibreTranslate code and no one Apertium code.
    static func servedTargets(_ catalog: PackCatalog) -> [String: [String]] {
        let installed = catalog.installedDirections
        let installedPacks = Set(installed.map(\.pack))
        let planner = catalog.routePlanner()
        let tags = Set(installed.flatMap { [$0.source, $0.target] }).filter(isPlainTag)
        var served: [String: [String]] = [:]
        for source in Set(installed.map(\.source)) where isPlainTag(source) {
            let reachable = tags.filter { target in
                guard target != source, let route = planner.route(from: source, to: target) else { return false }
                return route.allSatisfy { installedPacks.contains($0.pack) }
            }
            if !reachable.isEmpty { served[source] = reachable.sorted() }
        }
        return served
    }
}

/// A language, or a language and a region: `es`, `pt-BR`.
func isPlainTag(_ tag: String) -> Bool {
    let subtags = tag.split(separator: "-")
    return subtags.count == 1 || (subtags.count == 2 && subtags[1].count == 2 && subtags[1].allSatisfy(\.isUppercase))
}

extension TranslationError {
    /// The HTTP status a failed text gives its request: 400 when the request asked for what is
    /// not served, 500 when the engine failed.
    var httpStatus: Int {
        switch self {
        case .unsupportedLanguagePairing, .unsupportedSourceLanguage, .unsupportedTargetLanguage, .notInstalled,
             .unableToIdentifyLanguage, .nothingToTranslate:
            400
        default: 500
        }
    }
}
