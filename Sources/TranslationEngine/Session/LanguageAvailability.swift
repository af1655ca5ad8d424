import Foundation
import Synchronization

/// Which languages can be translated offline here, with the names and semantics of Apple's
/// `LanguageAvailability`: asynchronous answers about the current state of the packs.
///
/// An instance kept across an install answers as a new one would: the store is read again
/// whenever it changed since the last answer. The asynchronous answers are as true as a
/// download: an http repository whose index was never fetched (or not for an hour) is asked
/// first (the public index within `PackRepository.publicIndexTimeout`, the others within their
/// download limits), never when offline, so a pair one
/// download away is `supported` the first time. `catalogStatus(fromTag:toTag:)` answers from
/// what is known without asking, for drawing.
public final class LanguageAvailability: Sendable {
    /// The answer for one pair: `installed`, `supported` (a route needs a download) or
    /// `unsupported`, Routing's one status.
    public typealias Status = Availability.Status

    private struct State {
        var catalog: PackCatalog
        var availability: Availability
        var storeStamp: timespec?
        var remoteApplied = false
    }

    private let engine: EnginePreference
    /// The models availability is checked for, as Apple's iOS 26.4 property: the route a pair's
    /// status comes from is the one a session with this strategy takes.
    public let preferredStrategy: TranslationSession.Strategy
    /// The target of a nil `to:`, and how a text's language is told.
    private let preferredLanguage: String
    private let recognizer: LanguageRecognizer
    private let state: Mutex<State>
    /// Fetches the repositories' indexes before an answer that depends on them (nil: never).
    private let manager: PackManager?
    /// Whether the disk part is read again when the store changes (not for fixed pairs in tests).
    private let follows: Bool
    /// The engine's remote servers, whose pairs count once probed (nil: none).
    private let remotes: RemoteServers?

    /// Availability over the packs of `Engine.default` (on disk and in the repositories as last
    /// known), as Apple's initializer.
    public convenience init() {
        self.init(in: .default)
    }

    /// Availability over the packs of `Engine.default` for the routes a session with `strategy`
    /// takes, as Apple's iOS 26.4 initializer.
    public convenience init(preferredStrategy strategy: TranslationSession.Strategy) {
        self.init(in: .default, preferredStrategy: strategy)
    }

    /// Availability over an engine's packs, counting the routes `preference` allows and ranking
    /// them as a session with `strategy` does.
    public convenience init(in engine: Engine, engine preference: EnginePreference = .auto,
                            preferredStrategy strategy: TranslationSession.Strategy = .highFidelity) {
        self.init(catalog: engine.catalog(), engine: preference, strategy: strategy, preferredLanguage: engine.environment.preferredLanguage,
                  recognizer: engine.recognizer, manager: engine.packs, remotes: engine.remotes)
    }

    /// Availability over a catalog, counting the routes `engine` allows; a nil target is
    /// `preferredLanguage`.
    public convenience init(catalog: PackCatalog, engine: EnginePreference = .auto, preferredLanguage: String = "en",
                recognizer: LanguageRecognizer = LanguageRecognizer(secondOpinion: nil), manager: PackManager? = nil) {
        self.init(catalog: catalog, engine: engine, strategy: .highFidelity, preferredLanguage: preferredLanguage, recognizer: recognizer,
                  manager: manager, remotes: nil)
    }

    private init(catalog: PackCatalog, engine: EnginePreference, strategy: TranslationSession.Strategy, preferredLanguage: String,
                 recognizer: LanguageRecognizer, manager: PackManager?, remotes: RemoteServers?) {
        self.engine = engine
        preferredStrategy = strategy
        self.manager = manager
        self.remotes = remotes
        self.preferredLanguage = preferredLanguage
        self.recognizer = recognizer
        follows = true
        state = Mutex(State(catalog: catalog, availability: Availability(packs: catalog.packInfos, engine: engine, ranking: preferredStrategy.ranking),
                            storeStamp: Self.stamp(of: catalog.store)))
    }

    init(pairs: InstalledPairs) {
        engine = .auto
        preferredStrategy = .highFidelity
        preferredLanguage = "en"
        recognizer = LanguageRecognizer(secondOpinion: nil)
        manager = nil
        remotes = nil
        follows = false
        let catalog = PackCatalog(store: PackStore(root: "/nonexistent"), repositoryURL: nil, repository: nil, pairs: pairs)
        state = Mutex(State(catalog: catalog, availability: Availability(packs: pairs.packs), storeStamp: nil))
    }

    /// Every language some route reads or writes, each once, sorted by code.
    ///
    /// A language is a base language code: `en` and `en-US`, `pt` and `pt-BR`, `ca` and
    /// `ca-valencia` are one language each (given as its bare code, `en`), while `nb` and `nn`,
    /// or `hbs` and its members `hr`, `sr` and `bs`, have codes of their own and stay apart. A
    /// region or variant is how a route writes the language, not another language;
    /// `supportedLanguageTags` keeps them.
    public var supportedLanguages: [Locale.Language] {
        get async {
            await applyRemotes()
            _ = await refreshIndexes()
            var seen: Set<String> = []
            return current().supportedLanguages.map(LanguageTag.base).filter { seen.insert($0).inserted }
                .map { Locale.Language(identifier: $0) }
        }
    }

    /// The status of translating `source` into `target` (nil: the user's preferred language).
    public func status(from source: Locale.Language, to target: Locale.Language?) async -> Status {
        await status(fromTag: TranslationSession.tag(of: source), toTag: target.map(TranslationSession.tag(of:)) ?? preferredLanguage)
    }

    /// The status of translating `text` (its language detected) into `target`.
    ///
    /// - Throws: `TranslationError.unableToIdentifyLanguage` when the text's language cannot be
    ///   told with reliability (gibberish, digits, emoji, a word too short, or ambiguous), as
    ///   Apple's does, rather than answer for a hint.
    public func status(for text: String, to target: Locale.Language?) async throws -> Status {
        guard let source = recognizer.recognize(text).reliableTag else { throw TranslationError.unableToIdentifyLanguage }
        return await status(fromTag: source, toTag: target.map(TranslationSession.tag(of:)) ?? preferredLanguage)
    }

    /// Every BCP 47 tag some route reads or writes (variants such as `ca-valencia` kept).
    public var supportedLanguageTags: [String] {
        current().supportedLanguages
    }

    /// The status between BCP 47 tags, which keeps variants such as `ca-valencia`; the
    /// repositories' indexes are fetched first when no fresh copy is known.
    public func status(fromTag source: String, toTag target: String) async -> Status {
        await applyRemotes()
        let known = catalogStatus(fromTag: source, toTag: target)
        guard known != .installed else { return known }
        return await refreshIndexes() ? catalogStatus(fromTag: source, toTag: target) : known
    }

    /// The status from the packs on disk and the indexes as last fetched, without asking any
    /// repository: for drawing, where an answer must not wait on the network.
    public func catalogStatus(fromTag source: String, toTag target: String) -> Status {
        current().status(from: LanguageTag.canonical(source), to: LanguageTag.canonical(target))
    }

    /// Fetches stale indexes (see `PackManager.refreshIndexes`) and, when one came, reads the
    /// catalog again; returns whether it did.
    private func refreshIndexes() async -> Bool {
        guard let manager, await manager.refreshIndexes() else { return false }
        let catalog = manager.catalog()
        state.withLock { state in
            state.catalog = catalog.with(remote: state.catalog.remote)
            state.availability = Availability(packs: catalog.packInfos, engine: engine, ranking: preferredStrategy.ranking)
            state.storeStamp = Self.stamp(of: catalog.store)
        }
        return true
    }

    /// The availability of the current packs: read again when the store's folder changed (an
    /// install or removal renames a pack folder in or out of it).
    private func current() -> Availability {
        state.withLock { state in
            guard follows else { return state.availability }
            let stamp = Self.stamp(of: state.catalog.store)
            if stamp?.tv_sec != state.storeStamp?.tv_sec || stamp?.tv_nsec != state.storeStamp?.tv_nsec {
                state.catalog = state.catalog.rescanned()
                state.availability = Availability(packs: state.catalog.packInfos, engine: engine, ranking: preferredStrategy.ranking)
                state.storeStamp = stamp
            }
            return state.availability
        }
    }

    /// Adds the remote servers' pairs, once they are probed (the first call waits for that).
    private func applyRemotes() async {
        guard let remotes, !state.withLock({ $0.remoteApplied }) else { return }
        let packs = await remotes.packs()
        state.withLock { state in
            guard !state.remoteApplied else { return }
            state.remoteApplied = true
            state.catalog = state.catalog.with(remote: packs)
            state.availability = Availability(packs: state.catalog.packInfos, engine: engine, ranking: preferredStrategy.ranking)
        }
    }

    private static func stamp(of store: PackStore) -> timespec? {
        var status = stat()
        guard stat(store.root, &status) == 0 else { return nil }
        return status.st_mtim
    }
}
