import Foundation
import Synchronization

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
        /// Bumped by `invalidate()`.
        public private(set) var version = 0
        /// Whether the session answers texts translated before from `TranslationSession.defaultMemory`
        /// (and remembers new ones); false translates every text afresh.
        public var remembersTranslations = true

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

    /// A session for a configuration; it asks for missing packs through
    /// `TranslationSession.defaultConsentHandler`, as Apple's session asks the person.
    public init(configuration: Configuration) {
        self.init(sourceTag: configuration.sourceTag, targetTag: configuration.targetTag, engine: configuration.engine,
                  memory: configuration.remembersTranslations ? TranslationSession.defaultMemory : nil)
    }
}

extension TranslationSession {
    private static let consentHandler = Mutex<(any ConsentHandler)?>(nil)

    /// How every session that is not given a handler asks before downloading packs: sessions
    /// made from a `Configuration`, from `init(source:target:)` or from tags. Apple's sessions
    /// ask the person in a sheet; on Linux the host says here how: the app sets its modal
    /// dialog, the CLI a prompt or `--yes`; nil (the default) refuses, and a missing pack then
    /// throws `notInstalled` naming the command that installs it. Read when a session is made.
    public static var defaultConsentHandler: (any ConsentHandler)? {
        get { consentHandler.withLock { $0 } }
        set { consentHandler.withLock { $0 = newValue } }
    }
}
