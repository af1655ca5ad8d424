import Foundation

/// The values a session takes and gives, as Apple's `TranslationSession` names them, and how a
/// `Locale.Language` becomes the BCP 47 tag the engine plans with.
extension TranslationSession {
    /// One text to translate, with an identifier that comes back on its response.
    public struct Request: Sendable, Hashable {
        public var sourceText: String
        public var clientIdentifier: String?
        /// The text as segments with kept spans, when it has some: `sourceText` is then its
        /// `string`. Its spans come back byte for byte in the response's `spannedTargetText`.
        public var spannedText: SpannedText?
        /// How `sourceText` is written: `.html` translates it as one document.
        public var format: TextFormat
        /// The text with its attributes, as Apple's iOS 26.4 request has it: setting it sets
        /// `sourceText` and makes its `skipsTranslation` runs kept spans.
        public var attributedSourceText: AttributedString? {
            didSet { if let attributedSourceText { adopt(attributedSourceText) } }
        }

        public init(sourceText: String, clientIdentifier: String? = nil, format: TextFormat = .text) {
            self.sourceText = sourceText
            self.clientIdentifier = clientIdentifier
            self.format = format
        }

        /// A text with kept spans (markup, names, do-not-translate runs).
        public init(spannedText: SpannedText, clientIdentifier: String? = nil) {
            self.sourceText = spannedText.string
            self.clientIdentifier = clientIdentifier
            self.spannedText = spannedText
            self.format = .text
        }

        /// An attributed text (Apple's iOS 26.4 initializer): runs marked `skipsTranslation`
        /// come back untouched, the rest is translated.
        public init(sourceText: AttributedString, clientIdentifier: String? = nil) {
            self.sourceText = ""
            self.clientIdentifier = clientIdentifier
            self.format = .text
            self.attributedSourceText = sourceText
            adopt(sourceText)
        }

        /// `sourceText` and `spannedText` from an attributed text.
        private mutating func adopt(_ attributed: AttributedString) {
            sourceText = String(attributed.characters)
            spannedText = AttributedSpans(attributed).spannedText
            format = .text
        }
    }

    /// A translation, with the route it took.
    public struct Response: Sendable, Hashable {
        public let sourceLanguage: Locale.Language
        public let targetLanguage: Locale.Language
        public let sourceText: String
        public let targetText: String
        public let clientIdentifier: String?
        /// The languages the text went through, source first: ["fr", "es", "en"] for a chain.
        public let route: [String]
        /// Words the engine did not know and left as they were, in order, each once.
        public let unknownWords: [String]
        /// Apertium's mark of each word of `unknownWords` its generator did not mark `*`: `#`
        /// for a word it could not inflect, `@` for one the bilingual dictionary lacks.
        public let unknownWordMarks: [String: Character]
        /// Each leg of `route` with the engine and pack that ran it: `route` says where the
        /// text went, `legs` how.
        public let legs: [Leg]
        /// Whether the translation came from the translation memory (the same text, route and
        /// pack versions translated before) instead of a pipeline or worker.
        public let isRemembered: Bool
        /// The translation as segments, every kept span of the request (its own, and the
        /// glossary's terms) back byte for byte; nil when the text had none.
        public let spannedTargetText: SpannedText?
        /// The request's attributed text, for a request made from one (Apple's iOS 26.4 member).
        public internal(set) var attributedSourceText: AttributedString?
        /// The translation with attributes, for a request made from an attributed text: marked
        /// runs back as they were, each with its attributes; the translated text with those its
        /// stretch carried alike (docs/decisions/structured-text.md).
        public internal(set) var attributedTargetText: AttributedString?

        /// A response, as previews and tests make one; `route` defaults to source then target.
        public init(sourceLanguage: Locale.Language, targetLanguage: Locale.Language, sourceText: String, targetText: String,
                    clientIdentifier: String? = nil, route: [String]? = nil, unknownWords: [String] = [], unknownWordMarks: [String: Character] = [:], legs: [Leg] = [],
                    isRemembered: Bool = false, spannedTargetText: SpannedText? = nil) {
            self.sourceLanguage = sourceLanguage
            self.targetLanguage = targetLanguage
            self.sourceText = sourceText
            self.targetText = targetText
            self.clientIdentifier = clientIdentifier
            self.route = route ?? [TranslationSession.tag(of: sourceLanguage), TranslationSession.tag(of: targetLanguage)]
            self.unknownWords = unknownWords
            self.unknownWordMarks = unknownWordMarks
            self.legs = legs
            self.isRemembered = isRemembered
            self.spannedTargetText = spannedTargetText
        }

        /// A response with formatted text, as Apple's iOS 26.4 initializer makes one for previews.
        public init(sourceLanguage: Locale.Language, targetLanguage: Locale.Language, sourceAttributedText: AttributedString,
                    targetAttributedText: AttributedString, clientIdentifier: String? = nil) {
            self.init(sourceLanguage: sourceLanguage, targetLanguage: targetLanguage, sourceText: String(sourceAttributedText.characters),
                      targetText: String(targetAttributedText.characters), clientIdentifier: clientIdentifier)
            self.attributedSourceText = sourceAttributedText
            self.attributedTargetText = targetAttributedText
        }
    }

    /// The responses of `translate(batch:)`, each as soon as it is ready: `for try await`.
    public struct BatchResponse: AsyncSequence, Sendable {
        public typealias Element = Response
        let stream: AsyncThrowingStream<Response, Error>

        public struct AsyncIterator: AsyncIteratorProtocol {
            var base: AsyncThrowingStream<Response, Error>.Iterator

            public mutating func next() async throws -> Response? {
                try await base.next()
            }
        }

        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(base: stream.makeAsyncIterator())
        }
    }

    /// One leg of a response's route.
    public struct Leg: Sendable, Hashable {
        public var source: String
        public var target: String
        /// The engine that translated this leg.
        public var engine: PackEngine
        /// The pack whose pipeline or model ran it.
        public var pack: String

        public init(source: String, target: String, engine: PackEngine, pack: String) {
            self.source = source
            self.target = target
            self.engine = engine
            self.pack = pack
        }
    }

    /// "pt-BR" for Portuguese (Brazil), "zh-Hant-TW": the script and region given explicitly
    /// are kept (Locale.Language itself keeps no variant: `ca-ES-valencia` arrives as `ca-ES`;
    /// the tag initializers keep it).
    static func tag(of language: Locale.Language) -> String {
        var tag = language.languageCode?.identifier ?? "und"
        if let script = explicitScript(of: language) { tag += "-" + script }
        if let region = language.region?.identifier { tag += "-" + region }
        return LanguageTag.canonical(tag)
    }

    /// The script the language was made with, if one was named (`zh-Hans`, `sr-Latn`).
    /// `Locale.Language.script` answers the likely script of any language (`Latn` for `es`), so
    /// the stored components are read; where they cannot be, a script is kept only when it is
    /// not the language's likely one.
    static func explicitScript(of language: Locale.Language) -> String? {
        if let components = Mirror(reflecting: language).children.first(where: { $0.label == "components" })?.value,
           let stored = Mirror(reflecting: components).children.first(where: { $0.label == "script" }) {
            return (stored.value as? Locale.Script)?.identifier
        }
        guard let script = language.script, let code = language.languageCode else { return nil }
        return Locale.Language(identifier: code.identifier).script == script ? nil : script.identifier
    }
}
