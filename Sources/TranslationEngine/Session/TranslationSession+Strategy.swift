import Foundation
import TextSafety

extension TranslationSession {
    /// Which models a session prefers, with the names of Apple's iOS 26.4 strategies.
    ///
    /// Here the choice is between the engines a route's legs run on: `highFidelity` prefers
    /// neural models (more fluent), `lowLatency` Apertium's pipelines (fast once warm, small in
    /// memory). Either is a preference among routes, never a limit: a pair only the other engine
    /// translates is still translated, as Apple's strategy falls back to the other models.
    /// Routes over packs on disk still come before downloads, the fewest legs before more, and
    /// the translation memory is asked first whatever the strategy.
    public struct Strategy: Sendable, Hashable, CustomStringConvertible {
        /// How the route planner ranks routes for this strategy (not in Apple's API: hosts that
        /// plan routes themselves, as `availability` does for remote servers, use it).
        public let ranking: RouteRanking

        /// Apertium's pipelines where a route of them exists (neural models where none does).
        public static let lowLatency = Strategy(ranking: .apertiumFirst)
        /// Neural models where one is installed or reachable (Apertium's pipelines where none
        /// is): the default, as Apple's for apps built with the iOS 26.4 SDK.
        public static let highFidelity = Strategy(ranking: .neuralFirst)

        /// The strategy's name as the command line and the server spell it.
        public var description: String {
            ranking == .apertiumFirst ? "low-latency" : "high-fidelity"
        }

        /// The strategy a name (`low-latency`, `high-fidelity`, or Apple's `lowLatency` and
        /// `highFidelity`, any case) stands for; nil for any other.
        public init?(name: String) {
            switch name.lowercased() {
            case "low-latency", "lowlatency": self = .lowLatency
            case "high-fidelity", "highfidelity": self = .highFidelity
            default: return nil
            }
        }

        /// The strategy `name` stands for, as `init?(name:)`, refusing any other name in one line:
        /// the one parser of the command line's `--strategy` and the server's `strategy` parameter.
        public init(parsing name: String) throws(UnknownName) {
            guard let strategy = Strategy(name: name) else { throw UnknownName(name: name) }
            self = strategy
        }

        /// A name that is no strategy's.
        public struct UnknownName: Error, CustomStringConvertible, Sendable {
            /// The name as it was given.
            public let name: String

            /// "'fast' is not a strategy (low-latency or high-fidelity)", the name escaped.
            public var description: String {
                "\(EscapedText.singleQuoted(name)) is not a strategy (\(Strategy.lowLatency) or \(Strategy.highFidelity))"
            }
        }

        private init(ranking: RouteRanking) {
            self.ranking = ranking
        }
    }

    /// The strategy the session was made with (`highFidelity` unless one was given).
    public nonisolated var preferredStrategy: Strategy {
        context.strategy
    }

    /// A session between languages already installed, as Apple's iOS 26.4 initializer: it never
    /// asks to download; `preferredStrategy` chooses among the installed routes.
    public init(installedSource source: Locale.Language, target: Locale.Language?, preferredStrategy: Strategy,
                in engine: Engine = .default) {
        var context = Context(catalog: nil, consent: nil, manager: engine.packs, engine: .auto, memory: engine.memory, in: engine)
        context.strategy = preferredStrategy
        self.init(sourceTag: Self.tag(of: source), targetTag: target.map(Self.tag(of:)), context: context)
    }
}

extension TranslationSession.Configuration {
    /// A configuration with a strategy, as Apple's iOS 26.4 initializer (no default strategy:
    /// `init(source:target:)` gives `highFidelity`).
    public init(source: Locale.Language? = nil, target: Locale.Language? = nil, preferredStrategy: TranslationSession.Strategy) {
        self.init(source: source, target: target)
        self.preferredStrategy = preferredStrategy
    }
}
