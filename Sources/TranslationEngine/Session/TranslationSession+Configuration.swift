import Foundation

extension TranslationSession {
    /// What a screen asks to be translated, as Apple's `translationTask` takes it: a changed
    /// configuration (new languages, or `invalidate()` bumping `version`) means "translate again".
    public struct Configuration: Sendable, Hashable {
        /// The language of the texts, or nil to detect it.
        public var sourceTag: String?
        /// The language to translate into, or nil for the user's preferred language.
        public var targetTag: String?

        /// The language of the texts, or nil to detect it (Apple's name; its tag is `sourceTag`).
        public var source: Locale.Language? {
            get { sourceTag.map(Locale.Language.init(identifier:)) }
            set { sourceTag = newValue.map(TranslationSession.tag(of:)) }
        }

        /// The language to translate into, or nil for the user's preferred language.
        public var target: Locale.Language? {
            get { targetTag.map(Locale.Language.init(identifier:)) }
            set { targetTag = newValue.map(TranslationSession.tag(of:)) }
        }
        /// Which engines routes may use (`auto`: the planner chooses per leg).
        public var engine: EnginePreference = .auto
        /// Which models the session prefers where both engines translate the pair, as Apple's
        /// iOS 26.4 property (see `TranslationSession.Strategy`).
        public var preferredStrategy: TranslationSession.Strategy = .highFidelity
        /// Bumped by `invalidate()`.
        public private(set) var version = 0
        /// Whether the session answers texts translated before from its engine's memory (and
        /// remembers new ones); false translates every text afresh.
        public var remembersTranslations = true

        public init(source: Locale.Language? = nil, target: Locale.Language? = nil) {
            sourceTag = source.map(TranslationSession.tag(of:))
            targetTag = target.map(TranslationSession.tag(of:))
        }

        /// Tags in any case; they are kept in canonical case (`ES` is `es`).
        public init(sourceTag: String?, targetTag: String?) {
            self.sourceTag = sourceTag.map(LanguageTag.canonical)
            self.targetTag = targetTag.map(LanguageTag.canonical)
        }

        /// Asks for the translation to run again with the same languages.
        public mutating func invalidate() {
            version += 1
        }
    }

    /// A session for a configuration of `engine` (by default `Engine.default`); it asks for
    /// missing packs through the engine's consent handler, as Apple's session asks the person.
    public init(configuration: Configuration, in engine: Engine = .default) {
        var context = Context(catalog: nil, consent: engine.consentHandler, manager: engine.packs, engine: configuration.engine,
                              memory: configuration.remembersTranslations ? engine.memory : nil, in: engine)
        context.strategy = configuration.preferredStrategy
        self.init(sourceTag: configuration.sourceTag, targetTag: configuration.targetTag, context: context)
    }
}
