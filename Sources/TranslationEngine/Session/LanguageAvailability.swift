import Foundation

/// Which languages can be translated offline here, with the names of Apple's `LanguageAvailability`.
public struct LanguageAvailability: Sendable {
    /// The answer for one pair.
    public enum Status: String, Sendable, Equatable {
        /// Every pack on the route is on disk.
        case installed
        /// A route exists with packs from the repository.
        case supported
        /// No route exists.
        case unsupported
    }

    private let availability: Availability

    /// Availability over the packs on this machine and in the repository (as last known).
    public init() {
        self.init(catalog: .load())
    }

    /// Availability over a catalog, counting the routes `engine` allows.
    public init(catalog: PackCatalog, engine: EnginePreference = .auto) {
        availability = Availability(packs: catalog.packInfos, engine: engine)
    }

    init(pairs: InstalledPairs) {
        availability = Availability(packs: pairs.packs)
    }

    /// Every BCP 47 tag some route reads or writes (variants such as `ca-valencia` kept).
    public var supportedLanguageTags: [String] {
        availability.supportedLanguages
    }

    /// Every language some route reads or writes.
    public var supportedLanguages: [Locale.Language] {
        availability.supportedLanguages.map(Locale.Language.init(identifier:))
    }

    /// The status of translating `source` into `target` (nil: the user's preferred language).
    public func status(from source: Locale.Language, to target: Locale.Language?) -> Status {
        status(fromTag: TranslationSession.tag(of: source), toTag: target.map(TranslationSession.tag(of:)) ?? PreferredLanguage.fromEnvironment())
    }

    /// The status of translating `text` (its language detected) into `target`; unsupported when undetermined.
    public func status(for text: String, to target: Locale.Language?) -> Status {
        let guess = LanguageRecognizer().recognize(text)
        guard !guess.isUndetermined else { return .unsupported }
        return status(fromTag: guess.tag, toTag: target.map(TranslationSession.tag(of:)) ?? PreferredLanguage.fromEnvironment())
    }

    /// The status between BCP 47 tags, which keeps variants such as `ca-valencia`.
    public func status(fromTag source: String, toTag target: String) -> Status {
        switch availability.status(from: source, to: target) {
        case .installed: return .installed
        case .supported: return .supported
        case .unsupported: return .unsupported
        }
    }
}
