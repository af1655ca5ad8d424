import Foundation

extension TranslationSession {
    /// What a screen asks to be translated, as Apple's `translationTask` takes it: a changed
    /// configuration (new languages, or `invalidate()` bumping `version`) means "translate again".
    public struct Configuration: Sendable, Hashable {
        /// The language of the texts, or nil to detect it.
        public var sourceTag: String?
        /// The language to translate into, or nil for the user's preferred language.
        public var targetTag: String?
        /// Which engines routes may use (`auto`: the planner chooses per leg).
        public var engine: EnginePreference = .auto
        /// Bumped by `invalidate()`.
        public private(set) var version = 0

        public init(source: Locale.Language? = nil, target: Locale.Language? = nil) {
            sourceTag = source.map(TranslationSession.tag(of:))
            targetTag = target.map(TranslationSession.tag(of:))
        }

        public init(sourceTag: String?, targetTag: String?) {
            self.sourceTag = sourceTag
            self.targetTag = targetTag
        }

        /// Asks for the translation to run again with the same languages.
        public mutating func invalidate() {
            version += 1
        }
    }

    /// A session for a configuration.
    public init(configuration: Configuration) {
        self.init(sourceTag: configuration.sourceTag, targetTag: configuration.targetTag, engine: configuration.engine)
    }
}
