/// The confidence the main language needs by default, as ML Kit's: 0.5. Below it
/// `identifyLanguage(for:completion:)` answers `IdentifiedLanguage.undetermined`.
public let DefaultIdentifyLanguageConfidenceThreshold: Float = 0.5

/// The confidence a possible language needs by default, as ML Kit's: 0.01.
public let DefaultIdentifyPossibleLanguagesConfidenceThreshold: Float = 0.01

/// How sure a `LanguageIdentification` must be of a language to name it.
public final class LanguageIdentificationOptions: Sendable {
    /// The confidence a language needs, as given. A value outside 0...1 (or NaN) is not used:
    /// each call then takes its default, as ML Kit does with an invalid value.
    public let confidenceThreshold: Float

    /// Options whose identified languages have at least `confidenceThreshold`.
    public init(confidenceThreshold: Float) {
        self.confidenceThreshold = confidenceThreshold
    }

    /// The threshold to use: the one given when it is valid, else `fallback` (the call's default).
    func threshold(orDefault fallback: Float) -> Float {
        (0...1).contains(confidenceThreshold) ? confidenceThreshold : fallback
    }
}
